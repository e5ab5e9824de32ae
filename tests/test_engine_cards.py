import random

import pytest

from engine.cards import ALL_CARDS, Card, Rank, Suit, format_cards, parse_cards, shuffled, standard_deck


def test_every_code_round_trips():
    for card in ALL_CARDS[:52]:
        assert Card(str(card)) is card
        assert eval(repr(card)) is card


def test_codes_rank_and_suit():
    card = Card("TD")
    assert card.rank is Rank.TEN and card.suit is Suit.DIAMONDS
    assert Card("as").code == "AS"
    assert Card("QS").name == "queen of spades"


def test_aces_are_high():
    assert Card("AS").rank > Card("KS").rank > Card("2S").rank
    assert [r.letter for r in sorted(Rank)] == list("23456789TJQKA")


def test_a_ten_may_be_written_10():
    assert Card("10H") is Card("TH") and str(Card("10h")) == "TH"
    assert parse_cards("10S QS") == (Card("TS"), Card("QS"))


@pytest.mark.parametrize("bad", ["", "1S", "TX", "10", "100H", "10HH", "ASS", None, 7])
def test_bad_codes_are_refused_with_a_reason(bad):
    with pytest.raises(ValueError, match="is not a card"):
        Card(bad)


def test_parse_and_format_are_inverse():
    text = "AS 7H TD 2C"
    assert format_cards(parse_cards(text)) == text
    assert parse_cards("AS,7H") == (Card("AS"), Card("7H"))


def test_decks():
    assert len(set(standard_deck())) == 52
    two = standard_deck(copies=2, jokers=2)
    assert len(two) == 106 and sum(c.is_joker for c in two) == 2
    assert str(two[-1]) == "X2"
    with pytest.raises(ValueError):
        standard_deck(copies=0)


def test_shuffle_comes_from_the_injected_rng():
    a = shuffled(standard_deck(), random.Random(7))
    b = shuffled(standard_deck(), random.Random(7))
    c = shuffled(standard_deck(), random.Random(8))
    assert a == b and a != c
