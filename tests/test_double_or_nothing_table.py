"""Double or Nothing's table through the real loop headless: posted mouse events, a fixed frame time."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import re  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.double_or_nothing import GAME_ID, PASS, Pass, Phase, Pick, Play  # noqa: E402
from engine.double_or_nothing import upgrades as up  # noqa: E402
from engine.envelope import GameRecord  # noqa: E402
from engine.games import game_info  # noqa: E402
from game.kit.passdevice import PassDeviceScene  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402
from game.tables.double_or_nothing import tools as tools  # noqa: E402
from game.tables.double_or_nothing.table import DoubleTable  # noqa: E402
from game.tables.double_or_nothing.summary import RunSummaryScene  # noqa: E402
from game.kit.stacks import in_the_air  # noqa: E402
from game_helpers import click, double_duel, drag, frame, hand_over, make_app, wait, watch_saves  # noqa: E402

INFO = game_info(GAME_ID)


duel = double_duel


def act(app, table, action):
    """Do ``action`` for the viewer with the mouse: drag across the columns (Wrap, wheel for Trim), Play; Pass; pick."""
    L = table.layout
    if isinstance(action, Pick):
        cards = L.pick_cards(len(table.state.offer))
        click(app, cards[table.state.offer.index(action.upgrade)].center)
        return
    if isinstance(action, Pass):
        click(app, L.buttons["pass"].center)
        return
    lo, hi = (action.hi, action.lo) if action.wraps else (action.lo, action.hi)
    drag(app, L.columns[lo - 1].center, L.columns[hi - 1].center)
    if action.wraps:
        click(app, L.buttons["wrap"].center)
    play, reason = table.selection_play()
    for _ in range(play.copies - action.copies):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    frame(app)
    assert table.selection_play() == (action, None)
    click(app, L.buttons["play"].center)


def play_through(app, table, bot, limit=4000, until=lambda state: False):
    """Play the viewer's turns by mouse (a bot decides) until the game or run is over (or ``until(state)``);
    the actions made."""
    made = 0
    for _ in range(limit):
        wait(app, lambda: table.my_turn() or table.state.is_over or _picking(table), 60)
        if table.state.is_over or until(table.state):
            return made
        before = len(table.record.entries)
        action = bot.decide(table.state.observation(table.viewer))
        act(app, table, action)
        assert len(table.record.entries) > before, f"{action} was not played"
        assert table.record.entries[before].action == action
        made += 1
    raise AssertionError("did not finish")


def _picking(table):
    return table.state.phase is Phase.PICK and not table.motion.busy and table.shown.obs.phase is Phase.PICK


@pytest.mark.parametrize("level", ["easy", "standard", "hard"])
def test_a_duel_against_each_level_is_played_to_its_end_with_the_mouse(app, level):
    app.start_game(duel(level, deal=5))
    table = app.stack.top
    assert isinstance(table, DoubleTable)
    made = play_through(app, table, INFO.make_bot("standard", seed=1))
    assert made > 0 and table.state.is_over
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene))
    assert app.stats.games[INFO.record_format]  # counted


def test_a_whole_run_with_an_upgrade_picked_by_click(app):
    app.settings.animation_speed = "off"
    deal = tools.short_run_deal()
    app.start_game(tools.run_setup(deal))
    table = app.stack.top
    play_through(app, table, INFO.make_bot("hard", seed=deal * 31))
    assert table.state.games_won >= 1 and table.state.held.stacks
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene))
    line = app.stats.games[INFO.record_format]["standard"]
    assert line.extra["runs"] == 1 and line.extra["best_game"] == table.state.game
    assert line.extra["upgrades_picked"] == 1


def _at_the_pick(app):
    """A short run's table, played by a Hard bot in the viewer's seat up to the upgrade pick."""
    app.settings.animation_speed = "off"
    app.start_game(tools.run_setup(tools.short_run_deal()))
    table = app.stack.top
    bot = INFO.make_bot("hard", seed=5)
    for _ in range(4000):
        wait(app, lambda: table.my_turn() or table.state.is_over or _picking(table), 60)
        if _picking(table) or table.state.is_over:
            break
        act(app, table, bot.decide(table.state.observation(table.viewer)))
    assert _picking(table)
    return table


def test_the_pick_screen_says_when_each_offered_upgrade_helps(app, monkeypatch):
    table = _at_the_pick(app)
    drawn = []
    real = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda target, words, *a, **k: (drawn.append(words), real(target, words, *a, **k))[1])
    app.dirty = True
    table.layer.invalidate()  # draw the (unchanged) pick screen again, this time listening
    frame(app)
    shown = " ".join(drawn)
    for uid in table.state.offer:
        first_words = up.HELPS[uid].split()[:3]
        assert " ".join(first_words) in shown, (uid, up.HELPS[uid])


def test_the_pick_screen_dims_the_table_until_its_words_do_not_show_through(app):
    """Only the offer reads: outside the heading, the three cards and the Menu button (still usable over it), the
    table is a quiet shadow (its names, log and header showed through the dimming, competing with the offer)."""
    table = _at_the_pick(app)
    app.dirty = True
    frame(app)
    L, s = table.layout, table.layout.scale
    cards = L.pick_cards(len(table.state.offer))
    offer = cards[0].unionall(cards[1:]).inflate(round(8 * s), round(8 * s))
    offer.union_ip(offer.move(0, -round(110 * s)))  # and the heading above the cards
    screen = app.screen
    seen = [sum(screen.get_at((x, y))[:3]) for x in range(0, L.w, 5) for y in range(0, L.h, 5)
            if not offer.collidepoint(x, y) and not L.menu_button.inflate(8, 8).collidepoint(x, y)]
    assert max(seen) - min(seen) <= 60, (min(seen), max(seen))
    menu = L.menu_button.center  # drawn over the shadow, and it opens the menu
    assert sum(screen.get_at((L.menu_button.x + 8, menu[1]))[:3]) > 500  # its light face, not the shadow
    click(app, menu)
    assert app.stack.top is not table


def test_a_refused_play_shows_the_engines_reason_and_changes_nothing(app):
    app.start_game(duel(deal=7))
    table = app.stack.top
    wait(app, lambda: table.my_turn() and table.shown.top is not None or table.state.is_over)
    if table.state.is_over:
        pytest.skip("the duel ended before an answer was needed")
    before = table.state.snapshot()
    spans = [(lo, hi) for lo in range(1, 9) for hi in range(lo, 9)]
    refused = [(lo, hi) for lo, hi in spans if table.state.why_illegal(Play(lo, hi, max(1, min(table.shown.hand[lo - 1:hi]))), 0)]
    lo, hi = refused[0]
    drag(app, table.layout.columns[lo - 1].center, table.layout.columns[hi - 1].center)
    preview, reason = table.selection_play()
    assert preview == Play(lo, hi, max(1, min(table.shown.hand[lo - 1:hi])))
    assert reason == table.state.why_illegal(preview, 0) and reason
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    frame(app)
    assert table.toast is not None and table.toast.text == reason
    assert table.state.snapshot() == before


def test_hot_seat_shows_each_hand_only_behind_the_pass_device_screen(app):
    app.settings.animation_speed = "off"
    app.start_game(duel(game=2, deal=9, names=("Ann", "Bea")))
    table = app.stack.top
    bot = INFO.make_bot("easy", seed=2)
    seen = set()
    for _ in range(12):
        wait(app, lambda: isinstance(app.stack.top, PassDeviceScene) or table.my_turn() or table.state.is_over)
        if table.state.is_over:
            break
        if isinstance(app.stack.top, PassDeviceScene):
            app.art.begin_frame()
            app.dirty = True
            frame(app)
            assert not app.art.numbers_blitted, "a hand showed behind the pass-device screen"
            hand_over(app)
            continue
        assert table.turns.current == table.viewer
        assert tuple(table.shown.hand) == tuple(table.state.hands[table.viewer])
        seen.add(table.viewer)
        act(app, table, bot.decide(table.state.observation(table.viewer)))
    assert seen == {0, 1}


def test_resume_opens_the_run_exactly_where_it_was_saved(tmp_path):
    pygame.init()
    try:
        app = make_app(tmp_path)
        app.start_game(tools.run_setup(21))
        table = app.stack.top
        bot = INFO.make_bot("hard", seed=4)
        for _ in range(5):
            wait(app, lambda: table.my_turn() or table.state.is_over)
            if table.state.is_over:
                break
            act(app, table, bot.decide(table.state.observation(0)))
        app.saves.flush()
        saved = table.state.snapshot()
        again = App((1280, 720), tmp_path, seed=9, resizable=False)
        resumed = again.resume(GAME_ID)
        assert resumed is not None and resumed.state.snapshot() == saved
        assert tools.mismatches(resumed, again.saves.pending_record()) == []
        assert tuple(resumed.shown.hand) == tuple(table.state.hands[0])
        assert modes.resume_selftest("double-or-nothing", tmp_path) == 0
    finally:
        pygame.quit()


def test_a_recorded_run_replays_to_the_same_end(app):
    setup = tools.run_setup(tools.SELFTEST_DEAL, runner="hard")
    record = tools.played_record(setup, lambda st: False)
    data = json.loads(record.dumps())
    loaded = GameRecord.from_json(data, INFO)
    app.settings.animation_speed = "off"
    app.start_game(GameSetup.from_record(loaded), replay=loaded)
    table = app.stack.top
    assert table.replaying
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene), 600)
    assert table.state.snapshot() == record.final_state().snapshot()


def test_game_twenty_draws_a_bounded_number_of_cards(app):
    setup = duel(game=20, deal=4)
    record = tools.played_record(setup, lambda st: st.top is not None and st.turn == 0, 300)
    table = tools.open_at(app, setup, record)
    assert sum(table.state.hands[0]) > 1000
    app.art.begin_frame()
    app.dirty = True
    frame(app)
    assert len(app.art.numbers_blitted) <= 40 and app.art.backs_blitted <= 60


def test_selftest_and_monkey_pass(tmp_path):
    pygame.init()
    try:
        assert modes.selftest("double-or-nothing", tmp_path / "s") == 0
        assert modes.monkey("double-or-nothing", 300, 2, tmp_path / "m") == 0
    finally:
        pygame.quit()


def test_thumbnail_draws_number_cards(app):
    surf = pygame.Surface((240, 150))
    DoubleTable.draw_thumbnail(surf, app.art)
    assert surf.get_at((120, 110)) != surf.get_at((2, 2))


def test_a_best_count_keeps_the_largest_value():
    from game.shell.stats import StatLine

    line = StatLine()
    line.add(2, "won", extra={"best_game": 5, "runs": 1})
    line.add(0, "lost", extra={"best_game": 3, "runs": 1})
    assert line.extra == {"best_game": 5, "runs": 2}


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_run_summary_panel_fits_what_it_holds(tmp_path, size):
    pygame.init()
    app = App(size, tmp_path, seed=3, resizable=False)
    app.settings.animation_speed = "off"
    app.to_title()
    run = tools.run_setup(tools.short_run_deal())  # "You" (played by a bot here) wins a game, picks, loses
    table = tools.open_at(app, run, tools.played_record(run, lambda st: False))
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene), 60)
    scene = app.stack.top
    panel, at, rates, columns = scene._body()
    s = scene.layout.scale
    assert panel.bottom <= min(b.rect.top for b in scene.buttons)
    assert rates and columns == 2
    end = at["rates"] + round(28 * s) + round(26 * s) * ((len(rates) + 1) // 2)  # the last line of the rates
    assert end <= panel.bottom <= end + round(24 * s)  # no empty half-screen under a short run
    assert table.state.is_over
    pygame.quit()


def test_the_run_summary_says_cards_and_names_the_game_second_wind_replayed(tmp_path):
    """The ladder's hand sizes and the headline say "cards"; a run lost on its Second Wind replay says so (its
    upgrade line counts that game twice: "won 0 of 2" beside "ended at game 2" would puzzle a newcomer)."""
    pygame.init()
    app = App((960, 600), tmp_path, seed=3, resizable=False)
    app.settings.animation_speed = "off"
    app.to_title()
    run = tools.run_setup(tools.short_run_deal())  # game 1 won, Second Wind picked, game 2 lost twice
    tools.open_at(app, run, tools.played_record(run, lambda st: False))
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene), 60)
    scene, drawn = app.stack.top, []
    assert scene.facts.replayed == scene.facts.reached == 2
    blit = app.text.blit
    app.text.blit = lambda target, line, *a, **k: (drawn.append(line), blit(target, line, *a, **k))[1]
    scene.draw(app.screen)
    assert "1 game won; it ended at game 2 (hands of 20 cards), lost again on its Second Wind replay." in drawn
    assert {"10 cards", "20 cards", "40 cards", "80 cards"} <= set(drawn)
    biggest = [line for line in drawn if "biggest play" in line]  # plain words, not "Stair: 2 x 2-6, 10 cards"
    assert [line.split(":")[0] for line in biggest] == ["Your biggest play", "Ada's biggest play"]
    assert all(re.fullmatch(r"[^:]+: (a |[a-z]+ \d+s).*, in game \d+", line) and " x " not in line for line in biggest)
    pygame.quit()


def test_a_run_reads_right_for_you_counts_hands_per_game_and_hides_nothing_to_beat_under_motion(app):
    """The log and banners say "your deck", "You win"; game 2 starts at hand 1 (the engine's run-wide count stays);
    "Nothing to beat" is never drawn under flying cards or the upgrade panel."""
    app.settings.animation_speed = "fast"
    app.start_game(tools.run_setup(tools.SELFTEST_DEAL))
    table = app.stack.top
    lines, banners, wrong = [], [], []
    add, announce, blit = table.log.add, table.announce, app.text.blit
    table.log.add = lambda line: (lines.append(line), add(line))
    table.announce = lambda text, *a, **k: (banners.append(text), announce(text, *a, **k))

    def watched_blit(target, text, *a, **k):
        flies = in_the_air(table.motion.flights)
        if text.startswith("Nothing to beat") and (flies or Phase.PICK in (table.state.phase, table.shown.obs.phase)):
            wrong.append((table.state.phase, flies))
        return blit(target, text, *a, **k)

    app.text.blit = watched_blit
    # up to game 3: further on, a run may need Trim by the hundred thousand copies, one wheel notch each
    play_through(app, table, INFO.make_bot("hard", seed=142 * 31), until=lambda state: state.game >= 3)
    assert table.state.games_won >= 1 and table.state.game >= 2
    said = lines + banners
    assert not [s for s in said if "You's" in s or re.search(r"\bYou (is|has|wins|takes|passes|draws|leads|pays|empties)\b", s)]
    assert any("your deck" in s for s in said)
    game_two = [s for s in said if re.match(r"Deal \d+ of game 2\b", s)]
    assert game_two and game_two[0].startswith("Deal 1 of game 2")  # counted from 1 in each game
    assert table.state.hand_number > table.state.game_hand  # the run-wide count (records compare it) goes on
    assert not wrong, wrong[:3]


def test_the_end_screen_takes_no_letter_the_table_uses(app):
    from game.tables.double_or_nothing.input import BUTTON_KEYS

    app.start_game(duel(deal=5))
    table = app.stack.top
    play_through(app, table, INFO.make_bot("standard", seed=1))
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene))
    again = next(b for b in app.stack.top.buttons if b.key == "again")
    assert again.label == "Play again" and again.hotkey and ord(again.hotkey.lower()) not in BUTTON_KEYS  # P is Pass


def _at_the_last_word():
    """A run (you: Hard's choices, Last Word picked) stopped where Ada has just played her last cards."""
    import random

    for deal in range(1, 300):
        setup = tools.run_setup(deal)
        record, state = setup.start(random.Random(0))
        bots = {0: INFO.make_bot("hard", seed=deal), 1: INFO.make_bot("standard", seed=deal + 1)}
        while not state.is_over and len(record.entries) < 3000:
            if state.phase is Phase.PLAY and state.top is not None and not any(state.hands[1]):
                return setup, record
            if state.phase is Phase.PICK and up.LAST_WORD not in state.offer:
                break
            seat = state.to_move()[0]
            action = Pick(up.LAST_WORD) if state.phase is Phase.PICK else bots[seat].decide(state.observation(seat))
            record.append(seat, action, state.apply(action, seat))
    raise AssertionError("no run reached a Last Word")


def test_the_last_word_is_offered_on_the_table_and_answered_with_the_mouse(app):
    from game.tables.double_or_nothing.view import status_lines

    setup, record = _at_the_last_word()
    table = tools.open_at(app, setup, record)
    wait(app, lambda: table.my_turn() and not table.motion.busy, 10)
    assert status_lines(table)[0] == "Last Word: beat Ada's last cards to take the play area, or pass."
    game, before, area = table.state.game, len(table.record.entries), sum(map(sum, table.state.area))
    logged = len(table.log.lines)
    answer = INFO.make_bot("hard", seed=1).decide(table.state.observation(0))
    assert isinstance(answer, Play)
    act(app, table, answer)
    wait(app, lambda: not table.motion.busy, 10)
    assert table.record.entries[before].action == answer and table.state.last_word_game == game
    said = table.log.lines[logged:]
    assert f"The play area ({area + answer.cards:,} cards) goes under your deck." in said
    assert any(line.startswith("Ada wins the deal and takes") for line in said)
    assert not status_lines(table)[0].startswith("Last Word")


def test_each_letter_key_presses_the_button_that_shows_it(app):
    from game.tables.double_or_nothing.input import BUTTON_KEYS

    app.start_game(duel(deal=7))
    table = app.stack.top
    wait(app, lambda: table.my_turn() and table.shown.top is not None or table.state.is_over)
    if table.state.is_over:
        pytest.skip("the duel ended before an answer was needed")
    shown = {b.key: b.hotkey for b in table.buttons()}
    for key, name in BUTTON_KEYS.items():
        if name in shown:
            assert shown[name] == pygame.key.name(key).upper(), name
    assert "pass" in shown and "hint" in shown
    before = len(table.record.entries)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=next(k for k, n in BUTTON_KEYS.items() if n == "pass"),
                                         mod=0, unicode="", scancode=0))
    frame(app)
    assert table.record.entries[before].action == PASS  # the key the Pass button shows passes


