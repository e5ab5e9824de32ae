"""Scripted input for any game: ``python -m engine.script FILE``, used by tests and tools alike.

FILE holds one JSON object::

    {"game": "snap",
     "players": ["Ann", "Bob"],              # or just how many: 2
     "rules": {"variant": "own", "tie_ms": 40},  # the game's options; defaults fill the rest
     "seed": 0,                              # for shuffles during play (default 0)
     "deck": ["10H", "QS", "QD", ...],       # top first; OR a starting "state" (below)
     "actions": [{"at": 0, "player": "Ann", "do": "flip"},
                 {"at": 350, "player": 1, "do": {"type": "snap"}},
                 {"at": 500, "do": "wait"}]}

* ``deck``: the cards in the order they are dealt, round-robin from the first
  player, each onto the top of its receiving pile, no shuffle (so the first
  player's first card ends at the bottom of their pile).  Card codes as printed
  (``"TH"``) or as people write them (``"10H"``).
* ``state``: instead of a deck, a position in the game's own terms (the same
  shape as the ``state`` this prints, so a printed state can be pasted back).
* ``actions``, in time order: ``at`` in ms since the start, ``player`` a seat
  number or a name, ``do`` an action as its record writes it (an object with
  ``type``) or just the type as a string.  ``"wait"`` only lets time run to
  ``at`` (timers such as a tie window fire).

It prints one JSON line per action: ``{"step", "at", "player", "do", "result":
"accepted" | "refused", "reason" (if refused), "timers" (events of timers that
fell due before it), "events" (what it caused), "state"}``, where ``state`` is
the game's public picture: every pile top first, the pot, whose turn, who is
eliminated, the winner.

A game joins by giving a module (the registry's ``script``, else its rules module)
three hooks: ``script_start(num_seats, options, seed, deck, state)`` returning a
game state, ``script_state(state)`` returning a JSON-ready dict, and optionally
``script_action(do)`` (the default reads ``do`` with the rules module's
``action_from_json``).  Every game of the collection has them.

A script is checked as a record is: anything wrong (a deck that is not the
game's, a time past the game's length limit, a player count it doesn't take,
JSON nested too deeply) is one line on stderr naming the field, and exit
status 2.  A byte-order mark before the JSON is fine.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys
from enum import Enum
from typing import Any, Mapping

from .cards import Card, parse_cards
from .core import GameState
from .envelope import MAX_NAME, RecordError, decode_json, is_int, shown
from .errors import IllegalAction
from .games import GameInfo, game_info


class ScriptError(ValueError):
    """A script that can't be run; the message names the bad field."""


def to_json(value: Any) -> Any:
    """Events and their fields as JSON: cards as codes, enums as values, dataclasses as objects."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def events_to_json(events: list[Any]) -> list[dict[str, Any]]:
    """Events as JSON objects, each named by ``"event"`` (its class)."""
    return [{"event": type(e).__name__, **to_json(e)} for e in events]


def _players(value: Any, info: GameInfo) -> list[str]:
    if is_int(value):
        if not info.min_seats <= value <= info.max_seats:
            raise ScriptError(f"players: {info.title} takes {info.min_seats} to {info.max_seats} players, not {shown(value)}")
        return [f"P{i + 1}" for i in range(value)]
    if isinstance(value, list) and all(isinstance(p, str) and p for p in value):
        if not info.min_seats <= len(value) <= info.max_seats:
            raise ScriptError(f"players: {info.title} takes {info.min_seats} to {info.max_seats} players")
        if len(set(value)) != len(value) or any(len(p) > MAX_NAME for p in value):
            raise ScriptError(f"players: names must differ and be at most {MAX_NAME} characters")
        return list(value)
    raise ScriptError("players: expected a number of players or a list of names")


def _seat(value: Any, names: list[str], where: str) -> int:
    if is_int(value) and 0 <= value < len(names):
        return value
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise ScriptError(f"{where}.player: expected a seat from 0 to {len(names) - 1} or one of {names}")


def hooks_of(info: GameInfo) -> Any:
    """The module with a game's script hooks (the registry's ``script``, else its rules module)."""
    return importlib.import_module(info.script) if info.script else info.rules()


_HOOK_ERRORS = (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError)
"""What a game's hook may raise on a written position it can't use: the script's fault, reported as such."""


