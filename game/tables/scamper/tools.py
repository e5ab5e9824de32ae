"""Scamper's headless modes (``python -m game --game scamper ...``): self-test, resumed self-test,
screenshots, the frame bench and the monkey.  They drive the real loop with the
generic helpers of :mod:`game.shell.headless`.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from engine import games
from engine.envelope import PlayerInfo
from engine.scamper import ScamperGame
from engine.scamper.table import Phase

from game.shell.app import App
from game.shell.headless import (DT, advance as _advance, click as _click, monkey_loop, post_key, shoot as _shoot,
                                 until as _until, p99 as _p99, timed_frame, play_until_over)
from game.shell.session import GameSetup, SeatConfig

GAME = "scamper"
NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo")


def table_of(app: App) -> Any:
    from game.tables.scamper.table import ScamperTable

    return app.stack.find(ScamperTable)


def table_mismatches(table: Any, state: ScamperGame) -> list[str]:
    """How what ``table`` shows differs from ``state`` (empty when the table is at rest and right)."""
    out = []
    m = table.model
    for p in range(state.num_players):
        if sorted(m.hands[p]) != sorted(state.hands[p]):
            out.append(f"seat {p}: the table shows a different hand")
    if [list(h.cards) for h in m.melds] != [list(x.cards) for x in state.melds]:
        out.append("the melds on the table differ from the engine's")
    if m.owners != list(state.owners):
        out.append("the melds' owners differ")
    if list(m.discard) != list(state.discard):
        out.append("the discard pile differs")
    if m.stock != len(state.stock):
        out.append(f"stock: the table shows {m.stock}, the engine has {len(state.stock)}")
    if not state.is_over and m.current != state.current:
        out.append(f"turn: the table shows seat {m.current}, the engine is at seat {state.current}")
    return out


def check_invariants(app: App) -> None:
    """Raise AssertionError if the table shows something the engine doesn't hold (checked at rest)."""
    table = table_of(app)
    if table is None or table.motion.busy or table.deal_after_pass or table.hold:
        return
    wrong = table_mismatches(table, table.state)
    assert not wrong, "; ".join(wrong)


def _app(data_dir: Path, size: tuple[int, int] = (1280, 720), anim: str = "off") -> App:
    app = App(size, data_dir, seed=7, resizable=False)
    app.settings.animation_speed = anim
    app.settings.ai_speed = "instant"
    app.think_ms = 60
    return app


def _finish(app: App, frames: int = 200_000) -> bool:
    return play_until_over(app, check_invariants, frames)


def selftest(data_dir: Path) -> int:
    """A full 10-round game of 8 bots through the real loop; the record must replay to the same state."""
    app = _app(data_dir)
    app.to_title()
    setup = GameSetup.all_ai(["easy", "standard", "hard", "standard", "easy", "hard", "standard", "hard"], game=GAME)
    setup.options = {"rounds": 10}
    app.start_game(setup)
    table = table_of(app)
    start = time.perf_counter()
    if not _finish(app):
        print("selftest: the game did not finish", file=sys.stderr)
        return 1
    replayed = games.load_record(table.record.dumps()).final_state()
    if replayed != table.state:
        print("selftest: the record does not replay to the final state", file=sys.stderr)
        return 1
    lines = table.state.sheet.lines
    if len(lines) != 10:
        print(f"selftest: {len(lines)} rounds on the sheet, not 10", file=sys.stderr)
        return 1
    print(f"selftest: ok, 10 rounds, 8 seats, {len(table.record.actions)} actions, totals "
          f"{list(table.state.sheet.totals)}, {app.frames} frames in {time.perf_counter() - start:.1f} s, "
          f"bot decision p99 {_p99(table.driver.driver.decide_ms)} ms wall, "
          f"{_p99(table.driver.driver.decide_cpu_ms)} ms CPU (load average {os.getloadavg()[0]:.1f})")
    return 0


