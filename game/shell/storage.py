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


_READ_WORDS = {
    errno.EACCES: "the game is not allowed to read it",
    errno.EPERM: "the game is not allowed to read it",
    errno.EIO: "the disk reported an error",
    errno.EISDIR: "it is a folder",
}


class KeptFileError(OSError):
    """A file the game could not read is still in place: the game never saves over it."""


def describe_os_error(exc: OSError) -> str:
    """Why a file operation failed, in a player's words (no error numbers, no temp file names)."""
    if isinstance(exc, NotRegularFileError):
        return "something that is not a regular file is in the way"
    if isinstance(exc, KeptFileError):
        return f"{exc.strerror}, so the game does not save over it"
    return _ERROR_WORDS.get(exc.errno or 0, "the disk refused it")


def describe_read_error(exc: OSError) -> str:
    """Why a file could not be read, in a player's words."""
    if isinstance(exc, NotRegularFileError):
        return "something that is not a regular file is in the way"
    return _READ_WORDS.get(exc.errno or 0, "the disk refused it")


def left_in_place(path: Path, problem: str | None) -> bool:
    """After :func:`read_json` told ``problem``: whether the file it could not use is still there.

    Such a file (unreadable, from a newer version, or damaged and not movable aside) is never saved
    over: the game plays on with defaults in memory.
    """
    return problem is not None and os.path.lexists(path)


def write_json(path: Path, data: Any) -> None:
    """Replace ``path`` with ``data`` as JSON, atomically."""
    write_bytes(path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))


def write_bytes(path: Path, content: bytes, sync: bool = True) -> None:
    """Replace ``path`` with ``content``, atomically (temp file, fsync, rename).

    Only file I/O, which releases the GIL: safe to run on a background thread.
    ``sync=False`` skips the fsyncs: still atomic for a killed process, not yet for a power cut.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    with open(tmp, "wb") as out:
        out.write(content)
        out.flush()
        if sync:
            os.fsync(out.fileno())
    os.replace(tmp, path)
    if sync:
        sync_dir(path.parent)


def sync_dir(folder: Path) -> None:
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
              fallback: str = "defaults are used", decode: Callable[[str], Any] = json.loads) -> tuple[Any, str | None]:
    """Load ``path``; return ``(value, None)``, ``(None, None)`` if missing, or ``(None, problem)``.

    ``check`` turns the decoded JSON into the value the game uses and raises
    :class:`DataError` (or ``ValueError``) if the content is wrong.  ``what`` names
    the file for the player: "settings", "statistics", "saved round"; ``fallback`` says what
    the game does instead.  ``decode`` turns the text into JSON values (a
    :class:`Journal` is read with :func:`read_journal_text`).
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
        return None, f"Your {what} file could not be read ({describe_read_error(exc)}); {fallback}; it is left as it is."
    try:
        data = decode(decode_text(raw))
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


JOURNAL_VERSION = 1


