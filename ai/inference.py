"""What Master reads from the opponents' moves about the cards they hold.

Every level above Apprentice takes the discard pile's top card whenever it
completes a match, and the Strategist discards the card worth least to its hand
(:meth:`~ai.bots.Strategist._discard_order`).  Two clues follow, each a test a
sampled hand must pass (:func:`consistent`):

* **Declined**: the player after Master drew from the stock although Master's
  discard was on top (it is still in the pile, in place).  So the hand it held
  before drawing did not complete a match with that card.  Its hand now has at
  most ``new_cards`` cards it has drawn since (one draw plus replacements), so
  removing some ``new_cards`` of the current hand must leave a hand that does
  not complete a match with it.  Standard and the Strategist both play so.
* **Discarded**: the player before Master ended its turn with two or more cards,
  so the pile's top card is its discard, chosen from exactly its current hand
  plus that card.  Under the Strategist's rule that card has the lowest
  discard key of them, the key computed from what the player could see then.

Clues come from the current observation and what Master remembered of the pile
at the end of its own last turn (:class:`TurnMemory`); bots still see nothing
else.  They are a model of the Strategist: against other play the sampler falls
back to unconstrained hands after a few tries (see :class:`~ai.master.WorldSampler`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from engine.sprint import Observation

from .bots import StrategistParams, card_value, danger
from .handcalc import FULL_DECK, RANK_MASK, RUN_NEAR2, bits, completes_match


@dataclass(frozen=True, slots=True)
class TurnMemory:
    """The table as Master's own turn left it: its turn number, the pile and the matches laid so far."""

    turn: int
    pile: tuple[int, ...]
    laid: tuple[int, ...]  # number of matches laid, by seat


@dataclass(frozen=True, slots=True)
class Declined:
    """The player did not take ``card`` and has drawn at most ``new_cards`` cards since."""

    card: int
    new_cards: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """The player discarded ``card`` from its hand plus ``card``, as the Strategist would."""

    card: int
    seen: int  # cards the player could place besides its hand: the pile below, laid matches, others' known cards
    known_next: int  # the next player's cards known to it
    next_unknown: int  # how many of the next player's cards it did not know
    danger_weight: float


Clue = Declined | Discarded


def memory_after(obs: Observation, pile: tuple[int, ...]) -> TurnMemory:
    """What to remember once Master's move leaves the discard pile as ``pile``."""
    return TurnMemory(obs.turn, pile, tuple(len(ms) for ms in obs.laid))


def clues(obs: Observation, memory: TurnMemory | None, params: StrategistParams) -> dict[int, list[Clue]]:
    """The clues about each opponent's hand at the start of Master's turn, by seat."""
    out: dict[int, list[Clue]] = {}
    n = obs.num_players
    seat = obs.seat
    pile = tuple(int(c) for c in obs.discard_pile)
    nxt = (seat + 1) % n
    if memory is not None and obs.turn == memory.turn + n and memory.pile and pile[: len(memory.pile)] == memory.pile:
        laid = sum(len(m) for m in obs.laid[nxt][memory.laid[nxt]:])
        out.setdefault(nxt, []).append(Declined(memory.pile[-1], 1 + laid))
    prev = (seat - 1) % n
    if obs.turn >= 1 and pile and obs.hand_sizes[prev] >= 2:
        seen = 0
        for c in pile[:-1]:
            seen |= 1 << c
        for ms in obs.laid:
            for m in ms:
                for c in m:
                    seen |= 1 << c
        for p, cards in enumerate(obs.known_cards):
            if p != prev:
                for c in cards:
                    seen |= 1 << c
        known_next = sum(1 << c for c in obs.known_cards[seat])
        unknown = obs.hand_sizes[seat] - len(obs.known_cards[seat])
        weight = params.danger_weight if obs.stock_size else 0.0
        out.setdefault(prev, []).append(Discarded(pile[-1], seen, known_next, unknown, weight))
    return out


def consistent(hand: int, clue_list: list[Clue]) -> bool:
    """Whether an opponent holding ``hand`` now could have left every clue in ``clue_list``."""
    for clue in clue_list:
        if type(clue) is Declined:
            if not _could_decline(hand, clue):
                return False
        elif not _would_discard(hand, clue):  # type: ignore[arg-type]
            return False
    return True


def _could_decline(hand: int, clue: Declined) -> bool:
    if not completes_match(hand, clue.card):
        return True
    helpers = bits(hand & (RANK_MASK[clue.card] | RUN_NEAR2[clue.card]))
    for k in range(1, min(clue.new_cards, len(helpers)) + 1):
        for drop in combinations(helpers, k):
            if not completes_match(hand & ~sum(1 << c for c in drop), clue.card):
                return True
    return False


def _would_discard(hand: int, clue: Discarded) -> bool:
    """Whether the Strategist's discard key puts ``clue.card`` first among ``hand`` and it."""
    full = hand | 1 << clue.card
    unseen = FULL_DECK & ~(full | clue.seen)
    share = clue.next_unknown / max(1, unseen.bit_count())
    weight = clue.danger_weight

    def key(c: int) -> tuple[float, int]:
        value = card_value(c, full, unseen)
        if weight:
            value += weight * danger(c, clue.known_next, unseen, share)
        return (value, -(c % 13))

    mine = key(clue.card)
    return all(mine <= key(c) for c in bits(hand))
