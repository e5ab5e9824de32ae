"""Ratscrew's table through the real loop, headless: keys and clicks, saves and resume, replay, the stall guard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.reflex import Reflexes  # noqa: E402
from engine.cards import Card, standard_deck  # noqa: E402
from engine.games import GAMES, load_record  # noqa: E402
from engine.ratscrew import LAY, Ratscrew, SNAP  # noqa: E402
from game.base.retained import CELL  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.ratscrew import tools as ratscrew_tools  # noqa: E402
from game.tables.ratscrew.table import STALL_SECONDS, RatscrewTable  # noqa: E402
from game.tables.ratscrew.layout import RatscrewLayout  # noqa: E402
from game.tables.ratscrew.steps import TableModel  # noqa: E402

DT = 1 / 60


@pytest.fixture()
def pg():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def make_app(tmp_path, size=(1280, 720)):
    app = App(size, tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.to_title()
    return app


def frames(app, n=1):
    app.run(max_frames=n, fixed_dt=DT)


def key(app, k, n=1):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, n)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def solo(app, deal=12, levels=("medium",)):
    """You (seat 0, laying first) against bots."""
    seats = [SeatConfig("You")] + [SeatConfig(f"Bot{i}", "ai", lv) for i, lv in enumerate(levels)]
    app.start_game(GameSetup(seats, deal=deal, game="ratscrew"))
    table = app.stack.top
    assert isinstance(table, RatscrewTable)
    return table


def wait_turn(app, table, seat=0, seconds=30):
    for _ in range(int(seconds / DT)):
        if table.state.turn == seat and table.state.piles[seat] and not table.state.claim:
            return
        frames(app)
    raise AssertionError("never our turn")


def test_the_registry_names_the_table_and_its_tools():
    info = GAMES["ratscrew"]
    assert info.table == "game.tables.ratscrew.table:RatscrewTable" and info.tools == "game.tables.ratscrew.tools"
    assert dict(info.seat_actions) == {"lay": "Lay", "snap": "Snap!"}


def test_selftest_plays_a_whole_bot_game_that_replays(pg, tmp_path, capsys):
    assert modes.selftest("ratscrew", tmp_path) == 0
    assert "selftest: ok" in capsys.readouterr().out


def test_enter_lays_space_snaps_and_a_wrong_snap_is_refused_with_its_reason_and_bars(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo(app)
    wait_turn(app, table)
    before = len(table.state.piles[0])
    key(app, pygame.K_RETURN, 2)
    assert len(table.state.piles[0]) == before - 1
    assert table.record.entries[-1].action == LAY and table.record.entries[-1].seat == 0
    assert table.model.stack and table.model.stack[-1].card == table.state.stack[-1]
    if table.state.snaps():  # a snap showed by chance: this snap would be a valid one
        pytest.skip("the deal made a snap")
    sounds: list = []
    play = table.app.sound.play
    table.app.sound.play = lambda name: (sounds.append(name), play(name))
    key(app, pygame.K_SPACE, 2)
    assert table.state.barred[0] is not None and "invalid" in sounds
    # told once, in the banner under the stack (as Snap's callout): what happened, and under it why and what it costs
    banner = table.model.banner
    assert banner is not None and banner.text == "You: wrong snap" and table.toast is None
    assert banner.detail.endswith(": barred until the stack is won.") and "Wrong snap" not in banner.detail
    key(app, pygame.K_SPACE, 2)  # barred: refused with the reason, nothing more
    assert "can't snap" in table.toast.text
    assert [e.action for e in table.record.entries].count(SNAP) == 1


def test_the_call_over_the_top_card_says_what_it_is_and_no_bare_number(pg, tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = solo(app)
    wait_turn(app, table)
    key(app, pygame.K_RETURN, 2)
    said: list = []
    real = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda surface, line, *rest: (said.append(line), real(surface, line, *rest))[1])
    table.draw(app.screen)
    rank = table.model.call[0]
    assert f"{rank.word.upper()}!" in said and "called as it was laid" in said
    assert not [line for line in said if line.startswith("call ")]  # "call 52": which call of the game, unexplained


def test_the_mouse_lays_from_your_pile_and_snaps_on_the_stack(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo(app)
    wait_turn(app, table)
    click(app, table.layout.seats[0].pile.center)
    frames(app)
    assert table.record.entries and table.record.entries[-1] == table.record.entries[-1].__class__(0, LAY, table.record.entries[-1].at)
    click(app, table.layout.top_card.center)
    frames(app)
    assert any(e.seat == 0 and e.action == SNAP for e in table.record.entries)


def test_laying_out_of_turn_bars_you(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo(app)
    wait_turn(app, table)
    key(app, pygame.K_RETURN, 2)
    assert table.state.turn != 0
    key(app, pygame.K_a, 2)  # your own lay key, out of turn
    assert table.state.barred[0] is not None


def test_hot_seat_each_player_has_their_own_keys_and_tries_them_first(pg, tmp_path):
    app = make_app(tmp_path)
    app.start_game(GameSetup.hotseat(["Ann", "Bea"], [], "ratscrew"))
    table = next(s for s in app.stack.scenes if isinstance(s, RatscrewTable))
    assert app.stack.top is not table  # "Try your keys" comes first
    app.stack.top.on_button("done")
    frames(app)
    assert app.stack.top is table
    first = table.state.turn
    lay_keys = {0: pygame.K_a, 1: pygame.K_j}
    key(app, lay_keys[first], 2)
    assert table.record.entries[-1].seat == first and table.record.entries[-1].action == LAY
    assert len(table.state.stack) == 1


def test_a_saved_game_resumes_exactly(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo(app, levels=("hard", "easy"))
    table.time_scale = 10
    frames(app, 120)
    wait_turn(app, table)
    key(app, pygame.K_RETURN, 2)
    app.saves.flush()
    saved_actions = list(table.record.actions)
    assert saved_actions
    pygame.quit()
    pygame.display.init()
    pygame.font.init()
    app2 = make_app(tmp_path)
    resumed = app2.resume("ratscrew")
    assert isinstance(resumed, RatscrewTable)
    saved = app2.saves.pending_record()
    assert resumed.record.actions == saved_actions == saved.actions
    assert ratscrew_tools.SCENARIOS.mismatches(resumed, saved) == []
    frames(app2, 30)  # and it plays on
    assert resumed.clock.now > saved.clock


def test_a_replay_plays_the_record_to_the_same_end(pg, tmp_path):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["hard", "medium"], "ratscrew"))
    table = app.stack.top
    assert ratscrew_tools._play_out(app)
    record = load_record(table.record.dumps())
    app.start_game(GameSetup.from_record(record), replay=record)
    replay = app.stack.top
    assert isinstance(replay, RatscrewTable) and replay.replaying and not replay.bots
    replay.time_scale = ratscrew_tools.FAST
    for _ in range(20000):
        if replay.state.is_over:
            break
        frames(app)
    assert replay.state == table.state and replay.record.actions == table.record.actions


def test_an_all_bot_table_never_hangs_when_every_bot_misses_the_last_snap(pg, tmp_path):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["medium", "medium"], "ratscrew"))
    table = app.stack.top
    # nobody has a card left and a pair shows: only a snap can move the game on
    cards = [Card(c) for c in ("7C", "7H")]
    rest = sorted((c for c in standard_deck() if c not in cards), key=lambda c: (c.suit, c.rank))  # no snap in it
    state = Ratscrew([[], []], table.state.rules, 0, stack=rest + cards, calls_made=52)
    state.version = 1000  # the bots look at it afresh
    table.state = table.driver.state = state
    table.model.stack.clear()
    for c in state.stack:
        table.model.stack.append(table.sprites.new(c))
    blind = Reflexes(mu=300, sigma=10, tau=10, miss=1.0, false_rate=0.0)
    sharp = Reflexes(mu=300, sigma=10, tau=10, miss=0.0, false_rate=0.0)
    for bot in table.bots.values():
        bot.reflexes = blind
    frames(app, round(1.0 / DT))
    assert not state.is_over and all(bot.next_due() is None for bot in table.bots.values())
    for bot in table.bots.values():
        bot.reflexes = sharp
    frames(app, round((STALL_SECONDS + 1.5) / DT))
    assert table.rerolls >= 1
    assert state.is_over and len(state.piles[state.winner]) == 52


def test_statistics_use_the_registry_keys(pg, tmp_path):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["hard", "easy"], "ratscrew"))
    table = app.stack.top
    assert ratscrew_tools._play_out(app)
    counts = table.stat_counts()
    keys = set(GAMES["ratscrew"].stats)
    assert all(set(c) <= keys for c in counts)
    snaps = sum(c[k] for c in counts for k in c if k.startswith("snaps_"))
    assert snaps > 0
    assert any("fastest_snap_ms" in c and c["fastest_snap_ms"] >= 100 for c in counts)


def test_a_full_stack_fits_the_fan_at_every_size():
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        layout = RatscrewLayout(*size, 6)
        rects = layout.fan(51)
        assert len(rects) == 51
        assert all(layout.fan_area.contains(r) for r in rects)
        assert rects[0].h >= 40 * layout.scale
        assert not layout.fan_area.colliderect(layout.top_card)
        boxes = [b.panel for b in layout.seats.values()]
        assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_the_thumbnail_draws(pg, tmp_path):
    app = make_app(tmp_path)
    surface = pygame.Surface((240, 140))
    RatscrewTable.draw_thumbnail(surface, app.art)
    assert surface.get_at((120, 50)) != surface.get_at((3, 3))


def test_a_controller_acts_for_a_single_human(pg, tmp_path):
    app = make_app(tmp_path)
    table = solo(app)
    wait_turn(app, table)
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, button=1, instance_id=0, joy=0))
    frames(app, 2)
    assert table.record.entries[-1].seat == 0 and table.record.entries[-1].action == LAY
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0, joy=0))
    frames(app, 2)
    assert any(e.seat == 0 and e.action == SNAP for e in table.record.entries)


def test_a_count_shows_as_a_badge_counting_down(pg, tmp_path):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["medium", "medium"], "ratscrew"))
    table = app.stack.top
    table.time_scale = 5
    seen = []
    for _ in range(round(120 / DT)):
        frames(app)
        count = table.state.count
        if count is not None:
            seen.append(count.left)
        if len(set(seen)) >= 2:
            break
    assert len(set(seen)) >= 2  # it went down


def test_a_save_whose_snap_settled_after_the_last_action_resumes_exactly(pg, tmp_path):
    from engine.envelope import GameRecord

    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["hard", "medium"], "ratscrew"))
    table = app.stack.top
    assert ratscrew_tools._play_out(app)
    entries = table.record.entries
    replayed = GameRecord(table.record.info, table.record.players, table.record.seed, dict(table.record.options),
                          list(entries))
    cut = next(i for i, (_, _, state) in enumerate(replayed.replay()) if state.claim is not None)  # a snap, pending
    prefix = GameRecord(table.record.info, table.record.players, table.record.seed, dict(table.record.options),
                        list(entries[:cut + 1]), entries[cut].at + 1)
    saved = load_record(prefix.dumps())
    fresh = RatscrewTable(app, GameSetup.from_record(saved), record=saved.without_actions(),
                          state=saved.without_actions().start())
    fresh.catch_up(saved.actions, clock=saved.clock)
    assert fresh.state == saved.final_state() and fresh.state.claim is None  # the snap was settled
    assert ratscrew_tools.SCENARIOS.mismatches(fresh, saved) == []


def test_a_banner_about_a_won_stack_goes_when_the_next_card_is_laid(pg, tmp_path):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["hard", "medium", "easy"], "ratscrew"))
    table = app.stack.top
    table.time_scale = 5
    shown = 0
    for _ in range(round(60 / DT)):
        frames(app)
        banner = table.model.banner
        if banner is not None and banner.won:
            shown += 1
            assert not table.model.stack, f"{banner.text!r} still shown over a new stack"
    assert shown  # some stack was won and told of


def test_key_names_are_short_enough_for_a_narrow_panel(pg, tmp_path):
    from game.kit.seatkeys import key_name
    from game.tables.ratscrew.input import key_names

    assert key_name(pygame.K_KP4, short=True) == "Num 4" and key_name(pygame.K_PAGEUP, short=True) == "PgUp"
    app = make_app(tmp_path, (960, 600))
    app.start_game(GameSetup.hotseat(["Ann", "Bea", "Cid"], ["easy"], "ratscrew"))
    table = next(s for s in app.stack.scenes if isinstance(s, RatscrewTable))
    assert key_names(table, table.humans[2]) == ("Num 4", "Num 5")


def test_a_single_human_sees_the_same_keys_on_the_status_line_the_panel_and_the_button(pg, tmp_path):
    from game.tables.ratscrew.input import key_names

    app = make_app(tmp_path)
    table = solo(app)
    assert key_names(table, 0) == ("A or Enter", "S or Space")
    wait_turn(app, table)
    line = table.status_lines()[1]
    assert "Lay: A or Enter" in line and "Snap: S or Space" in line


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)])
def test_a_short_stack_sits_in_the_middle_of_the_table_and_the_log_has_room(size):
    """The top card stood against the log, so a stack of a few cards (the usual sight) left the table's left half
    bare; the log, a fifth of the width, wrapped nearly every line at 960x600. Then the group sat in the middle of
    the window, not of the felt left of the log, leaving the left third holding only the fan's hint."""
    for n in (2, 6):
        layout = RatscrewLayout(*size, n)
        fan = layout.fan(3)
        middle = (fan[0].left + layout.top_card.right) / 2  # the three cards and the top card, as one group
        assert abs(middle - layout.log_panel.left / 2) <= 0.01 * size[0], (middle, size)  # the felt's middle
        assert layout.log_panel.w >= 0.25 * size[0] and not layout.log_panel.colliderect(layout.snap_button)


