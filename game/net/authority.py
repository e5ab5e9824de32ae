"""The game on the host: engine, bots, record and journal, without pygame, sockets or a clock.

:class:`Authority` plays one game through the engine protocol the tables use
(``apply``, ``advance(at)``, ``observation``, ``seen_by``).  Time is data: every
call is told the game's clock in ms (the host keeps it, paused while a race
waits for a dropped player).

* Turn games: a player's action is applied at once (or refused with the
  engine's reason); the bots move through :class:`ai.scheduler.TurnScheduler`
  with a person's pause, as at the table.
* Races: a press is queued at the moment it counts for (the host judged it,
  :mod:`game.net.clock`) and played by :func:`ai.reflex.run_until` in time order
  with the bots' actions at their sampled moments; the engine runs
  ``window_ms`` behind the game's clock so no press comes after its moment.

Every accepted action goes into the game's record and, line by line, into its
journal (:class:`game.shell.storage.Journal`): a host killed at any moment
resumes from it (:meth:`Authority.resume`) with everything it ever showed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.reflex import run_until
from ai.scheduler import AI_SPEEDS, TurnScheduler
from engine.envelope import PlayerInfo
from engine.errors import IllegalAction
from engine.games import GameInfo, load_record_data
from game.net.clock import DelayedBot
from game.shell.storage import Journal, read_journal_text, write_json

HERE, REMOTE, BOT = "here", "remote", "bot"
SEAT_KINDS = (HERE, REMOTE, BOT)
HOST_THINK_MS = 2.5
"""The bots' share of one host tick (ms; twice that on the scheduler's still frames, which every tick is): a host
draws no frames, so its bots may think longer than a table's 0.8 ms and keep a game's pace (a Scamper decision
in slices spans a tick or two) while the host still answers every 5 ms tick."""


@dataclass
class SeatSpec:
    """One seat of a hosted game: a human on the host's computer (``here``), a friend joining (``remote``) or a bot."""

    kind: str
    level: str = ""
    name: str = ""

    def player(self, fallback: str) -> PlayerInfo:
        if self.kind == BOT:
            return PlayerInfo(self.name or fallback, "ai", self.level)
        return PlayerInfo(self.name or fallback)


def parse_seats(text: str, info: GameInfo) -> list[SeatSpec]:
    """Seats from ``"here,remote,bot:hard"``; ``ValueError`` saying what is wrong."""
    seats = []
    for part in (p.strip() for p in text.split(",")):
        kind, _, level = part.partition(":")
        if kind not in SEAT_KINDS:
            raise ValueError(f"a seat is here, remote or bot:LEVEL, not {part!r}")
        if kind == BOT:
            info.level(level or info.default_level)
            level = level or info.default_level
        seats.append(SeatSpec(kind, level))
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise ValueError(f"{info.title} seats {info.min_seats} to {info.max_seats}, not {len(seats)}")
    return seats


@dataclass
class Update:
    """What one step changed: what was played (each ``(seat, action, events)``; a timer's seat and action are
    ``None``) and the refusals of queued presses."""

    plays: list[tuple[int | None, Any, list[Any]]] = field(default_factory=list)
    refused: list[tuple[int, str, Any]] = field(default_factory=list)  # (seat, reason, the press's tag)
    problem: Exception | None = None  # what failed after the plays were applied (the journal's write): they stand

    @property
    def changed(self) -> bool:
        return bool(self.plays)

    @property
    def events(self) -> list[Any]:
        return [e for _, _, events in self.plays for e in events]


