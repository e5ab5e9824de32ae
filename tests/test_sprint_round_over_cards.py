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
