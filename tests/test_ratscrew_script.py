"""Ratscrew's hooks for ``python -m engine.script``: a deck or a position in, one JSON state per action out."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.ratscrew import event_to_json, script_action, script_state
from engine.cards import standard_deck
from engine.ratscrew.script import card_code, start_from_spec as script_start


def run(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """What the script tool does with the hooks: each action at its time, accepted or refused, then the state."""
    state = script_start(spec)
    lines = []
    for item in spec["actions"]:
        events = state.advance(item["at"])
        try:
            events += state.apply(script_action(item["do"]), item["player"], item["at"])
            line: dict[str, Any] = {"accepted": True}
        except IllegalAction as exc:
            line = {"accepted": False, "reason": str(exc)}
        line["events"] = [event_to_json(e) for e in events]
        line["state"] = script_state(state)
        lines.append(json.loads(json.dumps(line)))
    return lines


def test_a_deck_is_dealt_round_robin_from_the_first_player_with_10_written_out() -> None:
    first = ["10H", "QS", "7C", "2D", "AS"]
    rest = [card_code(c) for c in standard_deck() if card_code(c) not in first]
    state = script_start({"players": 3, "deck": first + rest})
    shown = script_state(state)
    assert [pile[-2:] for pile in shown["piles"]] == [["2D", "10H"], ["AS", "QS"], [rest[0], "7C"]]
    assert [len(pile) for pile in shown["piles"]] == [18, 17, 17]
    assert {k: v for k, v in shown.items() if k != "piles"} == {
        "stack": [], "turn": 0, "barred": [],
        "call": 0, "last_call": None, "next_call": "ace", "count": None, "claim": None, "winner": None,
    }


def test_a_deck_is_one_whole_deck_and_fewer_cards_are_a_written_state() -> None:
    with pytest.raises(ValueError, match="one whole 52-card deck"):
        script_start({"players": 2, "deck": ["7C", "2D", "7H"]})
    with pytest.raises(ValueError, match="one whole 52-card deck"):
        whole = [card_code(c) for c in standard_deck()]
        script_start({"players": 2, "deck": whole[:-1] + whole[:1]})  # one card twice, one missing
    with pytest.raises(ValueError, match="2 to 6 players"):
        script_start({"players": 1000000000, "deck": []})


def test_a_sandwich_snapped_by_two_at_one_millisecond_goes_left_of_the_layer() -> None:
    spec = {
        "players": ["Ann", "Bo", "Cy"],
        "state": {"piles": [["7H", "3C"], ["5D"], ["9S"]], "stack": ["2D", "7C"], "turn": 0, "call": 4},
        "actions": [
            {"at": 100, "player": 0, "do": "lay"},
            {"at": 400, "player": 0, "do": "snap"},
            {"at": 400, "player": 1, "do": "snap"},
            {"at": 401, "player": 2, "do": "snap"},
        ],
    }
    laid, first, second, late = run(spec)
    assert laid["events"][0] == {"event": "card_laid", "player": 0, "card": "7H", "call": "5", "number": 5}
    assert laid["state"]["stack"] == ["7H", "2D", "7C"] and laid["state"]["turn"] == 1
    assert first["events"] == [{"event": "snap_accepted", "player": 0, "at": 400, "reasons": [
        {"rule": "sandwich", "label": "Sandwich", "cards": ["7H", "2D", "7C"]}]}]
    assert second["state"]["claim"] == {"at": 400, "players": [0, 1]}
    assert late == {
        "accepted": False, "reason": "There is nothing to snap: the stack is empty.",
        "events": [
            {"event": "stack_won", "player": 1, "cards": ["7H", "2D", "7C"], "how": "snap", "beaten": [0]},
            {"event": "turn_passed", "player": 1},
        ],
        "state": {"stack": [], "piles": [["3C"], ["5D", "7C", "2D", "7H"], ["9S"]], "turn": 1, "barred": [],
                  "call": 5, "last_call": "5", "next_call": "6", "count": None, "claim": None, "winner": None},
    }


def test_a_position_with_a_count_and_a_bar_and_house_rules() -> None:
    spec = {
        "players": 3, "rules": {"calls": "stack", "out_of_turn": "kept"},
        "state": {"piles": [["4C"], ["8D"], ["6S"]], "stack": ["5H", "KS"], "turn": 1, "call": 12,
                  "count": {"player": 0, "left": 1}, "barred": [0]},
        "actions": [{"at": 10, "player": 0, "do": "snap"}, {"at": 20, "player": 0, "do": "lay"},
                    {"at": 30, "player": 1, "do": "lay"}],
    }
    barred, kept, counted = run(spec)
    assert barred["accepted"] is False and "until someone else wins the stack" in barred["reason"]
    assert kept["events"][0] == {"event": "laid_out_of_turn", "player": 0, "card": None}
    assert [e["event"] for e in counted["events"]] == [
        "card_laid", "count_changed", "player_out", "count_changed", "stack_won", "turn_passed"]
    assert counted["state"]["piles"] == [["4C", "KS", "5H", "8D"], [], ["6S"]]  # the top card 8D at the bottom
    assert counted["state"]["call"] == 0 and counted["state"]["barred"] == [0]  # won by its barred owner


@pytest.mark.parametrize("spec,message", [
    ({"players": 2}, "a deck or a starting state"),
    ({"players": 2, "deck": ["1H"]}, "deck"),
    ({"players": 2, "state": {"piles": [["AH"]]}}, "expected 2 piles"),
    ({"players": 2, "state": {"piles": [["AH"], ["AH"]]}}, "once"),
    ({"players": 2, "rules": {"sandwich": "yes"}, "deck": ["AH"]}, "Sandwich"),
])
def test_bad_specs_say_what_is_wrong(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        script_start(spec)
    with pytest.raises(ValueError, match="'lay' or 'snap'"):
        script_action("slap")


def test_the_shared_script_tool_runs_ratscrew(tmp_path):
    """``python -m engine.script`` (the tool Snap and Ratscrew share) plays a Ratscrew script."""
    import json

    from engine.script import run

    lines = run({"game": "ratscrew", "players": 2, "state": {"piles": [["AS", "7H", "7C"], ["10H", "QS", "2D"]]},
                 "actions": [{"at": 100, "player": 0, "do": "lay"}, {"at": 200, "player": 1, "do": "lay"},
                             {"at": 300, "player": 0, "do": "lay"}, {"at": 450, "player": 1, "do": "snap"}]})
    assert [line["result"] for line in lines] == ["accepted"] * 4
    json.dumps(lines)  # every line is JSON
    assert lines[-1]["state"]["stack"] == [] or lines[-1]["state"]["turn"] == 1
