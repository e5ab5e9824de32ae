"""Every registered game through the engine protocol: random legal play from many seeds.

OpenSpiel's random-simulation test, run over the registry: whatever a game's
rules, these must hold at every step.
* every offered action is accepted, and a refused one raises ``IllegalAction``
  with a reason and leaves the state exactly as it was;
* cards are conserved (the state's inventory never changes, except after an
  event whose ``changes_inventory`` is true, such as a doubling);
* a seat's observation does not change when the cards it can't see are dealt
  differently (the rules module's ``shuffle_hidden``);
* the game's record, written and read back, replays to the same state;
* turn games end, and their outcome places every seat.

A game whose random play would not end with its default options (a long
contract game) names quicker ones in ``GameInfo.sim_options``.
"""

from __future__ import annotations

import random

import pytest

from engine.core import GameState, Outcome
from engine.envelope import PlayerInfo
from engine.errors import IllegalAction
from engine.games import GAMES, GameInfo, load_record

SEEDS = range(12)
MAX_STEPS = 4000


def _games() -> list[GameInfo]:
    return list(GAMES.values())


def _players(n: int) -> list[PlayerInfo]:
    return [PlayerInfo(f"P{i + 1}") for i in range(n)]


def _random_step(state: GameState, rng: random.Random, at: int) -> tuple[int, object] | None:
    """A random legal (seat, action), or ``None`` if no seat has one."""
    seats = [s for s in state.to_move() if state.legal_actions(s)]
    if not seats:
        return None
    seat = rng.choice(seats)
    return seat, rng.choice(state.legal_actions(seat))


def _foreign_action(state: GameState, seat: int) -> object | None:
    """An action legal for another seat but maybe not for ``seat``."""
    for other in range(state.num_seats):
        if other != seat:
            for action in state.legal_actions(other):
                if state.why_illegal(action, seat) is not None:
                    return action
    return None


@pytest.mark.parametrize("info", _games(), ids=lambda i: i.id)
def test_random_play_keeps_the_invariants(info: GameInfo) -> None:
    rules = info.rules()
    for seed in SEEDS:
        rng = random.Random(seed)
        seats = info.min_seats + seed % (info.max_seats - info.min_seats + 1)
        record_type = info.record_type()
        record, state = record_type.begin(info, _players(seats), seed, info.resolve_options(info.sim_options))
        cards = state.inventory()
        at = 0
        for _ in range(MAX_STEPS):
            if state.is_over:
                break
            if info.realtime:
                at += rng.choice((0, 1, 7, 40, 150, 600))
                state.advance(at)
                record.note_time(at)
                if state.is_over:
                    break
            step = _random_step(state, rng, at)
            if step is None:
                deadline = state.next_deadline()
                assert deadline is not None, f"{info.id} seed {seed}: nobody can act and no timer is set"
                at = max(at, deadline)
                state.advance(at)
                record.note_time(at)
                continue
            seat, action = step
            foreign = _foreign_action(state, seat)
            if foreign is not None:
                before = state.snapshot()
                with pytest.raises(IllegalAction) as refused:
                    state.apply(foreign, seat, at)
                assert str(refused.value), "a refusal says why"
                assert state.snapshot() == before, "a refused action changes nothing"
            if hasattr(rules, "shuffle_hidden"):
                for viewer in range(seats):
                    other = rules.shuffle_hidden(state, viewer, random.Random(rng.random()))
                    assert other.observation(viewer) == state.observation(viewer), f"seat {viewer} sees hidden cards"
            events = state.apply(action, seat, at)
            record.append(seat, action, events, at)
            if any(getattr(e, "changes_inventory", False) for e in events):
                cards = state.inventory()  # an event that makes or removes cards by rule (a doubling)
            assert state.inventory() == cards, f"{info.id} seed {seed}: cards not conserved after {action!r}"
        if not info.realtime:
            assert state.is_over, f"{info.id} seed {seed}: random play did not end in {MAX_STEPS} steps"
        if state.is_over:
            outcome = state.outcome()
            assert isinstance(outcome, Outcome) and len(outcome.placings) == seats
            assert min(outcome.placings) == 1
        again = load_record(record.dumps())
        assert again.final_state().snapshot() == state.snapshot(), f"{info.id} seed {seed}: the record replays differently"


@pytest.mark.parametrize("info", _games(), ids=lambda i: i.id)
def test_rules_module_speaks_the_protocol(info: GameInfo) -> None:
    rules = info.rules()
    for name in ("new_game", "action_to_json", "action_from_json", "describe_action"):
        assert callable(getattr(rules, name, None)), f"{info.rules_module} lacks {name}"
    state = rules.new_game(info.min_seats, info.resolve_options(), 1)
    assert isinstance(state, GameState)
    for seat in state.to_move():
        for action in state.legal_actions(seat)[:20]:
            assert rules.action_from_json(rules.action_to_json(action)) == action
            assert rules.describe_action(action)
    with pytest.raises(ValueError):
        rules.action_from_json({"type": "no-such-action"})


def test_outcome_placings() -> None:
    assert Outcome.from_scores([5, 9, 5]).placings == (2, 1, 2)
    assert Outcome.from_scores([5, 9, 5], lower_wins=True).placings == (1, 3, 1)
    assert Outcome.from_scores([3, 3]).winners == (0, 1)
