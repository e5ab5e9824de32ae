"""The collection's games, registered in one table: :data:`GAMES`.

Menus, saves, statistics, the arena, the bench and the headless modes all read
this table; nothing else in the app names a game.  Adding a game means adding
its rules module (``engine/``), its bots (``ai/``), its table (``game/tables/``)
and its rules pages, then one :class:`GameInfo` here.  Parts outside the engine
are named by import path (``"module:attribute"``) so the engine never imports
pygame or the AI.  A game is listed in the app only when ``playable``: whole,
with its table, bots and rules pages.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Mapping

from .core import EDITION, Level, Option, resolve_options
from .envelope import RecordError, parse_format, shown
from .ratscrew.house import OPTIONS as RATSCREW_OPTIONS


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything the app and the tools need to know of one game."""

    id: str
    title: str
    blurb: str
    min_seats: int
    max_seats: int
    rules_module: str  # import path of the engine module (new_game, action codec)
    record_format: str  # the name in records' "format": "<name>/<version>"
    record_version: int = 1
    record_class: str = "engine.envelope:GameRecord"
    realtime: bool = False  # everyone may act at any moment; actions carry times
    lower_wins: bool = False  # lowest score wins (Scamper)
    levels: tuple[Level, ...] = ()
    default_level: str = ""
    bots: str = ""  # "module:function" making a bot: f(level, seed=None, **settings)
    table: str = ""  # "module:Class" of its table scene
    rules_pages: str = ""  # "module:attribute" of its in-game rules pages
    arena: str = ""  # "module:attribute" of its ai.arenakit.GameArena, run by ``python -m ai.arena --game ID ...``
    bench: str = ""  # "module:main" run by ``python -m engine.bench --game ID ...``
    tools: str = ""  # module of its table's headless modes: selftest, resume_selftest, screenshots, bench, monkey
    options: tuple[Option, ...] = ()
    default_seats: int = 2
    stats: tuple[str, ...] = ()  # extra per-level statistics the game keeps, beyond games/wins
    playable: bool = False
    hidden_hands: bool = True  # hot-seat needs the pass-device screen between human turns
    sim_options: tuple[tuple[str, Any], ...] = ()  # options for the random-simulation test, if the defaults run too long
    seat_actions: tuple[tuple[str, str], ...] = ()  # real-time games: (action id, label) each human seat has a key for
    score_columns: tuple[str, str] = ("Best score", "Average score")  # the statistics' best and average, in its words
    result_columns: tuple[str, str, str, str] = ("Played", "Won", "Shared", "Lost")  # its statistics' counts, in its words
    longest_ms: int | None = None  # a game's length limit where its timers could run on for ever: no record claims more
    script: str = ""  # module of its ``python -m engine.script`` hooks (default: the rules module)
    most_actions: int = 30_000  # no record of the game holds more actions (far past any real game; loading stays quick)
    trial_seats: tuple[str, ...] = ()  # an all-AI table for headless trials (durability): its bots' levels ...
    trial_options: tuple[tuple[str, Any], ...] = ()  # ... and options short enough that games end often
    who_starts: bool = False  # the New game screen asks who starts; its record class has new(players, seed, first_player)
    local_only: tuple[str, ...] = ()  # options a network game doesn't carry (the host plays their defaults)
    won_means: str = ""  # what its statistics count as Won, where that is not plain (shown under them)
    score_unit: str = "points"  # what a record's scores count (the Replays list: "points: Ann 32,  Bob 8")
    end_words: str = ""  # "module:function": a finished game's state in words for the Replays list (None: who won)

    @property
    def format(self) -> str:
        return f"{self.record_format}/{self.record_version}"

    def rules(self) -> Any:
        """The rules module (new_game, action_to_json, action_from_json, describe_action)."""
        return importlib.import_module(self.rules_module)

    def record_type(self) -> Any:
        return load(self.record_class)

    @property
    def menu_options(self) -> tuple[Option, ...]:
        """The options a player chooses on the New game screen: all but the rules edition, which only
        records carry (a new game is always dealt under the current rules)."""
        return tuple(option for option in self.options if option.key != EDITION)

    @property
    def network_options(self) -> tuple[Option, ...]:
        """The options the Host screen offers: the New game screen's less those only a local game carries."""
        return tuple(option for option in self.menu_options if option.key not in self.local_only)

    def offered(self, values: Mapping[str, Any], network: bool = False) -> tuple[Option, ...]:
        """The New game (or Host) screen's options that apply with the others at ``values``."""
        return tuple(o for o in (self.network_options if network else self.menu_options) if o.applies(values))

    def resolve_options(self, given: Mapping[str, Any] | tuple[tuple[str, Any], ...] | None = None) -> dict[str, Any]:
        """Every option's value, defaults filled in; ``ValueError`` on an unknown key or bad value."""
        return resolve_options(self.options, dict(given or {}))

    def level(self, level_id: str) -> Level:
        for lv in self.levels:
            if lv.id == level_id:
                return lv
        raise ValueError(f"{self.title} has no AI level {level_id!r}: choose one of {', '.join(lv.id for lv in self.levels)}")

    def make_bot(self, level: str, seed: int | None = None, **settings: Any) -> Any:
        self.level(level)
        return load(self.bots)(level, seed=seed, **settings)