def resume_selftest(data_dir: Path) -> int:
    """Open the saved game, check the table is exactly the save, let bots finish it (2: nothing saved)."""
    from game.shell.resume import resume

    app = _app(data_dir)
    if app.shelf(GAME).saves.pending is None:
        print(f"resume selftest: no saved Scamper game in {data_dir}", file=sys.stderr)
        return 2
    app.game_id = GAME
    saved = app.saves.pending_record()
    table = resume(app, selftest=True)
    table.stats_noted = True
    state = saved.final_state()
    wrong = table_mismatches(table, state)
    if table.state != state:
        wrong.append("the engine state differs from the saved game's")
    if wrong:
        print("resume selftest: the resumed table is not the saved game: " + "; ".join(wrong), file=sys.stderr)
        return 1
    before = set(app.saves.history_files())
    if not _finish(app):
        print("resume selftest: the game did not finish", file=sys.stderr)
        return 1
    app.saves.flush()
    new = sorted(set(app.saves.history_files()) - before)
    if len(new) != 1:
        print("resume selftest: the finished game was not filed in the history", file=sys.stderr)
        return 1
    finished = games.load_record(new[0].read_bytes())
    if finished.actions[:len(saved.actions)] != saved.actions or finished.final_state() != table.state:
        print("resume selftest: the finished game does not continue the saved one", file=sys.stderr)
        return 1
    print(f"resume selftest: ok, resumed at action {len(saved.actions)} (round {state.contract_no}), finished after "
          f"{len(finished.actions)} actions, totals {list(finished.final_state().sheet.totals)}")
    return 0


# --- positions to look at -----------------------------------------------------------


def position(seats: int, melds: int, seed: int = 11, human: bool = True, level: str = "easy",
             rounds: int = 10, phase: Phase | None = Phase.PLAY, options: dict | None = None, attempts: int = 4,
             limit: int = 3000) -> tuple[GameSetup, Any]:
    """A setup and a record with actions played by bots until ``melds`` are down and seat 0 is to ``phase``."""
    setup = GameSetup([SeatConfig(NAMES[0])] if human else [SeatConfig(NAMES[0], "ai", level)], game=GAME)
    setup.seats += [SeatConfig(NAMES[i], "ai", ("easy", "standard", "hard")[i % 3]) for i in range(1, seats)]
    setup.options = {"rounds": rounds, **(options or {})}
    setup.deal = seed
    info = setup.info
    bots = {i: info.make_bot(level, seed=seed + i) for i in range(seats)}
    best: tuple[int, int, list[tuple[int, Any]]] | None = None  # (melds, attempt, actions) of the best moment seen
    for attempt in range(attempts):
        record, state = info.record_type().begin(info, setup.players(), seed + attempt, setup.options)
        played: list[tuple[int, Any]] = []
        for n in range(limit):
            if state.is_over:
                break
            if state.current == 0 and (phase is None or state.phase is phase):
                if best is None or len(state.melds) > best[0]:
                    best = (len(state.melds), attempt, played[:])
                if len(state.melds) >= melds:
                    setup.deal = seed + attempt
                    return setup, record
            p = state.current
            action = bots[p].decide(state.observation(p))
            record.append(p, action, state.apply(action, p))
            played.append((p, action))
    assert best is not None
    _, attempt, actions = best
    record, state = info.record_type().begin(info, setup.players(), seed + attempt, setup.options)
    for p, action in actions:
        record.append(p, action, state.apply(action, p))
    setup.deal = seed + attempt
    return setup, record


def open_position(app: App, setup: GameSetup, record: Any, crowd: int = 0) -> Any:
    """The table of ``setup`` at the end of ``record`` (as a resume opens it).

    ``crowd``: for the bench and the busiest screenshots, melds of stock cards are
    put down round the table (valid melds read by the engine, owners in turn) until
    ``crowd`` are down: a real 10-seat round ends long before 30 melds are laid.
    Such a table is not saved (its record could not replay the extra melds).
    """
    from game.tables.scamper.table import ScamperTable

    app.game_id = setup.game  # its saves go to its own shelf
    fresh = record.without_actions()
    table = ScamperTable(app, setup, record=fresh, state=fresh.start())
    table.catch_up(record.actions)
    if crowd:
        app.saves.note = lambda t: None  # type: ignore[method-assign]
        crowd_table(table, crowd)
    app.to_title()
    app.stack.push(table)
    app.dirty = True
    return table


