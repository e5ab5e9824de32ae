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

A game joins by giving its rules module three hooks: ``script_start(num_seats,
options, seed, deck, state)`` returning a game state, ``script_state(state)``
returning a JSON-ready dict, and optionally ``script_action(do)`` (the default
reads ``do`` with the module's ``action_from_json``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from enum import Enum
from typing import Any, Mapping

from .cards import Card, parse_cards
from .core import GameState
from .errors import IllegalAction
from .games import game_info


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


def _players(value: Any) -> list[str]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [f"P{i + 1}" for i in range(value)]
    if isinstance(value, list) and all(isinstance(p, str) and p for p in value):
        return list(value)
    raise ScriptError("players: expected a number of players or a list of names")


def _seat(value: Any, names: list[str], where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise ScriptError(f"{where}.player: expected a seat from 0 to {len(names) - 1} or one of {names}")


def start(spec: Mapping[str, Any]) -> tuple[Any, GameState, list[str]]:
    """The rules module, the starting state and the players' names of a script."""
    if not isinstance(spec, Mapping):
        raise ScriptError("a script is a JSON object")
    try:
        info = game_info(str(spec.get("game")))
        options = info.resolve_options(spec.get("rules") or {})
    except ValueError as exc:
        raise ScriptError(str(exc)) from None
    names = _players(spec.get("players", info.default_seats))
    if not info.min_seats <= len(names) <= info.max_seats:
        raise ScriptError(f"players: {info.title} takes {info.min_seats} to {info.max_seats} players")
    rules = info.rules()
    if not hasattr(rules, "script_start"):
        raise ScriptError(f"{info.title} can't be scripted yet")
    seed = spec.get("seed", 0)
    if not isinstance(seed, int):
        raise ScriptError("seed: expected a whole number")
    deck = spec.get("deck")
    if ("state" in spec) == (deck is not None):
        raise ScriptError("give either a deck or a starting state")
    try:
        cards = None if deck is None else list(parse_cards(deck))
        state = rules.script_start(len(names), options, seed, cards, spec.get("state"))
    except (ValueError, TypeError, AttributeError) as exc:
        raise ScriptError(f"{'deck' if deck is not None else 'state'}: {exc}") from None
    return rules, state, names


def run(spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Play a script; one dict per action (what the command prints as lines)."""
    rules, state, names = start(spec)
    actions = spec.get("actions", [])
    if not isinstance(actions, list):
        raise ScriptError("actions: expected a list")
    read_action = getattr(rules, "script_action", None)
    lines = []
    last_at = 0
    for i, item in enumerate(actions):
        where = f"actions[{i}]"
        if not isinstance(item, dict):
            raise ScriptError(f"{where}: expected an object with at, player and do")
        at = item.get("at", last_at)
        if not isinstance(at, int) or at < last_at:
            raise ScriptError(f"{where}.at: expected milliseconds, not before the action before it")
        last_at = at
        do = item.get("do")
        line: dict[str, Any] = {"step": i, "at": at}
        timers = state.advance(at) if not state.is_over else []
        if do == "wait":
            line.update(do="wait", result="accepted", events=events_to_json(timers))
        else:
            seat = _seat(item.get("player"), names, where)
            try:
                action = read_action(do) if read_action else rules.action_from_json({"type": do} if isinstance(do, str) else do)
            except (ValueError, TypeError, AttributeError) as exc:
                raise ScriptError(f"{where}.do: {exc}") from None
            line.update(player=names[seat], do=rules.action_to_json(action), timers=events_to_json(timers))
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
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        lines = run(json.loads(text))
    except (OSError, ValueError) as exc:
        print(f"engine.script: {exc}", file=sys.stderr)
        return 2
    for line in lines:
        print(json.dumps(line, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