def load(path: str) -> Any:
    """The object named ``"package.module:attribute"``."""
    module_name, _, attr = path.partition(":")
    module: ModuleType = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


_SPRINT_LEVELS = (
    Level("apprentice", "Apprentice", "Draws and discards at random and lays whatever it spots. Good for learning the rules."),
    Level("standard", "Standard", "Takes the discard only to complete a match, lays everything, sheds its highest cards."),
    Level("strategist", "Strategist", "Counts the cards that are gone, holds a high pair a turn to grow it and won't feed you useful cards."),
    Level("master", "Master", "Plays like the Strategist but lays pairs at once; near the end it imagines the hidden cards many ways and plays each move out.", thinks=True),
)

def _matched_levels(calls: str) -> tuple[Level, ...]:
    """The race games' Matched levels: a bot that learns how fast you are and races you at a chosen rate."""
    share = (("gentle", "Gentle", "a third"), ("even", "Even", "half"), ("tough", "Tough", "two in three"))
    return tuple(Level(f"matched-{key}", f"Matched ({name})",
                       f"Learns your speed, game after game, and wins about {part} of the {calls} you both go for; "
                       f"it misses and slips like a person.")
                 for key, name, part in share)


_RATSCREW_LEVELS = (
    Level("easy", "Easy", "Slow to see a snap, misses a few and sometimes snaps at nothing (and is barred for it)."),
    Level("medium", "Medium", "Sees most snaps at a steady human pace; rarely snaps wrongly."),
    Level("hard", "Hard", "Quick and rarely wrong: a sandwich deep in the stack still takes it a moment."),
    Level("custom", "Custom", "You set how fast it reacts; misses and wrong snaps follow from its speed."),
    *_matched_levels("snaps"),
)


_SNAP_LEVELS = (
    Level("easy", "Easy", "Slow to spot a match, misses some and now and then calls Snap! at nothing."),
    Level("medium", "Medium", "About as quick as a grown-up paying attention; rarely wrong."),
    Level("hard", "Hard", "Sharp reflexes, hardly ever misses, almost never calls wrongly."),
    Level("custom", "Custom", "You set how fast it reacts; misses and mistakes follow from its speed."),
    *_matched_levels("calls"),
)


SPRINT_OPTIONS = (
    Option("match", "Rounds", ((1, "One round"), (3, "3 rounds"), (5, "5 rounds")), 1,
           "Several rounds with a running score sheet: the highest total after the last round wins the game."),
)
"""Sprint's options: a match of several rounds (the table and its end screen keep the sheet)."""


def _snap_options() -> tuple[Option, ...]:
    from .snap import OPTIONS

    return OPTIONS


def _snap_longest() -> int:
    from .snap.game import LONGEST_GAME_MS

    return LONGEST_GAME_MS


_DOUBLE_LEVELS = (
    Level("easy", "Easy", "Plays the weakest thing that beats yours, and passes when nothing does."),
    Level("standard", "Standard", "Keeps its stairs and runs whole: it won't break one up to answer a small play."),
    Level("hard", "Hard", "Plans its hand to need the fewest plays; with huge hands it counts what you can still answer and passes when that is cheaper."),
)


def _double_or_nothing() -> GameInfo:
    from .double_or_nothing import OPTIONS

    return GameInfo(
        "double-or-nothing", "Double or Nothing",
        "Win a game and everything doubles; lose once and the run is over.",
        2, 2, "engine.double_or_nothing", "double-or-nothing",
        levels=_DOUBLE_LEVELS, default_level="standard", bots="ai.double_or_nothing:make_bot",
        rules_pages="game.rules.double_or_nothing:DOUBLE_OR_NOTHING_RULES",
        arena="ai.double_or_nothing.arena:ARENA", bench="engine.double_or_nothing.bench:main",
        options=OPTIONS, stats=("runs", "runs_cleared", "best_game", "upgrades_picked"), sim_options=(("mode", "duel"),),
        won_means="Runs cleared: runs whose 32 games were all won. A run that ends at a lost game counts as lost, "
                  "even after games won: its games won and best game show how far it went.",
        score_columns=("Most games won", "Average games won"), score_unit="games won",
        result_columns=("Duels and runs", "Duels won, runs cleared", "Shared", "Duels and runs lost"),
        end_words="engine.double_or_nothing:end_words",
        trial_seats=("hard", "standard"), trial_options=(("mode", "duel"),),
        most_actions=100_000,  # a whole run, game after game
        script="engine.double_or_nothing.script",
        table="game.tables.double_or_nothing.table:DoubleTable", tools="game.tables.double_or_nothing.tools", playable=True,
    )


