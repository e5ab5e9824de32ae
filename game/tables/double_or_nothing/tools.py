"""Double or Nothing's headless modes: ``python -m game --game double-or-nothing --selftest | --screenshot DIR |
--bench-frames N | --monkey N | --resume --selftest``.

They drive the real loop with the generic helpers of :mod:`game.shell.headless`.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pygame

from engine.double_or_nothing import GAME_ID, Phase, Play
from engine.envelope import GameRecord
from engine.games import game_info, load

from game.shell.app import App
from game.screens.game_over import GUARD_S
from game.shell.headless import (DT, advance as _advance, shoot as _shoot, until as _until, monkey_loop, post_key,
                                 p99, timed_frame, play_until_over)
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


def _selftest_app(data_dir: Path) -> App:
    """A headless app for the self-tests: no animation, instant bots."""
    app = App((1280, 720), data_dir, seed=7, resizable=False)
    app.settings.animation_speed = "off"
    app.settings.ai_speed = "instant"
    return app


def run_setup(deal: int | None = None, level: str = "standard", runner: str | None = None,
              **options: Any) -> GameSetup:
    """A Run (or, with ``mode="duel"``, a Duel): you (or a ``runner`` bot) against ``level``."""
    you = SeatConfig("Bot", "ai", runner) if runner else SeatConfig("You")
    opts = {"mode": "run", **options}
    return GameSetup([you, SeatConfig("Ada", "ai", level)], None, deal, GAME_ID, game_info(GAME_ID).resolve_options(opts))


def table_of(app: App):
    from game.tables.double_or_nothing.table import DoubleTable

    return app.stack.find(DoubleTable)


def check_invariants(app: App) -> None:
    """Raise AssertionError if the table shows what the engine doesn't hold, or the cards are not conserved."""
    table = table_of(app)
    if table is None:
        return
    st = table.state
    total = sum(st.totals())
    assert total == sum(sum(d.total()) for d in st.decks) + sum(map(sum, st.hands)) + sum(map(sum, st.area))
    if not table.motion.busy and not table.pending_pass:
        obs = st.observation(table.viewer)
        assert tuple(table.shown.hand) == tuple(obs.hand), "the table shows a different hand"
        assert tuple(table.shown.area) == tuple(obs.area), "the table shows a different play area"


def _finish(app: App, limit_frames: int = 60 * 60 * 20) -> bool:
    return play_until_over(app, check_invariants, limit_frames)


def selftest(data_dir: Path) -> int:
    """A bot plays a whole run through the real loop; the record must replay to the same state."""
    app = _selftest_app(data_dir)
    app.to_title()
    app.start_game(run_setup(SELFTEST_DEAL, runner="hard"))
    table = table_of(app)
    start = time.perf_counter()
    if not _finish(app):
        print("selftest: the run did not finish", file=sys.stderr)
        return 1
    record = table.record
    again = GameRecord.from_json(json.loads(record.dumps()), record.info).final_state()
    if again.snapshot() != table.state.snapshot():
        print("selftest: the record does not replay to the final state", file=sys.stderr)
        return 1
    st = table.state
    print(f"selftest: ok, {len(record.entries)} actions, {st.games_won} games won, reached game {st.game}, "
          f"upgrades {dict(st.held.as_tuple())}, {app.frames} frames in {time.perf_counter() - start:.1f} s")
    return 0


