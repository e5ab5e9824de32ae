"""The probe's material: a real record of any game, and the ways it breaks one (:mod:`game.shell.probe`).

* :func:`sample_record` plays random legal actions (real-time games at random
  times) from a seed: a valid record of the game with some actions in it.
* :func:`mutate_json` breaks a record (or a script) as decoded JSON: a key
  dropped, a value swapped for another type, a huge number, deep nesting, an
  action duplicated or moved, a time far in the future.
* :func:`mutate_bytes` breaks a file's bytes: cut short, bytes flipped,
  garbage, a byte-order mark, nothing at all.

Everything is seeded: the same seed gives the same cases.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

from engine.envelope import PlayerInfo
from engine.games import GameInfo

JUNK: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, 2**31, 2**53, 2**63, 10**30, "", "x", "AS", "10H", "snap/2",
                         [], [1, 2], {}, {"type": "flip"}, "\u0000", "é" * 200, float("1e308"))
"""Values put where another belongs."""


def sample_record(info: GameInfo, seed: int, max_actions: int = 60) -> Any:
    """A valid record of ``info``'s game: bots' seats and random legal actions from ``seed`` (random times if real-time)."""
    rng = random.Random(seed)
    seats = max(info.min_seats, min(info.default_seats, info.max_seats))
    players = [PlayerInfo("Ann")] + [PlayerInfo(f"Bot {i}", "ai", info.default_level) for i in range(1, seats)]
    record, state = info.record_type().begin(info, players, seed, dict(info.sim_options))
    at = 0
    for _ in range(max_actions):
        if state.is_over:
            break
        if info.realtime:
            at += rng.randint(30, 900)
            state.advance(at)
            if state.is_over:
                break
        movers = list(state.to_move())
        rng.shuffle(movers)
        for seat in movers:
            actions = state.legal_actions(seat)
            if actions:
                action = rng.choice(actions)
                record.append(seat, action, state.apply(action, seat, at), at)
                break
    if info.realtime and not state.is_over:
        at += rng.randint(0, 3000)
        state.advance(at)
        record.note_time(at)
    record.note_outcome(state)
    return record


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the root too)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def mutate_json(data: Any, rng: random.Random) -> Any:
    """One broken copy of ``data`` (a decoded record or script)."""
    data = copy.deepcopy(data)
    places = _paths(data)
    path = rng.choice(places)
    target = _get(data, path)
    kind = rng.randrange(10)
    if kind == 0 and path:  # drop a key or an item
        del _get(data, path[:-1])[path[-1]]
        return data
    if kind == 1:
        return _set(data, path, rng.choice(JUNK))
    if kind == 2:
        return _set(data, path, _nested(rng.choice((50, 5000, 200_000))))
    if kind == 3 and isinstance(target, list) and target:  # duplicate, drop or reorder items
        i, j = rng.randrange(len(target)), rng.randrange(len(target))
        choice = rng.randrange(3)
        if choice == 0:
            target.insert(j, copy.deepcopy(target[i]))
        elif choice == 1:
            del target[i]
        else:
            target[i], target[j] = target[j], target[i]
        return data
    if kind == 4 and isinstance(target, int) and not isinstance(target, bool):
        return _set(data, path, rng.choice((target + 1, target - 1, -target, target * 1000, 2**52, 2**63 - 1, 4503599627370496)))
    if kind == 5 and isinstance(target, str):
        return _set(data, path, rng.choice((target[::-1], target.upper(), target + "x", target[:1], target * 50)))
    if kind == 6 and isinstance(data, dict):  # an unknown key, kept or refused but never fatal
        data[rng.choice(("clock", "at", "seed", "extra", "zz", "scores"))] = rng.choice(JUNK)
        return data
    if kind == 7 and isinstance(data, dict) and isinstance(data.get("actions"), list):
        data["actions"] = data["actions"] * rng.choice((2, 50, 600))  # far longer than the game allows, or just wrong
        return data
    if kind == 8 and isinstance(data, dict):
        data["clock"] = rng.choice((4503599627370496, 10**8, 10**10, 2**53 - 1, -5))
        return data
    return _set(data, path, rng.choice(JUNK))


def mutate_bytes(raw: bytes, rng: random.Random) -> bytes:
    """One broken copy of a file's bytes."""
    kind = rng.randrange(7)
    if kind == 0:
        return raw[: rng.randrange(max(1, len(raw)))]
    if kind == 1:
        out = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
    if kind == 3:
        return b"\xef\xbb\xbf" + raw
    if kind == 4:
        return b""
    if kind == 5:
        return raw.replace(b"1", b"9" * rng.randint(1, 5000), 1)
    return raw + raw[: rng.randrange(max(1, len(raw)))]


def dumps(data: Any) -> bytes:
    """JSON as the game writes it (a float that JSON can't hold is written as text)."""
    try:
        return json.dumps(data, separators=(",", ":"), allow_nan=False).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):
        return b'{"format": "not-json", "value": "' + repr(type(data)).encode() + b'"}'


Mutator = Callable[[Any, random.Random], Any]

__all__ = ["sample_record", "mutate_json", "mutate_bytes", "dumps", "JUNK"]
