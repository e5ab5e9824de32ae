"""Builders for Scamper tests: a game mid-round written as text."""

from __future__ import annotations

from typing import Any

from engine.cards import parse_cards
from engine.melds import read_meld
from engine.scamper import Phase, Rules, ScamperGame


def find_position(setup: Any, want: Any, own: Any = None, seeds: Any = range(1, 120)) -> tuple[Any, Any]:
    """A record of ``setup`` (its deal set) where seat 0 is to play and ``want(state)`` finds something, and that.

    Standard bots play every seat, or ``own(state)`` plays seat 0.
    """
    info = setup.info
    for seed in seeds:
        bots = {i: info.make_bot("standard", seed=i) for i in range(len(setup.seats))}
        record, state = info.record_type().begin(info, setup.players(), seed, setup.options)
        for _ in range(900):
            if state.is_over:
                break
            found = want(state) if state.current == 0 else None
            if found is not None and found is not False:
                setup.deal = seed
                return record, found
            p = state.current
            a = own(state) if own is not None and p == 0 else bots[p].decide(state.observation(p))
            record.append(p, a, state.apply(a, p))
    raise AssertionError("no such position found")


def cards(text: str) -> list:
    return sorted(parse_cards(text))


def game(*hands: str, stock: str = "5C 6C 7C 8C", discard: str = "KC", melds: tuple[tuple[int, str], ...] = (),
         round_no: int = 1, current: int = 0, phase: Phase = Phase.PLAY, down: tuple[bool, ...] | None = None,
         **options: Any) -> ScamperGame:
    """A game in round ``round_no``; ``stock`` is written top first, ``discard`` bottom to top,
    ``melds`` as (owner, cards in place order).  A seat with a meld is down unless ``down`` says otherwise."""
    state = ScamperGame(len(hands), Rules.from_options(options), seed=1)
    state.round_index = round_no - 1
    state.hands = [cards(h) for h in hands]
    state.stock = list(reversed(parse_cards(stock)))
    state.discard = list(parse_cards(discard))
    state.melds = [read_meld(parse_cards(c)) for _, c in melds]
    state.owners = [owner for owner, _ in melds]
    state.down = list(down) if down is not None else [any(o == s for o, _ in melds) for s in range(len(hands))]
    state.taken = [[] for _ in hands]
    state.penalties = [0] * len(hands)
    state.current = current
    state.phase = phase
    state.called = False
    return state
