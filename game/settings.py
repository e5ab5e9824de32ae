"""The settings the table needs (animation speed, AI speed), kept in the data directory.

Files go through :mod:`game.storage` (atomic writes; a damaged file is set aside
and defaults are used).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .storage import DataError, read_json, write_json

ANIM_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.6}
"""Animation speed setting -> multiplier of every animation's duration (0: no animation)."""

AI_SPEED_NAMES = ("instant", "fast", "normal", "slow")


@dataclass
class Settings:
    animation_speed: str = "normal"
    ai_speed: str = "normal"

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise DataError("settings are not an object")
        out = cls()
        if data.get("animation_speed") in ANIM_SPEEDS:
            out.animation_speed = data["animation_speed"]
        if data.get("ai_speed") in AI_SPEED_NAMES:
            out.ai_speed = data["ai_speed"]
        return out

    @classmethod
    def load(cls, data_dir: Path) -> tuple[Settings, str | None]:
        """The saved settings (or defaults) and a problem to tell the player, if any."""
        value, problem = read_json(data_dir / "settings.json", "settings", cls.from_json)
        return (value or cls()), problem

    def save(self, data_dir: Path) -> None:
        write_json(data_dir / "settings.json", asdict(self))

    @property
    def anim_factor(self) -> float:
        return ANIM_SPEEDS[self.animation_speed]
