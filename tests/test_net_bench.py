"""The network bench runs, bounded, and reports what it promises.  Its figures depend on the machine's load, so
they come from the command (the closing note), not from this short run."""

from __future__ import annotations

from game.net.bench import run


def test_the_bench_runs_and_reports_its_figures() -> None:
    report = run("snap", clients=3, latency_ms=5, jitter_ms=5, rounds=4, seconds=25, seed=2)
    for key in ("judged_order_accuracy", "action_rtt_ms_p50", "action_rtt_ms_p99", "bytes_per_action", "forged_wins"):
        assert key in report
    assert report["views"] >= 1 and 0 <= report["forged_wins"] <= report["views"]
    assert report["judged_order_accuracy"] is not None and 0 <= report["judged_order_accuracy"] <= 1
    assert report["action_rtt_ms_p50"] > 0 and report["bytes_per_action"] > 0
