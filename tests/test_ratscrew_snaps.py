"""Ratscrew's snap rules, one predicate at a time: stacks written top-first, as a player reads them."""

from __future__ import annotations

import pytest

from engine.cards import Card, Rank, parse_cards
from engine.ratscrew.snaps import (
    RULES_BY_KEY, SNAP_RULES, Count, StackView, call_for, calling_out, counting_out, dark_queen, find_snaps, sandwich,
    standard, why_no_snap,
)


def view(top_first: str, call: Rank | None = None, count: Count | None = None) -> StackView:
    return StackView(tuple(reversed(parse_cards(top_first))), call, count)


def shown(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in reversed(cards))


@pytest.mark.parametrize("stack,cards", [
    ("", ""),
    ("7H", ""),
    ("7H 7C", "7H 7C"),
    ("7H 2D 7C", ""),  # a sandwich, not a pair
    ("7H 7C 2D 3S 4C", "7H 7C"),  # top
    ("2D 7H 7C 3S", "7H 7C"),  # middle
    ("2D 3S 4C 7H 7C", "7H 7C"),  # bottom
    ("9S 9D 2D 7H 7C", "9S 9D"),  # the topmost pair is the one shown
])
def test_standard_pair(stack: str, cards: str) -> None:
    assert shown(standard(view(stack))) == cards


@pytest.mark.parametrize("stack,cards", [
    ("", ""),
    ("7H", ""),
    ("7H 7C", ""),
    ("7H 2D 7C", "7H 2D 7C"),
    ("7H 7C 2D", ""),
    ("7H 2D 7C 3S 4C", "7H 2D 7C"),  # top
    ("3S 7H 2D 7C 4C", "7H 2D 7C"),  # middle
    ("3S 4C 7H 2D 7C", "7H 2D 7C"),  # bottom
])
def test_sandwich(stack: str, cards: str) -> None:
    assert shown(sandwich(view(stack))) == cards


@pytest.mark.parametrize("stack,cards", [
    ("", ""),
    ("QS", "QS"),
    ("QH", ""),
    ("QS 2D", "QS"),  # top
    ("2D QS 3C", ""),  # middle: only the top card counts
    ("2D 3C QS", ""),  # bottom
])
def test_dark_queen(stack: str, cards: str) -> None:
    assert shown(dark_queen(view(stack))) == cards


@pytest.mark.parametrize("stack,call,cards", [
    ("", Rank.ACE, ""),
    ("AH", Rank.ACE, "AH"),
    ("AH", None, ""),  # the top card was not laid in turn
    ("2H", Rank.ACE, ""),
    ("7H 2D", Rank.SEVEN, "7H"),  # top
    ("2D 7H 3C", Rank.SEVEN, ""),  # a 7 in the middle was called for another card
    ("2D 3C 7H", Rank.SEVEN, ""),  # bottom
])
def test_calling_out(stack: str, call: Rank | None, cards: str) -> None:
    assert shown(calling_out(view(stack, call))) == cards


@pytest.mark.parametrize("stack,left,cards", [
    ("", 0, ""),
    ("JH", 0, "JH"),  # a picture card laid with nothing after it is never at 0 in play, but the rule reads the count
    ("JH", 1, ""),
    ("3C JH", 0, "3C JH"),  # top
    ("4D 3C KH", 0, "4D 3C KH"),  # three cards
    ("4D 3C KH 9S", 0, "4D 3C KH"),  # middle
    ("2S 4D 3C KH", 0, "2S 4D 3C KH"),  # bottom
])
def test_counting_out(stack: str, left: int, cards: str) -> None:
    picture = next((c for c in parse_cards(stack) if c.rank >= Rank.JACK), Card("JH"))
    assert shown(counting_out(view(stack, count=Count(0, left, picture)))) == cards
    assert counting_out(view(stack)) == ()


def test_calls_run_ace_to_king_and_round_again() -> None:
    calls = [call_for(n).word for n in range(1, 16)]
    assert calls == ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace", "2"]
    with pytest.raises(ValueError):
        call_for(0)


def test_find_snaps_lists_every_rule_in_play_with_its_cards() -> None:
    stack = view("QS 2D QH QC", call=Rank.QUEEN)
    every = tuple(r.key for r in SNAP_RULES)
    assert [str(r) for r in find_snaps(stack, every)] == [
        "Calling out: QS", "Pair: QC QH", "Sandwich: QH 2D QS", "Dark queen: QS",  # in the order laid
    ]
    assert [r.rule for r in find_snaps(stack, ("sandwich",))] == ["sandwich"]
    assert find_snaps(stack, ()) == ()


def test_a_wrong_snap_says_briefly_why_it_was_not_a_snap() -> None:
    """One short reason, never a list of every rule that did not hold: with one rule in play what it lacked."""
    assert why_no_snap(view("7H 2D"), ("standard", "dark_queen")) == "Wrong snap: no snap showing."
    assert why_no_snap(view("7H 2D"), tuple(RULES_BY_KEY)) == "Wrong snap: no snap showing."
    assert why_no_snap(view("7H 2D"), ("dark_queen",)) == f"Wrong snap: {RULES_BY_KEY['dark_queen'].absent}."
    assert "switched off" in why_no_snap(view("7H 2D"), ())


def test_a_wrong_snap_on_a_snap_switched_off_says_it_is_off():
    """A pair on top while pairs are off: "no snap showing" would deny what the player sees."""
    assert why_no_snap(view("7H 7D"), ("sandwich", "dark_queen")) == "Wrong snap: Pair is switched off in this game."
    assert why_no_snap(view("7H 7D"), ("dark_queen",)) == "Wrong snap: Pair is switched off in this game."
    assert why_no_snap(view("7H 2D"), ("sandwich", "dark_queen")) == "Wrong snap: no snap showing."


def test_every_snap_rule_is_a_house_rule_on_by_default() -> None:
    from engine.games import GAMES
    from engine.ratscrew import HouseRules

    options = {o.key: o for o in GAMES["ratscrew"].options}
    assert all(options[rule.key].default is True for rule in SNAP_RULES)
    assert HouseRules.from_options({}).snap_rules == tuple(r.key for r in SNAP_RULES)
    assert "sandwich" not in HouseRules.from_options({"sandwich": False}).snap_rules
    assert options["calls"].default == "game" and options["out_of_turn"].default == "bottom"
