"""The turn scheduler, driven by a hand-held clock (no sleeps)."""

from __future__ import annotations

from typing import Generator

import pytest

from ai.sprint import make_bot
from ai.sprint.bots import Bot
from ai.scheduler import AI_SPEEDS, TurnScheduler, human_pause
from engine.sprint import DRAW_STOCK, Action, Observation, Round


class FakeClock:
    """The scheduler's clock (seconds), moved on only by the bots' slices."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SlowBot(Bot):
    """Thinks for ``slices`` slices (each ``slice_ms`` on ``clock``), then plays its first legal action; counts its
    thoughts."""

    level = "test"

    def __init__(self, slices: int, clock: FakeClock | None = None, slice_ms: float = 0.0) -> None:
        super().__init__(0)
        self.slices = slices
        self.clock = clock
        self.slice_ms = slice_ms
        self.started = 0
        self.seen: list[Observation] = []
        self.steps = 0  # slices run, over every think

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        self.started += 1
        self.seen.append(obs)
        for _ in range(self.slices):
            self._work()
            yield
        self._work()
        return obs.legal_actions()[0]

    def _work(self) -> None:
        self.steps += 1
        if self.clock is not None:
            self.clock.now += self.slice_ms / 1000


def one_slice_a_frame(bots: dict[int, Bot], delay: float = 0.0) -> TurnScheduler:
    """A scheduler with no budget: each update runs one slice (the observation is the first)."""
    return TurnScheduler(bots, delay=delay, budget_ms=0.0)


def test_speeds_are_the_documented_settings() -> None:
    assert AI_SPEEDS == {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}


def test_waits_a_persons_pause_then_plays() -> None:
    """Two ways to draw at Normal speed: 0.45 s for a forced move plus 0.35 s for one doubling of the choices."""
    state = Round.deal(2, 1, first_player=1)
    sched = TurnScheduler({1: make_bot("standard", seed=1)}, delay=AI_SPEEDS["normal"])
    assert sched.update(1 / 60, state, busy=False) is None  # the first still frame: it starts on its move
    assert sched.thinking and sched.pause == pytest.approx(0.8)
    assert sched.update(0.5, state, busy=False) is None
    assert sched.update(0.25, state, busy=False) is None
    action = sched.update(0.05, state, busy=False)
    assert action == make_bot("standard", seed=1).decide(state.observation(1))
    assert not sched.thinking


def test_the_pause_grows_with_the_choices_and_stays_under_three_seconds() -> None:
    normal = AI_SPEEDS["normal"]
    pauses = [human_pause(n, normal) for n in (1, 2, 6, 20, 10_000)]
    assert pauses[0] == pytest.approx(0.45) and pauses == sorted(pauses) and pauses[-1] == pytest.approx(3.0)
    assert human_pause(6, AI_SPEEDS["fast"]) < human_pause(6, normal) < human_pause(6, AI_SPEEDS["slow"])
    assert human_pause(6, AI_SPEEDS["instant"]) == 0.0


def test_nothing_is_played_while_busy_or_on_a_human_turn() -> None:
    state = Round.deal(2, 1, first_player=0)
    sched = TurnScheduler({1: make_bot("standard")}, delay=0.0)
    for _ in range(5):
        assert sched.update(1.0, state, busy=False) is None  # seat 0 is human
    state.apply(DRAW_STOCK)
    while state.current == 0:
        state.apply(state.legal_actions()[-1])
    for _ in range(5):
        assert sched.update(1.0, state, busy=True) is None
    assert not sched.thinking
    assert sched.update(0.0, state, busy=False) is not None


def test_a_frame_runs_slices_while_under_its_budget_and_thinking_flags() -> None:
    """Slices of 0.3 ms under a 0.8 ms budget: while cards fly, the observation and three slices a frame (the third
    ends past it); a still frame may take twice the budget, and a move finished past the budget comes a frame later."""
    state = Round.deal(3, 2, first_player=2)
    clock = FakeClock()
    bot = SlowBot(slices=9, clock=clock, slice_ms=0.3)
    sched = TurnScheduler({2: bot}, delay=0.0, budget_ms=0.8, clock=clock)
    assert sched.update(0.125, state, True) is None  # the frame the last move's cards take off: no work
    assert not sched.thinking and sched.thinking_seat is None
    busy = []
    for _ in range(2):
        before, steps = clock.now, bot.steps
        assert sched.update(0.125, state, True) is None
        busy.append(bot.steps - steps)
        assert clock.now - before <= 0.0008 + 0.0003  # a slice that started under the budget finishes
    assert busy == [3, 3] and not sched.thinking
    still = []
    while True:
        before, steps = clock.now, bot.steps
        action = sched.update(0.125, state, False)
        still.append(bot.steps - steps)
        assert clock.now - before <= 2 * 0.0008 + 0.0003
        if action is not None:
            break
        assert sched.thinking_seat == 2
    assert still == [4, 0] and action == DRAW_STOCK  # 10 slices: nine yields and the return; handed out a frame later
    assert bot.started == 1
    assert not sched.thinking


def test_timed_keeps_each_frames_work_on_a_move_in_wall_and_cpu_ms() -> None:
    state = Round.deal(3, 2, first_player=2)
    sched = TurnScheduler({2: make_bot("standard", seed=1)}, delay=0.0, timed=True)
    assert sched.update(1 / 60, state, busy=False) is not None
    assert len(sched.decide_ms) == len(sched.decide_cpu_ms) == 1
    assert 0.0 <= sched.decide_ms[0] < 1000.0 and 0.0 <= sched.decide_cpu_ms[0] < 1000.0


def test_one_slice_a_frame_without_a_budget() -> None:
    state = Round.deal(3, 2, first_player=2)
    bot = SlowBot(slices=3)
    sched = one_slice_a_frame({2: bot})
    results = [sched.update(0.125, state, False) for _ in range(5)]
    assert results == [None, None, None, None, DRAW_STOCK]  # the observation, three yields, the return
    assert bot.started == 1 and not sched.thinking


def test_quick_bots_decide_in_the_first_still_frame() -> None:
    """The default budget holds the observation and a quick bot's whole decision: at Instant speed it plays at once."""
    state = Round.deal(4, 12, first_player=3)
    sched = TurnScheduler({3: make_bot("strategist", seed=4)}, delay=AI_SPEEDS["instant"])
    assert sched.update(1 / 60, state, busy=False) == make_bot("strategist", seed=4).decide(state.observation(3))


