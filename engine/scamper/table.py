"""The fixed tables of Scamper Sets N' Runs: contracts, packs, card points, options."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Mapping

from ..cards import STANDARD_SIZE
from ..core import EDITION as EDITION_KEY
from ..core import Option, edition_option, resolve_options
from ..melds import Contract

GAME_ID = "scamper"
MIN_SEATS = 2
MAX_SEATS = 10
HAND_SIZE = 8
JOKERS_PER_PACK = 2
PACK_SIZE = STANDARD_SIZE + JOKERS_PER_PACK
MISSED_CALL = 20
FIRST_DEALER_BONUS = -20
EDITION = 2
"""The rules' version.  2: six packs for 9-10 players, the first dealer's -20 in every game, a deal
whose renewed stock runs out with nothing laid, added or swapped is dealt again (see ``edition_option``)."""

CONTRACTS: tuple[Contract, ...] = (
    Contract.of(("set", 3), ("set", 3)),
    Contract.of(("run", 3), ("run", 3)),
    Contract.of(("set", 3), ("run", 4)),
    Contract.of(("set", 3), ("set", 3), ("set", 3)),
    Contract.of(("set", 3), ("run", 5)),
    Contract.of(("set", 3), ("set", 3), ("run", 4)),
    Contract.of(("set", 3), ("run", 7)),
    Contract.of(("run", 4), ("run", 5)),
    Contract.of(("run", 8)),
    Contract.of(("set", 8)),
)
"""Round ``n``'s contract is ``CONTRACTS[n - 1]``."""


def hand_size(contract: Contract) -> int:
    """Cards dealt each: eight, or as many as the contract's melds when they need more.

    A player holds one card more than dealt after drawing and must keep one to
    discard, so with eight cards the contracts of 9 or 10 cards (rounds 4, 6, 7
    and 8) could never be laid; those rounds deal the contract's size.
    """
    return max(HAND_SIZE, contract.min_cards)


def packs_for(seats: int, edition: int = EDITION) -> int:
    """Packs shuffled together: 2 for 2-3 seats, 3 for 4-6, 4 for 7-8, 6 for 9-10.

    The club's table goes on "plus 2 packs for every additional 2 players"
    after 4 for 7-8; the first rules (``edition`` 1) dealt 5 for 9-10.
    """
    if seats <= 8:
        return 2 if seats <= 3 else 3 if seats <= 6 else 4
    return 6 if edition > 1 else 5


def card_points(card: int) -> int:
    """What a card left in hand costs: joker 50, deuce and ace 20, 8 to king 10, 3 to 7 5."""
    if card >= STANDARD_SIZE:
        return 50
    rank = card % 13 + 2
    if rank in (2, 14):
        return 20
    return 10 if rank >= 8 else 5


class Phase(Enum):
    """Where the game is."""

    OPENING = "opening"  # the first player takes the face-up card or passes it left
    DRAW = "draw"
    PLAY = "play"  # lay, add, swap, call; then discard
    OVER = "over"


class StockOut(StrEnum):
    """What happens when a player must draw and the stock is empty."""

    REPLAY = "replay"  # the round is void and dealt again
    ADD_PACK = "add-pack"
    RESHUFFLE = "reshuffle"  # the discards but the top one become the stock (none to shuffle: replay)


OPTIONS: tuple[Option, ...] = (
    Option("rounds", "Rounds", tuple((n, str(n)) for n in range(1, 11)), 10,
           "Play the first rounds of the ten, in order."),
    Option("keep_majority", "Wilds added to melds", ((False, "Any number"), (True, "Naturals stay the majority")), False,
           "Once a meld is down, wilds may be added freely, or only while naturals outnumber wilds."),
    Option("stock_out", "When the stock runs out", (
        (StockOut.REPLAY.value, "Replay the round"),
        (StockOut.ADD_PACK.value, "Add a pack"),
        (StockOut.RESHUFFLE.value, "Shuffle the discards into a new stock"),
    ), StockOut.REPLAY.value),
    Option("advanced", "Advanced rules", ((False, "Off"), (True, "On")), False,
           "A player left with one card who hasn't called Scamper! gets +20."),
    edition_option(EDITION, "5 packs for 9-10 players, the first dealer's -20 only with the Advanced rules, "
                            "a stock renewed again and again even with nobody able to play"),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The New game choices of one game."""

    rounds: int = 10
    keep_majority: bool = False
    stock_out: StockOut = StockOut.REPLAY
    advanced: bool = False
    edition: int = EDITION

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None) -> Rules:
        """Rules from option values (defaults filled in); ``ValueError`` names a bad one."""
        values = resolve_options(OPTIONS, options)
        return cls(values["rounds"], values["keep_majority"], StockOut(values["stock_out"]), values["advanced"],
                   values[EDITION_KEY])

    def to_options(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "keep_majority": self.keep_majority,
                "stock_out": self.stock_out.value, "advanced": self.advanced, EDITION_KEY: self.edition}

    @property
    def first_dealer_bonus(self) -> int:
        """The first dealer's start: -20 in every game (the first rules: with the Advanced rules only)."""
        return FIRST_DEALER_BONUS if self.advanced or self.edition > 1 else 0

    @property
    def stuck_deal_replayed(self) -> bool:
        """Whether a renewed stock that runs out with nothing laid, added or swapped voids the deal."""
        return self.edition > 1
