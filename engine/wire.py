"""What a network client receives: a game state redacted for its seats, and the events they may see, as JSON.

Generic over the collection's games.  :func:`encode` walks any engine value (the
state objects, their dataclasses, enums, cards, lists, tuples, dicts) into plain
JSON with small type tags; :func:`decode` builds the same objects back, so a
table draws the received state exactly as it draws a local one.  The decoder
only ever builds classes of the ``engine`` package (by name, without calling
their constructors), never anything else: what comes over the wire is data.

Redaction happens on the encoded tree, before a byte leaves the host.  Each
game lists, as data (``WIRE_HIDDEN`` in its rules module, :func:`hidden_fields`), which fields of its state hold what some
seats may not see:

* ``cards``: a list of cards nobody sees (a stock, face-down piles): every card
  becomes ``null`` (decoded as :data:`HIDDEN_CARD`), the length stays;
* ``seat_cards``: one list per seat (hands): other seats' cards become ``null``;
* ``seat_piles``: one list per seat that nobody sees, not even its owner;
* ``seat_mask``: Sprint's bit-mask hands: another seat's hand keeps only its
  cards everyone saw it take (``known``) and its size (decoded as bits above
  the deck, which name no card);
* ``stand_in``: the game's rules module makes what is sent instead
  (``wire_stand_ins(state, viewers)``, a value per such field, encoded as any
  engine value): Double or Nothing's hands of counts and its decks
  (:mod:`engine.double_or_nothing.hidden`);
* ``drop_rng`` / ``drop_int``: the random generator and the seed (what would
  tell the rest of the deal) are not sent at all.

:func:`view_events` picks each event as the viewers' seats may see it
(``seen_by``).  The test: for every game, the redacted state's
``observation(seat)`` equals the real one for the viewer's seats, and no hidden
card ever appears in what is sent.
"""

from __future__ import annotations

import importlib
import random
from collections import deque
from enum import Enum
from typing import Any, Iterable, Mapping

from .cards import HIDDEN_BIT, HIDDEN_CARD, Card, HiddenCard

def hidden_fields(game_id: str) -> tuple[tuple[str, str], ...]:
    """Which fields of ``game_id``'s state some seats may not see, and how they are hidden: its rules module's
    ``WIRE_HIDDEN`` (a game without it hides nothing, so a new game must declare it to be played over a network)."""
    hidden: tuple[tuple[str, str], ...] = getattr(_rules(game_id), "WIRE_HIDDEN", ())
    return hidden


def _rules(game_id: str) -> Any:
    from .games import game_info

    return game_info(game_id).rules()


MAX_DEPTH = 40
"""No engine value nests deeper; a deeper message is refused."""


class WireError(ValueError):
    """A received value that is not an engine value this decoder builds; the message says what is wrong."""


# --- encoding ---------------------------------------------------------------------


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _fields(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for klass in type(obj).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if slot in ("__dict__", "__weakref__") or slot in out:
                continue
            if hasattr(obj, slot):
                out[slot] = getattr(obj, slot)
    out.update(getattr(obj, "__dict__", {}))
    return out


def encode(value: Any, depth: int = 0) -> Any:
    """``value`` (any engine value) as JSON-ready data with type tags."""
    if depth > MAX_DEPTH:
        raise WireError("a value nests too deeply")
    if value is None or type(value) in (bool, int, str, float):
        return value
    if isinstance(value, HiddenCard):
        return None
    if type(value) is Card:
        return {"C": int(value)}
    if isinstance(value, Enum):
        return {"E": _name(type(value)), "v": value.value}
    if type(value) in (list, tuple, deque) and value and all(type(c) in (Card, HiddenCard) for c in value):
        tag = "cl" if type(value) is list else "ct" if type(value) is tuple else "cq"
        return {tag: [None if type(c) is HiddenCard else int(c) for c in value]}
    if type(value) is list:
        return [encode(v, depth + 1) for v in value]
    if type(value) is tuple:
        return {"T": [encode(v, depth + 1) for v in value]}
    if type(value) is deque:
        return {"Q": [encode(v, depth + 1) for v in value]}
    if type(value) is dict:
        return {"D": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in value.items()]}
    if type(value) in (set, frozenset):
        items = sorted((encode(v, depth + 1) for v in value), key=repr)
        return {"S" if type(value) is set else "F": items}
    if isinstance(value, random.Random):
        return {"X": "rng"}
    if isinstance(value, tuple):  # a named tuple
        return {"N": _name(type(value)), "v": [encode(v, depth + 1) for v in value]}
    if isinstance(value, int):  # an IntFlag or other int type without Enum
        return {"I": _name(type(value)), "v": int(value)}
    if type(value).__module__.split(".")[0] != "engine":
        raise WireError(f"{type(value).__name__} is not an engine value")
    return {"O": _name(type(value)), "a": {k: encode(v, depth + 1) for k, v in _fields(value).items()}}