class Authority:
    """One hosted game (see the module docstring)."""

    def __init__(self, info: GameInfo, seats: list[SeatSpec], seed: int, options: dict[str, Any] | None = None,
                 journal: Path | None = None, ai_speed: str = "normal", record: Any = None) -> None:
        self.info = info
        self.rules = info.rules()
        self.seats = seats
        self.ai_delay = AI_SPEEDS[ai_speed]
        if record is None:
            players = [s.player(f"Player {i + 1}") for i, s in enumerate(seats)]
            record, state = info.record_type().begin(info, players, seed, info.resolve_options(options))
        else:
            state = record.loaded_state if getattr(record, "loaded_state", None) is not None else record.final_state()
        self.record = record
        self.state = state
        self.version = 1
        self.window_ms = 0
        self.journal = Journal(journal) if journal is not None else None
        if self.journal is not None:
            self.journal.start(record.to_json(), sync=False)
        self.bots: dict[int, Any] = {}
        self.pending: list[tuple[int, Any, int, Any]] = []  # races: (seat, action, at, tag) not yet due
        self.scheduler: TurnScheduler | None = None
        self.clock = int(getattr(record, "clock", 0) or 0)
        for seat, spec in enumerate(seats):
            if spec.kind == BOT:
                self.bots[seat] = self._bot(seat, spec.level)
        self._schedule()
        self._whole = False

    # --- seats -------------------------------------------------------------

    def _bot(self, seat: int, level: str) -> Any:
        bot = self.info.make_bot(level, seed=(self.record.seed or 0) * 31 + seat)
        return DelayedBot(bot, self.window_ms) if self.info.realtime else bot

    def _schedule(self) -> None:
        """Turn games: the bots' scheduler for the seats bots play now (it restarts on every change of them)."""
        if not self.info.realtime:
            self.scheduler = TurnScheduler(dict(self.bots), self.ai_delay, key=self._key, seat=first_mover,
                                           budget_ms=HOST_THINK_MS)

    def _key(self, state: Any) -> tuple[object, ...]:
        return (self.version,)

    def take_over(self, seat: int, level: str | None = None) -> None:
        """A bot plays ``seat`` from now on (a dropped player's turn game, after the host's wait)."""
        self.bots[seat] = self._bot(seat, level or self.info.default_level)
        self._schedule()

    def give_back(self, seat: int) -> None:
        """The player of ``seat`` is back: its bot stops."""
        if seat in self.bots and self.seats[seat].kind != BOT:
            del self.bots[seat]
            self._schedule()

    def set_window(self, window_ms: int) -> None:
        """Races: how far behind the game's clock the engine runs (set at the start and when a client rejoins)."""
        self.window_ms = window_ms
        for bot in self.bots.values():
            if isinstance(bot, DelayedBot):
                bot.delay_ms = window_ms

    # --- playing -----------------------------------------------------------

    def parse(self, action_json: Any) -> Any:
        """An action from its record form; ``ValueError`` saying what is wrong."""
        if not isinstance(action_json, dict):
            raise ValueError("an action is a JSON object")
        try:
            return self.rules.action_from_json(action_json)
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"not an action of {self.info.title}: {exc}"[:200]) from None

    def submit(self, seat: int, action_json: Any, at: int, tag: Any = None) -> tuple[str | None, Update]:
        """A player's action for ``seat`` at game time ``at``: ``(refusal, update)``.

        Turn games apply it now; races queue it for its moment (a refusal then comes from a later :meth:`step`).
        """
        if self.state.is_over:
            return "The game is over.", Update()
        try:
            action = self.parse(action_json)
        except ValueError as exc:
            return str(exc), Update()
        if seat in self.bots:
            return "A bot is playing this seat.", Update()
        if self.info.realtime:
            self.pending.append((seat, action, max(0, at), tag))
            return None, Update()
        reason = self.state.why_illegal(action, seat)
        if reason is not None:
            return reason, Update()
        try:
            events = self.state.apply(action, seat, 0)
        except IllegalAction as exc:
            return str(exc), Update()
        update = Update()
        self._accept(update, seat, action, events, 0)
        self._finish(update)
        return None, update

    def _accept(self, update: Update, seat: int, action: Any, events: list[Any], at: int) -> None:
        """An applied action into ``update``, then recorded and journalled; a failure there (a full disk) can't undo
        it: it is kept as the update's ``problem`` (the host reports it and sends the views all the same)."""
        update.plays.append((seat, action, list(events)))
        try:
            self._accepted(seat, action, events, at)
        except Exception as exc:  # noqa: BLE001 - the game moved on: the clients must see it
            update.problem = update.problem or exc

    def _finish(self, update: Update) -> None:
        """:meth:`_finish_if_over`, a failure kept on ``update`` as :meth:`_accept` keeps one."""
        try:
            self._finish_if_over()
        except Exception as exc:  # noqa: BLE001
            update.problem = update.problem or exc

    def _accepted(self, seat: int, action: Any, events: list[Any], at: int) -> None:
        self.version += 1  # first: whatever fails below, the clients' views take the next version
        self.record.append(seat, action, events, at)
        if self.journal is not None and self.journal.count != len(self.record.entries) - 1:
            self.journal.start(self.record.to_json(), sync=False)  # an earlier write failed: the journal whole again
        elif self.journal is not None:
            single = self.record.without_actions()
            single.append(seat, action, events, at)
            self.journal.append([single.to_json()["actions"][-1]], sync=False)

    def _finish_if_over(self) -> None:
        """Once the game is over (after everything a step played, timers included): the record takes its clock
        and scores, and the journal becomes the whole record."""
        if not self.state.is_over:
            return
        self.record.note_time(self.clock)
        self.record.note_outcome(self.state)
        if self.journal is not None and not self._whole:
            self._whole = True
            self.journal.start(self.record.to_json(), sync=True)

    def step(self, game_ms: int, dt_s: float = 0.0) -> Update:
        """Play on to the game's clock ``game_ms`` (races: the window behind it); ``dt_s`` seconds passed."""
        update = Update()
        if self.state.is_over:
            return update
        if self.scheduler is not None:
            action = self.scheduler.update(dt_s, self.state, False)
            if action is not None:
                seat = first_mover(self.state)
                if seat is not None:
                    self._accept(update, seat, action, self.state.apply(action, seat, 0), 0)
            self._finish(update)
            return update
        now = max(self.clock, game_ms - self.window_ms)
        due = [p for p in self.pending if p[2] <= now]
        self.pending = [p for p in self.pending if p[2] > now]
        tags = {id(action): tag for _, action, _, tag in due}
        inputs = [(seat, action, max(at, self.clock)) for seat, action, at, _ in due]
        for bot in self.bots.values():
            if isinstance(bot, DelayedBot):
                bot.floor = self.clock
        played = run_until(self.state, self.bots, now, inputs)
        self.clock = max(self.clock, now)
        for p in played:
            if p.seat is not None and p.refused is not None:
                if id(p.action) in tags:
                    update.refused.append((p.seat, p.refused, tags[id(p.action)]))
                continue
            if p.seat is not None:
                self._accept(update, p.seat, p.action, list(p.events), p.at)
            else:
                self.record.note_time(p.at)
                if p.events:
                    self.version += 1
                    update.plays.append((None, None, list(p.events)))
        self._finish(update)
        return update

    @property
    def is_over(self) -> bool:
        return bool(self.state.is_over)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # --- resuming ----------------------------------------------------------

    @classmethod
    def resume(cls, info: GameInfo, seats: list[SeatSpec], journal: Path, ai_speed: str = "normal") -> Authority:
        """The game of ``journal`` (a host that stopped or crashed), replayed to where it was; ``ValueError``/``OSError``."""
        data = read_journal_text(journal.read_text(encoding="utf-8"))
        if not str(data.get("format", "")).startswith(info.record_format + "/"):
            raise ValueError(f"the journal is not of a game of {info.title}")
        record = load_record_data(data)
        return cls(info, seats, record.seed or 0, journal=journal, ai_speed=ai_speed, record=record)


