"""Counted stacks (game/kit/stacks.py) and badges (game/kit/badges.py): a stack's steps on the kit's FlightQueue
(stacks fly after their delays, a step lands once when the last of its stacks lands, a step with no stacks is a
pause of its own length), a stack drawn as one cached picture inside its place, and a badge of every shape."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.kit.flights import FlightQueue  # noqa: E402
from game.kit.tweens import out_cubic  # noqa: E402
from game.base.cardart import CardArt  # noqa: E402
from game.base.text import Text  # noqa: E402
from game.kit import stacks  # noqa: E402
from game.kit.badges import OUTLINES, draw_badge  # noqa: E402
from game.kit.stacks import draw_stack, in_the_air, stack_depth, stack_place, stack_step as step  # noqa: E402


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


def test_a_stack_is_deeper_for_more_cards_and_paints_only_inside_its_place():
    assert [stack_depth(n) for n in (0, 1, 2, 3, 4, 9, 10, 99, 100, 5000)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    pygame.init()
    art = CardArt()
    top = pygame.Rect(60, 70, 70, 100)
    for count in (1, 7, 5000):
        surface = pygame.Surface((300, 300), pygame.SRCALPHA)
        draw_stack(surface, art, 5, count, top)
        painted = surface.get_bounding_rect()
        assert painted.w and stack_place(count, top).contains(painted), (count, painted)
        assert painted.y < top.y if count > 1 else painted.y >= top.y - 8  # edges show above the top card
    draw_stack(pygame.Surface((300, 300)), art, 0, 40, top)
    art.numbers_blitted.clear()
    art.backs_blitted = 0
    for value in (5, 0):  # drawn again from the cache: one card shown each, whatever the count
        draw_stack(pygame.Surface((300, 300)), art, value, 5000 if value else 40, top)
    assert art.numbers_blitted == [5] and art.backs_blitted == 1


def test_the_stack_cache_keeps_the_stacks_drawn_most_lately():
    pygame.init()
    art, surface = CardArt(), pygame.Surface((200, 200))
    stacks._STACKS.clear()
    first = pygame.Rect(10, 10, 35, 50)
    draw_stack(surface, art, 3, 50, first)
    kept = stacks._STACKS[(3, stack_depth(50), 35, 50, True)][0]
    for k in range(stacks.MOST_STACKS):  # a new stack each time, the first drawn again between them
        draw_stack(surface, art, 4, 50, pygame.Rect(0, 0, 20, 20 + k))
        draw_stack(surface, art, 3, 50, first)
    assert len(stacks._STACKS) == stacks.MOST_STACKS
    assert stacks._STACKS[(3, stack_depth(50), 35, 50, True)][0] is kept  # never pushed out and drawn again


def test_a_pause_is_not_in_the_air():
    rect = pygame.Rect(0, 0, 10, 14)
    queue = FlightQueue()
    queue.queue(step(0.5, None, []))
    queue.update(0.0)
    assert queue.flights and in_the_air(queue.flights) == []
    queue = FlightQueue()
    queue.queue(step(0.5, None, [(0, 9, rect, rect, 0.0)]))
    queue.update(0.0)
    assert [(f.value, f.count) for f in in_the_air(queue.flights)] == [(0, 9)]


@pytest.mark.parametrize("shape", [*OUTLINES, "ring", "circle", "disc"])
def test_a_badge_of_every_shape_is_its_colour_inside_its_rect(shape):
    pygame.init()
    surface = pygame.Surface((120, 120), pygame.SRCALPHA)
    rect = pygame.Rect(20, 20, 60, 60)

    class Sign:
        colour, mark = "#c0392b", "+"

    Sign.shape = shape
    draw_badge(surface, Text(), Sign(), rect)
    assert rect.inflate(4, 4).contains(surface.get_bounding_rect())
    reds = sum(surface.get_at((x, y))[:3] == (0xc0, 0x39, 0x2b) for x in range(120) for y in range(120))
    assert reds > 200  # the shape is filled (or, for a ring, its band drawn) in the badge's colour


def test_stacks_in_flight_are_drawn_with_their_counts_and_a_pause_draws_nothing():
    pygame.init()
    art, text = CardArt(), Text()
    queue = FlightQueue()
    rect = pygame.Rect(40, 40, 35, 50)
    queue.queue(step(0.5, None, [(7, 1234, rect, rect.move(100, 0), 0.0)]))
    queue.update(0.0)
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    stacks.draw_counted_flights(surface, art, text, queue.flights, 1.0)
    assert set(art.numbers_blitted) == {7}
    below = surface.subsurface(pygame.Rect(rect.x, rect.bottom + 2, rect.w, 30)).get_bounding_rect()
    assert below.h > 5  # the count under the stack
    pause = FlightQueue()
    pause.queue(step(0.5, None, []))
    pause.update(0.0)
    empty = pygame.Surface((300, 200), pygame.SRCALPHA)
    stacks.draw_counted_flights(empty, art, text, pause.flights, 1.0)
    assert empty.get_bounding_rect().w == 0


def test_a_quiet_frame_warms_one_stack_at_a_time_the_depths_in_use_first_and_none_once_all_are_there():
    pygame.init()
    art = CardArt()
    stacks._STACKS.clear()
    stacks.STACKS_WARM.forget()
    sizes, backs = ((20, 28), (30, 42)), (((14, 20), False),)
    first = 9 * 2 + 1  # every card at both sizes as deep as 5 and 7 cards, and the unshadowed back
    total = first + 2 * 8 * stacks.MOST_DEPTH  # then each number at every other depth
    for k in range(1, total + 1):
        stacks.warm_stacks(art, (5, 7), sizes, backs)
        assert len(stacks._STACKS) == k
        if k == first:  # the stacks as deep as the counts in use come first
            assert set(stacks._STACKS) == {(0, 2, 14, 20, False)} | {(n, 2, w, h, True) for n in range(9) for w, h in sizes}
    stacks.warm_stacks(art, (5, 7), sizes, backs)
    assert len(stacks._STACKS) == total and not art.numbers_blitted and not art.backs_blitted  # warmed: never shown


@pytest.mark.parametrize("value", [0, 6])
def test_a_stack_made_from_its_shapes_edges_is_the_stack_painted_afresh(value):
    """Stacks of one shape start as a copy of its edges (made once): the same pixels as blitting them anew."""
    pygame.init()
    art = CardArt()
    stacks._STACKS.clear()
    stacks._EDGES.clear()
    for depth, (w, h) in ((0, (40, 56)), (3, (40, 56)), (4, (63, 90))):
        stacks._stack(art, (value or 2, depth, w, h, True))  # the shape's edges made for another value
        made, dx, dy = stacks._stack(art, (value, depth, w, h, True))
        step = max(2, w // 22)
        fresh = pygame.Surface(made.get_size(), pygame.SRCALPHA)
        top = pygame.Rect(dx, dy, w, h)
        for k in range(depth, 0, -1):
            art.blit_back(fresh, top.move(-k * step // 2, -k * step), shadow=k == depth)
        if value:
            art.blit_number(fresh, value, top, shadow=depth == 0)
        else:
            art.blit_back(fresh, top, shadow=depth == 0)
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(fresh, "RGBA"), depth


def test_counted_stacks_as_a_part_paint_their_stacks_and_counts_inside_its_area():
    pygame.init()
    art, text = CardArt(), Text()
    rects = [pygame.Rect(60 + 60 * i, 60, 40, 56) for i in range(3)]
    part = stacks.counted_stacks_part(art, text, "play", [(n, 250, r) for n, r in zip((3, 4, 5), rects)], 1.0)
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    part.paint(surface)
    painted = surface.get_bounding_rect()
    assert part.key == "play" and part.area.contains(painted)
    assert painted.bottom > rects[0].bottom + 8  # the counts under the stacks
    assert set(art.numbers_blitted) == {3, 4, 5}


@pytest.mark.parametrize("count", [0, 1, 7, 5000])
def test_a_columns_place_holds_its_stack_and_its_selection_ring(count):
    """A hand's column as a layer part paints only inside :func:`column_place`: the stack (or the empty slot) and the
    ring round a selected one."""
    pygame.init()
    art = CardArt()
    top, ring = pygame.Rect(60, 80, 63, 90), 16
    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    if count:
        draw_stack(surface, art, 4, count, top)
    else:
        pygame.draw.rect(surface, (60, 110, 90), top, 3, border_radius=8)
    pygame.draw.rect(surface, (255, 220, 90), top.inflate(ring, ring), 5, border_radius=10)
    place = stacks.column_place(count, top, ring)
    assert place.contains(surface.get_bounding_rect())
    assert place.w * place.h < (top.w + 52) * (top.h + 144)  # tighter than the room a column may ever take
