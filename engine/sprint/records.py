"""Game records: a round as seed + deal + actions, in the ``sprint-snap-score/1`` format.

Save and resume, replays, bug reports and the AI arena all use records.  A record
holds the deal written out (stock top first, discard pile bottom to top), the
players' actions in order (replacement draws and skipped draws or discards
follow from the rules, so they are not written), and the final scores once the
round is over::

    {"format": "sprint-snap-score/1", "seed": 123,   # seed: the deal is Round.deal(players, seed); null: a deal made otherwise
     "players": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "standard"}],
     "first_player": 0,
     "deal": {"hands": [["AS", ...], ...], "discard": ["9C"], "stock": ["4D", ...]},
     "actions": [{"player": 0, "type": "draw", "source": "stock"}, ...],
     "scores": [12, -3]}

Loading checks everything (a seed must give the deal written out; names are at most
:data:`MAX_NAME_LENGTH` characters) and replays the actions; the first problem is reported
as a :class:`RecordError` naming the field or action, e.g.
``actions[4]: player 1 can't lay 7H 8H 9D: ...``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterator, TypeGuard

from ..cards import ALL_CARDS, Card
from ..envelope import MAX_NAME, PLAYER_KINDS as PLAYER_KINDS, PlayerInfo as PlayerInfo, RecordError as RecordError, decode_json, parse_players, shown
from ..errors import IllegalAction
from . import MAX_PLAYERS, MIN_PLAYERS, Action, Discard, Draw, Event, Lay, Round, RoundOver, Source

FORMAT = "sprint-snap-score/1"
_FORMAT_NAME, _, _FORMAT_VERSION = FORMAT.rpartition("/")
MAX_NAME_LENGTH = MAX_NAME
_MAX_VERSION_DIGITS = 9
MAX_ACTIONS = 30_000
"""No round comes near this many actions (a few hundred at most); a record with more is not ours."""


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]  # bottom to top
    stock: tuple[Card, ...]  # top first

    @classmethod
    def of(cls, state: Round) -> Deal:
        """The deal of a round that has not started yet."""
        return cls(
            tuple(state.hand(p) for p in range(state.num_players)),
            _cards(state.discard),
            tuple(reversed(_cards(state.stock))),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "discard": [str(c) for c in self.discard],
            "stock": [str(c) for c in self.stock],
        }


def _cards(numbers: list[int]) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[n] for n in numbers)


@dataclass
class Record:
    """One round's history.  ``append`` as you play; ``to_json`` to save."""

    players: tuple[PlayerInfo, ...]
    deal: Deal
    first_player: int = 0
    seed: int | None = None
    actions: list[tuple[int, Action]] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(cls, players: list[PlayerInfo], seed: int, first_player: int = 0) -> tuple[Record, Round]:
        """Deal a new round from ``seed``; return its record and its state."""
        state = Round.deal(len(players), seed, first_player)
        return cls(tuple(players), Deal.of(state), first_player, seed), state

    @classmethod
    def begin(cls, info: object, players: list[PlayerInfo], seed: int,
              options: dict[str, Any] | None = None) -> tuple[Record, Round]:
        """The engine protocol's way in (:class:`engine.envelope.GameRecord` has the same)."""
        return cls.new(players, seed, random.Random(seed).randrange(len(players)))

    def note_time(self, at: int) -> None:
        """A turn game keeps no clock."""

    def note_outcome(self, state: Round) -> None:
        if state.result is not None:
            self.scores = state.result.scores

    def without_actions(self) -> Record:
        """The same round before anything was played (a resumed table replays the actions onto it)."""
        return Record(self.players, self.deal, self.first_player, self.seed, extra=dict(self.extra))

    def same_game(self, other: Any) -> bool:
        """Whether ``other`` records the same round (seats and deal), however far each got."""
        return isinstance(other, Record) and (self.players, self.deal, self.first_player, self.seed) == (
            other.players, other.deal, other.first_player, other.seed)

    def start(self) -> Round:
        """The state before any action."""
        return Round.from_deal([list(h) for h in self.deal.hands], list(self.deal.discard), list(self.deal.stock), self.first_player)

    def append(self, player: int, action: Action, events: list[Event] | None = None, at: int = 0) -> None:
        """Note an action that was just applied; ``events`` with a round-over sets the scores."""
        self.actions.append((player, action))
        for event in events or ():
            if isinstance(event, RoundOver):
                self.scores = event.scores

    def replay(self, state: Round | None = None) -> Iterator[tuple[int, Action, list[Event], Round]]:
        """Play the actions again from the deal: ``(player, action, events, state)`` each.

        The same state object (``state``, or a fresh :meth:`start`) is updated in
        place and yielded each time.
        """
        state = state or self.start()
        for i, (player, action) in enumerate(self.actions):
            if state.is_over:
                raise RecordError(f"actions[{i}]: the round is already over")
            try:
                events = state.apply(action, player)
            except IllegalAction as exc:
                raise RecordError(f"actions[{i}]: player {player} can't {action}: {exc}") from None
            yield player, action, events, state

    def final_state(self) -> Round:
        state = self.start()
        for _ in self.replay(state):
            pass
        return state

    # JSON

    @property
    def log(self) -> list[tuple[int, Action]]:
        """The list :meth:`append` grows, itself (read it, never change it): a saver converts only its new items."""
        return self.actions

    def entry_json(self, entry: tuple[int, Action]) -> dict[str, Any]:
        """One item of :attr:`log` as it is written in ``actions``."""
        return action_to_json(*entry)

    def to_json(self, actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The record as JSON; ``actions``, if given, is :attr:`log` already converted (by :meth:`entry_json`)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "first_player": self.first_player,
            "deal": self.deal.to_json(),
            "actions": [action_to_json(p, a) for p, a in self.actions] if actions is None else actions,
        }
        if self.scores is not None:
            out["scores"] = list(self.scores)
        out.update(self.extra)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """Parse and check a record; raises :class:`RecordError`."""
        return cls.from_json(decode_json(text))

    @classmethod
    def from_json(cls, data: Any, info: object = None) -> Record:
        """Check a decoded record and replay it; raises :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        _check_format(data.get("format"))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(f"seed: expected a whole number or null, got {shown(seed)}")
        players = _players(data.get("players"))
        first = data.get("first_player", 0)
        if not _is_int(first) or not 0 <= first < len(players):
            raise RecordError(f"first_player: expected a seat from 0 to {len(players) - 1}, got {shown(first)}")
        deal = _deal(data.get("deal"), len(players))
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise RecordError("actions: expected a list")
        if len(raw_actions) > MAX_ACTIONS:
            raise RecordError(f"actions: {len(raw_actions)} of them, but a round holds at most {MAX_ACTIONS}")
        actions = [action_from_json(a, i, len(players)) for i, a in enumerate(raw_actions)]
        extra = {k: v for k, v in data.items() if k not in _KEYS}
        record = cls(players, deal, first, seed, actions, None, extra)
        try:
            state = record.start()
        except ValueError as exc:
            raise RecordError(f"deal: {exc}") from None
        if seed is not None:
            _check_seed(seed, deal, len(players))
        for _ in record.replay(state):
            pass
        scores = data.get("scores")
        if scores is not None:
            if not isinstance(scores, list) or not all(_is_int(s) for s in scores):
                raise RecordError("scores: expected a list of whole numbers")
            if state.result is None:
                raise RecordError("scores: the round is not over after these actions, so it has no scores yet")
            if list(scores) != list(state.result.scores):
                raise RecordError(f"scores: recorded {scores} but the actions give {list(state.result.scores)}")
        if state.result is not None:
            record.scores = state.result.scores
        return record


_KEYS = ("format", "seed", "players", "first_player", "deal", "actions", "scores")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_newer_format(value: Any) -> bool:
    """Whether ``value`` names a later version of this record format (written by a newer game)."""
    if not isinstance(value, str) or not value.startswith(_FORMAT_NAME + "/"):
        return False
    version = value.rpartition("/")[2]
    if not (version.isascii() and version.isdigit()) or len(version) > _MAX_VERSION_DIGITS or version[0] == "0":
        return False  # no conversion of thousands of digits, and "01" is no version we write
    return int(version) > int(_FORMAT_VERSION)


def _check_format(value: Any) -> None:
    if value == FORMAT:
        return
    if is_newer_format(value):
        raise RecordError(f"format: {value} comes from a newer version of the game; this one reads {FORMAT}")
    raise RecordError(f"format: expected {FORMAT!r}, got {shown(value)}")


def _players(value: Any) -> tuple[PlayerInfo, ...]:
    return parse_players(value, MIN_PLAYERS, MAX_PLAYERS)


def _check_seed(seed: int, deal: Deal, num_players: int) -> None:
    """The deal must be the one ``seed`` makes (who starts does not change the deal)."""
    if Deal.of(Round.deal(num_players, seed)) != deal:
        raise RecordError(f"seed: the deal is not the one seed {shown(seed)} makes for {num_players} players")


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of card codes")
    cards = []
    for i, code in enumerate(value):
        try:
            cards.append(Card(code))
        except ValueError as exc:
            raise RecordError(f"{where}[{i}]: {exc}") from None
    return tuple(cards)


def _deal(value: Any, num_players: int) -> Deal:
    if not isinstance(value, dict):
        raise RecordError("deal: expected an object with hands, discard and stock")
    hands = value.get("hands")
    if not isinstance(hands, list) or len(hands) != num_players:
        raise RecordError(f"deal.hands: expected one hand for each of the {num_players} players")
    return Deal(
        tuple(_card_list(h, f"deal.hands[{p}]") for p, h in enumerate(hands)),
        _card_list(value.get("discard"), "deal.discard"),
        _card_list(value.get("stock"), "deal.stock"),
    )


def action_to_json(player: int, action: Action) -> dict[str, Any]:
    if isinstance(action, Draw):
        return {"player": player, "type": "draw", "source": action.source.value}
    if isinstance(action, Lay):
        return {"player": player, "type": "lay", "cards": [str(c) for c in action.cards]}
    return {"player": player, "type": "discard", "card": str(action.card)}


def action_from_json(value: Any, index: int, num_players: int) -> tuple[int, Action]:
    """One ``actions[index]`` entry; raises :class:`RecordError` naming it."""
    where = f"actions[{index}]"
    if not isinstance(value, dict):
        raise RecordError(f"{where}: expected an object with player and type")
    player = value.get("player")
    if not _is_int(player) or not 0 <= player < num_players:
        raise RecordError(f"{where}.player: expected a seat from 0 to {num_players - 1}, got {shown(player)}")
    kind = value.get("type")
    try:
        if kind == "draw":
            source = value.get("source")
            if source not in (Source.STOCK.value, Source.DISCARD.value):
                raise RecordError(f"{where}.source: expected 'stock' or 'discard', got {shown(source)}")
            return player, Draw(Source(source))
        if kind == "lay":
            cards = _card_list(value.get("cards"), f"{where}.cards")
            return player, Lay(cards)
        if kind == "discard":
            card = value.get("card")
            if not isinstance(card, str):
                raise RecordError(f"{where}.card: expected a card code, got {shown(card)}")
            return player, Discard(Card(card))
    except ValueError as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"{where}: {exc}") from None
    raise RecordError(f"{where}.type: expected 'draw', 'lay' or 'discard', got {shown(kind)}")
