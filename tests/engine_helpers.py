"""Builders for engine tests: hands and tables written as text."""

from __future__ import annotations

from engine.cards import mask_of, parse_cards
from engine.sprint import Phase, Round


def hand(text: str) -> int:
    """A hand mask from codes: ``hand("7H 8H 9H KS")``."""
    return mask_of(parse_cards(text))


def table(*hands: str, stock: str = "", discard: str = "", current: int = 0, phase: Phase = Phase.DRAW,
          final_turns_left: int | None = None) -> Round:
    """A mid-round state; ``stock`` is written top first, ``discard`` bottom to top."""
    return Round(
        [hand(h) for h in hands],
        list(reversed(parse_cards(stock))),
        list(parse_cards(discard)),
        current,
        current=current,
        phase=phase,
        final_turns_left=final_turns_left,
    )


def building(mine: str, theirs: str, discard: str, known_theirs: str = "") -> Round:
    """Two players, seat 0 to lay or discard holding ``mine``; the rest of the deck is the stock."""
    hands = [hand(mine), hand(theirs)]
    pile = list(parse_cards(discard))
    used = hands[0] | hands[1] | mask_of(pile)
    stock = [c for c in range(52) if not used >> c & 1]
    return Round(hands, stock, pile, 0, known=[0, hand(known_theirs)], phase=Phase.BUILD)


def cards_in_play(state: Round) -> list[int]:
    """Every card of the round, wherever it is (each exactly once if conserved)."""
    cards = [c for h in state.hands for c in range(52) if h >> c & 1]
    cards += list(state.stock) + list(state.discard)
    cards += [c for ms in state.laid for m in ms for c in range(52) if m >> c & 1]
    return cards
