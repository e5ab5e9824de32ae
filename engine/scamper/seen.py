"""What one seat may know, as data: the fields of an :class:`~engine.scamper.observation.Observation`.

Its own module so that the legality predicates (:mod:`engine.scamper.rules`) can read it while the
observation's ``legal_actions`` and ``why_illegal`` call them: no import circle, not even a type-only one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..melds import Contract, Meld
from .sheet import ScoreSheet
from .table import Phase, Rules


@dataclass(frozen=True, slots=True)
class Seen:
    """One seat's view: its own hand, every meld, the discard pile, the others' hand sizes, the sheet, and the
    round's public history a person at the table sees: per seat, what it took from the discard pile, what it
    threw there and which top discards it passed over."""

    seat: int
    num_seats: int
    rules: Rules
    round_no: int  # 1-based
    contract: Contract
    dealer: int
    current: int
    phase: Phase
    hand: tuple[Card, ...]  # sorted
    melds: tuple[Meld, ...]  # in the order laid: a meld's number is its index
    owners: tuple[int, ...]  # who laid each meld
    discard_pile: tuple[Card, ...]  # bottom to top
    stock_size: int
    hand_sizes: tuple[int, ...]
    down: tuple[bool, ...]  # who has laid this round's contract
    taken: tuple[tuple[Card, ...], ...]  # cards each seat took from the discard pile this round
    discarded: tuple[tuple[Card, ...], ...]  # cards each seat threw to the discard pile this round, in order
    passed: tuple[tuple[Card, ...], ...]  # top discards each seat passed over this round (drew the stock instead;
    # the face-up card it passed left at the opening), in order
    called: bool  # "Scamper!" called this turn
    sheet: ScoreSheet

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase is not Phase.OVER

    @property
    def is_down(self) -> bool:
        return self.down[self.seat]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.sheet.totals
