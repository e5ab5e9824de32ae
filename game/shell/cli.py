"""The command line: ``python -m game [--game ID] [mode]``; start-up problems as readable messages."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import NoReturn

import pygame

from game.shell.app import DEFAULT_SIZE, MIN_SIZE, App, report_startup_problem
from ai.cli_args import positive_int
from engine.games import COLLECTION_TITLE, DEFAULT_GAME, game_info, playable_games

from game.shell import rest
from game.shell.session import GameSetup
from game.shell.datafolder import APP_NAME


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        report_startup_problem(f"{self.format_usage()}{self.prog}: error: {message}", 2)


def _program_name() -> str:
    return APP_NAME if getattr(sys, "frozen", False) else "python -m game"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = _ArgumentParser(prog=_program_name(), description=f"{COLLECTION_TITLE}: a collection of card games.")
    p.add_argument("--game", default=None, metavar="ID",
                   help=f"the game to open or test: {', '.join(i.id for i in playable_games())} (default {DEFAULT_GAME})")
    p.add_argument("--list-games", action="store_true", help="print the playable games as JSON and exit")
    p.add_argument("--data-dir", type=Path, help="where settings, statistics and saves live (default: your user data folder)")
    p.add_argument("--size", default=None, help="window size WxH (default 1280x720)")
    modes = p.add_mutually_exclusive_group()
    modes.add_argument("--selftest", action="store_true", help="play a full AI round through the real loop headless; exit 0 if all is well")
    modes.add_argument("--autoplay", metavar="LEVEL,LEVEL[,...]", help="watch AI players of these levels play in a window")
    modes.add_argument("--screenshot", metavar="DIR", type=Path,
                       help="render every screen into DIR at the game's sizes (1280x720, 1920x1080, the main screens "
                            "also at 960x600 and 3840x2160), or with --size at that size only")
    modes.add_argument("--bench-frames", metavar="N", type=positive_int, help="time N frames of the busiest table; print JSON")
    modes.add_argument("--monkey", metavar="N", type=positive_int, help="feed N random mouse and keyboard events through the loop")
    modes.add_argument("--replay", metavar="FILE", type=Path, help="replay a game record")
    modes.add_argument("--idle-cpu", metavar="SCREEN", choices=rest.screens(),
                       help=f"the CPU one screen costs at rest, in a real window; print JSON ({', '.join(rest.screens())})")
    modes.add_argument("--first-frame", action="store_true", help="start, draw the title once; print JSON with the time it took")
    p.add_argument("--seconds", type=positive_int, default=30, help="how long --idle-cpu measures (default 30)")
    p.add_argument("--resume", action="store_true",
                   help="open the saved round; with --selftest, bots finish it headless (exit 0 if it resumed exactly)")
    p.add_argument("--seed", type=int, default=None, help="random seed for --monkey and new deals")
    args = p.parse_args(argv)
    if args.game is not None and args.game not in {i.id for i in playable_games()}:
        p.error(f"--game: {args.game!r} is not a game of this collection; choose one of "
                f"{', '.join(i.id for i in playable_games())}")
    if args.list_games and any((args.selftest, args.autoplay, args.screenshot, args.bench_frames, args.monkey,
                                args.replay, args.resume, args.idle_cpu, args.first_frame)):
        p.error("--list-games goes alone")
    info = game_info(args.game or DEFAULT_GAME)
    args.info = info
    if args.resume and (args.autoplay or args.screenshot or args.bench_frames is not None or args.monkey is not None
                        or args.replay is not None or args.idle_cpu or args.first_frame):
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
        if args.screenshot is not None and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            p.error(f"--screenshot --size: the window is at least {MIN_SIZE[0]}x{MIN_SIZE[1]} (the smallest it can be "
                    f"made), got {args.size[0]}x{args.size[1]}")
    if args.autoplay is not None:
        levels = [v.strip().lower() for v in args.autoplay.split(",") if v.strip()]
        known = [lv.id for lv in info.levels]
        bad = [v for v in levels if v not in known]
        if bad or not info.min_seats <= len(levels) <= info.max_seats:
            p.error(f"--autoplay expects {info.min_seats} to {info.max_seats} levels from {', '.join(known)}, "
                    f"got {args.autoplay!r}")
        args.autoplay = levels
    return args


def main(argv: list[str] | None = None) -> int:
    t0 = time.perf_counter()
    args = parse_args(argv)
    if args.list_games:
        print(json.dumps(list_games()))
        return 0
    headless = args.selftest or args.screenshot or args.bench_frames is not None or args.monkey is not None
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.shell.headless import load_record

    if args.replay is not None:
        record = load_record(args.replay)
        if record is None:
            return 2
    from game.shell import modes

    game = args.info.id
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # real pixels on HiDPI Windows; layout scales
    # display and font only: the mixer opens later, once, with ALSA's probe messages silenced (game.sound)
    pygame.display.init()
    pygame.font.init()
    if not headless and "SDL_VIDEODRIVER" not in os.environ and pygame.display.get_driver() in ("offscreen", "dummy"):
        report_startup_problem(
            f"No display was found, so the game window can't open. Start {COLLECTION_TITLE} from a desktop "
            "session (on Linux, DISPLAY or WAYLAND_DISPLAY must be set).", 1)
    try:
        data_dir = args.data_dir
        if headless and data_dir is None and not args.resume:
            import tempfile

            data_dir = Path(tempfile.mkdtemp(prefix="sss-"))
        if args.selftest:
            return modes.resume_selftest(game, data_dir) if args.resume else modes.selftest(game, data_dir)
        if args.screenshot:
            sizes = dict(sizes=(args.size,), scale_sizes=(), always=False) if args.size else dict(
                scale_sizes=((960, 600), (3840, 2160)))  # --size: that size only, every screen
            return modes.screenshots(game, args.screenshot, data_dir, **sizes)
        if args.bench_frames is not None:
            return modes.bench(game, args.bench_frames, args.size or (1920, 1080), data_dir)
        if args.monkey is not None:
            return modes.monkey(game, args.monkey, args.seed if args.seed is not None else 1, data_dir, args.size or DEFAULT_SIZE)
        if args.idle_cpu or args.first_frame:
            import tempfile

            data_dir = data_dir or Path(tempfile.mkdtemp(prefix="sss-"))  # no saved game of the player's in the way
            if args.first_frame:
                print(json.dumps(rest.first_frame(t0, data_dir, args.size or DEFAULT_SIZE)))
            else:
                print(json.dumps(rest.idle_cpu(args.idle_cpu, args.seconds, args.info.id, data_dir,
                                               args.size or DEFAULT_SIZE)))
            return 0
        try:
            app = App(args.size or DEFAULT_SIZE, data_dir, args.seed)
        except pygame.error as exc:
            report_startup_problem(f"The game window could not be opened: {exc}", 1)
        app.defer_pictures = True  # the title's first frame comes before the tables are imported
        app.to_title()
        if args.autoplay:
            app.start_game(GameSetup.all_ai(args.autoplay, args.info.id))
        elif args.replay is not None:
            try:
                app.start_game(GameSetup.from_record(record), replay=record)
            except Exception as exc:  # noqa: BLE001 - a file's content never ends the app with a traceback
                report_startup_problem(f"--replay: {args.replay} can't be played: {str(exc)[:200] or type(exc).__name__}", 2)
        elif args.resume:
            if app.resume(args.info.id) is None and not app.problems:
                app.problems.append(f"There is no saved {args.info.title} game to resume.")
        elif args.game is not None:
            app.open_game_menu(args.info.id)
        app.step(0.0, [])
        if os.environ.get("SSS_FIRST_FRAME"):
            # wall-clock stamp too, so a launcher can time the whole start (a frozen build unpacks first)
            print(f"first frame after {time.perf_counter() - t0:.3f} s at {time.time():.3f}", file=sys.stderr)
        app.run()
        return 0
    finally:
        pygame.quit()


def list_games() -> list[dict[str, object]]:
    """The playable games, as ``--list-games`` prints them."""
    return [{"id": i.id, "title": i.title, "min_seats": i.min_seats, "max_seats": i.max_seats} for i in playable_games()]
