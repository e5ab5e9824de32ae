"""A game as the player set it up: which game, seats, options, who starts, the deal number; and its bots."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from typing import Any, Sequence

from engine.core import EDITION
from engine.games import DEFAULT_GAME, GameInfo, game_info
from engine.envelope import PlayerInfo

DEFAULT_NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo")
AI_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo")
MAX_NAME = 16  # what the New game screen lets a player type


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # human or ai
    level: str = "standard"
    think_ms: int | None = None  # Master's budget for this seat; None: the app's setting
    reaction_ms: int | None = None  # a Custom real-time bot's mean reaction; None: the level's default

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@dataclass
class GameSetup:
    """What the New game screen edits; the defaults are "you vs Standard" at Sprint."""

    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("You"), SeatConfig("Ada", "ai", "standard")])
    first: int | None = None  # None: random
    deal: int | None = None  # None: a random deal number
    game: str = DEFAULT_GAME
    options: dict[str, Any] = field(default_factory=dict)  # the game's options (and what it carries between deals)

    @property
    def info(self) -> GameInfo:
        return game_info(self.game)

    @classmethod
    def quick(cls, game: str = DEFAULT_GAME, played: bool = False) -> GameSetup:
        """You against the game's usual bots: of its default level, or of :func:`quick_level` once you have ``played``."""
        info = game_info(game)
        level = quick_level(info, played)
        bots = 1 if level == QUICK_MATCHED else info.default_seats - 1  # Even means even: one opponent, matched to you
        seats = [SeatConfig("You")] + [SeatConfig(AI_NAMES[i], "ai", level) for i in range(bots)]
        return cls(seats, game=game)

    @classmethod
    def all_ai(cls, levels: list[str], game: str = DEFAULT_GAME, deal: int | None = None,
               **options: Any) -> GameSetup:
        """Bots of ``levels`` in every seat, on ``deal`` (a new one: None), with the game's ``options``."""
        seats = [SeatConfig(AI_NAMES[i], "ai", lv) for i, lv in enumerate(levels)]
        return cls(seats, deal=deal, game=game, options=options)

    @classmethod
    def hotseat(cls, names: list[str], ai_levels: Sequence[str] = (), game: str = DEFAULT_GAME) -> GameSetup:
        seats = [SeatConfig(n) for n in names] + [SeatConfig(f"Bot {i + 1}", "ai", lv) for i, lv in enumerate(ai_levels)]
        return cls(seats, game=game)

    def name_humans(self) -> None:
        """Default names follow the number of humans: with two or more, "Player 1", "Player 2"... (never "You",
        which would read "Pass to You" and "You drew" in another player's log); back to "You" when one is left.

        Only a name the game gave (``You``, a bot's name, ``Player N``) changes; a typed name stays.
        """
        humans = self.humans
        given = {"You", *AI_NAMES, *(f"Player {k}" for k in range(1, len(self.seats) + 2))}
        for i in humans:
            seat = self.seats[i]
            if seat.name in given:
                seat.name = f"Player {i + 1}" if len(humans) > 1 else "You"

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def players(self) -> list[PlayerInfo]:
        return [PlayerInfo(s.name, "ai", s.level, _custom(s)) if s.is_ai else PlayerInfo(s.name) for s in self.seats]

    def start(self, rng: random.Random) -> tuple[Any, Any]:
        """Deal: the deal number is the record's seed, so the same number deals the same cards.

        Returns the new game's record and its state.
        """
        seed = self.deal if self.deal is not None else rng.randrange(1, 1_000_000)
        info = self.info
        if info.who_starts and self.first is not None and self.first < len(self.seats):
            record, state = info.record_type().new(self.players(), seed, self.first)
        else:
            record, state = info.record_type().begin(info, self.players(), seed, self.options)
        return record, state

    def open(self, rng: random.Random, record: Any = None, state: Any = None, replay: Any = None) -> tuple[Any, Any]:
        """The record and state a table opens on: a replay from its start, a resumed game as saved, or a new deal."""
        if replay is not None:
            fresh = replay.without_actions()
            return fresh, fresh.start()
        if record is None or state is None:
            return self.start(rng)
        return record, state

    def make_bots(self, think_ms: int = 1000, seed: int | None = None,
                  profiles: dict[str, Any] | None = None) -> dict[int, object]:
        """The AI seats' bots.  A race game's Matched bot learns into ``profiles`` (the statistics' table of
        players' reaction profiles, name -> profile): each human's, made on first meeting."""
        info = self.info

        def extra(seat: SeatConfig) -> dict[str, Any]:
            if seat.level == CUSTOM and seat.reaction_ms:
                return {"mean_ms": seat.reaction_ms}
            if seat.level.startswith(MATCHED) and profiles is not None:
                from ai.matched import ReactionProfile

                return {"opponents": {h: profiles.setdefault(self.seats[h].name, ReactionProfile()) for h in self.humans}}
            return {}

        return {i: info.make_bot(s.level, seed=None if seed is None else seed * 31 + i,
                                 think_ms=think_ms if s.think_ms is None else s.think_ms, **extra(s))
                for i, s in enumerate(self.seats) if s.is_ai}

    @classmethod
    def from_record(cls, record: Any) -> GameSetup:
        """The setup a record was played with (any game's record)."""
        if not hasattr(record, "info"):  # the collection's first game's own record kind: a first player, no options
            info = game_info(DEFAULT_GAME)
            first: int | None = record.first_player
            options: dict[str, Any] = {}
        else:
            info, first, options = record.info, None, dict(record.options)
            if options.pop(EDITION, None) == 1:  # a record from before a rule change: it keeps its rules, while
                for option in info.options:       # a new deal from this setup gets today's (the options that came
                    if option.legacy is not None:  # with that change included)
                        options.pop(option.key, None)
        seats = [SeatConfig(p.name, p.kind, p.level or info.default_level, _think_ms(p.extra.get("think_ms")),
                            _reaction_ms(p.extra.get("reaction_ms")))
                 for p in record.players]
        return cls(seats, first, record.seed, info.id, options)


