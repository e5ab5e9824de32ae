"""Settings, statistics, rules, sound and the keyboard, driven through the real loop (SDL dummy drivers)."""

import json
import os
from dataclasses import replace
import random
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.cards import Card  # noqa: E402
from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Discard, Lay, Phase  # noqa: E402
from game.screens import ConfirmScene, PauseScene, RulesScene, SettingsScene, StatsScene, TitleScene  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.shell.sound import Sounds  # noqa: E402
from game.shell.stats import Statistics  # noqa: E402
from game.shell.storage import read_json, write_json  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import drawn_turn, frame, key, click, make_app, wait  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def click_button(app, scene, button_key):
    (b,) = [b for b in scene.buttons if b.key == button_key]
    click(app, b.rect.center)


# --- settings and statistics files ------------------------------------------------


def test_settings_round_trip_through_the_file(tmp_path):
    st = Settings(animation_speed="slow", ai_speed="fast", master_think=3.0, sound=False, volume=30, four_colour=True,
                  card_size="large", fullscreen=True, confirm_discard=True, tips_seen=True)
    st.save(tmp_path)
    loaded, problem = Settings.load(tmp_path)
    assert problem is None and loaded == st
    # a value the game can't use falls back to its default alone, and the player is told; the rest is kept
    data = json.loads((tmp_path / "settings.json").read_text())
    data.update(volume=55, sound="yes", card_size="huge")
    (tmp_path / "settings.json").write_text(json.dumps(data))
    loaded, problem = Settings.load(tmp_path)
    assert "sound, volume, card size" in problem
    assert (loaded.volume, loaded.sound, loaded.card_size) == (70, True, "normal")
    assert loaded.four_colour and loaded.master_think == 3.0


def test_settings_screen_saves_every_change_for_the_next_launch(app, tmp_path):
    app.stack.top.on_button("settings")
    frame(app)
    screen = app.stack.top
    assert isinstance(screen, SettingsScene)
    click_button(app, screen, "set:four_colour")
    click_button(app, screen, "pick:master_think:2")  # a row of choices: 0.25 s, 1 s, 3 s
    click_button(app, screen, "volume-")
    click_button(app, screen, "set:confirm_discard")
    saved, _ = Settings.load(tmp_path)
    assert saved.four_colour and saved.master_think == 3.0 and saved.volume == 60 and saved.confirm_discard
    assert app.think_ms == 3000  # applied at once, too
    pygame.quit()
    pygame.init()
    again = make_app(tmp_path)
    assert again.settings.four_colour and again.art.four_colour and again.settings.volume == 60


def test_the_discard_and_light_rows_read_plainly_and_an_old_settings_file_loads(tmp_path):
    """"Ask before discarding (Scamper: a likely slip only)" and "Light possible matches in your hand: Vs Apprentice"
    were hard to read: they are reworded; the saved keys and values stay, so an old settings file loads as it was."""
    from game.screens.settings import SETTING_ROWS

    (tmp_path / "settings.json").write_text(json.dumps({"confirm_discard": False, "light_matches": "apprentice"}))
    pygame.init()
    app = make_app(tmp_path)
    app.settings, _ = Settings.load(tmp_path)
    assert not app.settings.confirm_discard and app.settings.light_matches == "apprentice"
    app.stack.top.on_button("settings")
    frame(app)
    screen = app.stack.top
    labels = {name: label for name, label, _ in SETTING_ROWS}
    assert labels["confirm_discard"] == "Confirm each discard (in Scamper: only one that looks like a mistake)"
    assert labels["light_matches"] == "Sprint: light up the cards you could lay"
    shown = []
    for _ in range(3):
        shown.append(next(b.label for b in screen.buttons if b.key == "set:light_matches"))
        click_button(app, screen, "set:light_matches")
    assert shown == ["In Apprentice games", "Always", "Never"]
    assert Settings.load(tmp_path)[0].light_matches == "apprentice"  # round the three and back: the same saved word
    pygame.quit()


def test_statistics_round_trip(tmp_path):
    stats = Statistics()
    stats.count_round("sprint-snap-score", [("You", "human", None), ("Ada", "ai", "master")], [12, 5])
    stats.count_round("sprint-snap-score", [("You", "human", None), ("Ada", "ai", "master")], [3, 9])
    stats.count_round("sprint-snap-score", [("Ann", "human", None), ("Bea", "human", None)], [7, 7])
    write_json(tmp_path / "stats.json", stats.to_json())
    loaded, problem = read_json(tmp_path / "stats.json", "statistics", Statistics.from_json)
    assert problem is None and loaded == stats
    line = loaded.line("sprint-snap-score", "master")
    assert (line.played, line.won, line.lost, line.best, line.average, line.longest_streak) == (2, 1, 1, 12, 7.5, 1)
    assert loaded.line("sprint-snap-score", "hotseat:Ann").shared == 1


