"""The app: window, the main loop and the scene stack (the command line is :mod:`game.shell.cli`).

One loop serves the window and every headless mode: :meth:`App.step` handles a
batch of events, advances time by ``dt`` and draws when something changed.
:meth:`App.run` calls it with real time (sleeping in SDL's own wait when
nothing moves, see :mod:`game.base.waiting`) or with a fixed ``dt`` for tests
and headless modes.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from pathlib import Path
from typing import Callable, Iterable, NoReturn

import pygame

from game.base.cardart import CardArt
from game.base.stamping import InputPump
from game.base.waiting import EventWait
from game.base.scene import SceneStack
from engine.games import COLLECTION_TITLE, DEFAULT_GAME, GameInfo, load, playable_games

from game.shell.saves import SaveStore
from game.shell.shelf import Shelf, migrate
from game.shell.session import GameSetup
from game.shell.settings import Settings
from game.shell.sound import Sounds
from game.shell.stats import Statistics
from game.shell.assets import asset_path
from game.shell.datafolder import open_data_dir
from game.shell.storage import describe_os_error
from game.base.text import Text
from game.base.retained import Canvas

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 600)
FPS = 60
MAX_DT = 0.25
IDLE_WAIT_MS = 500  # nothing moves: wake twice a second for timers (toasts), else sleep until input
REST_NAP_S = 0.04
"""At rest the loop sleeps in SDL's wait, which returns when input comes (:class:`EventWait`).  Where SDL can't
block (a controller open, a driver with no wait) it naps this long between looks at the input queue instead:
``pygame.event.wait`` looks every millisecond inside (2.5% of a core doing nothing); a look costs about 0.05-0.08 ms
of CPU under X11 (see :mod:`game.base.waiting`), so looking every 40 ms costs about 0.2% of a core, while the first
input after a second of rest waits 20 ms on average (then looks are 4 ms apart)."""
ACTIVE_NAP_S = 0.004
"""Napping: for a second after the player's last input the looks are this close, so menus answer at once."""
RACE_NAP_S = 0.002
"""A real-time table at rest (nothing can happen until a key) that naps: each key is stamped within 2 ms."""
RACE_WAIT_S = 0.2
"""A resting real-time table still steps this often: its clock keeps wall time (a step's ``dt`` is capped at
``MAX_DT``), so a reaction timed at rest is timed right."""
ACTIVE_S = 1.0
PLAYER_INPUT = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.TEXTINPUT, pygame.JOYBUTTONDOWN, pygame.JOYAXISMOTION,
                          pygame.JOYHATMOTION, pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION,
                          pygame.FINGERDOWN, pygame.FINGERMOTION})
