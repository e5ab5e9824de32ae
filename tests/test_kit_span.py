"""The kit's span of slots (game/kit/span.py): a press chooses one slot, a drag across the row stretches the span
from where it started (either way), a second click on a slot chosen alone lets it go, keys stretch and toggle, and
every change is told."""

from game.kit.span import SpanChoice


def test_a_drag_chooses_from_where_it_started_either_way():
    told: list[object] = []
    span = SpanChoice(lambda: told.append(span.span))
    span.press(5)
    assert span.span == (5, 5) and told == [(5, 5)]
    assert span.drag_to(3) and span.span == (3, 5)
    assert not span.drag_to(3) and not span.drag_to(None)  # nothing new: nothing told
    assert span.drag_to(7) and span.span == (5, 7)
    assert span.release(7) and span.span == (5, 7) and span.anchor is None
    assert told == [(5, 5), (3, 5), (5, 7)]
    assert not span.release(7) and not span.drag_to(2)  # no drag under way: neither does anything


def test_a_second_click_on_a_lone_slot_lets_it_go_but_a_drag_back_to_it_does_not():
    span = SpanChoice()
    span.press(4)
    span.release(4)
    assert span.span == (4, 4)
    span.press(4)
    span.release(4)
    assert span.span is None
    span.press(4)
    span.release(4)
    span.press(4)
    span.drag_to(6)
    span.drag_to(4)
    span.release(4)
    assert span.span == (4, 4)  # it moved: a drag, not a click
    span.press(2)
    span.release(2)
    assert span.span == (2, 2)  # another slot: chosen alone


def test_keys_choose_stretch_and_toggle():
    span = SpanChoice()
    span.stretch(6)
    assert span.span == (6, 6)
    span.stretch(2)
    assert span.span == (2, 6)
    span.toggle(8)
    assert span.span == (2, 8)
    span.choose(3)
    span.toggle(3)
    assert span.span is None
    span.choose(7, 1)
    assert span.span == (1, 7)
