"""Issue 22's readings of the customer's rules are written on the in-game rules pages.

Each reading is checked in the page's words and, where the engine decides it,
against the engine, so the page and the play can't drift apart.
"""

from __future__ import annotations

import pytest

from engine.double_or_nothing import MAX_GAME
from engine.scamper import packs_for
from game.rules.double_or_nothing import DOUBLE_OR_NOTHING_RULES
from game.rules.pages import Section
from game.rules.ratscrew import RATSCREW_RULES
from game.rules.scamper import SCAMPER_RULES
from game.rules.snap import SNAP_RULES


def page_text(sections: tuple[Section, ...]) -> str:
    return " ".join(" ".join(s.paragraphs + tuple(e.caption for e in s.examples)) for s in sections).lower()


@pytest.mark.parametrize("reading", [
    "six for 9 or 10",                     # packs for 9-10 players
    "in every game, whether or not the advanced rules are on",  # the first dealer's -20
    "the computer does the dealing",       # no deal bonus, mis-deal, challenge or advice penalties
    "simply refused",                      # illegal lays are refused instead
    "at least four cards: three 2s are never laid as a set of three",
    "then they count as plain cards, not wilds",  # a 2 is natural in a set of 2s
    "holds nothing but wilds",             # a wild may then be discarded
    "round 1 is two sets, round 2 is two runs",  # the club's notes of rounds 1 and 2 swapped
    "every round comes to an end",         # the stuck-round rule
])
def test_scamper_page_states_each_reading(reading: str) -> None:
    assert reading in page_text(SCAMPER_RULES)


def test_scamper_page_packs_agree_with_the_engine() -> None:
    text = page_text(SCAMPER_RULES)
    assert "two packs for 2 or 3" in text and "three for 4 to 6" in text and "four for 7 or 8" in text
    assert [packs_for(n) for n in range(2, 11)] == [2, 2, 3, 3, 3, 4, 4, 6, 6]


def test_double_or_nothing_page_states_the_short_deck_pass_and_the_cleared_run() -> None:
    text = page_text(DOUBLE_OR_NOTHING_RULES)
    assert "draw whatever is left" in text
    assert f"winning game {MAX_GAME} clears the run" in text and "clear it" in text


def test_ratscrew_page_says_what_happens_when_everyone_who_may_snap_is_barred() -> None:
    text = page_text(RATSCREW_RULES)
    assert "a player with an empty pile may still snap" in text
    assert "only if every player at the table is barred at once is everyone let off" in text


def test_snap_page_states_the_pot_order_the_late_call_and_the_draw_in_both_variants() -> None:
    text = page_text(SNAP_RULES)
    assert "the matching cards last, so the matching cards lie on top" in text
    assert "too late is not wrong" in text and "a quarter of a second" in text
    assert "with own piles and with the shared pile alike" in text
