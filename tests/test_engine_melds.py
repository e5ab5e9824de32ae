import pytest

from engine.melds import (
    IllegalMatch, MatchKind, MeldRules, check_match, describe_match, match_kind, matches_in, triangular,
)
from engine.cards import cards_of_mask, format_cards, parse_cards
from engine_helpers import hand


@pytest.mark.parametrize("text,kind", [
    ("7H 7D", MatchKind.SET),
    ("7H 7D 7C", MatchKind.SET),
    ("7H 7D 7C 7S", MatchKind.SET),
    ("7H 8H 9H", MatchKind.RUN),
    ("9H 7H 8H", MatchKind.RUN),
    ("QS KS AS", MatchKind.RUN),
    ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", MatchKind.RUN),
])
def test_legal_matches(text, kind):
    assert check_match(parse_cards(text)) is kind


@pytest.mark.parametrize("text,reason", [
    ("KS AS 2S", "aces are high only"),
    ("AS 2S 3S", "aces are high only"),
    ("7H 9H TH", "in sequence"),
    ("7H 8H", "too short for a run"),
    ("7H 8D 9H", "neither a set nor a run"),
    ("7H", "at least 2 cards"),
    ("7H 7H", "only once"),
    ("7C 7D 7H 7S 7C", "only once"),
])
def test_illegal_matches_say_why(text, reason):
    with pytest.raises(IllegalMatch, match=reason):
        check_match(parse_cards(text))


def test_run_message_is_the_players_rule():
    with pytest.raises(IllegalMatch) as err:
        check_match(parse_cards("KS AS 2S"))
    assert "A run needs 3 or more cards of one suit in sequence; aces are high only" in str(err.value)


def test_triangular_points():
    assert [triangular(n) for n in range(2, 8)] == [3, 6, 10, 15, 21, 28]
    assert triangular(13) == 91


def test_every_match_in_a_hand():
    found = {format_cards(cards_of_mask(m)) for m in matches_in(hand("7H 8H 9H 7D KS"))}
    assert found == {"7D 7H", "7H 8H 9H"}


def test_enumeration_covers_sub_runs_and_sub_sets():
    found = [format_cards(cards_of_mask(m)) for m in matches_in(hand("7H 8H 9H TH"))]
    assert found == ["7H 8H 9H TH", "7H 8H 9H", "8H 9H TH"]
    sets = matches_in(hand("QC QD QH QS"))
    assert len(sets) == 1 + 4 + 6  # one four, four threes, six pairs
    assert sets[0] == hand("QC QD QH QS")


def test_enumeration_respects_max_size():
    assert matches_in(hand("QC QD QH"), max_size=2) == [hand("QC QD"), hand("QC QH"), hand("QD QH")]
    assert matches_in(hand("7H 8H 9H"), max_size=2) == []


def test_enumeration_agrees_with_validation_on_random_hands():
    import random
    rng = random.Random(3)
    for _ in range(300):
        cards = rng.sample(range(52), rng.randint(1, 14))
        mask = sum(1 << c for c in cards)
        found = set(matches_in(mask))
        # brute force over all sub-masks of small hands
        if len(cards) <= 10:
            subs = set()
            sub = mask
            while sub:
                if match_kind(sub) is not None:
                    subs.add(sub)
                sub = (sub - 1) & mask
            assert found == subs
        for m in found:
            assert m & mask == m and match_kind(m) is not None


def test_five_of_a_rank_is_not_a_set():
    """Only reachable with more than one deck (other games); Sprint's single deck can't hold five."""
    from engine.cards import ALL_CARDS
    sevens = [ALL_CARDS[5], ALL_CARDS[18], ALL_CARDS[31], ALL_CARDS[44]]
    assert check_match(sevens) is MatchKind.SET
    with pytest.raises(IllegalMatch, match="at most 3"):
        check_match(sevens, MeldRules(set_max=3))


def test_other_games_pass_their_own_sizes():
    scamper = MeldRules(set_min=3, set_max=8, run_min=3)
    assert check_match(parse_cards("7H 7D 7C"), scamper) is MatchKind.SET
    with pytest.raises(IllegalMatch, match="at least 3"):
        check_match(parse_cards("7H 7D"), scamper)


def test_describe_match():
    assert describe_match(parse_cards("7H 8H 9H")) == "7-8-9 of hearts"
    assert describe_match(parse_cards("QS KS AS")) == "Q-K-A of spades"
    assert describe_match(parse_cards("QS QH QD")) == "three queens"
    assert describe_match(parse_cards("7S 7H")) == "a pair of 7s"