def test_a_short_fan_lies_next_to_the_top_card():
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        layout = RatscrewLayout(*size, 3)
        rects = layout.fan(3)
        assert all(layout.fan_area.contains(r) for r in rects)
        assert rects[-1].right == layout.fan_area.right  # against the top card's side, not in the far corner
        assert rects[-1].top < layout.top_card.centery < rects[-1].bottom  # level with the top card


def _last_pair(app, *reflexes):
    """You against a bot per ``reflexes``: a pair of sevens on top of the stack, which holds every card but
    the last bot's four (with three or more seats)."""
    table = solo(app, levels=("medium",) * len(reflexes))
    n = len(reflexes) + 1
    cards = [Card(c) for c in ("7C", "7H")]
    rest = sorted((c for c in standard_deck() if c not in cards), key=lambda c: (c.suit, c.rank))  # no snap in it
    held = rest[:4] if n > 2 else []
    piles = [[] for _ in range(n - 1)] + [held]
    state = Ratscrew(piles, table.state.rules, n - 1 if held else 0, stack=rest[len(held):] + cards, calls_made=52)
    state.version = 1000  # the bots look at it afresh
    table.state = table.driver.state = state
    table.model.stack.clear()
    for c in state.stack:
        table.model.stack.append(table.sprites.new(c))
    for seat, bot in table.bots.items():
        bot.reflexes = reflexes[seat - 1]
    return table


