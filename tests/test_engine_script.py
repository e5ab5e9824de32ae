"""``python -m engine.script``: the example scripts under tests/scripts/ and the format's errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards import standard_deck
from engine.script import ScriptError, run

SCRIPTS = Path(__file__).parent / "scripts"


def script(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCRIPTS / name).read_text())
    return data


def events(line: dict[str, Any], key: str = "events") -> list[str]:
    return [e["event"] for e in line[key]]


def test_own_piles_tie_goes_to_the_pot_then_snap_pot_takes_it() -> None:
    lines = run(script("snap_tie_then_pot.json"))
    assert [line["result"] for line in lines] == ["accepted"] * 10
    assert lines[1]["state"]["up"] == [["7H"], ["7S"], []]
    assert lines[3]["events"][0] == {"event": "Called", "seat": 2, "call": "snap", "at": 520, "reaction_ms": 320, "joined": True}
    assert events(lines[4]) == ["SnapTied"] and lines[4]["state"]["pot"] == ["7S", "7H"]
    assert events(lines[7]) == ["FalseCall", "PenaltyPaid", "Eliminated"]
    assert lines[7]["events"][0]["reason"] == "wrong word: that was a pot match: call Snap Pot!"
    assert events(lines[9]) == ["SnapWon", "Eliminated", "GameOver"]
    end = lines[9]["state"]
    assert (end["winner"], end["eliminated"], end["pot"]) == ([2], [0, 1], [])
    assert lines[9]["events"][-1]["stats"][2] == {"calls": 2, "wins": 1, "fastest_ms": 300, "average_ms": 310, "false_calls": 0}


def test_shared_pile_from_a_written_state_with_a_refusal_and_a_late_call() -> None:
    lines = run(script("snap_shared_pile.json"))
    assert lines[1]["state"]["shared"] == ["9D", "9C", "3C"]
    assert (lines[3]["result"], lines[3]["reason"]) == ("refused", "Wait: a call is being judged.")
    assert lines[4]["events"][0]["cards"] == ["3C", "9D", "9C"]
    late = lines[8]  # 41 ms after Ann's call, just out of the tie window: the cards are gone, the call is free
    assert events(late, "timers") == ["SnapWon"] and late["timers"][0]["seat"] == 0
    assert events(late) == ["CallLapsed"]
    assert late["state"]["down"] == [["3D", "4H", "4S"], ["9C", "9D", "3C"]]


def test_the_command_prints_one_json_line_per_action() -> None:
    out = subprocess.run([sys.executable, "-m", "engine.script", str(SCRIPTS / "snap_shared_pile.json")],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == 9 and json.loads(out[0])["events"][0]["card"] == "9C"


@pytest.mark.parametrize("change,message", [
    ({"game": "nope"}, "unknown game"),
    ({"players": 9}, "2 to 6"),
    ({"deck": ["1X"]}, "deck"),
    ({"actions": [{"at": 5, "player": "Zed", "do": "flip"}]}, "player"),
    ({"actions": [{"at": 5, "player": 0, "do": "jump"}]}, "do"),
])
def test_a_bad_script_names_what_is_wrong(change: dict[str, Any], message: str) -> None:
    spec = {"game": "snap", "players": 2, "deck": [str(c) for c in standard_deck()], "actions": []} | change
    with pytest.raises(ScriptError, match=message):
        run(spec)


def test_a_written_state_must_fit_the_variant() -> None:
    spec = {"game": "snap", "players": 2, "state": {"down": [["2C"], ["2D"]], "shared": ["5S"]}, "actions": []}
    with pytest.raises(ScriptError, match="no shared pile"):
        run(spec)
