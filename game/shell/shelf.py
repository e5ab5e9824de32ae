"""Each game's own files: its save, its history and its statistics, in a folder of its own.

The data folder holds the global ``settings.json`` and one folder per game
(``sprint/``, ``snap/`` ...), each with ``save.json``, ``history/`` and
``stats.json``, written with the same care as ever (atomic writes, damaged files
set aside and reported, newer versions left alone).  Versions before the
collection kept Sprint's files at the top of the data folder: :func:`migrate`
moves them into ``sprint/`` on the first start of this version.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.games import PRE_COLLECTION_GAME
from game.shell.saves import SaveStore
from game.shell.stats import Statistics, load_statistics, save_statistics
from game.shell.storage import describe_os_error

LEGACY_GAME = PRE_COLLECTION_GAME
LEGACY_FILES = ("save.json", "save-v1.json", "save.journal", "save.journal.finished", "stats.json", "stats-v1.json",
                "history")


def migrate(data_dir: Path) -> list[str]:
    """Move a pre-collection Sprint save, statistics and history into ``sprint/``; problems as messages.

    Each file moves only if the game folder has none of that name yet, so a
    second run (or a crash half way) never overwrites anything.
    """
    problems: list[str] = []
    target = data_dir / LEGACY_GAME
    for name in LEGACY_FILES:
        old = data_dir / name
        if not os.path.lexists(old):
            continue
        new = target / name
        if os.path.lexists(new):
            continue
        try:
            target.mkdir(parents=True, exist_ok=True)
            os.replace(old, new)
        except OSError as exc:
            problems.append(f"Your Sprint, Snap, Score {name} could not be moved into its game folder "
                            f"({exc.strerror or exc}); it stays where it was.")
    return problems


class Shelf:
    """One game's files: ``saves`` (the round to resume and the history) and ``stats``."""

    def __init__(self, data_dir: Path, game_id: str) -> None:
        self.game_id = game_id
        self.folder = data_dir / game_id
        self.saves = SaveStore.open(self.folder)
        self.stats: Statistics
        self.stats, self.stats_path, problem = load_statistics(self.folder)
        self.problems = list(self.saves.problems) + ([problem] if problem else [])

    def save_stats(self) -> str | None:
        """Write the statistics; a message for the player if that failed."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"Statistics could not be saved: {describe_os_error(exc)}."
        return save_statistics(self.stats, self.stats_path)
