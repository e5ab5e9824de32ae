"""Sprint's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own scenarios.

``python -m game --game sprint --selftest | --resume --selftest | --screenshot DIR | --bench-frames N | --monkey N``.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.cards import ALL_CARDS
from engine.sprint.records import Record

from game.kit.scenarios import Restarting, hand_hot_spots, hand_mismatches, saved_mismatches
from game.shell.modes import Scenarios
from game.shell.session import GameSetup
from game.tables.sprint.shots import SHOTS


def check(table: Any) -> None:
    """Raise AssertionError if the table or the engine broke a rule of the game."""
    state = table.state
    held = sum(h.bit_count() for h in state.hands)
    laid = sum(m.bit_count() for ms in state.laid for m in ms)
    total = held + laid + len(state.stock) + len(state.discard)
    assert total == 52, f"cards not conserved: {total}"
    all_cards = 0
    for h in state.hands:
        assert not all_cards & h, "a card is in two hands"
        all_cards |= h
    if not table.flights and not table.steps and not table.deal_after_pass:
        wrong = hand_mismatches(table, [state.hand(p) for p in range(state.num_players)], [ALL_CARDS[n] for n in state.discard],
                                len(state.stock), None)
        assert not wrong, "; ".join(wrong)


def table_mismatches(table: Any, saved: Record) -> list[str]:
    """How a resumed ``table`` differs from the ``saved`` round (empty if it is exactly there).

    Compares the engine state, the actions, and what the table shows (hands, piles,
    laid matches, points, whose turn).
    """
    state = saved.final_state()
    out = hand_mismatches(table, [state.hand(p) for p in range(state.num_players)],
                          [ALL_CARDS[n] for n in state.discard], len(state.stock), state.current)
    out += saved_mismatches(table, saved, state, noun="round")
    model = table.model
    for p in range(state.num_players):
        shown = sorted(tuple(sorted(m)) for m in model.laid[p])
        laid = sorted(tuple(sorted(m)) for m in state.observation(p).laid[p])
        if shown != laid:
            out.append(f"seat {p}: the table shows different matches")
        if model.points[p] != state.laid_points(p):
            out.append(f"seat {p}: the table shows {model.points[p]} points, the round {state.laid_points(p)}")
    return out


LEVELS = ["apprentice", "standard", "apprentice", "standard", "apprentice"]
"""The frame bench's table: five bots, cards always in flight, a new round when one ends."""
_SETTINGS = {"confirm_discard": False, "animation_speed": "fast", "ai_speed": "instant"}  # headless turns discard without asking

SCENARIOS = Scenarios(
    check=check, hot_spots=hand_hot_spots, mismatches=table_mismatches, shots=SHOTS,
    summary=lambda t: f"{len(t.record.actions)} actions, scores {list(t.state.result.scores)}",
    busy=lambda app: Restarting(app, GameSetup.all_ai(LEVELS), {"seats": len(LEVELS)}),
    selftest_setup=lambda: GameSetup.all_ai(["apprentice", "standard", "strategist"]),
    monkey_setup=lambda seed: GameSetup(),
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_BACKSPACE, pygame.K_1, pygame.K_TAB,
          pygame.K_s, pygame.K_p, pygame.K_l, pygame.K_d, pygame.K_h, pygame.K_r, pygame.K_u, pygame.K_x,
          pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN),
    settings={**_SETTINGS, "think_ms": 60}, monkey_settings={**_SETTINGS, "think_ms": 20},
    bench_settings={"confirm_discard": False, "ai_speed": "instant", "animation_speed": "normal", "think_ms": 20},
    frames=60 * 60 * 10, noun="round",
)
