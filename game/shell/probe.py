"""The reliability probe: ``python -m game.shell.probe --game ID --json`` attacks one game's files and inputs.

Not a test: it runs thousands of seeded cases and takes a minute or two per game
(tests run it with tiny counts).  Each kind of case is counted as tried,
survived, lost, hangs and crashes:

* ``record``: a real record of the game (random legal play, :mod:`game.shell.probe_cases`)
  broken as JSON or as bytes, loaded as ``--replay`` and Replays load it
  (:func:`engine.games.load_record`): it must load or be refused with a
  :class:`RecordError`;
* ``replay``: the same through the app: ``--replay``'s loader, then the
  replay table and a few frames of the real loop;
* ``files``: the game's data folder (save, journal, a history file, statistics,
  settings) with one file broken (bytes, JSON, a newer version, unreadable, a
  folder or a pipe in its place, far too large); the app starts, plays a new
  round a little and saves everything: nothing it could not use may be lost
  (the bytes are still there, in place or set aside) and start-up stays quick;
* ``script``: a script of the game broken as JSON, run by :func:`engine.script.run`:
  it must play or be refused with a :class:`ScriptError`;
* ``monkey``: the game's monkey (random clicks and keys through the real loop).

A case that takes longer than :data:`HANG_S` seconds (for ``replay`` and ``files``:
whose loading, first frame or start-up does) is counted as a hang; any other exception is a crash; ``lost`` counts files whose content
is gone.  The exit status is 0 when every case survived.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

HANG_S = 5.0
"""A case slower than this is a hang: --replay must answer, and the app start, within a few seconds."""
KINDS = ("record", "replay", "files", "script", "monkey")
DEFAULT_CASES = {"record": 400, "replay": 40, "files": 60, "script": 200, "monkey": 1}
MONKEY_EVENTS = 2000


class Hang(Exception):
    """A case ran past :data:`HANG_S`."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread if the block runs longer than ``seconds``."""

    def stop(signum: int, frame: Any) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Tally:
    """One kind's counts and its first failures."""

    def __init__(self) -> None:
        self.tried = self.survived = self.lost = self.hangs = self.crashes = 0
        self.slowest = 0.0
        self.failures: list[str] = []

    def run(self, name: str, case: Callable[[], bool | None], limit: float | None = None) -> None:
        """Run one case: it returns False when something was lost; raises for a crash, :class:`Hang` when too slow.

        ``limit`` (default :data:`HANG_S`) stops the whole case; a case may time its own steps more strictly.
        """
        self.tried += 1
        start = time.perf_counter()
        quiet = contextlib.ExitStack()
        quiet.enter_context(contextlib.redirect_stderr(io.StringIO()))
        quiet.enter_context(contextlib.redirect_stdout(io.StringIO()))
        try:
            with time_limit(limit or HANG_S), quiet:
                kept = case()
        except Hang as exc:
            self.hangs += 1
            self._fail(f"{name}: {str(exc) or f'still running after {limit or HANG_S} s'}")
            return
        except Exception as exc:  # noqa: BLE001 - the probe counts whatever escapes
            self.crashes += 1
            self._fail(f"{name}: {type(exc).__name__}: {str(exc)[:160]}")
            return
        finally:
            self.slowest = max(self.slowest, time.perf_counter() - start)
        if kept is False:
            self.lost += 1
            self._fail(f"{name}: a file's content was lost")
            return
        self.survived += 1

    def _fail(self, text: str) -> None:
        if len(self.failures) < 10:
            self.failures.append(text)

    def to_json(self) -> dict[str, Any]:
        return {"tried": self.tried, "survived": self.survived, "lost": self.lost, "hangs": self.hangs,
                "crashes": self.crashes, "slowest_s": round(self.slowest, 3)}


def _broken_record(info: Any, rng: random.Random) -> bytes:
    from game.shell.probe_cases import dumps, mutate_bytes, mutate_json, sample_record

    record = sample_record(info, rng.randrange(10**6))
    data = record.to_json()
    return dumps(mutate_json(data, rng)) if rng.random() < 0.7 else mutate_bytes(record.dumps().encode(), rng)


def probe_records(info: Any, tally: Tally, rng: random.Random, cases: int) -> None:
    from engine.envelope import RecordError
    from engine.games import load_record

    for n in range(cases):
        tally.run(f"record {n}", _answers(load_record, _broken_record(info, rng), RecordError))


def _answers(fn: Callable[[Any], Any], value: Any, refusal: type[Exception]) -> Callable[[], None]:
    """A case where ``fn(value)`` must work or refuse with ``refusal`` (a message for the player), nothing else."""

    def case() -> None:
        try:
            fn(value)
        except refusal:
            pass

    return case


CASE_LIMIT_S = 60.0
"""A case that plays frames after its timed step (start-up, loading) is stopped only if it runs this long."""


def quick(what: str, fn: Callable[[], Any]) -> Any:
    """``fn()``, which must answer within :data:`HANG_S` (start-up, a replay's first frame); :class:`Hang` if not."""
    start = time.perf_counter()
    value = fn()
    if time.perf_counter() - start > HANG_S:
        raise Hang(f"{what} took {time.perf_counter() - start:.1f} s")
    return value


