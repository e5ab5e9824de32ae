"""Sprint's screenshots: every screen and table state as PNG (``--game sprint --screenshot DIR``).

They all drive the real loop (:meth:`game.app.App.run`) with a fixed ``dt`` on
whatever video driver is set (the dummy one when no display is wanted).
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from engine.sprint.records import Record
from engine.sprint import DRAW_STOCK, GAME_ID as STATS_ID, Lay, Phase, Round

from game.screens import appshots
from game.shell.app import App
from game.shell.headless import DT, advance, click, press, shoot, until
from game.shell.modes import configure, table_of
from game.shell.session import GameSetup, SeatConfig


GAME_ID = "sprint"
SETTINGS = {"confirm_discard": False, "think_ms": 60}
"""The screenshots' app: headless turns discard without the question."""
STATS = {"standard": (12, 3, 20, -2, 9), "master": (4, -3, 15), "hotseat:Ann": (8, 11), "hotseat:Bea": (11, 6)}
"""The statistics screen's sample lines."""
LEVELS = (("Ada", "apprentice"), ("Ben", "standard"), ("Cleo", "strategist"), ("Dev", "master"))
"""You and four bots, one of each level."""


def _five() -> list[SeatConfig]:
    return [SeatConfig("You")] + [SeatConfig(name, "ai", level) for name, level in LEVELS]


def screenshots(out: Path, data_dir: Path, sizes: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080)),
                scale_sizes: tuple[tuple[int, int], ...] = ()) -> None:
    """Every scene and table state at each of ``sizes``; the main screens at each of ``scale_sizes``."""
    from game.screens import PassDeviceScene

    for size in sizes:
        app = configure(App(size, data_dir, seed=3, resizable=False), SETTINGS)
        appshots.menu_screens(app, out, GAME_ID)
        appshots.product_screens(app, out, GAME_ID, STATS, STATS_ID)
        _table_extras(app, out)

        # you vs one Standard bot, your turn to draw, then a selection that makes a match
        app.settings.ai_speed = "instant"
        table = _start(app, GameSetup(deal=11, first=0))
        shoot(app, out, "table-2p")
        _select_a_match_or_card(app, table)
        shoot(app, out, "table-2p-selected")

        # five seats, mid-game, then mid-animation
        table = _start(app, GameSetup(_five(), first=1, deal=5))
        shoot(app, out, "table-5p")
        click(app, table.layout.stock.center)
        until(app, lambda: bool(table.flights) and table.flights[0].tween.progress > 0.4, 5)
        shoot(app, out, "table-5p-mid-animation")
        until(app, table.my_turn, 5)
        hand = table.model.hands[table.viewer]
        table.selected = {hand[0], hand[1]}
        advance(app, 0.5)
        table.click(("button", "lay"))
        shoot(app, out, "table-5p-refused")
        if app.stack.top is table:
            table.open_pause()
        shoot(app, out, "pause")

        # a Master bot thinking (the indicator beside its name)
        app.settings.ai_speed = "fast"
        app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Max", "ai", "master")], first=1, deal=21))
        table = table_of(app, GAME_ID)
        until(app, lambda: table.driver.thinking, 10)
        shoot(app, out, "table-master-thinking")
        app.settings.ai_speed = "instant"

        # hot-seat: the pass-device screen between two human turns
        app.start_game(GameSetup.hotseat(["Ann", "Bea", "Cid"], ["standard", "master"]))
        table = table_of(app, GAME_ID)
        for turn in range(4):  # a few turns, each behind a pass-device screen
            until(app, lambda: isinstance(app.stack.top, PassDeviceScene) or table.my_turn())
            if isinstance(app.stack.top, PassDeviceScene):
                app.stack.top.ready()
                until(app, table.my_turn)
            if turn < 3:
                _play_simple_turn(app, table)
        click(app, table.layout.stock.center if table.state.stock else table.layout.discard.center)
        until(app, table.my_turn)
        advance(app, 0.5)
        shoot(app, out, "hotseat-table")
        while not isinstance(app.stack.top, PassDeviceScene):
            if table.my_turn():
                _play_simple_turn(app, table)
            app.step(DT, pygame.event.get())
        shoot(app, out, "hotseat-pass")

        _shoot_round_over(app, out)
        app.stack.top.on_button("reveal")
        shoot(app, out, "round-over-hands")
        _save_shots(size, out, data_dir / f"saves-{size[0]}x{size[1]}")
    for size in scale_sizes:
        _scale_shots(out, data_dir, size)


def _start(app: App, setup: GameSetup):  # -> SprintTable
    """A new table of ``setup``, at the bottom player's turn."""
    app.start_game(setup)
    table = table_of(app, GAME_ID)
    until(app, table.my_turn)
    return table


def _table_extras(app: App, out: Path) -> None:
    """The first-game tip, the keyboard focus, four colours, large cards, the discard question."""
    app.settings.ai_speed = "instant"
    table = _shoot_tip(app, out)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE):
        press(app, key)
    shoot(app, out, "table-2p-keyboard")
    for _ in range(len(table.model.hands[0])):
        press(app, pygame.K_RIGHT)
    shoot(app, out, "table-2p-keyboard-button")
    app.settings.four_colour = True
    app.settings.card_size = "large"
    app.apply_settings()
    advance(app, 0.5)
    shoot(app, out, "table-2p-four-colour-large")
    app.settings.confirm_discard = True
    press(app, pygame.K_s)
    until(app, table.my_turn, 5)
    table.selected = {table.model.hands[0][0]}
    press(app, pygame.K_d)
    shoot(app, out, "table-confirm-discard")
    app.settings.four_colour = False
    app.settings.card_size = "normal"
    app.settings.confirm_discard = False
    app.apply_settings()
    app.to_title()