@pytest.mark.parametrize("folder, name, what", [("", "settings.json", "settings"), ("sprint", "stats.json", "statistics")])
def test_a_corrupt_file_is_set_aside_and_the_title_says_so(tmp_path, folder, name, what):
    # settings are global; statistics are the game's (a stats.json at the top is an old version's, moved in)
    (tmp_path / name).write_bytes(b'{"version": 1, "games": {"sprint-snap-score": {"master": {"played": -4')
    pygame.init()
    try:
        app = make_app(tmp_path)
        assert not (tmp_path / folder / name).exists()
        (kept,) = (tmp_path / folder).glob(f"{name}.corrupt-*")
        assert kept.read_bytes().startswith(b'{"version"')
        title = app.stack.top
        assert isinstance(title, TitleScene)
        (note,) = title.notices()
        assert f"Your {what} file was damaged" in note and kept.name in note
        # the toast is on screen: its words are rendered, and a click closes it
        frame(app)
        assert any(key[0] == "Click anywhere to close this message." for key in app.text._cache)
        click(app, (5, 5))
        assert not title.notices() and isinstance(app.stack.top, TitleScene)
        # defaults are used, and the other file is untouched
        if what == "settings":  # make_app sets the two speeds and the discard question for the tests
            assert replace(app.settings, animation_speed="normal", ai_speed="normal", confirm_discard=True) == Settings()
        else:
            assert app.stats == Statistics()
    finally:
        pygame.quit()


def test_statistics_reset_asks_first(app, tmp_path):
    stats = Statistics()
    stats.count_round("sprint-snap-score", [("You", "human", None), ("Ada", "ai", "standard")], [12, 5])
    app.stats = stats
    app.stack.top.on_button("game:sprint")  # the title lists the games; each has its own menu
    app.stack.top.on_button("stats")
    frame(app)
    screen = app.stack.top
    assert isinstance(screen, StatsScene) and screen.table_rows()
    click_button(app, screen, "reset")
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # no: nothing is lost
    assert app.stack.top is screen and app.stats.line("sprint-snap-score", "standard").played == 1
    key(app, pygame.K_DELETE)
    assert isinstance(app.stack.top, ConfirmScene)
    click_button(app, app.stack.top, "yes")
    assert app.stack.top is screen and not screen.table_rows()
    saved, _ = read_json(tmp_path / "sprint" / "stats.json", "statistics", Statistics.from_json)
    assert saved == Statistics()


# --- settings apply at once ------------------------------------------------------------------


def colours(surface):
    return {tuple(surface.get_at((x, y)))[:3] for x in range(surface.get_width()) for y in range(surface.get_height())}


def test_four_colours_and_card_size_apply_to_the_open_table(app):
    app.settings.tips_seen = True
    app.start_game(GameSetup(deal=8, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    size = table.layout.hand_card
    before = app.art.face(Card("5C"), size).copy()
    assert not any(g > 100 and r < 60 and b < 90 for r, g, b in colours(before))  # black clubs: no green ink
    # Esc -> Settings, the keyboard down to "Four-colour deck", Enter; then "Card size", Enter
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_s)
    screen = app.stack.top
    assert isinstance(screen, SettingsScene)
    while screen.focus != "set:four_colour":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    assert screen.focus == "set:card_size"
    key(app, pygame.K_RIGHT)
    assert app.settings.four_colour and app.settings.card_size == "large"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    frame(app, 30)
    assert table.layout.hand_card[1] > size[1] * 1.15
    after = app.art.face(Card("5C"), size)
    assert any(g > 100 and r < 60 and b < 90 for r, g, b in colours(after))  # the clubs are green now
    assert Card("5C") in app.art.faces_blitted or Card("5C") not in table.model.hands[0]


def test_f11_toggles_fullscreen_and_remembers_it(app, tmp_path):
    assert not pygame.display.is_fullscreen()
    key(app, pygame.K_F11)
    assert pygame.display.is_fullscreen() and app.settings.fullscreen
    assert Settings.load(tmp_path)[0].fullscreen
    assert app.stack.top.layout.w == app.size[0]  # the screens follow the new size
    key(app, pygame.K_F11)
    assert not pygame.display.is_fullscreen() and app.size == (1280, 720)
    assert not Settings.load(tmp_path)[0].fullscreen


def test_f11_switches_once_even_when_the_window_system_reports_late(app, tmp_path, monkeypatch):
    """Issue 17: the window was recreated every 0.5 s while is_fullscreen() lagged the switch.

    A window system that still says "windowed" after the switch, and sends a small
    resize mid-switch: one F11 is one set_mode, and nothing switches it back.
    """
    calls = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: False)  # the lagging answer

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", counting)
    key(app, pygame.K_F11)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400))
    frame(app, 40)
    app.apply_settings()
    app.save_settings()
    frame(app, 40)
    assert len(calls) == 1 and app.fullscreen and app.settings.fullscreen
    key(app, pygame.K_F11)
    frame(app, 40)
    app.apply_settings()
    assert len(calls) == 2 and not app.fullscreen and not Settings.load(tmp_path)[0].fullscreen


