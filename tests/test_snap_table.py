"""Snap's table through the real loop (SDL dummy drivers, posted events, a fixed frame time)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.reflex import Reflexes, ReflexScheduler  # noqa: E402
from ai.snap import SnapEye  # noqa: E402
from engine.games import load_record  # noqa: E402
from engine.snap import FalseCall, SnapWon, new_game  # noqa: E402
from game.kit.keyscreens import TryKeysScene  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.snap.table import SnapTable  # noqa: E402
from game.tables.snap.result import SnapResultScene  # noqa: E402
from game.tables.snap import tools as snap_tools, view as snap_view  # noqa: E402
from game_helpers import watch_saves  # noqa: E402


def make_app(data_dir, size=(1280, 720)):
    app = App(size, data_dir, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.to_title()
    return app


def run(app, frames=1, dt=1 / 60):
    app.run(max_frames=frames, fixed_dt=dt)


def key(app, k, dt=1 / 60, **extra):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0, **extra))
    run(app, 1, dt)


def until(app, cond, seconds=30.0, dt=1 / 60):
    for _ in range(int(seconds / dt)):
        if cond():
            return
        run(app, 1, dt)
    raise AssertionError("timed out waiting")


def exact_bot(ms: int) -> ReflexScheduler:
    """Reacts in exactly ``ms``, never misses or blunders, flips 500 ms after its turn comes."""
    return ReflexScheduler(SnapEye(), Reflexes(mu=ms, sigma=0, tau=0, miss=0, false_rate=0, pace_mu=500, pace_sigma=0,
                                               pace_tau=0), seed=1)


def matching_deal() -> int:
    """A deal of two seats whose first two flips match."""
    for seed in range(1, 5000):
        g = new_game(2, {}, seed)
        if g.down[0][-1].rank == g.down[1][-1].rank:
            return seed
    raise AssertionError


def solo_table(app, options=None, deal=None, bot_level="medium") -> SnapTable:
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", bot_level)], game="snap", options=dict(options or {}))
    setup.deal = deal
    app.start_game(setup)
    table = app.stack.top
    assert isinstance(table, SnapTable)
    return table


@pytest.mark.parametrize("fps", [30, 144])
@pytest.mark.parametrize("human_ms, winner", [(340, 1), (300, 0)])
def test_each_call_is_judged_at_its_own_moment_at_any_frame_rate(pg, tmp_path, fps, human_ms, winner):
    """A 320 ms bot beats a 340 ms human, and a 300 ms human beats it, at 30 and at 144 fps."""
    dt = 1 / fps
    app = make_app(tmp_path)
    table = solo_table(app, {"tie_ms": 10}, matching_deal())
    table.driver.bots[1] = exact_bot(320)
    won: list = []
    show = table.race.show  # what the controller calls with each action's events
    table.race.show = lambda events, at: (won.extend(e for e in events if isinstance(e, SnapWon)), show(events, at))
    key(app, pygame.K_a, dt)  # You flip (your flip key)
    until(app, lambda: bool(table.state.snap_piles()), 5, dt)  # the bot flipped: the match shows
    shown = table.state.match_since["snap"]
    press_at = shown + human_ms + 0.5
    until(app, lambda: table.clock.now + 1000 * dt > press_at, 5, dt)
    # the key was read during the next frame, at press_at on the app's clock (what the input pump stamps)
    read_at = table.clock.wall_at_ms(press_at)
    key(app, pygame.K_s, dt, read_at=read_at)
    until(app, lambda: bool(won), 2, dt)
    assert won[0].seat == winner
    assert won[0].reaction_ms == min(320, human_ms)
    calls = [(seat, at - shown) for seat, _, at in table.record.actions if at >= shown]
    assert (0, human_ms) in calls  # stamped to the millisecond it was read, not the frame
    assert ((1, 320) in calls) == (winner == 1)  # beaten to it, the bot's call went stale


def test_selftest_plays_a_whole_bot_game_through_the_loop(pg, tmp_path, capsys):
    assert modes.selftest("snap", tmp_path) == 0
    assert "selftest: ok" in capsys.readouterr().out


def test_a_saved_game_resumes_exactly_and_replays(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo_table(app, deal=3, bot_level="hard")
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("hard", seed=9)  # a bot plays You
    until(app, lambda: len(table.record.entries) >= 25, 120)
    app.saves.flush()
    saved = app.saves.pending_record()
    assert saved is not None and saved.actions == table.record.actions[:len(saved.actions)]
    pygame.quit()
    pygame.init()
    again = make_app(tmp_path)
    resumed = again.resume("snap")
    assert isinstance(resumed, SnapTable) and resumed is not table
    expected = saved.without_actions().start()
    for seat, action, at in saved.actions:
        expected.advance(at)
        expected.apply(action, seat, at)
    assert resumed.state.snapshot() == expected.snapshot()
    snap_tools.check(modes.table_of(again, "snap"))  # the table shows exactly the engine's piles
    # the record replays in real time to the same game
    record = load_record(saved.dumps() if hasattr(saved, "dumps") else table.record.dumps())
    again.start_game(GameSetup.from_record(record), replay=record)
    replay = again.stack.top
    assert replay.replaying
    until(again, lambda: replay.driver.done and replay.state.clock >= record.clock, 120)
    assert snap_tools.same_game_state(replay.state, record.final_state())
    key(again, pygame.K_s)
    assert replay.toast is not None and "replay" in replay.toast.text


def test_a_call_frame_journals_its_action_before_showing_it_and_saves_the_file_on_the_next_quiet_frame(pg, tmp_path):
    """Each action is in the journal on disk before the table shows it; the save file (and the journal's sync)
    waits for the next frame that plays nothing, so a call's frame writes one line, not the whole round."""

    app = make_app(tmp_path)
    table = solo_table(app, deal=3, bot_level="hard")
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("hard", seed=9)  # a bot plays You
    saves = app.saves
    submitted, on_disk = watch_saves(saves, table.race, "show", table)
    journalled: list[int] = []
    journal = table.race.journal
    table.race.journal = lambda: (journalled.append(1), journal())
    frames = []  # per frame: (the controller journalled, saves submitted)
    while len(table.record.actions) < 30:
        before, kinds = len(journalled), len(submitted)
        run(app)
        frames.append((len(journalled) - before, submitted[kinds:].count("save")))
    assert on_disk and all(journal == record for journal, record in on_disk)
    calls = [i for i, (played, _) in enumerate(frames) if played][1:]  # after the round's first action
    assert len(calls) > 10
    assert all(frames[i][1] == 0 for i in calls)  # a call's frame queues no save
    quiet = [next(j for j in range(i + 1, len(frames)) if not frames[j][0]) for i in calls[:-1]]
    assert all(frames[j][1] == 1 for j in quiet)  # the next quiet frame does
    saves.flush()
    assert saves.pending_record().actions == table.record.actions  # nothing left behind


def test_a_game_closed_right_after_a_call_saves_the_call_on_its_way_out(pg, tmp_path):
    """The window closed on the frame after a call (no quiet frame came): the loop's end saves what was journalled."""
    app = make_app(tmp_path)
    table = solo_table(app, deal=3, bot_level="hard")
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("hard", seed=9)  # a bot plays You
    until(app, lambda: len(table.record.actions) >= 5 and app.saves.unsaved is table, 60)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # the loop ends with the window
    assert app.saves.unsaved is None
    app.saves.writer.flush()
    assert app.saves.pending_record().actions == table.record.actions


def test_the_pause_opening_right_after_a_call_saves_the_call_while_the_game_is_paused(pg, tmp_path):
    """The window lost focus on the frame after a call (the pause opens before the race's next quiet frame): the
    save file and the journal's sync are done as the pause opens, not left one action behind until play goes on."""
    import json

    app = make_app(tmp_path)
    table = solo_table(app, deal=3, bot_level="hard")
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("hard", seed=9)  # a bot plays You
    until(app, lambda: len(table.record.actions) >= 5 and app.saves.unsaved is table, 60)
    synced: list[int] = []
    sync = app.saves.journal.sync
    app.saves.journal.sync = lambda *a, **k: (synced.append(1), sync(*a, **k))[1]
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    run(app, 30)
    assert app.stack.top is not table  # paused
    assert app.saves.unsaved is None
    app.saves.writer.flush()
    assert synced
    assert len(json.loads(app.saves.path.read_bytes())["actions"]) == len(table.record.actions)


def test_another_game_started_over_a_race_right_after_a_call_saves_the_call_in_the_races_own_store(pg, tmp_path):
    """start_game names the new game before the old table leaves: the race's save still goes to Snap's store."""
    import json

    app = make_app(tmp_path)
    table = solo_table(app, deal=3, bot_level="hard")
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("hard", seed=9)  # a bot plays You
    until(app, lambda: len(table.record.actions) >= 5 and app.saves.unsaved is table, 60)
    snap_saves = app.saves
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "medium")], game="ratscrew"))
    assert app.game_id == "ratscrew" and table not in app.stack.scenes
    assert snap_saves.unsaved is None
    snap_saves.writer.flush()
    assert len(json.loads(snap_saves.path.read_bytes())["actions"]) == len(table.record.actions)


