"""The seats this computer holds at network tables, kept on disk: an app closed or crashed mid-game takes its seat back.

A friend's seat is proved by the token the host gave it (:mod:`game.net.host`).
The running client keeps it for a dropped connection; this file keeps it across
a restart of the app, keyed by the host's address, port and room code, for
:data:`KEEP_S` seconds.  A damaged file is set aside and the player told; it never
stops a join.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game.shell.storage import DataError, read_json, write_json

FILE = "net-seats.json"
KEEP_S = 12 * 3600
"""A seat is remembered this long after its host last welcomed this computer."""
MOST = 20
"""At most this many tables are remembered (the newest)."""


def _key(address: str, port: int, room: str) -> str:
    return f"{address.strip().lower()}:{int(port)}:{room.strip().upper()}"


def _check(data: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(data, dict):
        raise DataError("not a table of seats")
    seats: dict[str, dict[str, Any]] = {}
    for key, entry in data.items():
        if not (isinstance(key, str) and isinstance(entry, dict) and isinstance(entry.get("token"), str)
                and 0 < len(entry["token"]) <= 64 and isinstance(entry.get("at"), (int, float))):
            raise DataError(f"a seat entry is not a token and a time: {str(key)[:40]}")
        seats[key] = {"token": entry["token"], "at": float(entry["at"])}
    return seats


def _load(data_dir: Path) -> tuple[dict[str, dict[str, Any]], str | None]:
    seats, problem = read_json(Path(data_dir) / FILE, "network seats", _check,
                               fallback="this computer rejoins tables as a newcomer")
    now = time.time()
    return {k: v for k, v in (seats or {}).items() if now - v["at"] <= KEEP_S}, problem


def saved_token(data_dir: Path, address: str, port: int, room: str) -> tuple[str | None, str | None]:
    """The token this computer was given at that table, if remembered; and a problem with the file to tell."""
    seats, problem = _load(data_dir)
    entry = seats.get(_key(address, port, room))
    return (entry["token"] if entry else None), problem


def remember(data_dir: Path, address: str, port: int, room: str, token: str | None) -> str | None:
    """Keep (or, with ``token`` None, forget) this computer's seat at that table; why it couldn't be written."""
    seats, _ = _load(data_dir)
    key = _key(address, port, room)
    seats.pop(key, None)
    if token:
        seats[key] = {"token": token, "at": time.time()}
    newest = dict(sorted(seats.items(), key=lambda kv: kv[1]["at"])[-MOST:])
    try:
        write_json(Path(data_dir) / FILE, newest)
    except OSError as exc:
        return f"This computer's seat could not be remembered ({exc.strerror or exc})."
    return None


__all__ = ["FILE", "KEEP_S", "remember", "saved_token"]
