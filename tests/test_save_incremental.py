"""The per-action save: its main-thread work grows with the new actions only, and what it writes is the whole round.

A table here is the part of a table the save store reads (record, state, setup, app); the
actions are real ones, from seeded random legal play of each game.
"""

import json
import random
from types import SimpleNamespace

import pytest

from engine.games import GAMES
from game.shell.resume import RoundSaver, encode_json, round_data
from game.shell.saves import COMPACT_EVERY, SaveStore
from game.shell.session import GameSetup, SeatConfig
from game.shell.storage import Journal, read_journal_text

GAME_IDS = list(GAMES)


def new_table(game: str, seed: int = 1) -> SimpleNamespace:
    info = GAMES[game]
    seats = [SeatConfig("Zoë"), SeatConfig("Ada", "ai", info.default_level), SeatConfig("Ben", "ai", info.default_level)]
    setup = GameSetup(seats[:info.max_seats], game=game)
    record, state = setup.start(random.Random(seed))
    return SimpleNamespace(record=record, state=state, setup=setup, app=SimpleNamespace(think_ms=700),
                           replaying=False, network=None, show_toast=lambda *a: None)


def play(table: SimpleNamespace, moves: int, rng: random.Random) -> int:
    """Up to ``moves`` random legal actions at ``table`` (kept in its record, as a table does); how many were played."""
    state, record = table.state, table.record
    played = 0
    at = getattr(record, "clock", 0)
    while played < moves and not state.is_over:
        at += rng.randrange(20, 300) if getattr(record, "clock", None) is not None else 0
        state.advance(at)
        choices = [(seat, a) for seat in state.to_move() for a in state.legal_actions(seat)]
        if not choices:
            record.note_time(at)
            continue
        seat, action = rng.choice(choices)
        events = state.apply(action, seat, at)
        record.append(seat, action, events, at)
        played += 1
    return played


def whole(table: SimpleNamespace) -> dict:
    """The round as the save wrote it before: every action converted, the whole encoded at once."""
    return json.loads(encode_json(round_data(table)))


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_save_made_action_by_action_is_the_save_made_whole(game):
    table, saver, rng = new_table(game), RoundSaver(), random.Random(3)
    for _ in range(40):
        if not play(table, rng.randrange(1, 4), rng):
            break
        data, saved = saver.save(table)
        assert json.loads(saved.content()) == whole(table) == json.loads(encode_json(data))
    assert len(table.record.log) >= 10


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_save_converts_only_the_new_actions(game):
    """The work of a save does not grow with the round: each action is converted and encoded once."""
    table, saver, rng = new_table(game), RoundSaver(), random.Random(5)
    calls = []
    convert = table.record.entry_json
    table.record.entry_json = lambda item: calls.append(item) or convert(item)
    play(table, 30, rng)
    saver.save(table)
    assert len(calls) == saver.converted == len(table.record.log)
    for _ in range(60):
        before = len(table.record.log)
        if not play(table, 1, rng):
            break
        calls.clear()
        saver.save(table)
        assert len(calls) == len(table.record.log) - before == 1
    assert saver.converted == len(table.record.log)


def test_an_undone_action_is_noticed_and_the_save_stays_the_whole_round():
    """Sprint's Undo shortens the record: a saver seeing a shorter log, or another action in place, starts over."""
    table, saver, rng = new_table("sprint"), RoundSaver(), random.Random(7)
    play(table, 12, rng)
    saver.save(table)
    log = table.record.log
    undone = log.pop()
    table.state = table.record.final_state()
    data, saved = saver.save(table)
    assert json.loads(saved.content()) == whole(table) and len(data["actions"]) == len(log)
    log.append(undone)  # played again: only it is converted
    before = saver.converted
    saver.save(table)
    assert saver.converted == before + 1
    log[-1] = (log[0][0], log[0][1])  # another action in the last one's place, the length the same
    data, saved = saver.save(table)
    assert json.loads(saved.content()) == whole(table) and data["actions"][-1] == data["actions"][0]
    kept = saved.content()
    play(table, 5, rng)  # a save made before keeps its bytes when later actions come
    assert saved.content() == kept


def test_the_store_s_files_after_many_actions_are_the_whole_round(tmp_path):
    """save.json and the journal (compacted on the way) hold the round exactly, the pending round too."""
    store = SaveStore.open(tmp_path)
    table, rng = new_table("scamper"), random.Random(11)
    for _ in range(3 * COMPACT_EVERY):
        if not play(table, 1, rng) or table.state.is_over:
            break
        store.note(table)
    store.flush()
    assert len(table.record.log) > 2 * COMPACT_EVERY and store.journal.appended < COMPACT_EVERY  # it was compacted
    expected = whole(table)
    assert store.pending == expected
    assert json.loads((tmp_path / "save.json").read_bytes()) == expected
    assert read_journal_text((tmp_path / "save.journal").read_text("utf-8")) == expected
    store.journal.close()
    assert SaveStore.open(tmp_path).pending == expected


def test_a_journal_header_from_encoded_bytes_is_the_header(tmp_path):
    journal, record = Journal(tmp_path / "j"), {"format": "x/1", "players": [{"name": "Zoë"}], "actions": [1]}
    assert journal.header_of(encode_json(record)).endswith(b"\n")
    assert json.loads(journal.header_of(encode_json(record))) == json.loads(journal.header(record))
