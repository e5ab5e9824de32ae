"""Ratscrew's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own scenarios.

A whole game of bots takes thousands of game seconds, so the self-tests run the
table clock faster than the frames (:data:`FAST`): the bots, the engine and the
records see ordinary times.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.ratscrew import LAY, SNAP, Ratscrew
from engine.ratscrew.moves import StackWon

from game.kit.racetable import race_mismatches
from game.kit.scenarios import Bench
from game.kit.seatkeys import DEFAULT_BLOCKS
from game.shell import shots
from game.shell.app import App
from game.screens.game_over import GUARD_S
from game.shell.headless import DT, play_until_over
from game.shell.modes import Scenarios, checker, table_of
from game.shell.session import GameSetup
from game.tables.ratscrew.steps import RULE_KEYS, TableModel

GAME = "ratscrew"
FAST = 30.0  # game seconds per frame second in the self-tests
MAX_GAME_S = 4 * 3600  # a game still going after this much game time is reported, not waited for


def check(table: Any) -> None:
    """Raise AssertionError if the table or the engine broke a rule of the game."""
    state = table.state
    total = sum(len(p) for p in state.piles) + len(state.stack)
    assert total == 52, f"cards not conserved: {total}"
    assert len(set(state.stack) | {c for p in state.piles for c in p}) == 52, "a card is in two places"
    assert [s.card for s in table.model.stack] == list(state.stack), "the table shows a wrong stack"


def hot_spots(table: Any) -> list[tuple[int, int]]:
    """Places worth clicking at the table: the stack, the Snap! and menu buttons, every pile."""
    L = table.layout
    return [L.top_card.center, L.snap_button.center, L.menu_button.center] + [b.pile.center for b in L.seats.values()]


def _play_out(app: App, limit_s: float = MAX_GAME_S) -> bool:
    """Run the loop, checking the invariants each frame, until the game is over (False if it never ends)."""
    table = table_of(app, GAME)
    table.time_scale = FAST
    return play_until_over(app, checker(GAME), round(limit_s / FAST / DT) + 10,
                           keep_going=lambda: table.clock.now < limit_s * 1000)


def _summary(table: Any) -> str:
    return (f"{len(table.record.entries)} actions, {table.state.clock / 1000:.0f} game seconds, "
            f"winner {table.name(table.state.winner)}, stall re-rolls {table.rerolls}")


def _busy_table(app: App, seats: int = 4, stack: int = 52, seed: int = 5):
    """A table of bots whose stack holds ``stack`` cards (no snap showing in the first ones), for shots and bench."""
    app.start_game(GameSetup.all_ai(["medium"] * seats, GAME, seed, **dict.fromkeys(RULE_KEYS, False)))
    table = table_of(app, GAME)
    table.bots.clear()  # nobody acts by themselves: the tool lays the cards
    speed, app.settings.animation_speed = app.settings.animation_speed, "off"
    at = 0
    while len(table.state.stack) < stack and not table.state.is_over and any(table.state.piles):
        at += 40
        table.driver.press(table.state.turn, LAY, at)
        table.clock.advance(0.04)
        app.step(0.0, [])
    app.settings.animation_speed = speed
    table.model.banner = None
    return table


def _full_stack_table(app: App, seats: int = 4, seed: int = 5):
    """A table whose stack holds the whole deck (the busiest picture there is), bots idle."""
    table = _busy_table(app, seats, 1, seed)
    state = table.state
    deck = list(state.stack) + [c for p in state.piles for c in reversed(p)]
    full = Ratscrew([[] for _ in range(seats)], state.rules, 0, stack=deck, calls_made=len(deck))
    table.race.swap_state(full)
    table.model = TableModel.from_state(full, table.sprites)
    table.model.call = (full.top_call, full.calls_made) if full.top_call is not None else None
    return table


def _humans_lay(s: shots.Shot) -> None:
    """Whoever's turn it is lays, if they are human (the tool plays the human seats' turns)."""
    table = s.table
    turn = table.state.turn
    if turn in table.humans and table.state.piles[turn] and not table.state.is_over:
        table.act(turn, "lay")


def _counting(s: shots.Shot) -> bool:
    """A picture card is counting down (its badge showing), no card in the air."""
    return s.table.state.count is not None and s.table.state.count.left < 4 and not s.table.motion.flights


SHOTS = shots.Plan(GAME, (
    shots.only(lambda s: not s.scaled or s.size[0] <= 1920), shots.fresh("fast"),
    shots.seats("You Ada:medium Ben:hard", 12), shots.photo("ratscrew-start"),
    shots.shown(lambda e: isinstance(e, StackWon) and e.how == "snap", 120, DT, _humans_lay, 40),  # a snap lit
    shots.wait(0.3), shots.photo("ratscrew-snap-lit"), shots.wait(3.5),
    shots.when(lambda s: s.table.state.barred[0] is None and s.table.state.stack and not s.table.state.snaps(),
               lambda s: s.table.act(0, "snap"), shots.wait(0.1), shots.photo("ratscrew-wrong-snap")),
    shots.repeat(12, _humans_lay, shots.wait(0.5)), shots.photo("ratscrew-midgame"),
    shots.until(_counting, 90, each=_humans_lay, every=30), shots.when(_counting, shots.photo("ratscrew-count")),
    shots.start(lambda: GameSetup.hotseat(["Ann", "Bea", "Cid"], ["easy", "hard", "medium"], GAME)),
    shots.when(lambda s: s.app.stack.top is not s.table,  # the first hot-seat game: everyone tries their keys
               shots.photo("ratscrew-try-keys"), lambda s: s.app.stack.top.on_button("done")),
    shots.repeat(10, _humans_lay, shots.wait(0.5)), shots.photo("ratscrew-hotseat-6"),
    shots.made(_full_stack_table), shots.wait(0.1), shots.photo("ratscrew-fan-52"),
    shots.start(lambda: GameSetup.all_ai(["hard", "medium", "easy"], GAME)),
    shots.end("ratscrew-result", _play_out, GUARD_S),
), scale_sizes=((960, 600),))
"""The table at each size: start, mid-game, a snap lit, a wrong snap, a full fan, the end screen."""


def _keep_flying(table: Any, frame: int) -> None:
    """Keep a card in the air: the top card flies off to a seat's pile and back, the one under it to the fan."""
    if frame % 20 == 0:
        n = len(table.model.stack)
        under, top = table.model.stack[-2], table.model.stack[-1]
        table.fly(top, True, table.layout.seats[frame // 20 % 4].pile, table.layout.top_card, 0.3)
        table.fly(under, True, table.layout.top_card, table.layout.fan_slot(n - 2, n - 1), 0.3)


SCENARIOS = Scenarios(
    check=check, hot_spots=hot_spots, summary=_summary, shots=SHOTS,
    mismatches=lambda table, saved: race_mismatches(table, saved, check),
    busy=lambda app: Bench(app, _full_stack_table, lambda b: {"stack": len(b.table.model.stack)}, keep=_keep_flying),
    selftest_setup=lambda: GameSetup.all_ai(["hard", "medium", "easy"], GAME),
    monkey_setup=lambda seed: GameSetup.quick(GAME),
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN,
          *(k for block in DEFAULT_BLOCKS for k in block[:2])),
    settings={"animation_speed": "fast"}, monkey_settings={"animation_speed": "fast"}, play_out=_play_out,
)

__all__ = ["SCENARIOS", "check", "SNAP", "LAY"]
