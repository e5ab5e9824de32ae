"""Scamper's Standard and Hard think in short slices at a full table, decide exactly as before, and an observation
lists its legal actions once (the scheduler's count and the bot share it)."""

from __future__ import annotations

import gc
import time
from typing import Any

import pytest

import engine.scamper.observation as observation_module
from ai.scamper import make_bot
from ai.scamper.bots import least_steps
from ai.scheduler import TurnScheduler
from engine.melds import run_to_end, solve, solve_steps
from engine.scamper import CONTRACTS, Phase, new_game
from scamper_helpers import cards, game

OTHERS = ["3C 4D 9H"] * 9
CROWD = tuple((1 + i % 9, m) for i, m in enumerate(["5S 5H 5D", "6S 7S 8S 9S", "JH JD JC", "3D 4D 5D 6D", "KS KH KD"] * 6))
"""30 melds down, laid by the nine other seats of a 10-seat table."""


def full_table(hand: str, phase: Phase, discard: str = "KC") -> Any:
    """Seat 0 (not down) at a 10-seat table with 30 melds down, in round 6 (two sets and a run of four)."""
    return game(hand, *OTHERS, melds=CROWD, round_no=6, phase=phase, discard=discard, down=(False,) + (True,) * 9)


def slices(bot: Any, obs: Any) -> tuple[Any, list[float]]:
    """The bot's action and the thread CPU seconds of each slice of its ``think`` (as the scheduler runs it)."""
    obs.legal_actions()  # the scheduler counts the choices first (its own slice)
    think = bot.think(obs)
    spent = []
    gc.disable()  # a collection landing in one slice is not the bot's work
    try:
        while True:
            start = time.thread_time()
            try:
                next(think)
            except StopIteration as done:
                spent.append(time.thread_time() - start)
                return done.value, spent
            spent.append(time.thread_time() - start)
    finally:
        gc.enable()


@pytest.mark.parametrize("hand, phase, discard", [
    ("2C 2D X1 4S 4H 7C 8C 9C 9D TD JS QH QC", Phase.PLAY, "KC"),  # goes down: lays rated one a slice
    ("2C X1 4S 4H 7C 8C 9C 9D TD JS QH QC", Phase.DRAW, "4C"),  # takes the 4C: the plans, then what it would throw
    ("2C 2D X1 3S 4H 6C 8C 9C TD TH JS QH KC", Phase.PLAY, "KC"),  # discards: the plan, then each spare card
])
def test_a_hard_decision_at_a_full_table_comes_in_several_short_slices(hand, phase, discard):
    obs = full_table(hand, phase, discard).observation(0)
    assert len(obs.melds) == 30 and obs.num_seats == 10
    action, spent = slices(make_bot("hard", seed=1), obs)
    assert action == make_bot("hard", seed=1).decide(obs)
    assert len(spent) >= 8  # before: one slice, the whole decision
    assert max(spent) <= 0.45 * sum(spent)


def test_think_and_decide_agree_through_whole_games_at_ten_seats():
    levels = ("hard", "standard", "easy", "expert")
    state = new_game(10, {"rounds": 2}, seed=4)
    thinkers = {s: make_bot(levels[s % 4], seed=s) for s in range(10)}
    deciders = {s: make_bot(levels[s % 4], seed=s) for s in range(10)}
    yields = 0
    while not state.is_over:
        seat = state.current
        think = thinkers[seat].think(state.observation(seat))
        while True:
            try:
                next(think)
                yields += 1
            except StopIteration as done:
                thought = done.value
                break
        action = deciders[seat].decide(state.observation(seat))
        assert thought == action
        state.apply(action, seat)
    assert yields > 10 * len(state.sheet.lines)


def yields(steps: Any) -> int:
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            return count
        count += 1


def test_solve_in_slices_finds_the_same_plan_pausing_inside_the_search():
    hand = cards("2C 2D X1 4S 4H 7C 8C 9C 9D TD JS QH QC")
    for contract in CONTRACTS:
        assert run_to_end(solve_steps(hand, contract)) == solve(hand, contract)
        assert yields(solve_steps(hand, contract)) >= 4  # a pause in the search at every level at least


def test_least_steps_is_min_with_the_first_of_the_least():
    words = ["bb", "a", "c", "dd"]
    steps = least_steps(words, len)
    assert next(steps) is None
    assert run_to_end(least_steps(words, len)) == min(words, key=len) == "a"


def test_an_observation_lists_its_legal_actions_once(monkeypatch):
    calls = []
    real = observation_module.legal_actions
    monkeypatch.setattr(observation_module, "legal_actions", lambda obs: calls.append(obs) or real(obs))
    state = full_table("2C 2D X1 3S 4H 6C 8C 9C TD TH JS QH KC", Phase.PLAY)
    obs = state.observation(0)
    first = obs.legal_actions()
    first.clear()  # a caller's list is its own
    assert obs.legal_actions() == real(obs) != []
    assert len(calls) == 1
    assert obs == state.observation(0) and repr(obs) == repr(state.observation(0))  # the memo is not part of the view


def test_the_scheduler_and_the_bot_share_one_listing(monkeypatch):
    calls = []
    real = observation_module.legal_actions
    monkeypatch.setattr(observation_module, "legal_actions", lambda obs: calls.append(obs) or real(obs))
    state = full_table("2C 2D X1 3S 4H 6C 8C 9C TD TH JS QH KC", Phase.PLAY)
    scheduler = TurnScheduler({0: make_bot("hard", seed=1)}, delay=0.0, key=lambda s: (id(s),),
                              seat=lambda s: s.current, budget_ms=0.0)
    action = None
    for _ in range(200):
        action = scheduler.update(0.016, state, busy=False)
        if action is not None:
            break
    assert action == make_bot("hard", seed=1).decide(state.observation(0))
    assert len(calls) == 2  # the scheduler's observation once, and the check's own
