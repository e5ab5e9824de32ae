"""Ratscrew's hooks for the scripted-input tool ``python -m engine.script FILE``.

The tool reads one JSON spec, builds the game with :func:`script_start`, maps
each action's ``do`` with :func:`script_action`, and prints :func:`script_state`
(and :func:`event_to_json` for what an action caused) after each one.  Card
codes are rank then suit, ``"10H"`` or ``"TH"`` alike, ``"QS"``; lists of cards
are written **top-first**.

The spec::

    {"game": "ratscrew",
     "players": 3,                        # or a list of names
     "rules": {"sandwich": false, "calls": "stack", "out_of_turn": "kept"},   # house rules, optional
     "deck": ["10H", "QS", "7C", ...],   # dealt round-robin from player 0, each onto its pile's top
     "actions": [{"at": 120, "player": 1, "do": "lay"}, {"at": 480, "player": 0, "do": "snap"}]}

or, instead of ``deck``, a starting position (any set of distinct cards; the
game ends when one player holds all of them)::

     "state": {"piles": [["7H", "2D"], ["QS"], []],   # each top-first
               "stack": ["KD", "7C"],                  # top-first
               "turn": 0,                              # whose turn to lay
               "call": 5,                              # calls made so far: the top card was called "5"
               "count": {"player": 1, "left": 2, "card": "KD"},   # optional; card: default the topmost picture
               "barred": [2]}                          # optional

:func:`script_state` gives::

    {"stack": ["KD", "7C"], "piles": [["7H", "2D"], ["QS"], []],   # top-first
     "turn": 0, "barred": [2],
     "call": 5, "last_call": "5", "next_call": "6",     # last_call is null before the first call
     "count": {"player": 1, "left": 2, "card": "KD"},   # or null
     "claim": {"at": 480, "players": [0]},              # valid snaps waiting at one millisecond, or null
     "winner": null}

:func:`event_to_json` gives ``{"event": "snap_accepted", "player": 0, "at": 480,
"reasons": [{"rule": "sandwich", "label": "Sandwich", "cards": ["7H", "2D", "7C"]}]}``
and so on: the event's class name in snake case and its fields, cards as codes
(a snap's cards and a won stack's cards in stack order, top card first).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping

from ..cards import Card, Rank, whole_decks
from .game import MAX_SEATS, MIN_SEATS, Ratscrew
from .house import HouseRules
from .moves import LAY, SNAP, Action
from .snaps import Count, SnapReason, call_for, is_picture


def parse_code(code: Any) -> Card:
    """A card from its code; ``"10H"`` is the ten of hearts, like ``"TH"``."""
    if not isinstance(code, str):
        raise ValueError(f"{str(code)[:20]!r} is not a card code")
    text = code.strip().upper()
    return Card("T" + text[2:] if text.startswith("10") else text)


def card_code(card: Card) -> str:
    """A card's code as scripts write it: ``"10H"`` for the ten."""
    text = str(card)
    return "10" + text[1:] if text[0] == "T" else text


def _cards_top_first(value: Any, where: str) -> list[Card]:
    """Cards listed top-first, returned bottom-first."""
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list of card codes, top card first")
    try:
        return [parse_code(c) for c in reversed(value)]
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _seats(players: Any) -> int:
    n = len(players) if isinstance(players, list) else players
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError("players: expected a number of players or a list of names")
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"players: Ratscrew is for {MIN_SEATS} to {MAX_SEATS} players")
    return n


def script_start(num_seats: int, options: Mapping[str, Any], seed: int, deck: list[Card] | None,
                 state: Mapping[str, Any] | None) -> Ratscrew:
    """The hook ``python -m engine.script`` calls: a deck (top first) dealt with no shuffle, or a written ``state``."""
    spec: dict[str, Any] = {"players": num_seats, "rules": dict(options)}
    if deck is not None:
        spec["deck"] = [str(c) for c in deck]
    else:
        spec["state"] = state
    return start_from_spec(spec)