def test_hot_seat_opens_the_keys_screen_first_then_each_seat_has_its_keys(pg, tmp_path):
    app = make_app(tmp_path)
    setup = GameSetup([SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy", "ai", "easy")], game="snap")
    app.start_game(setup)
    table = next(s for s in app.stack.scenes if isinstance(s, SnapTable))
    run(app, 2)
    assert isinstance(app.stack.top, TryKeysScene)
    tryer = app.stack.top
    key(app, pygame.K_k)  # Bo's snap key lights
    assert (1, "snap") in tryer.flash
    tryer.on_button("done")
    run(app)
    assert app.stack.top is table
    down = [len(d) for d in table.state.down]
    key(app, pygame.K_a)  # Ann flips
    run(app)
    assert len(table.state.down[0]) == down[0] - 1
    key(app, pygame.K_a)  # not Ann's turn: refused with the engine's reason
    run(app)
    assert table.toast is not None and "not your turn" in table.toast.text
    key(app, pygame.K_j)  # Bo flips with his own key
    run(app)
    assert len(table.state.down[1]) == down[1] - 1
    app.start_game(setup)  # the keys were tried: the next game starts at once
    run(app, 2)
    assert isinstance(app.stack.top, SnapTable)


def test_mouse_and_space_for_a_single_player_and_a_wrong_call_costs_cards(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo_table(app, deal=matching_deal() + 1)
    table.driver.bots.clear()  # nobody else acts
    down = len(table.state.down[0])
    pos = table.layout.places[0].down.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(app, 2)
    assert len(table.state.down[0]) == down - 1
    wrong: list = []
    show = table.race.show
    table.race.show = lambda events, at: (wrong.extend(e for e in events if isinstance(e, FalseCall)), show(events, at))
    if not table.state.snap_piles():
        sounds: list = []
        table.app.sound.play = sounds.append
        key(app, pygame.K_SPACE)
        run(app, 2)
        assert wrong and wrong[0].seat == 0 and "invalid" in sounds
        # told once, in the middle where the calls are: why it was wrong, and what it costs; no toast repeating it
        [callout] = table.model.callouts
        assert callout.text == "You called Snap! but no pair is showing" and table.toast is None
        assert callout.detail == "You pay Ada a card."  # two seats: the one it pays, by name
    snap_button = table.layout.snap_button.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=snap_button, button=1))
    run(app, 2)
    assert len(wrong) >= 1


def test_the_greyed_snap_pot_says_when_it_can_be_used_under_the_mouse_and_on_a_click(pg, tmp_path, monkeypatch):
    import game.kit.ui as ui

    tips: list = []
    real = ui.draw_tooltip
    monkeypatch.setattr(ui, "draw_tooltip", lambda surface, text, label, *rest: (tips.append((label, box := real(
        surface, text, label, *rest))), box)[1])
    app = make_app(tmp_path)
    table = solo_table(app)
    run(app, 2)
    pot = table.layout.pot_button
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pot.center, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 2)
    assert not table.model.pot and tips
    label, box = tips[-1]
    assert label == "Snap Pot! is for a card matching the snap pot's top card: the pot is empty."
    # wrapped to the button's width, clear of every seat's panel (it hid your own face-up pile)
    assert box.w <= pot.w and box.h > 2 * max(14, round(18 * table.layout.scale))
    assert box.collidelist([p.panel for p in table.layout.places]) < 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 300), rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 1)
    tips.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pot.center, button=1))
    run(app, 1)
    assert table.toast is None and tips and tips[-1][0] == label  # said once, by the tooltip: no toast repeating it


