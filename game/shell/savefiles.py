"""The save folder's files as they are found: a journal read as its record, who a file belongs to, its data.

Helpers of :mod:`game.shell.saves` that look at one file at a time (no store, no threads).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.envelope import is_int
from engine.games import is_newer_format

from game.shell.resume import SavedGame
from game.shell.storage import JOURNAL_VERSION, NotRegularFileError, describe_read_error, read_file, read_journal_text


def progress(record: SavedGame) -> tuple[int, int]:
    """How far a saved game got: its actions, then (a real-time game) the time its timers ran on to."""
    clock = getattr(record, "clock", 0)
    return len(record.actions), clock if isinstance(clock, int) else 0


def read_saved_journal(text: str) -> dict[str, Any]:
    """A saved game's journal as its record: the header with the actions appended after it.

    The header was written when the journal began, so its ``clock`` (a real-time
    game's time) is older than the actions appended since: the clock runs at
    least to the last action's time.
    """
    record = read_journal_text(text)
    clock, actions = record.get("clock"), record.get("actions")
    last = actions[-1].get("at") if isinstance(actions, list) and actions and isinstance(actions[-1], dict) else None
    if is_int(clock) and is_int(last) and last > clock:
        record["clock"] = last
    return record


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def data_of(path: Path, journal: bool = False) -> dict[str, Any]:
    """The JSON of a file that was just read and checked."""
    text = read_file(path).decode("utf-8-sig")
    data: dict[str, Any] = read_saved_journal(text) if journal else json.loads(text)
    return data


def held_by_another(path: Path, journal: bool = False) -> str | None:
    """Why this version must leave ``path`` alone (a newer version's save or journal, or one it can't read), or None."""
    what = "saved round's journal" if journal else "saved round"
    try:
        raw = read_file(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if isinstance(exc, NotRegularFileError):
            return None  # set aside and reported when it is read
        return f"{what} could not be read ({describe_read_error(exc)})"
    try:
        data = json.loads(raw.split(b"\n", 1)[0] if journal else raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if journal and isinstance(data, dict):
        version = data.get("journal")
        if is_int(version) and version > JOURNAL_VERSION:
            return f"saved round's journal comes from a newer version of the game (journal version {version})"
        data = data.get("record")
    value = data.get("format") if isinstance(data, dict) else None
    if is_newer_format(value):
        return f"{what} comes from a newer version of the game ({value})"
    return None


def newer_format_of(path: Path) -> str | None:
    """The format named in ``path`` if it is a later version than this app reads, else None."""
    try:
        data = json.loads(read_file(path))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return None
    value = data.get("format") if isinstance(data, dict) else None
    return value if is_newer_format(value) else None
