"""Scamper's part of the headless modes (:mod:`game.shell.modes`): its two table hooks and its own scenarios
(positions to open a table at, a crowded table for the bench and the screenshots).
"""

from __future__ import annotations

import os
from typing import Any

import pygame

from engine.melds import MatchKind, is_wild, read_meld
from engine.scamper import CONTRACTS, LayContract, LayMeld, ScamperGame
from engine.scamper.table import Phase

from game.kit.hand import Drag
from game.kit.scenarios import Bench, bots_play_to, hand_hot_spots, hand_mismatches, open_on_top, resumed_mismatches
from game.kit.sprites import Hand
from game.shell import shots
from game.shell.app import App
from game.shell.headless import DT, p99 as _p99, until as _until
from game.shell.modes import Scenarios
from game.shell.session import AI_NAMES, GameSetup, SeatConfig
from game.tables.scamper import play as scamper_play

GAME = "scamper"

_SETTINGS = {"animation_speed": "off", "ai_speed": "instant", "think_ms": 60}
"""The self-tests' app: no animation, instant bots with a short think budget."""


def table_mismatches(table: Any, state: ScamperGame) -> list[str]:
    """How what ``table`` shows differs from ``state`` (empty when the table is at rest and right)."""
    m = table.model
    out = hand_mismatches(table, state.hands, state.discard, len(state.stock), None if state.is_over else state.current)
    if [list(h.cards) for h in m.melds] != [list(x.cards) for x in state.melds]:
        out.append("the melds on the table differ from the engine's")
    if m.owners != list(state.owners):
        out.append("the melds' owners differ")
    return out


def check(table: Any) -> None:
    """Raise AssertionError if the table shows something the engine doesn't hold (checked at rest)."""
    if table.motion.busy or table.deal_after_pass or table.hold:
        return
    wrong = table_mismatches(table, table.state)
    assert not wrong, "; ".join(wrong)


def hot_spots(table: Any) -> list[tuple[int, int]]:
    """Places worth clicking at the table: the hidden-hand table's, and the melds down."""
    return hand_hot_spots(table) + [r[0].center for r in table.meld_rects().values() if r]


def _summary(table: Any) -> str:
    assert len(lines := table.state.sheet.lines) == 10, f"{len(lines)} rounds on the sheet, not 10"
    return (f"10 rounds, 8 seats, {len(table.record.actions)} actions, totals {list(table.state.sheet.totals)}, "
            f"bot decision p99 {_p99(table.driver.driver.decide_ms)} ms wall, "
            f"{_p99(table.driver.driver.decide_cpu_ms)} ms CPU (load average {os.getloadavg()[0]:.1f})")


# --- positions to look at -----------------------------------------------------------


def _seats(count: int, human: bool, level: str) -> list[SeatConfig]:
    """You (or a bot of ``level``) and bots of the three levels in turn."""
    return [SeatConfig("You") if human else SeatConfig("You", "ai", level)] + [
        SeatConfig(AI_NAMES[i - 1], "ai", ("easy", "standard", "hard")[i % 3]) for i in range(1, count)]


def position(seats: int, melds: int, seed: int = 11, human: bool = True, level: str = "easy",
             rounds: int = 10, phase: Phase | None = Phase.PLAY, options: dict | None = None, attempts: int = 4,
             limit: int = 3000) -> tuple[GameSetup, Any]:
    """A setup and a record with actions played by bots until ``melds`` are down and seat 0 is to ``phase``."""
    setup = GameSetup(_seats(seats, human, level), None, seed, GAME, {"rounds": rounds, **(options or {})})

    def at_seat_0(s: ScamperGame) -> int | None:  # a moment that counts, by the melds down
        return len(s.melds) if s.current == 0 and (phase is None or s.phase is phase) else None
    return setup, bots_play_to(setup, at_seat_0, lambda s: len(s.melds) >= melds, level, seed, attempts, limit)