def test_it_thinks_during_the_pause_and_plays_when_both_are_done() -> None:
    """Master's slices run while the pause runs: the move comes at the later of the two, not their sum."""
    state = Round.deal(3, 2, first_player=2)
    bot = SlowBot(slices=3)
    sched = TurnScheduler({2: bot}, delay=AI_SPEEDS["normal"])
    assert sched.update(0.1, state, False) is None
    assert sched.thinking and sched.thinking_seat == 2  # "Cleo is thinking..." from the first still frame
    frames = 1
    while sched.update(0.1, state, False) is None:
        frames += 1
    assert frames * 0.1 == pytest.approx(sched_pause(state, 2), abs=0.11)


def sched_pause(state: Round, seat: int) -> float:
    return human_pause(len(state.observation(seat).legal_actions()), AI_SPEEDS["normal"])


def test_the_work_runs_ahead_while_busy_but_thinking_and_the_pause_start_when_still() -> None:
    """While the last move's cards fly, the next bot's move is worked out (a bounded slice a frame); the table
    shows it thinking, and the person's pause runs, only from the first still frame: the pace is the same."""
    state = Round.deal(2, 3, first_player=1)
    bot = SlowBot(slices=2)
    sched = one_slice_a_frame({1: bot}, delay=AI_SPEEDS["normal"])
    for _ in range(10):
        assert sched.update(0.1, state, True) is None
        assert not sched.thinking and sched.thinking_seat is None
    assert bot.started == 1 and bot.steps == 3  # done before the table is still
    waited = 0.0
    assert sched.update(0.1, state, False) is None  # the first still frame: the pause starts
    assert sched.thinking and sched.thinking_seat == 1
    while (action := sched.update(0.1, state, False)) is None:
        waited += 0.1
        assert sched.thinking
        assert sched.update(0.1, state, True) is None  # cards moving again: the pause waits
    assert action == DRAW_STOCK and sched.last is not None
    assert sched.last[1] == pytest.approx(waited + 0.1) == pytest.approx(sched_pause(state, 1), abs=0.11)
    assert bot.started == 1


def test_the_work_waits_out_the_frame_the_last_move_takes_off() -> None:
    """The first frame after a move is the long one where its cards take off: no work on the next move there."""

    class Watched:
        def __init__(self) -> None:
            self.current, self.is_over, self.looks = 1, False, 0

        def to_move(self) -> tuple[int, ...]:
            return (self.current,)

        def snapshot(self) -> tuple[int, ...]:
            return (self.current,)

        def observation(self, seat: int) -> int:
            self.looks += 1
            return self.looks

    class Quick:
        def think(self, observation: int):
            return "move"
            yield

    state = Watched()
    sched = TurnScheduler({1: Quick()}, delay=0.0)
    assert sched.update(0.1, state, busy=True) is None and state.looks == 0
    assert sched.update(0.1, state, busy=True) is None and state.looks == 1  # worked out ahead, played when still
    assert sched.update(0.1, state, busy=False) == "move" and state.looks == 1
    assert sched.update(0.1, state, busy=False) == "move" and state.looks == 2  # nothing moving: at once