def test_pause_menu_opens_the_players_keys(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo_table(app)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    run(app)
    assert app.stack.top is not table  # the window went to the background: paused
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert "keys" in [b.key for b in pause.buttons]
    pause.on_button("keys")
    assert isinstance(app.stack.top, TryKeysScene)


def test_the_end_screen_shows_standings_and_call_speeds(pg, tmp_path):
    app = make_app(tmp_path)
    app.settings.animation_speed = "off"
    table = solo_table(app, {"time_limit": 3}, deal=2, bot_level="hard")
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("medium", seed=4)
    assert snap_tools.finish(app, 1 / 20, 400)
    result = app.stack.top
    assert isinstance(result, SnapResultScene)
    rows = result.rows()
    assert len(rows) == 2 and rows[0][0] == "1st"
    from game.screens.game_over import seat_letters

    key(app, pygame.K_a)  # a flip key and the call key, still pressed as the game ends: the result stays
    key(app, pygame.K_SPACE)
    assert app.stack.top is result
    again = next(b for b in result.buttons if b.key == "again")
    assert again.hotkey == "P" and pygame.K_p not in seat_letters(table) and pygame.K_a in seat_letters(table)
    counts = table.stat_counts()
    assert all("false_calls" in c for c in counts)
    line = app.stats.games  # counted for You under the bot's level
    assert line


def test_a_keys_line_fits_its_panel_closer_then_on_two_lines():
    """A key keeps its one spelling ("Num 4", as on Ratscrew's table): the line was squeezed to "Num4"."""
    from game.kit.raceview import fit_keys

    line = "Num 4 flip  ·  Num 5 snap  ·  Num 6 pot"
    assert fit_keys(line, len, 100) == [line]
    assert fit_keys(line, len, 35) == ["Num 4 flip · Num 5 snap · Num 6 pot"]
    assert fit_keys(line, len, 34) == ["Num 4 flip · Num 5 snap", "Num 6 pot"]
    assert fit_keys("", len, 10) == []


def test_a_won_call_leaves_one_callout_and_no_glow_on_the_piles_it_took():
    from engine.snap import Called, SnapWon
    from engine.cards import parse_cards
    from game.tables.snap.fx import SnapModel, take_in

    state = new_game(3, {}, 1)
    model = SnapModel.of(state, ["You", "Ada", "Ben"])
    rect = pygame.Rect(0, 0, 10, 14)
    seven_h, seven_s = parse_cards("7H 7S")
    model.up[1].append(model.sprites.new(seven_h))
    model.up[2].append(model.sprites.new(seven_s))
    take_in(model, [Called(0, "snap", 1000, 314, False)], lambda key: rect, 0.0)
    assert set(model.lit) == {1, 2}
    take_in(model, [SnapWon(0, "snap", (seven_h, seven_s), (1, 2), 0, 314)], lambda key: rect, 0.0)
    assert not model.lit and [c.text for c in model.callouts] == ["You take 2 cards in 314 ms!"]


def test_once_you_are_out_you_can_skip_to_the_end_and_it_ends_as_if_watched(pg, tmp_path):
    """The skipped game is the watched one: the same calls at the same times, the same result and statistics."""
    import random

    from engine.cards import standard_deck
    from game.kit import skip
    from snap_helpers import snap_game
    from game.tables.snap.fx import SnapModel

    step = skip.STEP_MS / 1000
    runs = []
    for skipping in (False, True):
        pygame.quit()
        pygame.init()
        app = make_app(tmp_path / str(skipping))
        app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "medium"), SeatConfig("Ben", "ai", "hard")],
                                 game="snap", deal=3))
        table = app.stack.top
        cards = list(standard_deck())
        random.Random(5).shuffle(cards)
        state = snap_game(["", " ".join(map(str, cards[:26])), " ".join(map(str, cards[26:]))], out=(0,), turn=1,
                          time_limit=3)
        table.state = table.driver.state = state
        table.model = SnapModel.of(state, [p.name for p in table.record.players])
        table.resize(app.size)
        app.run(max_frames=round(skip.OFFER_AFTER_S / step) + 1, fixed_dt=step)
        assert table.skip.offered and snap_view.status_lines(table)[0] == "You are out"
        if skipping:
            skip_button = next(b for b in table.buttons() if b.key == "skip")
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=skip_button.rect.center, button=1))
            run(app, 1, step)
            assert table.skip.skipping
        frames_run = 0
        while not isinstance(app.stack.top, SnapResultScene) and frames_run < 40000:
            run(app, 1, step)
            frames_run += 1
        assert table.state.is_over
        runs.append((table, app.stats.games, frames_run))
    (watched, watched_stats, watched_frames), (skipped, skipped_stats, skipped_frames) = runs
    assert skipped.record.actions == watched.record.actions and len(skipped.record.actions) > 20
    assert skipped.state.snapshot() == watched.state.snapshot() and skipped.state.winners == watched.state.winners
    assert skipped.stat_counts() == watched.stat_counts() and skipped_stats == watched_stats and skipped_stats
    assert skipped_frames * 20 < watched_frames, (skipped_frames, watched_frames)