def test_the_end_screen_ignores_game_keys_at_first_and_its_letter_is_no_seats_key(pg, tmp_path):
    from game.screens.game_over import GUARD_S, seat_letters
    from game.tables.ratscrew.result import HEAD, RatscrewResultScene

    app = make_app(tmp_path)
    table = _last_pair(app, Reflexes(mu=300, sigma=0, tau=0, miss=1.0, false_rate=0.0))
    key(app, pygame.K_SPACE, 2)  # your snap takes the whole deck: you win
    for _ in range(round(10 / DT)):
        if isinstance(app.stack.top, RatscrewResultScene):
            break
        frames(app)
    result = app.stack.top
    assert isinstance(result, RatscrewResultScene) and result.title == "You win!"
    assert [row[0] for row in result.rows()] == ["1st", "2nd"]  # places as Snap says them, not "1, 2"
    assert {"Calling out", "Counting out", "Wrong snaps"} <= set(HEAD) and not {"Call", "Count", "Wrong"} & set(HEAD)
    for k in (pygame.K_SPACE, pygame.K_s, pygame.K_a, pygame.K_RETURN, pygame.K_j, pygame.K_k, pygame.K_ESCAPE):
        key(app, k)  # still hammering the game's keys as it ends: the result stays
    click(app, next(b.rect.center for b in result.buttons if b.key == "again"))
    assert app.stack.top is result
    again = next(b for b in result.buttons if b.key == "again")
    assert not again.enabled  # greyed while it ignores input
    assert again.hotkey and len(again.hotkey) == 1
    assert ord(again.hotkey.lower()) not in seat_letters(table)  # no seat's lay or snap key, any seat
    assert {pygame.K_a, pygame.K_s, pygame.K_j, pygame.K_k} <= seat_letters(table)
    frames(app, round(GUARD_S / DT) + 1)
    assert again.enabled or next(b for b in result.buttons if b.key == "again").enabled
    key(app, ord(again.hotkey.lower()))
    assert isinstance(app.stack.top, RatscrewTable) and app.stack.top is not table  # a new deal


