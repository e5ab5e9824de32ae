"""Headless modes every game shares: loading a record for ``--replay``, and the loop helpers
each game's tools module (named by the registry's ``tools``) drives its table with.

Everything drives the real loop (:meth:`game.shell.app.App.run`) with a fixed
``dt`` on whatever video driver is set (the dummy one when no display is wanted).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame

from engine import games
from engine.envelope import RecordError

from game.shell.app import App
from game.shell.storage import NotRegularFileError, read_file

DT = 1 / 60


def load_record(path: Path):
    """Any game's record from ``path``, or None after telling stderr what is wrong with it."""
    try:
        text = read_file(Path(path))
    except NotRegularFileError:
        print(f"--replay: {path} is not a regular file (a pipe, a device or a folder); give a game record's file",
              file=sys.stderr)
        return None
    except OSError as exc:
        print(f"--replay: can't read {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
    try:
        return games.load_record(text, levels=True)  # the app seats its bots: a level it lacks is refused here
    except RecordError as exc:
        print(f"--replay: {path} is not a game record we can play: {exc}", file=sys.stderr)
        return None


def advance(app: App, seconds: float) -> None:
    app.run(max_frames=max(1, round(seconds / DT)), fixed_dt=DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    advance(app, DT)


def until(app: App, cond, limit: float = 60.0) -> None:
    frames = 0
    while not cond() and frames < limit / DT:
        app.step(DT, pygame.event.get())
        frames += 1


def shoot(app: App, out: Path, name: str) -> None:
    app.dirty = True
    app.step(0.0, [])
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"{name}-{w}x{h}.png"))


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    advance(app, DT)


def post_click(pos: tuple[int, int]) -> int:
    """Post a left click at ``pos`` (move there, press, release) without stepping; the number of events posted."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return 3


def post_key(key: int) -> int:
    """Post a key press without stepping; the number of events posted."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    return 1


def monkey_loop(app: App, count: int, rng, send, check_invariants,
                steps: tuple[int, ...] = (1, 2, 6, 30)) -> int | None:
    """The monkey's loop every game shares: until ``count`` events went in, ``send()`` (the game's own
    hook: pick a hotspot, post some input) posts events and says how many, then the real loop runs a
    random number of ``steps`` frames with ``check_invariants(app)`` after each.  Quitting starts over
    at the title.  The number of events sent, or None after reporting the exception that stopped it.
    """
    sent = 0
    try:
        while sent < count:
            if not app.running:  # the monkey found Quit: start again
                app.running = True
                app.to_title()
            sent += send()
            for _ in range(rng.choice(steps)):
                app.step(DT, pygame.event.get())
                check_invariants(app)
    except Exception as exc:  # noqa: BLE001 - the point is to report any failure
        import traceback

        traceback.print_exc()
        print(f"monkey: failed after {sent} events: {exc!r}", file=sys.stderr)
        return None
    return sent


def timed_frame(app: App, times: list[float], cpu: list[float] | None = None, events=None,
                cpu_clock=time.thread_time) -> None:
    """Run and draw one frame for a frame bench: its wall time (ms) goes to ``times``, its CPU time on
    ``cpu_clock`` to ``cpu`` (when given).  ``events`` are the frame's input (the queue's by default)."""
    c = cpu_clock() if cpu is not None else 0.0
    t = time.perf_counter()  # the wall time holds the frame only (reading a CPU clock is a system call)
    app.dirty = True
    app.step(DT, pygame.event.get() if events is None else events)
    times.append((time.perf_counter() - t) * 1000)
    if cpu is not None:
        cpu.append((cpu_clock() - c) * 1000)


def p99(values: list[float]) -> float:
    """The 99th percentile of ``values``, in the benches' rounding (0.0 when there are none)."""
    if not values:
        return 0.0
    values = sorted(values)
    return round(values[min(len(values) - 1, int(len(values) * 0.99))], 3)


def play_until_over(app: App, check_invariants, max_frames: int, keep_going=None, step: float = DT) -> bool:
    """Run the real loop (frames of ``step`` seconds), ``check_invariants(app)`` every frame, until the table
    reports its round (or game) over -- or ``max_frames`` ran, or ``keep_going()`` (when given) says stop.
    Whether it ended."""
    done: list[object] = []
    app.on_round_over = lambda t: done.append(t)

    def hook(a: App, frame: int) -> bool:
        check_invariants(a)
        return not done and (keep_going is None or keep_going())

    app.run(max_frames=max_frames, fixed_dt=step, hook=hook)
    return bool(done)
