"""The reflex core: levels' table, the scheduler on a hand-driven clock, records of real-time play, ai.reaction."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ai.reaction import main as reaction_main
from ai.reflex import REFLEXES, Reflexes, ReflexScheduler, custom_reflexes, level_reflexes, run_until
from ai.snap import SnapEye, make_bot
from engine.envelope import GameRecord, PlayerInfo
from engine.games import game_info, load_record
from engine.core import resolve_options
from engine.snap import OPTIONS, CallLapsed, Called, FalseCall, Flip, Snap, SnapGame, SnapWon, new_game

from tests.snap_helpers import snap_game

STEADY_320 = Reflexes(mu=320, sigma=0, tau=0, miss=0, false_rate=0, pace_mu=60_000, pace_sigma=0, pace_tau=0)


def test_levels_table_means_and_custom_level() -> None:
    assert [round(REFLEXES[lv].mean_ms) for lv in ("easy", "medium", "hard")] == [850, 570, 400]
    assert custom_reflexes(570).mu == pytest.approx(450) and custom_reflexes(570).miss == pytest.approx(0.06)
    assert custom_reflexes(485).miss == pytest.approx((0.06 + 0.02) / 2)
    assert custom_reflexes(200).tau == pytest.approx(35) and custom_reflexes(200).miss == 0.02
    assert level_reflexes("custom", 900).false_rate == 0.03
    with pytest.raises(ValueError):
        custom_reflexes(50)


def test_reaction_samples_follow_the_ex_gaussian() -> None:
    rng = random.Random(4)
    samples = [REFLEXES["hard"].reaction(rng) for _ in range(4000)]
    assert 390 < sum(samples) / len(samples) < 410 and min(samples) >= 100


def _duel(fps: int) -> tuple[list[object], int]:
    """A human flips at 1000 ms making a match; the bot (always 320 ms) and the human (340 ms) both call."""
    game = snap_game(["2C 3C", "9D 4D 2D"], ["9S", ""], turn=1, tie_ms=0)
    bot = ReflexScheduler(SnapEye(), STEADY_320, seed=1)
    human = [(1, Flip(), 1000), (1, Snap(), 1340)]
    events: list[object] = []
    frame = 0
    while (now := frame * 1000 // fps) <= 2000:
        ready = [i for i in human if i[2] <= now]
        human = [i for i in human if i[2] > now]
        for played in run_until(game, {0: bot}, now, ready):
            events += played.events
        frame += 1
    return events, game.false_calls[1]


@pytest.mark.parametrize("fps", [30, 144])
def test_a_320_ms_bot_beats_a_340_ms_human_whatever_the_frame_rate(fps: int) -> None:
    events, human_false_calls = _duel(fps)
    assert Called(0, "snap", 1320, 320, False) in events
    won = next(e for e in events if isinstance(e, SnapWon))
    assert won.seat == 0 and won.reaction_ms == 320
    # the human's 1340 ms call came 19 ms after the cards were gone: it lapses at no cost (issue 22)
    assert human_false_calls == 0 and CallLapsed((1,), "snap") in events


def test_a_claim_whose_match_is_gone_is_dropped_not_played() -> None:
    game = snap_game(["2C 3C", "9D 4D 2D", "5H 2H"], ["9S", "", ""], turn=1, tie_ms=0)
    bot = ReflexScheduler(SnapEye(), STEADY_320, seed=1)
    played = run_until(game, {0: bot}, 2000, [(1, Flip(), 1000), (2, Snap(), 1100)])
    assert [p.seat for p in played if p.seat is not None] == [1, 2]
    assert game.false_calls == [0, 0, 0] and bot.pending == []


def test_a_claim_keeps_its_moment_when_something_else_changes() -> None:
    game = snap_game(["2C 3C", "9D 4D 2D", "5H 2H"], ["9S", "", ""], turn=1, tie_ms=40)
    bot = ReflexScheduler(SnapEye(), STEADY_320, seed=1)
    played = run_until(game, {0: bot}, 2000, [(1, Flip(), 1000), (2, Snap(), 1300)])
    calls = [e for p in played for e in p.events if isinstance(e, Called)]
    assert [(c.seat, c.at, c.joined) for c in calls] == [(2, 1300, False), (0, 1320, True)]


def test_a_level_that_always_misses_never_calls_and_one_that_always_blunders_does() -> None:
    never = ReflexScheduler(SnapEye(), Reflexes(300, 0, 0, miss=1.0, false_rate=0.0), seed=2)
    game = snap_game(["2C", "3D"], ["7H", "7S"], turn=1)
    assert run_until(game, {0: never}, 5000) == [] and never.tally.missed == 1
    blunder = ReflexScheduler(SnapEye(), Reflexes(300, 0, 0, miss=0.0, false_rate=1.0, pace_mu=9000), seed=2)
    quiet = snap_game(["2C 3C", "3D 2D"], ["7H", "8S"])
    played = run_until(quiet, {0: blunder}, 400)
    assert any(isinstance(e, FalseCall) for p in played for e in p.events) and played[0].at == 300


def test_a_game_played_by_bots_replays_from_its_record() -> None:
    players = [PlayerInfo(f"Bot {i}", "ai", lv) for i, lv in enumerate(("easy", "medium", "hard"))]
    record, state = GameRecord.begin(game_info("snap"), players, 11, {"tie_ms": 40})
    bots = {s: make_bot(p.level or "", seed=s) for s, p in enumerate(players)}
    now = 0
    while not state.is_over and now < 60_000:
        now += 50
        for p in run_until(state, bots, now):
            if p.seat is not None and p.refused is None:
                record.append(p.seat, p.action, list(p.events), p.at)
        record.note_time(now)
    assert len(record.entries) > 20
    again = load_record(record.dumps())
    assert again.final_state().snapshot() == state.snapshot()


class _Blind:
    """A bot as a scheduler of another kind sees it: no ``version`` to compare, so it is shown every observation."""

    def __init__(self, bot: ReflexScheduler) -> None:
        self.bot = bot

    def __getattr__(self, name: str) -> object:
        if name == "version":
            raise AttributeError(name)
        return getattr(self.bot, name)


def test_a_bot_that_saw_the_version_is_not_shown_it_again_and_plays_the_same() -> None:
    """run_until makes an observation only for a bot that has not seen the state's version: a frame where nothing
    changed makes none, and six bots play exactly as when each is shown every observation."""
    made = []

    class Counted(SnapGame):
        def observation(self, seat: int) -> Any:
            made.append(seat)
            return super().observation(seat)

    def game(seed: int) -> Any:
        state = new_game(6, resolve_options(OPTIONS, {"tie_ms": 40}), seed)
        state.__class__ = Counted
        return state

    levels = ("easy", "medium", "hard") * 2
    runs = []
    for wrap in (lambda b: b, _Blind):
        state = game(11)
        bots = {s: wrap(make_bot(lv, seed=s)) for s, lv in enumerate(levels)}
        played: list[Any] = []
        for now in range(0, 40_000, 17):
            played += run_until(state, bots, now)
        runs.append((played, state.snapshot()))
    assert len(runs[0][0]) > 50 and runs[0] == runs[1]
    state = game(11)
    bots = {s: make_bot(lv, seed=s) for s, lv in enumerate(levels)}
    run_until(state, bots, 0)
    made.clear()
    assert run_until(state, bots, 1) == [] and made == []  # no change since: no observation made


def test_reaction_tool_prints_the_agreed_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert reaction_main(["--game", "snap", "--level", "hard", "--samples", "40", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"mean_ms", "median_ms", "p90_ms", "miss_rate", "false_rate"} <= result.keys()
    assert 200 < result["mean_ms"] < 700 and result["samples"] >= 40


def test_reaction_tool_refuses_a_turn_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert reaction_main(["--game", "sprint", "--level", "standard"]) == 2
    assert "no reflex bots" in capsys.readouterr().err
