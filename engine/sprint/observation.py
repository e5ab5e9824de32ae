"""What one seat of Sprint, Snap, Score may know: bots decide from this alone."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import STANDARD_SIZE, Card, cards_of_mask, mask_of
from ..melds import triangular
from .actions import Action, Phase, legal_actions_for, refusal
from .events import RoundOver


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know.  Bots decide from this alone."""

    seat: int
    num_players: int
    current_player: int
    phase: Phase
    hand_mask: int
    laid: tuple[tuple[tuple[Card, ...], ...], ...]
    discard_pile: tuple[Card, ...]  # bottom to top
    stock_size: int
    hand_sizes: tuple[int, ...]
    known_cards: tuple[tuple[Card, ...], ...]  # taken from the discard pile, still held
    final_turns_left: int | None  # once the stock is empty: turns left, the current one included
    turn: int
    result: RoundOver | None

    @property
    def hand(self) -> tuple[Card, ...]:
        return cards_of_mask(self.hand_mask)

    @property
    def my_turn(self) -> bool:
        return self.current_player == self.seat and self.phase is not Phase.OVER

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions (empty when it is not this seat's turn)."""
        if not self.my_turn:
            return []
        return legal_actions_for(self.phase, self.hand_mask, self.stock_size, len(self.discard_pile))

    def why_illegal(self, action: object) -> str | None:
        if not self.my_turn:
            return "It is not your turn."
        return refusal(self.phase, self.hand_mask, self.stock_size, len(self.discard_pile), action)

    def laid_points(self, seat: int) -> int:
        return sum(triangular(len(m)) for m in self.laid[seat])

    def unseen_mask(self) -> int:
        """Cards this seat cannot place: the stock and others' unknown cards."""
        seen = self.hand_mask | mask_of(self.discard_pile)
        for matches in self.laid:
            for m in matches:
                seen |= mask_of(m)
        for p, cards in enumerate(self.known_cards):
            if p != self.seat:
                seen |= mask_of(cards)
        return ((1 << STANDARD_SIZE) - 1) & ~seen