def crowd_table(table: Any, count: int) -> None:
    """Lay melds made of stock cards (sets of 3 and runs of 4, by the engine's ``read_meld``) until ``count`` are down."""
    from engine.melds import IllegalMeld, is_wild, read_meld
    from game.kit.sprites import Hand

    state = table.state
    n = state.num_players
    k = 0
    while len(state.melds) < count:
        stock = [c for c in state.stock if not is_wild(c)]
        made = None
        if k % 3 == 2:  # a run of 4 now and then
            for c in stock:
                want = [c] + [next((d for d in stock if d.suit == c.suit and d.rank == c.rank + i), None) for i in (1, 2, 3)]
                if all(want):
                    made = want
                    break
        if made is None:
            ranks: dict[int, list[Any]] = {}
            for c in stock:
                ranks.setdefault(c.rank, []).append(c)
            full = [cs for cs in ranks.values() if len(cs) >= 3]
            if not full:
                return
            made = full[k % len(full)][:3]
        try:
            meld = read_meld(made)
        except IllegalMeld:
            k += 1
            continue
        for c in made:
            state.stock.remove(c)
        seat = k % n
        state.melds.append(meld)
        state.owners.append(seat)
        state.down[seat] = True
        table.model.melds.append(Hand(table.sprites.new(c) for c in meld.cards))
        table.model.owners.append(seat)
        table.model.stock = len(state.stock)
        k += 1


def _select_a_meld(table: Any) -> None:
    """Select cards that make something (the engine's lay if there is one), to show the Lay button."""
    obs = table.state.observation(table.viewer)
    for a in obs.legal_actions():
        cards = getattr(a, "melds", None) or ((getattr(a, "cards", None),) if hasattr(a, "cards") else None)
        if cards:
            table.selected = [c for m in cards for c in m]
            return
    table.selected = list(obs.hand[:3])


