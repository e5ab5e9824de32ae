"""Issue 17, section 3: what a player saw and missed, fixed on the kit (every game's table gets it).

Readable text with suits, a log that can be scrolled, tooltips that cover no
other button, a strong focus ring, even seat panels, pop-ups on screen, the
first-game tip out of the way of the others' turns, hot-seat names.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.kit.actionlog import MIN_PX, ActionLog  # noqa: E402
from game.kit.layout import TableLayout  # noqa: E402
from game.kit.messages import floater_rect  # noqa: E402
from game.kit.ui import MIN_TEXT_PX, Text, suited, tooltip_box  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.assets import asset_path  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import frame, wait  # noqa: E402

FONT = asset_path("fonts", "DejaVuSansCondensed-Bold.ttf")


def test_card_codes_are_written_with_suits():
    assert suited("Ada discarded AC.") == "Ada discarded A\u2663."
    assert suited("3D 5D is too short for a run") == "3\u2666 5\u2666 is too short for a run"
    assert suited("took TH, then 10S") == "took 10\u2665, then 10\u2660"
    assert suited("AS IF Stock: 4 pts KQ") == "A\u2660 IF Stock: 4 pts KQ"  # only a rank then a suit, alone
    log = ActionLog()
    log.add("Ada discarded QS.")
    log.extend_last(" (2H)")
    assert log.lines == ["Ada discarded Q\u2660. (2\u2665)"]


def test_the_shipped_font_has_suits_and_even_spacing():
    """The default font drew suits as boxes and spaced small letters unevenly ("point s")."""
    pygame.init()
    assert FONT.is_file() and (FONT.parent / "LICENSE-DejaVu.txt").is_file()
    text = Text(FONT)
    assert text.has_suits
    font = text.font(17)
    for glyph in "\u2663\u2666\u2665\u2660":
        assert font.metrics(glyph)[0] is not None and font.metrics(glyph)[0][4] > 0
    # each letter's advance is the same inside a word as alone: no gap opens in "points"
    word = "points"
    assert font.size(word)[0] <= sum(font.size(c)[0] for c in word)
    assert Text().font(1).get_height() >= 8 and text.font(1) is text.font(MIN_TEXT_PX)


def test_the_log_is_readable_at_960x600_and_scrolls_with_the_wheel(tmp_path):
    pygame.init()
    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.settings.ai_speed = "instant"
    app.settings.confirm_discard = False
    app.start_game(GameSetup([SeatConfig("You", "ai", "standard"), SeatConfig("Ada", "ai", "standard")], deal=3))
    table = app.stack.top
    wait(app, lambda: len(table.log) > 14, 60)
    assert table.log.px(table.layout.scale) >= MIN_PX
    assert app.text.font(table.log.px(table.layout.scale)).get_height() >= 12  # was about 9 px
    shown = table.log.key()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.log_panel.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    frame(app)
    assert table.log.scroll >= 3 and table.log.key() != shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False))
    frame(app)
    assert table.log.scroll == 0
    pygame.quit()


def test_a_tooltip_never_covers_another_button():
    """Lay's tooltip went above it, over Hint's label; now it goes where no other button is."""
    pygame.init()
    layout = TableLayout(1280, 720, 2, 0)
    buttons = list(layout.buttons.values()) + [layout.menu_button]
    screen = pygame.Rect(0, 0, 1280, 720)
    for rect in buttons:
        box = tooltip_box((90, 26), rect, screen, layout.scale, buttons)
        assert screen.contains(box) and box.collidelist([b for b in buttons if b != rect]) < 0
    column = [pygame.Rect(500, 200 + 60 * i, 280, 50) for i in range(5)]  # a menu column
    for rect in column:
        box = tooltip_box((90, 26), rect, screen, 1.0, column)
        assert box.collidelist([b for b in column if b != rect]) < 0


@pytest.mark.parametrize("seats", [4, 5])
def test_opponents_panels_are_even_and_matches_keep_their_size(seats):
    layout = TableLayout(960, 600, seats, 0)
    panels = [spot.panel for seat, spot in layout.spots.items() if seat != 0]
    assert len({p.h for p in panels}) == 1 and len({p.y for p in panels}) == 1
    sw, sh = layout.small_card
    rects = layout.match_rects(1, [3, 3])  # two matches: room in one row, no shrinking
    assert all(r.size == (sw, sh) for m in rects for r in m)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_a_rivals_many_matches_use_the_room_beside_its_fan_and_stay_readable(size):
    """Five seats (a hot-seat table): six matches of a top panel were thumbnails (half a card wide, in one row
    under the fan); now the first row sits beside the fan and they keep 0.7 of a card at least."""
    layout = TableLayout(*size, 5, 0)
    sw, sh = layout.small_card
    for seat in range(1, 5):
        spot = layout.spots[seat]
        melds = layout.match_rects(seat, [2, 2, 2, 3, 3, 2])
        cards = [r for m in melds for r in m]
        assert all(r.w >= 0.7 * sw for r in cards)
        assert all(spot.panel.contains(r) for r in cards)
        fan = layout.fan_rects(seat, 12)  # a big hand closes up: never under the matches
        assert all(spot.fan.contains(r) for r in fan) and not any(r.collidelist(cards) >= 0 for r in fan)


def test_a_score_pop_up_stays_on_screen():
    screen = pygame.Rect(0, 0, 960, 600)
    assert screen.contains(floater_rect((60, 30), (950, 300), screen))
    assert screen.contains(floater_rect((60, 30), (900, 2), screen))


def test_the_first_game_tip_waits_for_your_turn(app):
    """It covered the opponent's panel during the opponent's whole first turn."""
    app.settings.tips_seen = False
    app.settings.ai_speed = "slow"
    app.start_game(GameSetup(deal=4, first=1))
    table = app.stack.top
    assert isinstance(table, TableScene) and table.tip_open
    frame(app, 30)
    assert not table.my_turn() and not table.tip_showing()
    assert "tip_close" not in [b.key for b in table.buttons()]
    wait(app, table.my_turn, 60)
    assert table.tip_showing() and "tip_close" in [b.key for b in table.buttons()]


def test_hot_seat_default_names_are_player_numbers():
    setup = GameSetup()
    setup.seats[1].kind = "human"
    setup.name_humans()
    assert [s.name for s in setup.seats] == ["Player 1", "Player 2"]
    setup.seats.append(SeatConfig("Zed"))  # a typed name stays
    setup.name_humans()
    assert [s.name for s in setup.seats] == ["Player 1", "Player 2", "Zed"]
    setup.seats[1].kind = "ai"
    setup.seats.pop()
    setup.name_humans()
    assert setup.seats[0].name == "You"


def test_ask_before_discarding_is_on_for_a_first_game(tmp_path):
    assert Settings.load(tmp_path)[0].confirm_discard


def test_a_bots_follow_up_actions_in_one_turn_wait_less():
    """Pace: a chained turn of many lays ran 10 s and more at Normal speed (the whole pause before every action)."""
    from types import SimpleNamespace

    from game.kit.bots import FOLLOW_UP, BotHook

    class Driver:
        delay = 0.6
        seen: list = []

        def update(self, dt, state, busy):
            self.seen.append(self.delay)
            return "act"

        def cancel(self):
            pass

    hook = BotHook(Driver())
    turn = SimpleNamespace(turn=4, current=1)
    hook.update(0.1, turn, False)
    hook.update(0.1, turn, False)  # the same seat again in the same turn
    hook.update(0.1, SimpleNamespace(turn=5, current=0), False)  # the next turn: the whole pause
    assert hook.driver.seen == [0.6, 0.6 * FOLLOW_UP, 0.6] and hook.delay == 0.6


def test_every_letter_key_of_sprint_is_the_key_its_button_shows():
    from game.tables.sprint.table import SPRINT_KEYS, TABLE_HOTKEYS

    letters = {key: name for key, name in SPRINT_KEYS.items() if pygame.K_a <= key <= pygame.K_z}
    assert {"lay", "hint", "sort_rank", "sort_suit", "tip_close", "undo", "stock", "pile"} <= set(letters.values())
    for key, name in letters.items():
        assert TABLE_HOTKEYS[name] == pygame.key.name(key).upper(), name
    assert TABLE_HOTKEYS["menu"] == "Esc"


@pytest.mark.parametrize("lines", [2, 5, 30])
def test_the_log_rows_made_ahead_are_those_a_next_line_of_one_row_leaves(lines):
    """:meth:`ActionLog.rows` with ``ahead``: the rows the panel shows once one more line of one row comes, that line
    left out (a row higher when the panel is full, the newest muted); none while scrolled back."""
    pygame.init()
    text, rect = Text(FONT), pygame.Rect(10, 20, 300, 200)
    log = ActionLog()
    for i in range(lines):
        log.add(f"Ada drew a card and then laid a run of three hearts, turn {i}." if i % 3 else f"Ben drew ({i}).")
    ahead = log.rows(text, rect, 1.0, ahead=True)
    log.add("Cleo drew.")
    assert ahead == log.rows(text, rect, 1.0)[:-1] and ahead
    log.scroll_by(2)
    assert log.rows(text, rect, 1.0, ahead=True) == []


@pytest.mark.parametrize("scroll", [0, 3])
def test_the_log_shows_whole_entries_never_the_tail_of_a_wrapped_one(scroll):
    """A full log's first row was the end of an entry wrapped on two rows ("you." of "...a wrong snap bars you."):
    however many entries it holds, it shows whole entries only, the newest on the bottom row."""
    pygame.init()
    text, rect = Text(FONT), pygame.Rect(10, 20, 300, 200)
    px = ActionLog.px(1.0)
    line_h, width = text.font(px).get_linesize(), rect.w - 5 - 8
    for count in range(1, 40):
        log = ActionLog()
        for i in range(count):
            log.add(f"You snap at nothing: a wrong snap bars you ({i})." if i % 2 else f"Ben lays ({i}).")
        log.scroll_by(scroll)
        rows = [row[0] for row in log.rows(text, rect, 1.0)]
        end = len(log.lines) - log.scroll
        whole = []
        for k in range(end - 1, -1, -1):
            wrapped = text.wrap(log.lines[k], px, width)
            assert len(wrapped) == (2 if k % 2 else 1)  # the odd entries do wrap
            whole[:0] = wrapped
            if whole[-len(rows):] == rows:
                break
        assert whole[-len(rows):] == rows and whole == rows, (count, rows[:2])
        if k > 0:  # older entries left out: the newest on the bottom row
            assert log.rows(text, rect, 1.0)[-1][2][1] + 2 * line_h > rect.bottom


def test_the_logs_scroll_bar_shows_whenever_older_entries_are_left_out():
    """The bar compared the entries with the rows shown: with wrapped entries a panel could leave entries out and
    show no bar (7 entries, two of them on two rows, in 7 rows: the first two hidden, no bar)."""
    pygame.init()
    text, rect = Text(FONT), pygame.Rect(10, 20, 300, 200)
    line_h = text.font(ActionLog.px(1.0)).get_linesize()
    rect.h = 7 * line_h
    log = ActionLog()
    for i in range(7):
        log.add(f"You snap at nothing: a wrong snap bars you ({i})." if i in (2, 4) else f"Ben lays ({i}).")
    rows, first = log.laid(text, rect, 1.0)
    assert len(rows) == 7 and first == 2
    assert log.bar(first, rect, 1.0) is not None
    log = ActionLog()
    for i in range(5):
        log.add(f"Ben lays ({i}).")
    assert log.laid(text, rect, 1.0)[1] == 0 and log.bar(0, rect, 1.0) is None  # all shown: no bar
