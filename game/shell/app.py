"""The app: window, the main loop and the scene stack (the command line is :mod:`game.shell.cli`).

One loop serves the window and every headless mode: :meth:`App.step` handles a
batch of events, advances time by ``dt`` and draws when something changed.
:meth:`App.run` calls it with real time (sleeping on ``pygame.event.wait`` when
nothing moves) or with a fixed ``dt`` for tests and headless modes.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from pathlib import Path
from typing import Callable, Iterable, NoReturn

import pygame

from game.kit.cardart import CardArt
from game.shell.scene import SceneStack
from game.shell.saves import SaveStore
from game.shell.session import GameSetup
from game.shell.settings import Settings
from game.shell.sound import Sounds
from game.shell.stats import Statistics
from game.shell.storage import default_data_dir, read_json, write_json
from game.kit.ui import Text

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 600)
FPS = 60
MAX_DT = 0.25
IDLE_WAIT_MS = 500  # nothing moves: wake twice a second for timers (toasts), else sleep on events


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, data_dir: Path | None = None, seed: int | None = None,
                 resizable: bool = True) -> None:
        self.data_dir = Path(data_dir) if data_dir else default_data_dir()
        self.resizable = resizable
        self.window_size = size  # the windowed size to come back to from fullscreen
        self.settings, problem = Settings.load(self.data_dir)
        if self.settings.fullscreen and resizable:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if resizable else 0)
        pygame.display.set_caption("Sprint, Snap, Score")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        self.rng = random.Random(seed)
        self.art = CardArt()
        self.art.four_colour = self.settings.four_colour
        self.text = Text()
        self.sound = Sounds(self)
        self.sound.open()
        stats, stats_problem = read_json(self.data_dir / "stats.json", "statistics", Statistics.from_json)
        self.stats: Statistics = stats or Statistics()
        self.problems = [p for p in (problem, stats_problem) if p]
        self.saves = SaveStore.open(self.data_dir)  # the round to resume, if any
        self.problems += self.saves.problems
        self.stack = SceneStack()
        self._drawn_version = -1
        self._was_animating = False
        self.running = True
        self.dirty = True
        self.frames = 0
        self.think_ms = self.settings.think_ms  # Master's budget; headless modes and tests may lower it
        self.clock = pygame.time.Clock()
        self.on_round_over: Callable | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # --- navigation ----------------------------------------------------------

    def to_title(self) -> None:
        from game.screens import TitleScene

        self.stack.reset(TitleScene(self))
        self.dirty = True

    def start_game(self, setup: GameSetup, replace: bool = False, replay=None) -> None:
        """Open a table for ``setup`` over the title screen."""
        from game.screens import TitleScene
        from game.tables.sprint import TableScene

        if replay is None and setup.deal is not None and replace:
            setup = GameSetup(setup.seats, setup.first, None)  # play again: same seats, new deal
        table = TableScene(self, setup, replay=replay)
        if not isinstance(self.stack.scenes[0] if self.stack.scenes else None, TitleScene):
            self.stack.reset(TitleScene(self))
        while len(self.stack.scenes) > 1:
            self.stack.pop()
        self.stack.push(table)
        self.dirty = True

    def round_finished(self, table) -> None:
        """The last card of the round has landed: count it and show the summary."""
        from game.screens import RoundOverScene

        if not table.replaying and not table.stats_noted:
            table.stats_noted = True
            seats = [(p.name, p.kind, p.level) for p in table.record.players]
            if self.stats.count_round(table.game_id, seats, table.state.result.scores):
                try:
                    write_json(self.data_dir / "stats.json", self.stats.to_json())
                except OSError as exc:
                    self.problems.append(f"Statistics could not be saved: {exc}")
        self.stack.push(RoundOverScene(self, table))
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
            self.problems.append(f"Settings could not be saved: {exc.strerror or exc}")
        self.apply_settings()

    def apply_settings(self) -> None:
        st = self.settings
        self.art.four_colour = st.four_colour
        self.think_ms = st.think_ms
        if st.fullscreen != pygame.display.is_fullscreen():
            self.set_fullscreen(st.fullscreen)
        for scene in self.stack.scenes:
            changed = getattr(scene, "settings_changed", None)
            if changed is not None:
                changed()
        self.dirty = True

    def set_fullscreen(self, on: bool) -> None:
        if on:
            self.window_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE if self.resizable else 0)
        self.stack.resize(self.size)
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        """F11, from any screen: saved like any other setting."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.set_fullscreen(self.settings.fullscreen)
        self.save_settings()

    def quit(self) -> None:
        self.running = False

    # --- the loop ----------------------------------------------------------------

    def step(self, dt: float, events: Iterable[pygame.event.Event]) -> bool:
        """Handle ``events``, advance ``dt`` seconds and draw if anything changed; True if drawn."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.resize()
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
                self.dirty = True
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
            self.stack.draw(self.screen)
            pygame.display.flip()
            self.dirty = False
            self.frames += 1
            return True
        return False

    def resize(self) -> None:
        w, h = pygame.display.get_surface().get_size()
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            self.screen = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()
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
                self.step(fixed_dt, pygame.event.get())
                continue
            if self.dirty or self._was_animating or self.stack.is_animating():
                self.clock.tick(FPS)
                events = pygame.event.get()
            else:
                first = pygame.event.wait(IDLE_WAIT_MS)
                events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            now = time.perf_counter()
            dt, last = now - last, now
            self.step(dt, events)


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
            pygame.display.message_box("Sprint, Snap, Score", message, "error")
        except (pygame.error, AttributeError):
            pass
    raise SystemExit(code)