def test_while_a_call_is_judged_the_status_says_flips_wait(pg, tmp_path):
    """It used to go on offering the flip key, which the engine refuses while a call is judged."""
    app = make_app(tmp_path)
    table = solo_table(app, {"tie_ms": 150}, matching_deal())
    table.driver.bots[1] = exact_bot(5000)  # the bot flips but never calls first
    key(app, pygame.K_a, 1 / 60)
    until(app, lambda: bool(table.state.snap_piles()), 5, 1 / 60)
    assert ": flip" in snap_view.status_lines(table)[1]
    key(app, pygame.K_s, 1 / 60)  # You call: the tie window stays open 150 ms
    until(app, lambda: bool(table.state.claims), 2, 1 / 60)
    first, second = snap_view.status_lines(table)
    assert first == "A call is being judged..." and "Flips wait for the verdict" in second and ": flip" not in second


def test_the_turns_rim_is_no_part_of_the_layer_but_strips_kept_on_the_window(pg, tmp_path):
    """The turn's gold rim moving on repainted strips along two seats' rims on the layer at every flip. It is drawn
    over the layer instead, as four still strips holding all of the outline (the same pixels as the outline drawn
    whole): a seat's part of the layer no longer changes with the turn, and the window's canvas keeps the strips
    from frame to frame while the turn stays."""
    from game.kit.reach import outline_pieces
    from game.kit.ui import GOLD

    lay = snap_view.SnapLayout(1920, 1080, 6, False)
    for place in lay.places:
        whole, pieces = pygame.Surface((lay.w, lay.h)), pygame.Surface((lay.w, lay.h))
        pygame.draw.rect(whole, GOLD, place.rim[0], place.rim[1], border_radius=place.rim[2])
        for piece, at in outline_pieces(GOLD, *place.rim, {}):
            pieces.blit(piece, at)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(pieces, "RGB")
    app = make_app(tmp_path)
    table = solo_table(app)
    table.driver.bots[1] = exact_bot(5000)  # Ada flips 500 ms after her turn comes, never calls
    run(app, 10)
    assert table.state.turn == 0
    ada = snap_view.layer_regions(table)[1][1]
    key(app, pygame.K_a)  # You flip: the turn is Ada's
    assert table.state.turn == 1 and snap_view.layer_regions(table)[1][1] == ada
    canvas, kept = app._pen, []
    for _ in range(5):
        before = canvas.kept_blits
        app.dirty = True
        run(app, 1)
        kept.append(canvas.kept_blits - before)
    assert table.state.turn == 1 and min(kept) >= 4, kept  # Ada's rim, still on the window


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)])
def test_two_facing_seats_leave_the_snap_pot_whole_and_the_callouts_clear_of_them(size):
    """With one opponent the two seats fill the middle column: the pot sits beside them at full card size, and the
    callouts over it cover neither seat."""
    from game.tables.snap.view import SnapLayout

    lay = SnapLayout(*size, 2, False)
    window = pygame.Rect(0, 0, *size)
    assert lay.pot.size == (lay.card_w, lay.card_h) and window.contains(lay.pot) and window.contains(lay.callouts)
    for place in lay.places:
        assert not place.panel.colliderect(lay.pot.inflate(0, 60)) and not place.panel.colliderect(lay.callouts)
    assert not lay.callouts.colliderect(lay.status) and not lay.pot.colliderect(lay.toast)


