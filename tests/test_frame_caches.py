"""What frames keep from one to the next draws the same pixels as drawing it afresh."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.kit import ui  # noqa: E402
from game.kit.ui import Button, Text, felt_background  # noqa: E402
from game.shell.assets import asset_path  # noqa: E402


@pytest.fixture
def pg():
    pygame.init()
    pygame.display.set_mode((640, 360))
    yield
    pygame.quit()


@pytest.mark.parametrize("height", [26, 44, 96])
@pytest.mark.parametrize("look", [dict(), dict(hover=True), dict(focus=True), dict(enabled=False), dict(primary=True)])
def test_a_button_drawn_from_its_kept_image_is_the_button_painted_in_place(pg, height, look):
    text = Text(asset_path("fonts", "DejaVuSansCondensed-Bold.ttf"))
    bg = felt_background((640, 360))
    rect = pygame.Rect(40, 60, height * 5, height)
    button = Button("k", "Play again", rect, enabled=look.get("enabled", True), primary=look.get("primary", False))
    painted = bg.copy()
    fill = ui.BUTTON_OFF if not button.enabled else (ui.BUTTON_HOVER if look.get("hover") or look.get("focus") else
                                                       (ui.GOLD if button.primary else ui.BUTTON))
    button._paint(painted, text, rect, fill, look.get("focus", False))
    ui._BUTTON_IMAGES.clear()
    for _ in range(2):  # the first draw makes the image, the second uses it
        drawn = bg.copy()
        button.draw(drawn, text, look.get("hover", False), look.get("focus", False))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(painted, "RGB")
    assert len(ui._BUTTON_IMAGES) == 1


def test_the_felt_is_made_once_per_size_and_each_caller_gets_its_own_copy(pg, monkeypatch):
    made = []
    real = ui._make_felt
    monkeypatch.setattr(ui, "_make_felt", lambda size: made.append(size) or real(size))
    ui._FELTS.clear()
    a = felt_background((320, 240))
    b = felt_background((320, 240))
    assert made == [(320, 240)] and a is not b
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(real((320, 240)), "RGB")
    a.fill((255, 0, 0))  # a caller drawing on its copy changes nobody else's
    assert b.get_at((5, 5)) != a.get_at((5, 5)) and felt_background((320, 240)).get_at((5, 5)) == b.get_at((5, 5))
    felt_background((640, 360))
    assert made == [(320, 240), (640, 360)]


def test_a_hand_table_opened_again_shares_its_background_painted_once_the_same_as_afresh(tmp_path, monkeypatch):
    """The felt with the seats' and the log's panels is painted once per window size and places: the bench's table
    opened again (as a new game or a resume opens one) paints no panel and copies no felt, and its background is
    the pixels painting it afresh gives; another size paints its own, and only the two used last are kept."""
    from game.kit.scorepanel import PANEL_FILL
    from game_helpers import busy_bench

    pygame.init()
    try:
        ui._PANELLED.clear()
        app, bench = busy_bench(tmp_path, "scamper", (1024, 640))  # (the window keeps its minimum size)
        first = bench.table
        painted: list[pygame.Rect] = []
        real = ui.draw_panel
        monkeypatch.setattr(ui, "draw_panel", lambda surface, rect, *a: painted.append(rect) or real(surface, rect, *a))
        again = bench.open(app)
        assert again is not first and again.background is first.background and painted == []
        L = again.layout
        afresh = felt_background((1024, 640))
        for rect in [spot.panel for spot in L.spots.values()] + [L.log_panel]:
            real(afresh, rect, PANEL_FILL, round(12 * L.scale))
        assert pygame.image.tobytes(again.background, "RGB") == pygame.image.tobytes(afresh, "RGB")
        for size in ((1280, 800), (1152, 720)):
            again.resize(size)
            assert again.background.get_size() == size and painted
        assert len(ui._PANELLED) == 2 and first.background not in ui._PANELLED.values()
    finally:
        pygame.quit()


def test_a_full_text_cache_forgets_what_was_used_longest_ago_not_the_steady_text(pg, monkeypatch):
    """Scores and log lines fill the rendered-text cache; a header drawn all along stays in it (rendering it again
    cost up to half a millisecond of a frame), what was not drawn for longest goes."""
    from game.base.text import Text

    text = Text()
    rendered: list[str] = []
    real = Text._render
    monkeypatch.setattr(Text, "_render", lambda self, s, px, color: rendered.append(s) or real(self, s, px, color))
    steady = text.render("Your melds go here", 27)
    for n in range(3 * text._cache.limit):
        text.render(f"{n} pts", 20)
        assert text.render("Your melds go here", 27) is steady
    assert rendered.count("Your melds go here") == 1
    assert len(text._cache) <= text._cache.limit
    text.render("0 pts", 20)  # long unused: gone, rendered again
    assert rendered.count("0 pts") == 2


def test_double_or_nothing_renders_the_stacks_the_next_moves_need_on_quiet_frames(pg, tmp_path):
    """Game 20: frames that repaint nothing render, one a frame, every number's stack at the depth of the counts in
    hand at the play area's, the columns', the opponent's and the deck's sizes, so a move finds them rendered; a
    stack rendered ahead is not a card shown (nothing is recorded as blitted)."""
    from game.shell import modes
    from game.shell.app import App
    from game.shell.headless import DT
    from game.kit import stacks as dart

    scen = modes.scenarios("double-or-nothing")
    app = modes.configure(App((1280, 720), tmp_path, seed=1, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    table = busy.table
    table.turns.step = lambda *a, **k: None  # nobody moves: every frame after the first is a quiet one
    dart._STACKS.clear()
    dart.STACKS_WARM.forget()
    for frame in range(150):
        app.dirty = True
        app.step(DT, [])
        if frame > 2:
            assert not table.layer.painted and not app.art.numbers_blitted and not app.art.backs_blitted
    L, depths = table.layout, {dart.stack_depth(k) for k in table.shown.hand if k}
    for size in (L.area_card_size, L.card, L.opp_hand.size, L.my_deck.size):
        for n in range(9):
            assert all((n, d, *size, True) in dart._STACKS for d in depths), (n, size, depths)


def test_double_or_nothing_warms_stacks_only_into_room_and_keeps_those_drawn(pg, tmp_path):
    """With the stack cache full, quiet frames render no stack ahead (warming pushed out a stack it then made again,
    frame after frame: ~1-3 ms a frame at 4K), and a stack drawn is the last the cache lets go."""
    from game.shell import modes
    from game.shell.app import App
    from game.shell.headless import DT
    from game.kit import stacks as dart

    scen = modes.scenarios("double-or-nothing")
    app = modes.configure(App((1280, 720), tmp_path, seed=1, resizable=False), scen.bench_settings)
    app.to_title()
    table = scen.busy(app).table
    table.turns.step = lambda *a, **k: None  # nobody moves: every frame after the first is a quiet one
    for _ in range(3):
        app.dirty = True
        app.step(DT, [])
    dart._STACKS.clear()
    dart.STACKS_WARM.forget()
    spare = pygame.Surface((1, 1))
    for k in range(dart.MOST_STACKS):  # stacks of a size no table uses fill the cache
        dart._STACKS[(1, 0, 3, 3 + k, True)] = (spare, 0, 0)
    for _ in range(30):
        app.dirty = True
        app.step(DT, [])
    assert len(dart._STACKS) == dart.MOST_STACKS and all(k[2] == 3 for k in dart._STACKS), "warming pushed one out"
    table.layer.invalidate()  # the table drawn afresh: its stacks are rendered (pushing out the oldest others)
    app.dirty = True
    app.step(DT, [])
    drawn = [k for k in dart._STACKS if k[2] != 3]
    assert drawn and len(dart._STACKS) == dart.MOST_STACKS
    kept = {key: dart._STACKS[key][0] for key in drawn}
    for k in range(dart.MOST_STACKS):  # the table's stacks drawn again and again, a new one each time: they stay
        for key in drawn:
            dart._stack(app.art, key)
        dart._stack(app.art, (2, 0, 3, 1000 + k, True))
    assert all(dart._STACKS[key][0] is kept[key] for key in drawn)  # never pushed out and rendered again
