"""Sprint's headless modes: self-test, screenshots, frame bench, monkey test (``--game sprint``).

They all drive the real loop (:meth:`game.app.App.run`) with a fixed ``dt`` on
whatever video driver is set (the dummy one when no display is wanted).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

import pygame

from engine.records import Record

from game.shell.app import App
from game.shell.headless import DT, monkey_loop, post_click, post_key, p99, timed_frame, play_until_over
from game.shell.session import GameSetup
from game.tables.sprint.shots import finish_simply, screenshots, table_of  # noqa: F401



def check_invariants(app: App) -> None:
    """Raise AssertionError if the table or the engine broke a rule of the game."""
    table = table_of(app)
    if table is None:
        return
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
        for p in range(state.num_players):
            assert sorted(table.model.hands[p]) == sorted(state.hand(p)), f"table shows a wrong hand for seat {p}"
        assert table.model.stock == len(state.stock), "table shows a wrong stock size"


def _selftest_app(data_dir: Path) -> App:
    """A headless app for the self-tests: fast animations, instant bots, a short think budget."""
    app = App((1280, 720), data_dir, seed=7, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "instant"
    app.think_ms = 60
    return app


def _finish_round(app: App) -> bool:
    """Run the loop, checking the invariants every frame, until the round is over (False if it never ends)."""
    return play_until_over(app, check_invariants, 60 * 60 * 10)


def selftest(data_dir: Path) -> int:
    """A full round of AI seats through the real loop; then the record must replay to the same state."""
    app = _selftest_app(data_dir)
    app.to_title()
    app.start_game(GameSetup.all_ai(["apprentice", "standard", "strategist"]))
    table = table_of(app)
    start = time.perf_counter()
    if not _finish_round(app):
        print("selftest: the round did not finish", file=sys.stderr)
        return 1
    replayed = Record.loads(table.record.dumps()).final_state()
    if replayed != table.state:
        print("selftest: the record does not replay to the final state", file=sys.stderr)
        return 1
    print(f"selftest: ok, {len(table.record.actions)} actions, scores {list(table.state.result.scores)}, "
          f"{app.frames} frames in {time.perf_counter() - start:.1f} s")
    return 0


def resume_selftest(data_dir: Path) -> int:
    """``--resume --selftest``: open the saved round, check it is exactly the save, let bots finish it.

    Human seats are played by Standard bots (and the round is not counted in the
    statistics).  Exit 0 if the table resumed at the saved state and the finished
    round, now in the history, starts with the saved actions; 1 if not; 2 if there
    is no saved round to resume.
    """
    from game.shell.resume import resume

    app = _selftest_app(data_dir)
    for problem in app.problems:
        print(f"resume selftest: {problem}", file=sys.stderr)
    if app.saves.pending is None:
        print(f"resume selftest: no saved round to resume in {data_dir}", file=sys.stderr)
        return 2
    saved = app.saves.pending_record()
    assert saved is not None
    table = resume(app, selftest=True)
    table.stats_noted = True  # bots played the human seats: not the player's round
    humans = [p.name for p in saved.players if p.kind == "human"]
    wrong = table_mismatches(table, saved)
    if wrong:
        print("resume selftest: the resumed table is not the saved round: " + "; ".join(wrong), file=sys.stderr)
        return 1
    before = set(app.saves.history_files())
    if not _finish_round(app):
        print("resume selftest: the round did not finish", file=sys.stderr)
        return 1
    app.saves.flush()
    new = sorted(set(app.saves.history_files()) - before)
    if len(new) != 1 or app.saves.path.exists() or app.saves.journal_path.exists():
        print("resume selftest: the finished round was not moved from the save to the history", file=sys.stderr)
        return 1
    finished = Record.loads(new[0].read_bytes())
    if finished.actions[:len(saved.actions)] != saved.actions or finished.final_state() != table.state:
        print("resume selftest: the finished round does not continue the saved one", file=sys.stderr)
        return 1
    bots = f"; {', '.join(humans)} played by a Standard bot" if humans else ""
    print(f"resume selftest: ok, resumed at action {len(saved.actions)}, finished after {len(finished.actions)} "
          f"actions, scores {list(finished.scores)}{bots}; kept as {new[0]}")
    return 0


def bench(frames: int, size: tuple[int, int], data_dir: Path) -> int:
    """Time update + draw of ``frames`` frames of a 5-seat AI table with cards always in flight."""
    app = App(size, data_dir, seed=1, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.settings.ai_speed = "instant"
    app.settings.animation_speed = "normal"
    app.think_ms = 20
    app.to_title()
    levels = ["apprentice", "standard", "apprentice", "standard", "apprentice"]
    setup = GameSetup.all_ai(levels)
    app.start_game(setup)
    from game.tables.sprint.round_over import RoundOverScene

    times: list[float] = []
    cpu: list[float] = []  # the frame's own CPU time: what the machine's load can't inflate
    for _ in range(60):  # warm the caches
        app.step(DT, pygame.event.get())
    while len(times) < frames:
        if isinstance(app.stack.top, RoundOverScene):
            app.start_game(setup, replace=True)
            for _ in range(30):
                app.step(DT, pygame.event.get())
        timed_frame(app, times, cpu)
    times.sort()
    print(json.dumps({"frames": frames, "size": f"{size[0]}x{size[1]}", "seats": len(levels),
                      "frame_ms_p50": round(statistics.median(times), 3), "frame_ms_p99": p99(times),
                      "frame_ms_max": round(times[-1], 3), "frame_cpu_ms_p50": round(statistics.median(cpu), 3),
                      "frame_cpu_ms_p99": p99(cpu)}))
    return 0


def monkey(count: int, seed: int, data_dir: Path, size: tuple[int, int] = (1280, 720)) -> int:
    """Random clicks, drags and keys through the real loop; non-zero exit on any exception or broken rule."""
    rng = random.Random(seed)
    app = App(size, data_dir, seed=seed, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.settings.ai_speed = "instant"
    app.settings.animation_speed = "fast"
    app.think_ms = 20
    app.to_title()
    app.start_game(GameSetup())
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_BACKSPACE, pygame.K_1, pygame.K_TAB,
            pygame.K_s, pygame.K_p, pygame.K_l, pygame.K_d, pygame.K_h, pygame.K_r, pygame.K_u, pygame.K_x,
            pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]

    def _send() -> int:
        sent = 0
        hot = _hotspots(app)
        if hot and rng.random() < 0.7:
            x, y = rng.choice(hot)
            pos = (x + rng.randint(-5, 5), y + rng.randint(-5, 5))
        else:
            pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
        r = rng.random()
        if r < 0.55:
            sent += post_click(pos)
        elif r < 0.7:
            to = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
            sent += 3
        elif r < 0.8:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            sent += 1
        elif r < 0.9:
            sent += post_key(rng.choice(keys))
        elif r < 0.95:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab7 ")))
            sent += 1
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
            sent += 1
        return sent

    sent = monkey_loop(app, count, rng, _send, check_invariants, steps=(1, 1, 2, 6, 30))
    if sent is None:
        return 1
    table = table_of(app)
    print(f"monkey: ok, {sent} events, {app.frames} frames" + (f", {len(table.record.actions)} actions in the current round" if table else ""))
    return 0


def _hotspots(app: App) -> list[tuple[int, int]]:
    """Places worth clicking on the current screen: buttons, cards, piles."""
    from game.screens import MenuScene
    from game.tables.sprint.table import TableScene

    top = app.stack.top
    spots = [b.rect.center for b in top.buttons] if isinstance(top, MenuScene) else []
    if isinstance(top, TableScene):
        L = top.layout
        spots += [b.rect.center for b in top.buttons()]
        spots += [L.stock.center, L.discard.center]
        spots += [(r.x + 10, r.y + 20) for r in L.hand_rects(len(top.model.hands[top.viewer]))]
    return spots


def table_mismatches(table, saved: Record) -> list[str]:
    """How a resumed ``table`` differs from the ``saved`` round (empty if it is exactly there).

    Compares the engine state, the actions, and what the table shows (hands, piles,
    laid matches, points, whose turn).
    """
    from engine.cards import ALL_CARDS

    state = saved.final_state()
    out = []
    if table.record.actions != saved.actions:
        out.append(f"actions: the table has {len(table.record.actions)}, the save {len(saved.actions)}")
    if table.state != state:
        out.append("the engine state differs from the saved round's")
    model = table.model
    for p in range(state.num_players):
        if sorted(model.hands[p]) != sorted(state.hand(p)):
            out.append(f"seat {p}: the table shows a different hand")
        shown = sorted(tuple(sorted(m)) for m in model.laid[p])
        laid = sorted(tuple(sorted(m)) for m in state.observation(p).laid[p])
        if shown != laid:
            out.append(f"seat {p}: the table shows different matches")
        if model.points[p] != state.laid_points(p):
            out.append(f"seat {p}: the table shows {model.points[p]} points, the round {state.laid_points(p)}")
    if model.stock != len(state.stock):
        out.append(f"stock: the table shows {model.stock} cards, the round has {len(state.stock)}")
    if model.discard != [ALL_CARDS[n] for n in state.discard]:
        out.append("discard pile: the table shows different cards")
    if model.current != state.current:
        out.append(f"turn: the table shows seat {model.current}, the round is at seat {state.current}")
    return out
