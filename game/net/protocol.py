"""The wire protocol of network play: message types, size limits, framing and the validator.

One message is one JSON object on one line (UTF-8, ending in ``\\n``); every
message has a type ``"t"``.  Nothing but data travels: JSON objects, never code.

A client sends (each at most :data:`MAX_CLIENT_BYTES`):

* ``{"t": "hello", "v": 2, "room": "KXPTAM", "name": "Ann", "token"?: "..."}``: join
  (a new seat) or rejoin (the token of seats held before);
* ``{"t": "ready", "ready": true}``: ready to start (lobby);
* ``{"t": "act", "seat": 1, "action": {...}, "n": 7, "stamp": 12345, "seen": 41}``: an
  action for one of its seats in the game's record form; ``n`` its own count (the
  refusal names it), ``stamp`` its monotonic clock in ms when the key was
  pressed, ``seen`` the version of the view it was looking at;
* ``{"t": "pong", "n": 3, "c": 12345}``: the answer to a ping, with its clock;
* ``{"t": "bye"}``: leaving.

The host sends (each at most :data:`MAX_HOST_BYTES`):

* ``welcome`` (the seats this client holds, its token, the game, its options),
* ``lobby`` (every seat: kind, name, connected, ready, ping),
* ``view`` (``version``, the state redacted for this client's seats, the events
  it may see since its last view, ``plays`` saying which seat's action (in the
  record form; ``null`` for timers) made how many of them, ``full`` when it is
  the whole picture (join, rejoin, start), ``at`` the game's clock),
* ``refused`` (``reason`` a player can read, ``n`` of the refused action if any),
* ``ping`` (``n``, the host's clock ``h``, the last round trip ``rtt`` it measured),
* ``pause`` (``reason``) and ``resume``,
* ``bye`` (``reason``).

:func:`check_client` returns the reason a client's message is refused, or
``None``; the host never acts on a message it refused.
"""

from __future__ import annotations

import json
import random
from typing import Any

VERSION = 2
"""Version 2: Double or Nothing's hidden hands and decks go as plain engine values (its stand-ins); a host refuses
a client of another version with a message to update."""
MAX_CLIENT_BYTES = 4096
"""The longest line a client may send (an action is far shorter)."""
MAX_HOST_BYTES = 4 * 1024 * 1024
"""The longest line the host sends (a view of the largest table is far shorter)."""
MAX_NAME = 24
ROOM_LETTERS = "ACDEFHJKMNPRTUVWXY"
"""Room codes use letters nobody mistakes for another letter or a digit (no B, G, I, L, O, Q, S, Z)."""
ROOM_LENGTH = 6
MAX_TOKEN = 64
MAX_ACTION_KEYS = 8
MAX_STAMP = 2**53

CLIENT_TYPES = ("hello", "ready", "act", "pong", "bye")
HOST_TYPES = ("welcome", "lobby", "view", "refused", "ping", "pause", "resume", "bye")


class ProtocolError(ValueError):
    """A line that is not a message; the text says why."""


def new_room_code(rng: random.Random | None = None) -> str:
    """A fresh room code: :data:`ROOM_LENGTH` letters of :data:`ROOM_LETTERS`."""
    pick = (rng or random.SystemRandom()).choice
    return "".join(pick(ROOM_LETTERS) for _ in range(ROOM_LENGTH))


def normal_room_code(text: str) -> str:
    """A room code as typed (any case, spaces) in its one written form."""
    return "".join(text.split()).upper()


def room_code_problem(code: Any) -> str | None:
    """Why ``code`` is not a room code, or ``None``."""
    if not isinstance(code, str) or len(code) != ROOM_LENGTH or any(ch not in ROOM_LETTERS for ch in code):
        return f"a room code is {ROOM_LENGTH} letters, like {'KXPTAM'}"
    return None


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


def decode(line: bytes, limit: int) -> dict[str, Any]:
    """The message of one line (its ``\\n`` included or not); :class:`ProtocolError` saying what is wrong."""
    if len(line) > limit:
        raise ProtocolError(f"a message is at most {limit} bytes")
    try:
        data = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("a message is UTF-8 text") from None
    except RecursionError:
        raise ProtocolError("a message is nested too deeply") from None
    except ValueError:
        raise ProtocolError("a message is one JSON object per line") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    if not isinstance(data.get("t"), str):
        raise ProtocolError('a message names its type in "t"')
    return data


def _is_int(value: Any, low: int = 0, high: int = MAX_STAMP) -> bool:
    return type(value) is int and low <= value <= high


def _plain(value: Any, depth: int = 0) -> bool:
    """A small JSON value: strings, numbers, booleans, null, and lists/objects of them, at most 4 deep."""
    if value is None or type(value) in (bool, int, float):
        return True
    if type(value) is str:
        return len(value) <= 200
    if depth >= 4:
        return False
    if type(value) is list:
        return len(value) <= 60 and all(_plain(v, depth + 1) for v in value)
    if type(value) is dict:
        return len(value) <= 16 and all(type(k) is str and len(k) <= 40 and _plain(v, depth + 1) for k, v in value.items())
    return False


def check_client(message: dict[str, Any]) -> str | None:
    """Why a client's ``message`` is refused (its schema), or ``None`` if it is well formed."""
    kind = message.get("t")
    if kind not in CLIENT_TYPES:
        return f"unknown message type {str(kind)[:20]!r}"
    fields = set(message)
    if kind == "hello":
        if not fields <= {"t", "v", "room", "name", "token"}:
            return "a hello has v, room, name and maybe token"
        if message.get("v") != VERSION:
            return f"this host speaks protocol version {VERSION}: update the game"
        problem = room_code_problem(message.get("room"))
        if problem:
            return problem
        name = message.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
            return f"a name is 1 to {MAX_NAME} printable characters"
        token = message.get("token")
        if token is not None and (not isinstance(token, str) or not 1 <= len(token) <= MAX_TOKEN or not token.isalnum()):
            return "a seat token is letters and digits"
        return None
    if kind == "ready":
        if fields != {"t", "ready"} or type(message["ready"]) is not bool:
            return "ready is true or false"
        return None
    if kind == "act":
        if not fields <= {"t", "seat", "action", "n", "stamp", "seen"} or not {"seat", "action", "n"} <= fields:
            return "an action has seat, action and n (and stamp, seen)"
        if not _is_int(message["seat"], 0, 63):
            return "seat is a seat number"
        if not _is_int(message["n"]):
            return "n is a count"
        if "stamp" in message and not _is_int(message["stamp"]):
            return "stamp is milliseconds"
        if "seen" in message and not _is_int(message["seen"]):
            return "seen is a view's version"
        action = message["action"]
        if type(action) is not dict or len(action) > MAX_ACTION_KEYS or not _plain(action):
            return "an action is a small JSON object"
        return None
    if kind == "pong":
        if fields != {"t", "n", "c"} or not _is_int(message["n"]) or not _is_int(message["c"]):
            return "a pong has n and c"
        return None
    if fields != {"t"}:
        return "bye has nothing else"
    return None


__all__ = ["VERSION", "MAX_CLIENT_BYTES", "MAX_HOST_BYTES", "ROOM_LETTERS", "ProtocolError", "new_room_code",
           "normal_room_code", "room_code_problem", "encode", "decode", "check_client", "CLIENT_TYPES", "HOST_TYPES"]