# --- redaction -------------------------------------------------------------------


def _hide_cards(node: Any) -> Any:
    """An encoded sequence of cards with every card hidden (``null``), its length kept."""
    if isinstance(node, list):
        return {"cl": [None] * len(node)}
    if isinstance(node, dict):
        for tag, hidden in (("cl", "cl"), ("ct", "ct"), ("cq", "cq"), ("T", "ct"), ("Q", "cq")):
            if tag in node and isinstance(node[tag], list):
                return {hidden: [None] * len(node[tag])}
    raise WireError("a hidden field is not a list of cards")


def _items(node: Any) -> list[Any]:
    """The per-seat items of an encoded list or tuple."""
    if isinstance(node, list):
        return node
    if isinstance(node, dict) and "T" in node:
        return list(node["T"])
    raise WireError("a per-seat field is not a list")


def _rebuilt(node: Any, items: list[Any]) -> Any:
    return items if isinstance(node, list) else {"T": items}


def _hidden_mask(mask: int, known: int) -> Any:
    return {"HM": (mask & ~known).bit_count(), "k": mask & known}


def redact(game_id: str, state: Any, tree: dict[str, Any], viewers: frozenset[int]) -> dict[str, Any]:
    """The encoded ``tree`` of ``state`` with everything ``viewers`` may not see hidden (a new tree)."""
    fields = dict(tree["a"])
    stand_ins: dict[str, Any] | None = None
    for name, how in hidden_fields(game_id):
        if name not in fields:
            continue
        node = fields[name]
        if how == "cards":
            fields[name] = _hide_cards(node)
        elif how == "seat_piles":
            fields[name] = _rebuilt(node, [_hide_cards(pile) for pile in _items(node)])
        elif how == "seat_cards":
            fields[name] = _rebuilt(node, [pile if seat in viewers else _hide_cards(pile)
                                           for seat, pile in enumerate(_items(node))])
        elif how == "seat_mask":
            known = list(getattr(state, "known", []))
            fields[name] = _rebuilt(node, [mask if seat in viewers else _hidden_mask(mask, known[seat] if seat < len(known) else 0)
                                           for seat, mask in enumerate(_items(node))])
        elif how == "stand_in":
            stand_ins = stand_ins if stand_ins is not None else _rules(game_id).wire_stand_ins(state, viewers)
            fields[name] = encode(stand_ins[name])
        elif how == "drop_rng":
            fields[name] = {"X": "rng"}
        elif how == "drop_int":
            fields[name] = {"X": "int"}
        else:
            raise WireError(f"unknown way to hide {name!r}: {how!r}")
    return {"O": tree["O"], "a": fields}


def state_for(game_id: str, state: Any, viewers: Iterable[int]) -> dict[str, Any]:
    """``state`` as the seats ``viewers`` may see it, as JSON-ready data (:func:`decode` builds it back)."""
    tree = encode(state)
    if not isinstance(tree, dict) or "O" not in tree:
        raise WireError("a game state is an engine object")
    return redact(game_id, state, tree, frozenset(viewers))


def event_for(state: Any, event: Any, viewers: Iterable[int]) -> Any:
    """``event`` as the ``viewers`` may see it: unmasked if any of their seats sees it whole (``seen_by``)."""
    seats = sorted(viewers)
    if not seats:
        return state.seen_by(event, -1)
    views = [state.seen_by(event, seat) for seat in seats]
    for view in views:
        if view == event:
            return event
    return views[0]


def view_events(state: Any, events: Iterable[Any], viewers: Iterable[int]) -> list[Any]:
    """The events encoded as ``viewers`` may see them."""
    seats = list(viewers)
    return [encode(event_for(state, e, seats)) for e in events]


# --- decoding ---------------------------------------------------------------------


