"""The input stamping error in the real app loop, at any game's busiest table
(``python -m game.shell.stampbench --game ID [--seconds S] [--size WxH]``).

The game's frame-bench table (its tools' ``SCENARIOS.busy``) is run by
:meth:`App.run` in real time (the input pump between frames) while another
thread posts events at random moments; the error is each event's ``read_at``
minus the moment it was posted.  (:mod:`game.base.stamping` measures the pump
alone, over a stand-in frame.)
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pygame

from game.shell.app import App
from game.shell.modes import scenarios, table_of


def stamping(game_id: str, seconds: float, size: tuple[int, int] = (1920, 1080),
             data_dir: Path | None = None) -> dict[str, Any]:
    """Stamping errors in ms of events posted while the game's busiest table runs in the real loop."""
    app = App(size, data_dir or Path(tempfile.mkdtemp(prefix="stamp-")), seed=1, resizable=False)
    app.to_title()
    scenarios(game_id).busy(app)
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
    app.run(hook=lambda a, frame: time.perf_counter() < end and table_of(a, game_id) is not None)
    stop.set()
    thread.join(1.0)
    errors.sort()

    def pct(p: float) -> float:
        return round(errors[min(len(errors) - 1, int(p * len(errors)))], 3) if errors else 0.0

    return {"game": game_id, "events": len(errors), "frames": app.frames, "size": f"{size[0]}x{size[1]}",
            "error_ms_mean": round(statistics.fmean(errors), 3) if errors else 0.0, "error_ms_p50": pct(0.5),
            "error_ms_p90": pct(0.9), "error_ms_p99": pct(0.99), "error_ms_max": round(errors[-1], 3) if errors else 0.0}


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.shell.stampbench",
                                     description="Measure input stamping in the real app loop at a game's busiest table.")
    parser.add_argument("--game", required=True)
    parser.add_argument("--seconds", "--stamping", type=float, default=8.0)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    w, h = (int(x) for x in args.size.lower().split("x"))
    print(json.dumps(stamping(args.game, args.seconds, (w, h))))
