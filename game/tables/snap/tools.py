"""Snap's headless modes (``--game snap``): self-test, resumed self-test, screenshots, frame bench, monkey.

All drive the real loop (:meth:`game.shell.app.App.run`) with a fixed ``dt`` on
whatever video driver is set, through the shared helpers of
:mod:`game.shell.headless`.  Bots react at their own sampled moments whatever
the step, so a fixed step changes nothing of who wins a call.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from engine.games import GAMES, load_record
from game.shell.app import App
from game.shell.headless import DT, advance, shoot, monkey_loop, post_click, p99, timed_frame
from game.shell.session import GameSetup

from game.tables.snap.loop import check_invariants, finish, same_game_state, table_of


def _app(data_dir: Path | None, size: tuple[int, int] = (1280, 720), seed: int = 7) -> App:
    app = App(size, data_dir, seed=seed, resizable=False)
    app.settings.animation_speed = "fast"
    return app


def selftest(data_dir: Path | None) -> int:
    """A whole game of three bots through the real loop; its record must replay to the same state."""
    app = _app(data_dir)
    app.to_title()
    setup = GameSetup.all_ai(["hard", "medium", "easy"], "snap")
    setup.options = {"time_limit": 3}
    app.start_game(setup)
    table = table_of(app)
    start = time.perf_counter()
    if not finish(app):
        print("selftest: the game did not finish", file=sys.stderr)
        return 1
    replayed = load_record(table.record.dumps()).final_state()
    if not same_game_state(replayed, table.state):
        print("selftest: the record does not replay to the final state", file=sys.stderr)
        return 1
    stats = table.state.call_stats()
    print(f"selftest: ok, {len(table.record.entries)} actions, {table.state.end_reason}: winners "
          f"{[table.name(s) for s in table.state.winners]}, fastest calls {[s.fastest_ms for s in stats]} ms, "
          f"{app.frames} frames in {time.perf_counter() - start:.1f} s")
    return 0


def resume_selftest(data_dir: Path) -> int:
    """``--resume --selftest``: open the saved game, check it is exactly the save, let bots finish it."""
    from game.shell.resume import resume

    app = _app(data_dir)
    app.game_id = "snap"
    if app.saves.pending is None:
        print(f"resume selftest: no saved Snap game to resume in {data_dir}", file=sys.stderr)
        return 2
    saved = app.saves.pending_record()
    table = resume(app, selftest=True)
    table.stats_noted = True
    expected = saved.without_actions().start()
    for seat, action, at in saved.actions:
        expected.advance(at)
        expected.apply(action, seat, at)
    if expected.snapshot() != table.state.snapshot():
        print("resume selftest: the resumed table is not the saved game", file=sys.stderr)
        return 1
    if not finish(app):
        print("resume selftest: the game did not finish", file=sys.stderr)
        return 1
    app.saves.flush()
    print(f"resume selftest: ok, resumed at action {len(saved.actions)}, finished after {len(table.record.entries)} "
          f"actions ({table.state.end_reason})")
    return 0


def _busy_table(app: App, seats: int = 6, variant: str = "own") -> Any:
    """A 6-seat bot table a little way in: every pile has cards, the pot too."""
    levels = ["hard", "medium", "easy", "hard", "medium", "easy"][:seats]
    setup = GameSetup.all_ai(levels, "snap")
    setup.deal = 11
    setup.options = {"variant": variant}
    app.start_game(setup)
    table = table_of(app)
    advance(app, 6.0)
    return table


def _fly_everything(table: Any) -> None:
    """Put a big win in the air: 4 cards from each of the six piles fly to a stack, like a snap pot taken
    (drawing only; the state is untouched)."""
    from game.kit.flights import flight

    lay, model = table.layout, table.model
    n = 0
    for seat in range(model.num_seats):
        for card in list(model.up[seat].cards)[-4:] or [None]:
            if card is None:
                continue
            target = lay.rect_of(("down", (seat + 1) % model.num_seats))
            model.flights.append(flight(model.sprites.new(card), True, lay.rect_of(seat), target, 0.8, 0.02 * n, None, 1.0))
            n += 1


def bench(frames: int, size: tuple[int, int], data_dir: Path | None) -> int:
    """Time update + draw of the busiest table: 6 seats, cards always in flight, calls on screen."""
    app = App(size, data_dir, seed=1, resizable=False)
    app.settings.animation_speed = "normal"
    app.to_title()
    table = _busy_table(app)
    times: list[float] = []
    cpu: list[float] = []  # this thread's CPU time per frame: the frame's own cost, without the waits of a busy machine
    for _ in range(30):
        app.step(DT, [])
    while len(times) < frames:
        if table_of(app) is None or table.state.is_over or app.stack.top is not table:
            table = _busy_table(app)
        if not table.model.flights:
            _fly_everything(table)
        timed_frame(app, times, cpu, events=[])
    times.sort()
    print(json.dumps({"frames": frames, "size": f"{size[0]}x{size[1]}", "seats": 6,
                      "frame_ms_p50": round(statistics.median(times), 3), "frame_ms_p99": p99(times),
                      "frame_ms_max": round(times[-1], 3), "frame_cpu_ms_p50": round(statistics.median(cpu), 3),
                      "frame_cpu_ms_p99": p99(cpu)}))
    return 0


def monkey(count: int, seed: int, data_dir: Path | None, size: tuple[int, int] = (1280, 720)) -> int:
    """Random clicks and keys (everyone's keys too) through the real loop; non-zero on any exception or broken rule."""
    rng = random.Random(seed)
    app = _app(data_dir, size, seed)
    app.to_title()
    app.start_game(GameSetup.quick("snap"))
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_j, pygame.K_k,
            pygame.K_l, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_KP5]

    def _send() -> int:
        sent = 0
        top = app.stack.top
        spots = [b.rect.center for b in getattr(top, "buttons", lambda: [])()] if callable(getattr(top, "buttons", None)) \
            else [b.rect.center for b in getattr(top, "buttons", [])]
        table = table_of(app)
        if table is not None and top is table:
            spots += [p.down.center for p in table.layout.places] + [p.up.center for p in table.layout.places]
        if spots and rng.random() < 0.7:
            x, y = rng.choice(spots)
            pos = (x + rng.randint(-5, 5), y + rng.randint(-5, 5))
        else:
            pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
        if rng.random() < 0.6:
            sent += post_click(pos)
        else:
            k = rng.choice(keys)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
            sent += 2
        return sent

    sent = monkey_loop(app, count, rng, _send, check_invariants)
    if sent is None:
        return 1
    print(f"monkey: ok, {sent} events, {app.frames} frames")
    return 0


