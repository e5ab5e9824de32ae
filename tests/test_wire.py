"""The wire form of a game state: every game's redacted state shows each viewer exactly its observation,
and nothing it may not see (the same bytes whatever the hidden cards are)."""

from __future__ import annotations

import json
import random

import pytest

from engine.envelope import PlayerInfo
from engine.games import GAMES, GameInfo
from engine.wire import HIDDEN_CARD, WireError, decode, decode_state, encode, state_for, view_events

SEEDS = range(3)
MAX_STEPS = 1500


def _play(info: GameInfo, seed: int):
    """Random legal play of ``info`` from ``seed``: yields (state, events) after each action."""
    rng = random.Random(seed)
    seats = info.min_seats + seed % (info.max_seats - info.min_seats + 1)
    _, state = info.record_type().begin(info, [PlayerInfo(f"P{i}") for i in range(seats)], seed,
                                        info.resolve_options(info.sim_options))
    at = 0
    yield state, []
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        if info.realtime:
            at += rng.choice((0, 7, 40, 150, 600))
            state.advance(at)
        movers = [s for s in state.to_move() if state.legal_actions(s)]
        if not movers:
            deadline = state.next_deadline()
            if deadline is None:
                return
            at = max(at, deadline)
            yield state, state.advance(at)
            continue
        seat = rng.choice(movers)
        yield state, state.apply(rng.choice(state.legal_actions(seat)), seat, at)


def _wire(data):
    return json.loads(json.dumps(data, separators=(",", ":")))


def _plain(node):
    """The sent data with cards written as plain numbers (a card or its number show the same)."""
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, dict):
        if set(node) == {"C"}:
            return node["C"]
        if len(node) == 1 and next(iter(node)) in ("cl", "ct", "cq", "T", "Q"):
            return [_plain(v) for v in next(iter(node.values()))]
        return {k: _plain(v) for k, v in node.items()}
    return node


@pytest.mark.parametrize("info", list(GAMES.values()), ids=lambda i: i.id)
def test_the_redacted_state_shows_each_viewer_its_observation_and_nothing_hidden(info: GameInfo) -> None:
    rules = info.rules()
    checked = 0
    for seed in SEEDS:
        for step, (state, events) in enumerate(_play(info, seed)):
            if step % 7:
                continue
            for viewer in range(state.num_seats):
                sent = _wire(state_for(info.id, state, {viewer}))
                seen = decode_state(sent)
                assert seen.observation(viewer) == state.observation(viewer), f"{info.id} seed {seed} step {step}"
                other = rules.shuffle_hidden(state, viewer, random.Random(step))
                assert _plain(_wire(state_for(info.id, other, {viewer}))) == _plain(sent), f"{info.id}: seat {viewer} is sent hidden cards"
                view_events(state, events, {viewer})
                checked += 1
            both = {0, 1}
            seen = decode_state(_wire(state_for(info.id, state, both)))
            for viewer in both:
                assert seen.observation(viewer) == state.observation(viewer)
    assert checked > 20


@pytest.mark.parametrize("info", list(GAMES.values()), ids=lambda i: i.id)
def test_the_whole_state_round_trips(info: GameInfo) -> None:
    for state, _ in _play(info, 1):
        back = decode(_wire(encode(state)))
        assert type(back) is type(state)
        if state.is_over or not info.realtime:
            break
    assert back.num_seats == state.num_seats


def test_the_decoder_builds_only_engine_values() -> None:
    for bad in ({"O": "os:system", "a": {}}, {"O": "builtins:object", "a": {}}, {"E": "engine.sprint:Round", "v": 1},
                {"Z": 1}, {"C": -1}, {"C": "QS"}, {"D": [[[], 1]]}, {"cl": "x"}, {"O": "engine.sprint:Round", "a": []},
                {"HM": 10**6, "k": 0}, {"X": 1}, {}):
        with pytest.raises(WireError):
            decode(bad)
    deep: object = 1
    for _ in range(100):
        deep = [deep]
    with pytest.raises(WireError):
        decode(deep)


def test_hidden_cards_decode_to_a_face_down_marker() -> None:
    assert decode({"cl": [None, 3]})[0] is HIDDEN_CARD
    assert str(HIDDEN_CARD) == "??"


def test_another_seats_sprint_hand_decodes_as_face_down_cards() -> None:
    from engine.games import game_info

    info = game_info("sprint")
    _, state = info.record_type().begin(info, [PlayerInfo("A"), PlayerInfo("B")], 3, {})
    seen = decode_state(_wire(state_for(info.id, state, {0})))
    assert seen.hand(0) == state.hand(0)
    assert seen.hand(1) == (HIDDEN_CARD,) * len(state.hand(1))
