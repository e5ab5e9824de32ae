"""Sprint, Snap, Score's hooks for ``python -m engine.script``: a deal in, the round's state after each action out.

The script's start is one of:

* nothing (no ``deck``, no ``state``): the round ``seed`` deals, as the game does;
* ``deck``: one whole 52-card deck, top first, dealt round-robin from seat 0
  (six cards each), then one card to the discard pile; the rest is the stock,
  top first; seat 0 plays first;
* ``state``: a deal written out, ``{"hands": [[...], ...], "discard": ["9C"],
  "stock": [...top first], "first": 0}``.

:func:`script_state` gives ``{"hands", "laid", "discard" (top first), "stock"
(top first), "current", "phase", "turn", "final_turns_left", "scores",
"winner"}``: every card, for tests and tools (a seat's own view is its
observation).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import Card, cards_of_mask, parse_cards, whole_decks
from . import HAND_SIZE, Round, new_game


def script_start(num_seats: int, options: Mapping[str, Any], seed: int, deck: list[Card] | None,
                 state: Mapping[str, Any] | None) -> Round:
    """A round from the seed, from a whole deck dealt in order, or from a deal written out."""
    if deck is not None:
        if whole_decks(deck) != 1:
            raise ValueError("a Sprint deck is one whole 52-card deck, each card once, no jokers")
        dealt = num_seats * HAND_SIZE
        hands = [list(deck[p:dealt:num_seats]) for p in range(num_seats)]
        return Round.from_deal(hands, [deck[dealt]], list(deck[dealt + 1:]), 0)
    if state is None:
        return new_game(num_seats, options, seed)
    if not isinstance(state, Mapping):
        raise ValueError("expected an object with hands, discard, stock and first")
    written = state.get("hands")
    if not isinstance(written, list) or len(written) != num_seats:
        raise ValueError(f"hands: expected one hand per player ({num_seats})")
    first = state.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool):
        raise ValueError("first: expected a seat")
    return Round.from_deal([list(_cards(h, f"hands[{i}]")) for i, h in enumerate(written)],
                           list(reversed(_cards(state.get("discard"), "discard"))), list(_cards(state.get("stock"), "stock")),
                           first)


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"{where}: expected a list of card codes")
    return parse_cards(value)


def _codes(cards: Any) -> list[str]:
    return [str(Card(c)) for c in cards]


def script_state(state: Round) -> dict[str, Any]:
    """The whole round as one JSON object (see the module docstring)."""
    result, outcome = state.result, state.outcome()
    return {
        "hands": [[str(c) for c in state.hand(p)] for p in range(state.num_players)],
        "laid": [[[str(c) for c in cards_of_mask(m)] for m in state.laid[p]] for p in range(state.num_players)],
        "discard": _codes(reversed(state.discard)),
        "stock": _codes(reversed(state.stock)),
        "current": state.current,
        "phase": state.phase.value,
        "turn": state.turn,
        "final_turns_left": state.final_turns_left,
        "scores": list(result.scores if result is not None else state.running_scores()),
        "winner": None if outcome is None else list(outcome.winners),
    }