class Journal:
    """An append-only journal: a header (a JSON object, such as a game record) and entries, one JSON line each.

    Game-neutral: the header names the list its entries extend (``"entries":
    "actions"``), so reading the journal (:func:`read_journal_text`) gives the
    header object with every entry appended to that list.  Any game's record
    format works, and a real-time game can append many entries cheaply::

        {"journal": 1, "entries": "actions", "record": {...the record when the journal started...}}
        {"player": 0, "type": "draw", "source": "stock"}
        ...

    :meth:`start` writes the header atomically; :meth:`append` writes entries to
    the file before it returns, so an entry is in the operating system's hands
    before the game shows its effect: a killed or crashed game loses nothing.
    With ``sync=True`` it also fsyncs (against a power cut); a game loop passes
    ``sync=False`` and calls :meth:`sync` on a background thread right after, so
    a slow disk's fsync never stalls a frame.  A kill in the middle of an
    append leaves a last line without its newline, which reading ignores (that
    entry was never shown).  :meth:`compact`
    (run on a background thread) folds the entries into a new header and swaps
    the file atomically; a lock keeps it from losing an entry appended meanwhile.
    """

    def __init__(self, path: Path, key: str = "actions") -> None:
        self.path = path
        self.key = key
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._base = 0  # entries in the header
        self._tail: list[bytes] = []  # entry lines after the header
        self._generation = 0

    @property
    def count(self) -> int:
        """Entries in the journal (the header's and the appended ones)."""
        return self._base + len(self._tail)

    @property
    def appended(self) -> int:
        """Entries appended since the header was written (what a compaction would fold in)."""
        return len(self._tail)

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    def header(self, record: dict[str, Any]) -> bytes:
        return self.header_of(json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))

    def header_of(self, record: bytes) -> bytes:
        """:meth:`header` of a record already encoded as JSON on one line (no copy of its work, only of its bytes)."""
        return (b'{"journal":%d,"entries":%s,"record":' % (JOURNAL_VERSION, json.dumps(self.key).encode("utf-8"))
                + record + b"}\n")

    def start(self, record: dict[str, Any], sync: bool = True) -> None:
        """Begin a new journal holding ``record`` (its entries included), replacing any old one."""
        header = self.header(record)
        with self._lock:
            self._close()
            self._generation += 1
            write_bytes(self.path, header, sync)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
            self._base, self._tail = len(record[self.key]), []

    def append(self, entries: list[Any], sync: bool = True) -> None:
        """Add ``entries`` at the end, written to the file (and fsynced if ``sync``) before returning."""
        if not entries:
            return
        lines = [_line(e) for e in entries]
        with self._lock:
            if self._fd is None:
                raise OSError(errno.EBADF, "the journal is not open", str(self.path))
            _write_all(self._fd, b"".join(lines))
            if sync:
                os.fsync(self._fd)
            self._tail.extend(lines)

    def sync(self) -> None:
        """Make everything appended so far survive a power cut (fsync the file and its folder)."""
        with self._lock:
            if self._fd is None:
                return
            fd = os.dup(self._fd)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        sync_dir(self.path.parent)

    def compact(self, header: bytes, count: int, generation: int) -> None:
        """Rewrite the journal as ``header`` (holding the first ``count`` entries) and the entries after them.

        ``generation`` is :attr:`generation` when the header was made: a journal
        started or closed since is left alone.
        """
        with self._lock:
            if self._fd is None or generation != self._generation or count < self._base:
                return
            done = count - self._base
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND | getattr(os, "O_BINARY", 0), 0o644)
        try:
            with self._lock:
                tail = self._tail[done:]
            _write_all(fd, header + b"".join(tail))
            os.fsync(fd)
            with self._lock:
                if self._fd is None or generation != self._generation:
                    return  # closed or restarted meanwhile: ``finally`` closes the temp file (once) and removes it
                late = self._tail[done + len(tail):]  # appended while the new file was written
                if late:
                    _write_all(fd, b"".join(late))
                    os.fsync(fd)
                os.replace(tmp, self.path)
                sync_dir(self.path.parent)
                os.close(self._fd)
                self._fd, fd = fd, -1
                self._base, self._tail = count, tail + late
        finally:
            if fd >= 0:
                os.close(fd)
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    @property
    def generation(self) -> int:
        return self._generation

    def discard(self) -> None:
        """Close the journal and delete its file (its round is kept elsewhere now)."""
        with self._lock:
            self._close()
            self._generation += 1
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass

    def close(self) -> None:
        with self._lock:
            self._close()
            self._generation += 1

    def _close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self._base, self._tail = 0, []


def read_journal_text(text: str) -> dict[str, Any]:
    """The header object of a :class:`Journal`'s text with its entries appended; raises :class:`DataError`.

    A last line without its newline is an append the game never finished: it is left out.
    """
    lines = text.split("\n")
    lines.pop()  # after the last newline: empty, or an unfinished append
    if not lines:
        raise DataError("the journal is empty")
    try:
        head = json.loads(lines[0])
    except ValueError:
        raise DataError("the journal's first line is garbled") from None
    if not isinstance(head, dict):
        raise DataError("the journal's first line is not an object")
    version = head.get("journal")
    if isinstance(version, int) and not isinstance(version, bool) and version > JOURNAL_VERSION:
        raise NewerFileError(f"journal version {version}")
    record, key = head.get("record"), head.get("entries")
    if version != JOURNAL_VERSION or not isinstance(record, dict) or not isinstance(key, str):
        raise DataError("not a version-1 journal")
    entries = record.get(key)
    if not isinstance(entries, list):
        raise DataError(f"the journal's record has no list {key!r}"[:90])
    for n, line in enumerate(lines[1:], 1):
        try:
            entries.append(json.loads(line))
        except ValueError:
            raise DataError(f"line {n + 1} of the journal is garbled") from None
    return record


def _line(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
