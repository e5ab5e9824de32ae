"""The player's data folder, named after the collection (``TheCardRoom``), and the move from its old name.

Versions before the collection's name kept settings, saves, statistics, replays
and journals in a folder named ``SprintSnapScore``.  :func:`open_data_dir`
settles where this start keeps them:

* the new folder exists: it is used, and an old folder beside it is left alone;
* only the old folder exists: it is moved to the new place with one rename; a
  rename that fails (another disk, no permission) becomes a copy, made in a
  hidden folder beside the new place and renamed into it when whole, so a crash
  half way never leaves a half folder that a later start would take for the
  new one; the old folder is then left as it was;
* the copy fails too: the game keeps using the old folder.

Each case but the first says so once, in words for the title's notice line.
``XDG_DATA_HOME`` and ``HOME`` (as :mod:`platformdirs` reads them) and the
command line's ``--data-dir`` still choose where the data lives.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from engine.games import COLLECTION_TITLE
from game.shell.storage import describe_os_error

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

    Returns the folder to use and a notice for the player (None when nothing was moved).
    """
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
    try:
        _copy_whole(old, new)
    except OSError as exc:
        return old, (f"{what} could not be moved from {old} to {new} ({describe_os_error(exc)}); "
                     f"the game keeps using {old}.")
    return new, (f"{what} were copied from {old} to {new}, the folder of {COLLECTION_TITLE}; "
                 "the old folder is left as it was, and you may delete it.")


def _copy_whole(old: Path, new: Path) -> None:
    """Copy ``old`` to ``new`` through a hidden folder beside it: ``new`` appears whole or not at all."""
    staging = new.with_name(f".{new.name}.copying")
    shutil.rmtree(staging, ignore_errors=True)  # what an earlier start left when it was killed half way
    failures: list[OSError] = []

    def copy_file(src: str, dst: str) -> object:
        try:
            return shutil.copy2(src, dst)
        except OSError as exc:  # copytree keeps only its text: the first one is told (the disk is full...)
            failures.append(exc)
            raise

    try:
        try:
            shutil.copytree(old, staging, symlinks=True, copy_function=copy_file)
        except shutil.Error as exc:
            raise (failures[0] if failures else exc) from None
        os.rename(staging, new)
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
