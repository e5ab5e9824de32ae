"""A table's remote mode: its actions go to the host, the host's state and events come back.

The client never applies an action to an engine.  Every table keeps its own
drawing, input and steps; only the source of what happens changes:

* **Races** (Snap, Ratscrew): :class:`RemoteRaceDriver` stands where the
  table's :class:`~game.kit.rtdriver.RealtimeDriver` stands (``press``,
  ``step``, ``waiting``, ``cancel``).  A press keeps the moment its key was read
  and goes to the host stamped on this computer's monotonic clock (the host maps
  stamps onto its own time and judges the race); ``step`` returns what the host
  sent as :class:`Happened` items, like the real-time driver's ``Played``.
* **Double or Nothing** has its own loop: :class:`RemoteDuel` does the same at
  its ``try_action``/``perform``/``show_events`` seams.
* **Turn tables** (Sprint, Scamper): :class:`RemoteTurns` goes before the
  table's class (``class RemoteScamper(RemoteTurns, ScamperTable)``):
  ``perform`` sends instead of applying, and each frame the host's views are
  shown with the table's own ``_performed`` (the same steps as a local action).

Each view from the host brings the whole state as this computer's seats may see
it; :func:`adopt` copies it into the state object the table already holds, so
every reference to it (the table's, its model's, its driver's) sees the new
state.  A refusal shows as the table's usual refusal toast with the host's
reason.  A remote game is never saved or counted on this computer (the host
keeps its journal); its seat names carry their connection ("42 ms",
"reconnecting...") in the record's player ``extra["connection"]``, which
:func:`game.kit.scorepanel.seat_label` shows.

The link (:class:`RemoteLink`) is the screens' session over :mod:`game.net`'s
client; this module never touches a socket.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class View:
    """The host's picture after something happened: the state for this computer's seats and the events they saw."""

    state: Any
    events: tuple[Any, ...] = ()
    seat: int | None = None  # who acted (None: timers, or a fresh picture)
    action: Any = None
    fresh: bool = False  # a whole new picture (joining, rejoining): nothing to animate


@dataclass(frozen=True)
class Refusal:
    """The host refused one of this computer's actions, with a reason a player can read."""

    seat: int | None
    reason: str


class RemoteLink(Protocol):
    """What a remote table needs of the network session."""

    seats: list[int]
    """This computer's seats."""

    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> None:
        """Send ``seat``'s ``action`` (a race's press with its moment on this computer's monotonic clock)."""

    def updates(self) -> list[View | Refusal]:
        """What came from the host since the last call (never blocks)."""

    def connection(self, seat: int) -> str:
        """A seat's connection for its badge: "42 ms", "reconnecting...", "" (a bot, or this computer)."""

    def waiting_for(self) -> str | None:
        """Why the host holds the game (a seat is away), or None."""


def adopt(target: Any, source: Any) -> None:
    """Make ``target`` the state ``source`` is (same class): every field copied over, in place."""
    fields: dict[str, Any] = {}
    for klass in type(source).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if slot not in ("__dict__", "__weakref__") and hasattr(source, slot):
                fields.setdefault(slot, getattr(source, slot))
    fields.update(getattr(source, "__dict__", {}))
    for name, value in fields.items():
        object.__setattr__(target, name, value)


def monotonic_ms() -> float:
    """This computer's monotonic clock in ms (the time line of the table's ``read_at`` stamps)."""
    return time.perf_counter() * 1000


# --- races -------------------------------------------------------------------------


@dataclass(frozen=True)
class Happened:
    """One thing the host sent, shaped like :class:`ai.reflex.Played` (what a race table's loop reads)."""

    at: int
    seat: int | None
    action: Any
    events: tuple[Any, ...]
    refused: str | None = None
    urge: Any = None


@dataclass
class RemoteRaceDriver:
    """A race table's driver in remote mode: presses go to the host, ``step`` brings back what it judged."""

    state: Any
    link: RemoteLink
    clock: Any = field(default=monotonic_ms)
    presses: list[tuple[int, Any, int]] = field(default_factory=list)
    fresh: bool = False
    """A whole new picture came (a rejoin): the table builds its model again from the state."""

    def press(self, seat: int, action: Any, at: int) -> None:
        self.presses.append((seat, action, at))

    def step(self, now: int) -> list[Happened]:
        """Send this frame's presses, then take in the host's views: what happened, refusals included.

        A press stamped ``at`` on the table clock happened ``now - at`` ms before this step: it goes out
        stamped that long before this computer's monotonic clock now."""
        presses, self.presses = self.presses, []
        mono = self.clock()
        for seat, action, at in presses:
            self.link.send(seat, action, mono - max(0, now - at))
        out: list[Happened] = []
        for update in self.link.updates():
            if isinstance(update, Refusal):
                out.append(Happened(now, update.seat, None, (), update.reason))
                continue
            adopt(self.state, update.state)
            self.fresh = self.fresh or update.fresh
            if not update.fresh:
                out.append(Happened(int(getattr(self.state, "clock", now)), update.seat, update.action, tuple(update.events)))
        return out

    def cancel(self) -> None:
        self.presses.clear()

    def waiting(self, now: int, horizon_ms: int = 0) -> bool:
        """Never at rest: the host may send at any moment and the table steps to hear it."""
        return False

    def retime(self, *args: Any) -> None:
        """Bots play on the host: nothing to retime here."""


