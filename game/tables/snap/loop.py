"""The loop helpers Snap's headless modes, screenshots and tests share: find the table, check it, run to the end."""

from __future__ import annotations

from typing import Any

from game.shell.app import App
from game.shell.headless import play_until_over

STEP = 1 / 30
"""The self-tests' frame step: a Snap game lasts minutes of game time."""


def table_of(app: App) -> Any:
    from game.tables.snap.table import SnapTable

    return app.stack.find(SnapTable)


def check(table: Any) -> None:
    """Raise AssertionError if the engine lost a card or the table shows other cards than the engine holds."""
    state, model = table.state, table.model
    inventory = state.inventory()
    assert len(inventory) == 52 and len(set(inventory.values())) == 1, f"cards not conserved: {sum(inventory.values())}"
    assert model.down == [len(d) for d in state.down], f"face-down counts {model.down} != {[len(d) for d in state.down]}"
    for seat in range(state.num_seats):
        assert list(model.up[seat].cards) == state.up[seat], f"seat {seat}'s face-up pile is wrong"
    assert list(model.shared.cards) == state.shared, "the shared pile is wrong"
    assert list(model.pot.cards) == state.pot, "the snap pot is wrong"


def check_invariants(app: App) -> None:
    """:func:`check` on the Snap table of ``app``, if one is open."""
    table = table_of(app)
    if table is not None:
        check(table)


def same_game_state(a: Any, b: Any) -> bool:
    """Same cards everywhere, same turn, same eliminations, calls and records (the clocks may differ: timers ran on)."""
    x, y = a.snapshot(), b.snapshot()
    return x[:7] == y[:7] and x[10:] == y[10:] and a.winners == b.winners


def finish(app: App, step: float = STEP, limit_s: float = 900.0) -> bool:
    """Run the loop, checking the invariants every frame, until the game is over and its end screen is up."""
    return play_until_over(app, check_invariants, int(limit_s / step), step=step)
