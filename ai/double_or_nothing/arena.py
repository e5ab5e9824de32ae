"""The Double or Nothing arena: levels against each other, runs, and what each upgrade is worth.

    python -m ai.arena --game double-or-nothing --players hard,standard --games 400 --duplicate --game-number 1 \
        [--studies duels,runs,upgrades --runs 100 ...] --json

The one arena (:mod:`ai.arena_cli`) plays ``--games`` Duels of ``--players``
at ``--game-number`` (one game is one Duel; ``median_actions`` its length) and
adds the studies named by ``--studies``; the duels study then plays ``--games``
per pair of levels.  The old form (no ``--players`` or ``--games``, or
``--duels N``: the same as ``--games 2N``) runs one more release with a notice.

Four studies, all seeded, printed as one JSON object:

* ``duels``: each level against the one below, Duels at ``--game-number``.
  Every seed is played twice with the seats swapped; ``win_rate`` is the
  upper level's, with the Wilson 95% interval.
* ``runs``: the Runner bot (plays like Hard, picks upgrades by its ranking)
  climbs against ``--opponent`` with upgrades and without, up to
  ``--max-game``.  ``per_game`` gives, for each game number, the games played
  there and the share won; ``picked`` how often each upgrade was taken and the
  share of games won while holding it.
* ``upgrades``: the runner starts game ``--upgrade-game`` holding one upgrade
  (fresh decks on both sides) against ``--opponent``, on the same seeds as a
  runner holding none; ``delta`` is the change in its win rate and ``verdict``
  reads it: ``too strong`` (+0.15 or more), ``useless`` (within 0.03 of the
  baseline), ``harmful`` (-0.05 or less), else ``fair``.  ``--upgrades`` names
  the upgrades to study (default: all); each one's games are the same whichever
  others are studied with it.
* ``lengths``: how many actions (plays and passes) a Duel takes at each of
  ``--length-games``, per pairing of ``--pairings`` (``hint`` is the table's
  Hint playing a seat); ``median``, ``mean`` and ``p90`` of actions, the
  median number of hands, and ``unfinished``: Duels stopped at
  ``--max-actions``.  ``ratio`` is each game number's median over game 1's
  (issue 23: a game at 20+ should take at most twice game 1's actions).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
from functools import partial
from typing import Any, Callable, Sequence

from engine.double_or_nothing import Held, Mode, Run
from engine.double_or_nothing.events import GameWon, SecondWind
from engine.double_or_nothing.run import MAX_GAME
from engine.double_or_nothing.upgrades import RULES, UPGRADES

from engine.envelope import GameRecord
from engine.games import game_info

from ..arenakit import GameArena, GameResult, Seating, ai_players, play_all, play_turns, result_of, save_record, seatings
from ..arenakit import summarize
from ..stats import wilson
from . import LEVELS, make_bot, make_runner
from .bots import Bot
from .hints import hint

Task = tuple[str, tuple[Any, ...]]


def play_duel(upper: str, lower: str, game: int, seed: int, upper_seat: int) -> bool:
    """One Duel; whether ``upper`` won."""
    bots: dict[int, Bot] = {upper_seat: make_bot(upper, seed=seed * 2 + 1), 1 - upper_seat: make_bot(lower, seed=seed * 2)}
    state = Run(Mode.DUEL, game, seed, first=seed % 2)
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(bots[seat].decide(state.observation(seat)), seat)
    return state.winner == upper_seat


class _HintPlayer:
    """The table's Hint in a player's seat: what it advises is played."""

    def decide(self, obs: Any) -> Any:
        return hint(obs).action


def play_length(pairing: str, game: int, seed: int, max_actions: int) -> tuple[int, int]:
    """One Duel of ``pairing`` (``"hard-standard"``: seat 0 first) at ``game``: its actions and hands."""
    players = pairing.split("-")
    bots = {i: _HintPlayer() if name == "hint" else make_bot(name, seed=seed * 2 + 1 - i)
            for i, name in enumerate(players)}
    state = Run(Mode.DUEL, game, seed, first=seed % 2)
    actions = 0
    while not state.is_over and actions < max_actions:
        seat = state.to_move()[0]
        state.apply(bots[seat].decide(state.observation(seat)), seat)
        actions += 1
    return actions, state.hand_number


def play_run(opponent: str, upgrades_on: bool, max_game: int, seed: int) -> dict[str, Any]:
    """One run of the Runner against ``opponent``: the games it played, won, and what it held in each."""
    state = Run(Mode.RUN, 1, seed, upgrades_on=upgrades_on)
    bots: dict[int, Bot] = {0: make_runner(seed * 2 + 1), 1: make_bot(opponent, seed=seed * 2)}
    games: list[tuple[int, bool, tuple[str, ...]]] = []
    while not state.is_over:
        seat = state.to_move()[0]
        game, held = state.game, tuple(state.held.stacks)
        for event in state.apply(bots[seat].decide(state.observation(seat)), seat):
            if isinstance(event, GameWon):
                games.append((game, event.seat == 0, held))
        if state.game > max_game:
            break
    return {"games": games, "picked": list(state.held.stacks.items())}


def play_with_upgrade(upgrade: str | None, opponent: str, game: int, seed: int, rules: int = RULES) -> bool:
    """The runner plays game ``game`` holding ``upgrade`` (or nothing) under upgrade rules ``rules``; whether it won."""
    held = Held({upgrade: 1}) if upgrade else Held()
    state = Run(Mode.RUN, game, seed, held=held, upgrade_rules=rules)
    bots: dict[int, Bot] = {0: make_runner(seed * 2 + 1), 1: make_bot(opponent, seed=seed * 2)}
    while True:
        seat = state.to_move()[0]
        events = state.apply(bots[seat].decide(state.observation(seat)), seat)
        if any(isinstance(e, SecondWind) for e in events):
            continue  # the lost game is played again
        for event in events:
            if isinstance(event, GameWon):
                return event.seat == 0


_WORK: dict[str, Callable[..., Any]] = {"duel": play_duel, "run": play_run, "upgrade": play_with_upgrade,
                                        "length": play_length}


def _run_task(task: Task) -> Any:
    name, args = task
    return _WORK[name](*args)


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]}


def _summarize_runs(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    per_game: dict[int, list[int]] = {}
    holding: dict[str, list[int]] = {}
    picked: dict[str, int] = {}
    for r in results:
        for game, won, held in r["games"]:
            per_game.setdefault(game, [0, 0])
            per_game[game][0] += 1
            per_game[game][1] += won
            for u in held:
                holding.setdefault(u, [0, 0])
                holding[u][0] += 1
                holding[u][1] += won
        for u, stacks in r["picked"]:
            picked[u] = picked.get(u, 0) + stacks
    won_counts = [sum(1 for _, won, _ in r["games"] if won) for r in results]
    return {
        "runs": len(results),
        "mean_games_won": round(sum(won_counts) / len(results), 3) if results else None,
        "best_games_won": max(won_counts, default=0),
        "per_game": {str(g): _rate(w, n) for g, (n, w) in sorted(per_game.items())},
        "picked": {u: {"times": picked.get(u, 0), "holding": _rate(holding[u][1], holding[u][0]) if u in holding else None}
                   for u in UPGRADES},
    }


def verdict(delta: float) -> str:
    if delta >= 0.15:
        return "too strong"
    if delta <= -0.05:
        return "harmful"
    if abs(delta) < 0.03:
        return "useless"
    return "fair"


def study(args: argparse.Namespace) -> dict[str, Any]:
    """Run the chosen studies; one JSON-able report."""
    tasks: list[Task] = []
    pairs = list(zip(LEVELS[1:], LEVELS[:-1]))
    if "duels" in args.studies:
        tasks += [("duel", (up_, low, args.game_number, args.seed * 100_000 + i, swap))
                  for up_, low in pairs for i in range(args.duels) for swap in (0, 1)]
    if "runs" in args.studies:
        tasks += [("run", (args.opponent, on, args.max_game, args.seed * 100_000 + i))
                  for on in (True, False) for i in range(args.runs)]
    candidates: list[str | None] = [None, *args.upgrades]
    if "upgrades" in args.studies:
        tasks += [("upgrade", (u, args.opponent, args.upgrade_game, args.seed * 100_000 + i, args.upgrade_rules))
                  for u in candidates for i in range(args.upgrade_games)]
    if "lengths" in args.studies:
        tasks += [("length", (pairing, g, args.seed * 100_000 + i, args.max_actions))
                  for pairing in args.pairings for g in args.length_games for i in range(args.length_duels)]
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(_run_task, tasks, chunksize=8)
    else:
        results = [_run_task(t) for t in tasks]
    out: dict[str, Any] = {"seed": args.seed}
    at = 0
    if "duels" in args.studies:
        out["duels"] = {"game_number": args.game_number, "pairs": []}
        for up_, low in pairs:
            n = 2 * args.duels
            wins = sum(results[at:at + n])
            at += n
            out["duels"]["pairs"].append({"level": up_, "vs": low, **_rate(wins, n)})
    if "runs" in args.studies:
        n = args.runs
        out["runs"] = {"opponent": args.opponent, "max_game": args.max_game,
                       "with_upgrades": _summarize_runs(results[at:at + n]),
                       "without_upgrades": _summarize_runs(results[at + n:at + 2 * n])}
        at += 2 * n
    if "upgrades" in args.studies:
        n = args.upgrade_games
        rates = {}
        for u in candidates:
            rates[u] = _rate(sum(results[at:at + n]), n)
            at += n
        base = rates[None]["win_rate"]
        effects = {}
        for u in args.upgrades:
            delta = round(rates[u]["win_rate"] - base, 4)
            effects[u] = {**rates[u], "delta": delta, "verdict": verdict(delta)}
        out["upgrades"] = {"opponent": args.opponent, "game_number": args.upgrade_game, "rules": args.upgrade_rules,
                           "baseline": rates[None], "effects": effects}
    if "lengths" in args.studies:
        out["lengths"] = {}
        for pairing in args.pairings:
            per_game: dict[str, Any] = {}
            for g in args.length_games:
                played = results[at:at + args.length_duels]
                at += args.length_duels
                per_game[str(g)] = _lengths(played, args.max_actions)
            first = per_game[str(args.length_games[0])]["median"]
            for row in per_game.values():
                row["ratio"] = round(row["median"] / first, 2) if first else None
            out["lengths"][pairing] = per_game
    return out


def _lengths(played: Sequence[tuple[int, int]], cap: int) -> dict[str, Any]:
    actions = sorted(a for a, _ in played)
    hands = sorted(h for _, h in played)
    n = len(actions)
    return {"duels": n, "median": statistics.median(actions), "mean": round(statistics.fmean(actions), 1),
            "p90": actions[min(n - 1, (9 * n) // 10)], "hands_median": statistics.median(hands),
            "unfinished": sum(a >= cap for a in actions)}


def _pairings(text: str) -> list[str]:
    out = [p for p in text.split(",") if p]
    for pairing in out:
        names = pairing.split("-")
        if len(names) != 2 or any(n not in (*LEVELS, "hint") for n in names):
            raise argparse.ArgumentTypeError(f"a pairing is two of {', '.join(LEVELS)}, hint joined by '-', "
                                             f"not {pairing[:30]!r}")
    return out


def _numbers(text: str) -> list[int]:
    try:
        out = [int(g) for g in text.split(",") if g]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected game numbers like 1,10,20, got {text[:30]!r}") from None
    if not out:
        raise argparse.ArgumentTypeError("expected at least one game number")
    return out


def _upgrade_ids(text: str) -> list[str]:
    out = [u for u in text.split(",") if u]
    for u in out:
        if u not in UPGRADES:
            raise argparse.ArgumentTypeError(f"unknown upgrade {u[:30]!r}: choose from {', '.join(UPGRADES)}")
    if not out:
        raise argparse.ArgumentTypeError("expected at least one upgrade id")
    return list(dict.fromkeys(out))


def _study_flags(parser: argparse.ArgumentParser, studies: str) -> None:
    """The studies' own flags (the one arena's and the old command line's)."""
    parser.add_argument("--studies", default=studies,
                        type=lambda text: [s for s in text.split(",") if s],
                        help=f"which studies, comma-separated, of duels, runs, upgrades, lengths (default {studies or 'none'})")
    parser.add_argument("--game-number", type=int, default=1,
                        help="game number of the Duels: --players' and the duels study's (default 1)")
    parser.add_argument("--runs", type=int, default=100, help="runs with upgrades, and as many without")
    parser.add_argument("--max-game", type=int, default=10, help="stop a run after this game (default 10)")
    parser.add_argument("--upgrade-games", type=int, default=200, help="games per upgrade (default 200)")
    parser.add_argument("--upgrade-game", type=int, default=2, help="game number of the upgrade study (default 2)")
    parser.add_argument("--upgrade-rules", type=int, default=RULES, choices=(1, 2, 3, RULES),
                        help=f"which version of the upgrade rules the upgrade study plays (default {RULES})")
    parser.add_argument("--upgrades", default=",".join(UPGRADES), type=_upgrade_ids,
                        help="upgrades: which upgrades to study, comma-separated ids (default all)")
    parser.add_argument("--opponent", default="standard", choices=LEVELS, help="the computer in runs (default standard)")
    parser.add_argument("--pairings", default="hard-hard,hint-hard,standard-standard,easy-easy,hard-standard,hard-easy",
                        type=_pairings, help="lengths: seat 0's level-seat 1's level, comma-separated (hint: the Hint)")
    parser.add_argument("--length-games", default="1,2,4,6,10,20,24,30", type=_numbers,
                        help="lengths: the game numbers, comma-separated, the first is the yardstick (default 1,...,30)")
    parser.add_argument("--length-duels", type=int, default=50, help="lengths: Duels per pairing and game number")
    parser.add_argument("--max-actions", type=int, default=5000, help="lengths: stop a Duel after this many actions")