def test_an_instant_bot_plays_in_the_first_still_frame_after_working_ahead() -> None:
    state = Round.deal(2, 3, first_player=1)
    bot = SlowBot(slices=2)
    sched = one_slice_a_frame({1: bot})
    assert [sched.update(0.1, state, True) for _ in range(4)] == [None] * 4
    assert sched.update(0.1, state, False) == DRAW_STOCK


def test_a_state_that_moved_on_restarts_the_think() -> None:
    state = Round.deal(2, 4, first_player=1)
    bot = SlowBot(slices=2)
    sched = one_slice_a_frame({1: bot})
    sched.update(0.1, state, False)
    sched.update(0.1, state, False)
    assert sched.thinking and bot.started == 1
    state.apply(DRAW_STOCK)  # someone else moved for the bot (an undo, a resume...)
    assert sched.update(0.1, state, False) is None  # the old think is dropped, a new one starts
    assert sched.update(0.1, state, False) is None
    assert bot.started == 2
    assert sched.update(0.1, state, False) is None
    action = sched.update(0.1, state, False)
    assert action is not None and state.is_legal(action)
    assert bot.seen[-1] == state.observation(1)


def test_a_new_round_object_restarts_the_think() -> None:
    first = Round.deal(2, 5, first_player=1)
    second = Round.deal(2, 6, first_player=1)
    bot = SlowBot(slices=1)
    sched = one_slice_a_frame({1: bot})
    sched.update(0.1, first, False)
    sched.update(0.1, first, False)
    assert bot.started == 1
    assert sched.update(0.1, second, False) is None
    assert sched.update(0.1, second, False) is None
    assert bot.started == 2
    assert sched.update(0.1, second, False) == DRAW_STOCK
    assert bot.seen[-1] == second.observation(1)


def test_cancel_drops_the_think_and_the_wait() -> None:
    state = Round.deal(2, 7, first_player=1)
    bot = SlowBot(slices=5)
    sched = TurnScheduler({1: bot}, delay=0.5)
    sched.update(0.25, state, False)
    sched.update(0.25, state, False)
    assert sched.thinking
    sched.cancel()
    assert not sched.thinking and sched.thinking_seat is None
    assert sched.update(0.25, state, False) is None
    assert sched.thinking and bot.started == 2  # on its move again, from the start


def test_delay_can_change_while_waiting() -> None:
    state = Round.deal(2, 8, first_player=1)
    sched = TurnScheduler({1: make_bot("apprentice", seed=2)}, delay=AI_SPEEDS["slow"])
    assert sched.update(0.25, state, False) is None
    sched.delay = AI_SPEEDS["instant"]
    assert sched.update(0.0, state, False) is not None


def test_plays_a_whole_bot_round() -> None:
    state = Round.deal(3, 9)
    sched = TurnScheduler({p: make_bot("strategist", seed=p) for p in range(3)}, delay=AI_SPEEDS["fast"])
    frames = 0
    while not state.is_over and frames < 10_000:
        action = sched.update(1 / 60, state, busy=False)
        if action is not None:
            state.apply(action)
        frames += 1
    assert state.is_over
    assert sched.update(1 / 60, state, False) is None


def test_the_default_key_is_the_protocol_s_so_any_turn_game_restarts_a_stale_move() -> None:
    """A state that only has the engine protocol (to_move, snapshot) is keyed without Sprint's fields."""

    class Counter:
        def __init__(self) -> None:
            self.current, self.is_over, self.moves = 1, False, 0

        def to_move(self) -> tuple[int, ...]:
            return (self.current,)

        def snapshot(self) -> tuple[int, ...]:
            return (self.current, self.moves)

        def observation(self, seat: int) -> int:
            return self.moves

    class TwoStep:
        def think(self, observation: int):
            yield
            return f"move after {observation}"

    state = Counter()
    sched = TurnScheduler({1: TwoStep()}, delay=0.0, budget_ms=0.0)
    assert sched.update(0.1, state, busy=False) is None and sched.thinking
    state.moves += 1  # the state moved on under the bot (an undo, a resume): its move is stale
    assert sched.update(0.1, state, busy=False) is None  # starts over on the new state
    assert sched.update(0.1, state, busy=False) is None
    assert sched.update(0.1, state, busy=False) == "move after 1"


def test_the_budget_is_the_threads_cpu_time_but_wall_time_on_windows(monkeypatch) -> None:
    """Windows moves a thread's CPU time only every 15.6 ms: there a 0.8 ms budget would stretch to a whole tick."""
    import sys
    import time

    from ai.scheduler import frame_clock

    assert TurnScheduler({}).clock is frame_clock()
    monkeypatch.setattr(sys, "platform", "linux")
    assert frame_clock() is time.thread_time
    monkeypatch.setattr(sys, "platform", "win32")
    assert frame_clock() is time.perf_counter and TurnScheduler({}).clock is time.perf_counter
