"""Expert's weights as arena variants, and the paired study (python -m ai.scamper.pair)."""

import argparse
import json

import pytest

from ai.scamper import Expert, ExpertParams, HoldRule
from ai.scamper.arena import _players, player_bot, variant
from ai.scamper.pair import main, run, seating


def test_an_experts_variant_sets_any_of_its_weights():
    assert variant("take_rule=odds", "expert") == {"params": ExpertParams(take_rule="odds")}
    assert variant("nohold+opening=pass+deny_weight=8+deny_samples=16", "expert") == {
        "hold": False, "params": ExpertParams(opening="pass", deny_weight=8.0, deny_samples=16)}
    assert variant("take_to_meld=false", "expert") == {"params": ExpertParams(take_to_meld=False)}
    assert variant("hold=30/3/100", "expert") == {"hold": HoldRule(30, 3, 100)}
    bot = player_bot("expert:nohold+deny_weight=0", 1)
    assert isinstance(bot, Expert) and bot.hold is None and bot.params == ExpertParams(deny_weight=0.0)
    assert player_bot("expert", 1).params == ExpertParams()


def test_a_variant_names_a_weight_of_expert_and_a_value_of_its_kind():
    for bad in ("hard,hard:opening=pass", "expert,expert:speed=3", "expert,expert:deny_weight=lots",
                "expert,expert:take_to_meld=yes", "expert,expert:opening=", "expert,expert:take_rule=banana",
                "expert,expert:deny_samples=1.5", "expert,expert:nohold+"):
        with pytest.raises(argparse.ArgumentTypeError):
            _players(bad)


def test_two_players_are_seated_alike_against_the_same_opponents():
    assert seating("expert", "hard", 2) == ["expert", "hard"]
    assert seating("expert:deny_weight=8", "hard", 4) == ["expert:deny_weight=8", "hard"] * 2


def test_the_paired_study_gives_no_difference_between_two_names_for_the_same_player():
    # take_rule=hard is Expert's default: the same decisions on the same deals, so every deal's difference is 0
    options = {"rounds": 2, "stock_out": "replay"}
    report = run("expert", "expert:take_rule=hard", "hard", 2, 3, 5, options)
    assert report["b_minus_a"] == {"score_share": {"mean": 0.0, "ci95": [0.0, 0.0]},
                                   "margin_per_round": {"mean": 0.0, "ci95": [0.0, 0.0]}}
    assert report["expert"] == report["expert:take_rule=hard"]


def test_the_paired_study_reports_each_deal_and_the_difference_of_their_means(capsys):
    assert main(["--a", "expert", "--b", "expert:deny_weight=8", "--seats", "4", "--deals", "2", "--rounds", "4",
                 "--seed", "3", "--rows"]) == 0
    report = json.loads(capsys.readouterr().out)
    a, b = report["expert"], report["expert:deny_weight=8"]
    rows = report["rows"]
    assert [r["deal"] for r in rows] == [0, 1] and report["players"]["expert"] == ["expert", "hard"] * 2
    mean_a = sum(r["expert"][1] for r in rows) / 2
    mean_b = sum(r["expert:deny_weight=8"][1] for r in rows) / 2
    assert a["margin_per_round"]["mean"] == pytest.approx(mean_a, abs=1e-4)
    assert report["b_minus_a"]["margin_per_round"]["mean"] == pytest.approx(mean_b - mean_a, abs=1e-4)
    assert 0 <= b["score_share"]["mean"] <= 1


def test_the_paired_study_refuses_a_player_twice(capsys):
    with pytest.raises(SystemExit):
        main(["--a", "expert", "--b", "expert", "--deals", "1"])
    assert "three different players" in capsys.readouterr().err
