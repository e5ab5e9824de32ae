"""Scamper's race model (Expert's study variants ``race=refine|speed`` and ``race_take``), in built positions."""

import random

import pytest

from ai.scamper import Expert, ExpertParams
from ai.scamper.expert import indexes, racing
from ai.scamper.odds import JOKER_INDEX, Yardstick
from ai.scamper.race import HAZARD, Race, hazard
from engine.cards import Card
from engine.scamper import DRAW_DISCARD, DRAW_STOCK, Discard, Phase, card_points, new_game
from scamper_helpers import cards, game

OTHER = "3C 5H 8D JS QH 4D AS TC 6C"
NEAR = "7H 7S 7D 9D 9S 9C KD KS 4C"  # round 4 (three sets of 3): one king or wild short


def race_of(state, samples=40, seed=3):
    obs = state.observation(0)
    return Race(obs, Yardstick.of(obs), random.Random(seed), samples, 20, 100.0)


def is_wild_index(index):
    return index >= JOKER_INDEX or index % 13 == 0


def test_a_hand_one_card_short_finishes_on_the_first_draw_that_fills_it():
    race = race_of(game(NEAR, OTHER, round_no=4))
    kings = {int(Card(k)) for k in ("KC", "KD", "KH", "KS")}
    expected = [next((i for i, c in enumerate(seq, 1) if c in kings or is_wild_index(c)), race.horizon + 1)
                for seq in race.sequences]
    assert race.turns(indexes(cards(NEAR))) == expected
    assert min(expected) == 1 and max(expected) > 1  # the samples differ


def test_a_hand_that_needs_more_cards_finishes_later_on_the_same_draws():
    race = race_of(game(NEAR, OTHER, round_no=4))
    near = race.turns(indexes(cards(NEAR)))
    far = race.turns(indexes(cards("7H 7S 7D 9D 9S 5C KD QS 4C")))
    assert sum(far) > sum(near)
    assert race.win_chance(far) < race.win_chance(near)


def test_a_complete_hand_has_finished_and_wins_the_round():
    race = race_of(game(NEAR, OTHER, round_no=4))
    done = indexes(cards("7H 7S 7D 9D 9S 9C KD KS KC"))
    assert set(race.turns(done)) == {0}
    assert race.value(done, 75) == 100.0


def test_the_longer_an_opponent_has_played_the_likelier_it_finishes_first():
    fresh = game(NEAR, OTHER, round_no=4)
    late = game(NEAR, OTHER, round_no=4)
    late.discarded = [[], cards("5D 6D 8H JC QC 3H")]
    early, later = race_of(fresh), race_of(late)
    turns = early.turns(indexes(cards(NEAR)))
    assert later.win_chance(turns) < early.win_chance(turns)
    assert hazard(4, 6) > hazard(4, 1) and hazard(4, 99) == HAZARD[4][-1]


def test_being_caught_costs_the_hand_held():
    race = race_of(game(NEAR, OTHER, round_no=4))
    hand = indexes(cards(NEAR))
    win = race.win_chance(race.turns(hand))
    assert 0 < win < 1
    assert abs(race.value(hand, 90) - (win * 100 - (1 - win) * 90)) < 1e-9


def test_only_rounds_where_laying_is_going_out_are_races():
    assert racing(game(NEAR + " 5D", OTHER, round_no=4).observation(0))
    assert not racing(game("7H 7S 7D 9D 9S 9C KD KS", OTHER, round_no=1).observation(0))  # eight cards, two sets
    passed_extra = game(NEAR + " 5D 6D 8S", OTHER, round_no=4)  # the opening pass gave it two more cards
    assert not racing(passed_extra.observation(0))


def test_race_take_takes_the_card_that_goes_out_and_draws_past_a_useless_one():
    bot = Expert(1, params=ExpertParams(race_take=True))
    for top, move in (("KH", DRAW_DISCARD), ("5D", DRAW_STOCK)):
        state = game(NEAR, OTHER, discard=top, phase=Phase.DRAW, round_no=4)
        assert bot.decide(state.observation(0)) == move, top
    assert bot.counts["race_take"] == [1, 2]


def test_race_refine_keeps_the_hand_worth_most_in_the_race_among_the_odds_best():
    # a round-4 hand with two sets and four single naturals after its draw: the odds rank several discards
    # within a draw of the best, and the race keeps the hand of the best expected margin among them
    hand = "7H 7S 7D 9D 9S 9C KD 4C AS 8H"
    obs = game(hand, OTHER, round_no=4).observation(0)
    bot = Expert(1, params=ExpertParams(race="refine"))
    choice = bot.decide(obs)
    near = bot._near(obs, bot._race_discards(obs))
    race = bot._race(obs)
    assert len(near) >= 2 and choice in near
    assert bot.counts["race_discard"][1] == 1

    def worth(d):
        rest = cards(hand)
        rest.remove(d.card)
        return race.value(indexes(rest), sum(map(card_points, rest)))

    assert worth(choice) == max(map(worth, near))
    assert Expert(1).decide(obs) == near[0]  # without the race: the odds' best


def test_expert_racing_plays_the_same_game_thinking_in_slices_as_deciding_at_once():
    def play(sliced):
        state = new_game(2, {"rounds": 4}, seed=8)  # round 4 is a race
        bots = [Expert(s, params=ExpertParams(race="refine", race_take=True)) for s in range(2)]
        actions, slices = [], 0
        while not state.is_over:
            seat = state.current
            if sliced:
                steps = bots[seat].think(state.observation(seat))
                while True:
                    try:
                        next(steps)
                        slices += 1
                    except StopIteration as stop:
                        action = stop.value
                        break
            else:
                action = bots[seat].decide(state.observation(seat))
            actions.append(action)
            state.apply(action, seat)
        return actions, slices, bots[0].counts

    at_once, _, counts = play(False)
    sliced, slices, _ = play(True)
    assert sliced == at_once and slices > len(sliced) // 2
    assert counts["race_discard"][1] > 0


def test_the_timing_times_race_round_hands_and_expert_with_other_weights(capsys):
    from ai.scamper import timing

    report = timing.run(hands=2, size=None, wilds=1, seed=1, expert="race=refine")
    assert report["hand_size"] == "dealt + 1" and report["expert"] == "race=refine"
    assert report["decision_cpu_ms"]["expert"]["n"] == 4
    with pytest.raises(SystemExit):
        timing.main(["--expert", "race=fast"])
    assert "race" in capsys.readouterr().err
