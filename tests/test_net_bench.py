"""The network bench runs, bounded, and reports what it promises (a short run: its figures come from the command)."""

from __future__ import annotations

from game.net.bench import run


def test_the_bench_reports_its_figures_and_no_forged_win() -> None:
    report = run("snap", clients=3, latency_ms=5, jitter_ms=5, rounds=4, seconds=25, seed=2)
    for key in ("judged_order_accuracy", "action_rtt_ms_p50", "action_rtt_ms_p99", "bytes_per_action", "forged_wins"):
        assert key in report
    assert report["views"] >= 1 and report["forged_wins"] == 0
    assert report["judged_order_accuracy"] is not None and report["judged_order_accuracy"] >= 0.9