def screenshots(out: Path, data_dir: Path | None, scale_sizes: tuple[tuple[int, int], ...] = ((960, 600),),
                sizes: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))) -> int:
    """The table (2, 3 and 6 seats, shared pile), a call on screen, a wrong call, the keys screens, the end screen."""
    from game.tables.snap.shots import shoot_all

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for size in tuple(sizes) + tuple(s for s in scale_sizes if s not in sizes):
        shoot_all(out, data_dir, size, full=size in sizes or size[0] < 1280)  # 4K: the table shots only
    print(f"screenshots: {len(list(out.glob('snap-*.png')))} files in {out}")
    return 0


__all__ = ["selftest", "resume_selftest", "screenshots", "bench", "monkey", "check_invariants", "table_of", "finish",
           "shoot", "GAMES"]


def stamping(seconds: float, size: tuple[int, int] = (1920, 1080), data_dir: Path | None = None) -> dict[str, Any]:
    """The input stamping error in the real app loop: a 6-seat Snap table of bots playing at full size, run by
    :meth:`App.run` in real time (the input pump between frames), while another thread posts key presses at
    random moments; the error is each event's ``read_at`` minus the moment it was posted."""
    import tempfile
    import threading

    app = App(size, data_dir or Path(tempfile.mkdtemp(prefix="snap-stamp-")), seed=1, resizable=False)
    app.to_title()
    _busy_table(app)
    sent: dict[int, float] = {}
    errors: list[float] = []
    collect = app.pump.collect
    rng = random.Random(1)
    stop = threading.Event()

    def reading(fps: int) -> list[Any]:
        events = collect(fps)
        errors.extend((e.read_at - sent[e.n]) * 1000 for e in events if getattr(e, "n", None) in sent)
        return [e for e in events if getattr(e, "n", None) is None]

    def poster() -> None:
        n = 0
        while not stop.is_set():
            time.sleep(rng.uniform(0.005, 0.05))
            n += 1
            sent[n] = time.perf_counter()
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=n))

    app.pump.collect = reading  # type: ignore[method-assign]
    thread = threading.Thread(target=poster, daemon=True)
    thread.start()
    end = time.perf_counter() + seconds
    app.run(hook=lambda a, frame: time.perf_counter() < end and table_of(a) is not None)
    stop.set()
    thread.join(1.0)
    errors.sort()

    def pct(p: float) -> float:
        return round(errors[min(len(errors) - 1, int(p * len(errors)))], 3) if errors else 0.0

    return {"events": len(errors), "frames": app.frames, "size": f"{size[0]}x{size[1]}",
            "error_ms_mean": round(statistics.fmean(errors), 3) if errors else 0.0, "error_ms_p50": pct(0.5),
            "error_ms_p90": pct(0.9), "error_ms_p99": pct(0.99), "error_ms_max": round(errors[-1], 3) if errors else 0.0}


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.tables.snap.tools",
                                     description="Measure input stamping in the real app loop at a Snap table.")
    parser.add_argument("--stamping", type=float, metavar="SECONDS", default=8.0)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    w, h = (int(x) for x in args.size.lower().split("x"))
    print(json.dumps(stamping(args.stamping, (w, h))))
