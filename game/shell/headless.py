"""Headless modes: self-test, screenshots, frame bench, monkey test, record loading.

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

from engine import games
from engine.envelope import RecordError
from engine.records import Record
from engine.sprint import Lay, Phase, Round

from game.shell.app import App
from game.shell.storage import NotRegularFileError, read_file, read_json
from game.shell.session import GameSetup, SeatConfig

DT = 1 / 60


def load_record(path: Path):
    """Any game's record from ``path``, or None after telling stderr what is wrong with it."""
    try:
        text = read_file(Path(path))
    except NotRegularFileError:
        print(f"--replay: {path} is not a regular file (a pipe, a device or a folder); give a game record's file",
              file=sys.stderr)
        return None
    except OSError as exc:
        print(f"--replay: can't read {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
    try:
        return games.load_record(text)
    except RecordError as exc:
        print(f"--replay: {path} is not a game record we can play: {exc}", file=sys.stderr)
        return None


def table_of(app: App):
    from game.tables.sprint import TableScene

    return app.stack.find(TableScene)


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
    done = []
    app.on_round_over = lambda t: done.append(t)

    def hook(a: App, frame: int) -> bool:
        check_invariants(a)
        return not done

    app.run(max_frames=60 * 60 * 10, fixed_dt=DT, hook=hook)
    return bool(done)


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


def _advance(app: App, seconds: float) -> None:
    app.run(max_frames=max(1, round(seconds / DT)), fixed_dt=DT)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    _advance(app, DT)


def _until(app: App, cond, limit: float = 60.0) -> None:
    frames = 0
    while not cond() and frames < limit / DT:
        app.step(DT, pygame.event.get())
        frames += 1


def _shoot(app: App, out: Path, name: str) -> None:
    app.dirty = True
    app.step(0.0, [])
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"{name}-{w}x{h}.png"))


def screenshots(out: Path, data_dir: Path, sizes: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080)),
                scale_sizes: tuple[tuple[int, int], ...] = ()) -> int:
    """Every scene and table state at each of ``sizes``; the main screens at each of ``scale_sizes``."""
    from game.screens import NewGameScene, PassDeviceScene
    from game.tables.sprint import TableScene

    out.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        app = App(size, data_dir, seed=3, resizable=False)
        app.settings.confirm_discard = False  # headless turns discard without the question
        app.think_ms = 60
        app.to_title()
        _shoot(app, out, "title")
        app.stack.push(NewGameScene(app))
        _shoot(app, out, "new-game")
        for key in ("rules", "settings", "stats"):
            app.to_title()
            app.stack.top.on_button(key)
            _shoot(app, out, key)
        _product_shots(app, out)

        # you vs one Standard bot, your turn to draw, then a selection that makes a match
        app.settings.ai_speed = "instant"
        app.start_game(GameSetup(deal=11, first=0))
        table = table_of(app)
        _until(app, table.my_turn)
        _shoot(app, out, "table-2p")
        _select_a_match_or_card(app, table)
        _shoot(app, out, "table-2p-selected")

        # five seats, mid-game, then mid-animation
        setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "apprentice"), SeatConfig("Ben", "ai", "standard"),
                           SeatConfig("Cleo", "ai", "strategist"), SeatConfig("Dev", "ai", "master")], first=1, deal=5)
        app.start_game(setup)
        table = table_of(app)
        _until(app, table.my_turn)
        _shoot(app, out, "table-5p")
        _click(app, table.layout.stock.center)
        _until(app, lambda: bool(table.flights) and table.flights[0].tween.progress > 0.4, 5)
        _shoot(app, out, "table-5p-mid-animation")
        _until(app, table.my_turn, 5)
        hand = table.model.hands[table.viewer]
        table.selected = {hand[0], hand[1]}
        _advance(app, 0.5)
        table.click(("button", "lay"))
        _shoot(app, out, "table-5p-refused")
        app.stack.top.open_pause() if isinstance(app.stack.top, TableScene) else None
        _shoot(app, out, "pause")

        # a Master bot thinking (the indicator beside its name)
        app.settings.ai_speed = "fast"
        app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Max", "ai", "master")], first=1, deal=21))
        table = table_of(app)
        _until(app, lambda: table.driver.thinking, 10)
        _shoot(app, out, "table-master-thinking")
        app.settings.ai_speed = "instant"

        # hot-seat: the pass-device screen between two human turns
        app.start_game(GameSetup.hotseat(["Ann", "Bea", "Cid"], ["standard", "master"]))
        table = table_of(app)
        for _ in range(3):  # a few turns, each behind a pass-device screen
            _until(app, lambda: isinstance(app.stack.top, PassDeviceScene) or table.my_turn())
            if isinstance(app.stack.top, PassDeviceScene):
                app.stack.top.ready()
                _until(app, table.my_turn)
            _play_simple_turn(app, table)
        _until(app, lambda: isinstance(app.stack.top, PassDeviceScene))
        app.stack.top.ready()
        _until(app, table.my_turn)
        _click(app, table.layout.stock.center if table.state.stock else table.layout.discard.center)
        _until(app, table.my_turn)
        _advance(app, 0.5)
        _shoot(app, out, "hotseat-table")
        while not isinstance(app.stack.top, PassDeviceScene):
            if table.my_turn():
                _play_simple_turn(app, table)
            app.step(DT, pygame.event.get())
        _shoot(app, out, "hotseat-pass")

        _shoot_round_over(app, out)
        app.stack.top.on_button("reveal")
        _shoot(app, out, "round-over-hands")
        _save_shots(size, out, data_dir / f"saves-{size[0]}x{size[1]}")
    for size in scale_sizes:
        _scale_shots(out, data_dir, size)
    print(f"screenshots written to {out}")
    return 0


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    _advance(app, DT)