# --- turn tables -------------------------------------------------------------------------


class RemoteTurns:
    """Goes before a hidden-hand turn table's class: the table acts through the host (see the module docstring)."""

    remote: RemoteLink
    sent: tuple[int, Any] | None = None
    """The seat and action that went to the host and whose view has not come back: the table takes no other."""
    pending_views: list[View | Refusal]

    def try_action(self, action: Any) -> bool:
        if self.sent is not None:
            return False
        return bool(super().try_action(action))  # type: ignore[misc]

    def perform(self, action: Any) -> list[Any]:
        """Send the bottom seat's action; the host's view shows it when it comes back."""
        seat = self.state.current  # type: ignore[attr-defined]
        self.sent = (seat, action)
        self.remote.send(seat, action)
        return []

    def _show(self, view: View) -> None:
        """One view from the host: the state swapped in, its events shown with the table's own steps (this
        computer's action as a local one is, with ``_performed``)."""
        t: Any = self
        before = t.state.current
        adopt(t.state, view.state)
        events = list(view.events)
        seat, action = view.seat, view.action
        if self.sent is not None and (seat == self.sent[0] or (seat is None and before == self.sent[0])):
            if seat is None:
                seat, action = self.sent  # the view that answers this computer's action (a host that names no play)
            self.sent = None
        t.record.append(seat if seat is not None else before, action, events)
        if action is not None:
            t._performed(seat, action, events)
        else:
            t._queue_events(events)

    def _take_turns(self, dt: float) -> None:
        """Between frames: show the host's views (one at a time, after the cards stop moving), hand the device to
        this computer's next hot-seat player, notice the end."""
        t: Any = self
        self.pending_views += self.remote.updates()
        while self.pending_views and not t.motion.busy:
            update = self.pending_views.pop(0)
            if isinstance(update, Refusal):
                self.sent = None
                t.show_toast(update.reason, True)
            else:
                self._show(update)
        busy = t.motion.busy or bool(self.pending_views)
        if t.pending_pass and not busy:
            t._open_pass()
            return
        if t.state.is_over:
            if not busy and t.model.over and not t.finished:
                t.finished = True
                t._game_finished()
            return
        if t.is_human(t.state.current) and t.state.current != t.viewer and not busy:
            t._open_pass()

    def is_animating(self) -> bool:
        """The host may send at any moment: keep stepping while the game is on."""
        return not self.state.is_over or bool(super().is_animating())  # type: ignore[attr-defined,misc]


class RemoteDuel:
    """Goes before Double or Nothing's table class (its own loop): the same as :class:`RemoteTurns` at its seams
    (``try_action``, ``perform``, ``show_events``); its driver is :class:`HostPlays`."""

    remote: RemoteLink
    sent: tuple[int, Any] | None = None
    pending_views: list[View | Refusal]

    def try_action(self, action: Any) -> bool:
        if self.sent is not None:
            return False
        return bool(super().try_action(action))  # type: ignore[misc]

    def perform(self, action: Any) -> list[Any]:
        t: Any = self
        seat = t.current()
        self.sent = (seat, action)
        self.remote.send(seat, action)
        t.set_selection(None)
        t.wrap = False
        return []

    def update(self, dt: float) -> None:
        t: Any = self
        self.pending_views += self.remote.updates()
        while self.pending_views and not t.motion.busy:
            update = self.pending_views.pop(0)
            self.sent = None
            if isinstance(update, Refusal):
                t.show_toast(update.reason, True)
                continue
            before = t.current()
            adopt(t.state, update.state)
            t.record.append(update.seat if update.seat is not None else before, update.action, list(update.events))
            t.show_events(list(update.events))
            self.took_view(list(update.events))
        super().update(dt)  # type: ignore[misc]

    def took_view(self, events: list[Any]) -> None:
        """A view was shown (what the game's end screen gathers, if it needs more than the state)."""

    def is_animating(self) -> bool:
        return not self.state.is_over or bool(super().is_animating())  # type: ignore[attr-defined,misc]


class HostPlays:
    """The driver of a remote turn table: the bots play on the host, so it never offers an action here."""

    thinking = False
    thinking_seat: int | None = None
    done = False

    def update(self, dt: float, state: Any, busy: bool) -> None:
        return None

    def cancel(self) -> None:
        pass

    def retime(self, *args: Any) -> None:
        pass


def set_connections(players: list[Any], link: RemoteLink) -> bool:
    """Each seat's connection into its player's ``extra["connection"]`` (what the badges show); whether one changed."""
    changed = False
    for seat, player in enumerate(players):
        extra = getattr(player, "extra", None)
        if not isinstance(extra, dict):
            continue
        now = link.connection(seat)
        if extra.get("connection", "") != now:
            extra["connection"] = now
            changed = True
    return changed


__all__ = ["View", "Refusal", "RemoteLink", "RemoteRaceDriver", "RemoteTurns", "RemoteDuel", "HostPlays", "Happened", "adopt", "monotonic_ms",
           "set_connections"]
