"""Snap's screenshots: tables of 2, 3 and 6 seats, a call, a wrong call, the pot, the keys screens, the end screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine.games import GAMES
from game.shell.app import App
from game.screens.game_over import GUARD_S
from game.shell.headless import advance, play_until_over, shoot
from game.shell.modes import checker, table_of
from game.shell.session import GameSetup, SeatConfig
from game.shell.shotsession import shoot_end, shot_app, until_shown


def _table(app: App) -> Any:
    return table_of(app, "snap")


def _until_event(app: App, kinds: tuple[str, ...], limit_s: float = 240.0) -> bool:
    """Run until the table shows an event of one of ``kinds`` (by its class name)."""
    return until_shown(app, _table(app), lambda e: type(e).__name__ in kinds, limit_s, 1 / 30)


def shoot_all(out: Path, data_dir: Path | None, size: tuple[int, int], full: bool = True) -> None:
    app = shot_app("snap", out, data_dir, size)  # a fresh player each size: the keys screen shows
    # one human against two bots, a call on screen
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "hard"), SeatConfig("Ben", "ai", "medium")], game="snap")
    setup.deal = 4
    app.start_game(setup)
    advance(app, 0.5)
    shoot(app, out, "snap-start")
    _play_humans_as_bots(app)
    if _until_event(app, ("Called",)):
        shoot(app, out, "snap-call")
    advance(app, 0.25)
    shoot(app, out, "snap-winnings")
    if not full:
        return
    # a wrong call by the human
    _table(app).driver.bots.pop(0, None)
    _wrong_call(app)
    shoot(app, out, "snap-false-call")
    # 6 seats, hot-seat with three humans
    setup6 = GameSetup([SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy")] +
                       [SeatConfig(n, "ai", lv) for n, lv in (("Dev", "hard"), ("Eve", "medium"), ("Finn", "easy"))],
                       game="snap")
    setup6.deal = 9
    app.start_game(setup6)
    advance(app, 0.2)
    shoot(app, out, "snap-keys-first")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP5, mod=0, unicode="", scancode=0))
    advance(app, 0.05)
    shoot(app, out, "snap-try-keys")
    from game.kit.keyscreens import KeyBindingScene, seat_actions_of

    app.stack.push(KeyBindingScene(app, "snap", "Change keys", seat_actions_of(GAMES["snap"]), ["Ann", "Bo", "Cy"]))
    app.stack.top.choose(1, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    advance(app, 0.05)
    shoot(app, out, "snap-bind-refused")
    app.stack.pop()
    if hasattr(app.stack.top, "on_button"):
        app.stack.top.on_button("done")
    _play_humans_as_bots(app)
    advance(app, 12.0)
    if _until_event(app, ("SnapWon", "SnapTied"), 120):
        advance(app, 0.2)
    shoot(app, out, "snap-six")
    # the shared pile
    shared = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "medium"), SeatConfig("Ben", "ai", "easy"),
                        SeatConfig("Cleo", "ai", "hard")], game="snap", options={"variant": "shared"})
    shared.deal = 5
    app.start_game(shared)
    _play_humans_as_bots(app)
    advance(app, 8.0)
    shoot(app, out, "snap-shared")
    # the end screen
    quick = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "hard")], game="snap", options={"time_limit": 3})
    quick.deal = 2
    app.start_game(quick)
    _play_humans_as_bots(app)
    shoot_end(app, out, "snap-result", lambda app: play_until_over(app, checker("snap"), 400 * 20, step=1 / 20), GUARD_S)
    app.to_title()


def _play_humans_as_bots(app: App) -> None:
    """Give every human seat a hard bot (screenshots of a game in full swing)."""
    table = _table(app)
    for seat in table.humans:
        table.driver.bots[seat] = GAMES["snap"].make_bot("hard", seed=seat)


def _wrong_call(app: App) -> None:
    table = _table(app)
    for _ in range(400):
        if not table.state.snap_piles() and not table.state.pot_piles() and not table.state.claims:
            break
        app.run(max_frames=1, fixed_dt=1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    advance(app, 0.3)
