"""The app: window, the main loop, the scene stack, and the command line.

One loop serves the window and every headless mode: :meth:`App.step` handles a
batch of events, advances time by ``dt`` and draws when something changed.
:meth:`App.run` calls it with real time (sleeping on ``pygame.event.wait`` when
nothing moves) or with a fixed ``dt`` for tests and headless modes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import warnings
from pathlib import Path
from typing import Callable, Iterable, NoReturn

import pygame

from .cardart import CardArt
from .scene import SceneStack
from .saves import SaveStore, resume
from .session import GameSetup
from .settings import Settings
from .sound import Sounds
from .stats import Statistics, load_statistics, save_statistics
from .storage import default_data_dir, describe_os_error
from .ui import Text

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
        self.stats: Statistics
        self.stats, self.stats_path, stats_problem = load_statistics(self.data_dir)
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
        from .screens import TitleScene

        self.stack.reset(TitleScene(self))
        self.dirty = True

    def start_game(self, setup: GameSetup, replace: bool = False, replay=None) -> None:
        """Open a table for ``setup`` over the title screen."""
        from .screens import TitleScene
        from .table import TableScene

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
        from .screens import RoundOverScene

        if not table.replaying and not table.stats_noted:
            table.stats_noted = True
            seats = [(p.name, p.kind, p.level) for p in table.record.players]
            if self.stats.count_round(table.game_id, seats, table.state.result.scores):
                problem = save_statistics(self.stats, self.stats_path)
                if problem:
                    self.problems.append(problem)
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
            self.problems.append(f"Settings could not be saved: {describe_os_error(exc)}.")
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
        if self.saves.told:
            self.saves.poll()  # a file write failed on the writer thread: the player hears of it now
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


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        report_startup_problem(f"{self.format_usage()}{self.prog}: error: {message}", 2)


def _program_name() -> str:
    return "SprintSnapScore" if getattr(sys, "frozen", False) else "python -m game"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, got {text!r}")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = _ArgumentParser(prog=_program_name(), description="Sprint, Snap, Score: the card game.")
    p.add_argument("--data-dir", type=Path, help="where settings, statistics and saves live (default: your user data folder)")
    p.add_argument("--size", default=None, help="window size WxH (default 1280x720)")
    modes = p.add_mutually_exclusive_group()
    modes.add_argument("--selftest", action="store_true", help="play a full AI round through the real loop headless; exit 0 if all is well")
    modes.add_argument("--autoplay", metavar="LEVEL,LEVEL[,...]", help="watch AI players of these levels play in a window")
    modes.add_argument("--screenshot", metavar="DIR", type=Path, help="render every screen at 1280x720 and 1920x1080 into DIR")
    modes.add_argument("--bench-frames", metavar="N", type=_positive, help="time N frames of the busiest table; print JSON")
    modes.add_argument("--monkey", metavar="N", type=_positive, help="feed N random mouse and keyboard events through the loop")
    modes.add_argument("--replay", metavar="FILE", type=Path, help="replay a game record")
    p.add_argument("--resume", action="store_true",
                   help="open the saved round; with --selftest, bots finish it headless (exit 0 if it resumed exactly)")
    p.add_argument("--seed", type=int, default=None, help="random seed for --monkey and new deals")
    args = p.parse_args(argv)
    if args.resume and (args.autoplay or args.screenshot or args.bench_frames is not None or args.monkey is not None
                        or args.replay is not None):
        p.error("--resume goes alone or with --selftest")
    if args.screenshot is not None and args.screenshot.exists() and not args.screenshot.is_dir():
        p.error(f"--screenshot needs a folder, and {args.screenshot} is a file")
    if args.size is not None:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            if w < 320 or h < 240:
                raise ValueError
        except ValueError:
            p.error(f"--size expects WxH like 1920x1080, got {args.size!r}")
        args.size = (w, h)
    if args.autoplay is not None:
        levels = [v.strip().lower() for v in args.autoplay.split(",") if v.strip()]
        from ai import LEVELS

        bad = [v for v in levels if v not in LEVELS]
        if bad or not 2 <= len(levels) <= 5:
            p.error(f"--autoplay expects 2 to 5 levels from {', '.join(LEVELS)}, got {args.autoplay!r}")
        args.autoplay = levels
    return args


def main(argv: list[str] | None = None) -> int:
    t0 = time.perf_counter()
    args = parse_args(argv)
    headless = args.selftest or args.screenshot or args.bench_frames is not None or args.monkey is not None
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from . import headless as modes

    if args.replay is not None:
        record = modes.load_record(args.replay)
        if record is None:
            return 2
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # real pixels on HiDPI Windows; layout scales
    # display and font only: the mixer opens later, once, with ALSA's probe messages silenced (game.sound)
    pygame.display.init()
    pygame.font.init()
    if not headless and "SDL_VIDEODRIVER" not in os.environ and pygame.display.get_driver() in ("offscreen", "dummy"):
        report_startup_problem(
            "No display was found, so the game window can't open. Start Sprint, Snap, Score from a desktop "
            "session (on Linux, DISPLAY or WAYLAND_DISPLAY must be set).", 1)
    try:
        data_dir = args.data_dir
        if headless and data_dir is None and not args.resume:
            import tempfile

            data_dir = Path(tempfile.mkdtemp(prefix="sss-"))
        if args.selftest:
            return modes.resume_selftest(data_dir or default_data_dir()) if args.resume else modes.selftest(data_dir)
        if args.screenshot:
            return modes.screenshots(args.screenshot, data_dir, scale_sizes=((960, 600), (3840, 2160)))
        if args.bench_frames is not None:
            return modes.bench(args.bench_frames, args.size or (1920, 1080), data_dir)
        if args.monkey is not None:
            return modes.monkey(args.monkey, args.seed if args.seed is not None else 1, data_dir, args.size or DEFAULT_SIZE)
        try:
            app = App(args.size or DEFAULT_SIZE, data_dir, args.seed)
        except pygame.error as exc:
            report_startup_problem(f"The game window could not be opened: {exc}", 1)
        app.to_title()
        if args.autoplay:
            app.start_game(GameSetup.all_ai(args.autoplay))
        elif args.replay is not None:
            app.start_game(GameSetup.from_record(record), replay=record)
        elif args.resume:
            if resume(app) is None and not app.problems:
                app.problems.append("There is no saved round to resume.")
        app.step(0.0, [])
        if os.environ.get("SSS_FIRST_FRAME"):
            # wall-clock stamp too, so a launcher can time the whole start (a frozen build unpacks first)
            print(f"first frame after {time.perf_counter() - t0:.3f} s at {time.time():.3f}", file=sys.stderr)
        app.run()
        return 0
    finally:
        pygame.quit()
