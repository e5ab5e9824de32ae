"""Files in the player's data directory: written atomically, never lost, never a crash.

* :func:`write_json` writes a temp file beside the target, fsyncs it and renames
  it over the target, so a crash or a killed process leaves either the old file
  or the new one, never half of each.
* :func:`read_json` returns ``(data, problem)``.  A file that can't be read or
  parsed, or that its ``check`` refuses, is moved aside to
  ``name.corrupt-<time>`` and ``problem`` says so in words a player reads; the
  caller uses defaults and tells the player.  Nothing else is overwritten.  A
  file its ``check`` finds to come from a newer version of the game
  (:class:`NewerFileError`) is left where it is.
* :func:`read_file` opens only regular files (a pipe or a device in place of a
  file would block or never end) of a bounded size; a UTF-8 byte-order mark, as
  Windows editors write, is fine.
* :func:`describe_os_error` says why a write failed in a player's words.

No pygame here: the storage rules are tested on their own.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import threading
import time
from pathlib import Path
from typing import Any, Callable

APP_NAME = "SprintSnapScore"


def default_data_dir() -> Path:
    """The platform's user data directory (never next to the executable)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, APP_NAME))


MAX_FILE_BYTES = 32 * 1024 * 1024
"""No file the game writes comes near this; a bigger one is not ours (and reading it could stall)."""


class DataError(ValueError):
    """A file's content is not what the game wrote; the message says what is wrong."""


NEWER = "comes from a newer version of the game"


class NewerFileError(DataError):
    """A file written by a newer version of the game: this version leaves it alone."""


class NotRegularFileError(OSError):
    """A pipe, a device or a folder where the game expects one of its files."""


def read_file(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most :data:`MAX_FILE_BYTES`.

    Raises ``FileNotFoundError``, :class:`NotRegularFileError`, or another ``OSError``.
    The file is opened without blocking, so a FIFO can't hang the game.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFileError(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > MAX_FILE_BYTES:
            raise NotRegularFileError(errno.EFBIG, "too large to be one of the game's files", str(path))
        with os.fdopen(os.dup(fd), "rb") as stream:
            return stream.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)


def decode_text(raw: bytes) -> str:
    """UTF-8 text, with or without a byte-order mark; raises ``UnicodeDecodeError``."""
    return raw.decode("utf-8-sig")


_ERROR_WORDS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EACCES: "the game is not allowed to write in its data folder",
    errno.EPERM: "the game is not allowed to write in its data folder",
    errno.EROFS: "the data folder is on a read-only disk",
    errno.ENOENT: "the data folder is missing",
    errno.ENOTDIR: "something that is not a folder is in the way",
    errno.EISDIR: "a folder is in the way",
    errno.EIO: "the disk reported an error",
    errno.ENAMETOOLONG: "the data folder's path is too long",
}


def describe_os_error(exc: OSError) -> str:
    """Why a file operation failed, in a player's words (no error numbers, no temp file names)."""
    if isinstance(exc, NotRegularFileError):
        return "something that is not a regular file is in the way"
    return _ERROR_WORDS.get(exc.errno or 0, "the disk refused it")


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
        raw = read_file(path)
    except FileNotFoundError:
        return None, None
    except NotRegularFileError as exc:
        try:
            moved = set_aside(path)
        except OSError:
            return None, f"Your {what} file is not a regular file ({exc.strerror}) and could not be moved aside; {fallback}."
        return None, f"Your {what} file was not a regular file ({exc.strerror}); it was moved aside as {moved.name} and {fallback}."
    except OSError as exc:
        return None, f"Your {what} file could not be read ({describe_os_error(exc)}); {fallback}."
    try:
        data = json.loads(decode_text(raw))
        value = check(data) if check else data
    except NewerFileError as exc:
        return None, f"Your {what} file {NEWER} ({_short(exc)}); it is left as it is."
    except (ValueError, UnicodeDecodeError, TypeError, KeyError, RecursionError) as exc:
        try:
            moved = set_aside(path)
        except OSError:
            return None, f"Your {what} file is damaged ({_short(exc)}) and could not be moved aside; {fallback}."
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
