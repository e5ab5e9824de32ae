"""The one arena command line: every game through ``python -m ai.arena --game ID``, its records replay, old forms still run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai import arena_cli  # noqa: E402
from ai.arenakit import seatings  # noqa: E402
from engine.games import load_record, playable_games  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TINY = {  # players and the game's own flags for a run of seconds
    "sprint": ["--players", "standard,apprentice"],
    "snap": ["--players", "hard,easy"],
    "ratscrew": ["--players", "hard,easy"],
    "scamper": ["--players", "standard,easy", "--rounds", "1"],
    "double-or-nothing": ["--players", "hard,standard"],
}
GAMES = [info.id for info in playable_games()]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert arena_cli.main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_every_playable_game_has_a_tiny_run_here() -> None:
    assert sorted(TINY) == sorted(GAMES)


def _player_of_seat(record) -> list[int]:
    """The arena names seat ``s``'s player ``j`` as ``"<level> <j+1>"``."""
    return [int(p.name.rsplit(" ", 1)[1]) - 1 for p in record.players]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_reports_the_shared_keys_and_writes_records_that_replay(game, tmp_path, capsys) -> None:
    report = _run(capsys, "--game", game, *TINY[game], "--games", "3", "--seed", "2", "--duplicate",
                  "--record-dir", str(tmp_path), "--json")
    assert set(arena_cli.report_keys()) <= report.keys()
    levels = TINY[game][1].split(",")
    assert report["game"] == game and report["levels"] == levels and report["duplicate"] is True
    assert report["games"] == 4 and report["deals"] == 2  # 3 games rounded up to whole deals of 2 rotations
    assert len(report["score_share"]) == len(report["ci95_deal"]) == len(report["margin"]) == 2
    assert sum(report["score_share"]) == pytest.approx(1.0, abs=1e-3)
    assert report["margin"][0] == pytest.approx(-report["margin"][1], abs=1e-2)
    for share, (lo, hi) in zip(report["score_share"], report["ci95_deal"]):
        assert lo <= share <= hi
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"game-{i:05d}.json" for i in range(4)]
    totals = [0.0, 0.0]
    for path in files:
        record = load_record(path.read_bytes())  # what --replay reads
        assert {p.level for p in record.players} == set(levels) and all(p.is_ai for p in record.players)
        state = record.final_state()
        assert state.is_over
        for seat, player in enumerate(_player_of_seat(record)):
            totals[player] += state.outcome().scores[seat] / 4
    assert totals == pytest.approx(report["mean_score"], abs=1e-2)  # the records are the games the report counts


@pytest.mark.parametrize("game", GAMES)
def test_python_m_game_replay_plays_an_arena_record_to_its_end(game, tmp_path, capsys, monkeypatch) -> None:
    """``python -m game --replay FILE`` (its main, the real loop headless) plays the record to its final state."""
    from game.shell import cli
    from game.shell.app import App
    from game_helpers import key

    _run(capsys, "--game", game, *TINY[game], "--games", "1", "--seed", "5", "--record-dir", str(tmp_path), "--json")
    path = tmp_path / "game-00000.json"
    expected = load_record(path.read_bytes()).final_state()
    seen = {}
    loop = App.run

    def bounded_run(app, max_frames=None, fixed_dt=None, hook=None):
        monkeypatch.setattr(App, "run", loop)  # the frames below run the real loop
        table = app.stack.top
        seen["replaying"] = table.replay is not None
        key(app, pygame.K_4)  # 8x
        for _ in range(400):
            if table.state.is_over:
                break
            key(app, pygame.K_n, 10)
        seen["state"] = table.state

    monkeypatch.setattr(App, "run", bounded_run)
    assert cli.main(["--replay", str(path), "--data-dir", str(tmp_path / "data")]) == 0
    assert seen["replaying"] and seen["state"].is_over
    assert seen["state"].outcome() == expected.outcome()


