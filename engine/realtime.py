"""The real-time core: timed claims, the tie window and the game clock as data.

Shared by the slapping and shouting games (Snap, Ratscrew).  Glossary:

* **claim**: a player calling out at a moment, ``(seat, kind, at)``; ``kind``
  is the game's word ("snap", "snap-pot", "slap");
* **tie window**: claims of the same kind made at most ``tie_ms`` after the
  first one are simultaneous.  The window stays open until the first moment
  past it; then :meth:`Claims.close_due` hands it to the game, which decides
  what a tie does.  With ``tie_ms`` 0 only claims in the very same millisecond
  tie;
* **game clock**: the latest time the engine has been told (by ``apply`` or
  ``advance``).  Nothing may happen before it; the engine never reads a clock.

A game keeps one :class:`Claims` and folds :meth:`Claims.next_deadline` into
its own ``next_deadline()`` (see :func:`earliest`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import Ms, Option

DEFAULT_TIE_MS = 40
TIE_WINDOW_OPTION = Option(
    "tie_ms", "Tie window",
    tuple((ms, f"{ms} ms" if ms else "Off: first call wins") for ms in (0, 10, 20, 30, 40, 50, 60, 80, 100, 120, 150)),
    DEFAULT_TIE_MS,
    "Calls of the same kind this close to the first one count as simultaneous.",
)


@dataclass(frozen=True, slots=True)
class Claim:
    """A player calling out ``kind`` at ``at`` ms."""

    seat: int
    kind: str
    at: Ms


@dataclass(frozen=True, slots=True)
class TieWindow:
    """The claims of one kind gathered since the first, in the order they came."""

    claims: tuple[Claim, ...]
    tie_ms: int

    @property
    def kind(self) -> str:
        return self.claims[0].kind

    @property
    def opened_at(self) -> Ms:
        return self.claims[0].at

    @property
    def last_tying_ms(self) -> Ms:
        """The last moment a claim still ties with the first."""
        return self.opened_at + self.tie_ms

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(c.seat for c in self.claims)

    @property
    def is_tie(self) -> bool:
        return len(self.claims) > 1


class Claims:
    """The open tie windows, one per kind of claim."""

    __slots__ = ("tie_ms", "_open")

    def __init__(self, tie_ms: int = DEFAULT_TIE_MS, windows: tuple[TieWindow, ...] = ()) -> None:
        if not 0 <= tie_ms <= 150:
            raise ValueError(f"a tie window is 0 to 150 ms, not {tie_ms}")
        self.tie_ms = tie_ms
        self._open: dict[str, TieWindow] = {w.kind: w for w in windows}

    def copy(self) -> Claims:
        return Claims(self.tie_ms, self.windows)

    @property
    def windows(self) -> tuple[TieWindow, ...]:
        """The open windows, the earliest first."""
        return tuple(sorted(self._open.values(), key=lambda w: w.opened_at))

    def window(self, kind: str) -> TieWindow | None:
        return self._open.get(kind)

    def has_called(self, seat: int, kind: str) -> bool:
        window = self._open.get(kind)
        return window is not None and seat in window.seats

    def add(self, claim: Claim) -> TieWindow:
        """Open the window of ``claim.kind`` or join it; the caller checked it is not late or repeated."""
        window = self._open.get(claim.kind)
        if window is None:
            window = TieWindow((claim,), self.tie_ms)
        else:
            assert claim.at <= window.last_tying_ms and claim.seat not in window.seats
            window = TieWindow(window.claims + (claim,), self.tie_ms)
        self._open[claim.kind] = window
        return window

    def next_deadline(self) -> Ms | None:
        """When the earliest window closes: the first millisecond past it."""
        return min((w.last_tying_ms + 1 for w in self._open.values()), default=None)

    def close_due(self, at: Ms) -> list[TieWindow]:
        """Close and return the windows whose time is up by ``at``, the earliest first."""
        due = [w for w in self.windows if w.last_tying_ms < at]
        for w in due:
            del self._open[w.kind]
        return due

    def clear(self) -> None:
        self._open.clear()

    def __bool__(self) -> bool:
        return bool(self._open)

    def snapshot(self) -> tuple[int, tuple[TieWindow, ...]]:
        return self.tie_ms, self.windows


def earliest(*times: Ms | None) -> Ms | None:
    """The earliest of some deadlines, ignoring the ones not set."""
    return min((t for t in times if t is not None), default=None)


def why_untimely(at: Ms, clock: Ms, deadline: Ms | None) -> str | None:
    """Why an action can't be played at ``at``: time ran back, or timers are due first.

    ``clock`` is the latest time the game was told, ``deadline`` its
    ``next_deadline()``; the caller must ``advance(at)`` before acting at ``at``.
    """
    if at < clock:
        return f"that was at {at} ms, but the game has already reached {clock} ms"
    if deadline is not None and deadline <= at:
        return f"the game's timers must be advanced to {at} ms first"
    return None


__all__ = ["Claim", "Claims", "TieWindow", "TIE_WINDOW_OPTION", "DEFAULT_TIE_MS", "earliest", "why_untimely"]
