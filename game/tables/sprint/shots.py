"""Sprint's screenshots: every screen and table state as PNG (``--game sprint --screenshot DIR``).

They all drive the real loop (:meth:`game.app.App.run`) with a fixed ``dt`` on
whatever video driver is set (the dummy one when no display is wanted).
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pygame

from engine.sprint.records import Record
from engine.sprint import DRAW_STOCK, GAME_ID as STATS_ID, Lay, Phase, Round

from game.kit.scenarios import passing, ready
from game.screens import appshots
from game.shell import shots
from game.shell.app import App
from game.shell.headless import DT, click, until
from game.shell.modes import table_of
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


def _start(setup: Callable[[], GameSetup]) -> tuple[shots.Step, ...]:
    """A new table of ``setup()``, at the bottom player's turn."""
    return shots.start(setup), shots.until(shots.my_turn)


_TIP = shots.first_tip(lambda: GameSetup(deal=11, first=0), "table-2p-tip")
"""A fresh 2-player table showing the first-game tip, then closed."""


def _select(pick: Callable[[Any], set[Any]]) -> shots.Step:
    """Select the cards ``pick(table)`` names in the bottom hand."""
    return lambda s: setattr(s.table, "selected", pick(s.table))


def _round_over() -> tuple[shots.Step, ...]:
    """Deal 11 played to its end without animation, then the last round of a 5-seat match (the score sheet beside
    the round's rows): each round-over screen once counted up."""
    from game.tables.sprint.round_over import RoundOverScene

    def match() -> GameSetup:
        seats = [SeatConfig(name, "ai", level) for name, level in (("You", "standard"), ("Ada", "apprentice"),
                 ("Ben", "standard"), ("Cleo", "strategist"), ("Dev", "standard"))]
        return GameSetup(seats, 0, 11, options={"match": 3, "played": [(12, -3, 20, 7, 0), (5, 18, -2, 9, 14)]})
    return tuple(step for name, setup in (("round-over", lambda: GameSetup(deal=11, first=0)),
                                          ("round-over-match", match))
                 for step in (shots.settings(animation_speed="off"), shots.start(setup),
                              _play_until(lambda s: isinstance(s.app.stack.top, RoundOverScene)),
                              shots.settings(animation_speed="normal"), shots.wait(2.0), shots.photo(name)))


def _play_until(test: shots.Test) -> shots.Step:
    """Run the loop until ``test(shot)``, the bottom human playing each of its turns by clicks."""
    def step(s: shots.Shot) -> None:
        while not test(s):
            if s.table.my_turn():
                _play_simple_turn(s.app, s.table)
            s.app.step(DT, pygame.event.get())
    return step


def _save_shots(s: shots.Shot) -> None:
    """The title offering Resume (with a notice about a damaged file), and the Replays list."""
    from game.shell.saves import SaveStore

    data_dir = s.data_dir / f"saves-{s.size[0]}x{s.size[1]}"
    store = SaveStore(data_dir)
    for deal in range(30, 42):  # a history of finished rounds
        record, state = GameSetup.hotseat(["Ann"], ["standard", "master"][: 1 + deal % 2]).start(random.Random(deal))
        finish_simply(record, state)
        store._archive(record.dumps().encode())

    def one_turn(app: App) -> None:
        app.settings.ai_speed = "slow"
        app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "strategist")], first=0, deal=8))
        table = table_of(app, GAME_ID)
        until(app, table.my_turn)
        _play_simple_turn(app, table)

    appshots.resume_screens(s.size, s.out, data_dir, {"confirm_discard": False}, one_turn)


def _first_lay(table) -> Lay | None:
    return next((a for a in table.state.legal_actions() if isinstance(a, Lay)), None)


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


_TURN_READY = (shots.until(lambda s: passing(s) or shots.my_turn(s)),
               shots.when(passing, ready, shots.until(shots.my_turn)))
"""Wait for the next turn of a human, behind a pass-device screen when there is one."""
_FIVE = (*_start(lambda: GameSetup(_five(), first=1, deal=5)), shots.click(lambda s: s.table.layout.stock.center))

