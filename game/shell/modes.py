"""The headless modes, written once for every game: ``--selftest``, ``--resume --selftest``, ``--monkey``,
``--bench-frames`` and ``--screenshot``.

Each runs the real loop (:meth:`game.shell.app.App.run`) on whatever video driver
is set, over the registry: a game takes part through the :class:`Scenarios` its
tools module (the registry's ``tools``) names ``SCENARIOS`` -- two table hooks
(the points worth clicking, the invariants to check) and the game's own
scenarios (who plays the self-test, what its report says, its busiest table,
its screenshots).
"""

from __future__ import annotations

import json
import operator
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol

import pygame

from engine import games

from game.shell.app import App
from game.shell.headless import DT, monkey_loop, p99, play_until_over, post_click, timed_frame
from game.shell.session import GameSetup

Point = tuple[int, int]
Sizes = tuple[tuple[int, int], ...]


class Busy(Protocol):
    """A game's busiest table for the frame bench, opened by :attr:`Scenarios.busy`."""

    def before(self, frame: int) -> None:
        """Keep the table busy before timed frame ``frame`` (cards in the air; a finished table opened again)."""

    def fields(self) -> dict[str, Any]:
        """The game's own figures for the bench's JSON (seats, ...)."""


@dataclass(frozen=True)
class Scenarios:
    """One game's part of the headless modes."""

    check: Callable[[Any], None]
    """Table hook: raise AssertionError if the table shows what its engine doesn't hold, or the engine broke a rule."""
    hot_spots: Callable[[Any], list[Point]]
    """Table hook: the points of the table worth clicking (cards, piles, its buttons)."""
    selftest_setup: Callable[[], GameSetup]
    """The self-test's game: bots in every seat."""
    summary: Callable[[Any], str]
    """What the self-test reports of its finished table (after ``selftest: ok,``)."""
    mismatches: Callable[[Any, Any], list[str]]
    """How a resumed table differs from the saved record (empty: it is exactly there)."""
    busy: Callable[[App], Busy]
    """The frame bench's table, opened in ``app``."""
    shots: Callable[..., None]
    """``shots(out, data_dir, sizes=..., scale_sizes=...)``: the game's screenshots into ``out``."""
    monkey_setup: Callable[[int], GameSetup]
    """The monkey's game, from its seed."""
    keys: tuple[int, ...]
    """The keys the monkey presses (the game's own among them)."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """The self-tests' app: settings by name (``think_ms`` is the app's)."""
    monkey_settings: Mapping[str, Any] = field(default_factory=dict)
    bench_settings: Mapping[str, Any] = field(default_factory=lambda: {"animation_speed": "normal"})
    play_out: Callable[[App], bool] | None = None
    """Run a table to its end (checking the invariants); by default the real loop for :attr:`frames` frames at most."""
    frames: int = 36_000
    same_state: Callable[[Any, Any], bool] = operator.eq
    """Whether a replayed final state is the table's."""
    noun: str = "game"
    """What one game is called in the reports: round, game, run."""


def scenarios(game_id: str) -> Scenarios:
    """The registered game's :class:`Scenarios` (its tools module's ``SCENARIOS``)."""
    found: Scenarios = games.load(games.game_info(game_id).tools + ":SCENARIOS")
    return found


def table_of(app: App, game_id: str) -> Any:
    """The game's table on ``app``'s stack (the topmost), or None."""
    return app.stack.find(games.load(games.game_info(game_id).table))


def checker(game_id: str) -> Callable[[App], None]:
    """``check(app)``: the game's invariants on its table, when one is open."""
    check = scenarios(game_id).check

    def run(app: App) -> None:
        table = table_of(app, game_id)
        if table is not None:
            check(table)
    return run


def configure(app: App, settings: Mapping[str, Any]) -> App:
    """``app`` with ``settings`` set (``think_ms`` on the app, the rest on its settings)."""
    for name, value in settings.items():
        setattr(app if name == "think_ms" else app.settings, name, value)
    return app