def _class(name: Any) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise WireError(f"{name!r} names no class")
    module_name, _, qualname = name.partition(":")
    if module_name != "engine" and not module_name.startswith("engine."):
        raise WireError(f"{module_name} is not part of the engine")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        raise WireError(f"{name} is not a class of the engine") from None
    if not isinstance(obj, type):
        raise WireError(f"{name} is not a class")
    return obj


def _card(value: Any) -> Card:
    if value is None:
        return HIDDEN_CARD
    if type(value) is not int or not 0 <= value < 1000:
        raise WireError(f"{value!r} is not a card number")
    return int.__new__(Card, value)


def decode(data: Any, depth: int = 0) -> Any:
    """The engine value :func:`encode` (and :func:`redact`) wrote; :class:`WireError` on anything else."""
    if depth > MAX_DEPTH:
        raise WireError("a value nests too deeply")
    if data is None or type(data) in (bool, int, str, float):
        return data
    if type(data) is list:
        return [decode(v, depth + 1) for v in data]
    if type(data) is not dict or not data:
        raise WireError(f"unexpected value {type(data).__name__}")
    tag = next(iter(data))
    body = data[tag]
    if tag == "C":
        return _card(body)
    if tag in ("cl", "ct", "cq"):
        cards = [_card(v) for v in _list(body)]
        return cards if tag == "cl" else tuple(cards) if tag == "ct" else deque(cards)
    if tag == "T":
        return tuple(decode(v, depth + 1) for v in _list(body))
    if tag == "Q":
        return deque(decode(v, depth + 1) for v in _list(body))
    if tag == "D":
        return {_hashable(decode(k, depth + 1)): decode(v, depth + 1) for k, v in (_pair(p) for p in _list(body))}
    if tag in ("S", "F"):
        items = [_hashable(decode(v, depth + 1)) for v in _list(body)]
        return set(items) if tag == "S" else frozenset(items)
    if tag == "E":
        cls = _class(body)
        if not issubclass(cls, Enum):
            raise WireError(f"{body} is not an enumeration")
        try:
            return cls(data.get("v"))
        except ValueError:
            raise WireError(f"{data.get('v')!r} is not a {cls.__name__}") from None
    if tag == "N":
        cls = _class(body)
        if not issubclass(cls, tuple):
            raise WireError(f"{body} is not a tuple type")
        return tuple.__new__(cls, [decode(v, depth + 1) for v in _list(data.get("v"))])
    if tag == "I":
        cls = _class(body)
        if not issubclass(cls, int) or type(data.get("v")) is not int:
            raise WireError(f"{body} is not an int type")
        return cls(data["v"])
    if tag == "X":
        if body not in ("rng", "int"):
            raise WireError(f"nothing is dropped as {body!r}")
        return random.Random(0) if body == "rng" else 0
    if tag == "HM":
        n, known = body, data.get("k", 0)
        if type(n) is not int or type(known) is not int or not 0 <= n <= 64 or known < 0:
            raise WireError("a hidden hand is a count and a mask")
        return known | (((1 << n) - 1) << HIDDEN_BIT)
    if tag == "O":
        cls = _class(body)
        attrs = data.get("a")
        if type(attrs) is not dict:
            raise WireError(f"{body}: its fields are an object")
        obj: Any = object.__new__(cls)
        for key, value in attrs.items():
            try:
                object.__setattr__(obj, key, decode(value, depth + 1))
            except (AttributeError, TypeError):
                raise WireError(f"{body} has no field {key!r}") from None
        return obj
    raise WireError(f"unknown tag {tag!r}")


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise WireError("expected a list")
    return value


def _pair(value: Any) -> tuple[Any, Any]:
    if type(value) is not list or len(value) != 2:
        raise WireError("a dict item is a [key, value] pair")
    return value[0], value[1]


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise WireError("a key is not hashable") from None
    return value


def decode_state(data: Mapping[str, Any]) -> Any:
    """A state from :func:`state_for`'s data."""
    state = decode(dict(data))
    if type(state).__module__.split(".")[0] != "engine":
        raise WireError("not a game state")
    return state


__all__ = ["hidden_fields", "HIDDEN_CARD", "HiddenCard", "WireError", "encode", "decode", "decode_state", "state_for",
           "redact", "event_for", "view_events"]
