"""Statistics: games played, won, shared and lost, per game and per opponent level.

A game against AI opponents counts for the human under the strongest AI level at
the table ("standard", "master"...; the game's own levels, weakest first).  A
game won by the lowest score (Scamper) keeps its lowest score as the best.
Games may keep counts of their own per line (``extra``: snaps by rule, false
calls; a key starting ``fastest`` keeps the smallest value, one starting ``best`` the largest, one
starting ``average`` a running mean, others add up).  A hot-seat round (two or more humans) counts
separately, for each human by name.  Rounds with no human (autoplay) don't count.

The table lives in ``stats.json`` (:func:`load_statistics`, :func:`save_statistics`).
A file from a newer version of the game (a later ``version``) is never read, moved
or overwritten: this version keeps its own in ``stats-v1.json`` beside it, as
saves do.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Sequence

from ai.matched import ReactionProfile
from game.shell.storage import NEWER, DataError, NewerFileError, describe_os_error, left_in_place, read_json, write_json

LEVEL_ORDER = ("apprentice", "standard", "strategist", "master")
HOTSEAT = "hotseat"
STATS_NAME = "stats.json"
SIDE_STATS_NAME = "stats-v1.json"  # ours, while stats.json belongs to a newer version of the game
VERSION = 1
MAX_KEY_LENGTH = 200
"""Game ids and line keys are short (a level, or ``hotseat:`` and a name); a longer one is not ours."""
SIGNED = ("best", "total")
"""A score can be negative, so its best and its total can be too; every other field is a count."""


@dataclass
class StatLine:
    """One line of the statistics table."""

    played: int = 0
    won: int = 0
    shared: int = 0
    lost: int = 0
    best: int | None = None
    total: int = 0
    streak: int = 0
    longest_streak: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    def add(self, score: int, outcome: str, lower_wins: bool = False, extra: dict[str, int] | None = None) -> None:
        """Count one game: ``outcome`` is "won", "shared" or "lost"."""
        self.played += 1
        self.total += score
        better = min if lower_wins else max
        self.best = score if self.best is None else better(self.best, score)
        for key, value in (extra or {}).items():
            if key.startswith("fastest"):
                self.extra[key] = value if key not in self.extra else min(self.extra[key], value)
            elif key.startswith("best"):
                self.extra[key] = value if key not in self.extra else max(self.extra[key], value)
            elif key.startswith("average"):  # a running mean over the games that had one (sum and count kept beside it)
                total = self.extra.get(f"{key}.sum", 0) + value
                count = self.extra.get(f"{key}.n", 0) + 1
                self.extra[f"{key}.sum"], self.extra[f"{key}.n"] = total, count
                self.extra[key] = round(total / count)
            else:
                self.extra[key] = self.extra.get(key, 0) + value
        if outcome == "won":
            self.won += 1
            self.streak += 1
            self.longest_streak = max(self.longest_streak, self.streak)
        else:
            setattr(self, outcome, getattr(self, outcome) + 1)
            self.streak = 0

    @classmethod
    def from_json(cls, data: Any) -> StatLine:
        if not isinstance(data, dict):
            raise DataError("a statistics line is not an object")
        values: dict[str, Any] = {}
        extra = data.get("extra", {})
        if not isinstance(extra, dict) or len(extra) > 50 or not all(
                isinstance(k, str) and len(k) <= 60 and isinstance(v, int) and not isinstance(v, bool) for k, v in extra.items()):
            raise DataError("extra is not a small table of whole numbers")
        values["extra"] = dict(extra)
        for f in fields(cls):
            if f.name == "extra":
                continue
            value = data.get(f.name, f.default)
            if value is None and f.name == "best":
                values[f.name] = None
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise DataError(f"{f.name} is not a whole number")
            if f.name not in SIGNED and value < 0:
                raise DataError(f"{f.name} is not a count")
            values[f.name] = value
        record = cls(**values)
        if record.won + record.shared + record.lost != record.played:
            raise DataError("won, shared and lost do not add up to played")
        return record


@dataclass
class Statistics:
    """``games[game_id][key]`` is a :class:`StatLine`; key is a level or ``hotseat:<name>``.

    ``profiles[name]`` is what the race games' Matched bots learned of that
    player's reactions (:class:`ai.matched.ReactionProfile`), kept across games
    and forgotten from Settings; a file without them (an older one) has none.
    """

    games: dict[str, dict[str, StatLine]] = field(default_factory=dict)
    profiles: dict[str, ReactionProfile] = field(default_factory=dict)

    def line(self, game: str, key: str) -> StatLine:
        return self.games.setdefault(game, {}).setdefault(key, StatLine())

    def count_round(self, game: str, seats: Sequence[tuple[str, str, str | None]], scores: Sequence[int],
                    placings: Sequence[int] | None = None, lower_wins: bool = False,
                    levels: Sequence[str] = LEVEL_ORDER, extra: Sequence[dict[str, int]] | None = None) -> list[str]:
        """Count a finished game; ``seats`` are ``(name, kind, level)``.  Returns the keys updated.

        ``placings`` (1 = first, shared places equal) say who won; without them the
        best score wins (the lowest when ``lower_wins``).  ``levels`` are the game's,
        weakest first; ``extra`` holds each seat's own counts.
        """
        humans = [i for i, (_, kind, _) in enumerate(seats) if kind == "human"]
        if not humans:
            return []
        if placings is None:
            best = min(scores) if lower_wins else max(scores)
            placings = [1 if s == best else 2 for s in scores]
        winners = [i for i, place in enumerate(placings) if place == 1]

        def outcome(i: int) -> str:
            if i not in winners:
                return "lost"
            return "won" if len(winners) == 1 else "shared"

        def count(key: str, i: int) -> None:
            self.line(game, key).add(scores[i], outcome(i), lower_wins, extra[i] if extra else None)

        if len(humans) >= 2:
            keys = []
            for i in humans:
                key = f"{HOTSEAT}:{seats[i][0]}"
                count(key, i)
                keys.append(key)
            return keys
        ais = [lvl for _, kind, lvl in seats if kind == "ai" and lvl]
        key = max(ais, key=lambda lvl: list(levels).index(lvl) if lvl in levels else -1)
        count(key, humans[0])
        return [key]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": VERSION,
                               "games": {g: {k: asdict(r) for k, r in lines.items()} for g, lines in self.games.items()}}
        if self.profiles:
            out["profiles"] = {name: p.to_json() for name, p in self.profiles.items()}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Statistics:
        version = data.get("version") if isinstance(data, dict) else None
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise NewerFileError(f"statistics version {version}")
        if not isinstance(data, dict) or version != VERSION or not isinstance(data.get("games"), dict):
            raise DataError("not a version-1 statistics file")
        games = {}
        for game, lines in data["games"].items():
            if not isinstance(lines, dict):
                raise DataError("a game's statistics are not a table of lines")
            if len(game) > MAX_KEY_LENGTH or any(len(key) > MAX_KEY_LENGTH for key in lines):
                raise DataError("a name in it is far too long")
            games[game] = {key: StatLine.from_json(value) for key, value in lines.items()}
        return cls(games, _profiles(data.get("profiles", {})))


def _profiles(data: Any) -> dict[str, ReactionProfile]:
    """The Matched bots' profiles from a file: name -> profile."""
    if not isinstance(data, dict) or any(not isinstance(k, str) or len(k) > MAX_KEY_LENGTH for k in data):
        raise DataError("the reaction profiles are not a table of names")
    try:
        return {name: ReactionProfile.from_json(value) for name, value in data.items()}
    except ValueError as exc:
        raise DataError(str(exc)) from None


