"""Double or Nothing's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own
scenarios (runs played by bots to a chosen moment, tables opened there).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from engine.double_or_nothing import GAME_ID, Phase, Play
from engine.games import game_info

from game.kit import scenarios
from game.kit.scenarios import Restarting, opened, passing, ready, resumed_mismatches, same_snapshot
from game.kit.scenarios import open_on_top as open_at  # a table opened at a record's last action
from game.shell import shots
from game.shell.app import App
from game.screens import appshots
from game.screens.game_over import GUARD_S
from game.shell.modes import Scenarios
from game.shell.session import GameSetup, SeatConfig

played_record = partial(scenarios.played_record, level="hard")
"""A run played by bots to a moment (a person's seat by a Hard bot): its record."""

SELFTEST_DEAL = 26
"""A run whose bots (Hard runner, Standard opponent) win game 1, pick an upgrade and lose game 2: about 330 actions."""


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


def run_setup(deal: int | None = None, level: str = "standard", runner: str | None = None, **options: Any) -> GameSetup:
    """A Run (or, with ``mode="duel"``, a Duel): you (or a ``runner`` bot) against ``level``."""
    you = SeatConfig("Bot", "ai", runner) if runner else SeatConfig("You")
    opts = game_info(GAME_ID).resolve_options({"mode": "run", **options})
    return GameSetup([you, SeatConfig("Ada", "ai", level)], None, deal, GAME_ID, opts)


def check(table: Any) -> None:
    """Raise AssertionError if the table shows what the engine doesn't hold, or the cards are not conserved."""
    st = table.state
    total = sum(st.totals())
    assert total == sum(sum(d.total()) for d in st.decks) + sum(map(sum, st.hands)) + sum(map(sum, st.area))
    wrong = [] if table.motion.busy or table.pending_pass else shown_differences(table, st)
    assert not wrong, wrong


def shown_differences(table: Any, state: Any) -> list[str]:
    """What the table shows that ``state`` does not hold for the table's viewer: its hand, play area, play to beat."""
    sh, obs = table.shown, state.observation(table.viewer)
    seen = {"hand": (sh.hand, obs.hand), "play area": (sh.area, obs.area), "play to beat": ((sh.top,), (obs.top,))}
    return [f"the table shows a different {what}" for what, (a, b) in seen.items() if tuple(a) != tuple(b)]


def hot_spots(table: Any) -> list[tuple[int, int]]:
    """Places worth clicking at the table: the number columns and its buttons."""
    return [r.center for r in table.layout.columns] + [b.rect.center for b in table.buttons()]


def _summary(table: Any) -> str:
    st = table.state
    return (f"{len(table.record.entries)} actions, {st.games_won} games won, reached game {st.game}, "
            f"upgrades {dict(st.held.as_tuple())}")


mismatches = resumed_mismatches(shown_differences, same_snapshot, "run")
"""How a resumed table differs from the saved run (empty if it is exactly there)."""


# --- positions for tests and screenshots ------------------------------------------------


def _select_best(s: Any) -> None:
    """Select the strongest legal play, or any column held (so a preview shows)."""
    table = s.table
    plays = [a for a in table.state.legal_actions(table.viewer) if isinstance(a, Play) and not a.wraps]
    if plays:
        best = max(plays, key=lambda p: p.strength())
        table.selection.choose(best.lo, best.hi)
    else:
        held = [n + 1 for n, k in enumerate(table.shown.hand) if k]
        if held:
            table.selection.choose(held[0], held[min(2, len(held) - 1)])


def _select_refused(s: Any) -> None:
    """Select a span the engine refuses (too weak to answer, or a number not held)."""
    table = s.table
    for lo in range(1, 9):
        for hi in range(lo, 9):
            table.selection.choose(lo, hi)
            play, reason = table.selection_play()
            if play is not None and reason is not None:
                return
    table.selection.choose(next((n + 1 for n, k in enumerate(table.shown.hand) if not k), 1))


SHOTS = shots.Plan(GAME_ID, (
    shots.app(folder=lambda s: s.data_dir / f"d{s.size[0]}", ai_speed="instant"), appshots.menu,
    shots.start(lambda: run_setup(11)), shots.until(shots.my_turn, 10), shots.photo("dn-game1"),
    _select_best, shots.photo("dn-game1-selected"),
    shots.made(opened(lambda: run_setup(20, "standard", mode="duel", game_number=20),
                      lambda duel: played_record(duel, lambda st: st.top is not None and st.turn == 0, 400))),
    shots.until(shots.my_turn, 5), _select_best, shots.wait(0.2), shots.photo("dn-game20"),
    _select_refused, lambda s: s.table.play_selection(), shots.photo("dn-game20-refused"),
    shots.settings(ai_speed="normal"), lambda s: setattr(s.table, "toast", None),
    shots.when(shots.my_turn, _select_best, lambda s: s.table.play_selection(), shots.until(
        lambda s: s.table.motion.flights and s.table.motion.flights[0].tween.elapsed > 0.12, 2),
        shots.photo("dn-game20-flight")),
    shots.settings(ai_speed="instant"),
    shots.made(opened(lambda: run_setup(short_run_deal()),
                      lambda run: played_record(run, lambda st: st.phase is Phase.PICK))),
    shots.wait(0.3), shots.photo("dn-upgrade-pick"), lambda s: s.table.pick(s.table.state.offer[0]),
    shots.until(shots.my_turn, 10), shots.photo("dn-upgrades-held"),
    shots.made(opened(lambda: run_setup(short_run_deal()), lambda run: played_record(run, lambda st: False))),
    shots.until(lambda s: s.app.stack.top is not s.table, 10),
    shots.wait(GUARD_S + 0.2), shots.photo("dn-run-summary"),  # past the end screen's guard: its buttons usable
    shots.seats("Ann Bea", 4, **game_info(GAME_ID).resolve_options({"mode": "duel", "game_number": 3})),
    shots.until(passing, 5), shots.photo("dn-hotseat-pass"), ready,
    shots.until(shots.my_turn, 5), _select_best, shots.photo("dn-hotseat-table"),
    lambda s: s.table.open_pause(), shots.photo("dn-pause"), shots.title, shots.photo("dn-title-resume"),
    appshots.stats, shots.photo("dn-stats"), appshots.product({"standard": (1, 3, 2), "hard": (5,)}),
), scale_sizes=((960, 600),), always=((960, 600),))
"""The collection's screens; game 1, game 20, a refusal, mid-flight, the upgrade pick, the run summary, hot-seat,
stats, at each size."""


def _busy(app: App) -> Restarting:
    """A game-20 duel between bots, stacks always in flight."""
    options = game_info(GAME_ID).resolve_options({"mode": "duel", "game_number": 20})
    return Restarting(app, GameSetup.all_ai(["standard", "easy"], GAME_ID, 20, **options), {"game_number": 20})


SCENARIOS = Scenarios(
    check=check, hot_spots=hot_spots, summary=_summary, mismatches=mismatches, busy=_busy, shots=SHOTS,
    selftest_setup=lambda: run_setup(SELFTEST_DEAL, runner="hard"), monkey_setup=run_setup,
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p, pygame.K_w, pygame.K_1, pygame.K_3,
          pygame.K_5, pygame.K_8, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_TAB, pygame.K_c),
    settings={"animation_speed": "off", "ai_speed": "instant"},
    monkey_settings={"animation_speed": "fast", "ai_speed": "instant"},
    bench_settings={"animation_speed": "normal", "ai_speed": "instant"},
    frames=60 * 60 * 20, same_state=same_snapshot, noun="run",
)

__all__ = ["SCENARIOS", "open_at", "played_record", "run_setup", "short_run_deal", "mismatches", "SELFTEST_DEAL"]
