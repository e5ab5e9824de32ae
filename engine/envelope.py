"""One record envelope for every game: seed, options, players and timed actions.

A record is a game's whole history: it gives save and resume, replays, the
arena's logs and bug reports.  Every game but Sprint (whose
``sprint-snap-score/1`` records predate the collection and keep their own
codec, :mod:`engine.sprint.records`) writes this envelope::

    {"format": "snap/1", "seed": 123, "options": {"variant": "own"},
     "players": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "hard"}],
     "actions": [{"seat": 0, "at": 1520, "type": "flip"}, ...],
     "clock": 9000,
     "extra": ...}

``at`` is milliseconds since the game began (0 in turn games, where it may be
left out); ``clock`` is how far time had run when the record was written, so
timers after the last action replay too.  Replaying is: ``new_game`` from the
seed and options, then for each action ``advance(at)`` and ``apply``, then
``advance(clock)``.  Bots are never rerun.  Loading checks everything and
reports the first problem as a :class:`RecordError` naming the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Protocol, TypeGuard

from .core import GameState, Ms
from .errors import IllegalAction


class GameKind(Protocol):
    """What a record reads of its game's entry in :mod:`engine.games` (a Protocol: the registry imports this
    module, so this module names no class of the registry's)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def min_seats(self) -> int: ...
    @property
    def max_seats(self) -> int: ...
    @property
    def most_actions(self) -> int: ...
    @property
    def longest_ms(self) -> int | None: ...
    def rules(self) -> Any: ...
    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]: ...

PLAYER_KINDS = ("human", "ai")
MAX_NAME = 100
"""Longest player name or AI level a record may hold (the game's own names are far shorter)."""


class RecordError(ValueError):
    """A record that can't be loaded; the message names the first bad field or action."""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seat as the record names it: a human, or an AI with its level."""

    name: str
    kind: str = "human"
    level: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            out["level"] = self.level
        out.update(self.extra)
        return out


def shown(value: Any) -> str:
    """A bad value for a message, cut short: it came from a file and may be any size."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = repr(value) if not is_int(value) or value.bit_length() < 200 else "a very long number"
    return text if len(text) <= 40 else text[:37] + "..."