def play_out(app: App, game_id: str) -> bool:
    """Run the game's table to its end, checking its invariants every frame; whether it ended."""
    scen = scenarios(game_id)
    if scen.play_out is not None:
        return scen.play_out(app)
    return play_until_over(app, checker(game_id), scen.frames)


def _selftest_app(game_id: str, data_dir: Path | None) -> App:
    return configure(App((1280, 720), data_dir, seed=7, resizable=False), scenarios(game_id).settings)


def selftest(game_id: str, data_dir: Path | None) -> int:
    """Bots play a whole game through the real loop; its record must replay to the same state."""
    scen = scenarios(game_id)
    app = _selftest_app(game_id, data_dir)
    app.to_title()
    app.start_game(scen.selftest_setup())
    table = table_of(app, game_id)
    start = time.perf_counter()
    if not play_out(app, game_id):
        print(f"selftest: the {scen.noun} did not finish", file=sys.stderr)
        return 1
    if not scen.same_state(games.load_record(table.record.dumps()).final_state(), table.state):
        print("selftest: the record does not replay to the final state", file=sys.stderr)
        return 1
    try:
        report = scen.summary(table)
    except AssertionError as exc:  # the game's own check of the finished table
        print(f"selftest: {exc}", file=sys.stderr)
        return 1
    print(f"selftest: ok, {report}, {app.frames} frames in {time.perf_counter() - start:.1f} s")
    return 0


def resume_selftest(game_id: str, data_dir: Path | None) -> int:
    """``--resume --selftest``: open the saved game, check it is exactly the save, let bots finish it.

    Human seats are played by bots (and the game is not counted in the statistics).
    Exit 0 if the table resumed at the saved state and the finished game, now in
    the history, continues the saved one; 1 if not; 2 if nothing is saved.
    ``data_dir`` None: the player's data folder (moved from its old name first, as a start of the game does).
    """
    from game.shell.resume import resume

    scen = scenarios(game_id)
    info = games.game_info(game_id)
    app = _selftest_app(game_id, data_dir)
    app.game_id = game_id
    for problem in app.problems:
        print(f"resume selftest: {problem}", file=sys.stderr)
    if app.saves.pending is None:
        print(f"resume selftest: no saved {scen.noun} to resume in {app.data_dir} ({info.title})", file=sys.stderr)
        return 2
    saved = app.saves.pending_record()
    table = resume(app, selftest=True)
    table.stats_noted = True  # bots played the human seats: not the player's game
    wrong = scen.mismatches(table, saved)
    if wrong:
        print(f"resume selftest: the resumed table is not the saved {scen.noun}: " + "; ".join(wrong), file=sys.stderr)
        return 1
    before = set(app.saves.history_files())
    if not play_out(app, game_id):
        print(f"resume selftest: the {scen.noun} did not finish", file=sys.stderr)
        return 1
    app.saves.flush()
    new = sorted(set(app.saves.history_files()) - before)
    if len(new) != 1 or app.saves.path.exists() or app.saves.journal_path.exists():
        print(f"resume selftest: the finished {scen.noun} was not moved from the save to the history", file=sys.stderr)
        return 1
    finished = games.load_record(new[0].read_bytes())
    if finished.actions[:len(saved.actions)] != saved.actions or not scen.same_state(finished.final_state(), table.state):
        print(f"resume selftest: the finished {scen.noun} does not continue the saved one", file=sys.stderr)
        return 1
    humans = [p.name for p in saved.players if p.kind == "human"]
    bots = f"; {', '.join(humans)} played by a bot" if humans else ""
    print(f"resume selftest: ok, resumed at action {len(saved.actions)}, finished after {len(finished.actions)} "
          f"actions{bots}; kept as {new[0]}")
    return 0


