"""The player's data folder, named after the collection (``TheCardRoom``), and the move from its old name.

Versions before the collection's name kept settings, saves, statistics, replays
and journals in a folder named ``SprintSnapScore``.  :func:`open_data_dir`
settles where this start keeps them:

* the new folder exists: it is used, and an old folder beside it is left alone;
* only the old folder exists: it is moved to the new place with one rename; a
  rename that fails (another disk, no permission, an older version still
  open) becomes a copy, made in a hidden folder beside the new place, every file
  synced, and renamed into it when whole, so a crash or a power cut half way
  never leaves a half folder that a later start would take for the new one;
  the old folder is then left as it was;
* the copy fails too: the game keeps using the old folder (and tries again at
  its next start).

A new folder that is empty counts as absent; two starts at once each copy into
a hidden folder of their own, the first to finish wins and the other uses it.
Each case but the first says so, in words for the title's notice line.
``XDG_DATA_HOME`` and ``HOME`` (as :mod:`platformdirs` reads them) and the
command line's ``--data-dir`` still choose where the data lives.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
import time
from pathlib import Path

from engine.games import COLLECTION_TITLE
from game.shell.savefiles import fsync_file
from game.shell.storage import describe_os_error, sync_dir

APP_NAME = "TheCardRoom"
"""The name of the one-file executable and of the data folder."""
OLD_APP_NAME = "SprintSnapScore"
"""Their name before the collection's: a data folder of this name is moved to :data:`APP_NAME`'s."""


def _user_data_dir(name: str) -> Path:
    import platformdirs  # here, not at import: the title's first frame comes sooner

    return Path(platformdirs.user_data_dir(name, name))


def default_data_dir() -> Path:
    """The platform's user data directory of the collection (never next to the executable)."""
    return _user_data_dir(APP_NAME)


def old_data_dir() -> Path:
    """Where versions before the collection's name kept their data."""
    return _user_data_dir(OLD_APP_NAME)


def open_data_dir() -> tuple[Path, str | None]:
    """The data folder this start uses, the old one moved there first if need be; and what to tell the player."""
    return settle(old_data_dir(), default_data_dir())


def settle(old: Path, new: Path) -> tuple[Path, str | None]:
    """Use ``new``; if only ``old`` exists, move it there (rename, else copy), else keep ``old``.

    Returns the folder to use and a notice for the player (None when nothing was moved).  Never raises: a folder
    that can't even be looked at leaves ``new`` in use, and says so.
    """
    try:
        return _settle(old, new)
    except OSError as exc:
        return new, f"The folder of earlier versions, {old}, could not be looked at ({describe_os_error(exc)})."


def _settle(old: Path, new: Path) -> tuple[Path, str | None]:
    if _empty_dir(new):  # made by hand or by a tool, nothing of ours in it: the old data is worth more
        try:
            new.rmdir()
        except OSError:
            pass
    if os.path.lexists(new) or not old.is_dir():
        return new, None
    what = "Your settings, saves and statistics"
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        os.rename(old, new)
    except OSError:
        pass
    else:
        _drop_empty_parent(old)
        return new, f"{what} were moved from {old} to {new}, the folder of {COLLECTION_TITLE}."
    if os.path.lexists(new):  # another start of the game moved or copied it meanwhile
        return new, None
    try:
        _copy_whole(old, new)
    except OSError as exc:
        if os.path.lexists(new):
            return new, None
        if not old.is_dir():  # gone meanwhile (another start): nothing of it to keep using
            return new, None
        return old, (f"{what} could not be moved from {old} to {new} ({describe_os_error(exc)}); "
                     f"the game keeps using {old} and tries again at its next start.")
    return new, (f"{what} were copied from {old} to {new}, the folder of {COLLECTION_TITLE}; the old folder is "
                 "left as it was. If an older version of the game is still open, what it saves from now on stays "
                 "in the old folder; once it is closed, you may delete the old folder.")


def _empty_dir(path: Path) -> bool:
    try:
        return path.is_dir() and not path.is_symlink() and not any(path.iterdir())
    except OSError:
        return False


STALE_COPY_S = 24 * 3600
"""A copy's hidden folder this old was left by a start that was killed: it is cleared."""


def _copy_whole(old: Path, new: Path) -> None:
    """Copy ``old`` to ``new`` through a hidden folder of this start's own beside it, every file synced: ``new``
    appears whole or not at all (another start copying at the same time has its own; the first to finish wins)."""
    prefix = f".{new.name}.copying-"
    for leftover in new.parent.glob(prefix + "*"):  # another start's copy may be under way: only old ones go
        try:
            if time.time() - leftover.stat().st_mtime > STALE_COPY_S:
                shutil.rmtree(leftover, ignore_errors=True)
        except OSError:
            pass
    staging = Path(tempfile.mkdtemp(prefix=prefix, dir=new.parent))
    failures: list[OSError] = []

    def copy_file(src: str, dst: str) -> object:
        try:
            done = shutil.copy2(src, dst)
            fsync_file(Path(dst))
            return done
        except OSError as exc:  # copytree keeps only its text: the first one is told (the disk is full...)
            failures.append(exc)
            raise

    try:
        try:
            shutil.copytree(old, staging, symlinks=True, copy_function=copy_file, dirs_exist_ok=True)
        except shutil.Error as exc:
            raise (failures[0] if failures else exc) from None
        for folder in [staging, *(p for p in staging.rglob("*") if p.is_dir() and not p.is_symlink())]:
            sync_dir(folder)
        if os.path.lexists(new):  # another start finished first: its copy is the one
            raise FileExistsError(errno.EEXIST, "copied meanwhile", os.fspath(new))
        os.rename(staging, new)
        sync_dir(new.parent)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _drop_empty_parent(old: Path) -> None:
    """On Windows the old data sat in ``SprintSnapScore\\SprintSnapScore``: the outer folder, now empty, goes too."""
    if old.parent.name == OLD_APP_NAME:
        try:
            old.parent.rmdir()
        except OSError:
            pass  # not empty: something of the player's is in it
