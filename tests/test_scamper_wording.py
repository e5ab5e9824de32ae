"""Scamper's table words: melds named as the engine reads them, jokers never shown by their code."""

from engine.cards import Card
from engine.melds import solve
from engine.scamper import CONTRACTS

from game.tables.scamper.play import card_words
from game.tables.scamper.steps import meld_words


def test_a_meld_is_named_with_each_wild_where_it_stands():
    assert meld_words((Card("2C"), Card("6H"), Card("7H"))) == "5 to 7 of hearts"
    assert meld_words((Card("6S"), Card("2S"), Card("8S"))) == "6 to 8 of spades"
    assert meld_words((Card("2C"), Card("QH"), Card("KH"))) == "jack to king of hearts"


def test_a_joker_is_written_as_a_word():
    assert card_words([Card("4C"), Card("X1")]) == "4C Joker"
    plan = solve([Card("4C"), Card("5C"), Card("X1"), Card("9D")], CONTRACTS[1])
    assert plan is not None
    assert all("X1" not in part for part in plan.progress(card_words))
    assert any("Joker" in part for part in plan.progress(card_words))


def test_every_key_the_table_binds_is_the_key_its_button_shows():
    import pygame

    from game.tables.scamper.input import KEYS
    from game.tables.scamper.view import HOTKEYS

    for key, action in KEYS.items():
        assert HOTKEYS.get(action) == pygame.key.name(key).upper(), action
    assert HOTKEYS["menu"] == "Esc" and HOTKEYS["sort"] == HOTKEYS["sort_rank"]