def _app(data_dir: Path) -> Any:
    from game.shell.app import App

    app = App((960, 600), data_dir, seed=3, resizable=False)
    app.settings.animation_speed = "off"
    app.settings.ai_speed = "instant"
    app.think_ms = 10
    app.to_title()
    return app


def probe_replays(info: Any, tally: Tally, rng: random.Random, cases: int, work: Path) -> None:
    from game.shell.headless import load_record
    from game.shell.session import GameSetup

    app = _app(work / "replay-data")
    for n in range(cases):
        path = work / f"replay-{n}.json"
        path.write_bytes(_broken_record(info, rng))

        def case(path: Path = path) -> None:
            record = quick("loading", lambda: load_record(path))  # None after telling stderr what is wrong, as --replay does
            if record is not None:
                app.to_title()
                quick("the first frame", lambda: (app.start_game(GameSetup.from_record(record), replay=record),
                                                  app.step(0.0, [])))
                app.run(max_frames=20, fixed_dt=1 / 60)
                app.running = True

        tally.run(f"replay {n}", case, CASE_LIMIT_S)


def _write_folder(info: Any, folder: Path, rng: random.Random) -> dict[str, bytes]:
    """A data folder as the game leaves it: a saved round (file and journal), a history file, statistics, settings."""
    from game.shell.probe_cases import sample_record
    from game.shell.stats import Statistics

    game = folder / info.id
    (game / "history").mkdir(parents=True)
    saved = sample_record(info, rng.randrange(10**6))
    data = saved.to_json()
    data["scores"] = None
    data.pop("scores")
    half = len(data["actions"]) // 2
    head = dict(data, actions=data["actions"][:half])
    if "clock" in head:
        head["clock"] = data["actions"][half - 1].get("at", 0) if half else 0
    journal = json.dumps({"journal": 1, "entries": "actions", "record": head}) + "\n"
    journal += "".join(json.dumps(a) + "\n" for a in data["actions"][half:])
    stats = Statistics()
    stats.count_round(info.record_format, [("You", "human", None), ("Bot", "ai", info.default_level)], [3, 1])
    files = {
        f"{info.id}/save.json": json.dumps(data).encode(),
        f"{info.id}/save.journal": journal.encode(),
        f"{info.id}/history/20250101-000000-00.json": sample_record(info, rng.randrange(10**6)).dumps().encode(),
        f"{info.id}/stats.json": json.dumps(stats.to_json()).encode(),
        "settings.json": json.dumps({"volume": 40, "sound": False, "a_newer_setting": [1]}).encode(),
    }
    for name, raw in files.items():
        (folder / name).write_bytes(raw)
    return files


def _break_file(path: Path, raw: bytes, rng: random.Random, stack: contextlib.ExitStack) -> tuple[str, bytes | None]:
    """Break ``path`` one way; what was done, and the bytes that must survive (None: a folder or a pipe)."""
    from game.shell.probe_cases import dumps, mutate_bytes, mutate_json

    kind = rng.randrange(8)
    if kind in (0, 1, 2):
        broken = mutate_bytes(raw, rng)
    elif kind == 3:
        try:
            broken = dumps(mutate_json(json.loads(raw.split(b"\n")[0] if path.suffix == ".journal" else raw), rng))
        except ValueError:
            broken = raw[:-1]
    elif kind == 4:  # a newer version's file
        text = raw.decode()
        broken = (text.replace('"journal": 1', '"journal": 2', 1).replace("/1\"", "/2\"", 1)
                  .replace('"version": 1', '"version": 2', 1)).encode()
    elif kind == 5:  # unreadable (no permission), as a mode-000 file is for a normal user
        path.write_bytes(raw)
        _unreadable(path, stack)
        return "unreadable", raw
    elif kind == 6:
        path.unlink()
        if rng.random() < 0.5 and hasattr(os, "mkfifo"):
            os.mkfifo(path)
            return "a pipe", None
        path.mkdir()
        return "a folder", None
    else:
        broken = raw + b" " * (33 * 1024 * 1024)
    path.write_bytes(broken)
    return f"broken ({kind})", broken