def _scale_shots(out: Path, data_dir: Path, size: tuple[int, int]) -> None:
    """The main screens at an extreme window size (960x600, 4K)."""
    app = configure(App(size, data_dir, seed=3, resizable=False), {**SETTINGS, "ai_speed": "instant"})
    appshots.scaled_screens(app, out, GAME_ID, STATS, STATS_ID)
    _shoot_tip(app, out)
    for large in (False, True):
        app.settings.card_size = "large" if large else "normal"
        table = _start(app, GameSetup(_five(), first=1, deal=5))
        click(app, table.layout.stock.center)
        until(app, table.my_turn, 5)
        advance(app, 0.5)
        shoot(app, out, "table-5p-large" if large else "table-5p")
    app.settings.card_size = "normal"
    _shoot_round_over(app, out)


def _shoot_tip(app: App, out: Path):  # -> SprintTable
    """A fresh 2-player table showing the first-game tip; returns it with the tip closed."""
    app.settings.tips_seen = False
    app.settings.tips_closed = []  # a first game: every tip shows again
    table = _start(app, GameSetup(deal=11, first=0))
    shoot(app, out, "table-2p-tip")
    table.close_tip()
    return table


def _shoot_round_over(app: App, out: Path) -> None:
    """Deal 11 played to its end without animation, then the last round of a 5-seat match (the score sheet beside
    the round's rows): each round-over screen once counted up."""
    from game.tables.sprint.round_over import RoundOverScene

    seats = [SeatConfig(name, "ai", level) for name, level in (("You", "standard"), ("Ada", "apprentice"),
             ("Ben", "standard"), ("Cleo", "strategist"), ("Dev", "standard"))]
    match = {"match": 3, "played": [(12, -3, 20, 7, 0), (5, 18, -2, 9, 14)]}
    for name, setup in (("round-over", GameSetup(deal=11, first=0)),
                        ("round-over-match", GameSetup(seats, 0, 11, options=match))):
        app.settings.animation_speed = "off"
        app.start_game(setup)
        table = table_of(app, GAME_ID)
        while not isinstance(app.stack.top, RoundOverScene):
            if table.my_turn():
                _play_simple_turn(app, table)
            app.step(DT, pygame.event.get())
        app.settings.animation_speed = "normal"
        advance(app, 2.0)
        shoot(app, out, name)


def _save_shots(size: tuple[int, int], out: Path, data_dir: Path) -> None:
    """The title offering Resume (with a notice about a damaged file), and the Replays list."""
    from game.shell.saves import SaveStore

    store = SaveStore(data_dir)
    for deal in range(30, 42):  # a history of finished rounds
        record, state = GameSetup.hotseat(["Ann"], ["standard", "master"][: 1 + deal % 2]).start(random.Random(deal))
        finish_simply(record, state)
        store._archive(record.dumps().encode())

    def one_turn(app: App) -> None:
        app.settings.ai_speed = "slow"
        _play_simple_turn(app, _start(app, GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "strategist")],
                                                     first=0, deal=8)))

    appshots.resume_screens(size, out, data_dir, {"confirm_discard": False}, one_turn)


def _first_lay(table) -> Lay | None:
    return next((a for a in table.state.legal_actions() if isinstance(a, Lay)), None)


def _select_a_match_or_card(app: App, table) -> None:
    table.try_action(DRAW_STOCK)
    until(app, table.my_turn)
    lay = _first_lay(table)
    table.selected = set(lay.cards) if lay else {table.model.hands[table.viewer][0]}
    advance(app, 0.5)


def _play_simple_turn(app: App, table) -> None:
    """Play the bottom human's turn by clicks: draw, lay the first match, discard the first card."""
    L = table.layout
    if table.state.phase is Phase.DRAW:
        click(app, L.stock.center if table.state.stock else L.discard.center)
        until(app, lambda: table.my_turn() or table.state.current != table.viewer, 10)
    while table.my_turn() and table.state.phase is Phase.BUILD:
        lay = _first_lay(table)
        if lay:
            table.selected = set(lay.cards)
            click(app, L.buttons["lay"].center)
        else:
            table.selected = {table.model.hands[table.viewer][-1]}
            click(app, L.discard.center)
        until(app, lambda: table.my_turn() or table.state.current != table.viewer, 10)


def finish_simply(record: Record, state: Round) -> None:
    """Play ``state`` to its end with a plain policy (first match, else draw / discard the last card).

    For demo data and tests: quick, deterministic, and it always finishes.
    """
    while not state.is_over:
        actions = state.legal_actions()
        lays = [a for a in actions if isinstance(a, Lay)]
        action = lays[0] if lays else actions[0] if state.phase is Phase.DRAW else actions[-1]
        player = state.current
        record.append(player, action, state.apply(action))