def test_the_loser_of_a_race_hears_who_won_it_and_by_how_many_ms(pg, tmp_path):
    app = make_app(tmp_path)
    sharp = Reflexes(mu=300, sigma=0, tau=0, miss=0.0, false_rate=0.0, pace_mu=2000, pace_sigma=0, pace_tau=0)
    table = _last_pair(app, sharp, Reflexes(mu=300, sigma=0, tau=0, miss=1.0, false_rate=0.0))
    pressed = []
    press = table.driver.press
    table.driver.press = lambda seat, action, at: (pressed.append(at), press(seat, action, at))
    for _ in range(round(3 / DT)):
        frames(app)
        if not table.state.stack:
            break
    assert not table.state.stack and table.model.last_won is not None  # Bot0 took it
    winner, won_at, how = table.model.last_won
    assert (winner, how) == (1, "snap")
    key(app, pygame.K_SPACE, 2)  # too late
    assert pressed and table.toast is not None
    assert table.toast.text == f"Bot0 was {pressed[0] - won_at} ms faster: the stack went to Bot0."
    assert "may just have been won" not in table.toast.text


def _out_of_cards(app, seed):
    """You (seat 0) out of cards; two bots hold the deck between them and play on."""
    import random

    table = solo(app, levels=("medium", "hard"))
    cards = list(standard_deck())
    random.Random(seed).shuffle(cards)
    state = Ratscrew([[], cards[:40], cards[40:]], table.state.rules, 1)
    state.version = 1000  # the bots look at it afresh
    table.state = table.driver.state = state
    table.model = TableModel.from_state(state, table.sprites)
    return table