def _study_problem(args: argparse.Namespace) -> str | None:
    unknown = set(args.studies) - {"duels", "runs", "upgrades", "lengths"}
    if unknown:
        return f"unknown study {sorted(unknown)[0]!r}: choose from duels, runs, upgrades, lengths"
    if any(not 1 <= g <= MAX_GAME for g in args.length_games):
        return f"--length-games must be from 1 to {MAX_GAME}"
    for name in ("game_number", "upgrade_game", "max_game"):
        if not 1 <= getattr(args, name) <= MAX_GAME:
            return f"--{name.replace('_', '-')} must be from 1 to {MAX_GAME}"
    return None


def main(argv: list[str] | None = None) -> int:
    """The old command line (studies only, ``--duels``), kept one release."""
    parser = argparse.ArgumentParser(prog="python -m ai.arena --game double-or-nothing",
                                     description=__doc__.split("\n\n")[0])
    _study_flags(parser, "duels,runs,upgrades")
    parser.add_argument("--duels", type=int, default=200, help="seeds per pair of levels, each played both ways")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON (the only output)")
    args = parser.parse_args(argv)
    problem = _study_problem(args)
    if problem:
        parser.error(problem)
    print(json.dumps(study(args)))
    return 0


def play_seating(spec: Seating, players: Sequence[str], options: dict[str, Any], record_dir: str | None) -> GameResult:
    """One Duel of the one arena's run; ``extra``: the actions it took."""
    names = [players[spec.seating[seat]] for seat in range(2)]
    record, state = GameRecord.begin(game_info("double-or-nothing"), ai_players(players, spec), spec.deal_seed, options)
    bots = {seat: make_bot(names[seat], seed=spec.bot_seed * 2 + seat) for seat in range(2)}
    times: dict[str, list[float]] = {}
    actions = play_turns(state, bots, names, record, times)
    save_record(record_dir, spec.index, record.dumps())
    return result_of(spec, state, times, extra=actions)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The one arena's run (:mod:`ai.arena_cli`): Duels of ``--players`` at ``--game-number``, and any ``--studies``.

    The duels study plays ``--games`` per pair of levels (half each way round).
    """
    options = game_info("double-or-nothing").resolve_options({"mode": "duel", "game_number": args.game_number})
    specs = seatings(2, args.games, args.seed, args.duplicate)
    results = play_all(partial(play_seating, players=args.players, options=options, record_dir=args.record_dir),
                       specs, args.jobs)
    report = summarize(args.players, results, order=LEVELS)
    actions = sorted(r.extra for r in results)
    report.update({"game_number": args.game_number, "median_actions": statistics.median(actions)})
    if args.studies:
        args.duels = -(-args.games // 2)
        report.update({k: v for k, v in study(args).items() if k != "seed"})
    return report


def _check(args: argparse.Namespace) -> str | None:
    bad = [lv for lv in args.players if lv not in LEVELS]
    if bad:
        return f"--players: unknown level {bad[0]!r}: choose from {', '.join(LEVELS)}"
    return _study_problem(args)


def _is_old(argv: list[str]) -> bool:
    """The old command: studies only (no --players or --games)."""
    return not any(a.split("=")[0] in ("--players", "--games") for a in argv)


def new_form(argv: list[str]) -> str:
    """The one arena's command for an old one: ``--duels N`` is ``--games 2N`` (the duels study plays --games per pair)."""
    out = ["python -m ai.arena --game double-or-nothing --players hard,standard --games"]
    duels = "200"
    rest = []
    skip = False
    for i, a in enumerate(argv):
        if skip:
            skip = False
        elif a == "--duels" and i + 1 < len(argv):
            duels, skip = argv[i + 1], True
        else:
            rest.append(a)
    if "--studies" not in rest:
        rest = ["--studies", "duels,runs,upgrades", *rest]
    studies = rest[rest.index("--studies") + 1] if rest.index("--studies") + 1 < len(rest) else ""
    games = str(2 * int(duels)) if duels.isdigit() else f"2*{duels}"
    out.append(games if "duels" in studies.split(",") else "100")
    return " ".join(out + rest + ([] if "--json" in rest else ["--json"]))


ARENA = GameArena(partial(_study_flags, studies=""), run, default_players="hard,standard",
                  default_games=100, games_help="Duels to play (and, with --studies duels, per pair of levels)",
                  old_main=main, old_flags=("--duels",), is_old=_is_old, new_form=new_form, check=_check)
"""Double or Nothing's part of ``python -m ai.arena`` (its registry entry names it)."""


if __name__ == "__main__":
    from ..arena_cli import old_entry

    raise SystemExit(old_entry("double-or-nothing"))