def start(spec: Mapping[str, Any]) -> tuple[Any, GameState, list[str]]:
    """The game's hooks, the starting state and the players' names of a script."""
    if not isinstance(spec, Mapping):
        raise ScriptError("a script is a JSON object")
    game = spec.get("game")
    try:
        info = game_info(game if isinstance(game, str) else shown(game))
    except ValueError as exc:
        raise ScriptError(str(exc)) from None
    given = spec.get("rules") or {}
    if not isinstance(given, Mapping):
        raise ScriptError(f"rules: expected an object of {info.title}'s options")
    try:
        options = info.resolve_options(given)
    except ValueError as exc:
        raise ScriptError(f"rules: {exc}") from None
    names = _players(spec.get("players", info.default_seats), info)
    hooks = hooks_of(info)
    if not hasattr(hooks, "script_start"):
        raise ScriptError(f"{info.title} can't be scripted yet")
    seed = spec.get("seed", 0)
    if not is_int(seed) or not 0 <= seed < 2**63:
        raise ScriptError(f"seed: expected a whole number from 0 to 2**63, got {shown(seed)}")
    deck = spec.get("deck")
    if deck is not None and "state" in spec:
        raise ScriptError("give either a deck or a starting state, not both")
    try:
        cards = None if deck is None else list(parse_cards(_codes(deck)))
    except ValueError as exc:
        raise ScriptError(f"deck: {exc}") from None
    try:
        state = hooks.script_start(len(names), options, seed, cards, spec.get("state"))
    except _HOOK_ERRORS as exc:
        raise ScriptError(f"{'deck' if deck is not None else 'state'}: {str(exc)[:200]}") from None
    return hooks, state, names


def _codes(deck: Any) -> list[str]:
    """A deck's card codes; ``ValueError`` if it is not a list of codes of a size some game deals."""
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise ValueError("expected a list of card codes, top card first")
    if len(deck) > MAX_CARDS:
        raise ValueError(f"{len(deck)} cards: no game here deals more than {MAX_CARDS}")
    return deck


MAX_SCRIPT_ACTIONS = 10_000
"""A script tells a few moments of a game; each action prints the whole state, so this many is already a long read."""
MAX_CARDS = 52 * 8
"""More cards than any game of the collection deals (Scamper's largest table takes a few packs)."""


def _at(item: Mapping[str, Any], last_at: int, info: GameInfo, where: str) -> int:
    at = item.get("at", last_at)
    longest = info.longest_ms if info.longest_ms is not None else 2**53 - 1
    if not is_int(at) or not last_at <= at <= longest:
        raise ScriptError(f"{where}.at: expected milliseconds from {last_at} (the action before) to {longest} "
                          f"(the game's length limit), got {shown(at)}")
    return at


def run(spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Play a script; one dict per action (what the command prints as lines)."""
    try:
        return _run(spec)
    except RecursionError:  # a value nested thousands deep, met while reading or naming it
        raise ScriptError("the script holds a value nested too deeply") from None


def _run(spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    rules, state, names = start(spec)
    info = game_info(spec["game"])
    actions = spec.get("actions", [])
    if not isinstance(actions, list):
        raise ScriptError("actions: expected a list")
    most = min(info.most_actions, MAX_SCRIPT_ACTIONS)
    if len(actions) > most:
        raise ScriptError(f"actions: {len(actions)} of them, but a {info.title} script holds at most {most}")
    read_action = getattr(rules, "script_action", None)
    codec = info.rules()
    lines = []
    last_at = 0
    for i, item in enumerate(actions):
        where = f"actions[{i}]"
        if not isinstance(item, dict):
            raise ScriptError(f"{where}: expected an object with at, player and do")
        at = last_at = _at(item, last_at, info, where)
        do = item.get("do")
        line: dict[str, Any] = {"step": i, "at": at}
        timers = state.advance(at) if not state.is_over else []
        if do == "wait":
            line.update(do="wait", result="accepted", events=events_to_json(timers))
        else:
            seat = _seat(item.get("player"), names, where)
            try:
                action = read_action(do) if read_action else codec.action_from_json({"type": do} if isinstance(do, str) else do)
            except _HOOK_ERRORS as exc:
                raise ScriptError(f"{where}.do: {str(exc)[:200]}") from None
            line.update(player=names[seat], do=codec.action_to_json(action), timers=events_to_json(timers))
            try:
                line.update(result="accepted", events=events_to_json(state.apply(action, seat, at)))
            except IllegalAction as exc:
                line.update(result="refused", reason=str(exc), events=[])
        line["state"] = rules.script_state(state)
        lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.script", description="Play a scripted game (see the module docstring).")
    parser.add_argument("file", help="the JSON script, or - for standard input")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            raw: bytes = sys.stdin.buffer.read(MAX_SCRIPT_BYTES + 1)
        else:
            with open(args.file, "rb") as stream:
                raw = stream.read(MAX_SCRIPT_BYTES + 1)
        if len(raw) > MAX_SCRIPT_BYTES:
            raise ScriptError(f"the script is larger than {MAX_SCRIPT_BYTES // (1024 * 1024)} MB")
        lines = run(decode_json(raw))
    except OSError as exc:
        print(f"engine.script: can't read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except (ScriptError, RecordError) as exc:
        print(f"engine.script: {exc}", file=sys.stderr)
        return 2
    for line in lines:
        print(json.dumps(line, separators=(",", ":")))
    return 0


MAX_SCRIPT_BYTES = 32 * 1024 * 1024
"""As large as any file the game reads."""


if __name__ == "__main__":
    sys.exit(main())