def test_out_of_cards_you_can_skip_to_the_end_and_it_ends_as_if_watched(pg, tmp_path):
    """The skipped game is the watched one: the same actions at the same times, the same result and statistics."""
    from game.kit import skip
    from game.tables.ratscrew.result import RatscrewResultScene

    step = skip.STEP_MS / 1000  # the watched game runs at that frame time, so even stall re-rolls match
    runs = []
    for skipping in (False, True):
        pygame.quit()
        pygame.display.init()
        pygame.font.init()
        app = make_app(tmp_path / str(skipping))
        table = _out_of_cards(app, 3)
        app.run(max_frames=round(skip.OFFER_AFTER_S / step) + 1, fixed_dt=step)
        assert table.skip.offered and "out of cards" in table.status_lines()[0]
        frames_run = 0
        if skipping:
            click(app, table.layout.snap_button.center)  # the Snap! button became "Skip to the end"
            assert table.skip.skipping
        while not isinstance(app.stack.top, RatscrewResultScene) and frames_run < 40000:
            app.run(max_frames=1, fixed_dt=step)
            frames_run += 1
        assert table.state.is_over
        runs.append((table, app.stats.games, frames_run))
    (watched, watched_stats, watched_frames), (skipped, skipped_stats, skipped_frames) = runs
    assert skipped.record.actions == watched.record.actions
    assert skipped.state == watched.state and skipped.state.winner in (1, 2)
    assert skipped.stat_counts() == watched.stat_counts() and skipped_stats == watched_stats and skipped_stats
    assert skipped_frames * 20 < watched_frames, (skipped_frames, watched_frames)  # without waiting in real time


