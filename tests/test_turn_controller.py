"""The kit's turn controller on its own: a bot's action that comes on the frame the table turns still is played on
the next frame (issue 24: the landing's repaint and the move's work on two frames, not one)."""

from __future__ import annotations

from typing import Any

from game.kit.bots import BotHook
from game.kit.turns import TurnController


class Counter:
    """A turn game of one bot (seat 1) and one human (seat 0): each action adds itself to a total; seat 1 moves while
    the total is even."""

    is_over = False

    def __init__(self) -> None:
        self.total = 0

    def to_move(self) -> tuple[int, ...]:
        return (1,) if self.total % 2 == 0 else (0,)

    def why_illegal(self, action: int, seat: int) -> str | None:
        return None

    def apply(self, action: int, seat: int) -> list[Any]:
        self.total += action
        return [("added", seat, action)]


class Record:
    def __init__(self) -> None:
        self.entries: list[tuple[int, int]] = []

    def append(self, seat: int, action: int, events: list[Any]) -> None:
        self.entries.append((seat, action))


class Ready:
    """A bot whose action (2) is ready on every still frame."""

    delay = 0.0
    asked = 0

    def update(self, dt: float, state: Any, busy: bool) -> int | None:
        self.asked += 1
        return None if busy else 2

    def cancel(self) -> None:
        pass


def controller() -> tuple[TurnController, Ready]:
    bot = Ready()
    return TurnController(Counter(), Record(), [0], BotHook(bot)), bot


def test_the_action_that_comes_on_the_landing_frame_is_played_on_the_next():
    turns, _ = controller()
    assert turns.step(0.016, busy=True, viewer=0) == []  # cards fly
    assert turns.step(0.016, busy=False, viewer=0) == []  # they land: the action is held
    assert turns.due == (0, 2) and turns.record.entries == []
    assert turns.step(0.016, busy=False, viewer=0) == [("added", 1, 2)]  # the next frame plays it
    assert turns.due is None and turns.record.entries == [(1, 2)]


def test_a_table_still_all_along_plays_at_once_and_a_held_action_waits_out_new_motion():
    turns, bot = controller()
    assert turns.step(0.016, busy=False, viewer=0) == [("added", 1, 2)]  # nothing landed: no frame is lost
    turns.state.total = 4  # the bot's turn again
    turns.step(0.016, busy=True, viewer=0)
    turns.step(0.016, busy=False, viewer=0)  # landed: held
    asked = bot.asked
    assert turns.step(0.016, busy=True, viewer=0) == []  # something moves again: the held action waits
    assert turns.due is not None and bot.asked == asked  # kept, not asked for again
    assert turns.step(0.016, busy=False, viewer=0) == [("added", 1, 2)]


def test_a_held_action_is_dropped_when_the_game_moved_on_or_the_table_closes():
    turns, _ = controller()
    turns.step(0.016, busy=True, viewer=0)
    turns.step(0.016, busy=False, viewer=0)
    turns.version += 1  # another action was applied meanwhile (a host's answer, a resume)
    assert turns.step(0.016, busy=False, viewer=0) == [("added", 1, 2)]  # asked afresh, not the stale one
    assert turns.version == 2 and len(turns.record.entries) == 1
    turns.state.total = 6
    turns.step(0.016, busy=True, viewer=0)
    turns.step(0.016, busy=False, viewer=0)
    turns.cancel()
    assert turns.due is None


def test_a_humans_turn_is_never_held():
    turns, bot = controller()
    turns.state.total = 1  # the human's turn
    turns.step(0.016, busy=True, viewer=0)
    assert turns.step(0.016, busy=False, viewer=0) == [] and turns.due is None and bot.asked == 0
    assert turns.try_action(0, 1)  # the human plays at once, landing frame or not
    assert turns.record.entries == [(0, 1)]