def open_position(app: App, setup: GameSetup, record: Any, crowd: int = 0) -> Any:
    """The table of ``setup`` at the end of ``record`` (as a resume opens it), on top of the title, with ``crowd``
    melds down at least (:func:`crowd_table`: a real 10-seat round ends long before 30 melds are laid)."""
    return open_on_top(app, setup, record, (lambda table: crowd_table(table, crowd)) if crowd else None)


def crowd_table(table: Any, count: int) -> None:
    """Seats in turn go down with the round's contract made of stock cards (a run: one suit in sequence; a set: one
    rank) until ``count`` melds are down; the table is no longer saved (its record could not replay them)."""
    table.app.saves.note = lambda t: None
    state, k = table.state, 0
    reqs = CONTRACTS[state.round_index].requirements
    while len(state.melds) < count:
        size, stock = reqs[k % len(reqs)].size, [c for c in state.stock if not is_wild(c)]
        if reqs[k % len(reqs)].kind is MatchKind.RUN:
            runs = ([c] + [next((d for d in stock if d.suit == c.suit and d.rank == c.rank + i), None)
                           for i in range(1, size)] for c in stock)
            made = next((run for run in runs if all(run)), None)
        else:
            ranks = ([c for c in stock if c.rank == rank] for rank in dict.fromkeys(c.rank for c in stock))
            full = [cs[:size] for cs in ranks if len(cs) >= size]
            made = full[k % len(full)] if full else None
        if made is None:
            return
        meld, seat = read_meld(made), k // len(reqs) % state.num_players  # each seat lays the whole contract
        for c in made:
            state.stock.remove(c)
        state.melds.append(meld)
        state.owners.append(seat)
        state.down[seat] = True
        table.model.melds.append(Hand(table.sprites.new(c) for c in meld.cards))
        table.model.owners.append(seat)
        table.model.stock = len(state.stock)
        k += 1


def _select_a_meld(s: shots.Shot) -> None:
    """Select cards that make something (the engine's lay if there is one), to show the Lay button."""
    obs = s.table.state.observation(s.table.viewer)
    lays = [a.melds if isinstance(a, LayContract) else (a.cards,) for a in obs.legal_actions()
            if isinstance(a, (LayContract, LayMeld))]
    s.table.selected = [c for m in lays[0] for c in m] if lays else list(obs.hand[:3])


def _look(seats: int, melds: int, crowd: int = 0, **position_options: Any) -> shots.Step:
    """The table at a :func:`position` (``crowd`` melds down at least)."""
    return shots.made(lambda app: open_position(app, *position(seats, melds, **position_options), crowd))


def _drag(s: shots.Shot) -> None:
    """A card of the hand dragged over a meld that takes it (lit)."""
    table = s.table
    sprite = next((sp for sp in table.my_hand if scamper_play.takers(table, sp.card)), table.my_hand[0])
    table.drag = Drag("hand", (10, 10), sprite)
    rects = table.meld_rects()
    lit = sorted(scamper_play.takers(table, sprite.card)) or sorted(rects)
    if lit:
        table.mouse = rects[lit[0]][-1].center
        table.hover = ("meld", lit[0], None)


def _meld_tip(s: shots.Shot) -> bool:
    """The pointer over a meld's wild card (its tip), if a meld is on the table."""
    table = s.table
    table.drag = None
    meld, place = next(((i, m.wild_places[0]) for i, m in enumerate(table.state.melds) if m.wild_places), (0, None))
    if table.meld_rects().get(meld):
        table.hover = ("meld", meld, place)
        return True
    return False


def _before_round_1_ends(s: shots.Shot) -> None:
    """A table a bot's action before round 1 ends, which the loop plays: the round's sheet opens as in play."""
    setup = GameSetup(_seats(4, True, "standard"), None, 9, GAME, {"rounds": 10})
    record = bots_play_to(setup, lambda state: len(state.sheet.lines) or None, lambda state: True, "standard", 9)
    assert record.entries.pop().seat != 0, "round 1 ends on the human's turn here: choose another seed"
    s.table = open_position(s.app, setup, record)