# --- the keyboard on the table -----------------------------------------------------------------


def deal_with_a_lay_after_drawing():
    """A deal number where the first player, after drawing from the stock, can lay a match."""
    for deal in range(1, 200):
        record, state = GameSetup(deal=deal, first=0).start(random.Random(0))
        state.apply(DRAW_STOCK)
        if any(isinstance(a, Lay) for a in state.legal_actions()):
            return deal
    raise AssertionError("no deal with a lay")


def test_every_table_shortcut_drives_the_real_loop(app):
    app.start_game(GameSetup(deal=deal_with_a_lay_after_drawing(), first=0))
    table = app.stack.top
    assert isinstance(table, TableScene) and table.tip_open  # a first game shows the tip
    wait(app, table.my_turn)
    key(app, pygame.K_x)  # X closes the tip for good
    assert not table.tip_open and not app.settings.shows_tip("sprint")
    assert not app.settings.tips_seen  # the other games' first tips still show
    # H: a hint; S: draw from the stock
    key(app, pygame.K_h)
    assert table.hint_text
    key(app, pygame.K_s)
    assert table.record.actions[-1] == (0, DRAW_STOCK)
    wait(app, table.my_turn)
    # arrows + Space select the cards of a match, L lays it
    lay = next(a for a in table.state.legal_actions() if isinstance(a, Lay))
    key(app, pygame.K_LEFT)
    hand = table.model.hands[0]
    for card in lay.cards:
        target = hand.index(card)
        while table.kb_focus != ("hand", target):
            key(app, pygame.K_RIGHT if table.kb_focus[1] < target else pygame.K_LEFT)
        key(app, pygame.K_SPACE)
    assert table.selected == set(lay.cards)
    key(app, pygame.K_l)
    assert table.record.actions[-1] == (0, lay)
    wait(app, table.my_turn)
    # R and U sort; D discards the card in focus
    key(app, pygame.K_r)
    assert hand == sorted(hand, key=lambda c: (c.rank, c.suit))
    key(app, pygame.K_u)
    assert hand == sorted(hand, key=lambda c: (c.suit, c.rank))
    table.selected.clear()
    key(app, pygame.K_LEFT)
    focused = hand[table.kb_focus[1]]
    key(app, pygame.K_d)
    assert table.record.actions[-1] == (0, Discard(focused))
    # P takes the discard pile on the next turn
    wait(app, lambda: table.my_turn() and table.state.phase is Phase.DRAW)
    key(app, pygame.K_p)
    assert table.record.actions[-1] == (0, DRAW_DISCARD)
    wait(app, table.my_turn)
    # Up reaches the piles; Space on the discard pile with one card selected discards it
    table.selected = {hand[0]}
    chosen = hand[0]
    key(app, pygame.K_UP)
    assert table.kb_focus == "stock"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert table.record.actions[-1] == (0, Discard(chosen))
    # Esc pauses, Esc resumes
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_button_keys_show_on_hover(app):
    app.settings.tips_seen = True
    app.start_game(GameSetup(deal=8, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    pos = table.layout.buttons["hint"].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    assert any(k[0] == "Key: H" for k in app.text._cache)
    assert {b.key: b.hotkey for b in table.buttons()} == {"lay": "L", "hint": "H", "sort_rank": "R", "sort_suit": "U",
                                                           "undo": "Z"}
    app.to_title()
    title = app.stack.top
    assert all(b.hotkey for b in title.buttons)
    key(app, pygame.K_1)  # the first game's tile
    assert all(b.hotkey for b in app.stack.top.buttons)
    key(app, pygame.K_r)
    assert isinstance(app.stack.top, RulesScene)
    rules = app.stack.top
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert rules.page == 2
    frame(app)
    assert {Card("QS"), Card("KS"), Card("AS")} <= set(app.art.faces_blitted)  # the examples are real cards
    # the menus are keyboard-driven too: Esc back to the title, N for a new game, + adds a seat, S starts
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_n)
    key(app, pygame.K_EQUALS)
    assert len(app.stack.top.setup.seats) == 3
    key(app, pygame.K_s)
    assert isinstance(app.stack.top, TableScene) and app.stack.top.state.num_players == 3


def test_confirm_before_discard(app):
    app.settings.tips_seen = True
    app.settings.confirm_discard = True
    table = drawn_turn(app, GameSetup(deal=8, first=0))
    card = table.model.hands[0][0]
    table.selected = {card}
    key(app, pygame.K_d)
    assert isinstance(app.stack.top, ConfirmScene) and table.state.phase is Phase.BUILD
    key(app, pygame.K_n)
    assert app.stack.top is table and table.state.phase is Phase.BUILD
    key(app, pygame.K_d)
    key(app, pygame.K_y)
    assert table.record.actions[-1] == (0, Discard(card))


# --- sound -------------------------------------------------------------------------------------


def test_sound_effects_play_for_the_game_events(app):
    app.settings.tips_seen = True
    table = drawn_turn(app, GameSetup(deal=8, first=0))
    assert "invalid" not in app.sound.played
    key(app, pygame.K_p)  # a second draw: refused
    assert table.toast and table.toast[2] and "invalid" in app.sound.played
    table.selected = {table.model.hands[0][0]}
    key(app, pygame.K_d)
    wait(app, table.my_turn)
    assert {"deal", "your_turn", "draw", "discard"} <= set(app.sound.played)
    app.settings.sound = False
    app.sound.played.clear()
    key(app, pygame.K_s)
    wait(app, table.my_turn)
    assert not app.sound.played


def test_sound_is_silent_when_the_mixer_cannot_open(app, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(app)
    assert sounds.open() is False and not sounds.available
    for name in ("deal", "draw", "lay", "discard", "invalid", "your_turn", "round_won", "round_lost"):
        sounds.play(name)  # nothing, and no exception


def test_no_alsa_messages_without_a_sound_card(tmp_path):
    """The app starts with no SDL_AUDIODRIVER set: on a machine without sound, stderr stays clean."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    code = ("import pygame; pygame.display.init(); pygame.font.init()\n"
            "from game.shell.app import App\n"
            f"app = App((960, 600), {str(tmp_path)!r}, resizable=False)\n"
            "app.sound.play('deal'); print('ok', app.sound.available)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout and "ALSA" not in result.stderr and "Traceback" not in result.stderr


# --- text fitting stays linear in the length of a name -----------------------------


class CountingFont:
    """A font that counts how many times text is measured, and how many characters."""

    def __init__(self, font):
        self.font, self.calls, self.chars = font, 0, 0

    def size(self, text):
        self.calls += 1
        self.chars += len(text)
        return self.font.size(text)

    def __getattr__(self, name):
        return getattr(self.font, name)


def test_fitting_a_very_long_name_measures_a_bounded_amount_of_text():
    from game.kit.ui import Text

    pygame.init()
    text = Text()
    fonts = {}

    def font(px):
        px = max(8, int(px))
        if px not in fonts:
            fonts[px] = CountingFont(pygame.font.Font(None, px))
        return fonts[px]

    text.font = font
    name = "W" * 200_000
    surf = text.fit(name, 24, 300)
    assert surf.get_width() <= 300
    measured = sum(f.chars for f in fonts.values())
    assert measured < 40 * 300, f"{measured} characters measured to fit 300 px"  # not 200,000 per step
    fitted = [f for f in fonts.values() if f.calls]
    assert sum(f.calls for f in fitted) < 60
    lines = text.wrap(" ".join(["word"] * 5000), 18, 400)
    assert len(lines) > 10 and sum(f.calls for f in fonts.values()) < 60 + 5000 + 10


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_bottom_button_row_is_centred_as_a_whole(pg, tmp_path, size):
    """Back sat in the middle with Reset beside it, so the pair was centred at x=570 of 960; the rules' three buttons
    (Previous, Back, Next) stay centred."""
    app = make_app(tmp_path, size)
    for scene in (StatsScene(app, "sprint"), RulesScene(app, "sprint")):
        back = next(b for b in scene.buttons if b.key == "back").rect
        row = [b.rect for b in scene.buttons if b.rect.centery == back.centery]
        assert len(row) >= 2 and abs(row[0].unionall(row[1:]).centerx - size[0] // 2) <= 1, (scene, row)
        assert not any(a.colliderect(b) for i, a in enumerate(row) for b in row[i + 1:])
