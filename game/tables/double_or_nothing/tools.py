"""Double or Nothing's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own
scenarios (runs played by bots to a chosen moment, tables opened there).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Callable

import pygame

from engine.double_or_nothing import GAME_ID, Phase, Play
from engine.envelope import GameRecord
from engine.games import game_info, load

from game.kit.scenarios import Restarting, open_at as table_where
from game.shell.app import App
from game.screens import appshots
from game.screens.game_over import GUARD_S
from game.shell.headless import advance as _advance, shoot as _shoot, until as _until
from game.shell.modes import Scenarios, table_of as _table_of
from game.shell.session import GameSetup, SeatConfig

SELFTEST_DEAL = 142
"""A run whose bots (Hard runner, Standard opponent) win game 1, pick an upgrade and lose game 2: about 110 actions."""


def short_run_deal(level: str = "standard", limit: int = 400) -> int:
    """A deal whose run (Hard runner against ``level``) wins a game and ends within ``limit`` actions.

    :data:`SELFTEST_DEAL` first; others are tried only if the bots have changed since it was chosen.
    """
    for deal in [SELFTEST_DEAL] + [d for d in range(1, 200) if d != SELFTEST_DEAL]:
        setup = run_setup(deal, level, runner="hard")
        record = played_record(setup, lambda st: False, limit)
        state = record.final_state()
        if state.is_over and state.games_won >= 1:
            return deal
    raise RuntimeError("no short run found")


def run_setup(deal: int | None = None, level: str = "standard", runner: str | None = None,
              **options: Any) -> GameSetup:
    """A Run (or, with ``mode="duel"``, a Duel): you (or a ``runner`` bot) against ``level``."""
    you = SeatConfig("Bot", "ai", runner) if runner else SeatConfig("You")
    opts = game_info(GAME_ID).resolve_options({"mode": "run", **options})
    return GameSetup([you, SeatConfig("Ada", "ai", level)], None, deal, GAME_ID, opts)


def table_of(app: App):
    return _table_of(app, GAME_ID)


def check(table: Any) -> None:
    """Raise AssertionError if the table shows what the engine doesn't hold, or the cards are not conserved."""
    st = table.state
    total = sum(st.totals())
    assert total == sum(sum(d.total()) for d in st.decks) + sum(map(sum, st.hands)) + sum(map(sum, st.area))
    if not table.motion.busy and not table.pending_pass:
        obs = st.observation(table.viewer)
        assert tuple(table.shown.hand) == tuple(obs.hand), "the table shows a different hand"
        assert tuple(table.shown.area) == tuple(obs.area), "the table shows a different play area"


def hot_spots(table: Any) -> list[tuple[int, int]]:
    """Places worth clicking at the table: the number columns and its buttons."""
    return [r.center for r in table.layout.columns] + [b.rect.center for b in table.buttons()]


def _summary(table: Any) -> str:
    st = table.state
    return (f"{len(table.record.entries)} actions, {st.games_won} games won, reached game {st.game}, "
            f"upgrades {dict(st.held.as_tuple())}")


def mismatches(table, saved) -> list[str]:
    """How a resumed ``table`` differs from the ``saved`` run (empty if it is exactly there)."""
    out = []
    state = saved.final_state()
    if table.record.actions != saved.actions:
        out.append(f"actions: the table has {len(table.record.actions)}, the save {len(saved.actions)}")
    if table.state.snapshot() != state.snapshot():
        out.append("the engine state differs from the saved run's")
    obs = state.observation(table.viewer)
    if tuple(table.shown.hand) != tuple(obs.hand) or tuple(table.shown.area) != tuple(obs.area):
        out.append("the table shows a different hand or play area")
    if table.shown.top != obs.top:
        out.append("the table shows a different play to beat")
    return out


# --- positions for tests and screenshots ------------------------------------------------


def played_record(setup: GameSetup, until: Callable[[Any], bool], limit: int = 5000) -> GameRecord:
    """``setup``'s game played by bots on every seat (engine only) until ``until(state)``: its record."""
    info = setup.info
    record, state = setup.start(random.Random(0))
    bots = {i: info.make_bot(s.level if s.is_ai else "hard", seed=record.seed * 31 + i) for i, s in enumerate(setup.seats)}
    for _ in range(limit):
        if until(state) or state.is_over:
            break
        seat = state.to_move()[0]
        action = bots[seat].decide(state.observation(seat))
        record.append(seat, action, state.apply(action, seat))
    return record


def open_at(app: App, setup: GameSetup, record: GameRecord):
    """A table for ``setup`` opened at ``record``'s last action (the resume path, without animation)."""
    app.game_id = setup.game
    table = table_where(app, load(setup.info.table), setup, record)
    app.to_title()
    app.stack.push(table)
    app.dirty = True
    return table


def _select_best(table) -> None:
    """Select the strongest legal play, or any column held (so a preview shows)."""
    plays = [a for a in table.state.legal_actions(table.viewer) if isinstance(a, Play) and not a.wraps]
    if plays:
        best = max(plays, key=lambda p: p.strength())
        table.set_selection(best.lo, best.hi)
    else:
        held = [n + 1 for n, k in enumerate(table.shown.hand) if k]
        if held:
            table.set_selection(held[0], held[min(2, len(held) - 1)])