SIZES = ((960, 600), (1280, 720), (1920, 1080))
SHOTS = shots.Plan(GAME, (
    shots.app(seed=7, **{**_SETTINGS, "animation_speed": "fast", "ai_speed": "slow"}),
    *shots.first_tip(lambda: GameSetup(_seats(3, True, "standard"), None, 4, GAME), "scamper-tip"),
    *(step for seats, melds, crowd in ((2, 3, 0), (5, 6, 12), (10, 6, 24)) for step in (
        _look(seats, melds, crowd, seed=20 + seats, level="standard"), shots.wait(0.5), _select_a_meld,
        shots.wait(0.2), shots.photo(f"scamper-{seats}-seats"))),
    _look(6, 0, seed=5, phase=Phase.OPENING), shots.wait(0.3), shots.photo("scamper-opening"),
    _look(4, 6, seed=9, options={"advanced": True}), shots.wait(0.3), _drag, shots.photo("scamper-drag"),
    shots.when(_meld_tip, shots.photo("scamper-meld-tip")),
    lambda s: s.table.show_sheet(), shots.photo("scamper-sheet"), _before_round_1_ends,
    shots.until(lambda s: type(s.app.stack.top).__name__ == "SheetScene", 60), shots.photo("scamper-round-over"),
    shots.title, shots.settings(ai_speed="instant", animation_speed="off"),  # before the table opens: no pause
    shots.start(lambda: GameSetup(_seats(3, False, "easy"), None, 4, GAME, {"rounds": 2})),
    shots.until(lambda s: type(s.app.stack.top).__name__ == "StandingsScene", 900),  # bots think in slices
    shots.photo("scamper-standings"),
    shots.start(lambda: GameSetup([SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Ada", "ai", "standard")],
                                  game=GAME)), shots.wait(0.1), shots.photo("scamper-pass-device"),
), scaled=(), sizes=SIZES, always=SIZES)
"""The first-game tip; the table with 2, 5 and 10 seats at each size; the opening, the round's sheet, hot-seat,
the standings."""


def _bench(app: App) -> Bench:
    """A 10-seat table with 30 melds down, bots playing on and cards always in flight; also the bots' decision
    times at the table (each decision runs inside one frame)."""
    setup, record = position(10, 6, seed=3, human=False, level="standard")
    melds: list[int] = []

    def crowded(app: App) -> Any:
        table = open_position(app, setup, record, crowd=30)  # the deal lands, card sizes cached before the timing
        _until(app, lambda: not table.motion.busy and len(table.model.melds) >= 30, 600 * DT)
        return table

    def fields(bench: Bench) -> dict[str, Any]:
        decide = [ms for t in bench.opened for ms in t.driver.driver.decide_ms]
        cpu = [ms for t in bench.opened for ms in t.driver.driver.decide_cpu_ms]
        return {"seats": 10, "melds_on_table_min": min(melds), "melds_on_table_max": max(melds),
                "load_average": round(os.getloadavg()[0], 1), "bot_decisions": len(decide),
                "bot_decide_ms_p99": _p99(decide), "bot_decide_cpu_ms_p99": _p99(cpu)}
    return Bench(app, crowded, fields, keep=lambda table, frame: melds.append(len(table.model.melds)),
                 stale=lambda table: len(table.model.melds) < 30)


SCENARIOS = Scenarios(
    check=check, hot_spots=hot_spots, selftest_setup=lambda: GameSetup.all_ai(
        ["easy", "standard", "hard", "standard", "easy", "hard", "standard", "hard"], GAME, rounds=10),
    summary=_summary, mismatches=resumed_mismatches(table_mismatches), busy=_bench, shots=SHOTS,
    monkey_setup=lambda seed: GameSetup.quick(GAME),
    keys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_s, pygame.K_p, pygame.K_l, pygame.K_t,
          pygame.K_c, pygame.K_r, pygame.K_u),
    settings=_SETTINGS, monkey_settings={**_SETTINGS, "animation_speed": "fast"},
    bench_settings={**_SETTINGS, "animation_speed": "normal"}, frames=200_000,
)
