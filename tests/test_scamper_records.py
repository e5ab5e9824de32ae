"""Scamper records: the shared envelope, format ``scamper/1``, replayed to the same state."""

import json
import random

import pytest

from engine.cards import Card, parse_cards
from engine.games import game_info
from engine.envelope import GameRecord, PlayerInfo, RecordError
from engine.games import load_record
from engine.scamper import AddToMeld, LayContract, SwapWild, action_from_json, action_to_json


def test_a_record_replays_to_the_same_state():
    record, state = GameRecord.begin(game_info("scamper"), [PlayerInfo("Ann"), PlayerInfo("Bo", "ai", "hard"), PlayerInfo("Cy")], 7,
                                     {"rounds": 2, "stock_out": "reshuffle", "advanced": True})
    rng = random.Random(7)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions())
        record.append(seat, action, state.apply(action, seat))
    text = record.dumps()
    data = json.loads(text)
    assert data["format"] == "scamper/1" and data["options"]["advanced"] is True
    again = load_record(text)
    assert again.final_state().snapshot() == state.snapshot()


def test_a_record_with_an_illegal_action_names_it():
    record, state = GameRecord.begin(game_info("scamper"), [PlayerInfo("Ann"), PlayerInfo("Bo")], 3)
    data = record.to_json()
    data["actions"] = [{"seat": state.current, "type": "discard", "card": "X1"}]
    with pytest.raises(RecordError, match=r"actions\[0\]"):
        load_record(json.dumps(data))


@pytest.mark.parametrize("action", [
    LayContract((parse_cards("7H 7S X1"), parse_cards("2D 3D 4D"))),
    AddToMeld(3, Card("4H"), True),
    SwapWild(1, 2, Card("9C")),
])
def test_actions_round_trip_through_json(action):
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize("data,reason", [
    ({"type": "add", "meld": -1, "card": "4H"}, "meld"),
    ({"type": "swap", "meld": 1, "place": "x", "card": "4H"}, "place"),
    ({"type": "lay-contract", "melds": "7H 7S 7C"}, "melds"),
    ({"type": "discard", "card": 5}, "card"),
    ({"type": "nope"}, "type"),
])
def test_bad_actions_say_what_is_wrong(data, reason):
    with pytest.raises(ValueError, match=reason):
        action_from_json(data)