def test_a_pass_while_leading_is_refused_with_the_engines_reason_by_key_and_by_the_greyed_button(app):
    app.start_game(tools.run_setup(tools.SELFTEST_DEAL))
    table = app.stack.top
    wait(app, lambda: table.my_turn() and table.shown.top is None)
    reason = table.state.why_illegal(PASS, table.viewer)
    assert reason
    before = len(table.record.entries)
    button = next(b for b in table.buttons() if b.key == "pass")
    assert not button.enabled
    for act in (lambda: _press(app, pygame.K_p), lambda: click(app, button.rect.center)):
        table.toast = None
        act()
        assert table.toast is not None and table.toast.text == reason and table.toast.error
        assert len(table.record.entries) == before and table.my_turn()


def _press(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    frame(app)


def test_trim_picks_copies_of_a_big_stack_in_a_few_inputs(app):
    """Game 18 with Trim: 200,000 of each number; the copies are typed (C, digits, Enter), then nudged by 10, 100
    and 1000 with Shift, Ctrl and both; a number too big is refused with a message and changes nothing."""
    from engine.double_or_nothing.counts import parse_counts
    from engine.double_or_nothing.upgrades import Held
    from game.tables.double_or_nothing.view import status_lines, table_parts

    app.start_game(tools.run_setup(tools.SELFTEST_DEAL))
    table = app.stack.top
    wait(app, lambda: table.my_turn() and not table.motion.busy and table.shown.top is None)
    state = table.state  # the position: game 18, Trim held, a big stack of 4s and 5s to lead from
    state.game, state.held, state.hands[0] = 18, Held({up.TRIM: 1}), parse_counts("200000x4 200000x5 3x7")
    table.sync_shown()
    L = table.layout
    drag(app, L.columns[3].center, L.columns[4].center)
    assert table.selection_play() == (Play(4, 5, 200_000), None)
    assert "Shift x10, Ctrl x100), C to type" in status_lines(table)[1]
    for k in (pygame.K_c, pygame.K_1, pygame.K_KP5, pygame.K_0, pygame.K_0, pygame.K_0, pygame.K_9, pygame.K_BACKSPACE,
              pygame.K_0):
        _press(app, k)
    assert status_lines(table)[1].startswith("Copies: 150000_ of 200,000")
    drawn = [part.key for part in table_parts(table)]
    _press(app, pygame.K_0)
    assert [part.key for part in table_parts(table)] != drawn  # the cached table is drawn again as each digit is typed
    _press(app, pygame.K_BACKSPACE)
    _press(app, pygame.K_RETURN)
    assert table.selection_play() == (Play(4, 5, 150_000), None) and table.copies.typed is None
    _press(app, pygame.K_MINUS, pygame.KMOD_CTRL)  # -100
    _press(app, pygame.K_EQUALS, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # +1000
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))  # +10
    frame(app)
    pygame.key.set_mods(0)
    assert table.copies.value == 150_910
    for k in (pygame.K_c, pygame.K_3, pygame.K_0, pygame.K_0, pygame.K_0, pygame.K_0, pygame.K_0, pygame.K_RETURN):
        _press(app, k)
    assert table.toast.text == "You hold 200,000 of each selected number: type 200,000 or fewer."
    assert table.copies.value == 150_910 and table.copies.typed == "300000"
    _press(app, pygame.K_ESCAPE)  # leaves the typing, not the table
    assert table.copies.typed is None and app.stack.top is table and table.copies.value == 150_910
    before = len(table.record.entries)
    _press(app, pygame.K_RETURN)
    assert table.record.entries[before].action == Play(4, 5, 150_910)
    assert table.state.hands[0] == parse_counts("49090x4 49090x5 3x7")