"""What the player does (window and system events are not the player being active)."""


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, data_dir: Path | None = None, seed: int | None = None,
                 resizable: bool = True) -> None:
        moved = None
        if data_dir:
            self.data_dir = Path(data_dir)
        else:
            self.data_dir, moved = open_data_dir()  # the folder of the collection's old name moves on the first start
        self.resizable = resizable
        self.window_size = size  # the windowed size to come back to from fullscreen
        self.settings, problem = Settings.load(self.data_dir)
        self.fullscreen = bool(self.settings.fullscreen and resizable)  # the mode this app last set (not asked back)
        self.mode_changes = 0  # set_mode calls after the first (a test counts them: F11 toggles once)
        if self.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if resizable else 0)
        pygame.display.set_caption(COLLECTION_TITLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        self.rng = random.Random(seed)
        self.art = CardArt()
        self.art.four_colour = self.settings.four_colour
        self.text = Text(asset_path("fonts", "DejaVuSansCondensed-Bold.ttf"))
        self.sound = Sounds(self)  # its mixer opens just after the first frame (see step)
        self._after_first: list[Callable[[], None]] = [self.sound.open]
        self._pen: Canvas | None = None  # draws on the window, noting where (retained drawing)
        self._retained_banked = 0  # frames retained by the canvases before this one
        self.defer_pictures = False
        """Start-up only (the real window, ``--first-frame``): the title's first frame shows its tiles'
        places and the pictures follow a frame later, so the five tables are imported after it."""
        self.problems = [p for p in (moved, problem) if p]
        self.problems += migrate(self.data_dir)
        self._shelves: dict[str, Shelf] = {}
        self.game_id = DEFAULT_GAME  # the game whose menu or table is open
        for info in playable_games():
            self.problems += self.shelf(info.id).problems  # damaged files are told on the title, once
        self.stack = SceneStack()
        self._drawn_version = -1
        self._was_animating = False
        self.running = True
        self.dirty = True
        self.frames = 0
        self.think_ms = self.settings.think_ms  # Master's budget; headless modes and tests may lower it
        self.clock = pygame.time.Clock()
        self.waiter = EventWait()  # at rest: asleep in the window system until input comes
        self.pump = InputPump(waiter=self.waiter)  # real-time tables: input read as it comes between frames, stamped
        self.frame_at = 0.0  # the current frame's time in seconds: perf_counter, or the sum of fixed dts
        self.input_at = 0.0  # when the real loop last read input (perf_counter seconds): it rests lighter after a while
        self.on_round_over: Callable | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # --- each game's files -----------------------------------------------------

    def shelf(self, game_id: str) -> Shelf:
        """``game_id``'s save, history and statistics (opened on first use)."""
        if game_id not in self._shelves:
            self._shelves[game_id] = Shelf(self.data_dir, game_id)
        return self._shelves[game_id]

    @property
    def saves(self) -> SaveStore:
        """The save store of the game in play (or whose menu is open)."""
        return self.shelf(self.game_id).saves

    @property
    def stats(self) -> Statistics:
        return self.shelf(self.game_id).stats

    @stats.setter
    def stats(self, value: Statistics) -> None:
        self.shelf(self.game_id).stats = value

    def latest_pending(self) -> tuple[GameInfo, str] | None:
        """The most recently saved game there is to resume, with a line describing it."""
        best: tuple[float, GameInfo, str] | None = None
        for info in playable_games():
            saves = self.shelf(info.id).saves
            if saves.pending is None:
                continue
            try:
                when = saves.path.stat().st_mtime
            except OSError:
                when = 0.0
            if best is None or when > best[0]:
                best = (when, info, saves.describe_pending())
        return None if best is None else (best[1], best[2])

    def resume(self, game_id: str) -> object | None:
        """Open ``game_id``'s saved game at the exact state it was saved in (None if there is none)."""
        from game.shell.resume import resume

        self.game_id = game_id
        try:
            return resume(self)
        except Exception as exc:  # noqa: BLE001 - a file's content never ends the app: the player is told instead
            self.problems.append(f"The saved game could not be opened ({str(exc)[:90] or type(exc).__name__}); "
                                 "its file is left as it is.")
            self.to_title()
            return None

    # --- navigation ----------------------------------------------------------

    def to_title(self) -> None:
        from game.screens import TitleScene

        self.stack.reset(TitleScene(self))
        self.dirty = True

    def open_game_menu(self, game_id: str) -> None:
        """The title with ``game_id``'s menu open on it."""
        from game.screens.game_menu import GameMenuScene

        self.to_title()
        self.game_id = game_id
        self.stack.push(GameMenuScene(self, game_id))

    def start_game(self, setup: GameSetup, replace: bool = False, replay=None) -> None:
        """Open a table for ``setup`` over the title screen."""
        from game.screens import TitleScene

        if replay is None and setup.deal is not None and replace:
            setup = GameSetup(setup.seats, setup.first, None, setup.game, dict(setup.options))  # a new deal
        self.game_id = setup.game
        table = load(setup.info.table)(self, setup, replay=replay)
        if not isinstance(self.stack.scenes[0] if self.stack.scenes else None, TitleScene):
            self.stack.reset(TitleScene(self))
        while len(self.stack.scenes) > 1:
            self.stack.pop()
        self.stack.push(table)
        self.dirty = True

    def round_finished(self, table) -> None:
        """The last card of the round has landed: count it and show the summary."""
        if not table.replaying and not table.stats_noted:
            table.stats_noted = True
            seats = [(p.name, p.kind, p.level) for p in table.record.players]
            shelf = self.shelf(self.game_id)
            info = table.setup.info
            outcome = table.state.outcome()
            extra = getattr(table, "stat_counts", None)  # a game's own counts per seat, if it keeps any
            if shelf.stats.count_round(info.record_format, seats, outcome.scores, outcome.placings, info.lower_wins,
                                       [lv.id for lv in info.levels], extra() if extra else None):
                problem = shelf.save_stats()
                if problem:
                    self.problems.append(problem)
        self.stack.push(table.result_scene())  # every table brings its own end screen
        if self.on_round_over:
            self.on_round_over(table)

    def ai_delay(self) -> float:
        from ai.scheduler import AI_SPEEDS

        return AI_SPEEDS[self.settings.ai_speed]

    def save_settings(self) -> None:
        """Save the settings and apply them at once: card art, open tables, the window."""
        try:
            self.settings.save(self.data_dir)
        except OSError as exc:
            message = f"Settings could not be saved: {describe_os_error(exc)}; they hold until you quit."
            if message not in self.problems:
                self.problems.append(message)
        self.apply_settings()

    def apply_settings(self) -> None:
        st = self.settings
        self.art.four_colour = st.four_colour
        self.think_ms = st.think_ms
        if bool(st.fullscreen) != self.fullscreen:
            self.set_fullscreen(st.fullscreen)  # compared with what this app set, never asked back from the
            # window system (which may lag a switch and would make every call switch again)
        for scene in self.stack.scenes:
            changed = getattr(scene, "settings_changed", None)
            if changed is not None:
                changed()
        self.dirty = True

    def set_fullscreen(self, on: bool) -> None:
        """Switch once; the resize events the switch brings never switch back."""
        if bool(on) == self.fullscreen:
            return
        self.fullscreen = bool(on)
        self.mode_changes += 1
        if on:
            self.window_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE if self.resizable else 0)
        self._drop_pen()
        self.stack.resize(self.size)
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        """F11, from any screen: saved like any other setting."""
        self.settings.fullscreen = not self.fullscreen
        self.set_fullscreen(self.settings.fullscreen)
        self.save_settings()

    def quit(self) -> None:
        self.running = False

    def after_first_frame(self, job: Callable[[], None]) -> None:
        """Run ``job`` once the first frame is up: at the start of the next step or loop turn (at once if that
        frame is past).  A job that changes the picture sets ``dirty``."""
        if self.frames and not self._after_first:
            job()
        else:
            self._after_first.append(job)

    def _run_after_first(self) -> None:
        if self._after_first and self.frames:
            jobs, self._after_first = self._after_first, []
            for job in jobs:
                job()

    # --- the loop ----------------------------------------------------------------

    def step(self, dt: float, events: Iterable[pygame.event.Event]) -> bool:
        """Handle ``events``, advance ``dt`` seconds and draw if anything changed; True if drawn."""
        self._run_after_first()  # the first frame is up: what it did not need waits no longer
        for shelf in self._shelves.values():
            if shelf.saves.told:
                shelf.saves.poll()  # a file write failed on the writer thread: the player hears of it now
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.resize()
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
                self.dirty = True
                self._drop_pen()  # the system may have lost the window's picture: present it whole
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif self.stack.handle_event(event):
                self.dirty = True
        self.stack.update(min(dt, MAX_DT))
        if self.stack.version != self._drawn_version:
            self.dirty = True  # a scene came or went: never leave the old picture up
            self._drawn_version = self.stack.version
        animating = self.stack.is_animating()
        if self.dirty or animating or self._was_animating:  # one more frame after motion stops
            self._was_animating = animating
            self.art.begin_frame()
            self._draw_frame()
            self.dirty = False
            self.frames += 1
            return True
        return False

    @property
    def frames_retained(self) -> int:
        """Frames the window's canvases repainted only where they changed."""
        return self._retained_banked + (self._pen.frames_retained if self._pen is not None else 0)

    def _drop_pen(self) -> None:
        """The next frame is drawn and presented whole on a new canvas; the frames retained so far still count."""
        if self._pen is not None:
            self._retained_banked += self._pen.frames_retained
        self._pen = None

    def _draw_frame(self) -> None:
        """Draw the stack on the window through its :class:`Canvas` and present what changed (the whole window
        when a frame did not start from the last frame's layer, see :mod:`game.base.retained`)."""
        if self._pen is None or self._pen.window is not self.screen or self._pen.size != self.screen.get_size():
            self._drop_pen()
            self._pen = Canvas(self.screen)
        pen = self._pen
        pen.begin_frame()
        self.stack.draw(pen)  # type: ignore[arg-type]  # it draws on the window and notes where
        rects = pen.end_frame()
        if rects is None:
            pygame.display.flip()
        else:
            pygame.display.update(rects)

    def resize(self) -> None:
        w, h = pygame.display.get_surface().get_size()
        if (w < MIN_SIZE[0] or h < MIN_SIZE[1]) and not self.fullscreen:  # sizes seen mid-switch are not the player's
            self.mode_changes += 1
            self.screen = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()
        self._drop_pen()  # a new picture: drawn and presented whole
        self.stack.resize(self.size)
        self.dirty = True

    def run(self, max_frames: int | None = None, fixed_dt: float | None = None,
            hook: Callable[[App, int], bool | None] | None = None) -> None:
        """The main loop.  ``fixed_dt`` runs without sleeping (tests, headless modes);
        ``hook(app, frame)`` is called before each frame and may post events or return False to stop."""
        frame = 0
        last = time.perf_counter()
        while self.running and self.stack.scenes:
            if max_frames is not None and frame >= max_frames:
                break
            if hook is not None and hook(self, frame) is False:
                break
            frame += 1
            if fixed_dt is not None:
                self.frame_at += fixed_dt
                self.step(fixed_dt, pygame.event.get())
                continue
            race = getattr(self.stack.top, "stamps_input", False)
            self._run_after_first()
            moving = self.dirty or self._was_animating or self.stack.is_animating()
            if race and moving:
                events = self.pump.collect(FPS)  # reads input as it comes until the frame is due, stamping each event
            elif moving:
                self.clock.tick(FPS)
                events = pygame.event.get()
            elif race:  # a real-time table where nothing can happen until a key: stamped when read
                events = self.pump.stamp_now(self.rest(RACE_NAP_S, RACE_WAIT_S))
            else:
                events = self.rest(None)
            now = time.perf_counter()
            dt, last = now - last, now
            self.frame_at = now
            if any(e.type in PLAYER_INPUT for e in events):
                self.input_at = now
            self.step(dt, events)
        if not (self.running and self.stack.scenes):  # the game ends: a race table's last actions, journalled only,
            for shelf in self._shelves.values():  # get their save file and sync now (SaveStore.note(later=True))
                shelf.saves.settle()

    def rest(self, nap: float | None, wait: float = IDLE_WAIT_MS / 1000) -> list[pygame.event.Event]:
        """Sleep until input comes or ``wait`` seconds pass (timers such as toasts then move on): in SDL's wait,
        which returns as the input comes, else looking at the queue every ``nap`` seconds (by default: briefly
        while the player is active, else every ``REST_NAP_S``)."""
        end = time.perf_counter() + wait
        block, woke = self.waiter.ready(), False
        while True:
            events = pygame.event.get()
            now = time.perf_counter()
            if events or now >= end or not self.running:
                return events
            block = block and not woke  # SDL woke (or failed) with no event for pygame: nap for the rest of this wait
            if block and self.waiter.keeps(end - now):  # Windows: a wait under ~11 ms comes back late, so nap it
                woke = self.waiter.wait(end - now + 0.001)  # SDL counts whole ms: a ms over, never a look more
                continue
            step = nap if nap is not None else ACTIVE_NAP_S if now - self.input_at < ACTIVE_S else REST_NAP_S
            time.sleep(min(step, end - now))


# --- command line ------------------------------------------------------------------


def report_startup_problem(message: str, code: int) -> NoReturn:
    """Say why the game can't start: on stderr, or in a dialog when there is no console.

    A windowed executable (PyInstaller, ``console=False``) has no ``sys.stderr``;
    there the player gets a native message box instead of nothing, or a traceback.
    """
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    else:
        try:
            pygame.display.message_box(COLLECTION_TITLE, message, "error")
        except (pygame.error, AttributeError):
            pass
    raise SystemExit(code)
