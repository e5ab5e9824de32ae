"""Double or Nothing's in-game rules pages: registered, complete, and drawn with number cards."""

from __future__ import annotations

import re

from engine.double_or_nothing import UPGRADES
from engine.games import GAMES, load


def _pages() -> tuple:  # type: ignore[type-arg]
    return load(GAMES["double-or-nothing"].rules_pages)  # type: ignore[no-any-return]


def test_examples_use_number_card_codes() -> None:
    codes = [code for section in _pages() for ex in section.examples for code in ex.cards.split()]
    assert codes and all(re.fullmatch(r"N[1-8]", code) for code in codes)


def test_the_pages_say_who_loses_first_when_both_decks_are_short() -> None:
    text = " ".join(p for section in _pages() for p in section.paragraphs)
    assert "If neither deck is big enough, you" in text and "lose first" in text


def test_every_upgrade_is_explained() -> None:
    text = " ".join(p for section in _pages() for p in section.paragraphs)
    for upgrade in UPGRADES.values():
        assert f"{upgrade.name}: {upgrade.effect}" in text
