"""What one seat of Double or Nothing may know: the bots decide from this alone."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Mode, Phase, legal_actions_for
from .counts import Counts, sub
from .plays import PLAIN, Play, Rules, Strength
from .upgrades import Held


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know.  Bots decide from this alone."""

    seat: int
    mode: Mode
    phase: Phase
    to_move: tuple[int, ...]
    game: int
    hand_number: int  # hands dealt in the whole run
    hand: Counts
    area: Counts  # both sides' cards in the play area, per number
    top: Play | None  # the play to beat (None: the side to move leads)
    top_seat: int | None
    top_strength: Strength | None
    deck_size: int
    opponent_hand_size: int
    opponent_deck_size: int
    hand_sizes: tuple[int, int]  # dealt per hand, by seat
    pass_sizes: tuple[int, int]  # drawn on a pass, by seat
    upgrades: tuple[tuple[str, int], ...]  # the runner's, with stacks
    offer: tuple[str, ...]
    totals: Counts  # every card of the game per number
    opponent_lacks: tuple[int, ...] | None  # with Spyglass: numbers the opponent was dealt (or holds) none of
    games_won: int
    second_wind_used: bool
    winner: int | None
    upgrade_rules: int = 4  # which version of the upgrade rules (engine.double_or_nothing.upgrades.RULES)
    game_hand: int = 1  # the hand within this game (``hand_number`` counts the whole run's)
    opponent_lacks_now: bool = False  # the Spyglass shows what the opponent holds none of now, not as dealt

    @property
    def my_turn(self) -> bool:
        return self.seat in self.to_move

    def rules(self, seat: int | None = None) -> Rules:
        """The play rules of ``seat`` (default: this seat)."""
        seat = self.seat if seat is None else seat
        return Held(dict(self.upgrades)).rules(self.upgrade_rules) if seat == 0 and self.mode is Mode.RUN else PLAIN

    def legal_actions(self) -> list[Action]:
        if not self.my_turn:
            return []
        return legal_actions_for(self.phase, self.offer, self.hand, self.rules(), self.top_strength)

    def unseen(self) -> Counts:
        """The cards this seat can't place: the opponent's hand and both decks, per number."""
        return sub(sub(self.totals, self.hand), self.area)
