"""Ratscrew's in-game rules: the registry finds them, and every example is judged by the engine as its caption says."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.games import GAMES, load
from engine.ratscrew import LAY, SNAP_RULES, Ratscrew, StackView, find_snaps
from engine.ratscrew.moves import StackWon
from game.rules.pages import Section


def _pages() -> tuple[Section, ...]:
    pages: tuple[Section, ...] = load(GAMES["ratscrew"].rules_pages)
    return pages


def test_the_snap_examples_are_snaps_or_not_as_captioned() -> None:
    snap_page = next(s for s in _pages() if s.title == "Snap!")
    every = tuple(r.key for r in SNAP_RULES)
    for example in snap_page.examples:
        found = find_snaps(StackView(parse_cards(example.cards)), every)
        assert bool(found) == example.ok, example.caption


def test_the_counting_out_example_gives_the_stack_to_the_king() -> None:
    example = next(s for s in _pages() if s.title == "Counting out").examples[0]
    king, *after = parse_cards(example.cards)
    state = Ratscrew([[after[1], king], [after[2], after[0]]], stack=parse_cards("5H"), calls_made=1)  # bottom-first
    for _ in range(4):
        events = state.apply(LAY, state.turn)
    assert [(e.player, e.how) for e in events if isinstance(e, StackWon)] == [(0, "count")]


def test_the_rules_say_how_exact_ties_are_settled() -> None:
    ties = next(s for s in _pages() if s.title == "Ties")
    assert any("same millisecond" in p and "left" in p for p in ties.paragraphs)


def test_the_counting_out_page_says_what_the_tables_badge_shows() -> None:
    """The table draws the count as a gold badge on the jack, queen, king or ace that started it, with the cards still
    to come (the header: "... takes the stack after 2 more cards"); the page said only "a badge", and called an ace a
    "picture card"."""
    words = " ".join(next(s for s in _pages() if s.title == "Counting out").paragraphs)
    assert "gold badge on that card shows how many cards are still to come" in words
    assert "picture card" not in words
