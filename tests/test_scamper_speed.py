"""The learned model of a Scamper hand's speed and its trainer (python -m ai.scamper.speed)."""

import json
import math
import random

import pytest

from ai.scamper.odds import Yardstick
from ai.scamper.speed import (
    CAP, HAND, HORIZONS, NAMES, WEIGHTS, expected_turns, features, game_samples, hand_terms, hit_chance, main,
    ready_odds, run, situation,
)
from scamper_helpers import cards, game

OTHER = "3C 5H 8D JS QH 4D AS TC"


def terms(state, hand):
    return hand_terms(Yardstick.of(state.observation(0)), cards(hand))


def test_a_kept_hand_is_described_by_what_it_lacks_and_its_outs():
    state = game("7H 7S 9D 9S KD KS 4C", OTHER)
    pairs = terms(state, "7H 7S 9D 9S KD KS 4C")  # two sets of 3: two cards lacking, three pairs' outs
    assert pairs[HAND.index("missing")] == pytest.approx(2 / 3) and pairs[HAND.index("dead")] == 0
    fewer = terms(state, "7H 7S 9D 9S KD 4C 6H")
    assert fewer[HAND.index("first")] < pairs[HAND.index("first")]
    assert terms(state, "7H 7S 7D 9D 9S 9C KD")[:2] == [0.0, 0.0]  # the contract is there
    assert terms(state, "7H 7S X1 9D 9S 4C 6H")[HAND.index("wilds")] == 0.5


def test_the_yardsticks_draws_are_made_of_its_profile():
    state = game("7H 7S 9D 9S KD KS 4C", OTHER)
    stick = Yardstick.of(state.observation(0))
    hand = cards("7H 7S 9D 9S KD 4C 6H")
    missing, first, single = stick.profile(hand)
    assert missing == 2 and 0 < single <= first
    assert stick.draws(hand) == pytest.approx(stick.total / first + (missing - 1) * stick.total / single)
    assert stick.profile(cards("7H 7S 7D 9D 9S 9C KD")) == (0, 0, 0)


def test_a_hand_that_lacks_nothing_is_ready_next_turn_and_the_odds_rise_with_the_horizon():
    state = game("7H 7S 9D 9S KD KS 4C", OTHER)
    context = situation(state.observation(0))
    ready = terms(state, "7H 7S 7D 9D 9S 9C KD")
    assert expected_turns(context, ready, WEIGHTS) == 1.0
    odds = ready_odds(context, terms(state, "7H 7S 9D 9S KD KS 4C"), WEIGHTS)
    assert odds == sorted(odds) and 0 < odds[0] < odds[-1] < 1
    assert 1 < expected_turns(context, terms(state, "7H 7S 9D 9S KD KS 4C"), WEIGHTS) <= CAP


def test_the_chance_of_drawing_what_is_lacking_in_time():
    assert hit_chance(1, 0.1, 0.1, 1) == pytest.approx(0.1)
    assert hit_chance(1, 0.1, 0.5, 3) == pytest.approx(1 - 0.9 ** 3)
    assert hit_chance(2, 0.5, 0.25, 2) == pytest.approx(0.5 * 0.25)
    assert hit_chance(2, 0.5, 0.25, 1) == 0.0 and hit_chance(0, 0.0, 0.0, 1) == 1.0


def test_the_fitted_model_counts_the_outs_as_well_as_the_cards_lacking():
    context = [1.0, 0.0, 1.7, 0.0, 0.0, 0.9, 0.0, 0.2]
    def turns(missing, first, single):
        return expected_turns(context, [missing / 3, math.log1p(missing), first / 85, single / 85, 0.0, 0.0], WEIGHTS)
    assert turns(1, 20, 20) < turns(1, 6, 6) < turns(1, 2, 2)  # one card lacking: more outs, sooner
    assert turns(2, 22, 20) < turns(3, 36, 24) < turns(4, 55, 25)


def test_the_fitted_model_rates_a_hand_nearer_the_contract_faster():
    state = game("7H 7S 9D 9S KD KS 4C 6H 3D", OTHER)
    context = situation(state.observation(0))
    near = expected_turns(context, terms(state, "7H 7S 9D 9S KD KS 4C 6H"), WEIGHTS)
    far = expected_turns(context, terms(state, "7H 4C 9D 6H KD JS 3D 5H"), WEIGHTS)
    assert near < far


def test_the_turns_read_the_horizons_between_those_fitted_linearly():
    # P(ready within k) = k / 10 for every fitted k: the sum over k = 1..8 of 1 - k/10 is 4.4
    context = [1.0] * 8
    hand = [1.0, 1.0, 0.1, 0.1, 0.0, 0.0]
    weights = [[0.0] * len(NAMES) for _ in HORIZONS]
    for w, k in zip(weights, HORIZONS):
        w[0] = math.log(k / (10 - k))  # the constant alone
    assert expected_turns(context, hand, weights) == pytest.approx(1 + sum(1 - k / 10 for k in range(1, CAP)))
    assert len(features(context, hand, 3)) == len(NAMES)


def test_samples_count_the_own_turns_until_the_contract_could_be_laid():
    rows = game_samples(["expert", "hard"], "expert", 11, {"rounds": 2, "stock_out": "replay"}, 11)
    assert rows and all(n is None or n >= 1 for *_, n in rows)
    assert any(n is not None for *_, n in rows) and all(len(t) == len(HAND) for _, t, _, _ in rows)


def test_the_report_finds_that_fewer_missing_cards_are_faster():
    # a hand lacking m cards is ready after m + 1 turns (never, from 5): the model must see that
    rng = random.Random(4)
    context = [1.0, 0.0, 0.8, 0.0, 0.0, 0.8, 0.0, 0.2]
    def row():
        m = rng.randint(1, 6)
        hand = [m / 3, math.log1p(m), rng.uniform(0, 0.3), rng.uniform(0, 0.2), 0.0, 0.0]
        return context, hand, 5.0 * m, (m + 1 if m < 5 else None)
    by_game = [[row() for _ in range(60)] for _ in range(5)]
    report = run(by_game)
    assert report["samples"] == 240 and report["held_out"] == 60
    weights = report["weights"]
    turns = [expected_turns(context, [m / 3, math.log1p(m), 0.1, 0.1, 0.0, 0.0], weights) for m in range(1, 7)]
    assert turns == sorted(turns) and turns[0] < 3 and turns[-1] > 8
    assert report["by_horizon"]["2"]["log_loss_held_out"] < report["by_horizon"]["2"]["draws_only_held_out"] + 0.05


def test_the_command_prints_the_fit_and_refuses_bad_input(tmp_path, capsys):
    saved = tmp_path / "samples.json"
    assert main(["--games", "1", "--rounds", "1", "--seed", "3", "--save", str(saved)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["samples"] > 0 and set(report["by_horizon"]) == {str(k) for k in HORIZONS}
    assert main(["--load", str(saved)]) == 0
    assert json.loads(capsys.readouterr().out)["samples"] == report["samples"]
    with pytest.raises(SystemExit):
        main(["--explore", "2"])
    assert "give a share from 0 to 1" in capsys.readouterr().err
