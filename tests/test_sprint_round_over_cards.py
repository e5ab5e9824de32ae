"""Sprint's round-over screen draws every row's cards at one size (the row with most cards sets it).

Each row used to size its own cards: the five-seat match's "You" row (six matches and a hand) came out far
smaller than the rows beside it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.sprint.round_over import RoundOverScene  # noqa: E402
from game_helpers import frame, make_app  # noqa: E402


@pytest.fixture
def pg():
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_every_rows_cards_are_the_same_size(pg, tmp_path, size, monkeypatch):
    app = make_app(tmp_path, size)
    app.settings.animation_speed = "off"
    seats = [SeatConfig(name, "ai", level) for name, level in (("You", "standard"), ("Ada", "apprentice"),
             ("Ben", "standard"), ("Cleo", "strategist"), ("Dev", "standard"))]
    app.start_game(GameSetup(seats, 0, 11, options={"match": 3, "played": [(12, -3, 20, 7, 0), (5, 18, -2, 9, 14)]}))
    app.run(max_frames=20000, fixed_dt=1 / 60, hook=lambda a, i: not isinstance(a.stack.top, RoundOverScene))
    scene = app.stack.top
    assert isinstance(scene, RoundOverScene)
    for reveal in (False, True):
        sizes: dict[int, set[tuple[int, int]]] = {}  # by the band of the screen the card is in
        art = app.art
        face, back = art.blit_face, art.blit_back

        def note(rect) -> None:
            sizes.setdefault(rect.y // 10, set()).add(tuple(rect.size))

        monkeypatch.setattr(art, "blit_face", lambda surface, card, rect, *a, **k: note(rect) or face(surface, card, rect, *a, **k))
        monkeypatch.setattr(art, "blit_back", lambda surface, rect, *a, **k: note(rect) or back(surface, rect, *a, **k))
        app.dirty = True
        frame(app)
        drawn = set().union(*sizes.values())
        assert len(sizes) >= 5 and len(drawn) == 1, drawn  # five rows of cards, one card size
        assert min(drawn)[1] >= round(40 * scene.layout.scale)  # and still big enough to read
        monkeypatch.undo()
        scene.on_button("reveal")


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_each_row_is_as_tall_as_its_own_cards_and_says_its_matches_and_hand_plainly(pg, tmp_path, size, monkeypatch):
    """A row of one line of cards is not stretched to the height of a row of two (and "6 matches: +21", not
    "Matches: +21 (6 matches)")."""
    from game.tables.sprint import round_over

    app = make_app(tmp_path, size)
    app.settings.animation_speed = "off"
    app.start_game(GameSetup([SeatConfig("You", "ai", "standard"), SeatConfig("Ada", "ai", "strategist")], 0, 11))
    app.run(max_frames=20000, fixed_dt=1 / 60, hook=lambda a, i: not isinstance(a.stack.top, RoundOverScene))
    scene = app.stack.top
    assert isinstance(scene, RoundOverScene)
    panels: list[pygame.Rect] = []
    cards: list[pygame.Rect] = []
    said: list[str] = []
    art, text = app.art, app.text
    face, back, panel, blit = art.blit_face, art.blit_back, round_over.draw_panel, text.blit
    monkeypatch.setattr(art, "blit_face", lambda surface, card, rect, *a, **k: cards.append(rect) or face(surface, card, rect, *a, **k))
    monkeypatch.setattr(art, "blit_back", lambda surface, rect, *a, **k: cards.append(rect) or back(surface, rect, *a, **k))
    monkeypatch.setattr(round_over, "draw_panel", lambda surface, rect, *a: panels.append(rect) or panel(surface, rect, *a))
    monkeypatch.setattr(text, "blit", lambda surface, line, *a, **k: said.append(line) or blit(surface, line, *a, **k))
    app.dirty = True
    frame(app)
    s = scene.layout.scale
    assert len(panels) == 2
    heights = []
    for r in panels:
        bottom = max(c.bottom for c in cards if r.contains(c))
        assert r.h == round(92 * s) or r.bottom - bottom == round(8 * s), (r, bottom)  # no empty band under the cards
        heights.append(r.h)
    rows = [len({c.y for c in cards if r.contains(c)}) for r in panels]
    assert (rows[0] == rows[1]) == (heights[0] == heights[1]), (rows, heights)
    for p, line in enumerate(scene.result.lines):
        n, left = len(line.match_points), line.cards_left
        assert (f"{n} match{'es' if n != 1 else ''}: +{line.laid_points}" if n else "No matches") in said
        assert (f"{left} card{'s' if left != 1 else ''} in hand: -{left}" if left else "No cards left in hand") in said
    assert not [line for line in said if line.startswith(("Matches: ", "Hand: "))]