def test_scamper_old_deals_flag_runs_the_old_form_with_a_notice(capsys) -> None:
    assert arena_cli.main(["--game", "scamper", "--players", "hard,easy", "--deals", "1", "--rounds", "1"]) == 0
    out, err = capsys.readouterr()
    assert "--deals is the old form" in err
    assert "python -m ai.arena --game scamper --players hard,easy --games 2 --duplicate --rounds 1 --json" in err
    report = json.loads(out)
    assert report["deals"] == 1 and report["games"] == 2 and [r["level"] for r in report["results"]] == ["hard", "easy"]


def test_double_or_nothing_old_studies_command_runs_with_a_notice(capsys) -> None:
    assert arena_cli.main(["--game", "double-or-nothing", "--studies", "duels", "--duels", "1"]) == 0
    out, err = capsys.readouterr()
    assert "old form" in err and "--players hard,standard --games 2 --studies duels" in err
    assert [p["games"] for p in json.loads(out)["duels"]["pairs"]] == [2, 2]


def test_double_or_nothing_studies_ride_along_with_the_new_form(capsys) -> None:
    report = _run(capsys, "--game", "double-or-nothing", "--players", "standard,easy", "--games", "2",
                  "--studies", "duels", "--json")
    assert report["games"] == 2 and [p["games"] for p in report["duels"]["pairs"]] == [2, 2]


def test_an_old_entry_point_still_runs_with_a_notice() -> None:
    result = subprocess.run([sys.executable, "-m", "ai.snap_arena", "--players", "hard,easy", "--games", "1", "--json"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "python -m ai.snap_arena is the old form" in result.stderr
    assert "python -m ai.arena --game snap --players hard,easy --games 1 --json" in result.stderr
    assert [p["level"] for p in json.loads(result.stdout)["players"]] == ["hard", "easy"]


def test_without_game_it_is_sprints_arena_with_every_old_key(capsys) -> None:
    report = _run(capsys, "--players", "standard,apprentice", "--games", "2", "--json")
    for key in ("players", "games", "wins", "ties", "score_share", "ci95", "mean_score", "decision_ms", "deals",
                "ci95_deal", "ci95_unpaired", "margin", "margin_ci95_deal", "behaviours", "seed", "duplicate", "think_ms"):
        assert key in report
    assert report["game"] == "sprint"


def test_bad_input_gets_a_clear_message(capsys) -> None:
    assert arena_cli.main(["--game", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    for argv, words in ((["--game", "snap", "--players", "hard,wizard"], "unknown level 'wizard'"),
                        (["--game", "double-or-nothing", "--players", "hard,standard,easy"], "seats 2 to 2"),
                        (["--game", "scamper", "--players", "hard,easy", "--games", "0"], "at least 1"),
                        (["--game", "sprint"], "--players")):
        with pytest.raises(SystemExit):
            arena_cli.main(argv)
        assert words in capsys.readouterr().err


def test_scamper_margin_counts_fewer_points_as_ahead(capsys) -> None:
    report = _run(capsys, "--game", "scamper", "--players", "standard,easy", "--games", "2", "--rounds", "1", "--json")
    (a, b) = report["mean_score"]
    assert report["margin"][0] == pytest.approx(b - a, abs=1e-2)


def test_duplicate_seats_every_player_at_every_seat_of_a_deal() -> None:
    by_deal: dict[int, list[tuple[int, ...]]] = {}
    for s in seatings(3, 7, 4, True):
        by_deal.setdefault(s.deal_seed, []).append(s.seating)
    assert len(by_deal) == 3 and all(sorted(v) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)] for v in by_deal.values())


@pytest.mark.parametrize("game", GAMES)
def test_help_shows_the_one_command_line_with_the_games_own_flags(game, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        arena_cli.main(["--game", game, "--help"])
    out, err = capsys.readouterr()
    assert exit_.value.code == 0 and "old form" not in err
    for flag in ("--players", "--games", "--seed", "--duplicate", "--record-dir", "--jobs", "--json"):
        assert flag in out
