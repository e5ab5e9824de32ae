"""The player's settings, kept in the data directory and applied at once.

Files go through :mod:`game.storage` (atomic writes; a damaged file is set aside
and defaults are used).  A known setting with a value the game can't use (a
hand-edited file) is reported like a damaged file: the file is kept as
``settings.json.corrupt-<time>``, that setting falls back to its default, the
others are kept and written back.  A setting this version doesn't know (one a
newer version added) is no problem, and is written back as it was.  A file that
can't be read (no permission) is never saved over: the game plays with the
defaults in memory and says so.
"""

from __future__ import annotations

import errno
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.shell.storage import DataError, KeptFileError, left_in_place, read_json, set_aside, write_json

ANIM_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.6}
"""Animation speed setting -> multiplier of every animation's duration (0: no animation)."""

AI_SPEED_NAMES = ("instant", "fast", "normal", "slow")
MASTER_THINK_SECONDS = (0.25, 1.0, 3.0)
"""Master's think budget per decision, in seconds."""
CARD_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.22}
"""Card size setting -> multiplier of the bottom hand's card height."""
VOLUME_STEPS = tuple(range(0, 101, 10))

CHOICES: dict[str, tuple[Any, ...]] = {
    "animation_speed": tuple(ANIM_SPEEDS),
    "ai_speed": AI_SPEED_NAMES,
    "master_think": MASTER_THINK_SECONDS,
    "sound": (True, False),
    "volume": VOLUME_STEPS,
    "four_colour": (False, True),
    "card_size": tuple(CARD_SIZES),
    "fullscreen": (False, True),
    "confirm_discard": (False, True),
    "tips_seen": (False, True),
    "light_matches": ("apprentice", "on", "off"),
}
"""Every setting and the values it may take, in the order the Settings screen cycles them."""
def valid_store(value: Any) -> bool:
    """Whether ``value`` has the shape of ``settings.seat_keys`` (details are checked on load, by the kit's seat keys)."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, dict) for k, v in value.items())


def _game_ids(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


FREE_FORM = {"seat_keys": valid_store, "tips_closed": _game_ids}
"""Settings that are data, not a choice: each name's check of its value."""


@dataclass
class Settings:
    animation_speed: str = "normal"
    ai_speed: str = "normal"
    master_think: float = 1.0
    sound: bool = True
    volume: int = 70
    four_colour: bool = False
    card_size: str = "normal"
    fullscreen: bool = False
    confirm_discard: bool = True  # on for a first game (no settings file yet); a player may turn it off
    tips_seen: bool = False  # True: no first-game tips at all (Settings: "Off")
    tips_closed: list = field(default_factory=list)  # game ids whose first-game tip was closed (one game's memory)
    seat_keys: dict = field(default_factory=dict)  # real-time games' per-seat keys: game id -> game.kit.seatkeys form
    light_matches: str = "apprentice"  # possible matches glow in your hand: in games with an Apprentice, always, never

    def __post_init__(self) -> None:
        self.unknown: dict[str, Any] = {}  # settings a newer version wrote: written back as they were
        self.kept_file: str | None = None  # why the file could not be read: it is never saved over


    @classmethod
    def from_json(cls, data: Any) -> Settings:
        return cls.checked(data)[0]

    @classmethod
    def checked(cls, data: Any) -> tuple[Settings, list[str]]:
        """The settings in ``data`` and the names of those whose value can't be used (they keep the default)."""
        if not isinstance(data, dict):
            raise DataError("settings are not an object")
        out = cls()
        names = {f.name for f in fields(cls)}
        out.unknown = {k: v for k, v in data.items() if k not in names}
        bad = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name in FREE_FORM:
                if FREE_FORM[f.name](value):
                    setattr(out, f.name, value)
                else:
                    bad.append(f.name)
                continue
            allowed = CHOICES[f.name]
            # bool is an int in Python: a flag must be a real bool, a number a real number
            if any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in allowed):
                setattr(out, f.name, value)
            else:
                bad.append(f.name)
        return out, bad

    @classmethod
    def load(cls, data_dir: Path) -> tuple[Settings, str | None]:
        """The saved settings (or defaults) and a problem to tell the player, if any."""
        path = data_dir / "settings.json"
        value, problem = read_json(path, "settings", cls.checked)
        if value is None:
            settings = cls()
            if left_in_place(path, problem):  # unreadable: defaults in memory, and the file is never saved over
                settings.kept_file = "your settings file could not be read"
            return settings, problem
        settings, bad = value
        if not bad:
            return settings, None
        shown = ", ".join(name.replace("_", " ") for name in bad)
        try:
            moved = set_aside(path)
            settings.save(data_dir)
        except OSError:
            return settings, f"Your settings file has values the game can't use ({shown}); those settings are back to their defaults."
        return settings, (f"Your settings file had values the game can't use ({shown}); it was kept as {moved.name} "
                          "and those settings are back to their defaults.")

    def save(self, data_dir: Path) -> None:
        """Write the settings (with any a newer version added); :class:`KeptFileError` if the file was unreadable."""
        if self.kept_file is not None:
            raise KeptFileError(errno.EACCES, self.kept_file, str(data_dir / "settings.json"))
        write_json(data_dir / "settings.json", {**self.unknown, **asdict(self)})

    def cycle(self, name: str, step: int = 1) -> None:
        """Move setting ``name`` to its next (or previous) allowed value."""
        allowed = CHOICES[name]
        current = getattr(self, name)
        i = allowed.index(current) if current in allowed else 0
        if name == "volume":
            i = max(0, min(len(allowed) - 1, i + step))  # volume stops at the ends
        else:
            i = (i + step) % len(allowed)
        setattr(self, name, allowed[i])
        if name == "tips_seen" and not self.tips_seen:
            self.tips_closed = []  # tips back on: every game's tip shows again

    def shows_tip(self, game_id: str) -> bool:
        """Whether ``game_id``'s first-game tip is still to show (tips on, and that game's not yet closed)."""
        return not self.tips_seen and game_id not in self.tips_closed

    def close_tip(self, game_id: str) -> None:
        """``game_id``'s first-game tip was closed: it doesn't show again."""
        if game_id not in self.tips_closed:
            self.tips_closed = [*self.tips_closed, game_id]

    def lights_matches(self, levels: list[str | None]) -> bool:
        """Whether possible matches glow in the hand at a table whose bots have ``levels``."""
        return self.light_matches == "on" or (self.light_matches == "apprentice" and "apprentice" in levels)

    @property
    def anim_factor(self) -> float:
        return ANIM_SPEEDS[self.animation_speed]

    @property
    def think_ms(self) -> int:
        return round(self.master_think * 1000)

    @property
    def card_scale(self) -> float:
        return CARD_SIZES[self.card_size]
