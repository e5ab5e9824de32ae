"""Double or Nothing's steps on the kit's FlightQueue: stacks fly after their delays, the model is patched once
when the last of a step's stacks lands, and a step with no stacks is a pause of its own length."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.kit.flights import FlightQueue  # noqa: E402
from game.kit.tweens import out_cubic  # noqa: E402
from game.tables.double_or_nothing.steps import step  # noqa: E402


def test_a_step_lands_once_after_its_last_stack_and_a_pause_waits_its_length():
    queue = FlightQueue()
    landed: list[str] = []
    start, end = pygame.Rect(0, 0, 10, 14), pygame.Rect(100, 40, 20, 28)
    queue.queue(step(0.3, lambda: landed.append("play"), [(5, 2, start, end, 0.0), (6, 2, start, end, 0.04)]))
    queue.queue(step(0.6, lambda: landed.append("pause"), []))
    queue.update(0.0)
    assert [(f.value, f.count) for f in queue.flights] == [(5, 2), (6, 2)]
    queue.update(0.15)
    first = queue.flights[0].rect
    assert first.topleft == (round(100 * out_cubic(0.5)), round(40 * out_cubic(0.5)))
    assert first.size == start.size  # a stack keeps its size all the way
    queue.update(0.15)
    assert landed == []  # the second stack is still in the air (it left 0.04 s later)
    queue.update(0.04)
    assert landed == ["play"]
    assert queue.flights and all(f.value is None for f in queue.flights)  # the pause: nothing shows
    queue.update(0.59)
    assert landed == ["play"]
    queue.update(0.02)
    assert landed == ["play", "pause"] and not queue.busy


def test_with_animations_off_every_step_lands_at_once():
    queue = FlightQueue()
    landed: list[str] = []
    rect = pygame.Rect(0, 0, 10, 14)
    queue.queue(step(0.0, lambda: landed.append("play"), [(5, 2, rect, rect, 0.0), (6, 2, rect, rect, 0.08)]))
    queue.queue(step(0.0, lambda: landed.append("won"), []))
    queue.update(0.0, instant=True)
    assert landed == ["play", "won"] and not queue.busy
