"""Files in the player's data directory: written atomically, never lost, never a crash.

* :func:`write_json` writes a temp file beside the target, fsyncs it and renames
  it over the target, so a crash or a killed process leaves either the old file
  or the new one, never half of each.
* :func:`read_json` returns ``(data, problem)``.  A file that can't be read or
  parsed, or that its ``check`` refuses, is moved aside to
  ``name.corrupt-<time>`` and ``problem`` says so in words a player reads; the
  caller uses defaults and tells the player.  Nothing else is overwritten.

No pygame here: the storage rules are tested on their own.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable

APP_NAME = "SprintSnapScore"


def default_data_dir() -> Path:
    """The platform's user data directory (never next to the executable)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, APP_NAME))


class DataError(ValueError):
    """A file's content is not what the game wrote; the message says what is wrong."""


def write_json(path: Path, data: Any) -> None:
    """Replace ``path`` with ``data`` as JSON, atomically."""
    write_bytes(path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))


def write_bytes(path: Path, content: bytes) -> None:
    """Replace ``path`` with ``content``, atomically (temp file, fsync, rename).

    Only file I/O, which releases the GIL: safe to run on a background thread.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    with open(tmp, "wb") as out:
        out.write(content)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable (not possible on Windows, where it is not needed)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path) -> Path:
    """Move a bad file out of the way as ``name.corrupt-<time>``; return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


def read_json(path: Path, what: str, check: Callable[[Any], Any] | None = None,
              fallback: str = "defaults are used") -> tuple[Any, str | None]:
    """Load ``path``; return ``(value, None)``, ``(None, None)`` if missing, or ``(None, problem)``.

    ``check`` turns the decoded JSON into the value the game uses and raises
    :class:`DataError` (or ``ValueError``) if the content is wrong.  ``what`` names
    the file for the player: "settings", "statistics", "saved round"; ``fallback`` says what
    the game does instead.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"Your {what} file could not be read ({exc.strerror or exc}); {fallback}."
    try:
        data = json.loads(raw.decode("utf-8"))
        value = check(data) if check else data
    except (ValueError, UnicodeDecodeError, TypeError, KeyError, RecursionError) as exc:
        try:
            moved = set_aside(path)
        except OSError:
            return None, f"Your {what} file is damaged and could not be moved aside: {exc}"
        return None, f"Your {what} file was damaged ({_short(exc)}); it was kept as {moved.name} and {fallback}."
    return value, None


def _short(exc: Exception) -> str:
    """What was wrong with a file, in a player's words where the cause is known."""
    if isinstance(exc, json.JSONDecodeError):
        return "it is not readable" if exc.pos == 0 else f"it breaks off or is garbled at line {exc.lineno}"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not text"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) <= 90 else text[:87] + "..."
