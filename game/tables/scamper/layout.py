"""Where Scamper's melds go: each player's melds in their own panel, one card size for all the rivals.

The kit's :meth:`~game.kit.layout.TableLayout.match_rects` shrinks each panel's
melds on its own; with 20 or 30 melds down that gives many card sizes at once
(each one rendered and cached apart) and a table where the same card looks
different from seat to seat.  Here every rival's melds share the largest size
at which all of them fit (your own panel, the big one, keeps its own), so the
table reads evenly and the card art cache holds few sizes.
"""

from __future__ import annotations

from functools import lru_cache

from pygame import Rect

from game.kit.layout import TableLayout, match_rows

STEPS = tuple(0.85 ** j for j in range(9))  # the card sizes tried, largest first (down to about a third)


@lru_cache(maxsize=4096)  # each seat's melds apart: a change to one seat's places only that one's again
def place(box: tuple[int, int, int, int], card: tuple[int, int], sizes: tuple[int, ...], k: float, squeeze: bool = False
          ) -> list[list[Rect]] | None:
    """Melds of ``sizes`` cards as overlapping cards of ``card`` size times ``k``, wrapped in rows in ``box``; None if
    they don't fit, or with ``squeeze`` closer cards whose rows that don't fit overlap the last one."""
    cw, ch, area = max(8, round(card[0] * k)), max(12, round(card[1] * k)), Rect(box)
    if not squeeze:
        return match_rows(area, list(sizes), cw, ch, round(cw * 0.36), round(cw * 0.22), round(cw * 0.22))
    step = max(2, round(cw * 0.25))
    out: list[list[Rect]] = []
    x, y = area.x, area.y
    for n in sizes:
        width = cw + step * (n - 1)
        if x + width > area.right and x > area.x:
            x, y = area.x, min(y + ch // 2, max(area.y, area.bottom - ch))
        out.append([Rect(x + i * step, y, cw, ch) for i in range(n)])
        x += width + step
    return out


@lru_cache(maxsize=2048)  # a seat's melds seldom change when another's do
def fit_step(area: tuple[int, int, int, int], card: tuple[int, int], sizes: tuple[int, ...]) -> int:
    """The index in :data:`STEPS` of the largest size at which ``sizes`` fit ``area`` (the last if none does)."""
    return next((j for j, k in enumerate(STEPS) if place(area, card, sizes, k) is not None), len(STEPS) - 1)


def stack_rect(layout: TableLayout, seat: int) -> Rect:
    """A rival's hand, drawn as a small stack of backs at the left of its panel (the count is in its header)."""
    spot = layout.spots[seat]
    sw, sh = layout.small_card
    room = spot.panel.bottom - spot.header.bottom - round(10 * layout.scale)
    k = min(1.0, room / sh)
    return Rect(spot.header.x, spot.header.bottom + round(4 * layout.scale), round(sw * k), round(sh * k))


def stack_rects(layout: TableLayout, seat: int, count: int, last: bool = False) -> list[Rect]:
    """Where a rival's ``count`` cards (``last``: its last one alone) are drawn: up to four backs, a few pixels apart."""
    r = stack_rect(layout, seat)
    shown = min(count, 4)
    d = max(2, round(3 * layout.scale))
    return [r.move(d * min(i, shown - 1), 0) for i in range(count - 1 if last else 0, count)]


def meld_area(layout: TableLayout, seat: int, viewer: int) -> Rect:
    """Where ``seat``'s melds go: the viewer's own panel, or a rival's panel right of its hand."""
    spot = layout.spots[seat]
    if seat == viewer:
        return spot.matches
    stack = stack_rect(layout, seat)
    x = stack.right + round(3 * 3 * layout.scale) + round(10 * layout.scale)
    bottom = spot.panel.bottom - round(6 * layout.scale)
    return Rect(x, stack.y, spot.header.right - x, bottom - stack.y)


def table_melds(layout: TableLayout, viewer: int, by_seat: dict[int, list[int]]) -> dict[int, list[list[Rect]]]:
    """Every seat's meld rects: the rivals at one shared size, ``viewer``'s own panel at its own."""
    card = layout.small_card
    rivals = [fit_step(tuple(meld_area(layout, s, viewer)), card, tuple(sizes)) for s, sizes in by_seat.items() if s != viewer]
    shared = STEPS[max(rivals, default=0)]
    out = {}
    for seat, sizes in by_seat.items():
        area = meld_area(layout, seat, viewer)
        k = STEPS[fit_step(tuple(area), card, tuple(sizes))] if seat == viewer else shared
        box, placed = tuple(area), tuple(sizes)
        out[seat] = place(box, card, placed, k) or place(box, card, placed, k, squeeze=True) or []
    return out