_SCAMPER_LEVELS = (
    Level("easy", "Easy", "Draws blind, lays its contract the moment it can and discards at random. Good for learning."),
    Level("standard", "Standard", "Takes the discard only to complete a match, lays everything, sheds its highest cards."),
    Level("hard", "Hard", "Also weighs every discard, won't feed the next player, lays down to keep least in hand, takes your wilds, "
          "and early in a round may hold its contract while nobody else is down."),
)


def _scamper_options() -> tuple[Option, ...]:
    from .scamper.table import OPTIONS

    return OPTIONS


VERSIONED = "engine.versions:VersionedRecord"
"""The record class of games whose rules changed since records were first made (see :mod:`engine.versions`)."""

GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            "sprint", "Sprint, Snap, Score",
            "A quick rummy: lay sets and runs, draw replacements, score big matches.",
            2, 5, "engine.sprint", "sprint-snap-score",
            record_class="engine.sprint.records:Record", script="engine.sprint.script",
            trial_seats=("standard", "apprentice"),
            levels=_SPRINT_LEVELS, default_level="standard", bots="ai.sprint:make_bot",
            table="game.tables.sprint.table:SprintTable", rules_pages="game.rules.sprint:SPRINT_RULES",
            arena="ai.sprint.arena:ARENA", bench="engine.sprint.bench:main", tools="game.tables.sprint.tools",
            playable=True, options=SPRINT_OPTIONS, who_starts=True, local_only=("match",),
        ),
        GameInfo(
            "snap", "Snap",
            "Flip, watch, and shout Snap! first when two face-up cards match. Reflexes win.",
            2, 6, "engine.snap", "snap", record_class=VERSIONED,
            realtime=True, levels=_SNAP_LEVELS, default_level="medium", bots="ai.snap:make_bot",
            table="game.tables.snap.table:SnapTable", tools="game.tables.snap.tools", playable=True,
            rules_pages="game.rules.snap:SNAP_RULES", arena="ai.snap.arena:ARENA", bench="engine.snap.bench:main",
            options=_snap_options(), default_seats=3, longest_ms=_snap_longest(), most_actions=20_000,
            stats=("fastest_snap_ms", "average_snap_ms", "false_calls"), hidden_hands=False,
            score_columns=("Most cards at the end", "Average cards at the end"), score_unit="cards",
            trial_seats=("hard", "medium", "easy"), trial_options=(("time_limit", 3),),
            sim_options=(("time_limit", 3),),
            seat_actions=(("flip", "Flip"), ("snap", "Snap!"), ("snap-pot", "Snap Pot!")),
        ),
        GameInfo(
            "ratscrew", "Celtic-Egyptian Ratscrew",
            "Lay in turn, hear the call, and snap the stack first: pairs, sandwiches, the dark queen, counting out.",
            2, 6, "engine.ratscrew", "ratscrew", record_class=VERSIONED,
            realtime=True, levels=_RATSCREW_LEVELS, default_level="medium", bots="ai.ratscrew:make_bot",
            rules_pages="game.rules.ratscrew:RATSCREW_RULES", arena="ai.ratscrew.arena:ARENA",
            bench="engine.ratscrew.bench:main", table="game.tables.ratscrew.table:RatscrewTable",
            tools="game.tables.ratscrew.tools",
            options=RATSCREW_OPTIONS, default_seats=3,
            stats=("snaps_calling_out", "snaps_standard", "snaps_sandwich", "snaps_dark_queen", "snaps_counting_out",
                   "wrong_snaps", "fastest_snap_ms"),
            hidden_hands=False, seat_actions=(("lay", "Lay"), ("snap", "Snap!")), playable=True, most_actions=20_000,
            score_columns=("Most cards at the end", "Average cards at the end"), score_unit="cards",
            trial_seats=("hard", "medium", "easy"),
        ),
        GameInfo(
            "scamper", "Scamper Sets N' Runs",
            "Ten rounds of contracts: lay the sets and runs each round asks for, wilds and all. Lowest total wins.",
            2, 10, "engine.scamper", "scamper", record_class=VERSIONED,
            lower_wins=True,
            levels=_SCAMPER_LEVELS, default_level="standard", bots="ai.scamper:make_bot",
            rules_pages="game.rules.scamper:SCAMPER_RULES",
            arena="ai.scamper.arena:ARENA", bench="engine.scamper.bench:main",
            options=_scamper_options(), default_seats=4,
            sim_options=(("rounds", 1), ("stock_out", "reshuffle")),
            table="game.tables.scamper.table:ScamperTable", tools="game.tables.scamper.tools", script="engine.scamper.script",
            stats=("rounds_out",), playable=True, score_columns=("Lowest total", "Average total"),
            trial_seats=("standard", "easy", "easy"), trial_options=(("rounds", 2),),
        ),
        _double_or_nothing(),
    )
}

