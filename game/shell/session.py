"""A game as the player set it up: seats, who starts, the deal number; and its bots."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.records import PlayerInfo, Record
from engine.sprint import Round

DEFAULT_NAMES = ("You", "Ada", "Ben", "Cleo", "Dev")
AI_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # human or ai
    level: str = "standard"
    think_ms: int | None = None  # Master's budget for this seat; None: the app's setting

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@dataclass
class GameSetup:
    """What the New game screen edits; the defaults are "you vs Standard"."""

    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("You"), SeatConfig("Ada", "ai", "standard")])
    first: int | None = None  # None: random
    deal: int | None = None  # None: a random deal number

    @classmethod
    def all_ai(cls, levels: list[str]) -> GameSetup:
        seats = [SeatConfig(AI_NAMES[i], "ai", lv) for i, lv in enumerate(levels)]
        return cls(seats)

    @classmethod
    def hotseat(cls, names: list[str], ai_levels: list[str] = ()) -> GameSetup:
        seats = [SeatConfig(n) for n in names] + [SeatConfig(f"Bot {i + 1}", "ai", lv) for i, lv in enumerate(ai_levels)]
        return cls(seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def players(self) -> list[PlayerInfo]:
        return [PlayerInfo(s.name, "ai", s.level) if s.is_ai else PlayerInfo(s.name) for s in self.seats]

    def start(self, rng: random.Random) -> tuple[Record, Round]:
        """Deal: the deal number is the record's seed, so the same number deals the same cards."""
        seed = self.deal if self.deal is not None else rng.randrange(1, 1_000_000)
        first = self.first if self.first is not None and self.first < len(self.seats) else random.Random(seed).randrange(len(self.seats))
        return Record.new(self.players(), seed, first)

    def make_bots(self, think_ms: int = 1000, seed: int | None = None) -> dict[int, object]:
        import ai

        return {i: ai.make_bot(s.level, seed=None if seed is None else seed * 31 + i,
                               think_ms=think_ms if s.think_ms is None else s.think_ms)
                for i, s in enumerate(self.seats) if s.is_ai}

    @classmethod
    def from_record(cls, record: Record) -> GameSetup:
        seats = [SeatConfig(p.name, p.kind, p.level or "standard", _think_ms(p.extra.get("think_ms"))) for p in record.players]
        return cls(seats, record.first_player, record.seed)


def _think_ms(value: object) -> int | None:
    """A think budget from a record (milliseconds), if it is a sensible one."""
    if isinstance(value, int) and not isinstance(value, bool) and 10 <= value <= 60_000:
        return value
    return None
