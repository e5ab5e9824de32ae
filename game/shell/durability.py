"""Kill -9 the game many times and check that nothing it showed is lost; time what durability costs.

``python -m game.shell.durability --game ID --kills 100 --json`` runs the real game
(all-AI rounds, instant bots, headless) in a child process over one data folder,
kills it with SIGKILL at a random moment, and checks what a restart finds (without
``--game``, every game in turn: ``make durability``):

* lost: the round the child was showing, found in the save or the history,
  holds fewer actions than the child had drawn on screen before it died
  (the child reports, before every frame, how many actions the table shows);
* set aside: files a restart moved aside as damaged (``*.corrupt-*``);
* finished offered: a finished round offered for resume; duplicates: a round twice in the history.

``--json`` prints one object per game with exactly ``kills``, ``lost``, ``set_aside``,
``finished_offered`` and ``duplicates`` (all but ``kills`` should be 0); the problems behind them go to stderr.

The next child resumes the saved round (or starts a new one when there is none),
so the kills fall at every point of a round: mid-round, at its end while it is
filed away, and just after a resume.  Each child also times the main thread's
part of every action's save (:meth:`game.saves.SaveStore.note`: encoding the
record, the journal append, and queueing the background fsync and save), which
is what the frame pays; the report gives its p50, p99 and maximum in
milliseconds, and the same for the background fsync of the journal.

Not a test: it takes minutes and depends on the machine; the journal's recovery
rules have their own tests in ``tests/test_storage.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from engine.games import DEFAULT_GAME, playable_games

TRIED = [info.id for info in playable_games() if info.trial_seats]
"""The games this command kills and resumes: every playable game with a trial table."""

def _setup(game: str):
    """The game's all-AI table under test (the registry's ``trial_seats`` and ``trial_options``)."""
    from engine.games import game_info
    from game.shell.session import GameSetup

    info = game_info(game)
    setup = GameSetup.all_ai(list(info.trial_seats), game)
    setup.options.update(dict(info.trial_options))
    return setup


def round_key(record) -> str:
    """Which round a record is (a new round gets a new seed from the app): its format, seed and seats."""
    data = record.to_json()
    return json.dumps([data.get("format"), data.get("seed"), [p.get("name") for p in data.get("players", [])]])


def child(data_dir: Path, seed: int, game: str = DEFAULT_GAME) -> int:
    """The game under test: resume the saved round or start one; report what is shown and what saving costs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from engine.games import game_info, load
    from game.shell.app import App
    from game.shell.storage import Journal

    pygame.display.init()
    pygame.font.init()
    app = App((960, 600), data_dir, seed=seed, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "instant"
    app.think_ms = 20
    app.to_title()
    table_type = load(game_info(game).table)
    if app.resume(game) is None:
        app.start_game(_setup(game))
    out = sys.stdout
    note = app.saves.note

    def timed_note(table, later: bool = False) -> None:
        start = time.perf_counter()
        note(table, later)
        out.write(f"cost {(time.perf_counter() - start) * 1000:.4f}\n")

    app.saves.note = timed_note  # type: ignore[method-assign]
    sync = Journal.sync

    def timed_sync(journal: Journal) -> None:
        start = time.perf_counter()
        sync(journal)
        out.write(f"fsync {(time.perf_counter() - start) * 1000:.4f}\n")

    Journal.sync = timed_sync  # type: ignore[method-assign]
    over: list[object] = []
    app.on_round_over = over.append

    def hook(a: App, frame: int) -> bool:
        table = a.stack.find(table_type)
        if table is None:
            return True
        # everything in the record now has been drawn by the frames before this one
        out.write(f"shown {round_key(table.record)} {len(table.record.actions)}\n")
        out.flush()
        if over:
            over.clear()
            a.start_game(_setup(game))
        return True

    app.run(max_frames=60 * 60 * 10, fixed_dt=1 / 60, hook=hook)
    return 0


def _found(data_dir: Path, key: str, game: str = DEFAULT_GAME) -> tuple[int, dict[str, int], list[str]]:
    """Actions kept for the round ``key``, counts of what is wrong (finished offered, duplicates), and problems."""
    from game.shell.saves import SaveStore

    store = SaveStore.open(data_dir / game)  # the game's own folder in the data folder
    wrong = [p for p in store.problems]
    counts = {"finished_offered": 0, "duplicates": 0}
    best = -1
    kept = []
    pending = store.pending_record()
    if pending is not None:
        if pending.scores is not None:
            counts["finished_offered"] += 1
            wrong.append("a finished round is offered for resume")
        kept.append(pending)
    rounds, problems = store.history()
    wrong += problems
    seen = set()
    for _, record in rounds:
        dumped = record.dumps()
        if dumped in seen:
            counts["duplicates"] += 1
            wrong.append("a round is twice in the history")
        seen.add(dumped)
        kept.append(record)
    for record in kept:
        if round_key(record) == key:
            best = max(best, len(record.actions))
    return best, counts, wrong


def run(kills: int, seed: int, data_dir: Path, game: str = DEFAULT_GAME) -> dict[str, object]:
    rng = random.Random(seed)
    lost = 0
    counts = {"finished_offered": 0, "duplicates": 0}
    errors: list[str] = []
    costs: list[float] = []
    syncs: list[float] = []
    root = Path(__file__).resolve().parent.parent.parent
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for k in range(kills):
        proc = subprocess.Popen([sys.executable, "-m", "game.shell.durability", "--child", str(data_dir),
                                 "--seed", str(seed * 1000 + k), "--game", game],
                                cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        lines: list[str] = []
        started = threading.Event()

        def read(stream=proc.stdout) -> None:
            for line in stream:
                lines.append(line)
                if line.startswith("shown "):
                    started.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if not started.wait(60):
            proc.kill()
            raise SystemExit(f"kill {k}: the game never showed a table: {proc.stderr.read()}")
        time.sleep(rng.uniform(0.05, 1.5))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        reader.join(10)
        shown = [line.split(" ", 1)[1].rsplit(" ", 1) for line in list(lines) if line.startswith("shown ")]
        costs += [float(line.split()[1]) for line in lines if line.startswith("cost ")]
        syncs += [float(line.split()[1]) for line in lines if line.startswith("fsync ")]
        if proc.returncode != -signal.SIGKILL:
            errors.append(f"kill {k}: the game ended by itself ({proc.returncode}): {proc.stderr.read()[-400:]}")
            continue
        key, count = shown[-1][0], int(shown[-1][1])
        found, wrong_counts, wrong = _found(data_dir, key, game)
        if count and found < count:  # a round with no action yet has nothing to keep
            lost += 1
            errors.append(f"kill {k}: {count} actions were shown, {max(found, 0)} kept")
        for name, n in wrong_counts.items():
            counts[name] = max(counts[name], n)  # the same duplicate is seen again at every later restart
        errors += [f"kill {k}: {w}" for w in wrong]

    def pct(values: list[float], p: float) -> float:
        values = sorted(values)
        return round(values[min(len(values) - 1, int(p * len(values)))], 3) if values else 0.0

    set_aside = sum(1 for p in data_dir.rglob("*") if ".corrupt-" in p.name)
    return {"kills": kills, "lost": lost, "set_aside": set_aside, **counts, "game": game, "problems": errors,
            "actions_timed": len(costs),
            "note_ms_p50": pct(costs, 0.50), "note_ms_p99": pct(costs, 0.99), "note_ms_max": pct(costs, 1.0),
            "note_ms_mean": round(statistics.fmean(costs), 3) if costs else 0.0,
            "background_fsync_ms_p50": pct(syncs, 0.50), "background_fsync_ms_p99": pct(syncs, 0.99)}


JSON_KEYS = ("kills", "lost", "set_aside", "finished_offered", "duplicates")
"""What ``--json`` prints for a game: every count but ``kills`` should be 0."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.shell.durability", description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=TRIED, help="the game to kill (default: every game, one after another)")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data-dir", type=Path, help="the data folder to use (default: a new temporary one per game)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per game: " + ", ".join(JSON_KEYS) + " (problems go to stderr)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child, args.seed, args.game or DEFAULT_GAME)
    failed = False
    for game in [args.game] if args.game else TRIED:
        if args.data_dir is not None:
            report = run(args.kills, args.seed, args.data_dir, game)
        else:
            with tempfile.TemporaryDirectory(prefix=f"sss-durability-{game}-") as tmp:
                report = run(args.kills, args.seed, Path(tmp), game)
        failed |= any(report[k] for k in JSON_KEYS[1:]) or bool(report["problems"])
        if args.json:
            if not args.game:
                print(f"durability: {game}", file=sys.stderr, flush=True)  # which game the next line counts
            print(json.dumps({k: report[k] for k in JSON_KEYS}), flush=True)
            for problem in report["problems"]:  # type: ignore[attr-defined]
                print(f"{game}: {problem}", file=sys.stderr)
            continue
        print(json.dumps(report, indent=1))
        print(f"{game}: {report['kills']} kills, {report['lost']} lost, {report['set_aside']} set aside, "
              f"{report['finished_offered']} finished offered, {report['duplicates']} duplicates; per action on the "
              f"main thread: p50 {report['note_ms_p50']} ms, p99 {report['note_ms_p99']} ms, max {report['note_ms_max']} ms "
              f"({report['actions_timed']} actions); the journal's fsync on the writer thread: "
              f"p50 {report['background_fsync_ms_p50']} ms, p99 {report['background_fsync_ms_p99']} ms", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
