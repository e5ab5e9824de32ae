"""The turn controller's remote seam (game.kit.remote.HostAuthority) without a table or a socket.

The client never applies an action: ``play`` sends it, and the host's views
come back through the controller's ``receive`` on the next still frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from game.kit.remote import HostAuthority, HostPlays, Refusal, View
from game.kit.turns import TurnController


@dataclass
class Game:
    """A two-seat game in small: whose turn, how many moves; it refuses to be applied here."""

    turn: int = 0
    moves: int = 0
    is_over: bool = False

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def why_illegal(self, action: Any, seat: int) -> str | None:
        return None if action == "ok" else "Not that."

    def apply(self, action: Any, seat: int) -> list[Any]:
        raise AssertionError("a client applied an action")


@dataclass
class Record:
    players: tuple[Any, ...] = (SimpleNamespace(name="You"), SimpleNamespace(name="Ada"))
    actions: list[tuple[int, Any, list[Any]]] = field(default_factory=list)

    def append(self, seat: int, action: Any, events: list[Any]) -> None:
        self.actions.append((seat, action, events))


@dataclass
class Link:
    sent: list[tuple[int, Any]] = field(default_factory=list)
    inbox: list[View | Refusal] = field(default_factory=list)
    seats: list[int] = field(default_factory=lambda: [0])

    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> None:
        self.sent.append((seat, action))

    def updates(self) -> list[View | Refusal]:
        out, self.inbox = self.inbox, []
        return out


def remote_controller() -> tuple[TurnController, Link, list[tuple[int, Any, list[Any]]], list[str]]:
    link = Link()
    shown: list[tuple[int, Any, list[Any]]] = []
    told: list[str] = []
    turns = TurnController(Game(), Record(), [0], HostPlays(), authority=HostAuthority(link),  # type: ignore[arg-type]
                           show=lambda s, a, e: shown.append((s, a, e)), tell=lambda text, error: told.append(text))
    return turns, link, shown, told


def test_an_action_goes_to_the_host_and_shows_when_its_view_comes_back() -> None:
    turns, link, shown, _ = remote_controller()
    state = turns.state
    assert turns.remote and turns.try_action(0, "ok")
    assert link.sent == [(0, "ok")] and shown == [] and turns.record.actions == []  # nothing applied here
    assert not turns.try_action(0, "ok")  # waiting for the host's answer: no other action goes out
    assert link.sent == [(0, "ok")]
    link.inbox.append(View(Game(turn=1, moves=1), ("moved",), 0, "ok"))
    turns.step(0.016, False, 0)
    assert turns.state is state and state.turn == 1 and state.moves == 1  # swapped in, in place
    assert shown == [(0, "ok", ["moved"])] and turns.record.actions == [(0, "ok", ["moved"])]
    assert not turns.authority.awaiting


def test_the_hosts_views_show_one_a_still_frame_and_a_refusal_frees_the_table() -> None:
    turns, link, shown, told = remote_controller()
    assert turns.try_action(0, "ok")
    link.inbox += [Refusal(0, "The host says no."), View(Game(turn=1, moves=1), ("a",), 1, "x"),
                   View(Game(turn=0, moves=2), ("b",), 1, "y")]
    turns.step(0.016, True, 0)
    assert shown == [] and told == []  # the table's cards are still moving: nothing is taken in
    turns.step(0.016, False, 0)
    assert told == ["The host says no."] and not turns.authority.awaiting
    assert [s[1] for s in shown] == ["x"]  # one view: its steps play before the next
    turns.step(0.016, False, 0)
    assert [s[1] for s in shown] == ["x", "y"] and turns.state.moves == 2
    assert not turns.try_action(0, "no") and told[-1] == "Not that."  # the engine's reason, nothing sent
    assert link.sent == [(0, "ok")]


@dataclass
class NumberingLink(Link):
    """A link that numbers its messages, as the network session does (a refusal names the number it refuses)."""

    n: int = 0

    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> int:  # type: ignore[override]
        super().send(seat, action, stamp_ms)
        self.n += 1
        return self.n


def test_a_refusal_of_an_earlier_message_leaves_the_action_in_flight_waiting_for_its_answer() -> None:
    """Once any refusal freed the table: a second action went out while the first one's answer was still due,
    and the view answering the first was taken as this computer's answer to the second."""
    link = NumberingLink()
    shown: list[tuple[int, Any, list[Any]]] = []
    told: list[str] = []
    turns = TurnController(Game(), Record(), [0], HostPlays(), authority=HostAuthority(link),  # type: ignore[arg-type]
                           show=lambda s, a, e: shown.append((s, a, e)), tell=lambda text, error: told.append(text))
    link.n = 6  # messages 1..6 went before (pongs, an earlier action)
    assert turns.try_action(0, "ok") and link.sent == [(0, "ok")]
    link.inbox.append(Refusal(0, "Too late for that.", 5))  # about message 5, not the action in flight (7)
    turns.step(0.016, False, 0)
    assert told == ["Too late for that."]  # told, as any refusal ...
    assert turns.authority.awaiting  # ... but the action in flight still waits for its answer
    assert not turns.try_action(0, "ok") and link.sent == [(0, "ok")]  # so no second action goes out
    link.inbox.append(Refusal(0, "Not now.", 7))  # the action in flight refused: the table is free again
    turns.step(0.016, False, 0)
    assert told[-1] == "Not now." and not turns.authority.awaiting
    assert turns.try_action(0, "ok") and link.sent == [(0, "ok"), (0, "ok")]
    link.inbox.append(Refusal(None, "too many messages: slow down"))  # names no message: it may be this one
    turns.step(0.016, False, 0)
    assert not turns.authority.awaiting and shown == []