def is_int(value: Any) -> TypeGuard[int]:
    """A JSON whole number (``True`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse_players(value: Any, min_seats: int, max_seats: int) -> tuple[PlayerInfo, ...]:
    """The ``players`` list of a record; raises :class:`RecordError` naming the bad entry."""
    if not isinstance(value, list) or not min_seats <= len(value) <= max_seats:
        raise RecordError(f"players: expected a list of {min_seats} to {max_seats} players")
    out = []
    for i, p in enumerate(value):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise RecordError(f"{where}: expected an object with name and kind")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"{where}.name: expected a non-empty name")
        if len(name) > MAX_NAME:
            raise RecordError(f"{where}.name: longer than {MAX_NAME} characters")
        kind = p.get("kind", "human")
        if kind not in PLAYER_KINDS:
            raise RecordError(f"{where}.kind: expected 'human' or 'ai', got {shown(kind)}")
        level = p.get("level")
        if kind == "ai" and (not isinstance(level, str) or not level):
            raise RecordError(f"{where}.level: an AI player needs its level")
        if level is not None and not isinstance(level, str):
            raise RecordError(f"{where}.level: expected a level name, got {shown(level)}")
        if level is not None and len(level) > MAX_NAME:
            raise RecordError(f"{where}.level: longer than {MAX_NAME} characters")
        extra = {k: v for k, v in p.items() if k not in ("name", "kind", "level")}
        out.append(PlayerInfo(name, kind, level, extra))
    return tuple(out)


def parse_format(value: Any) -> tuple[str, int]:
    """``"snap/1"`` as ``("snap", 1)``; raises :class:`RecordError`."""
    if not isinstance(value, str) or "/" not in value or len(value) > 80:
        raise RecordError(f"format: expected a name and version like 'snap/1', got {shown(value)}")
    name, _, version = value.rpartition("/")
    if not (version.isascii() and version.isdigit() and len(version) < 10):
        raise RecordError(f"format: the version of {value!r} is not a whole number")
    return name, int(version)


@dataclass(frozen=True, slots=True)
class Entry:
    """One action in a record: who, what, and when (milliseconds since the start)."""

    seat: int
    action: Any
    at: Ms = 0


@dataclass
class GameRecord:
    """A game's history in the shared envelope.  ``append`` as you play; ``to_json`` to save."""

    info: GameKind
    players: tuple[PlayerInfo, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    clock: Ms = 0
    extra: dict[str, Any] = field(default_factory=dict)
    scores: tuple[int, ...] | None = None  # once the game is over
    loaded_state: GameState | None = field(default=None, init=False, repr=False, compare=False)
    """The state :meth:`from_json` replayed to (read it, never change it): no second replay to show how far a game got."""

    @classmethod
    def begin(cls, info: GameKind, players: list[PlayerInfo], seed: int,
              options: dict[str, Any] | None = None) -> tuple[GameRecord, GameState]:
        """A new game of ``info``'s from ``seed``: its record and its state."""
        record = cls(info, tuple(players), seed, info.resolve_options(options))
        return record, record.start()

    @property
    def game_id(self) -> str:
        return self.info.id

    @property
    def actions(self) -> list[tuple[int, Any, Ms]]:
        """``(seat, action, at)`` of each entry (comparable across records, like Sprint's)."""
        return [(e.seat, e.action, e.at) for e in self.entries]

    def without_actions(self) -> GameRecord:
        """The same game before anything was played (a resumed table replays the actions onto it)."""
        return GameRecord(self.info, self.players, self.seed, dict(self.options), extra=dict(self.extra))

    def same_game(self, other: Any) -> bool:
        """Whether ``other`` records the same game (seats, seed, options), however far each got."""
        return isinstance(other, GameRecord) and (self.info.id, self.players, self.seed, self.options) == (
            other.info.id, other.players, other.seed, other.options)

    @property
    def format(self) -> str:
        return self.info.format

    def start(self) -> GameState:
        """The state before any action."""
        state: GameState = self.info.rules().new_game(len(self.players), self.options, self.seed)
        return state

    def append(self, seat: int, action: Any, events: list[Any] | None = None, at: Ms = 0) -> None:
        """Note an action that was just applied at ``at``."""
        self.entries.append(Entry(seat, action, at))
        self.clock = max(self.clock, at)

    def note_outcome(self, state: GameState) -> None:
        """Keep the scores once ``state`` (this record's game) is over."""
        outcome = state.outcome()
        if outcome is not None:
            self.scores = outcome.scores

    def note_time(self, at: Ms) -> None:
        """Time ran on to ``at`` (timers fired with no action)."""
        self.clock = max(self.clock, at)

    def replay(self, state: GameState | None = None) -> Iterator[tuple[Entry, list[Any], GameState]]:
        """Play the actions again: ``(entry, events, state)`` each, the state updated in place.

        Timer events that fall due before an action come with that action's events.
        """
        state = state or self.start()
        for i, entry in enumerate(self.entries):
            if state.is_over:
                raise RecordError(f"actions[{i}]: the game is already over")
            events = state.advance(entry.at)
            try:
                events += state.apply(entry.action, entry.seat, entry.at)
            except IllegalAction as exc:
                raise RecordError(f"actions[{i}]: player {entry.seat} can't do that: {exc}") from None
            yield entry, events, state

    def final_state(self) -> GameState:
        state = self.start()
        for _ in self.replay(state):
            pass
        state.advance(self.clock)
        return state

    # JSON

    @property
    def log(self) -> list[Entry]:
        """The list :meth:`append` grows, itself (read it, never change it): a saver converts only its new items."""
        return self.entries

    def entry_json(self, entry: Entry) -> dict[str, Any]:
        """One item of :attr:`log` as it is written in ``actions``."""
        item: dict[str, Any] = {"seat": entry.seat}
        if entry.at:
            item["at"] = entry.at
        item.update(self.info.rules().action_to_json(entry.action))
        return item

    def to_json(self, actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The record as JSON; ``actions``, if given, is :attr:`log` already converted (by :meth:`entry_json`)."""
        if actions is None:
            actions = [self.entry_json(e) for e in self.entries]
        out: dict[str, Any] = {
            "format": self.format,
            "seed": self.seed,
            "options": dict(self.options),
            "players": [p.to_json() for p in self.players],
            "actions": actions,
        }
        if self.clock:
            out["clock"] = self.clock
        if self.scores is not None:
            out["scores"] = list(self.scores)
        out.update(self.extra)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any, info: GameKind) -> GameRecord:
        """Check a decoded record of ``info``'s game and replay it; raises :class:`RecordError`.

        Any game's record loads through :func:`engine.games.load_record`, which
        finds the game from the record's ``format``.
        """
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != info.format:
            raise RecordError(f"format: expected {info.format!r}, got {shown(data.get('format'))}")
        seed = data.get("seed")
        if not is_int(seed) or not 0 <= seed < 2**63:
            raise RecordError(f"seed: expected a whole number from 0 to 2**63, got {shown(seed)}")
        raw_options = data.get("options", {})
        if not isinstance(raw_options, dict):
            raise RecordError("options: expected an object")
        try:
            options = info.resolve_options(raw_options)
        except ValueError as exc:
            raise RecordError(f"options: {exc}") from None
        players = parse_players(data.get("players"), info.min_seats, info.max_seats)
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise RecordError("actions: expected a list")
        if len(raw_actions) > info.most_actions:
            raise RecordError(f"actions: {len(raw_actions)} of them, but a {info.title} record holds at most {info.most_actions}")
        rules = info.rules()
        entries = []
        last_at = 0
        longest = info.longest_ms if info.longest_ms is not None else 2**53 - 1
        for i, item in enumerate(raw_actions):
            where = f"actions[{i}]"
            if not isinstance(item, dict):
                raise RecordError(f"{where}: expected an object with seat and type")
            seat = item.get("seat")
            if not is_int(seat) or not 0 <= seat < len(players):
                raise RecordError(f"{where}.seat: expected a seat from 0 to {len(players) - 1}, got {shown(seat)}")
            at = item.get("at", 0)
            if not is_int(at) or not last_at <= at < 2**53:
                raise RecordError(f"{where}.at: expected milliseconds, not before the action before it, got {shown(at)}")
            if at > longest:
                raise RecordError(f"{where}.at: {info.title} games end by {longest} ms, got {shown(at)}")
            last_at = at
            body = {k: v for k, v in item.items() if k not in ("seat", "at")}
            try:
                action = rules.action_from_json(body)
            except ValueError as exc:
                raise RecordError(f"{where}: {exc}") from None
            entries.append(Entry(seat, action, at))
        clock = data.get("clock", last_at)
        if not is_int(clock) or not last_at <= clock <= longest:
            raise RecordError(f"clock: expected milliseconds from {last_at} to {longest} "
                              f"(the game's length limit), got {shown(clock)}")
        known = {"format", "seed", "options", "players", "actions", "clock", "scores"}
        extra = {k: v for k, v in data.items() if k not in known}
        record = cls(info, players, seed, options, entries, clock, extra)
        try:
            state = record.final_state()
        except ValueError as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"the game can't be set up: {exc}") from None
        record.note_outcome(state)
        record.loaded_state = state
        scores = data.get("scores")
        if scores is not None and (not isinstance(scores, list) or list(scores) != list(record.scores or ())):
            raise RecordError(f"scores: recorded {shown(scores)} but the actions give "
                              f"{list(record.scores) if record.scores is not None else 'a game not yet over'}")
        return record


def decode_json(text: str | bytes) -> Any:
    """JSON from a file's text (UTF-8, a byte-order mark allowed); raises :class:`RecordError`."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        return json.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        raise RecordError("not a JSON record: nested too deeply") from None
    except UnicodeDecodeError:
        raise RecordError("not a JSON record: it is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not a JSON record: {exc}") from None
    except ValueError:  # a number the parser can't convert (an integer of thousands of digits)
        raise RecordError("not a JSON record: it holds a malformed number") from None
