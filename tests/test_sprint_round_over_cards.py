"""Sprint's round-over screen draws every row's cards at one size (the row with most cards sets it).

Each row used to size its own cards: the five-seat match's "You" row (six matches and a hand) came out far
smaller than the rows beside it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.cards import cards_of_mask  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.sprint.round_over import RoundOverScene  # noqa: E402
from game_helpers import frame, make_app  # noqa: E402


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


def _round_over(tmp_path, size, seats):
    """A Sprint round of ``seats`` bots (deal 11, a three-round match for five) played to its round-over screen."""
    app = make_app(tmp_path, size)
    app.settings.animation_speed = "off"
    levels = (("You", "standard"), ("Ada", "apprentice"), ("Ben", "standard"), ("Cleo", "strategist"), ("Dev", "standard"))
    options = {"match": 3, "played": [(1,) * seats, (2,) * seats]} if seats == 5 else {}
    app.start_game(GameSetup([SeatConfig(name, "ai", level) for name, level in levels[:seats]], 0, 11, options=options))
    app.run(max_frames=20000, fixed_dt=1 / 60, hook=lambda a, i: not isinstance(a.stack.top, RoundOverScene))
    assert isinstance(app.stack.top, RoundOverScene)
    return app, app.stack.top


def _drawn(app, monkeypatch):
    """One frame of the screen: the cards drawn face up and face down (rects), the panels and the words."""
    from game.kit import resultrows

    up: list[pygame.Rect] = []
    down: list[pygame.Rect] = []
    panels: list[pygame.Rect] = []
    said: list[str] = []
    art, text = app.art, app.text
    face, back, panel, blit = art.blit_face, art.blit_back, resultrows.draw_panel, text.blit
    monkeypatch.setattr(art, "blit_face", lambda surface, card, rect, *a, **k: up.append(rect) or face(surface, card, rect, *a, **k))
    monkeypatch.setattr(art, "blit_back", lambda surface, rect, *a, **k: down.append(rect) or back(surface, rect, *a, **k))
    monkeypatch.setattr(resultrows, "draw_panel", lambda surface, rect, *a: panels.append(rect) or panel(surface, rect, *a))
    monkeypatch.setattr(text, "blit", lambda surface, line, *a, **k: said.append(line) or blit(surface, line, *a, **k))
    app.dirty = True
    frame(app)
    monkeypatch.undo()
    return up, down, panels, said


@pytest.mark.parametrize("size,least", [((960, 600), 52), ((1280, 720), 56), ((1920, 1080), 85)])
def test_five_seats_match_cards_are_as_big_as_the_screen_allows(pg, tmp_path, size, least, monkeypatch):
    """The five-seat match's cards were 35 px high at 960x600 (46 at 1280x720, 75 at 1920x1080): every row on one
    line at the size of the fullest row. A full row now wraps onto a second line and the rest keep their height."""
    app, scene = _round_over(tmp_path, size, 5)
    up, down, panels, _ = _drawn(app, monkeypatch)
    heights = {r.h for r in up + down}
    assert len(heights) == 1 and min(heights) >= least, heights
    rows = [r for r in panels if r.x == scene.area.x]
    assert len(rows) == 5 and all(scene.area.contains(r) for r in rows)  # nothing drawn past the room it has
    assert all(any(r.contains(c) for r in rows) for c in up + down)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_each_row_is_as_tall_as_its_own_cards_and_says_its_matches_plainly(pg, tmp_path, size, monkeypatch):
    """A row of one line of cards is not stretched to the height of a row of two ("6 matches: +21", not
    "Matches: +21 (6 matches)")."""
    app, scene = _round_over(tmp_path, size, 2)
    up, down, panels, said = _drawn(app, monkeypatch)
    s = scene.layout.scale
    rows = [r for r in panels if r.x == scene.area.x]
    assert len(rows) == 2
    heights = []
    for r in rows:
        bottom = max(c.bottom for c in up + down if r.contains(c))
        assert r.bottom - bottom <= round(8 * s) + round(6 * s), (r, bottom)  # no empty band under the cards
        heights.append(r.h)
    lines = [len({c.y for c in up if r.contains(c)}) for r in rows]
    assert (lines[0] == lines[1]) == (heights[0] == heights[1]), (lines, heights)
    for line in scene.result.lines:
        n = len(line.match_points)
        assert (f"{n} match{'es' if n != 1 else ''}: +{line.laid_points}" if n else "No matches") in said
    assert not [line for line in said if line.startswith(("Matches: ", "Hand: "))]


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_hand_left_is_a_labelled_block_of_its_own_not_one_more_match(pg, tmp_path, size, monkeypatch):
    """With the hands shown, the cards left in hand were one more group in the line of matches. They now sit in a
    tinted block at the row's end, apart from every match, labelled with what they cost."""
    app, scene = _round_over(tmp_path, size, 5)
    scene.on_button("reveal")
    up, down, panels, said = _drawn(app, monkeypatch)
    assert not down  # every hand face up
    rows = [r for r in panels if r.x == scene.area.x]
    blocks = [r for r in panels if r.x != scene.area.x]
    for p, line in enumerate(scene.result.lines):
        row = next(r for r in rows if r.contains(scene.rows.placed[p].panel))
        hand = [c for c in up if row.contains(c) and any(b.contains(c) for b in blocks)]
        matches = [c for c in up if row.contains(c) and c not in hand]
        assert len(hand) == line.cards_left
        assert len(matches) == sum(len(cards_of_mask(m)) for m in scene.table.state.laid[p])
        if line.cards_left:
            (block,) = [b for b in blocks if row.contains(b)]
            assert all(not block.colliderect(c) for c in matches)  # no match inside or over the hand's block
            assert all(block.contains(c) for c in hand)
    for line in scene.result.lines:  # one line each ("Left in hand" over a bare "-3" read as two things)
        assert (f"Left in hand: -{line.cards_left}" if line.cards_left else "Nothing left in hand") in said
    assert "Left in hand" not in said and not [w for w in said if re.fullmatch(r"-\d+", w)]
