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
    sighted.watch(state)
    odds = sighted._take_odds(obs)
    assert guess.get(int(Card("KD")), 0.0) < 0.5
    assert odds[int(Card("KD"))] == 1.0 and odds[int(Card("3D"))] == 0.0
    assert sighted.decide(obs) != Discard(Card("KD"))


def test_auc_ranks_guesses_against_the_truth():
    assert auc([(0.9, True), (0.1, False)]) == 1.0
    assert auc([(0.1, True), (0.9, False)]) == 0.0
    assert auc([(0.5, True), (0.5, False)]) == 0.5


def test_predict_scores_experts_guesses_and_bad_shares_are_refused(capsys):
    assert main(["--predict", "--seats", "2", "--deals", "1", "--rounds", "1", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] > 0 and 0 < report["base_rate"] < 1 and 0 <= report["auc"] <= 1
    assert report["mean_guess_taken"] > report["mean_guess_not_taken"]
    with pytest.raises(SystemExit):
        main(["--sight", "1.5"])
    with pytest.raises(ValueError):
        play_deal(0, ["sighted:lots", "hard"], 1, OPTIONS)