def test_the_collections_screens_in_its_screenshots_are_its_own(app, tmp_path, monkeypatch) -> None:
    """The app's screens shot for Double or Nothing show its New game screen (they showed Sprint's)."""
    from game.screens import appshots

    shown: dict[str, str] = {}
    monkeypatch.setattr(appshots, "shoot", lambda a, out, name: shown.setdefault(name, getattr(a.stack.top, "title", "")))
    appshots.menu_screens(app, tmp_path, GAME_ID)
    assert shown["new-game"] == f"New game: {game_info(GAME_ID).title}"


def test_a_move_frame_journals_its_action_before_showing_it_and_saves_the_file_on_the_next_frame(tmp_path):
    """Each action is in the journal on disk before the table shows it; the save file (and the journal's sync)
    waits for the next frame, so a move's frame writes one line, not the whole run (issue 24)."""

    pygame.init()
    try:
        app = make_app(tmp_path)
        app.start_game(tools.run_setup(21, runner="hard"))
        table = app.stack.top
        saves = app.saves
        submitted, on_disk = watch_saves(saves, table.turns, "show", table)
        frames = []  # per frame: (actions played, saves submitted)
        while len(table.record.actions) < 30 and not table.state.is_over:
            before, kinds = len(table.record.actions), len(submitted)
            frame(app)
            frames.append((len(table.record.actions) - before, submitted[kinds:].count("save")))
        assert on_disk and all(journal == record for journal, record in on_disk)
        moves = [i for i, (played, _) in enumerate(frames) if played][1:]  # after the run's first action
        assert len(moves) > 10
        assert all(frames[i][1] == 0 for i in moves)  # a move's frame queues no save
        assert all(frames[i + 1][1] == 1 for i in moves[:-1])  # the next frame does
        table.exit()  # a table closed right after a move saves it on its way out
        assert saves.unsaved is None
        saves.flush()
        assert saves.pending_record().actions == table.record.actions  # nothing left behind
    finally:
        pygame.quit()