def test_the_snap_pot_key_on_an_empty_pot_is_refused_like_a_click_with_the_same_words(pg, tmp_path):
    """The key went on to the game as a call: a false call with its penalty card ("nothing matches the snap pot"),
    where a click on the greyed button calls nothing and says why. Now both call nothing and say the same."""
    from game.tables.snap.view import POT_SHUT

    app = make_app(tmp_path)
    table = solo_table(app)
    run(app, 2)
    assert not table.model.pot
    (pot_key,) = [k for k, (seat, action) in table.keys.bindings.items() if seat == table.solo and action == "snap-pot"]
    key(app, pot_key)
    run(app, 3)
    assert table.toast is not None and table.toast[0] == POT_SHUT and table.toast[2], table.toast  # said, as a refusal
    assert table.state.false_calls[table.solo] == 0 and not table.model.callouts  # no false call, nothing paid
    table.toast = None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.pot_button.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.layout.pot_button.center, button=1))
    run(app, 2)
    assert table.state.false_calls[table.solo] == 0 and table.hover == "snap-pot"  # the click: the same words, its tooltip


@pytest.mark.parametrize("by", ["key", "click"])
def test_the_snap_pot_key_is_judged_by_the_game_while_the_pots_first_card_is_still_flying(pg, tmp_path, by):
    """The engine's pot holds a card the table has not drawn landing yet (the model's pot is empty): a bot may claim
    it, and so may you. The key (and a click on the button, still greyed) went by the drawn pot and was refused."""
    from engine.snap import Called
    from engine.snap.actions import SNAP_POT
    from game.tables.snap.view import POT_SHUT

    app = make_app(tmp_path)
    table = solo_table(app, deal=3)
    table.driver.bots[1] = exact_bot(5000)  # too slow to claim anything here
    run(app, 2)
    key(app, pygame.K_a)  # You flip
    until(app, lambda: bool(table.state.up[table.solo]), 5)
    top = table.state.up[table.solo][-1]
    down = table.state.down[1]
    same = next(c for c in down if c.rank == top.rank and c is not top)
    down.remove(same)
    table.state.pot.append(same)  # in the game's pot; its flight has not landed on the table
    assert not table.model.pot and table.state.pot_piles()
    called: list = []
    show = table.race.show
    table.race.show = lambda events, at: (called.extend(e for e in events if isinstance(e, Called)), show(events, at))
    if by == "key":
        (pot_key,) = [k for k, (seat, act) in table.keys.bindings.items() if seat == table.solo and act == "snap-pot"]
        key(app, pot_key)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.layout.pot_button.center, button=1))
    run(app, 2)
    assert [(c.seat, c.call) for c in called] == [(table.solo, SNAP_POT)]
    assert table.toast is None or table.toast[0] != POT_SHUT


