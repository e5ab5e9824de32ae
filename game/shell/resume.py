"""Saved games of any game: check one, rebuild its setup, and reopen its table at the saved moment.

A saved game is a record of the game's own kind (Sprint's ``sprint-snap-score/1``
or the shared envelope), found through the registry from its ``format``.  The
table of the game (named by the registry) replays the saved actions without
animation, so a resumed table is exactly where the player left it.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from engine.envelope import is_int
from engine.games import load, load_record_data

from game.shell.session import GameSetup
from game.shell.storage import DataError


class ResumingApp(Protocol):
    """What :func:`resume` uses of the app (which imports this module: a Protocol, not ``App``)."""

    saves: Any
    stack: Any
    dirty: bool

    def to_title(self) -> None: ...

SavedGame = Any
"""A record of any game: ``players``, ``seed``, ``actions``, ``scores``, ``extra``, ``final_state()``,
``same_game(other)``, ``without_actions()``, ``to_json()`` (Sprint's Record and the shared GameRecord)."""

MAX_DEAL = 10**9
"""Deal numbers are typed with at most 9 digits; a bigger one in a file is not ours (the deal is then random)."""


def load_saved_record(data: Any) -> SavedGame:
    """Any game's record from its decoded JSON, its AI levels the game's; ``RecordError`` saying what is wrong."""
    return load_record_data(data, levels=True)


def check_saved_round(data: Any) -> SavedGame:
    """A saved game this version can resume; raises ``ValueError`` saying what is wrong."""
    record = load_saved_record(data)
    setup = record.extra.get("setup", {})
    if not isinstance(setup, dict):
        raise DataError("setup: expected an object")
    return record


def setup_of(record: SavedGame) -> GameSetup:
    """The game setup a saved game was started from (its seats' settings included)."""
    setup = GameSetup.from_record(record)
    chosen = record.extra.get("setup")
    if isinstance(chosen, dict):
        first, deal = chosen.get("first"), chosen.get("deal")
        setup.first = first if is_int(first) and 0 <= first < len(setup.seats) else None
        setup.deal = deal if is_int(deal) and 0 <= deal < MAX_DEAL else None
        restore = getattr(load(setup.info.table), "restore_setup", None)  # what a game carries between deals
        if restore is not None:
            restore(setup, chosen)
    return setup


def round_data(table: Any, actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The table's record as JSON, with what it takes to rebuild the table.

    ``actions``: the record's actions already converted (by :class:`RoundSaver`), else they are converted here.
    """
    table.record.note_outcome(table.state)
    data: dict[str, Any] = table.record.to_json() if actions is None else table.record.to_json(actions)
    thinking = {lv.id for lv in table.setup.info.levels if lv.thinks}
    for player, seat in zip(data["players"], table.setup.seats):
        if seat.is_ai and seat.level in thinking:
            player["think_ms"] = seat.think_ms if seat.think_ms is not None else table.app.think_ms
    saved = getattr(table, "saved_setup", None)  # what a game carries between deals (Sprint: its match)
    data["setup"] = {"first": table.setup.first, "deal": table.setup.deal, **(saved() if saved else {})}
    return data


def encode_json(data: Any) -> bytes:
    """Compact JSON, as the save and history files are written."""
    return json.dumps(data, separators=(",", ":")).encode("utf-8")


class SaveBytes:
    """A round's save file, put together when it is written (on the writer thread): the round without its
    actions, encoded, then the first ``count`` encoded actions (an append-only list: later ones don't count)."""

    def __init__(self, head: bytes, encoded: list[bytes], count: int) -> None:
        self.head, self.encoded, self.count = head, encoded, count

    def content(self) -> bytes:
        """The file's bytes: they parse to the same JSON as :func:`encode_json` of the whole round."""
        return b"".join((self.head[:-1], b"," if len(self.head) > 2 else b"", b'"actions":[',
                         b",".join(self.encoded[:self.count]), b"]}"))


class RoundSaver:
    """A live table's round as :func:`round_data` and its save, the main thread's work growing with new actions only.

    Each action of the record's :attr:`log` is converted to JSON and encoded
    once, when it is first saved; joining them into the file's bytes is left
    to :meth:`SaveBytes.content`, on the writer thread (and skipped for a save
    a newer one replaced).  A record whose log is not the one seen before, or
    is shorter, or has another action where the last converted one was (an
    undo) is converted again from its start, into new lists: a
    :class:`SaveBytes` made before keeps its own.
    """

    def __init__(self) -> None:
        self._log: list[Any] | None = None
        self._items: list[Any] = []  # the log's items converted so far (kept: their identity is the check)
        self._actions: list[dict[str, Any]] = []
        self._encoded: list[bytes] = []
        self.converted = 0
        """Actions converted and encoded in all (what a save costs grows with this)."""

    def save(self, table: Any) -> tuple[dict[str, Any], SaveBytes]:
        """The round at ``table`` as JSON (its actions' objects are shared with this saver: never change them) and
        its save file."""
        data = round_data(table, list(self.actions(table)))
        head = encode_json({k: v for k, v in data.items() if k != "actions"})
        return data, SaveBytes(head, self._encoded, len(self._encoded))

    def actions(self, table: Any) -> list[dict[str, Any]]:
        """The round's actions as JSON, those new since the last call converted and encoded now (the list is
        this saver's own: never change it)."""
        record = table.record
        log = record.log
        done = len(self._items)
        if log is not self._log or len(log) < done or (done and log[done - 1] is not self._items[done - 1]):
            self.clear()
            self._log, done = log, 0
        for item in log[done:]:
            action = record.entry_json(item)
            self._items.append(item)
            self._actions.append(action)
            self._encoded.append(encode_json(action))
            self.converted += 1
        return self._actions

    def clear(self) -> None:
        """Forget the round (it is over, or another table plays)."""
        self._log, self._items, self._actions, self._encoded = None, [], [], []


def resume(app: ResumingApp, selftest: bool = False) -> Any:
    """Open the current game's saved game at the exact state it was saved in; None if there is none.

    The saved actions are played on a fresh table with no animation.  For the
    resumed self-test (``selftest``) every human seat is played by a bot of the
    game's default level and Master thinks with the app's budget; the record
    still names the seats as they were.
    """
    store = app.saves
    saved = store.pending_record()
    if saved is None:
        return None
    setup = setup_of(saved)
    if selftest:
        for seat in setup.seats:
            seat.think_ms = None
            if not seat.is_ai:
                seat.kind, seat.level = "ai", setup.info.default_level
    record = saved.without_actions()
    table = load(setup.info.table)(app, setup, record=record, state=record.start())
    clock = getattr(saved, "clock", 0)  # a real-time game's timers may have run after its last action
    if clock:
        table.catch_up(saved.actions, clock)
    else:
        table.catch_up(saved.actions)
    store.adopt(table)
    app.to_title()
    app.stack.push(table)
    app.dirty = True
    return table
