"""Snap's arena and bench, reached through the registry like every game's."""

from __future__ import annotations

import json

import pytest

from ai.arena import main as arena_main
from engine.bench import main as bench_main


def test_arena_plays_levels_against_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--game", "snap", "--players", "hard,easy", "--games", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [p["level"] for p in result["players"]] == ["hard", "easy"]
    finished = result["games"] - result["unfinished"]
    assert finished and sum(p["win_share"] for p in result["players"]) == pytest.approx(1.0)


def test_bench_reports_actions_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["--game", "snap", "--seconds", "0.2", "--players", "3", "--variant", "shared"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["actions"] > 0 and result["players"] == [3]
