"""The arena's report on tiny runs, and the hint."""

from __future__ import annotations

import json
import math

import pytest

from ai.arena import main as arena_main
from ai.sprint import arena, hint
from ai.sprint.hints import reason
from engine.cards import mask_of, parse_cards
from engine.sprint.records import Record
from engine.sprint import DRAW_STOCK, Lay, Phase, Round


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = arena.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = arena.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = arena.wilson(81, 100)
    assert lo == pytest.approx(0.7222, abs=1e-4) and hi == pytest.approx(0.8749, abs=1e-4)


def test_duplicate_plays_each_deal_in_every_seat_rotation() -> None:
    specs = arena.game_specs(["standard", "apprentice", "strategist"], 7, 4, True, 100, None)
    assert len(specs) == 9  # rounded up to a multiple of 3 players
    by_deal: dict[int, list] = {}
    for spec in specs:
        by_deal.setdefault(spec.deal_seed, []).append(spec)
    assert len(by_deal) == 3
    for group in by_deal.values():
        assert sorted(s.seating for s in group) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
        assert len({s.first_seat for s in group}) == 1
    plain = arena.game_specs(["standard", "apprentice"], 4, 4, False, 100, None)
    assert [s.first_seat for s in plain] == [0, 1, 0, 1]


def test_tiny_run_reports_every_field_consistently(tmp_path, capsys) -> None:
    assert arena_main(["--players", "standard,apprentice", "--games", "5", "--seed", "3", "--duplicate",
                       "--record-dir", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("players", "games", "wins", "ties", "score_share", "ci95", "mean_score", "decision_ms",
                "deals", "ci95_deal", "ci95_unpaired", "margin", "margin_ci95_deal", "behaviours"):
        assert key in report
    assert report["deals"] == 3 and report["ci95"] == report["ci95_unpaired"]
    assert report["margin"][0] == pytest.approx(-report["margin"][1], abs=1e-2)
    assert report["margin"][0] == pytest.approx(report["mean_score"][0] - report["mean_score"][1], abs=1e-2)
    standard = report["behaviours"]["standard"]
    assert standard["discard_highest"]["rate"] == 1.0 and standard["discard_highest"]["opportunities"] > 0
    assert report["players"] == ["standard", "apprentice"]
    assert report["games"] == 6
    assert sum(report["wins"]) + report["ties"] == 6
    assert sum(report["score_share"]) == pytest.approx(1.0, abs=1e-3)
    for share, (lo, hi) in zip(report["score_share"], report["ci95"]):
        expect = arena.wilson(share * 6, 6)
        assert lo == pytest.approx(expect[0], abs=1e-3) and hi == pytest.approx(expect[1], abs=1e-3)
        assert lo <= share <= hi
    assert set(report["decision_ms"]) == {"standard", "apprentice"}
    for t in report["decision_ms"].values():
        assert 0 <= t["p50"] <= t["p99"]
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    means = [0.0, 0.0]
    for path in files:
        record = Record.loads(path.read_text())
        assert [p.kind for p in record.players] == ["ai", "ai"]
        assert {p.level for p in record.players} == {"standard", "apprentice"}
        assert record.scores is not None
        for seat, p in enumerate(record.players):
            means[0 if p.level == "standard" else 1] += record.scores[seat] / 6
    assert means == pytest.approx(report["mean_score"], abs=1e-2)


def test_arena_refuses_bad_player_lists(capsys) -> None:
    with pytest.raises(SystemExit):
        arena_main(["--players", "standard", "--games", "2"])
    with pytest.raises(SystemExit):
        arena_main(["--players", "standard,wizard", "--games", "2"])
    assert "wizard" in capsys.readouterr().err


def test_hint_gives_a_legal_action_and_a_reason() -> None:
    for seed in range(6):
        state = Round.deal(2 + seed % 3, seed)
        for _ in range(3 + seed):
            obs = state.observation(state.current)
            h = hint(obs, think_ms=10)
            assert obs.why_illegal(h.action) is None
            assert h.reason and h.reason[0].isupper() and "\n" not in h.reason
            state.apply(h.action)
            if state.is_over:
                break


def test_hint_names_the_points_of_a_lay() -> None:

    hand = mask_of(parse_cards("7H 8H 9H 2C 5D"))
    rest = [c for c in range(52) if not hand >> c & 1]
    state = Round([hand, mask_of(rest[:6])], rest[6:40], rest[40:], 0, phase=Phase.BUILD)
    text = reason(state.observation(0), Lay("7H 8H 9H"))
    assert text == "Lay 7-8-9 of hearts: 6 points, and it draws 3 new cards."


def test_hint_refuses_when_it_is_not_your_turn() -> None:
    state = Round.deal(2, 1)
    with pytest.raises(ValueError):
        hint(state.observation(1))
    state.apply(DRAW_STOCK)
    assert math.isfinite(len(hint(state.observation(0), think_ms=5).reason))


def test_the_arena_sums_each_levels_behaviour_counts() -> None:
    specs = arena.game_specs(["strategist", "standard"], 40, 5, True, 100, None)
    results = [arena.play_game(spec) for spec in specs]
    report = arena.summarize(["strategist", "standard"], results)
    hold = report["behaviours"]["strategist"]["hold_pair"]
    assert hold["fired"] == sum(r.behaviours["strategist"]["hold_pair"][0] for r in results if r.behaviours)
    assert 0 < hold["opportunities"] and hold["rate"] == round(hold["fired"] / hold["opportunities"], 4)
    take = report["behaviours"]["standard"]["take_to_complete"]
    assert 0 < take["fired"] < take["opportunities"]


def test_the_arena_counts_masters_budget_in_cpu_time() -> None:
    import time

    assert arena.arena_bot("master", seed=1, think_ms=50).clock is time.thread_time
    assert arena.arena_bot("standard", seed=1).level == "standard"
    from ai.sprint import make_bot

    assert make_bot("master", seed=1).clock is time.perf_counter  # the table keeps wall time
