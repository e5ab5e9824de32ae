"""The arena's statistics on constructed samples with answers worked out by hand."""

from __future__ import annotations

import math

import pytest

from ai import stats
from ai.stats import wilson


@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (4, 2.7764), (9, 2.2622), (30, 2.0423),
                                          (120, 1.9799), (100_000, 1.9600)])
def test_t_quantiles_match_the_tables(df: int, expected: float) -> None:
    assert stats.t_quantile(df) == pytest.approx(expected, abs=1e-4)


def test_the_interval_over_deals_averages_each_deal_first() -> None:
    # three deals of two games each; player 0 wins both games of deal "a", one of "b", none of "c"
    deals = ["a", "a", "b", "b", "c", "c"]
    scores = [(10, 4), (9, 5), (8, 6), (3, 9), (2, 12), (5, 7)]
    winners = [(0,), (0,), (0,), (1,), (1,), (1,)]
    report = stats.deal_report(2, deals, scores, winners)
    assert report["deals"] == 3
    # per-deal shares 1, 0.5, 0: mean 0.5, sd 0.5, se 0.5 / sqrt 3, t(2) = 4.302653
    half = 4.302653 * 0.5 / math.sqrt(3)
    lo, hi = report["ci95_deal"][0]
    assert lo == pytest.approx(0.5 - half, abs=1e-4) and hi == pytest.approx(0.5 + half, abs=1e-4)
    # margins per game 6, 4, 2, -6, -10, -2; per deal 5, -2, -6: mean -1, sd sqrt(31), se sqrt(31 / 3)
    assert report["margin"] == [-1.0, 1.0]
    mlo, mhi = report["margin_ci95_deal"][0]
    mhalf = 4.302653 * math.sqrt(31 / 3)
    assert mlo == pytest.approx(-1 - mhalf, abs=1e-3) and mhi == pytest.approx(-1 + mhalf, abs=1e-3)
    assert report["margin_ci95_deal"][1] == pytest.approx([1 - mhalf, 1 + mhalf], abs=1e-3)


def test_split_deals_give_a_tight_paired_interval_where_the_unpaired_one_is_wide() -> None:
    # every deal is won once by each player: the deal decided each game, the players are equal
    deals = [d for d in range(50) for _ in range(2)]
    scores = [(9, 3), (3, 9)] * 50
    winners = [(0,), (1,)] * 50
    report = stats.deal_report(2, deals, scores, winners)
    assert report["ci95_deal"][0] == [0.5, 0.5]
    lo, hi = wilson(50, 100)
    assert hi - lo > 0.18
    assert report["margin"] == [0.0, 0.0]


def test_shares_and_margins_of_one_game() -> None:
    assert stats.game_shares((5, 7, 7), (1, 2)) == [0.0, 0.5, 0.5]
    # against the field: each player's points minus the mean of the others'
    assert stats.game_margins((6, 0, 3)) == [4.5, -4.5, 0.0]


def test_behaviour_report_gives_rates_per_opportunity() -> None:
    report = stats.behaviour_report({"strategist": {"hold_pair": (3, 12), "never": (0, 0)}})
    assert report["strategist"]["hold_pair"] == {"fired": 3, "opportunities": 12, "rate": 0.25}
    assert report["strategist"]["never"]["rate"] == 0.0


def test_margins_count_fewer_points_as_ahead_where_the_lowest_total_wins() -> None:
    from ai.stats import deal_report, game_margins

    assert game_margins([10, 4, 1]) == [7.5, -1.5, -6.0]
    assert game_margins([10, 4, 1], lower_wins=True) == [-7.5, 1.5, 6.0]
    report = deal_report(2, [1, 1], [(30, 10), (20, 40)], [(1,), (0,)], lower_wins=True)
    assert report["margin"] == [0.0, 0.0] and report["deals"] == 1
    report = deal_report(2, [1, 2], [(30, 10), (20, 40)], [(1,), (0,)], lower_wins=True)
    assert report["margin"] == [0.0, 0.0] and report["margin_ci95_deal"][0][0] < -20


def test_decision_times_put_the_given_order_first() -> None:
    from ai.stats import decision_report

    report = decision_report({"b": [3.0, 1.0, 2.0], "a": [5.0]}, order=("b",))
    assert list(report) == ["b", "a"]
    assert report["b"] == {"p50": 2.0, "p99": 3.0, "max": 3.0, "decisions": 3}
