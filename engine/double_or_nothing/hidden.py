"""What network play sends in place of Double or Nothing's hidden counts (:mod:`engine.wire`'s ``stand_in``).

Another seat's hand keeps only its size, and for a viewer holding the Spyglass
which numbers it lacks: it is sent as a stand-in taken from the cards the
viewer can't see.  The decks keep their sizes; the first holds, as one batch,
every unseen card the stand-in hands left, so the game's public totals of each
number stay right.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable

from .counts import Deck, counts


def _add(*vectors: Iterable[int]) -> list[int]:
    return [sum(column) for column in zip(*vectors)]


def _stand_in_hand(pool: list[int], size: int, lacks: list[int] | None) -> list[int]:
    """A count vector of ``size`` cards taken from ``pool`` (what the viewer knows is somewhere out of sight),
    lacking exactly the numbers in ``lacks`` when the viewer knows them: it tells nothing the viewer doesn't know."""
    out = [0] * len(pool)
    allowed = [i for i in range(len(pool)) if lacks is None or i not in lacks]
    left = size
    if lacks is not None:
        for i in allowed:
            if left and pool[i]:
                out[i], left = 1, left - 1
    for i in allowed:
        take = min(left, pool[i] - out[i])
        out[i] += take
        left -= take
    return out


def _spyglass_sees(state: Any, viewers: frozenset[int]) -> bool:
    """Whether a viewer's observation names the numbers the other seat lacks (the Spyglass)."""
    try:
        return any(state.observation(seat).opponent_lacks is not None for seat in viewers)
    except (AttributeError, ValueError):
        return False


def _sized(size: int, batch: list[int] | None) -> Deck:
    deck = Deck.__new__(Deck)
    deck.batches = deque([counts(batch)] if batch and sum(batch) else [])
    deck.size = size
    return deck


def wire_stand_ins(state: Any, viewers: frozenset[int]) -> dict[str, Any]:
    """The ``hands`` and ``decks`` the ``viewers`` are sent: their own hands as they are, the others' stand-ins."""
    lacks = _spyglass_sees(state, viewers)
    unseen = _add(*(d.total() for d in state.decks))
    fakes = {seat: _stand_in_hand(_add(unseen, hand), sum(hand), [i for i, k in enumerate(hand) if not k] if lacks else None)
             for seat, hand in enumerate(state.hands) if seat not in viewers}
    rest = _add(unseen, *(state.hands[s] for s in fakes), *([-k for k in fake] for fake in fakes.values()))
    hands = [counts(fakes[seat]) if seat in fakes else hand for seat, hand in enumerate(state.hands)]
    decks = [_sized(deck.size, rest if i == 0 else None) for i, deck in enumerate(state.decks)]
    return {"hands": type(state.hands)(hands), "decks": type(state.decks)(decks)}
