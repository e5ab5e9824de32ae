"""The score sheet: one line per round played, running totals, who went out."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One round on the sheet.

    ``points`` per seat include ``penalties``; ``cards_left`` are the hand
    counts when the round ended; ``replays`` counts the deals voided before
    this one was finished (the stock ran out).
    """

    round_no: int
    contract: str
    points: tuple[int, ...]
    went_out: int
    cards_left: tuple[int, ...]
    penalties: tuple[int, ...]
    replays: int = 0


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Rounds by players, as players print it; ``start`` is each seat's score before round 1."""

    start: tuple[int, ...]
    lines: tuple[SheetLine, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        totals = list(self.start)
        for line in self.lines:
            totals = [t + p for t, p in zip(totals, line.points)]
        return tuple(totals)

    def running(self) -> list[tuple[int, ...]]:
        """The totals after each round."""
        out = []
        totals = list(self.start)
        for line in self.lines:
            totals = [t + p for t, p in zip(totals, line.points)]
            out.append(tuple(totals))
        return out