SHOTS = shots.Plan(GAME_ID, (
    shots.app(**SETTINGS), appshots.menu, appshots.product(STATS, STATS_ID),
    # the first-game tip, the keyboard focus, four colours, large cards, the discard question
    shots.settings(ai_speed="instant"), *_TIP,
    shots.keys(pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE), shots.photo("table-2p-keyboard"),
    lambda s: shots.keys(*[pygame.K_RIGHT] * len(s.table.model.hands[0]))(s), shots.photo("table-2p-keyboard-button"),
    shots.applied(four_colour=True, card_size="large"), shots.wait(0.5),
    shots.photo("table-2p-four-colour-large"),
    shots.settings(confirm_discard=True), shots.keys(pygame.K_s), shots.until(shots.my_turn, 5),
    _select(lambda t: {t.model.hands[0][0]}), shots.keys(pygame.K_d), shots.photo("table-confirm-discard"),
    shots.applied(four_colour=False, card_size="normal", confirm_discard=False), shots.title,
    # you vs one Standard bot, your turn to draw, then a selection that makes a match
    shots.settings(ai_speed="instant"), *_start(lambda: GameSetup(deal=11, first=0)), shots.photo("table-2p"),
    lambda s: s.table.try_action(DRAW_STOCK), shots.until(shots.my_turn),
    _select(lambda t: set(lay.cards) if (lay := _first_lay(t)) else {t.model.hands[t.viewer][0]}),
    shots.wait(0.5), shots.photo("table-2p-selected"),
    # five seats, mid-game, then mid-animation
    *_FIVE[:2], shots.photo("table-5p"), _FIVE[2],
    shots.until(lambda s: bool(s.table.flights) and s.table.flights[0].tween.progress > 0.4, 5),
    shots.photo("table-5p-mid-animation"), shots.until(shots.my_turn, 5),
    _select(lambda t: set(t.model.hands[t.viewer][:2])), shots.wait(0.5), lambda s: s.table.click(("button", "lay")),
    shots.photo("table-5p-refused"), shots.when(lambda s: s.app.stack.top is s.table, lambda s: s.table.open_pause()),
    shots.photo("pause"),
    # a Master bot thinking (the indicator beside its name)
    shots.settings(ai_speed="fast"),
    shots.start(lambda: GameSetup([SeatConfig("You"), SeatConfig("Max", "ai", "master")], first=1, deal=21)),
    shots.until(lambda s: s.table.driver.thinking, 10), shots.photo("table-master-thinking"),
    shots.settings(ai_speed="instant"),
    # hot-seat: a few turns, each behind a pass-device screen, then the screen between two human turns
    shots.start(lambda: GameSetup.hotseat(["Ann", "Bea", "Cid"], ["standard", "master"])),
    shots.repeat(3, *_TURN_READY, lambda s: _play_simple_turn(s.app, s.table)), *_TURN_READY,
    shots.click(lambda s: s.table.layout.stock.center if s.table.state.stock else s.table.layout.discard.center),
    shots.until(shots.my_turn), shots.wait(0.5), shots.photo("hotseat-table"),
    _play_until(passing), shots.photo("hotseat-pass"),
    *_round_over(), lambda s: s.app.stack.top.on_button("reveal"), shots.photo("round-over-hands"),
    _save_shots,
), scaled=(  # the main screens at an extreme window size (960x600, 4K)
    shots.app(**SETTINGS, ai_speed="instant"), lambda s: appshots.scaled_screens(s.app, s.out, s.game, STATS, STATS_ID),
    *_TIP, *(step for large in ("normal", "large") for step in (
        shots.settings(card_size=large), *_FIVE, shots.until(shots.my_turn, 5), shots.wait(0.5),
        shots.photo("table-5p-large" if large == "large" else "table-5p"))),
    shots.settings(card_size="normal"), *_round_over(),
))
"""Every scene and table state at each size; the main screens at each scale size."""