def test_a_card_landing_on_or_leaving_the_fan_repaints_only_its_place_with_the_whole_repaints_pixels(pg, tmp_path):
    """Issue 24: a 52-card fan was repainted whole each time a card landed on it or flew off it (about a
    millisecond a time); now just that card's place is, and the layer still matches a fresh whole repaint."""
    from game.kit.layer import TableLayer
    from game.tables.ratscrew import view as ratscrew_view

    app = make_app(tmp_path, (1920, 1080))
    table = ratscrew_tools._full_stack_table(app, 4)
    for _ in range(10):
        app.step(DT, [])
    partial = 0
    for k in range(90):
        if k % 20 == 0:  # as the frame bench does: the card under the top flies off the fan and lands back
            under, top = table.model.stack[-2], table.model.stack[-1]
            n = len(table.model.stack)
            table.fly(top, True, table.layout.seats[k // 20 % 4].pile, table.layout.top_card, 0.3)
            table.fly(under, True, table.layout.top_card, table.layout.fan_slot(n - 2, n - 1), 0.3)
        app.step(DT, [])
        card = table.layout.fan_slot(0, len(table.model.stack) - 1)
        for area in table.layer.painted:  # the card's place, widened to whole 16-px columns (game.kit.layer.aligned)
            if area.w * area.h <= (card.w + 2 * CELL) * card.h:
                partial += 1
        fresh = TableLayer()
        fresh.refresh(table.background, table.layout, ratscrew_view.layer_regions(table), app.art)
        assert pygame.image.tobytes(fresh.surface, "RGB") == pygame.image.tobytes(table.layer.surface, "RGB"), k
    assert partial >= 8  # every flight off the fan and every landing on it (4 of each, at least)


def test_a_bots_seat_names_its_level_with_one_space(pg, tmp_path, monkeypatch):
    """The header read "Bot0␣␣(Medium bot)": a double space, and a form no other table uses (Sprint, Scamper and
    Double or Nothing write "Ada (Standard)")."""
    app = make_app(tmp_path)
    table = solo(app)
    frames(app, 2)
    drawn: list[str] = []
    real = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda target, words, *a, **k: drawn.append(words) or real(target, words, *a, **k))
    table.layer.invalidate()
    app.dirty = True
    frames(app, 2)
    assert "Bot0 (Medium)" in drawn
    assert not [w for w in drawn if "  (" in w]


def test_the_status_line_says_what_the_count_badge_counts(pg, tmp_path):
    """A gold "2" on the top card went unexplained: the status line says whose stack it will be, and after how many."""
    from engine.ratscrew import Count

    app = make_app(tmp_path, (960, 600))
    table = solo(app)
    queen = Card("QS")
    state = Ratscrew([[Card("2C"), Card("3C")], [Card("4D"), Card("5D")]], table.state.rules, 0, stack=[queen],
                     calls_made=1, count=Count(1, 2, queen))
    table.state = table.driver.state = state
    head = table.status_lines()[0]
    assert head.endswith("Bot0 takes the stack after 2 more cards"), head
    state.count = Count(0, 1, queen)
    assert table.status_lines()[0].endswith("You take the stack after 1 more card")
    state.count = None
    assert "takes the stack" not in table.status_lines()[0]
    frames(app)  # drawn at 960x600 without a fault


def test_the_count_badge_sits_on_the_picture_card_that_started_it_not_the_card_laid_over_it(pg, tmp_path):
    """An A♦ started the count and a 2♦ went over it in the fan: the "2" badge sat on the 2♦ (on the A♦'s top right,
    under the next card's corner), reading as "the 2 has a count of 2". It belongs on what shows of the A♦."""
    from engine.ratscrew import Count
    from game.kit.ui import GOLD
    from game.tables.ratscrew.steps import TableModel

    for size in ((1280, 720), (960, 600)):
        app = make_app(tmp_path, size)
        table = solo(app)
        ace = Card("AD")
        state = Ratscrew([[Card("5C"), Card("3C")], [Card("4D"), Card("5D")]], table.state.rules, 0,
                         stack=[Card("9S"), ace, Card("2D"), Card("2C")], calls_made=4, count=Count(1, 2, ace))
        table.state = table.driver.state = state
        table.model = TableModel.from_state(state, table.sprites)
        table.layer.invalidate()
        app.dirty = True
        frames(app, 2)
        rects = table.layout.fan(3)
        ace_shows = pygame.Rect(rects[1].topleft, (rects[2].x - rects[1].x, rects[1].h))
        two = rects[2]

        def gold(area):
            return sum(1 for x in range(area.x, area.right) for y in range(area.y, area.bottom)
                       if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], GOLD)) < 30)

        assert gold(ace_shows) > 40, size  # the badge, on the ace
        assert gold(two) == 0, size  # nothing of it on the 2 laid over the ace
        pygame.quit()
        pygame.init()