def _sample_stats(app: App) -> None:
    from engine.sprint import GAME_ID

    from game.shell.stats import Statistics

    app.stats = Statistics()
    for key, scores in (("standard", (12, 3, 20, -2, 9)), ("master", (4, -3, 15)), ("hotseat:Ann", (8, 11)),
                        ("hotseat:Bea", (11, 6))):
        for k, score in enumerate(scores):
            app.stats.line(GAME_ID, key).add(score, ("won", "lost", "won", "shared", "won")[k % 5])


def _product_shots(app: App, out: Path) -> None:
    """Rules pages, settings, statistics, notices, the tip, keyboard focus, four colours, large cards."""
    from game.screens import RulesScene, SettingsScene, StatsScene

    app.to_title()
    damaged = app.data_dir / "notice-demo" / "settings.json"  # the real storage path makes the real notice
    damaged.parent.mkdir(parents=True, exist_ok=True)
    damaged.write_text('{"animation_speed": "fast", "vol')
    _, problem = read_json(damaged, "settings")
    app.problems.append(problem or "")
    _shoot(app, out, "title-notice")
    app.stack.top.dismiss_notices()
    _key(app, pygame.K_DOWN)
    _shoot(app, out, "title-keyboard")
    rules = RulesScene(app)
    app.stack.push(rules)
    for page in range(len(rules.sections)):
        rules.page = page
        rules.refresh()
        _shoot(app, out, f"rules-p{page + 1}")
    app.to_title()
    settings = SettingsScene(app)
    app.stack.push(settings)
    settings.focus = "set:four_colour"
    app.settings.four_colour = True
    app.apply_settings()
    _shoot(app, out, "settings-four-colour-focus")
    app.settings.four_colour = False
    app.apply_settings()
    app.to_title()
    _sample_stats(app)
    stats = StatsScene(app)
    app.stack.push(stats)
    _shoot(app, out, "stats-data")
    stats.on_button("reset")
    _shoot(app, out, "stats-reset-confirm")
    app.to_title()

    # the first-game tip, the keyboard focus, four colours, large cards, the discard question
    app.settings.ai_speed = "instant"
    table = _shoot_tip(app, out)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE):
        _key(app, key)
    _shoot(app, out, "table-2p-keyboard")
    for _ in range(len(table.model.hands[0])):
        _key(app, pygame.K_RIGHT)
    _shoot(app, out, "table-2p-keyboard-button")
    app.settings.four_colour = True
    app.settings.card_size = "large"
    app.apply_settings()
    _advance(app, 0.5)
    _shoot(app, out, "table-2p-four-colour-large")
    app.settings.confirm_discard = True
    _key(app, pygame.K_s)
    _until(app, table.my_turn, 5)
    table.selected = {table.model.hands[0][0]}
    _key(app, pygame.K_d)
    _shoot(app, out, "table-confirm-discard")
    app.settings.four_colour = False
    app.settings.card_size = "normal"
    app.settings.confirm_discard = False
    app.apply_settings()
    app.to_title()