def _unreadable(path: Path, stack: contextlib.ExitStack) -> None:
    real = os.open

    def guarded(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(name) == str(path) and flags & (os.O_WRONLY | os.O_RDWR) == 0:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real(name, flags, *args, **kwargs)

    os.open = guarded  # type: ignore[assignment]
    stack.callback(setattr, os, "open", real)


def _survives(folder: Path, target: Path, content: bytes | None) -> bool:
    """The bytes (or the folder or pipe) the game could not use are still in the data folder."""
    if content is None:
        return os.path.lexists(target) or any(p.name.startswith(target.name + ".corrupt-") for p in target.parent.iterdir())
    size = len(content)
    for path in folder.rglob("*"):
        try:
            if path.is_file() and not path.is_symlink() and path.stat().st_size == size and path.read_bytes() == content:
                return True
        except OSError:
            continue
    return False


def probe_files(info: Any, tally: Tally, rng: random.Random, cases: int, work: Path) -> None:
    from game.shell.session import GameSetup

    for n in range(cases):
        folder = work / f"files-{n}"
        files = _write_folder(info, folder, rng)
        name = rng.choice(list(files))
        target = folder / name

        def case(target: Path = target, raw: bytes = files[name], folder: Path = folder) -> bool:
            with contextlib.ExitStack() as stack:
                how, content = _break_file(target, raw, rng, stack)
                app = quick("start-up", lambda: _app(folder))
                told = " ".join(app.problems)
                app.start_game(GameSetup.quick(info.id))
                app.run(max_frames=30, fixed_dt=1 / 60)
                app.saves.flush()
                app.save_settings()
                app.shelf(info.id).save_stats()
                app.saves.flush()
            used = not told and how.startswith("broken")  # read as it was: resumed or filed in the history, not lost
            return used or _survives(folder, target, content)

        tally.run(f"files {n} ({name})", case, CASE_LIMIT_S)
        shutil.rmtree(folder, ignore_errors=True)


def probe_scripts(info: Any, tally: Tally, rng: random.Random, cases: int) -> None:
    from engine.cards import standard_deck
    from engine.script import ScriptError, run
    from game.shell.probe_cases import mutate_json, sample_record

    for n in range(cases):
        record = sample_record(info, rng.randrange(10**6), max_actions=20)
        rules = info.rules()
        spec: dict[str, Any] = {"game": info.id, "players": len(record.players), "seed": record.seed or 0,
                                "rules": dict(getattr(record, "options", {})),
                                "actions": [{"at": at, "player": seat, "do": rules.action_to_json(action)}
                                            for seat, action, at in _timed(record.actions)]}
        if info.realtime:
            spec["deck"] = [str(c) for c in standard_deck()]
        tally.run(f"script {n}", _answers(run, mutate_json(spec, rng), ScriptError))


def _timed(actions: list[Any]) -> list[tuple[int, Any, int]]:
    """``(seat, action, at)`` of any record's actions (Sprint's are ``(player, action)``)."""
    return [(a[0], a[1], a[2] if len(a) > 2 else 0) for a in actions]


def probe_monkey(info: Any, tally: Tally, rng: random.Random, cases: int, work: Path, events: int) -> None:
    from game.shell import modes

    for n in range(cases):
        seed = rng.randrange(10**6)
        folder = work / f"monkey-{n}"

        def case(seed: int = seed, folder: Path = folder) -> None:
            if modes.monkey(info.id, events, seed, folder) != 0:
                raise RuntimeError(f"the monkey found a problem (seed {seed})")

        tally.run(f"monkey {n} ({events} events, seed {seed})", case, max(CASE_LIMIT_S, events / 10))  # long by design


def probe(game: str, seed: int, counts: dict[str, int], monkey_events: int = MONKEY_EVENTS) -> dict[str, Any]:
    """Every kind of case for ``game``; the report as a dict."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from engine.games import game_info

    info = game_info(game)
    pygame.display.init()
    pygame.font.init()
    tallies = {kind: Tally() for kind in KINDS if counts.get(kind)}
    with tempfile.TemporaryDirectory(prefix=f"sss-probe-{game}-") as tmp:
        work = Path(tmp)
        for kind, tally in tallies.items():
            rng = random.Random(f"{seed}:{game}:{kind}")
            if kind == "record":
                probe_records(info, tally, rng, counts[kind])
            elif kind == "replay":
                probe_replays(info, tally, rng, counts[kind], work)
            elif kind == "files":
                probe_files(info, tally, rng, counts[kind], work)
            elif kind == "script":
                probe_scripts(info, tally, rng, counts[kind])
            else:
                probe_monkey(info, tally, rng, counts[kind], work, monkey_events)
    return {"game": game, "seed": seed, "kinds": {k: t.to_json() for k, t in tallies.items()},
            "failures": [f for t in tallies.values() for f in t.failures]}


def main(argv: list[str] | None = None) -> int:
    from engine.games import playable_games

    ids = [i.id for i in playable_games()]
    parser = argparse.ArgumentParser(prog="python -m game.shell.probe", description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=ids, help="the game to probe (default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every kind's number of cases")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"which kinds, comma-separated ({', '.join(KINDS)})")
    parser.add_argument("--monkey-events", type=int, default=MONKEY_EVENTS)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if any(k not in KINDS for k in kinds):
        parser.error(f"--kinds: choose from {', '.join(KINDS)}")
    counts = {k: max(1, round(DEFAULT_CASES[k] * args.scale)) for k in kinds}
    ok = True
    for game in [args.game] if args.game else ids:
        report = probe(game, args.seed, counts, args.monkey_events)
        ok &= all(k["survived"] == k["tried"] for k in report["kinds"].values())
        if args.json:
            print(json.dumps(report), flush=True)
            continue
        for kind, k in report["kinds"].items():
            print(f"{game:18} {kind:7} tried {k['tried']:5}  survived {k['survived']:5}  lost {k['lost']}  "
                  f"hangs {k['hangs']}  crashes {k['crashes']}  slowest {k['slowest_s']} s", flush=True)
        for failure in report["failures"]:
            print(f"  {failure}", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