def start_from_spec(spec: Mapping[str, Any]) -> Ratscrew:
    """The game a script starts from: a deck dealt with no shuffle, or a written position."""
    n = _seats(spec.get("players", 2))
    rules = HouseRules.from_options(spec.get("rules") or {})
    if "deck" in spec:
        deck = list(reversed(_cards_top_first(spec["deck"], "deck")))
        if whole_decks(deck) != 1:
            raise ValueError("deck: a Ratscrew deck is one whole 52-card deck, each card once, no jokers "
                             "(for fewer cards, write a starting state)")
        return Ratscrew.deal(deck, n, rules)
    state = spec.get("state")
    if not isinstance(state, dict):
        raise ValueError("a script needs a deck or a starting state")
    piles_in = state.get("piles")
    if not isinstance(piles_in, list) or len(piles_in) != n:
        raise ValueError(f"state.piles: expected {n} piles, one per player")
    piles = [_cards_top_first(p, f"state.piles[{i}]") for i, p in enumerate(piles_in)]
    stack = _cards_top_first(state.get("stack", []), "state.stack")
    turn, call = state.get("turn", 0), state.get("call", 0)
    if not isinstance(turn, int) or not isinstance(call, int):
        raise ValueError("state.turn and state.call: expected whole numbers")
    barred = state.get("barred", [])
    if not isinstance(barred, list) or not all(isinstance(s, int) for s in barred):
        raise ValueError("state.barred: expected a list of seats")
    return Ratscrew(piles, rules, turn, stack, call, _count(state.get("count"), stack), barred)


def _count(value: Any, stack: list[Card]) -> Count | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("player"), int) or not isinstance(value.get("left"), int):
        raise ValueError("state.count: expected {\"player\": seat, \"left\": cards to go}")
    if "card" in value:
        picture = parse_code(value["card"])
    else:
        pictures = [c for c in stack if is_picture(c)]
        if not pictures:
            raise ValueError("state.count: the stack holds no picture card")
        picture = pictures[-1]
    return Count(value["player"], value["left"], picture)


def script_action(do: Any) -> Action:
    """``"lay"`` or ``"snap"`` as an action; ``ValueError`` otherwise."""
    if do == "lay":
        return LAY
    if do == "snap":
        return SNAP
    raise ValueError(f"do: expected 'lay' or 'snap', got {str(do)[:20]!r}")


def _word(rank: Rank | None) -> str | None:
    return None if rank is None else rank.word


def script_state(state: Ratscrew) -> dict[str, Any]:
    """The state as one JSON object (see the module docstring)."""
    count = state.count
    return {
        "stack": [card_code(c) for c in reversed(state.stack)],
        "piles": [[card_code(c) for c in reversed(p)] for p in state.piles],
        "turn": state.turn,
        "barred": [s for s, why in enumerate(state.barred) if why is not None],
        "call": state.calls_made,
        "last_call": _word(call_for(state.calls_made)) if state.calls_made else None,
        "next_call": _word(call_for(state.calls_made + 1)),
        "count": None if count is None else {"player": count.owner, "left": count.left, "card": card_code(count.picture)},
        "claim": None if state.claim is None else {"at": state.claim.at, "players": list(state.claim.players)},
        "winner": state.winner,
    }


def _json_value(value: Any) -> Any:
    if isinstance(value, Card):
        return card_code(value)
    if isinstance(value, Rank):
        return value.word
    if isinstance(value, SnapReason):
        return {"rule": value.rule, "label": value.label, "cards": _json_value(value.cards)}
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return [card_code(c) for c in reversed(value)]  # stack order, top card first
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def event_to_json(event: Any) -> dict[str, Any]:
    """An event as one JSON object: ``{"event": "card_laid", "player": 0, "card": "7H", ...}``."""
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()
    out: dict[str, Any] = {"event": name}
    for f in dataclasses.fields(event):
        out[f.name] = _json_value(getattr(event, f.name))
    return out