def _scale_shots(out: Path, data_dir: Path, size: tuple[int, int]) -> None:
    """The main screens at an extreme window size (960x600, 4K)."""
    app = App(size, data_dir, seed=3, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.think_ms = 60
    app.settings.ai_speed = "instant"
    app.to_title()
    _shoot(app, out, "title")
    for key in ("rules", "settings"):
        app.to_title()
        app.stack.top.on_button(key)
        if key == "rules":
            app.stack.top.page = 2
            app.stack.top.refresh()
        _shoot(app, out, key)
    app.to_title()
    _sample_stats(app)
    app.stack.top.on_button("stats")
    _shoot(app, out, "stats-data")
    table = _shoot_tip(app, out)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "apprentice"), SeatConfig("Ben", "ai", "standard"),
                       SeatConfig("Cleo", "ai", "strategist"), SeatConfig("Dev", "ai", "master")], first=1, deal=5)
    for large in (False, True):
        app.settings.card_size = "large" if large else "normal"
        app.start_game(setup)
        table = table_of(app)
        _until(app, table.my_turn)
        _click(app, table.layout.stock.center)
        _until(app, table.my_turn, 5)
        _advance(app, 0.5)
        _shoot(app, out, "table-5p-large" if large else "table-5p")
    app.settings.card_size = "normal"
    _shoot_round_over(app, out)


def _shoot_tip(app: App, out: Path):  # -> TableScene
    """A fresh 2-player table showing the first-game tip; returns it with the tip closed."""
    app.settings.tips_seen = False
    app.start_game(GameSetup(deal=11, first=0))
    table = table_of(app)
    _until(app, table.my_turn)
    _shoot(app, out, "table-2p-tip")
    table.close_tip()
    return table


def _shoot_round_over(app: App, out: Path) -> None:
    """Play deal 11 to its end without animation, then shoot the round-over screen."""
    from game.screens import RoundOverScene

    app.settings.animation_speed = "off"
    app.start_game(GameSetup(deal=11, first=0))
    table = table_of(app)
    while not isinstance(app.stack.top, RoundOverScene):
        if table.my_turn():
            _play_simple_turn(app, table)
        app.step(DT, pygame.event.get())
    app.settings.animation_speed = "normal"
    _advance(app, 2.0)
    _shoot(app, out, "round-over")
    # the last round of a 5-seat match: the score sheet beside the round's rows
    app.settings.animation_speed = "off"
    seats = [SeatConfig("You", "ai", "standard"), SeatConfig("Ada", "ai", "apprentice"),
             SeatConfig("Ben", "ai", "standard"), SeatConfig("Cleo", "ai", "strategist"),
             SeatConfig("Dev", "ai", "standard")]
    app.start_game(GameSetup(seats, 0, 11, options={"match": 3}, played=[(12, -3, 20, 7, 0), (5, 18, -2, 9, 14)]))
    _until(app, lambda: isinstance(app.stack.top, RoundOverScene), 120)
    app.settings.animation_speed = "normal"
    _advance(app, 2.0)
    _shoot(app, out, "round-over-match")


def finish_simply(record: Record, state: Round) -> None:
    """Play ``state`` to its end with a plain policy (first match, else draw / discard the last card).

    For demo data and tests: quick, deterministic, and it always finishes.
    """
    while not state.is_over:
        actions = state.legal_actions()
        lays = [a for a in actions if isinstance(a, Lay)]
        action = lays[0] if lays else actions[0] if state.phase is Phase.DRAW else actions[-1]
        player = state.current
        record.append(player, action, state.apply(action))


