"""Kill -9 the game many times and check that nothing it showed is lost; time what durability costs.

``python -m game.shell.durability --kills 100`` (``make durability``) runs the real game
(all-AI rounds, instant bots, headless) in a child process over one data folder,
kills it with SIGKILL at a random moment, and checks what a restart finds:

* lost: the round the child was showing, found in the save or the history,
  holds fewer actions than the child had drawn on screen before it died
  (the child reports, before every frame, how many actions the table shows);
* a finished round offered for resume, or a round twice in the history.

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

LEVELS = ["standard", "apprentice"]


def child(data_dir: Path, seed: int) -> int:
    """The game under test: resume the saved round or start one; report what is shown and what saving costs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.shell.app import App
    from game.shell.session import GameSetup
    from game.shell.storage import Journal
    from game.tables.sprint import TableScene

    pygame.display.init()
    pygame.font.init()
    app = App((960, 600), data_dir, seed=seed, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "instant"
    app.think_ms = 20
    app.to_title()
    if app.resume("sprint") is None:
        app.start_game(GameSetup.all_ai(LEVELS))
    out = sys.stdout
    note = app.saves.note

    def timed_note(table: TableScene) -> None:
        start = time.perf_counter()
        note(table)
        out.write(f"cost {(time.perf_counter() - start) * 1000:.4f}\n")

    app.saves.note = timed_note  # type: ignore[method-assign]
    sync = Journal.sync

    def timed_sync(journal: Journal) -> None:
        start = time.perf_counter()
        sync(journal)
        out.write(f"fsync {(time.perf_counter() - start) * 1000:.4f}\n")

    Journal.sync = timed_sync  # type: ignore[method-assign]

    def hook(a: App, frame: int) -> bool:
        table = a.stack.find(TableScene)
        if table is None:
            return True
        # everything in the record now has been drawn by the frames before this one
        out.write(f"shown {json.dumps(table.record.deal.to_json()['stock'][:6])} {len(table.record.actions)}\n")
        out.flush()
        if table.state.is_over and not table.flights and not table.steps:
            a.start_game(GameSetup.all_ai(LEVELS))
        return True

    app.run(max_frames=60 * 60 * 10, fixed_dt=1 / 60, hook=hook)
    return 0


def _found(data_dir: Path, deal_key: str) -> tuple[int, list[str]]:
    """Actions kept for the round whose stock starts ``deal_key``, and anything wrong with the files."""
    from game.shell.saves import SaveStore

    store = SaveStore.open(data_dir / "sprint")  # Sprint's own folder in the data folder
    wrong = [p for p in store.problems]
    best = -1
    kept = []
    pending = store.pending_record()
    if pending is not None:
        if pending.scores is not None:
            wrong.append("a finished round is offered for resume")
        kept.append(pending)
    rounds, problems = store.history()
    wrong += problems
    seen = set()
    for _, record in rounds:
        key = record.dumps()
        if key in seen:
            wrong.append("a round is twice in the history")
        seen.add(key)
        kept.append(record)
    for record in kept:
        if json.dumps(record.deal.to_json()["stock"][:6]) == deal_key:
            best = max(best, len(record.actions))
    return best, wrong


def run(kills: int, seed: int, data_dir: Path) -> dict[str, object]:
    rng = random.Random(seed)
    lost = 0
    errors: list[str] = []
    costs: list[float] = []
    syncs: list[float] = []
    shown_total = 0
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for k in range(kills):
        proc = subprocess.Popen([sys.executable, "-m", "game.shell.durability", "--child", str(data_dir), "--seed", str(seed * 1000 + k)],
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
        shown = [line.split() for line in lines if line.startswith("shown ")]
        costs += [float(line.split()[1]) for line in lines if line.startswith("cost ")]
        syncs += [float(line.split()[1]) for line in lines if line.startswith("fsync ")]
        if proc.returncode != -signal.SIGKILL:
            errors.append(f"kill {k}: the game ended by itself ({proc.returncode}): {proc.stderr.read()[-400:]}")
            continue
        deal_key, count = " ".join(shown[-1][1:-1]), int(shown[-1][-1])
        shown_total += count
        found, wrong = _found(data_dir, deal_key)
        if count and found < count:  # a round with no action yet has nothing to keep
            lost += 1
            errors.append(f"kill {k}: {count} actions were shown, {max(found, 0)} kept")
        errors += [f"kill {k}: {w}" for w in wrong]
    def pct(values: list[float], p: float) -> float:
        values = sorted(values)
        return round(values[min(len(values) - 1, int(p * len(values)))], 3) if values else 0.0

    return {"kills": kills, "lost": lost, "problems": errors, "actions_timed": len(costs),
            "note_ms_p50": pct(costs, 0.50), "note_ms_p99": pct(costs, 0.99), "note_ms_max": pct(costs, 1.0),
            "note_ms_mean": round(statistics.fmean(costs), 3) if costs else 0.0,
            "background_fsync_ms_p50": pct(syncs, 0.50), "background_fsync_ms_p99": pct(syncs, 0.99)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.shell.durability", description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data-dir", type=Path, help="the data folder to use (default: a new temporary one)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child, args.seed)
    if args.data_dir is not None:
        report = run(args.kills, args.seed, args.data_dir)
    else:
        with tempfile.TemporaryDirectory(prefix="sss-durability-") as tmp:
            report = run(args.kills, args.seed, Path(tmp))
    print(json.dumps(report, indent=1))
    print(f"{report['kills']} kills, {report['lost']} lost; per action on the main thread: "
          f"p50 {report['note_ms_p50']} ms, p99 {report['note_ms_p99']} ms, max {report['note_ms_max']} ms "
          f"({report['actions_timed']} actions); the journal's fsync on the writer thread: "
          f"p50 {report['background_fsync_ms_p50']} ms, p99 {report['background_fsync_ms_p99']} ms")
    return 0 if report["lost"] == 0 and not report["problems"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
