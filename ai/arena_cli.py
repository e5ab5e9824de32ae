"""The one arena command line for every game:

    python -m ai.arena --game ID --players A,B[,..] --games N --seed S [--duplicate] [--record-dir DIR] [--jobs N] --json

prints one JSON report with, for every game: ``game``, ``levels`` (the
``--players`` names in order), ``score_share``, ``ci95_deal``, ``margin``
(with ``margin_ci95_deal``), ``wins``, ``ties``, ``deals``, ``behaviours``,
``decision_ms`` and ``seed``/``duplicate``, plus the game's own fields (see
:mod:`ai.arenakit` for the seating and :mod:`ai.stats` for the figures).  A
game's own studies stay as extra flags (``--help`` with ``--game ID`` lists
them).  Without ``--game`` it is Sprint's arena, as it always was.

A game's older flags (Scamper's ``--deals``, Double or Nothing's ``--duels``)
and the old entry points (``python -m ai.snap_arena`` ...) still run the old
command for one release, with a notice on stderr giving the new form.
"""

from __future__ import annotations

import argparse
import json
import sys
from engine.games import DEFAULT_GAME, GAMES, game_info, load

from .arenakit import GameArena

PROG = "python -m ai.arena"


def arena_of(game_id: str) -> GameArena:
    """The registered arena of a game; ``ValueError`` if it has none."""
    info = game_info(game_id)
    if not info.arena:
        raise ValueError(f"{info.title} has no arena yet")
    arena: GameArena = load(info.arena)
    return arena


def notice(old: str, new: str) -> None:
    """Tell stderr that ``old`` is going and what to type instead."""
    print(f"note: {old} is the old form and goes in the next release; the new form is: {new}", file=sys.stderr)


def old_entry(game_id: str, argv: list[str] | None = None) -> int:
    """``python -m ai.<game>_arena ...``: the old command of a game, with a notice."""
    args = list(sys.argv[1:] if argv is None else argv)
    arena = arena_of(game_id)
    assert arena.old_main is not None
    new = arena.new_form(args) if arena.new_form else f"{PROG} --game {game_id} {' '.join(args)}"
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)  # the command typed: ai.snap_arena, ...
    notice(f"python -m {spec.name if argv is None and spec is not None else arena.old_main.__module__}", new)
    return arena.old_main(args)


def parser_for(game_id: str, arena: GameArena) -> argparse.ArgumentParser:
    info = game_info(game_id)
    levels = ", ".join(lv.id for lv in info.levels)
    parser = argparse.ArgumentParser(
        prog=f"{PROG} --game {game_id}",
        description=f"Play {info.title} bots against each other headless and report how they did (one JSON object).",
        epilog=(
            "Seating: player j sits at seat j and the first seat rotates. With --duplicate every deal is played once "
            "per seat rotation, so each player holds every hand; --games is then rounded up to a multiple of the "
            "number of players. score_share counts a win as 1 and a k-way shared win as 1/k; ci95_deal is its 95% "
            "interval over deals (each deal's games averaged first); margin is the mean points per game ahead of "
            "the others (fewer points are ahead where the lowest score wins)."
        ),
    )
    parser.add_argument("--game", default=game_id, help=f"the game: {', '.join(GAMES)} (default {DEFAULT_GAME})")
    need = arena.default_players is None
    parser.add_argument("--players", required=need, default=arena.default_players,
                        help=f"{info.min_seats}-{info.max_seats} comma-separated levels from: {levels}"
                             + ("" if need else f" (default {arena.default_players})"))
    parser.add_argument("--games", type=int, default=arena.default_games,
                        help=f"{arena.games_help} (default {arena.default_games})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    parser.add_argument("--duplicate", action="store_true", help="play each deal once per seat rotation")
    parser.add_argument("--record-dir", help="write every game's record in this folder (python -m game --replay FILE plays one)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    arena.add_flags(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """``python -m ai.arena [--game ID] ...``: the arena of that game (default Sprint)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    pre = argparse.ArgumentParser(prog=PROG, add_help=False)
    pre.add_argument("--game", default=DEFAULT_GAME)
    game_id = pre.parse_known_args(argv)[0].game
    try:
        arena = arena_of(game_id)
    except ValueError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    old = [flag for flag in arena.old_flags if any(a == flag or a.startswith(flag + "=") for a in argv)]
    rest = _without_game(argv)
    asks_help = any(a in ("-h", "--help") for a in rest)
    if (old or (arena.is_old(rest) and not asks_help)) and arena.old_main is not None:
        what = f"{old[0]}" if old else f"{PROG} --game {game_id} {' '.join(rest)}".strip()
        notice(what, arena.new_form(rest) if arena.new_form else f"{PROG} --game {game_id} ...")
        return arena.old_main(rest)
    parser = parser_for(game_id, arena)
    args = parser.parse_args(argv)
    info = game_info(game_id)
    args.players = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    if not info.min_seats <= len(args.players) <= info.max_seats:
        parser.error(f"--players: {info.title} seats {info.min_seats} to {info.max_seats} players, not {len(args.players)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    problem = arena.check(args)
    if problem:
        parser.error(problem)
    try:
        report = arena.run(args)
    except ValueError as exc:
        parser.error(str(exc))
    report = {"game": game_id, "levels": list(args.players), **report, "seed": args.seed, "duplicate": args.duplicate}
    if args.json or arena.print_text is None:
        print(json.dumps(report))
    else:
        arena.print_text(report)
    return 0


def _without_game(argv: list[str]) -> list[str]:
    """``argv`` without its ``--game ID``."""
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a == "--game":
            skip = True
        elif not a.startswith("--game="):
            out.append(a)
    return out


def report_keys() -> tuple[str, ...]:
    """The keys every game's report has."""
    return ("game", "levels", "games", "wins", "ties", "score_share", "deals", "ci95_deal", "margin",
            "margin_ci95_deal", "behaviours", "decision_ms", "seed", "duplicate")
