"""Driving the real game loop from tests: posted events and a fixed frame time.

Import this after the test module has set the SDL dummy drivers.
"""

from __future__ import annotations

import pygame

from engine.sprint.records import PlayerInfo, Record
from game.shell.app import App
from game.tables.sprint.shots import finish_simply
from game.screens import PassDeviceScene

DT = 1 / 60


def make_app(data_dir, size=(1280, 720)):
    """An app (1280x720 unless ``size``) on the title screen, quick animations, instant AI and a 30 ms Master."""
    app = App(size, data_dir, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "instant"
    app.settings.confirm_discard = False  # tests discard without the first-game question
    app.think_ms = 30
    app.to_title()
    return app


def busy_bench(data_dir, game_id, size=(1280, 720), seed=4, frames=0):
    """The frame bench's busiest table of ``game_id`` (its app and :class:`~game.kit.scenarios.Bench`), ``frames``
    frames on."""
    from game.shell import modes

    scen = modes.scenarios(game_id)
    app = modes.configure(App(size, data_dir, seed=seed, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    for n in range(frames):
        busy.before(n)
        app.step(DT, [])
    return app, busy


def drawn_turn(app, setup):
    """Start ``setup``, wait for seat 0's turn, draw from the stock (key S) and wait again; the table."""
    app.start_game(setup)
    table = app.stack.top
    wait(app, table.my_turn)
    key(app, pygame.K_s)
    wait(app, table.my_turn)
    return table


def frame(app, n=1):
    """Run ``n`` frames of the real loop with a fixed ``dt``."""
    app.run(max_frames=n, fixed_dt=DT)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def drag(app, start, end):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frame(app)


def key(app, k, frames=1):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frame(app, frames)


def wait(app, cond, seconds=30.0):
    """Run frames until ``cond()`` holds; fail after ``seconds`` of game time."""
    for _ in range(int(seconds / DT)):
        if cond():
            return
        frame(app)
    raise AssertionError("timed out waiting")


def open_scamper(app, setup, record):
    """Scamper's table at the end of ``record`` (as a resume opens it), once its cards have landed."""
    from game.tables.scamper import tools as scamper_tools

    table = scamper_tools.open_position(app, setup, record)
    frame(app, 3)
    wait(app, lambda: not table.motion.busy and not table._hand_moving())
    return table


def hand_over(app):
    """Wait out the pass-device screen's guard against stray input, then click it."""
    frame(app, int(PassDeviceScene.GUARD_S / DT) + 2)
    click(app, (640, 360))


def finished_record(seed):
    """A finished 2-player record (Ann against a Standard bot), played by a plain policy."""
    record, state = Record.new([PlayerInfo("Ann"), PlayerInfo("Bot", "ai", "standard")], seed=seed, first_player=0)
    finish_simply(record, state)
    return record


def double_duel(level="standard", game=1, deal=3, names=("You",)):
    """A Double or Nothing Duel setup at ``game``: the named humans, and a ``level`` bot if only one is named."""
    from engine.double_or_nothing import GAME_ID
    from engine.games import game_info
    from game.shell.session import GameSetup, SeatConfig

    seats = [SeatConfig(n) for n in names]
    if len(seats) == 1:
        seats.append(SeatConfig("Ada", "ai", level))
    options = game_info(GAME_ID).resolve_options({"mode": "duel", "game_number": game})
    return GameSetup(seats, None, deal, GAME_ID, options)


def watch_saves(saves, owner, name, table):
    """Watch a table's saving: the kinds of file jobs submitted, and, each time ``owner.name`` shows an action, the
    actions then in the journal on disk against those in the table's record."""
    from game.shell.storage import read_journal_text

    submitted: list[str] = []
    submit = saves.writer.submit
    saves.writer.submit = lambda kind, job: (submitted.append(kind), submit(kind, job))[1]
    on_disk: list[tuple[int, int]] = []
    show = getattr(owner, name)

    def shown(*args):
        on_disk.append((len(read_journal_text(saves.journal_path.read_text())["actions"]), len(table.record.actions)))
        return show(*args)

    setattr(owner, name, shown)
    return submitted, on_disk


def words_drawn(app, table, monkeypatch):
    """Every ``Text.blit`` of one whole redraw of ``table``: ``(words, px, colour, rect)`` in the order drawn."""
    from game.base.text import INK

    drawn, real = [], app.text.blit

    def listen(target, words, px, pos, color=INK, *a, **k):
        rect = real(target, words, px, pos, color, *a, **k)
        drawn.append((words, px, tuple(color), rect))
        return rect

    monkeypatch.setattr(app.text, "blit", listen)
    app.dirty = True
    table.layer.invalidate()
    frame(app)
    monkeypatch.setattr(app.text, "blit", real)
    return drawn
