"""The ceiling study: its oracles cheat only where they say, and its report is complete."""

from __future__ import annotations

import json
import random

import pytest

from ai.sprint import LEVELS, ceiling, make_bot
from ai.sprint.arena import GameSpec, play_game
from ai.sprint.ceiling import OracleStrategist, TrueHandsSampler
from ai.sprint.handcalc import completes_match
from engine_helpers import building
from engine.sprint import Discard, Round


def test_the_oracle_strategist_never_feeds_the_next_hand_when_it_can_help_it() -> None:
    # the 7 of diamonds is the Strategist's discard whatever the next player holds
    harmless = building("7D KC 2S 9H 4C", "AH QD 5D 6S JC TS", "7H 8C")
    feeding = building("7D KC 2S 9H 4C", "7C QD 5D 6S JC TS", "7H 8C")
    for state in (harmless, feeding):
        assert make_bot("strategist").decide(state.observation(0)) == Discard("7D")
    oracle = OracleStrategist(1)
    oracle.watch_table(harmless)
    assert oracle.decide(harmless.observation(0)) == Discard("7D")
    oracle.watch_table(feeding)
    choice = oracle.decide(feeding.observation(0))
    assert isinstance(choice, Discard) and choice != Discard("7D")  # the 7 would pair their 7 of clubs
    assert not completes_match(feeding.hands[1], choice.card)


def test_true_hands_sampler_keeps_the_opponents_hands_and_shuffles_only_the_stock() -> None:
    state = Round.deal(3, seed=5)
    obs = state.observation(state.current)
    sampler = TrueHandsSampler(obs, state)
    orders = set()
    for seed in range(5):
        world = sampler.sample(random.Random(seed))
        assert world.hands == state.hands
        assert sorted(world.stock) == sorted(state.stock)
        assert world.observation(obs.seat) == obs
        orders.add(tuple(world.stock))
    assert len(orders) > 1


def test_a_tiny_study_reports_every_target(capsys) -> None:
    assert ceiling.main(["--games", "4", "--seed", "2", "--json"]) == 0
    studies = json.loads(capsys.readouterr().out)
    assert [s["players"] for s in studies] == [
        ["standard-tiebreak", "apprentice"], ["standard", "apprentice"], ["standard-keeper", "apprentice"],
        ["strategist", "standard-keeper"], ["strategist-oracle", "strategist"],
    ]
    for s in studies:
        assert s["games"] == 4 and s["duplicate"] and s["target"] in (0.75, 0.60, 0.55)
        assert sum(s["score_share"]) == 1.0 or abs(sum(s["score_share"]) - 1.0) < 1e-3
        assert s["ci95"][0][0] <= s["score_share"][0] <= s["ci95"][0][1]


def test_the_oracles_are_not_levels() -> None:
    for level in ceiling.STUDY_LEVELS:
        assert level not in LEVELS
    assert not any(hasattr(make_bot(level), "watch_table") for level in LEVELS)


def test_the_arena_never_hands_the_table_to_a_level() -> None:
    class Peeking(type(make_bot("standard"))):  # type: ignore[misc]
        def watch_table(self, state: Round) -> None:
            raise AssertionError("a level saw the table")

    spec = GameSpec(0, 1, (0, 1), 0, ("standard", "apprentice"), 1, 100, None)
    with pytest.raises(ValueError, match="may not see the table"):
        play_game(spec, factory=lambda level, **kw: Peeking(kw["seed"]) if level == "standard" else make_bot(level, **kw))


def test_a_study_runs_on_two_workers(capsys) -> None:
    assert ceiling.main(["--games", "2", "--jobs", "2", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == len(ceiling.STUDIES)


def test_the_master_study_seats_master_against_strategists_at_each_table_size():
    for players in (2, 3, 5):
        what, seats, target = ceiling.master_study(players)
        assert seats == ("master-oracle",) + ("strategist",) * (players - 1)
        assert target == ceiling.MASTER_TARGETS[players] and "Strategist" in what
