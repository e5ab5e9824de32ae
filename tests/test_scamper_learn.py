"""The learned evaluation of Scamper hands and its trainer (python -m ai.scamper.learn)."""

import json
import math
import random

import pytest

from ai.scamper.learn import NAMES, features, fit, game_samples, held_share, main, run, samples_of, situation, solve
from ai.scamper.arena import play
from scamper_helpers import cards, game

OTHER = "3C 5H 8D JS QH 4D AS TC"


def sigmoid(z):
    return 1 / (1 + math.exp(-z))


def test_the_fit_finds_the_weights_of_an_exact_logistic_rule():
    rng = random.Random(3)
    truth = [-1.0, 2.0, 0.3]
    samples = []
    for _ in range(300):
        x = [1.0, rng.uniform(-1, 1), rng.uniform(0, 5)]
        samples.append((x, sigmoid(sum(w * v for w, v in zip(truth, x))), rng.choice((5.0, 50.0))))
    assert fit(samples, ridge=0.0) == pytest.approx(truth, abs=1e-6)


def test_features_that_say_the_same_need_the_ridge():
    with pytest.raises(ValueError, match="not independent"):
        solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0])
    samples = [([1.0, i / 10, i / 10], sigmoid(i / 10 - 0.5), 10.0) for i in range(10)]
    weights = fit(samples)  # the ridge shares the weight between the twin features
    assert weights[1] == pytest.approx(weights[2])


def test_the_situation_and_a_kept_hand_make_every_named_feature():
    state = game("7H 7S 9D 9S AD AH 4C 6H 3D", OTHER, melds=((1, "QS QD QH"),))
    context = situation(state.observation(0))
    assert context[:2] == [1.0, 1.0]  # the constant; another player is down
    assert context[6] == 0.0  # round 1's two sets don't take the whole hand
    assert len(features(context, 3.0)) == len(NAMES)
    weights = [0.0] * len(NAMES)
    weights[NAMES.index("threat*draws")] = 10 / 3  # z = 10/3 * 3/10 = 1
    assert held_share(context, 3.0, weights) == pytest.approx(sigmoid(1.0))
    assert held_share(context, 50.0, weights) == held_share(context, 25.0, weights)  # draws are capped


def test_the_report_prices_a_draw_by_the_share_of_points_held():
    # a hand of d draws holds min(1, d / 8) of its 100 points: the share rises with the draws, a draw costs points
    rng = random.Random(5)
    context = [1.0, 0.0, 0.8, 0.0, 0.0, 1.0, 0.0, 0.3]
    by_game = [[(context, d, 100, 100.0 * min(1.0, d / 8)) for d in (rng.uniform(0, 12) for _ in range(40))]
               for _ in range(5)]
    report = run(by_game)
    assert report["samples"] == 160 and report["held_out"] == 40 and report["r2_held_out"] > 0.8
    shares = list(report["held_share_by_draws"].values())
    assert shares == sorted(shares) and shares[0] < 0.3 < 0.8 < shares[-1]
    assert report["points_per_draw"] > 1


def test_a_games_samples_are_the_learners_kept_hands_and_its_points_that_round():
    options = {"rounds": 2, "stock_out": "replay"}
    raw = game_samples(["expert", "hard"], "expert", 11, options, 5)
    assert raw and all(len(context) == 8 and points > 0 for context, _, points, _ in raw)
    _, rounds, _ = play(["expert", "hard"], 11, options, 5, {}, {})  # the same game, as the arena plays it
    assert {y for *_, y in raw} <= {float(points[0]) for points in rounds}
    assert [len(x) for x, _, _ in samples_of(raw)] == [len(NAMES)] * len(raw)
    assert all(0 <= share <= 1 for _, share, _ in samples_of(raw))


def test_the_trainer_saves_its_samples_and_fits_them_again(tmp_path, capsys):
    path = tmp_path / "samples.json"
    assert main(["--games", "5", "--rounds", "1", "--seed", "3", "--save", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["samples"] > 0 and played["held_out"] > 0 and played["r2"] <= 1
    assert set(played["weights"]) == set(NAMES)
    assert main(["--load", str(path)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["weights"] == played["weights"] and again["load"] == [str(path)]


@pytest.mark.parametrize("argv, message", [
    (["--load", "BAD"], "not samples a --save wrote"),
    (["--players", "expert,hard", "--learner", "standard"], "is not at every table"),
    (["--games", "0"], "at least 1"),
    (["--players", "expert,wizard"], "wizard"),
])
def test_the_trainer_refuses_what_it_cannot_use(tmp_path, capsys, argv, message):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(SystemExit):
        main([str(bad) if a == "BAD" else a for a in argv])
    assert message in capsys.readouterr().err