def test_a_pause_opened_right_after_a_move_saves_what_the_move_left_for_the_next_frame(tmp_path):
    """The pause menu opens on a move's frame, before the table's next frame: the save file and the journal's sync the
    move left for that frame are made as the pause opens, not when play resumes."""
    pygame.init()
    try:
        app = make_app(tmp_path)
        app.start_game(tools.run_setup(21, runner="hard"))
        table = app.stack.top
        while len(table.record.actions) < 3 and not table.state.is_over:
            before = len(table.record.actions)
            frame(app)
            if len(table.record.actions) > before and before:
                break
        assert app.saves.unsaved is table  # the move's frame left its save for the next frame
        table.open_pause()  # as Esc or the Menu button do, before the table's next frame
        assert app.stack.top is not table  # the pause menu is over the table
        assert app.saves.unsaved is None
        app.saves.flush()
        assert app.saves.pending_record().actions == table.record.actions
    finally:
        pygame.quit()


def test_a_bots_move_comes_on_the_frame_after_the_last_stack_landed_and_the_strip_never_flashes_between(tmp_path):
    """At instant AI speed a bot's move is ready while the last move's stacks fly, but the frame they land on (which
    repaints what they changed) plays nothing: the move comes on the next frame, its work on a frame of its own
    (issue 24).  On the frame between, the play area shows what it shows under flights (no strip, no lead's words)."""
    from game.kit.parts import NOWHERE
    from game.tables.double_or_nothing.view import _area_parts
    from game_helpers import busy_bench

    pygame.init()
    try:
        app, bench = busy_bench(tmp_path, GAME_ID, frames=1)
        table = app.stack.top
        frames = []  # per frame: (its last stack landed, actions played, a move held for the next frame)
        for n in range(1, 400):
            bench.before(n)
            table = app.stack.top
            flying, before = table.motion.busy, len(table.record.entries)
            app.step(1 / 60, [])
            if app.stack.top is not table:
                continue
            landed = flying and not table.motion.busy
            frames.append((landed, len(table.record.entries) - before, table.turns.due is not None))
            if table.turns.due is not None:
                assert all(part.area == NOWHERE for part in _area_parts(table)[:2] + _area_parts(table)[-1:])
        landings = [i for i, (landed, _, _) in enumerate(frames) if landed and i + 1 < len(frames)]
        assert len(landings) > 10
        assert not any(frames[i][1] for i in landings)  # nothing is played on a landing frame
        assert all(frames[i][2] and frames[i + 1][1] == 1 for i in landings)  # the move held comes on the next
    finally:
        pygame.quit()
