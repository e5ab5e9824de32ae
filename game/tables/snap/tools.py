"""Snap's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own scenarios.

Bots react at their own sampled moments whatever the step, so a fixed step changes nothing of who wins a call.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.games import GAMES
from game.kit.racetable import race_mismatches
from game.kit.scenarios import Bench, started
from game.screens.game_over import GUARD_S
from game.shell import shots
from game.shell.app import App
from game.shell.headless import play_until_over
from game.shell.modes import Scenarios, checker
from game.shell.session import GameSetup

GAME = "snap"
STEP = 1 / 30
"""The self-tests' frame step: a Snap game lasts minutes of game time."""


def check(table: Any) -> None:
    """Raise AssertionError if the engine lost a card or the table shows other cards than the engine holds."""
    state, model = table.state, table.model
    inventory = state.inventory()
    assert len(inventory) == 52 and len(set(inventory.values())) == 1, f"cards not conserved: {sum(inventory.values())}"
    assert model.down == [len(d) for d in state.down], f"face-down counts {model.down} != {[len(d) for d in state.down]}"
    assert [list(up.cards) for up in model.up] == state.up, "a face-up pile is wrong"
    assert list(model.shared.cards) == state.shared, "the shared pile is wrong"
    assert list(model.pot.cards) == state.pot, "the snap pot is wrong"


def same_game_state(a: Any, b: Any) -> bool:
    """Same cards everywhere, same turn, same eliminations, calls and records (the clocks may differ: timers ran on)."""
    x, y = a.snapshot(), b.snapshot()
    return x[:7] == y[:7] and x[10:] == y[10:] and a.winners == b.winners


def finish(app: App, step: float = STEP, limit_s: float = 900.0) -> bool:
    """Run the loop, checking the invariants every frame, until the game is over and its end screen is up."""
    return play_until_over(app, checker(GAME), int(limit_s / step), step=step)


def hot_spots(table: Any) -> list[tuple[int, int]]:
    """Places worth clicking at the table: its buttons, every face-down and face-up pile."""
    return [b.rect.center for b in table.buttons()] + [getattr(p, k).center for k in ("down", "up") for p in table.layout.places]


def _summary(table: Any) -> str:
    stats = table.state.call_stats()
    return (f"{len(table.record.entries)} actions, {table.state.end_reason}: winners "
            f"{[table.name(s) for s in table.state.winners]}, fastest calls {[s.fastest_ms for s in stats]} ms")


def _fly_everything(table: Any) -> None:
    """Put a big win in the air: 4 cards from each of the six piles fly to a stack, like a snap pot taken
    (drawing only; the state is untouched)."""
    from game.kit.flights import flight

    lay, model = table.layout, table.model
    n = 0
    for seat in range(model.num_seats):
        for card in list(model.up[seat].cards)[-4:]:
            target = lay.rect_of(("down", (seat + 1) % model.num_seats))
            model.flights.append(flight(model.sprites.new(card), True, lay.rect_of(seat), target, 0.8, 0.02 * n, None, 1.0))
            n += 1


def _shown(*kinds: str, limit_s: float = 240.0) -> shots.Test:
    return shots.shown(lambda e: type(e).__name__ in kinds, limit_s, 1 / 30)  # events by their class's name


def _humans_as_bots(s: shots.Shot) -> None:
    """Give every human seat a hard bot (screenshots of a game in full swing)."""
    table = s.found()
    for seat in table.humans:
        table.driver.bots[seat] = GAMES["snap"].make_bot("hard", seed=seat)


def _wrong_call(s: shots.Shot) -> None:
    """The human calls snap when nothing matches."""
    table = s.table
    table.driver.bots.pop(0, None)
    for _ in range(400):
        if not table.state.snap_piles() and not table.state.pot_piles() and not table.state.claims:
            break
        s.app.run(max_frames=1, fixed_dt=1 / 60)


def _bind_keys(s: shots.Shot) -> None:
    """The key-binding screen of the three humans, Bo's first key chosen."""
    from game.kit.keyscreens import KeyBindingScene, seat_actions_of

    s.app.stack.push(KeyBindingScene(s.app, "snap", "Change keys", seat_actions_of(GAMES["snap"]), ["Ann", "Bo", "Cy"]))
    s.app.stack.top.choose(1, 1)


def _keys_done(s: shots.Shot) -> None:
    s.app.stack.pop()
    if hasattr(s.app.stack.top, "on_button"):
        s.app.stack.top.on_button("done")


SHOTS = shots.Plan(GAME, (
    shots.fresh(),  # a fresh player each size: the keys screen shows
    shots.seats("You Ada:hard Ben:medium", 4), shots.wait(0.5), shots.photo("snap-start"),  # a human, two bots
    _humans_as_bots, shots.when(_shown("Called"), shots.photo("snap-call")),
    shots.wait(0.25), shots.photo("snap-winnings"),
    shots.only(lambda s: not s.scaled or s.size[0] < 1280),  # 4K: the table shots only
    _wrong_call, shots.post(pygame.K_SPACE), shots.wait(0.3), shots.photo("snap-false-call"),
    shots.seats("Ann Bo Cy Dev:hard Eve:medium Finn:easy", 9), shots.wait(0.2),  # 6 seats, three humans
    shots.photo("snap-keys-first"),
    shots.post(pygame.K_s, pygame.K_KP5), shots.wait(0.05), shots.photo("snap-try-keys"),
    _bind_keys, shots.post(pygame.K_s), shots.wait(0.05), shots.photo("snap-bind-refused"), _keys_done,
    _humans_as_bots, shots.wait(12.0), shots.when(_shown("SnapWon", "SnapTied", limit_s=120), shots.wait(0.2)),
    shots.photo("snap-six"),
    shots.seats("You Ada:medium Ben:easy Cleo:hard", 5, variant="shared"),  # the shared pile
    _humans_as_bots, shots.wait(8.0), shots.photo("snap-shared"),
    shots.seats("You Ada:hard", 2, time_limit=3), _humans_as_bots,  # the end screen
    shots.end("snap-result", lambda app: finish(app, 1 / 20, 400), GUARD_S), shots.title,
), scale_sizes=((960, 600),))
"""The table (2, 3 and 6 seats, shared pile), a call on screen, a wrong call, the keys screens, the end screen."""


SCENARIOS = Scenarios(
    check=check, hot_spots=hot_spots, summary=_summary,
    selftest_setup=lambda: GameSetup.all_ai(["hard", "medium", "easy"], GAME, time_limit=3),
    mismatches=lambda table, saved: race_mismatches(table, saved, check), shots=SHOTS,
    busy=lambda app: Bench(  # six bots a little way in (every pile has cards, the pot too), cards always flying
        app, started(lambda: GameSetup.all_ai(["hard", "medium", "easy"] * 2, GAME, 11, variant="own"), 6.0),
        {"seats": 6}, stale=lambda table: table.state.is_over,
        keep=lambda table, frame: table.model.flights or _fly_everything(table)),
    monkey_setup=lambda seed: GameSetup.quick(GAME),
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_j, pygame.K_k,
          pygame.K_l, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_KP5),
    settings={"animation_speed": "fast"}, monkey_settings={"animation_speed": "fast"},
    play_out=finish, same_state=same_game_state,
)

__all__ = ["SCENARIOS", "check", "finish", "same_game_state", "GAMES"]