def screenshots(out: Path, data_dir: Path, sizes: tuple[tuple[int, int], ...] = ((960, 600), (1280, 720), (1920, 1080)),
                scale_sizes: tuple[tuple[int, int], ...] = ()) -> int:
    """The table with 2, 5 and 10 seats at each size; the opening, the round's sheet, hot-seat, the standings."""
    out.mkdir(parents=True, exist_ok=True)
    all_sizes = tuple(dict.fromkeys(tuple(sizes) + ((960, 600), (1280, 720), (1920, 1080))))
    for size in all_sizes:
        app = _app(data_dir, size, "fast")
        app.settings.ai_speed = "slow"
        for seats, melds, crowd in ((2, 3, 0), (5, 6, 12), (10, 6, 24)):
            setup, record = position(seats, melds, seed=20 + seats, level="standard")
            table = open_position(app, setup, record, crowd)
            _advance(app, 0.5)
            _select_a_meld(table)
            _advance(app, 0.2)
            _shoot(app, out, f"scamper-{seats}-seats")
        setup, record = position(6, 0, seed=5, phase=Phase.OPENING)
        table = open_position(app, setup, record)
        _advance(app, 0.3)
        _shoot(app, out, "scamper-opening")
        setup, record = position(4, 6, seed=9, options={"advanced": True})
        table = open_position(app, setup, record)
        _advance(app, 0.3)
        from game.kit.hand import Drag
        from game.tables.scamper import play as scamper_play

        fits = [sp for sp in table.my_hand if scamper_play.takers(table, sp.card)]
        sprite = fits[0] if fits else table.my_hand[0]

        table.drag = Drag("hand", (10, 10), sprite)
        rects = table.meld_rects()
        lit = sorted(scamper_play.takers(table, sprite.card)) or sorted(rects)
        if lit:
            table.mouse = rects[lit[0]][-1].center
            table.hover = ("meld", lit[0], None)
        _shoot(app, out, "scamper-drag")
        table.drag = None
        wilds = [(i, m.wild_places[0]) for i, m in enumerate(table.state.melds) if m.wild_places]
        meld, place = wilds[0] if wilds else (0, None)
        if table.meld_rects().get(meld):
            table.hover = ("meld", meld, place)
            _shoot(app, out, "scamper-meld-tip")
        table.show_sheet()
        _shoot(app, out, "scamper-sheet")
        app.stack.pop()
        table.round_ended(max(1, table.state.contract_no - 1)) if table.state.sheet.lines else None
        _shoot(app, out, "scamper-round-over")
        setup, record = position(3, 0, seed=4, human=False, rounds=2, phase=None)
        app2 = app
        app2.to_title()
        app2.settings.ai_speed = "instant"  # before the table opens, so its bots take no pause from the first move
        app2.settings.animation_speed = "off"
        app2.start_game(GameSetup(setup.seats, None, 4, GAME, {"rounds": 2}))
        _until(app2, lambda: type(app2.stack.top).__name__ == "StandingsScene", 900)  # bots think in slices
        _shoot(app2, out, "scamper-standings")
        hot = GameSetup([SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Ada", "ai", "standard")], game=GAME)
        app2.start_game(hot)
        _advance(app2, 0.1)
        _shoot(app2, out, "scamper-pass-device")
    print(f"screenshots: {out}")
    return 0


def bench(frames: int, size: tuple[int, int], data_dir: Path) -> int:
    """Frame times of a 10-seat table with 30 melds down, bots playing on and cards always in flight.

    Also the bots' decision times at the table (each decision runs inside one frame).
    """
    app = _app(data_dir, size, "normal")
    setup, record = position(10, 6, seed=3, human=False, level="standard")
    times: list[float] = []
    decide: list[float] = []
    decide_cpu: list[float] = []
    melds_seen: list[int] = []
    cpu: list[float] = []  # the frame's own CPU time: what it costs, whatever else the machine is doing
    while len(times) < frames:
        table = open_position(app, setup, record, crowd=30)
        for _ in range(600):  # the deal lands and the card sizes are cached before the timing
            if not table.motion.busy and len(table.model.melds) >= 30:
                break
            app.step(DT, pygame.event.get())
        while len(times) < frames and app.stack.top is table and len(table.model.melds) >= 30:
            melds_seen.append(len(table.model.melds))
            timed_frame(app, times, cpu)
        decide += table.driver.driver.decide_ms
        decide_cpu += table.driver.driver.decide_cpu_ms
    times.sort()
    print(json.dumps({"frames": frames, "size": f"{size[0]}x{size[1]}", "seats": 10,
                      "melds_on_table_min": min(melds_seen), "melds_on_table_max": max(melds_seen),
                      "frame_ms_p50": round(statistics.median(times), 3), "frame_ms_p99": _p99(times),
                      "frame_ms_max": round(times[-1], 3), "frame_cpu_ms_p50": round(statistics.median(cpu), 3),
                      "frame_cpu_ms_p99": _p99(cpu), "load_average": round(os.getloadavg()[0], 1), "bot_decisions": len(decide),
                      "bot_decide_ms_p99": _p99(decide), "bot_decide_cpu_ms_p99": _p99(decide_cpu)}))
    return 0


def _hotspots(app: App) -> list[tuple[int, int]]:
    from game.screens import MenuScene

    top = app.stack.top
    spots = [b.rect.center for b in top.buttons] if isinstance(top, MenuScene) or hasattr(top, "buttons") and \
        isinstance(getattr(top, "buttons"), list) else []
    table = table_of(app)
    if table is not None and top is table:
        L = table.layout
        spots = [b.rect.center for b in table.buttons()] + [L.stock.center, L.discard.center]
        spots += [(r.x + 10, r.y + 20) for r in L.hand_rects(len(table.my_hand))]
        spots += [r[0].center for r in table.meld_rects().values() if r]
    return spots


def monkey(count: int, seed: int, data_dir: Path, size: tuple[int, int] = (1280, 720)) -> int:
    """Random clicks, drags and keys at a Scamper table; non-zero exit on any exception or broken rule."""
    rng = random.Random(seed)
    app = _app(data_dir, size, "fast")
    app.to_title()
    setup = GameSetup([SeatConfig("You")] + [SeatConfig(NAMES[i], "ai", "standard") for i in (1, 2, 3)], game=GAME)
    app.start_game(setup)
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_s, pygame.K_p, pygame.K_l, pygame.K_t,
            pygame.K_c, pygame.K_r, pygame.K_u]

    def _send() -> int:
        sent = 0
        if table_of(app) is None and rng.random() < 0.3:
            app.start_game(setup)
        hot = _hotspots(app)
        pos = rng.choice(hot) if hot and rng.random() < 0.75 else (rng.randrange(size[0]), rng.randrange(size[1]))
        r = rng.random()
        if r < 0.55:
            _click(app, pos)
            sent += 3
        elif r < 0.75:
            to = rng.choice(hot) if hot else (rng.randrange(size[0]), rng.randrange(size[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            for k in (0.5, 1.0):
                mid = (round(pos[0] + (to[0] - pos[0]) * k), round(pos[1] + (to[1] - pos[1]) * k))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
            sent += 4
        elif r < 0.9:
            sent += post_key(rng.choice(keys))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
            sent += 1
        return sent

    sent = monkey_loop(app, count, rng, _send, check_invariants)
    if sent is None:
        return 1
    table = table_of(app)
    print(f"monkey: ok, {sent} events, {app.frames} frames"
          + (f", {len(table.record.actions)} actions in the current game" if table else ""))
    return 0


__all__ = ["selftest", "resume_selftest", "screenshots", "bench", "monkey", "position", "open_position",
           "table_mismatches", "PlayerInfo"]
