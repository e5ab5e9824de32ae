"""Headless modes every game shares: loading a record for ``--replay``, and the loop helpers
each game's tools module (named by the registry's ``tools``) drives its table with.

Everything drives the real loop (:meth:`game.shell.app.App.run`) with a fixed
``dt`` on whatever video driver is set (the dummy one when no display is wanted).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from engine import games
from engine.envelope import RecordError

from game.shell.app import App
from game.shell.storage import NotRegularFileError, read_file

DT = 1 / 60


def load_record(path: Path):
    """Any game's record from ``path``, or None after telling stderr what is wrong with it."""
    try:
        text = read_file(Path(path))
    except NotRegularFileError:
        print(f"--replay: {path} is not a regular file (a pipe, a device or a folder); give a game record's file",
              file=sys.stderr)
        return None
    except OSError as exc:
        print(f"--replay: can't read {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
    try:
        return games.load_record(text)
    except RecordError as exc:
        print(f"--replay: {path} is not a game record we can play: {exc}", file=sys.stderr)
        return None


def advance(app: App, seconds: float) -> None:
    app.run(max_frames=max(1, round(seconds / DT)), fixed_dt=DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    advance(app, DT)


def until(app: App, cond, limit: float = 60.0) -> None:
    frames = 0
    while not cond() and frames < limit / DT:
        app.step(DT, pygame.event.get())
        frames += 1


def shoot(app: App, out: Path, name: str) -> None:
    app.dirty = True
    app.step(0.0, [])
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"{name}-{w}x{h}.png"))


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    advance(app, DT)