DEFAULT_GAME = "sprint"
PRE_COLLECTION_GAME = "sprint"
"""The game whose save, statistics and history lay in the data folder's root before the collection (moved into its folder)."""
COLLECTION_TITLE = "The Card Room"
"""The collection's name: the window's title and the title screen's (Sprint, Snap, Score is one of its games)."""


def game_info(game_id: str) -> GameInfo:
    """The registered game ``game_id``; ``ValueError`` naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}: choose one of {', '.join(GAMES)}") from None


def playable_games() -> list[GameInfo]:
    return [info for info in GAMES.values() if info.playable]


def run_tool(tool: str, prog: str, argv: list[str] | None) -> int | None:
    """Hand ``argv`` to the game named by ``--game ID`` (default Sprint): its ``bench``.

    ``python -m engine.bench --game scamper --seconds 5`` runs Scamper's bench
    with ``--seconds 5``.  Returns what that ``main`` returned.
    """
    import argparse
    import sys

    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog=prog, add_help=False)
    parser.add_argument("--game", default=DEFAULT_GAME)
    known, rest = parser.parse_known_args(argv)
    if "--game" in argv or any(a.startswith("--game=") for a in argv):
        if known.game not in GAMES:
            print(f"{prog}: error: unknown game {known.game!r}: choose one of {', '.join(GAMES)}", file=sys.stderr)
            return 2
    path = getattr(game_info(known.game) if known.game in GAMES else GAMES[DEFAULT_GAME], tool)
    if not path:
        print(f"{prog}: error: {known.game} has no {tool} yet", file=sys.stderr)
        return 2
    result: int | None = load(path)(rest)
    return result


def info_for_format(value: Any) -> GameInfo:
    """The game whose records carry ``format`` = ``value``; :class:`RecordError` if none reads it."""
    name, version = parse_format(value)
    for info in GAMES.values():
        if info.record_format == name:
            if version > info.record_version:
                raise RecordError(f"format: {value} comes from a newer version of the game; this one reads {info.format}")
            if version != info.record_version:
                raise RecordError(f"format: {value} is not a version this game reads ({info.format})")
            return info
    raise RecordError(f"format: {shown(value)} is not a record of any game in this collection")


def is_newer_format(value: Any) -> bool:
    """Whether ``value`` names a later version of a registered game's records (a newer app wrote it)."""
    try:
        name, version = parse_format(value)
    except RecordError:
        return False
    return any(info.record_format == name and version > info.record_version for info in GAMES.values())


def load_record(text: str | bytes, levels: bool = False) -> Any:
    """Any game's record from its JSON text; raises :class:`RecordError` saying what is wrong.

    ``levels``: the app's check that every AI seat has one of the game's levels (see :func:`load_record_data`).
    """
    from .envelope import decode_json

    return load_record_data(decode_json(text), levels)


def load_record_data(data: Any, levels: bool = False) -> Any:
    """Any game's record from its decoded JSON; :class:`RecordError`.

    ``levels``: its AI seats' levels must be the game's own (:func:`check_levels`), as the app needs to
    seat them; the arena and the tests may name their own bots (Double or Nothing's "runner").
    """
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    info = info_for_format(data.get("format"))
    try:
        record = info.record_type().from_json(data, info)
    except RecursionError:  # a value nested about as deep as the JSON reader allows, met while naming it
        raise RecordError("a value in the record is nested too deeply") from None
    if levels:
        check_levels(info, record.players)
    return record


def check_levels(info: GameInfo, players: Any) -> None:
    """Every AI seat's level must be one of ``info``'s (the app can't seat another); :class:`RecordError`."""
    known = [lv.id for lv in info.levels]
    for i, p in enumerate(players):
        if p.kind == "ai" and p.level not in known:
            raise RecordError(f"players[{i}].level: {info.title} has no AI level {shown(p.level)}; "
                              f"its levels are {', '.join(known)}")


__all__ = ["GameInfo", "GAMES", "DEFAULT_GAME", "PRE_COLLECTION_GAME", "game_info", "playable_games", "info_for_format", "load_record", "load_record_data", "check_levels", "load", "run_tool", "is_newer_format"]
