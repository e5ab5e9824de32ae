"""The headless tools' parts every table shares (see :mod:`game.shell.modes`): the points worth clicking at a
hidden-hand table, what a table shows compared with its engine and a resumed table with its save, a table opened
where a record stands, the frame bench's busy table as a declaration (:class:`Bench`), and the kit's own steps for
the screenshot runner (:mod:`game.shell.shots`).

A game's tools module declares its ``SCENARIOS`` with these and keeps only its
own checks and positions.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import pygame

from engine.games import load

from game.kit.passdevice import PassDeviceScene

Point = tuple[int, int]


def hand_hot_spots(table: Any) -> list[Point]:
    """Places worth clicking at a hidden-hand table: its buttons, the piles, the cards in the bottom hand."""
    L = table.layout
    spots = [b.rect.center for b in table.buttons()] + [L.stock.center, L.discard.center]
    return spots + [(r.x + 10, r.y + 20) for r in L.hand_rects(len(table.my_hand))]


def hand_mismatches(table: Any, hands: Sequence[Sequence[Any]], discard: Sequence[Any], stock: int,
                    current: int | None) -> list[str]:
    """How what ``table`` shows differs from the engine's ``hands``, ``discard`` pile, ``stock`` size and seat to play
    (``current`` None: not compared); empty when it shows exactly that."""
    m = table.model
    out = [f"seat {p}: the table shows a different hand" for p, hand in enumerate(hands)
           if sorted(m.hands[p]) != sorted(hand)]
    if list(m.discard) != list(discard):
        out.append("the discard pile differs")
    if m.stock != stock:
        out.append(f"stock: the table shows {m.stock} cards, the engine has {stock}")
    if current is not None and m.current != current:
        out.append(f"turn: the table shows seat {m.current}, the engine is at seat {current}")
    return out


def saved_mismatches(table: Any, saved: Any, state: Any, same: Callable[[Any, Any], bool] | None = None,
                     noun: str = "game") -> list[str]:
    """How a resumed ``table``'s actions and engine state differ from the ``saved`` record's and its final
    ``state`` (``same``: whether two states are the same, equal by default); empty when they are exactly those."""
    out = []
    if table.record.actions != saved.actions:
        out.append(f"actions: the table has {len(table.record.actions)}, the save {len(saved.actions)}")
    if not (same(table.state, state) if same is not None else table.state == state):
        out.append(f"the engine state differs from the saved {noun}'s")
    return out


def same_snapshot(a: Any, b: Any) -> bool:
    """Whether two states of a game are the same by their snapshots (a ``same`` for states that don't compare)."""
    return bool(a.snapshot() == b.snapshot())


def resumed_mismatches(shown: Callable[[Any, Any], list[str]], same: Callable[[Any, Any], bool] | None = None,
                       noun: str = "game") -> Callable[[Any, Any], list[str]]:
    """A :class:`~game.shell.modes.Scenarios`' ``mismatches(table, saved)``: how what a resumed table shows differs
    from the saved game's final state (``shown(table, state)``), then how its actions and state differ from the save's
    (:func:`saved_mismatches` with ``same`` and ``noun``)."""
    def mismatches(table: Any, saved: Any) -> list[str]:
        state = saved.final_state()
        return shown(table, state) + saved_mismatches(table, saved, state, same, noun)
    return mismatches


def open_at(app: Any, table_type: Any, setup: Any, record: Any, actions: Sequence[Any] | None = None) -> Any:
    """A new table of ``setup`` where ``record`` stands (or after its first ``actions``), caught up without
    animation as a resume opens it; not yet on the stack."""
    fresh = record.without_actions()
    table = table_type(app, setup, record=fresh, state=fresh.start())
    table.catch_up(list(record.actions if actions is None else actions))
    return table


def open_on_top(app: Any, setup: Any, record: Any, before: Callable[[Any], None] | None = None) -> Any:
    """The table of ``setup`` at the end of ``record`` (as a resume opens it, ``before(table)`` done to it first),
    on top of the title; its saves go to its game's shelf."""
    app.game_id = setup.game
    table = open_at(app, load(setup.info.table), setup, record)
    if before is not None:
        before(table)
    app.to_title()
    app.stack.push(table)
    app.dirty = True
    return table


def opened(setup: Callable[[], Any], record: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """For a screenshot step (``shots.made``): a table of ``setup()`` opened where ``record(setup)`` stands."""
    def open_table(app: Any) -> Any:
        made = setup()
        return open_on_top(app, made, record(made))
    return open_table


def started(setup: Callable[[], Any], seconds: float) -> Callable[[Any], Any]:
    """For a :class:`Bench`: a table of ``setup()`` started and run ``seconds`` of 1/60 s frames."""
    def open_table(app: Any) -> Any:
        app.start_game(setup())
        table = app.stack.top
        app.run(max_frames=max(1, round(seconds * 60)), fixed_dt=1 / 60)
        return table
    return open_table


def passing(s: Any) -> bool:
    """Whether the pass-device screen is up (a screenshot step's test, of its ``shots.Shot``)."""
    return isinstance(s.app.stack.top, PassDeviceScene)


def ready(s: Any) -> None:
    """The next player is at the screen: the pass-device screen on top goes (a screenshot step)."""
    s.app.stack.top.ready()


class Bench:
    """The frame bench's table (:attr:`game.shell.modes.Scenarios.busy`) from a declaration: ``open(app)`` makes
    it, made again whenever it is off the top or ``stale(table)``; ``keep(table, frame)`` before each timed frame
    (cards kept in the air); ``fields``: the game's figures for the JSON, or a function of the bench giving them
    (:attr:`opened`: every table it made, in turn)."""

    def __init__(self, app: Any, open: Callable[[Any], Any], fields: dict[str, Any] | Callable[[Bench], dict[str, Any]],
                 keep: Callable[[Any, int], Any] | None = None, stale: Callable[[Any], bool] | None = None) -> None:
        self.app, self.open, self.own, self.keep, self.stale = app, open, fields, keep, stale
        self.table = open(app)
        self.opened = [self.table]

    def before(self, frame: int) -> None:
        if self.app.stack.top is not self.table or (self.stale is not None and self.stale(self.table)):
            self.table = self.open(self.app)
            self.opened.append(self.table)
        if self.keep is not None:
            self.keep(self.table, frame)

    def fields(self) -> dict[str, Any]:
        return self.own(self) if callable(self.own) else dict(self.own)


class Restarting:
    """The frame bench's table (:attr:`game.shell.modes.Scenarios.busy`) for a game of bots: ``setup`` started,
    and started again whenever its table is no longer on top (its end screen came up), then let settle."""

    def __init__(self, app: Any, setup: Any, fields: dict[str, Any], settle: int = 30) -> None:
        self.app, self.setup, self.own, self.settle = app, setup, fields, settle
        app.start_game(setup)
        self.table = app.stack.top

    def before(self, frame: int) -> None:
        if self.app.stack.top is not self.table:
            self.app.start_game(self.setup, replace=True)
            self.table = self.app.stack.top
            for _ in range(self.settle):
                self.app.step(1 / 60, pygame.event.get())

    def fields(self) -> dict[str, Any]:
        return dict(self.own)


def played_record(setup: Any, until: Callable[[Any], bool], limit: int = 5000, level: str | None = None) -> Any:
    """``setup``'s game played by bots on every seat (engine only; a person's seat by a ``level`` bot, else the
    game's default level), each seeded from the deal, until ``until(state)`` or the end: its record."""
    record, state = setup.start(random.Random(0))
    level = level or setup.info.default_level
    bots = {i: setup.info.make_bot(s.level if s.is_ai else level, seed=record.seed * 31 + i)
            for i, s in enumerate(setup.seats)}
    for _ in range(limit):
        if until(state) or state.is_over:
            break
        seat = state.to_move()[0]
        action = bots[seat].decide(state.observation(seat))
        record.append(seat, action, state.apply(action, seat))
    return record


def bots_play_to(setup: Any, score: Callable[[Any], int | None], stop: Callable[[Any], bool], level: str, seed: int,
                 attempts: int = 4, limit: int = 3000) -> Any:
    """A record of ``setup``'s game played by bots of ``level`` (each seat its own, seeded) until a moment that
    counts (``score(state)`` not None) where ``stop(state)``, trying deals ``seed``, ``seed + 1``... in turn, each for
    ``limit`` actions at most; else the counting moment of the best score seen.  ``setup.deal`` is set to the deal."""
    info = setup.info
    bots = {i: info.make_bot(level, seed=seed + i) for i in range(len(setup.seats))}
    best: tuple[int, int, list[tuple[int, Any]]] | None = None  # (score, attempt, actions) of the best moment seen
    for attempt in range(attempts):
        record, state = info.record_type().begin(info, setup.players(), seed + attempt, setup.options)
        played: list[tuple[int, Any]] = []
        for _ in range(limit):
            if state.is_over:
                break
            got = score(state)
            if got is not None and (best is None or got > best[0]):
                best = (got, attempt, played[:])
            if got is not None and stop(state):
                setup.deal = seed + attempt
                return record
            p = state.current
            action = bots[p].decide(state.observation(p))
            record.append(p, action, state.apply(action, p))
            played.append((p, action))
    assert best is not None, "no moment of the game counted"
    _, attempt, actions = best
    record, state = info.record_type().begin(info, setup.players(), seed + attempt, setup.options)
    for p, action in actions:
        record.append(p, action, state.apply(action, p))
    setup.deal = seed + attempt
    return record
