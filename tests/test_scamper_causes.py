"""Scamper's cause log (ai.scamper.causes): each round's points read back from the arena's games, sorted by cause."""

import json

from ai.scamper.arena import play
from ai.scamper.causes import CAUSES, collect, main, report, round_lines
from engine.envelope import GameRecord, PlayerInfo
from engine.games import game_info

OPTIONS = {"rounds": 3, "stock_out": "replay"}


def played(levels, seed):
    seats = tuple(PlayerInfo(f"{level} {i + 1}", "ai", level) for i, level in enumerate(levels))
    record = GameRecord(game_info("scamper"), seats, seed, OPTIONS)
    _, rounds, _ = play(levels, seed, OPTIONS, seed * 7, {}, {}, record)
    return record, rounds


def test_each_round_is_read_back_with_the_points_the_game_scored():
    levels = ["expert", "hard", "standard"]
    record, rounds = played(levels, 5)
    lines = round_lines(record, levels)
    assert len(lines) == 3 * len(rounds)
    for k, points in enumerate(rounds):
        mine = lines[3 * k:3 * k + 3]
        assert [line.points for line in mine] == list(points)
        assert [line.level for line in mine] == levels
        assert sum(line.cause == "out" for line in mine) == 1
        for line in mine:
            assert line.cause in CAUSES
            assert (line.cause == "caught_not_down") == (line.down_turn is None)
            assert line.points == 0 if line.cause == "out" else line.wild_points <= line.points
        assert sum(line.opening is not None for line in mine) == 1  # one seat opens each round


def test_the_causes_add_up_to_each_levels_points_and_the_swing_is_their_difference():
    players = ["expert", "hard"]
    out = report(players, collect(players, 2, 31, OPTIONS))
    a, b = out["levels"]["expert"], out["levels"]["hard"]
    for level in (a, b):
        assert level["rounds"] == 2 * 2 * 3
        assert abs(sum(c["points_per_round"] for c in level["causes"].values()) - level["points_per_round"]) < 0.03
        assert abs(sum(c["rate"] for c in level["causes"].values()) - 1) < 1e-3
    assert out["swing"]["total"] == round(b["points_per_round"] - a["points_per_round"], 2)
    assert set(out["swing"]["by_round"]) == {"1", "2", "3"}


def test_the_command_prints_one_json_report(capsys):
    assert main(["--players", "hard,standard", "--deals", "1", "--rounds", "1", "--seed", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["levels"]) == {"hard", "standard"} and out["levels"]["hard"]["rounds"] == 2
