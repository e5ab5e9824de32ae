"""Save and resume: the round in progress on disk after every action, and the last rounds played.

Files in the data directory (the platform's user data folder, or ``--data-dir``):

* ``save.journal``: the round in progress as a :class:`game.storage.Journal`:
  the record when the round started (or was resumed), then one line per
  action, written to the file before the table shows the action (a write
  call, tens of microseconds), so a killed or crashed game loses nothing it
  showed; the background thread fsyncs it right after, for a power cut, so a
  slow disk never stalls a frame.  It is compacted in the background every
  :data:`COMPACT_EVERY` actions.
* ``save.json``: the same round as a ``sprint-snap-score/1`` game record,
  rewritten atomically in the background after every action (one file to
  open with ``--replay``; a race table's calls come in bursts, so its call's
  frame writes only the journal line, and the save and the journal's sync are
  queued on its next quiet frame: :meth:`SaveStore.note` with ``later``).  The main thread converts and encodes only the
  actions new since the last save (:class:`game.shell.resume.RoundSaver`);
  the writer thread joins the file's bytes, so an action costs the same
  early and late in a long round.  A Master seat carries its think budget
  (``think_ms``) and the record carries ``"setup"`` (who starts and the deal
  number as the player chose them, null for random), so the table is rebuilt
  as it was and "Play again" deals as before.  At start-up the journal wins
  when it holds more of the round.
* ``history/<time>.json``: finished rounds, newest last, the last :data:`HISTORY_SIZE`
  kept.  A saved round that was never finished goes there too when a new round
  replaces it (nothing is lost); the Replays screen and ``--replay`` open them.
  A finished round goes there at once (the player is told at once if it
  can't) and is never offered for resume: its journal is renamed
  ``save.journal.finished`` as the last action is played, the writer files it
  and removes it; one found at start-up (a kill before that, or a history
  folder that could not be written) is filed then, once.

``save.json`` and history files are written on a background thread
(:class:`Writer`), in order, so a slow disk never stalls a frame; the game
waits for them before the process ends.

Resuming (:func:`resume`) plays the saved actions on a fresh table with no
animation; the bots carry on through the turn scheduler, and a hot-seat table
starts behind the pass-device screen.

A damaged save is set aside as ``save.json.corrupt-<time>`` and the player is
told.  A save written by a newer version of the game (a later record format) is
never read, moved or overwritten: the player is told, and this version keeps its
own rounds in ``save-v1.json`` beside it for as long as that file is there.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from engine.envelope import RecordError
from engine.games import load

from game.shell.filejobs import Writer
from game.shell.resume import RoundSaver, SaveBytes, SavedGame, check_saved_round, encode_json, load_saved_record

from game.shell.savefiles import data_of, fsync_file, held_by_another, newer_format_of, progress, read_saved_journal
from game.shell.storage import Journal, describe_os_error, read_file, read_json, write_bytes

TableScene = Any
"""Any game's table (the shell sits below the tables: it reads ``record``, ``setup`` and ``show_toast``)."""

SAVE_NAME = "save.json"
SIDE_SAVE_NAME = "save-v1.json"  # ours, while save.json belongs to a newer version of the game
HISTORY_DIR = "history"
HISTORY_SIZE = 20
COMPACT_EVERY = 64
"""Actions appended to the journal before it is folded into a new header in the background."""