def _select_refused(table) -> None:
    """Select a span the engine refuses (too weak to answer, or a number not held)."""
    for lo in range(1, 9):
        for hi in range(lo, 9):
            table.set_selection(lo, hi)
            play, reason = table.selection_play()
            if play is not None and reason is not None:
                return
    table.set_selection(next((n + 1 for n, k in enumerate(table.shown.hand) if not k), 1))


def screenshots(out: Path, data_dir: Path, sizes: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080)),
                scale_sizes: tuple[tuple[int, int], ...] = ((960, 600),)) -> None:
    """The collection's screens; game 1, game 20, a refusal, mid-flight, the upgrade pick, the run summary,
    hot-seat, stats, at each size."""
    from game.screens import PassDeviceScene, StatsScene

    all_sizes = tuple(dict.fromkeys(sizes + tuple(scale_sizes) + ((960, 600),)))
    for size in all_sizes:
        app = App(size, data_dir / f"d{size[0]}", seed=3, resizable=False)
        app.settings.ai_speed = "instant"
        appshots.menu_screens(app, out, GAME_ID)
        app.start_game(run_setup(11))
        table = table_of(app)
        _until(app, table.my_turn, 10)
        _shoot(app, out, "dn-game1")
        _select_best(table)
        _shoot(app, out, "dn-game1-selected")

        duel = run_setup(20, "standard", mode="duel", game_number=20)
        record = played_record(duel, lambda st: st.top is not None and st.turn == 0, 400)
        table = open_at(app, duel, record)
        _until(app, table.my_turn, 5)
        _select_best(table)
        _advance(app, 0.2)
        _shoot(app, out, "dn-game20")
        _select_refused(table)
        table.play_selection()
        _shoot(app, out, "dn-game20-refused")
        app.settings.ai_speed = "normal"
        table.toast = None
        if table.my_turn():
            _select_best(table)
            table.play_selection()
            _until(app, lambda: table.motion.flights and table.motion.flights[0].tween.elapsed > 0.12, 2)
            _shoot(app, out, "dn-game20-flight")
        app.settings.ai_speed = "instant"

        run = run_setup(short_run_deal())
        record = played_record(run, lambda st: st.phase is Phase.PICK)
        table = open_at(app, run, record)
        _advance(app, 0.3)
        _shoot(app, out, "dn-upgrade-pick")
        table.pick(table.state.offer[0])
        _until(app, table.my_turn, 10)
        _shoot(app, out, "dn-upgrades-held")

        record = played_record(run, lambda st: False)
        table = open_at(app, run, record)
        _until(app, lambda: app.stack.top is not table, 10)
        _advance(app, GUARD_S + 0.2)  # past the end screen's guard: its buttons usable
        _shoot(app, out, "dn-run-summary")

        hot = GameSetup([SeatConfig("Ann"), SeatConfig("Bea")], None, 4, GAME_ID,
                        game_info(GAME_ID).resolve_options({"mode": "duel", "game_number": 3}))
        app.start_game(hot)
        table = table_of(app)
        _until(app, lambda: isinstance(app.stack.top, PassDeviceScene), 5)
        _shoot(app, out, "dn-hotseat-pass")
        app.stack.top.ready()
        _until(app, table.my_turn, 5)
        _select_best(table)
        _shoot(app, out, "dn-hotseat-table")
        table.open_pause()
        _shoot(app, out, "dn-pause")
        app.to_title()
        _shoot(app, out, "dn-title-resume")
        app.stack.push(StatsScene(app, GAME_ID))
        _shoot(app, out, "dn-stats")
        appshots.product_screens(app, out, GAME_ID, {"standard": (1, 3, 2), "hard": (5,)}, GAME_ID)


def _busy(app: App) -> Restarting:
    """A game-20 duel between bots, stacks always in flight."""
    setup = GameSetup.all_ai(["standard", "easy"], GAME_ID)
    setup.options, setup.deal = game_info(GAME_ID).resolve_options({"mode": "duel", "game_number": 20}), 20
    return Restarting(app, setup, {"game_number": 20})


SCENARIOS = Scenarios(
    check=check, hot_spots=hot_spots, summary=_summary, mismatches=mismatches, busy=_busy, shots=screenshots,
    selftest_setup=lambda: run_setup(SELFTEST_DEAL, runner="hard"), monkey_setup=run_setup,
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p, pygame.K_w, pygame.K_1, pygame.K_3,
          pygame.K_5, pygame.K_8, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_TAB, pygame.K_c),
    settings={"animation_speed": "off", "ai_speed": "instant"},
    monkey_settings={"animation_speed": "fast", "ai_speed": "instant"},
    bench_settings={"animation_speed": "normal", "ai_speed": "instant"},
    frames=60 * 60 * 20, same_state=lambda a, b: a.snapshot() == b.snapshot(), noun="run",
    cpu_clock=time.process_time, cpu_name="cpu_ms",  # this process's CPU time: steadier on a shared machine
)