CUSTOM = "custom"
MATCHED = "matched-"
QUICK_MATCHED = "matched-even"
"""Quick play's opponent in a race game once you have played one game: the Matched bot (Even)."""


def quick_level(info: GameInfo, played: bool) -> str:
    """The level Quick play seats: Matched (Even) in a game that has it once a person has played a game, else the default."""
    if played and any(lv.id == QUICK_MATCHED for lv in info.levels):
        return QUICK_MATCHED
    return info.default_level
REACTION_CHOICES = (300, 400, 500, 600, 700, 800, 900, 1000)
"""The mean reaction times a Custom real-time bot can be given on the New game screen."""


def _custom(seat: SeatConfig) -> dict[str, Any]:
    """What a record keeps of a Custom bot: its mean reaction time."""
    return {"reaction_ms": seat.reaction_ms} if seat.level == CUSTOM and seat.reaction_ms else {}


def _reaction_ms(value: object) -> int | None:
    """A Custom bot's mean reaction from a file (milliseconds), if it is a sensible one."""
    if isinstance(value, int) and not isinstance(value, bool) and 150 <= value <= 3000:
        return value
    return None


def _think_ms(value: object) -> int | None:
    """A think budget from a record (milliseconds), if it is a sensible one."""
    if isinstance(value, int) and not isinstance(value, bool) and 10 <= value <= 60_000:
        return value
    return None


def setup_to_json(setup: GameSetup) -> dict[str, Any]:
    """The setup as the New game screen remembers it (per game, in its folder)."""
    return {"seats": [{"name": s.name, "kind": s.kind, "level": s.level, **_custom(s)} for s in setup.seats],
            "first": setup.first, "options": {o.key: setup.options[o.key] for o in setup.info.options if o.key in setup.options}}


def setup_from_json(data: Any, game: str) -> GameSetup:
    """A remembered setup; ``ValueError`` if it doesn't fit the game (the file is then set aside)."""
    info = game_info(game)
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("not a remembered setup")
    seats = []
    levels = {lv.id for lv in info.levels}
    for item in data["seats"]:
        if not isinstance(item, dict):
            raise ValueError("a seat is not an object")
        name, kind, level = item.get("name"), item.get("kind"), item.get("level")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or kind not in ("human", "ai"):
            raise ValueError("a seat has a bad name or kind")
        seats.append(SeatConfig(name, kind, level if level in levels else info.default_level,
                                reaction_ms=_reaction_ms(item.get("reaction_ms"))))
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise ValueError(f"{len(seats)} seats do not fit {info.title}")
    first = data.get("first")
    if first is not None and not (isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(seats)):
        first = None
    options = info.resolve_options({k: v for k, v in (data.get("options") or {}).items()
                                    if any(o.key == k for o in info.options)})
    return GameSetup(seats, first, None, game, options)
