"""The ceiling study (python -m ai.scamper.ceiling): an Expert told what the next player would really take."""

import json

import pytest

from ai.scamper import make_bot
from ai.scamper.arena import play_deal
from ai.scamper.ceiling import Sighted, auc, main
from engine.cards import Card
from engine.scamper import Discard
from scamper_helpers import game

OPTIONS = {"rounds": 2, "stock_out": "replay"}


def test_told_nothing_it_plays_exactly_as_expert():
    for deal in range(2):
        told_nothing = play_deal(deal, ["sighted:0", "hard"], 5, OPTIONS)
        expert = play_deal(deal, ["expert", "hard"], 5, OPTIONS)
        assert told_nothing.totals == expert.totals


def test_told_everything_it_knows_the_pair_the_next_player_hides():
    # the next player holds two kings nobody has seen: Expert's guess of a king is low, the truth is a sure take
    hand = "7H 7S 9D 9S 8C KD 4C 6H 3D"
    state = game(hand, "KH KS 5H 8D JS QH 4D TC")
    obs = state.observation(0)
    guess = make_bot("expert", seed=2)._take_odds(obs)
    sighted = Sighted(2, sight=1.0)
    sighted.watch_table(state)
    odds = sighted._take_odds(obs)
    assert guess.get(int(Card("KD")), 0.0) < 0.5
    assert odds[int(Card("KD"))] == 1.0 and odds[int(Card("3D"))] == 0.0
    assert sighted.decide(obs) != Discard(Card("KD"))


def test_the_truth_is_the_next_players_hand_not_the_one_before():
    # three seats: seat 1 (next) holds two kings, seat 2 (before seat 0) two sevens of its own
    state = game("7H 9D 9S 8C KD 4C 6H 3D QS", "KH KS 5H 8D JS QH 4D TC", "7C 7D 5C 8H JD QD 4S TD")
    sighted = Sighted(2, sight=1.0)
    sighted.watch_table(state)
    truth = sighted.truth(state.observation(0))
    assert truth[int(Card("KD"))] and not truth[int(Card("7H"))]


def test_only_a_study_sees_the_table_and_the_arena_refuses_its_player():
    import argparse

    from ai.scamper.arena import _players, play

    with pytest.raises(argparse.ArgumentTypeError, match="unknown level 'sighted'"):
        _players("sighted:1,hard")

    class Peeking(type(make_bot("hard", seed=1))):
        def watch_table(self, state):
            raise AssertionError("a level must not be handed the table")

    import ai.scamper.arena as arena

    real = arena.player_bot
    arena.player_bot = lambda name, seed: Peeking(seed)
    try:
        with pytest.raises(ValueError, match="may not see the table"):
            play(["hard", "hard"], 1, OPTIONS, 1, {}, {})
    finally:
        arena.player_bot = real


def test_told_nothing_in_worker_processes_every_deal_is_the_same(capsys):
    assert main(["--sight", "0", "--seats", "2", "--deals", "2", "--rounds", "1", "--jobs", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["b_minus_a"]["margin_per_round"]["mean"] == 0 and report["b"] == "sighted:0"


def test_auc_ranks_guesses_against_the_truth():
    assert auc([(0.9, True), (0.1, False)]) == 1.0
    assert auc([(0.1, True), (0.9, False)]) == 0.0
    assert auc([(0.5, True), (0.5, False)]) == 0.5


def test_predict_scores_experts_guesses_and_bad_shares_are_refused(capsys):
    assert main(["--predict", "--seats", "2", "--deals", "1", "--rounds", "1", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] > 0 and 0 < report["base_rate"] < 1 and 0 <= report["auc"] <= 1
    assert report["mean_guess_taken"] > report["mean_guess_not_taken"]
    assert report["log_loss"] > 0
    for bad in (["--sight", "1.5"], ["--predict", "--sight", "1"]):
        with pytest.raises(SystemExit):
            main(bad)
        assert "--sight" in capsys.readouterr().err
    with pytest.raises(ValueError):
        play_deal(0, ["sighted:lots", "hard"], 1, OPTIONS)