def test_no_seat_colour_looks_like_the_gold_turn_rim_or_like_another_seat():
    """Eve's yellow panel in a six-seat game read as the gold rim of the seat whose turn it is."""
    import colorsys

    from game.kit.keyscreens import SEAT_COLOURS
    from game.kit.ui import GLOW, GOLD

    def hue(rgb):
        return colorsys.rgb_to_hsv(*(c / 255 for c in rgb))[0] * 360

    def apart(a, b):
        d = abs(hue(a) - hue(b))
        return min(d, 360 - d)

    assert all(apart(c, rim) >= 20 for c in SEAT_COLOURS for rim in (GOLD, GLOW)), [hue(c) for c in SEAT_COLOURS]
    assert all(apart(a, b) >= 30 for i, a in enumerate(SEAT_COLOURS) for b in SEAT_COLOURS[i + 1:])


def test_a_seats_label_agrees_with_its_stacks_badge(pg, tmp_path):
    """The stack's badge counts the face-down cards ("16") while the label said all the seat holds ("Ada · 17
    cards"): both were right and read as a mismatch. With a face-up pile the label splits them as the table shows."""
    app = make_app(tmp_path)
    app.start_game(GameSetup([SeatConfig("Ada", "ai", "medium"), SeatConfig("Ben", "ai", "medium")], game="snap"))
    table = app.stack.top
    model = table.model
    assert snap_view.seat_line(table, 1) == f"Ben  ·  {model.down[1]} cards" and not model.up[1]
    for _ in range(1200):
        run(app)
        if model.up[1] and not model.flights:
            break
    down, up = model.down[1], len(model.up[1])
    assert up and snap_view.seat_line(table, 1) == f"Ben  ·  {down} down, {up} up"


