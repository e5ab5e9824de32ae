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


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)})
    return env


def serve(game: str, seats: str, *extra: str, scale: float = SCALE) -> tuple[subprocess.Popen[str], int]:
    """A dedicated host on 127.0.0.1 (a free port): the process and its port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.serve", "--game", game, "--bind", "127.0.0.1", "--port", "0", "--seats", seats,
         "--room", ROOM, "--exit-when-over", "--seconds", "60", "--ai-speed", "instant", "--time-scale", str(scale), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read() if proc.stderr else "the host printed nothing"
    return proc, int(json.loads(line)["port"])


def player(port: int, name: str, *extra: str, scale: float = SCALE) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "game.net.player", "--port", str(port), "--room", ROOM, "--name", name, "--json",
         "--seconds", "40", "--time-scale", str(scale), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)


def finish(proc: subprocess.Popen[str], timeout: float = 45) -> tuple[int, list[Any], str]:
    """Wait for ``proc``: its exit code, its JSON lines and its error output."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return proc.returncode, lines, err


def wait_for(predicate: Any, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False
