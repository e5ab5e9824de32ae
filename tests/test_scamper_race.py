"""Scamper's race rounds (:mod:`ai.scamper.race`) and Expert's choices in them: built positions."""

import pytest

from ai.scamper import Expert, ExpertParams
from ai.scamper.odds import Yardstick
from ai.scamper.race import end_chance, is_race, opponent_draws, typical_draws
from engine.cards import Card
from engine.scamper import Discard
from scamper_helpers import cards, game

# round 4 (three sets of three, nine cards dealt: laying the contract is going out); the fourth pair is worth
# keeping for its outs early in the round, the lone 4 is not
HAND = "7H 7S 9D 9S KD KS AH AD 4C"
OTHER = "3C 5H 8D JS QH 4D AS TC 6C"
ACES = (Discard(Card("AH")), Discard(Card("AD")))


def race_game(turns: int = 0, takes: int = 0):
    """The position after the other player has thrown ``turns`` cards and taken ``takes`` from the pile."""
    state = game(HAND, OTHER, round_no=4)
    state.discarded[1] = cards(" ".join(["3D"] * turns))
    state.taken[1] = cards(" ".join(["5S"] * takes))
    return state


def test_only_rounds_dealt_at_the_contracts_size_with_nobody_down_are_races():
    assert [is_race(game(HAND, OTHER, round_no=n).observation(0)) for n in range(1, 11)] == [False] * 3 + [True] * 7
    assert not is_race(game(HAND, OTHER, round_no=5, melds=((1, "QS QD QH"),)).observation(0))


def test_the_distance_counts_the_cards_lacking_and_the_unseen_cards_that_would_fill_one():
    obs = race_game().observation(0)
    stick = Yardstick.of(obs)
    assert stick.distance(cards("7H 7S 7D 9D 9S 9C KD KS KH")) == (0, 0, 0)
    missing, outs, single = stick.distance(cards("7H 7S 9D 9S KD KS 4C 5C"))
    assert missing == 3
    unseen = stick.unseen
    wilds = unseen[52] + sum(unseen[s * 13] for s in range(4))
    sevens, nines, kings = (sum(unseen[s * 13 + r - 2] for s in range(4)) for r in (7, 9, 13))
    assert outs == single == sevens + nines + kings + wilds  # one best combination: the three pairs


def test_an_opponent_needs_fewer_draws_for_each_turn_played_and_fewer_still_for_each_card_taken():
    fresh, late, taking = (race_game(*args).observation(0) for args in ((0, 0), (4, 0), (4, 1)))
    typical = typical_draws(fresh, Yardstick.of(fresh))
    assert typical > 5
    assert opponent_draws(fresh, typical) == [typical]
    assert opponent_draws(late, typical) == [typical - 4]
    assert opponent_draws(taking, typical) == [typical - 3 - 3]
    assert opponent_draws(race_game(20, 0).observation(0), typical) == [1.0]


def test_the_round_is_likelier_to_end_soon_with_closer_or_more_opponents():
    assert end_chance([8]) == pytest.approx(1 / 8)
    assert end_chance([2]) > end_chance([8]) and end_chance([8, 8, 8]) > end_chance([8])
    assert end_chance([1]) == 1.0 and end_chance([1000]) == pytest.approx(1 / 40)


def test_in_a_race_expert_keeps_its_outs_early_and_sheds_its_dear_cards_when_the_round_may_end():
    for seed in range(1, 5):
        assert Expert(seed, params=ExpertParams(race="urgent")).decide(race_game().observation(0)) not in ACES
        bot = Expert(seed, params=ExpertParams(race="urgent"))
        assert bot.end_chance(race_game(7, 3).observation(0)) == 1.0
        assert bot.decide(race_game(7, 3).observation(0)) in ACES
        assert bot.counts["race_shed"] == [1, 1]
        assert Expert(seed).decide(race_game(7, 3).observation(0)) not in ACES  # without the race model


def test_expert_by_the_ladder_throws_the_card_that_costs_no_distance_and_fewest_outs():
    assert Expert(1, params=ExpertParams(race="ladder")).decide(race_game(7, 3).observation(0)) == Discard(Card("4C"))