@dataclass
class HostMeta:
    """What a host keeps beside its journal to resume as the same table: room, seat tokens, names, seats."""

    room: str
    tokens: dict[str, tuple[int, ...]]
    local_token: str
    names: dict[int, str]
    seats: list[SeatSpec]


def meta_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".host.json")


def save_meta(journal: Path, meta: HostMeta) -> None:
    write_json(meta_path(journal), {"room": meta.room, "tokens": {k: list(v) for k, v in meta.tokens.items()},
                                    "local_token": meta.local_token, "names": {str(k): v for k, v in meta.names.items()},
                                    "seats": [{"kind": s.kind, "level": s.level, "name": s.name} for s in meta.seats]})


def load_meta(journal: Path) -> HostMeta:
    """The table a journal belongs to; ``ValueError``/``OSError``/``KeyError`` if it can't be read."""
    data = json.loads(meta_path(journal).read_text(encoding="utf-8"))
    return HostMeta(data["room"], {k: tuple(v) for k, v in data["tokens"].items()}, data["local_token"],
                    {int(k): v for k, v in data["names"].items()}, [SeatSpec(**s) for s in data["seats"]])


def first_mover(state: Any) -> int | None:
    """The seat to move in a turn game (``None`` once it is over)."""
    movers = state.to_move()
    return movers[0] if movers else None


__all__ = ["Authority", "HostMeta", "save_meta", "load_meta", "SeatSpec", "Update", "parse_seats", "first_mover", "HERE", "REMOTE", "BOT", "SEAT_KINDS"]
