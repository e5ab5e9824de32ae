"""The turn scheduler: runs the bots between frames at a readable pace, in a bounded share of each frame.

The UI calls :meth:`TurnScheduler.update` once per frame with the frame's ``dt``,
the current game state and whether its animations are still playing.  As soon
as a bot is to move -- while the last move's cards are still flying, too -- the
scheduler works the move out in slices (from the frame after the last move's
cards took off, a frame that is long already): the first builds the bot's observation,
the next ones advance its ``think`` generator, and no frame spends more than
:data:`THINK_BUDGET_MS` on them, twice that on a still frame (:data:`STILL_BUDGET`; a slice that
started under the budget finishes: bots yield often, Master every fraction of a millisecond;
a move worked out past the budget comes a frame later).  The action is handed
back once it is ready, nothing is animating, and a person's pause over that
decision has passed since the table went still: longer the more choices there
are (:func:`human_pause`, at most about 3 s at Normal speed); the caller applies
it and animates the events.  The pause is what players see: the work ahead of it
(while cards fly, and during the pause) only makes sure no frame is long.

The scheduler is game-neutral: the state only needs ``is_over``, ``observation(seat)``
and whose move it is (``current``, or the ``seat`` function a game passes), and a
bot only ``think(observation)``.  It notices when the
state moved on under it (an undo, a new round, a resumed game) by comparing a
state key -- by default the engine protocol's (:func:`protocol_key`: the state
object, ``to_move()`` and its ``snapshot()``), else the ``key`` function a game passes --
and starts over instead of returning a stale action.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any, Callable, Generator, Mapping, Protocol

THINK_BUDGET_MS = 0.8
"""The most of one frame a bot's move takes (ms on :func:`frame_clock`): the slices of its work run while the frame's
total is under it."""
STILL_BUDGET = 2.0
"""On a still frame (nothing animating: the table only shows the bot thinking, a frame that draws little) the work
may take this many times :data:`THINK_BUDGET_MS`, so a searching bot (Master) gets ~100 ms of search a second at
60 frames a second (its searches measured at most ~90 ms); a move worked out in such a long frame is handed out on
the next one."""


def frame_clock() -> Callable[[], float]:
    """What the budget is measured on: the thread's CPU time, which the machine's load does not inflate (a busy
    machine does not slow the bots' pace); wall time on Windows, whose thread CPU time moves only with its 15.6 ms
    scheduler tick (the budget would stretch to a whole tick a frame)."""
    return time.perf_counter if sys.platform == "win32" else time.thread_time


AI_SPEEDS = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
"""Seconds between two AI actions for each "AI speed" setting."""


class TurnState(Protocol):
    """What the scheduler reads of a game state."""

    @property
    def current(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def observation(self, seat: int) -> Any: ...


class Thinker(Protocol):
    """A bot: ``think`` yields between slices of work and returns its action."""

    def think(self, observation: Any) -> Generator[None, None, Any]: ...


StateKey = Callable[[Any], tuple[object, ...]]


def protocol_key(state: Any) -> tuple[object, ...]:
    """Any engine's "the state moved on" key: the state object, who is to move and its snapshot (its version)."""
    return (id(state), state.to_move(), state.snapshot())


FORCED_S = 0.45
"""At Normal speed, the pause before a move with no choice (a forced discard, the only draw)."""
PER_DOUBLING_S = 0.35
"""... and how much longer each doubling of the choices makes it (two ways to draw, a hand of discards, many lays)."""
MAX_PAUSE_S = 3.0
"""The longest pause before one action at Normal speed (Fast and Slow scale it with their pace)."""


def human_pause(options: int, delay: float) -> float:
    """Seconds a person would take over a decision among ``options`` choices, at the speed whose pause is ``delay``.

    At Normal (``delay`` 0.6 s) a forced move takes :data:`FORCED_S`, each
    doubling of the choices :data:`PER_DOUBLING_S` more, at most
    :data:`MAX_PAUSE_S`; the other speeds scale that by their ``delay``.
    """
    if delay <= 0:
        return 0.0
    normal = min(MAX_PAUSE_S, FORCED_S + PER_DOUBLING_S * math.log2(max(1, options)))
    return normal * delay / AI_SPEEDS["normal"]


def choices_in(observation: Any) -> int:
    """How many legal actions the observation offers (1 if it cannot say)."""
    legal = getattr(observation, "legal_actions", None)
    return max(1, len(legal())) if callable(legal) else 1


def current_seat(state: Any) -> int | None:
    """The seat to move in a game with one player to move (``state.current``)."""
    seat: int = state.current
    return seat


class TurnScheduler:
    """Asks the bots for actions, one at a time, when the table is ready.

    ``key`` turns a state into the tuple that says whether it moved on (the
    protocol's by default); ``seat`` says whose move it is (``state.current`` by default).
    ``budget_ms``: the most of a frame the work on a move takes (slices run while
    the frame's total is under it, twice that on a still frame; ``clock`` measures it: :func:`frame_clock`; a move
    worked out past the budget is handed out a frame later).  With ``timed`` the wall
    and CPU time of each frame's work on a move is kept in :attr:`decide_ms` and
    :attr:`decide_cpu_ms` (for the headless bench).

    Pace: the work on a move starts as soon as the bot is to move (while cards
    still fly: from the second frame it sees the state) and runs in slices, a
    bounded share of each frame.  From
    the first still frame the bot is :attr:`thinking` and a person's pause for
    that decision runs (:func:`human_pause`: the more choices, the longer); the
    action comes at the first still frame where both the work and the pause are done.
    """

    def __init__(self, bots: Mapping[int, Thinker], delay: float = AI_SPEEDS["normal"],
                 key: StateKey = protocol_key, timed: bool = False,
                 seat: Callable[[Any], int | None] = current_seat, budget_ms: float = THINK_BUDGET_MS,
                 clock: Callable[[], float] | None = None) -> None:
        self.bots = dict(bots)
        self.delay = delay
        self.key = key
        self.seat_of = seat
        self.timed = timed
        self.budget_ms = budget_ms
        self.clock = clock or frame_clock()
        self.decide_ms: list[float] = []  # wall time of each frame's work on a move (when timed)
        self.decide_cpu_ms: list[float] = []  # its CPU time (the same, on an idle machine)
        self._waited = 0.0
        self._key: tuple[object, ...] | None = None
        self._think: Generator[None, None, Any] | None = None
        self._working: int | None = None  # the seat whose move is being worked out (from before the table is still)
        self._seat: int | None = None  # the seat thinking, as the table shows it (from the first still frame)
        self._choices = 1
        self._ready = False
        self._action: Any = None
        self.last: tuple[int, float] | None = None  # the last move handed out: its choices and the seconds it waited

    @property
    def thinking(self) -> bool:
        """Whether a bot is on the move at a still table: pausing over it or working it out."""
        return self._seat is not None

    @property
    def thinking_seat(self) -> int | None:
        return self._seat

    @property
    def pause(self) -> float:
        """The pause (seconds) before the move being decided, at the current speed."""
        return human_pause(self._choices, self.delay)

    def cancel(self) -> None:
        """Drop any move in progress and the wait before it (new round, resume, undo)."""
        if self._think is not None:
            self._think.close()
        self._think = None
        self._working = None
        self._seat = None
        self._key = None
        self._waited = 0.0
        self._ready = False
        self._action = None

    def update(self, dt: float, state: TurnState, busy: bool) -> Any | None:
        """Advance by ``dt`` seconds; return the bot's action when it is ready, else ``None``."""
        seat = None if state.is_over else self.seat_of(state)
        if seat is None or seat not in self.bots:
            self.cancel()
            return None
        key = self.key(state)
        if key != self._key:
            self.cancel()
            self._key = key
            if busy:
                return None  # the frame the last move's cards take off (a long one): the work starts on the next
        if not busy:
            if self._seat is None:
                self._seat = seat  # the first still frame: the pause starts (its dt is the last move's)
            else:
                self._waited += dt
        if not self._ready and self._work(state, seat, self.budget_ms * (1.0 if busy else STILL_BUDGET)) > self.budget_ms > 0:
            return None  # a long still frame: its move is handed out on the next, never in the same frame
        if busy or not self._ready or self._waited < self.pause:
            return None
        action, self.last = self._action, (self._choices, self._waited)
        self.cancel()
        return action

    def _work(self, state: TurnState, seat: int, budget_ms: float) -> float:
        """This frame's share of the work on ``seat``'s move: slices while the frame's total is under ``budget_ms``;
        returns the ms it took (on :attr:`clock`).

        The first slice builds the observation (and counts its choices); each
        next one advances the bot's ``think`` by one ``next()``.
        """
        clock = self.clock
        wall, cpu = (time.perf_counter(), time.thread_time()) if self.timed else (0.0, 0.0)
        start = clock()
        end = start + budget_ms / 1000.0
        while True:
            if self._working is None:
                observation = state.observation(seat)
                self._working = seat
                self._choices = choices_in(observation)
                self._think = self.bots[seat].think(observation)
            else:
                assert self._think is not None
                try:
                    next(self._think)
                except StopIteration as stop:
                    self._think = None
                    self._ready, self._action = True, stop.value
                    break
            if clock() >= end:
                break
        if self.timed:
            self.decide_ms.append((time.perf_counter() - wall) * 1000)
            self.decide_cpu_ms.append((time.thread_time() - cpu) * 1000)
        return (clock() - start) * 1000
