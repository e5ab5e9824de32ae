"""Stamping input as close as possible to when it happened (real-time tables).

pygame-ce 2.5 events carry no timestamp, and a frame loop that reads input once
per frame stamps a key press up to a whole frame late (33 ms at 30 fps).  So
between frames the loop does not sleep in one piece: :class:`InputPump` sleeps
in SDL's own wait (:class:`~game.base.waiting.EventWait`), which returns the
moment an event arrives, until the next frame is due, and puts the moment each
event was read on it as ``event.read_at`` (``time.perf_counter()`` seconds).
Where SDL can't block (no window system wait, a controller open), and for the
last ~11 ms before a frame on Windows (whose wait can't be shorter), it reads
the queue every :data:`POLL_S` (about a millisecond) instead.  The table's
:class:`~game.kit.clock.TableClock` maps ``read_at`` onto its own milliseconds
(``advance(dt, wall=...)`` is told the frame's wall time), so a key press is
stamped within about a millisecond of reaching the program, whatever the frame
rate.

The app uses the pump when the top scene says ``stamps_input = True``.  Headless
runs with a fixed ``dt`` have no wall clock: there the app's frame time is the
sum of the ``dt``\\ s, and a test can post an event with its own ``read_at`` on
that time line.

``python -m game.base.stamping --seconds 5`` measures the stamping error: a
thread posts key events at random moments (noting when), while the main thread
runs frames at a chosen rate (drawing a busy frame) with the pump; the error is
``read_at`` minus the moment posted.  It prints one JSON object.
"""

from __future__ import annotations

import time
from typing import Callable

import pygame

from game.base.waiting import EventWait

POLL_S = 0.001
"""How long the pump sleeps between reads of the event queue where SDL can't wait for an event."""
STAMPED_TYPES = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN,
                           pygame.CONTROLLERBUTTONDOWN})


class InputPump:
    """Reads events until a frame is due, stamping each with ``read_at`` when it was read."""

    def __init__(self, poll_s: float = POLL_S, clock: Callable[[], float] = time.perf_counter,
                 waiter: EventWait | None = None) -> None:
        self.poll_s = poll_s
        self.clock = clock
        self.waiter = waiter if waiter is not None else EventWait()
        self.next_frame = clock()

    def collect(self, fps: int) -> list[pygame.event.Event]:
        """Every event read from now until the next frame is due (1/``fps`` after the last one), stamped."""
        out: list[pygame.event.Event] = []
        period = 1.0 / max(1, fps)
        now = self.clock()
        if now - self.next_frame > period:  # we fell behind (a slow frame): don't try to catch up
            self.next_frame = now
        deadline = self.next_frame + period
        block, woke = self.waiter.ready(), False
        while True:
            events = pygame.event.get()
            read_at = self.clock()
            for event in events:
                event.read_at = read_at
            out += events
            left = deadline - read_at
            if left <= 0:
                break
            block = block and (bool(events) or not woke)  # SDL woke (or failed) with no event for pygame: poll
            if block and self.waiter.keeps(left):  # Windows: a wait under ~11 ms comes back late, so poll the tail
                woke = self.waiter.wait(left)  # back at once when an event comes
            else:
                time.sleep(min(self.poll_s, left))
        self.next_frame = deadline
        return out

    def stamp_now(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Events read in one piece (the plain loop): stamped with the reading moment."""
        read_at = self.clock()
        for event in events:
            if not hasattr(event, "read_at"):
                event.read_at = read_at
        return events


# --- the benchmark ------------------------------------------------------------


def measure(seconds: float = 5.0, fps: int = 60, size: tuple[int, int] = (1280, 720), rate_hz: float = 40.0,
            seed: int = 1) -> dict[str, float]:
    """Stamping errors in ms of events posted by another thread while frames are drawn at ``fps``."""
    import random
    import statistics
    import threading

    pygame.init()
    screen = pygame.display.set_mode(size)
    pump = InputPump()
    sent: dict[int, float] = {}
    errors: list[float] = []
    naive: list[float] = []
    stop = threading.Event()
    rng = random.Random(seed)

    def poster() -> None:
        n = 0
        while not stop.is_set():
            time.sleep(rng.uniform(0.2, 2.0) / rate_hz)
            n += 1
            sent[n] = time.perf_counter()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0, n=n))

    thread = threading.Thread(target=poster, daemon=True)
    font = pygame.font.Font(None, 40)
    end = time.perf_counter() + seconds
    thread.start()
    frames = 0
    while time.perf_counter() < end:
        events = pump.collect(fps)
        frame_at = time.perf_counter()
        for event in events:
            if event.type == pygame.KEYDOWN and getattr(event, "n", None) in sent:
                errors.append((event.read_at - sent[event.n]) * 1000)
                naive.append((frame_at - sent[event.n]) * 1000)
        screen.fill((22, 92, 64))
        for i in range(60):  # a busy frame: some shapes and text
            pygame.draw.rect(screen, (240, 240, 230), (20 + (i * 37) % (size[0] - 100), 20 + (i * 53) % (size[1] - 150), 90, 130),
                             border_radius=8)
        screen.blit(font.render(f"frame {frames}", True, (255, 255, 255)), (10, 10))
        pygame.display.flip()
        frames += 1
    stop.set()
    thread.join(1.0)
    errors.sort()
    naive.sort()

    def pct(xs: list[float], p: float) -> float:
        return round(xs[min(len(xs) - 1, int(p * len(xs)))], 3) if xs else 0.0

    return {
        "events": len(errors), "fps": fps, "frames": frames, "poll_ms": POLL_S * 1000,
        "error_ms_mean": round(statistics.fmean(errors), 3) if errors else 0.0,
        "error_ms_p50": pct(errors, 0.5), "error_ms_p99": pct(errors, 0.99), "error_ms_max": round(max(errors, default=0.0), 3),
        "per_frame_stamp_error_ms_mean": round(statistics.fmean(naive), 3) if naive else 0.0,
        "per_frame_stamp_error_ms_p99": pct(naive, 0.99),
    }


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m game.base.stamping", description="Measure the input stamping error.")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--fps", type=int, default=60)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    print(json.dumps(measure(args.seconds, args.fps, (w, h))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
