"""Helpers for the network tests: a host and headless players as real processes on 127.0.0.1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROOM = "KXPTAM"
SCALE = 15
"""The test games' clock runs this much faster than real time (a race of minutes in seconds)."""
LIMIT_S = 300.0
"""Each process's own limit, whatever happens: a safety net only.  A test ends when its game does (the players and
an ``--exit-when-over`` host exit then), however long a loaded machine makes it, and fails on a stall
(:func:`finish_all`), not on a game that is merely slow."""
STALL_S = 30.0
"""A networked game in which no player took a new view for this long has stalled (a loaded machine is slow, never
still: the views of a race come every fraction of a second, a restarted host is back within seconds)."""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)})
    return env


def serve(game: str, seats: str, *extra: str, scale: float = SCALE, seconds: float = LIMIT_S
          ) -> tuple[subprocess.Popen[str], int]:
    """A dedicated host on 127.0.0.1 (a free port), stopping after ``seconds`` whatever happens: the process and
    its port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.serve", "--game", game, "--bind", "127.0.0.1", "--port", "0", "--seats", seats,
         "--room", ROOM, "--exit-when-over", "--seconds", str(seconds), "--ai-speed", "instant", "--time-scale", str(scale), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read() if proc.stderr else "the host printed nothing"
    return proc, int(json.loads(line)["port"])


def player(port: int, name: str, *extra: str, scale: float = SCALE, seconds: float = LIMIT_S) -> subprocess.Popen[str]:
    """A headless player joining the host at ``port``, giving up after ``seconds``."""
    return subprocess.Popen(
        [sys.executable, "-m", "game.net.player", "--port", str(port), "--room", ROOM, "--name", name, "--json",
         "--seconds", str(seconds), "--time-scale", str(scale), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)


def finish(proc: subprocess.Popen[str], timeout: float = 45) -> tuple[int, list[Any], str]:
    """Wait for ``proc``: its exit code, its JSON lines and its error output."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return _report(proc, out, err)


def _report(proc: subprocess.Popen[str], out: str, err: str) -> tuple[int, list[Any], str]:
    return proc.returncode, [json.loads(line) for line in out.splitlines() if line.startswith("{")], err


def finish_all(procs: list[subprocess.Popen[str]], dumps: list[Path], stall_s: float = STALL_S
               ) -> list[tuple[int, list[Any], str]]:
    """Wait for every process of a networked game until each has exited (the players and the host exit when the game
    is over), however long a loaded machine makes the game: each one's exit code, JSON lines and error output.  A
    game that stalls fails within ``stall_s`` seconds instead: when no player's ``dumps`` took a new view for that
    long, every process still running is killed and this fails saying where each stood.  Their output is read on
    threads, so no pipe fills while they play."""
    import threading

    outputs: list[tuple[str, str]] = [("", "")] * len(procs)

    def read(n: int) -> None:
        outputs[n] = procs[n].communicate()

    readers = [threading.Thread(target=read, args=(n,), daemon=True) for n in range(len(procs))]
    for reader in readers:
        reader.start()
    seen, still_since, killed = None, time.monotonic(), []
    while any(reader.is_alive() for reader in readers):
        now = tuple(view_count(dump) for dump in dumps)
        if now != seen:
            seen, still_since = now, time.monotonic()
        elif time.monotonic() - still_since > stall_s and not killed:
            killed = [n for n, proc in enumerate(procs) if proc.poll() is None]
            for n in killed:
                procs[n].kill()
        for reader in readers:
            reader.join(0.1)
    reports = [_report(proc, *output) for proc, output in zip(procs, outputs)]
    assert not killed, (f"the game stalled: no player took a new view for {stall_s:.0f} s (views {seen}); processes "
                        f"{killed} were killed; each one's exit, last line and errors: "
                        f"{[(code, lines[-1:], err[-800:]) for code, lines, err in reports]}")
    return reports


def view_count(dump: Path) -> int:
    """How many views a player's dump holds so far."""
    try:
        return dump.read_bytes().count(b'{"t":"view"')
    except OSError:
        return 0


def wait_for(predicate: Any, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def views(dump: Path) -> list[dict[str, Any]]:
    """The views in a player's dump of every line it received."""
    if not dump.exists():
        return []
    out = []
    for line in dump.read_bytes().split(b"\n"):
        if line.startswith(b'{"t":"view"'):
            out.append(json.loads(line))
    return out


def leaks(game_id: str, dump: Path, seats: set[int]) -> list[str]:
    """Every place a player's received bytes show a card its seats may not see.

    The state: each field the game hides (:func:`engine.wire.hidden_fields`) holds nothing of another seat's
    (and of hidden piles nothing at all).  The events: each is as one of the player's seats sees it
    (``seen_by`` leaves it as it is).
    """
    from engine.wire import decode, decode_state, hidden_fields

    problems = []
    for n, view in enumerate(views(dump)):
        fields = view["state"]["a"]
        for name, how in hidden_fields(game_id):
            node = fields.get(name)
            if how in ("cards", "seat_piles", "seat_cards", "seat_mask"):
                items = [node] if how == "cards" else _items(node)
                for seat, item in enumerate(items):
                    if how in ("seat_cards", "seat_mask") and seat in seats:
                        continue
                    if how == "seat_mask":
                        if not (isinstance(item, dict) and "HM" in item):
                            problems.append(f"view {n}: seat {seat}'s hand is sent")
                    elif any(card is not None for card in _items(item)):
                        problems.append(f"view {n}: {name} shows cards")
            elif how == "decks" and any("HD" not in deck for deck in _items(node)):
                problems.append(f"view {n}: a deck's order is sent")
            elif how.startswith("drop") and node is not None and "X" not in node:
                problems.append(f"view {n}: {name} is sent")
        state = decode_state(view["state"])
        for data in view["events"]:
            event = decode(data)
            if not any(state.seen_by(event, seat) == event for seat in seats):
                problems.append(f"view {n}: {type(event).__name__} shows more than seats {sorted(seats)} see")
    return problems


def _items(node: Any) -> list[Any]:
    if isinstance(node, list):
        return node
    if isinstance(node, dict):
        for tag in ("cl", "ct", "cq", "T", "Q"):
            if tag in node:
                return list(node[tag])
    return []


def threads_and_stacks(depth: int = 14) -> str:
    """Every live thread of this process (name, daemon or not) with its innermost ``depth`` frames: where a stalled
    test stands."""
    import sys
    import threading
    import traceback

    frames = sys._current_frames()
    out = []
    for thread in threading.enumerate():
        kind = "daemon" if thread.daemon else "non-daemon"
        out.append(f"--- thread {thread.name!r} ({kind}, ident {thread.ident})")
        frame = frames.get(thread.ident) if thread.ident is not None else None
        if frame is not None:
            out.append("".join(traceback.format_stack(frame)[-depth:]).rstrip())
    return "\n".join(out)


def open_files() -> int:
    """How many file descriptors this process holds open (sockets, pipes, files; -1 where it can't be told)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return -1


def thread_names() -> list[str]:
    """The live threads of this process, by name (``(daemon)`` marked)."""
    import threading

    return sorted(t.name + (" (daemon)" if t.daemon else "") for t in threading.enumerate())


def queued_events() -> int:
    """How many events wait in pygame's queue (taken out and put back, in order; 0 without a display)."""
    import pygame

    if not pygame.display.get_init():
        return 0
    events = pygame.event.get(pump=False)
    for event in events:
        pygame.event.post(event)
    return len(events)
