"""The Replays list marks who won a round as the game places them, not by the highest score."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games import load_record_data

from game.kit.scenarios import played_record
from game.kit.scorepanel import level_title
from game.screens.replays import describe, winners
from game.shell.session import GameSetup
from game.tables.double_or_nothing.tools import run_setup


def _loaded(record):
    record.note_outcome(record.final_state())
    return load_record_data(json.loads(json.dumps(record.to_json())))


def test_a_run_that_won_a_game_and_then_lost_says_where_it_ended_not_that_its_opponent_won() -> None:
    """The line named the computer as the winner ("Ada (Hard) won  ·  games won: You 1,  Ada (Hard) 1"): a player
    expects how far the run went (issue polish36)."""
    record = played_record(run_setup(26, "standard", runner="hard"), lambda st: False, level="hard")
    state = record.final_state()
    assert state.is_over and state.games_won >= 1 and state.winner == 1  # a run that won games, then lost
    loaded = _loaded(record)
    assert winners(loaded) == (1,)  # the statistics still count the run as lost
    line = describe(Path("20261126-221500-run.json"), loaded)
    runner, opponent = (p.name if p.kind == "human" else f"{p.name} ({level_title(p.level)})" for p in loaded.players)
    won = f"{state.games_won} game{'s' if state.games_won != 1 else ''} won"
    assert line.split("     ", 1)[1] == f"Run ended at game {state.game}, {won}  ·  {runner}, {opponent}"
    assert f"{opponent} won" not in line and "games won:" not in line


def test_where_the_lowest_score_wins_the_lowest_is_marked() -> None:
    record = played_record(GameSetup.all_ai(["easy", "easy", "easy"], "scamper", 5, rounds=1), lambda st: False)
    loaded = _loaded(record)
    low = min(loaded.scores)
    assert {loaded.scores[i] for i in winners(loaded)} == {low}
    loaded.loaded_state = None  # a record whose loading kept no replay: placed by its scores
    assert {loaded.scores[i] for i in winners(loaded)} == {low}