class SaveStore:
    """The save file and the history of one data directory.

    ``pending`` is the round there is to resume (its JSON), or None; ``problems``
    are messages for the player (a damaged or too-new save).
    """

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.pending: dict[str, Any] | None = None
        self.problems: list[str] = []
        self.blocked = False  # save.json belongs to a newer version of the game
        self.live: object | None = None  # the table whose round ``pending`` is
        self.write_failed = False  # a write failed and the player was told
        self.errors_told = 0  # background write errors shown so far
        self.told: list[tuple[TableScene, str]] = []  # messages from the writer thread for the next frame
        self.writer = Writer()
        self.journal = Journal(self.data_dir / "save.journal")
        self.journal_for: object | None = None  # the table the open journal belongs to
        self._checked: tuple[dict[str, Any], SavedGame, Any] | None = None  # pending, its record, its final state
        self.saver = RoundSaver()  # the live round's actions, converted once each
        self.unsaved: TableScene | None = None  # a table whose last actions are journalled only (``note(later=True)``)

    @classmethod
    def open(cls, data_dir: Path) -> SaveStore:
        store = cls(data_dir)
        store.load()
        return store

    @property
    def path(self) -> Path:
        """Where this version writes the round in progress."""
        return self.data_dir / (SIDE_SAVE_NAME if self.blocked else SAVE_NAME)

    @property
    def journal_path(self) -> Path:
        return self.path.with_suffix(".journal")

    @property
    def finished_path(self) -> Path:
        """A finished round's journal until it is in the history."""
        return self.journal_path.with_name(self.journal_path.name + ".finished")

    @property
    def history_dir(self) -> Path:
        return self.data_dir / HISTORY_DIR

    # --- loading ---------------------------------------------------------------

    def load(self) -> None:
        """Find the round to resume, telling the player about a damaged or too-new file."""
        main = self.data_dir / SAVE_NAME
        self._remove_temp_files(main)
        held = held_by_another(main) or held_by_another(main.with_suffix(".journal"), journal=True)
        self.blocked = held is not None
        if held is not None:
            self.problems.append(f"Your {held}; this version leaves it as it is. New rounds are saved beside it "
                                 f"as {SIDE_SAVE_NAME}.")
        else:
            side = self.data_dir / SIDE_SAVE_NAME
            for ours, usual in ((side, main), (side.with_suffix(".journal"), main.with_suffix(".journal"))):
                if ours.exists() and not os.path.lexists(usual):
                    try:
                        os.replace(ours, usual)  # the newer version's files are gone: ours take the usual names again
                    except OSError:
                        self.blocked = True
        path = self.path
        self.journal = Journal(self.journal_path)
        self._remove_temp_files(path)
        self._remove_temp_files(self.journal_path)
        if self.blocked and newer_format_of(path) is not None:
            self.pending = None
            return
        fallback = "the round could not be resumed"
        done, done_problem = read_json(self.finished_path, "finished round's journal", check_saved_round,
                                       fallback="it is not in the history", decode=read_saved_journal)
        record, problem = read_json(path, "saved round", check_saved_round, fallback=fallback)
        logged, journal_problem = read_json(self.journal_path, "saved round's journal", check_saved_round,
                                            fallback=fallback, decode=read_saved_journal)
        self.problems += [p for p in (done_problem, problem, journal_problem) if p]
        if done is not None:
            # the game stopped before a finished round was in the history: file it (once); its save is not resumable
            filed = self._file_finished(done, data_of(self.finished_path, journal=True))
            if filed:
                self._remove(self.finished_path)
            if record is not None and _same_round(record, done):
                record = None
                if filed:
                    self._remove(path)
            if logged is not None and _same_round(logged, done):
                logged = None
                if filed:
                    self._remove(self.journal_path)
        if record is not None and logged is not None and not _same_round(record, logged):
            # a new round had begun when the process stopped: the one before it goes to the history
            self._file_away(record, data_of(path))
            record = None
        if logged is not None and (record is None or progress(logged) >= progress(record)):
            record, data = logged, data_of(self.journal_path, journal=True)
        elif record is not None:
            data = data_of(path)
        if record is None:
            return
        if record.scores is not None:  # finished, but the game stopped before moving it to the history
            if self._file_finished(record, data):
                self._remove(path)
                self._remove(self.journal_path)
            return
        self.pending = data
        self._checked = (data, record, None)

    def _file_finished(self, record: SavedGame, data: dict[str, Any]) -> bool:
        """Put a finished round found at start-up in the history (once); False, and the player told, if it can't."""
        data["scores"] = list(record.scores or ())
        try:
            self._archive_once(record, data)
        except OSError as exc:
            self.problems.append(f"A finished round could not be put in the history ({describe_os_error(exc)}); "
                                 "it is kept and goes there on a later start.")
            return False
        return True

    def _file_away(self, record: SavedGame, data: dict[str, Any]) -> None:
        try:
            self._archive_once(record, data)
        except OSError as exc:
            self.problems.append(f"An earlier round could not be put in the history ({describe_os_error(exc)}).")

    def pending_record(self) -> SavedGame | None:
        """The round to resume, checked (once for each ``pending``: a long round is replayed once, not per question)."""
        if self.pending is None:
            return None
        if self._checked is not None and self._checked[0] is self.pending:
            return self._checked[1]
        try:
            record = check_saved_round(self.pending)
        except (RecordError, ValueError):
            return None
        self._checked = (self.pending, record, None)
        return record

    def _pending_state(self, record: SavedGame) -> Any:
        """The pending round's final state, replayed once."""
        assert self._checked is not None and self._checked[1] is record
        if self._checked[2] is None:
            loaded = getattr(record, "loaded_state", None)  # the check's replay, kept by the shared envelope
            self._checked = (self._checked[0], record, loaded if loaded is not None else record.final_state())
        return self._checked[2]

    def describe_pending(self) -> str:
        """A short line for the Resume button: who plays and how far the round is."""
        record = self.pending_record()
        if record is None:
            return ""
        names = " vs ".join(p.name if p.kind == "human" else f"{p.name} ({(p.level or '').title()})" for p in record.players)
        state = self._pending_state(record)
        info = getattr(record, "info", None)
        if info is not None and info.table:  # a table may say how far its game is in its own words
            describe = getattr(load(info.table), "describe_state", None)
            if describe is not None:
                return f"{names}, {describe(state, record)}"
        turn = getattr(state, "turn", None)
        return f"{names}, turn {turn + 1}" if isinstance(turn, int) else f"{names}, {len(record.actions)} moves in"

    @staticmethod
    def _remove_temp_files(path: Path) -> None:
        """Temp files of a write that never finished (a killed process); the real file is intact."""
        for tmp in path.parent.glob(f".{path.name}.*.tmp"):
            try:
                pid = int(tmp.name[len(path.name) + 2:-4].split(".")[0])  # .save.json.<pid>.<thread>.tmp
            except ValueError:
                continue
            if pid != os.getpid():
                try:
                    tmp.unlink()
                except OSError:
                    pass

    # --- after every action ----------------------------------------------------

    def note(self, table: TableScene, later: bool = False) -> None:
        """An action was just played at ``table``: journal it, save the round, or file it away if it is over.

        The journal entry is on disk when this returns, before the table draws the action.  ``later`` (a race
        table's call frame): only that, unless it is the round's first or last action; the save file and the
        journal's sync (against a power cut) wait for :meth:`settle`, on the table's next quiet frame.
        """
        if table.replaying or table.network is not None:
            return  # a replay, or a network game (the host keeps its journal; its controller journals nothing)
        if later and table is self.live and self.journal_for is table and self.journal.is_open and not table.state.is_over:
            try:
                self.journal.append(self.saver.actions(table)[self.journal.count:], sync=False)
            except OSError as exc:  # this action is not on disk: say so every time
                self._tell(table, f"The round could not be saved: {describe_os_error(exc)}.")
            self.unsaved = table
            return
        unsaved, self.unsaved = self.unsaved, None
        if unsaved is not None and unsaved is not table:
            self.note(unsaved)  # another table's actions journalled only: saved first
        if table is not self.live:
            self._start(table)
        data, saved = self.saver.save(table)  # only the new actions' work here; the thread joins the bytes
        try:
            self._journal(table, data, saved)
        except OSError as exc:  # this action is not on disk: say so every time
            self._tell(table, f"The round could not be saved: {describe_os_error(exc)}.")
        path = self.path
        journal = self.journal
        if table.state.is_over:
            self.pending = None
            self.live = None
            self.journal_for = None
            self.saver.clear()
            finished = self.finished_path
            try:  # the finished round's journal is set apart at once: a new round can't overwrite it
                journal.close()
                os.replace(self.journal_path, finished)
            except OSError:
                finished = self.journal_path

            def finish() -> None:
                """On the writer thread, after every earlier save: file the round away, or say at once why not."""
                try:
                    fsync_file(finished)
                    self._archive(saved.content())
                except OSError as exc:
                    self._tell(table, f"This round could not be put in the history ({describe_os_error(exc)}). "
                                      f"It is kept as {finished.name} and goes there when the game starts again.")
                    return
                self._remove(path)
                self._remove(finished)

            self.writer.submit("finish", finish)
            return

        def save() -> None:
            journal.sync()
            write_bytes(path, saved.content())

        self.writer.submit("save", save)
        self.pending = data
        if len(self.writer.errors) > self.errors_told:  # a background write failed since the last action
            self.errors_told = len(self.writer.errors)
            self._tell(table, f"The round could not be saved: {describe_os_error(self.writer.errors[-1])}.")

    def settle(self) -> None:
        """The save file and the journal's sync of actions journalled ``later`` (see :meth:`note`), if any."""
        if self.unsaved is not None:
            self.note(self.unsaved)

    def _journal(self, table: TableScene, data: dict[str, Any], saved: SaveBytes) -> None:
        """Make the table's actions durable: a new journal for a new table, else the actions it lacks."""
        journal = self.journal
        if self.journal_for is not table or not journal.is_open:
            self.journal_for = None
            journal.start(data, sync=False)  # the writer thread syncs it next
            self.journal_for = table
            return
        journal.append(data["actions"][journal.count:], sync=False)
        if journal.appended >= COMPACT_EVERY:
            count, generation = len(data["actions"]), journal.generation
            self.writer.submit("compact", lambda: journal.compact(journal.header_of(saved.content()), count, generation))

    def _tell(self, table: TableScene, message: str) -> None:
        """Show a failed write at once: now on the main thread, or at the next frame (:meth:`poll`) from the writer."""
        self.write_failed = True
        if threading.current_thread() is threading.main_thread():
            table.show_toast(message, True, kept=True)
        else:
            self.told.append((table, message))

    def poll(self) -> None:
        """Show what the writer thread has to tell (called every frame; nothing to do almost always)."""
        while self.told:
            table, message = self.told.pop(0)
            table.show_toast(message, True, kept=True)

    def flush(self) -> None:
        """Wait for the files of every action so far to be on disk."""
        self.settle()
        self.writer.flush()

    def _start(self, table: TableScene) -> None:
        """A new round's first action: an unfinished round still saved goes to the history first."""
        if self.pending is not None:
            unfinished = encode_json(self.pending)
            self.writer.submit("archive", lambda: self._archive(unfinished))
        self.pending = None
        self.live = table

    def adopt(self, table: TableScene) -> None:
        """``table`` continues the pending round (it was resumed): its actions replace the save."""
        self.live = table

    # --- history ---------------------------------------------------------------

    def _archive_once(self, record: SavedGame, data: dict[str, Any]) -> Path:
        """File ``data`` (``record``'s JSON) in the history unless it is there already (a kill after the write)."""
        for path in reversed(self.history_files()):
            try:
                other = json.loads(read_file(path))
            except (OSError, ValueError, RecursionError):
                continue
            if isinstance(other, dict) and _same_round_data(other, data) and other.get("actions") == data.get("actions"):
                return path
        return self._archive(encode_json(data))

    def _archive(self, content: bytes) -> Path:
        folder = self.history_dir
        stamp = time.strftime("%Y%m%d-%H%M%S")
        n = 0
        path = folder / f"{stamp}-{n:02d}.json"
        while path.exists():
            n += 1
            path = folder / f"{stamp}-{n:02d}.json"
        write_bytes(path, content)
        for old in self.history_files()[:-HISTORY_SIZE]:
            self._remove(old)
        return path

    def history_files(self) -> list[Path]:
        """The history, oldest first."""
        try:
            return sorted(p for p in self.history_dir.glob("*.json") if not p.name.startswith("."))
        except OSError:
            return []

    def history(self) -> tuple[list[tuple[Path, SavedGame]], list[str]]:
        """The rounds in the history, newest first, and problems with any that can't be read.

        A damaged file is set aside like any other; one from a newer version is skipped and left alone.
        """
        self.flush()
        rounds: list[tuple[Path, SavedGame]] = []
        problems: list[str] = []
        for path in reversed(self.history_files()):
            newer = newer_format_of(path)
            if newer is not None:
                problems.append(f"{path.name} comes from a newer version of the game ({newer}) and was skipped.")
                continue
            record, problem = read_json(path, f"replay {path.name}", load_saved_record, fallback="it is not listed")
            if problem:
                problems.append(problem)
            if record is not None:
                rounds.append((path, record))
        return rounds, problems

    @staticmethod
    def _remove(path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass


_ROUND_KEYS = ("format", "seed", "players", "first_player", "deal", "options")


def _same_round_data(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return all(a.get(k) == b.get(k) for k in _ROUND_KEYS)


def _same_round(a: SavedGame, b: SavedGame) -> bool:
    """Whether two records are the same game (the same seats and deal), however far each got."""
    return a.same_game(b) and a.actions[:len(b.actions)] == b.actions[:len(a.actions)]


__all__ = ["HISTORY_SIZE", "SaveStore"]