def bench(game_id: str, frames: int, size: tuple[int, int], data_dir: Path | None) -> int:
    """Time update + draw of ``frames`` frames of the game's busiest table; print JSON."""
    scen = scenarios(game_id)
    app = configure(App(size, data_dir, seed=1, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    for _ in range(60):  # warm the caches
        app.step(DT, [])
    retained = 0  # timed frames repainted only where they changed
    times: list[float] = []
    cpu: list[float] = []  # the frame's own CPU time: what the machine's load can't inflate
    while len(times) < frames:
        busy.before(len(times))
        before = app.frames_retained
        timed_frame(app, times, cpu, events=[])
        retained += app.frames_retained > before
    times.sort()
    print(json.dumps({"frames": frames, "size": f"{size[0]}x{size[1]}", **busy.fields(), "frames_retained": retained,
                      "frame_ms_p50": round(statistics.median(times), 3), "frame_ms_p99": p99(times),
                      "frame_ms_max": round(times[-1], 3), "frame_cpu_ms_p50": round(statistics.median(cpu), 3),
                      "frame_cpu_ms_p99": p99(cpu)}))
    return 0


def _buttons(scene: Any) -> list[Point]:
    found = getattr(scene, "buttons", None)
    return [b.rect.center for b in ((found() if callable(found) else found) or [])]


def monkey(game_id: str, count: int, seed: int, data_dir: Path | None, size: tuple[int, int] = (1280, 720)) -> int:
    """Random clicks, drags, wheels and keys through the real loop; non-zero exit on any exception or broken rule."""
    scen = scenarios(game_id)
    rng = random.Random(seed)
    app = configure(App(size, data_dir, seed=seed, resizable=False), scen.monkey_settings)
    app.to_title()
    setup = scen.monkey_setup(seed)
    app.start_game(setup)
    w, h = size

    def post(kind: int, **attrs: Any) -> int:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        return 1

    def send() -> int:
        if app.stack.top is None:
            app.to_title()
        table = table_of(app, game_id)
        if table is None and rng.random() < 0.3:
            app.start_game(setup)
            table = table_of(app, game_id)
        hot = scen.hot_spots(table) if table is not None and app.stack.top is table else _buttons(app.stack.top)
        if hot and rng.random() < 0.7:
            x, y = rng.choice(hot)
            pos = (x + rng.randint(-5, 5), y + rng.randint(-5, 5))
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.5:
            return post_click(pos)
        if r < 0.65:  # a drag, by way of the middle
            to = rng.choice(hot) if hot and rng.random() < 0.5 else (rng.randrange(w), rng.randrange(h))
            mid = ((pos[0] + to[0]) // 2, (pos[1] + to[1]) // 2)
            return (post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
                    + post(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
                    + post(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0))
                    + post(pygame.MOUSEBUTTONUP, pos=to, button=1))
        if r < 0.72:
            return post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        if r < 0.9:
            k = rng.choice(scen.keys)
            return (post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
                    + post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
        if r < 0.94:
            return post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
        if r < 0.97:
            return post(pygame.TEXTINPUT, text=rng.choice("ab7 "))
        return post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3) + post(pygame.MOUSEBUTTONUP, pos=pos, button=3)

    sent = monkey_loop(app, count, rng, send, checker(game_id))
    if sent is None:
        return 1
    table = table_of(app, game_id)
    print(f"monkey: ok, {sent} events, {app.frames} frames"
          + (f", {len(table.record.actions)} actions in the current {scen.noun}" if table is not None else ""))
    return 0


def screenshots(game_id: str, out: Path, data_dir: Path | None, **sizes: Any) -> int:
    """The game's screenshots into ``out`` (``sizes=``, ``scale_sizes=``: the game's own by default; ``always=False``:
    the sizes asked only)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    scenarios(game_id).shots(out, data_dir, **sizes)
    print(f"screenshots: {len(list(out.glob('*.png')))} files in {out}")
    return 0