def test_the_snap_pot_button_and_the_header_name_its_key_and_a_pot_with_cards_never_turns_it_gold(pg, tmp_path):
    """Nothing told a newcomer how to call Snap Pot!: its key (whatever the keymap says) is on its button and in the
    header, as Snap!'s is; and the button no longer turned gold, a "press now", as soon as the pot held cards."""
    from game.kit.ui import GOLD
    from game.tables.snap.fx import SnapModel

    app = make_app(tmp_path)
    app.settings.seat_keys = {"snap": {"seats": [{"keys": {"flip": pygame.K_a, "snap": pygame.K_s,
                                                           "snap-pot": pygame.K_g}}]}}
    table = solo_table(app, deal=3)
    run(app, 2)
    labels = {b.key: b for b in snap_view.buttons(table)}
    assert labels["snap-pot"].label == "Snap Pot!  (G)" and labels["snap"].label == "Snap!  (Space)"
    assert snap_view.status_lines(table)[1].endswith("Space: Snap!  G: Snap Pot!")
    table.state.pot.append(table.state.down[1].pop())  # a card in the pot: Snap Pot! may be called
    table.model = SnapModel.of(table.state, [p.name for p in table.record.players])
    run(app, 2)
    pot = next(b for b in snap_view.buttons(table) if b.key == "snap-pot")
    assert pot.enabled and not pot.primary
    r = table.layout.pot_button
    assert tuple(app.screen.get_at((r.x + 6, r.centery)))[:3] != GOLD
