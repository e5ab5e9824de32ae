"""The kit's end-screen rows of cards (:mod:`game.kit.resultrows`), with no game: one card size for every row, the
largest at which the rows fit; a full row wraps rather than shrinking every card; the held cards in a block of
their own at the row's end."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.cards import parse_cards  # noqa: E402
from game.kit.resultrows import ResultRow, ResultRows  # noqa: E402
from game.shell.assets import asset_path  # noqa: E402
from game.base.text import Text  # noqa: E402


@pytest.fixture
def text():
    pygame.init()
    yield Text(asset_path("fonts", "DejaVuSansCondensed-Bold.ttf"))
    pygame.quit()


def _row(name: str, groups: str, hand: str) -> ResultRow:
    laid = [parse_cards(g.replace("-", " ")) for g in groups.split()]
    held = parse_cards(hand)
    return ResultRow(name, (f"{len(laid)} groups",), laid, held,
                     (f"Left in hand: -{len(held)}" if held else "Nothing left in hand",), 3)


ROWS = [_row("Many", "2C-2D 3C-3D 4C-4D-4H 5C-5D 6C-6D 7C-7D 8C-8D 9C-9D", "JS QS KS AS TS 5S"),
        _row("Few", "2H-2S", "3H"), _row("Out", "9H-9S-9C", "")]


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_one_size_the_largest_that_fits_and_the_full_row_wraps(text, size):
    s = min(size[0] / 1280, size[1] / 720)
    area = pygame.Rect(round(40 * s), round(140 * s), round(size[0] * 0.6), size[1] - round(230 * s))
    rows = ResultRows(text, ROWS, area, s)
    ch = rows.card_h
    cards = [r for p in rows.placed for g in p.groups for r in g] + [r for p in rows.placed for r in p.hand]
    assert {r.h for r in cards} == {ch}
    panels = [p.panel for p in rows.placed]
    assert all(area.contains(p) for p in panels) and not any(a.colliderect(b) for a, b in zip(panels, panels[1:]))
    assert len({g[0].y for g in rows.placed[0].groups}) >= 2  # the full row on two lines or more, the others on one
    assert all(len({g[0].y for g in p.groups}) == 1 for p in rows.placed[1:])
    bigger = ResultRows(text, ROWS, area, s, cap=(ch + 1) / s)
    assert bigger.card_h == ch  # one pixel more does not fit: the size found is no step short of the largest
    for p, row in zip(rows.placed, ROWS):
        assert p.panel.contains(p.block) and all(p.block.contains(r) for r in p.hand) and len(p.hand) == len(row.hand)
        assert all(r.right < p.block.x for g in p.groups for r in g)  # every group left of the held cards' block


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_held_cards_labels_stand_in_a_column_clear_of_the_cards_and_big_enough(text, size, monkeypatch):
    """Sprint's "Left in hand" labels zig-zagged (each block as wide as its own cards), sat 4 px from the cards
    and were 17 px at 1920x1080 beside 40-px totals."""
    s = min(size[0] / 1280, size[1] / 720)
    area = pygame.Rect(round(40 * s), round(140 * s), round(size[0] * 0.6), size[1] - round(230 * s))
    rows = ResultRows(text, ROWS, area, s)
    blocks = [p.block for p in rows.placed]
    assert len({b.x for b in blocks}) == 1 and len({b.w for b in blocks}) == 1  # one column of labels
    drawn = []
    real = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, words, px, pos, *a, **k: drawn.append(
        (words, px, real(surface, words, px, pos, *a, **k))) or drawn[-1][2])
    rows.draw(pygame.Surface(size), _Art(), True, 1.0, {})
    for p, row in zip(rows.placed, ROWS):
        ((words, px, rect),) = [(w, px, r) for w, px, r in drawn if w in row.hand_label]
        assert p.block.contains(rect) and px >= round(22 * s)
        assert all(card.x - rect.right >= round(12 * s) for card in p.hand)  # never touching the cards


class _Art:
    def blit_face(self, surface, card, rect, *a, **k):
        pass

    def blit_back(self, surface, rect, *a, **k):
        pass
