"""``python -m engine.script`` refuses bad input with a clear error and exit 2; every game has script hooks (issue 27, item 6)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.cards import standard_deck
from engine.games import GAMES
from engine.script import ScriptError, main, run

DECK = [str(c) for c in standard_deck()]


def snap(**change: Any) -> dict[str, Any]:
    return {"game": "snap", "players": 2, "deck": DECK, "actions": []} | change


@pytest.mark.parametrize("spec,message", [
    (snap(players=1000000000), "2 to 6 players"),
    (snap(players=True), "players"),
    (snap(players=["Ann", "Ann"]), "names must differ"),
    (snap(rules=[1, 2]), "rules: expected an object"),
    (snap(rules={"tie_ms": 7}), "rules"),
    (snap(game=["snap"]), "unknown game"),
    (snap(seed=True), "seed"),
    (snap(seed=2**70), "seed"),
    (snap(deck=DECK[:-1] + DECK[:1]), "whole 52-card decks"),  # a card twice
    (snap(deck=["AS"] * 52), "whole 52-card decks"),
    (snap(deck=[]), "whole 52-card decks"),
    (snap(deck=["AS", "2C", "3D"]), "whole 52-card decks"),
    (snap(deck=DECK * 4), "whole 52-card decks"),
    (snap(deck=DECK * 100), "no game here deals more"),
    (snap(deck="AS 2C"), "list of card codes"),
    (snap(deck=None, state={"down": [["AS"], ["2C"]], "eliminated": [5]}), "eliminated"),
    (snap(deck=None, state={"down": [["AS"], ["2C"]], "eliminated": [True]}), "eliminated"),
    (snap(deck=None, state={"down": [["AS"], ["2C"]], "eliminated": "0"}), "eliminated"),
    (snap(deck=None, players=3, state={"down": [["AS"], ["2C"], []], "eliminated": [2, 2]}), "eliminated"),
    (snap(deck=None, players=3, state={"down": [["AS"], ["2C"], ["3C"]], "eliminated": [2]}), "holds no cards"),
    (snap(deck=None, state={"down": [["AS"], ["2C"]], "eliminated": [1]}), "at least two players"),
    (snap(deck=None, state={"down": [["AS"] * 4, ["2C"]]}), "at most 3 times"),
    (snap(deck=None, state={"down": [[], []]}), "at most 3 times"),
    (snap(deck=None, state={"down": [["AS"], ["2C"]], "turn": True}), "turn"),
    (snap(deck=None, state={"down": [[["AS"]], ["2C"]]}), "list of card codes"),
    ({"game": "ratscrew", "players": 2, "deck": ["7C", "2D", "7H"]}, "one whole 52-card deck"),
    ({"game": "ratscrew", "players": 3, "deck": DECK[:3]}, "one whole 52-card deck"),
    (snap(actions=[{"at": True, "player": 0, "do": "flip"}]), r"actions\[0\]\.at"),
    (snap(actions=[{"at": 10**10, "do": "wait"}]), "length limit"),
    (snap(actions=[{"at": 2**60, "do": "wait"}]), "length limit"),
    ({"game": "ratscrew", "players": 2, "deck": DECK, "actions": [{"at": 2**60, "do": "wait"}]}, "length limit"),
    (snap(actions=[{"at": 0, "do": "wait"}] * 10_001), "at most 10000"),
    ({"game": "sprint", "players": 2, "actions": [{"player": 0, "do": "draw"}] * 10_001}, "at most 10000"),
    (snap(actions=[{"at": 1, "player": True, "do": "flip"}]), "player"),
    ({"game": "scamper", "deck": DECK}, "seed"),
    ({"game": "double-or-nothing", "state": {}}, "seed"),
    ({"game": "sprint", "players": 2, "deck": DECK[:40]}, "one whole 52-card deck"),
])
def test_bad_input_is_refused_with_the_field_named(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ScriptError, match=message):
        run(spec)


def test_a_value_nested_deeper_than_python_recurses_is_refused() -> None:
    deep: Any = []
    for _ in range(200_000):
        deep = [deep]
    for spec in (snap(rules={"tie_ms": deep}), snap(players=deep), snap(actions=[{"at": 1, "player": 0, "do": deep}])):
        with pytest.raises(ScriptError):
            run(spec)


def command(tmp_path, content: bytes, capsys) -> tuple[int, str, str]:
    path = tmp_path / "script.json"
    path.write_bytes(content)
    code = main([str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("content", [
    json.dumps(snap(players=1000000000)).encode(),
    json.dumps(snap(rules=[1, 2])).encode(),
    b"[" * 100_000 + b"]" * 100_000,
    b'{"game": "snap", "players": 2, "deck": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"game": "snap", "seed": 1' + b"0" * 5000 + b"}",
    b"\xff\xfe not text",
    b"{broken",
    json.dumps(snap(actions=[{"at": 10**10, "do": "wait"}])).encode(),
])
def test_the_command_exits_2_with_one_line_and_no_traceback(tmp_path, capsys, content: bytes) -> None:
    code, out, err = command(tmp_path, content, capsys)
    assert code == 2 and out == ""
    assert err.startswith("engine.script: ") and err.count("\n") == 1 and "Traceback" not in err


def test_a_file_with_a_byte_order_mark_is_read(tmp_path, capsys) -> None:
    spec = snap(actions=[{"at": 100, "player": 0, "do": "flip"}])
    code, out, err = command(tmp_path, b"\xef\xbb\xbf" + json.dumps(spec).encode(), capsys)
    assert (code, err) == (0, "") and json.loads(out)["result"] == "accepted"


@pytest.mark.parametrize("game", ["sprint", "scamper", "double-or-nothing"])
def test_every_game_can_be_driven_by_script_with_its_state_after_each_action(game: str) -> None:
    from engine.script import start

    spec: dict[str, Any] = {"game": game, "players": 2, "seed": 5,
                            "rules": {"mode": "duel"} if game == "double-or-nothing" else {}}
    _, state, _ = start(spec)
    actions = []
    for _ in range(3):  # whoever is to move plays their first legal action
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        state.apply(action, seat)
        actions.append({"player": seat, "do": GAMES[game].rules().action_to_json(action)})
    lines = run(spec | {"actions": actions})
    assert [line["result"] for line in lines] == ["accepted"] * 3
    assert all(isinstance(line["state"], dict) and line["state"] for line in lines)
    json.dumps(lines)
    assert lines[0]["state"] != run(spec | {"actions": actions[:1], "seed": 6})[0]["state"]  # the seed deals


def test_a_sprint_deck_is_dealt_in_order_and_its_state_shows_every_card() -> None:
    lines = run({"game": "sprint", "players": 2, "deck": DECK, "actions": [{"player": 0, "do": {"type": "draw", "source": "stock"}}]})
    state = lines[0]["state"]
    assert lines[0]["result"] == "accepted"
    assert state["hands"][1] == sorted(DECK[1:12:2], key=DECK.index) and state["discard"] == [DECK[12]]
    assert len(state["stock"]) == 52 - 12 - 1 - 1 and state["current"] == 0 and state["phase"] == "build"
    assert sum(len(h) for h in state["hands"]) + len(state["stock"]) + len(state["discard"]) == 52


def test_every_registered_game_has_script_hooks() -> None:
    from engine.script import hooks_of

    for info in GAMES.values():
        hooks = hooks_of(info)
        assert callable(hooks.script_start) and callable(hooks.script_state), info.id