def resume_selftest(data_dir: Path) -> int:
    """Open the saved run, check it is exactly the save, and let bots finish it (0 ok, 1 wrong, 2 nothing saved)."""
    from game.shell.resume import resume

    app = _selftest_app(data_dir)
    app.game_id = GAME_ID
    if app.saves.pending is None:
        print(f"resume selftest: no saved run to resume in {data_dir}", file=sys.stderr)
        return 2
    saved = app.saves.pending_record()
    table = resume(app, selftest=True)
    table.stats_noted = True  # bots played the person's seat: not the player's run
    wrong = mismatches(table, saved)
    if wrong:
        print("resume selftest: the resumed table is not the saved run: " + "; ".join(wrong), file=sys.stderr)
        return 1
    before = set(app.saves.history_files())
    if not _finish(app):
        print("resume selftest: the run did not finish", file=sys.stderr)
        return 1
    app.saves.flush()
    new = sorted(set(app.saves.history_files()) - before)
    if len(new) != 1:
        print("resume selftest: the finished run was not put in the history", file=sys.stderr)
        return 1
    finished = GameRecord.from_json(json.loads(new[0].read_text()), saved.info)
    if finished.actions[:len(saved.actions)] != saved.actions:
        print("resume selftest: the finished run does not continue the saved one", file=sys.stderr)
        return 1
    print(f"resume selftest: ok, resumed at action {len(saved.actions)}, finished after {len(finished.entries)} actions")
    return 0


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
    table = load(setup.info.table)(app, setup, record=record.without_actions(), state=record.start())
    table.catch_up(record.actions)
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
                scale_sizes: tuple[tuple[int, int], ...] = ((960, 600),)) -> int:
    """Game 1, game 20, a refusal, mid-flight, the upgrade pick, the run summary, hot-seat, stats, at each size."""
    from game.screens import PassDeviceScene

    out.mkdir(parents=True, exist_ok=True)
    all_sizes = tuple(dict.fromkeys(sizes + tuple(scale_sizes) + ((960, 600),)))
    for size in all_sizes:
        app = App(size, data_dir / f"d{size[0]}", seed=3, resizable=False)
        app.settings.ai_speed = "instant"
        app.to_title()
        _shoot(app, out, "dn-title")
        from game.screens.new_game import NewGameScene
        from game.screens.rules import RulesScene

        app.open_game_menu(GAME_ID)
        _shoot(app, out, "dn-game-menu")
        app.stack.push(NewGameScene(app, GAME_ID))
        _shoot(app, out, "dn-new-game")
        app.to_title()
        rules = RulesScene(app, GAME_ID)
        app.stack.push(rules)
        for page in range(len(rules.sections)):
            rules.page = page
            rules.refresh()
            _shoot(app, out, f"dn-rules-p{page + 1}")
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
            _until(app, lambda: table.motion.current is not None and table.motion.current.elapsed > 0.12, 2)
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
        from game.screens.stats import StatsScene

        app.to_title()
        _shoot(app, out, "dn-title-resume")
        app.stack.push(StatsScene(app, GAME_ID))
        _shoot(app, out, "dn-stats")
    print(f"screenshots written to {out}")
    return 0


def bench(frames: int, size: tuple[int, int], data_dir: Path) -> int:
    """Time update + draw of ``frames`` frames of a game-20 duel between bots, stacks always in flight."""
    app = App(size, data_dir, seed=1, resizable=False)
    app.settings.ai_speed = "instant"
    app.settings.animation_speed = "normal"
    app.to_title()
    setup = GameSetup.all_ai(["standard", "easy"], GAME_ID)
    setup.options = game_info(GAME_ID).resolve_options({"mode": "duel", "game_number": 20})
    setup.deal = 20
    app.start_game(setup)
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(60):
        app.step(DT, pygame.event.get())
    while len(times) < frames:
        if table_of(app) is None or app.stack.top is not table_of(app):
            app.start_game(setup, replace=True)
            for _ in range(30):
                app.step(DT, pygame.event.get())
        timed_frame(app, times, cpu, cpu_clock=time.process_time)
    times.sort()
    # wall time, and this process's CPU time (steadier on a shared machine: no time waiting for a core)
    print(json.dumps({"frames": frames, "size": f"{size[0]}x{size[1]}", "game_number": 20,
                      "frame_ms_p50": round(statistics.median(times), 3), "frame_ms_p99": p99(times),
                      "frame_ms_max": round(times[-1], 3), "cpu_ms_p50": round(statistics.median(cpu), 3),
                      "cpu_ms_p99": p99(cpu)}))
    return 0


def monkey(count: int, seed: int, data_dir: Path, size: tuple[int, int] = (1280, 720)) -> int:
    """Random clicks, drags, wheels and keys through the real loop; non-zero on any exception or broken rule."""
    rng = random.Random(seed)
    app = App(size, data_dir, seed=seed, resizable=False)
    app.settings.ai_speed = "instant"
    app.settings.animation_speed = "fast"
    app.to_title()
    app.start_game(run_setup(seed))
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p, pygame.K_w, pygame.K_1, pygame.K_3,
            pygame.K_5, pygame.K_8, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_TAB]

    def _send() -> int:
        sent = 0
        table = table_of(app)
        hot = []
        if table is not None and app.stack.top is table:
            hot = [r.center for r in table.layout.columns] + [b.rect.center for b in table.buttons()]
        elif app.stack.top is not None:
            found = getattr(app.stack.top, "buttons", None)
            hot = [b.rect.center for b in ((found() if callable(found) else found) or [])]
        pos = rng.choice(hot) if hot and rng.random() < 0.7 else (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
        r = rng.random()
        if r < 0.5:
            for ev in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(ev, pos=pos, rel=(0, 0), buttons=(0, 0, 0), button=1))
            sent += 3
        elif r < 0.7:
            to = rng.choice(hot) if hot else pos
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
            sent += 3
        elif r < 0.8:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
            sent += 1
        else:
            sent += post_key(rng.choice(keys))
        return sent

    sent = monkey_loop(app, count, rng, _send, check_invariants)
    if sent is None:
        return 1
    table = table_of(app)
    print(f"monkey: ok, {sent} events, {app.frames} frames" + (f", {len(table.record.entries)} actions" if table else ""))
    return 0
