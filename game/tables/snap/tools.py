"""Snap's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own scenarios,
and the input stamping measure (``python -m game.tables.snap.tools --stamping SECONDS``).

Bots react at their own sampled moments whatever the step, so a fixed step changes nothing of who wins a call.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

import pygame

from engine.games import GAMES
from game.shell.app import App
from game.shell.headless import advance
from game.shell.modes import Scenarios
from game.shell.session import GameSetup

from game.tables.snap.loop import check, check_invariants, finish, same_game_state, table_of

GAME = "snap"


def hot_spots(table: Any) -> list[tuple[int, int]]:
    """Places worth clicking at the table: its buttons, every face-down and face-up pile."""
    places = table.layout.places
    return [b.rect.center for b in table.buttons()] + [p.down.center for p in places] + [p.up.center for p in places]


def _selftest_setup() -> GameSetup:
    setup = GameSetup.all_ai(["hard", "medium", "easy"], GAME)
    setup.options = {"time_limit": 3}
    return setup


def _summary(table: Any) -> str:
    stats = table.state.call_stats()
    return (f"{len(table.record.entries)} actions, {table.state.end_reason}: winners "
            f"{[table.name(s) for s in table.state.winners]}, fastest calls {[s.fastest_ms for s in stats]} ms")


def mismatches(table: Any, saved: Any) -> list[str]:
    """How a resumed ``table`` differs from the ``saved`` game: its state, the saved actions played at their times."""
    expected = saved.without_actions().start()
    for seat, action, at in saved.actions:
        expected.advance(at)
        expected.apply(action, seat, at)
    return [] if expected.snapshot() == table.state.snapshot() else ["the engine state differs from the saved game's"]


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


class _Busy:
    """The busiest table: 6 seats, cards always in flight, calls on screen."""

    def __init__(self, app: App) -> None:
        self.app, self.table = app, _busy_table(app)

    def before(self, frame: int) -> None:
        if table_of(self.app) is None or self.table.state.is_over or self.app.stack.top is not self.table:
            self.table = _busy_table(self.app)
        if not self.table.model.flights:
            _fly_everything(self.table)

    def fields(self) -> dict[str, Any]:
        return {"seats": 6}


def screenshots(out: Path, data_dir: Path | None, scale_sizes: tuple[tuple[int, int], ...] = ((960, 600),),
                sizes: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))) -> None:
    """The table (2, 3 and 6 seats, shared pile), a call on screen, a wrong call, the keys screens, the end screen."""
    from game.tables.snap.shots import shoot_all

    for size in tuple(sizes) + tuple(s for s in scale_sizes if s not in sizes):
        shoot_all(out, data_dir, size, full=size in sizes or size[0] < 1280)  # 4K: the table shots only


SCENARIOS = Scenarios(
    check=check, hot_spots=hot_spots, selftest_setup=_selftest_setup, summary=_summary, mismatches=mismatches,
    busy=_Busy, shots=screenshots, monkey_setup=lambda seed: GameSetup.quick(GAME),
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_j, pygame.K_k,
          pygame.K_l, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_KP5),
    settings={"animation_speed": "fast"}, monkey_settings={"animation_speed": "fast"},
    play_out=finish, same_state=same_game_state,
)

__all__ = ["SCENARIOS", "check", "check_invariants", "finish", "same_game_state", "table_of", "GAMES"]


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
