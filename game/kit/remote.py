"""A table's remote mode: its actions go to the host, the host's state and events come back.

The client never applies an action to an engine.  Every table keeps its own
drawing, input and steps; only the source of what happens changes:

* **Races** (Snap, Ratscrew): :class:`RemoteRaceDriver` stands where the
  table's :class:`~game.kit.rtdriver.RealtimeDriver` stands in its
  :class:`~game.kit.races.RealtimeController` (``race.driver``: ``press``,
  ``step``, ``waiting``, ``cancel``).  A press keeps the moment its key was read
  and goes to the host stamped on this computer's monotonic clock (the host maps
  stamps onto its own time and judges the race); ``step`` returns what the host
  sent as :class:`Happened` items, like the real-time driver's ``Played``.
* **Turn tables** (Sprint, Scamper, Double or Nothing): the table's
  :class:`~game.kit.turns.TurnController` gets a :class:`HostAuthority` (its
  ``play`` sends instead of applying; each frame the host's views come back
  through the controller's ``receive`` and show with the table's own ``shown``
  hook, the same steps as a local action) and :class:`HostPlays` as the source
  of the other seats (the bots play on the host).

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
from typing import Any, Callable, Protocol


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
    n: int | None = None
    """The number of the message refused (what :meth:`RemoteLink.send` returned), when the host named it."""


class RemoteLink(Protocol):
    """What a remote table needs of the network session."""

    seats: list[int]
    """This computer's seats."""

    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> int | None:
        """Send ``seat``'s ``action`` (a race's press with its moment on this computer's monotonic clock); the
        message's number (a refusal names it), or None."""

    def updates(self) -> list[View | Refusal]:
        """What came from the host since the last call (never blocks)."""

    def quiet(self) -> bool:
        """Nothing from the host waits to be taken (a table may rest: a message wakes it)."""

    def wake_with(self, callback: Callable[[], None]) -> None:
        """``callback()`` (from any thread) when a message arrives while none waits: it wakes a resting table."""

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
        """Nothing can happen here until a key or the host's next message: no press to send, nothing from the host
        waiting (the game's timers and the bots run on the host; a message wakes a resting table)."""
        return not self.presses and not self.fresh and not self.state.is_over and self.link.quiet()

    def retime(self, *args: Any) -> None:
        """Bots play on the host: nothing to retime here."""


# --- turn tables -------------------------------------------------------------------------


@dataclass
class HostAuthority:
    """A turn controller's authority in remote mode (:class:`game.kit.turns.Authority`): the host applies.

    ``play`` sends the seat's action and returns no events; once a frame ``pump``
    takes in the host's views, one while the table is still (its steps play before
    the next), and hands each to :meth:`~game.kit.turns.TurnController.receive`
    with the state swapped in (:func:`adopt`), so it shows with the table's own
    steps, exactly as a local action's.  A refusal is told as the table's usual
    refusal toast with the host's reason, and frees the table to act again.
    """

    link: RemoteLink
    sent: tuple[int, Any] | None = None
    """The seat and action that went to the host and whose view has not come back: the table takes no other."""
    sent_n: int | None = None
    """The number of that message (None: the link numbers none)."""
    pending: list[View | Refusal] = field(default_factory=list)

    @property
    def awaiting(self) -> bool:
        return self.sent is not None

    def play(self, controller: Any, seat: int, action: Any) -> list[Any] | None:
        self.sent = (seat, action)
        self.sent_n = self.link.send(seat, action)
        return None

    def refuses_mine(self, refusal: Refusal) -> bool:
        """``refusal`` is about the action in flight: it names that message, or no message at all (it may be
        about it).  A refusal of an earlier message leaves the action in flight waiting for its answer."""
        return self.sent is not None and (refusal.n is None or self.sent_n is None or refusal.n == self.sent_n)

    def pump(self, controller: Any, busy: bool) -> bool:
        self.pending += self.link.updates()
        shown = False
        while self.pending and not busy:
            update = self.pending.pop(0)
            if isinstance(update, Refusal):
                if self.refuses_mine(update):
                    self.sent = self.sent_n = None
                controller.tell(update.reason, True)
                continue
            before = controller.current
            adopt(controller.state, update.state)
            seat, action = update.seat, update.action
            if self.sent is not None and (seat == self.sent[0] or (seat is None and before == self.sent[0])):
                if seat is None:
                    seat, action = self.sent  # the view that answers this computer's action (a host that names no play)
                self.sent = self.sent_n = None
            controller.receive(controller.state, seat if seat is not None else before, action, list(update.events))
            shown = busy = True
        return shown or bool(self.pending)


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


__all__ = ["View", "Refusal", "RemoteLink", "RemoteRaceDriver", "HostAuthority", "HostPlays", "Happened", "adopt", "monotonic_ms",
           "set_connections"]