def _save_shots(size: tuple[int, int], out: Path, data_dir: Path) -> None:
    """The title offering Resume (with a notice about a damaged file), and the Replays list."""
    from game.screens.replays import ReplaysScene
    from game.shell.saves import SaveStore

    store = SaveStore(data_dir)
    for deal in range(30, 42):  # a history of finished rounds
        record, state = GameSetup.hotseat(["Ann"], ["standard", "master"][: 1 + deal % 2]).start(random.Random(deal))
        finish_simply(record, state)
        store._archive(record.dumps().encode())
    app = App(size, data_dir, seed=3, resizable=False)
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.settings.ai_speed = "slow"
    app.to_title()
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "strategist")], first=0, deal=8))
    table = table_of(app)
    _until(app, table.my_turn)
    _play_simple_turn(app, table)
    app.saves.flush()
    (data_dir / "stats.json").write_text("{ damaged")
    app = App(size, data_dir, seed=3, resizable=False)  # the next launch
    app.settings.confirm_discard = False  # headless turns discard without the question
    app.to_title()
    _shoot(app, out, "title-resume")
    app.problems.clear()  # the notice was seen on the title
    app.stack.push(ReplaysScene(app))
    _shoot(app, out, "replays")


def _select_a_match_or_card(app: App, table) -> None:
    from engine.sprint import DRAW_STOCK, Lay

    table.try_action(DRAW_STOCK)
    _until(app, table.my_turn)
    lays = [a for a in table.state.legal_actions() if isinstance(a, Lay)]
    if lays:
        table.selected = set(lays[0].cards)
    else:
        table.selected = {table.model.hands[table.viewer][0]}
    _advance(app, 0.5)


def _play_simple_turn(app: App, table) -> None:
    """Play the bottom human's turn by clicks: draw, lay the first match, discard the first card."""
    from engine.sprint import Discard, Lay

    L = table.layout
    if table.state.phase is Phase.DRAW:
        _click(app, L.stock.center if table.state.stock else L.discard.center)
        _until(app, lambda: table.my_turn() or table.state.current != table.viewer, 10)
    while table.my_turn() and table.state.phase is Phase.BUILD:
        lays = [a for a in table.state.legal_actions() if isinstance(a, Lay)]
        action = lays[0] if lays else Discard(table.model.hands[table.viewer][-1])
        if isinstance(action, Lay):
            table.selected = set(action.cards)
            _click(app, L.buttons["lay"].center)
        else:
            table.selected = {action.card}
            _click(app, L.discard.center)
        _until(app, lambda: table.my_turn() or table.state.current != table.viewer, 10)


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
    from game.screens import RoundOverScene

    times: list[float] = []
    for _ in range(60):  # warm the caches
        app.step(DT, pygame.event.get())
    while len(times) < frames:
        if isinstance(app.stack.top, RoundOverScene):
            app.start_game(setup, replace=True)
            for _ in range(30):
                app.step(DT, pygame.event.get())
        t = time.perf_counter()
        app.dirty = True
        app.step(DT, pygame.event.get())
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(json.dumps({"frames": frames, "size": f"{size[0]}x{size[1]}", "frame_ms_p50": round(statistics.median(times), 3),
                      "frame_ms_p99": round(p99, 3), "frame_ms_max": round(times[-1], 3)}))
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
    sent = 0
    try:
        while sent < count:
            if not app.running:  # the monkey found Quit: start again
                app.running = True
                app.to_title()
            hot = _hotspots(app)
            if hot and rng.random() < 0.7:
                x, y = rng.choice(hot)
                pos = (x + rng.randint(-5, 5), y + rng.randint(-5, 5))
            else:
                pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
            r = rng.random()
            if r < 0.55:
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                sent += 3
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
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0))
                sent += 1
            elif r < 0.95:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab7 ")))
                sent += 1
            else:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
                sent += 1
            for _ in range(rng.choice((1, 1, 2, 6, 30))):
                app.step(DT, pygame.event.get())
                check_invariants(app)
    except Exception as exc:  # noqa: BLE001 - the point is to report any failure
        import traceback

        traceback.print_exc()
        print(f"monkey: failed after {sent} events: {exc!r}", file=sys.stderr)
        return 1
    table = table_of(app)
    print(f"monkey: ok, {sent} events, {app.frames} frames" + (f", {len(table.record.actions)} actions in the current round" if table else ""))
    return 0


def _hotspots(app: App) -> list[tuple[int, int]]:
    """Places worth clicking on the current screen: buttons, cards, piles."""
    from game.screens import MenuScene
    from game.tables.sprint import TableScene

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
