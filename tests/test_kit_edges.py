"""The kit at its edges: counts near a unit's end, the focus coming from nowhere, later flights listed out of
order, and empty input (no stacks, no offered cards, no columns, no items to cycle) drawing nothing, not crashing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.base.text import Text  # noqa: E402
from game.kit.endscreen import draw_in_columns, short_count  # noqa: E402
from game.kit.flights import FlightQueue, Later, flight  # noqa: E402
from game.kit.focus import Focus  # noqa: E402


def test_a_count_takes_the_unit_of_its_rounded_value():
    counts = (5_100, 9_999, 10_000, 999_499, 999_500, 999_999, 1_000_000, 5_120_000, 999_949_999, 999_950_000,
              2_684_354_560)
    assert [short_count(n) for n in counts] == [
        "5,100", "9,999", "10k", "999k", "1.0M", "1.0M", "1.0M", "5.1M", "999.9M", "1.0G", "2.7G"]


def test_the_focus_from_nowhere_goes_left_to_the_last_item_and_right_to_the_first():
    items = ["a", "b", "c"]
    focus = Focus()
    focus.cycle(items, -1)
    assert focus.at == "c" and focus.shown() == "c"
    focus = Focus()
    focus.cycle(items, 1)
    assert focus.at == "a"
    focus = Focus(at="gone")  # on none of them
    focus.cycle(items, -1)
    assert focus.at == "c"
    focus = Focus()
    focus.cycle([], 1)  # nothing to point at
    assert focus.at is None


class _Sprite:
    def __init__(self, n: int) -> None:
        self.id, self.card = n, n


def test_later_flights_are_made_in_order_of_delay_whatever_their_order_in_the_step():
    made: list[tuple[int, float]] = []
    queue = FlightQueue()
    box = pygame.Rect(0, 0, 40, 56)

    def make(i: int, delay: float):
        made.append((i, round(queue._clock, 3)))
        return flight(_Sprite(i), True, box, box.move(100, 0), 0.1, delay)
    queue.queue(lambda: [Later(0.3, lambda: make(1, 0.3)), Later(0.1, lambda: make(2, 0.1))])
    for _ in range(6):
        queue.update(0.05)
    # each is made in the frame it takes off (the one reaching its delay), the 0.1 s one first: in list order the
    # 0.1 s flight waited behind the 0.3 s one, then jumped 0.15 s into its tween
    assert made == [(2, 0.05), (1, 0.25)]


def test_empty_input_draws_nothing(pg):
    from game.base.cardart import CardArt
    from game.kit.offer import draw_offer
    from game.kit.stacks import counted_stacks_part

    text = Text()
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    part = counted_stacks_part(CardArt(), text, "play", [], 1.0)
    assert part.key == "play" and not part.area
    part.paint(surface)
    draw_offer(surface, text, [], [], (), "Pick one", "", 1.0)
    draw_in_columns(surface, text, ["a line"], pygame.Rect(0, 0, 400, 100), 0, 1.0)
    assert surface.get_bounding_rect().size == (0, 0)