def load_statistics(data_dir: Path) -> tuple[Statistics, Path | None, str | None]:
    """The statistics (or an empty table), the file to save them to, and a problem to tell the player.

    The file is None when ``stats.json`` is there but can't be read: it is never saved over.
    """
    main = Path(data_dir) / STATS_NAME
    side = main.with_name(SIDE_STATS_NAME)
    stats, problem = read_json(main, "statistics", Statistics.from_json, fallback="the statistics start from zero")
    if stats is None and left_in_place(main, problem) and NEWER not in (problem or ""):
        return Statistics(), None, problem  # unreadable: counted in memory only, never saved over
    if stats is not None or problem is None:
        if stats is None and side.exists():  # the newer version's file is gone: ours takes the usual name again
            stats, problem = read_json(side, "statistics", Statistics.from_json, fallback="the statistics start from zero")
            if stats is not None and save_statistics(stats, main) is None:
                side.unlink(missing_ok=True)
                return stats, main, problem
            return stats or Statistics(), side, problem
        return stats or Statistics(), main, problem
    if NEWER not in problem:
        return Statistics(), main, problem
    ours, side_problem = read_json(side, "statistics", Statistics.from_json, fallback="the statistics start from zero")
    told = f"{problem} This version keeps its own statistics beside it, in {SIDE_STATS_NAME}."
    return ours or Statistics(), side, " ".join(p for p in (told, side_problem) if p)


def save_statistics(stats: Statistics, path: Path | None) -> str | None:
    """Write ``stats`` to ``path``; None, or what went wrong in a player's words (no path: the file is kept as it is)."""
    if path is None:
        return ("Statistics are kept until you quit but not saved: your statistics file could not be read, "
                "so the game does not save over it.")
    try:
        write_json(path, stats.to_json())
    except OSError as exc:
        return f"Statistics could not be saved: {describe_os_error(exc)}."
    return None
