"""Ratscrew's table layout: every rect from the window size, in one place.

The top bar holds the status lines and the menu button; the seats sit in a row
along the bottom (each with its face-down pile, its count and its keys); the
middle band holds the stack fanned in rows (every card's corner shows), the top
card large beside it with the call over it (a short stack and the top card sit in
the table's middle), and the action log on the right.
The fan picks the largest card size (from a few fixed sizes, so card art stays
cached) at which the whole stack fits: a 52-card stack shrinks, never spills.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from game.kit.layout import CARD_RATIO, ui_scale

FAN_STEP_X = 0.31  # of a card's width: the corner index stays visible
FAN_STEP_Y = 0.43  # of a card's height
FAN_SIZES = 9  # the fan's card heights: the largest and eight steps down


@dataclass
class SeatBox:
    """One seat's panel: header line, face-down pile, count and keys lines."""

    panel: Rect
    header: Rect
    pile: Rect
    info: Rect


class RatscrewLayout:
    """Every rect of the table for a ``w`` x ``h`` window and ``n`` seats."""

    def __init__(self, w: int, h: int, n: int) -> None:
        self.w, self.h = w, h
        s = self.scale = ui_scale(w, h)
        m = self.margin = max(6, round(12 * s))
        status_h = round(60 * s)
        self.menu_button = Rect(w - m - round(96 * s), m + round(10 * s), round(96 * s), round(40 * s))
        self.status = Rect(m, m, self.menu_button.x - 2 * m, status_h)

        # the seats along the bottom
        seat_h = round(150 * s)
        panel_w = min(round(330 * s), (w - 2 * m - (n - 1) * m) // n)
        row_w = n * panel_w + (n - 1) * m
        x0 = (w - row_w) // 2
        y0 = h - m - seat_h
        ph = round(seat_h - 44 * s)
        self.pile_card = (round(ph * CARD_RATIO), ph)
        self.seats = {}
        for seat in range(n):
            panel = Rect(x0 + seat * (panel_w + m), y0, panel_w, seat_h)
            pad = round(10 * s)
            header = Rect(panel.x + pad, panel.y + round(6 * s), panel.w - 2 * pad, round(26 * s))
            pile = Rect(panel.x + pad + round(4 * s), header.bottom + round(6 * s), *self.pile_card)
            info = Rect(pile.right + pad + round(6 * s), pile.y, panel.right - pad - pile.right - pad - round(6 * s), ph)
            self.seats[seat] = SeatBox(panel, header, pile, info)

        # the middle band: fan | top card | log
        band_top = self.status.bottom + m
        self.band = Rect(m, band_top, w - 2 * m, y0 - m - band_top)
        log_w = round(w * 0.27)  # wide enough that most lines fit on one line
        self.log_panel = Rect(self.band.right - log_w, self.band.y, log_w, self.band.h)
        banner_h = round(44 * s)
        call_h = round(58 * s)
        big_h = min(round(self.band.h - call_h - banner_h - 3 * m), round(h * 0.36))
        big_w = round(big_h * CARD_RATIO)
        col_w = max(big_w + 2 * m, round(230 * s))
        fan_h = self.band.h - banner_h - 3 * m
        top_h = min(round(fan_h * 0.62), round(big_h * 0.72))
        # the top card's column: a short stack (three cards beside the top card, the usual sight) and the top card
        # sit as one group in the middle of the felt left of the log (not of the window: the left half was bare)
        short = 2 * round(top_h * CARD_RATIO * FAN_STEP_X) + round(top_h * CARD_RATIO)  # three cards in a row
        col_x = min(self.log_panel.x - m - col_w, self.log_panel.x // 2 + (m + short) // 2 - (col_w + big_w) // 4)
        self.log = self.log_panel.inflate(-round(16 * s), -round(14 * s))
        self.call = Rect(col_x, self.band.y, col_w, call_h)
        self.top_card = Rect(0, 0, big_w, big_h)
        self.top_card.midtop = (self.call.centerx, self.call.bottom + m // 2)
        self.snap_button = Rect(0, 0, col_w - 2 * m, round(44 * s))
        self.snap_button.midtop = (self.call.centerx, self.top_card.bottom + m)
        self.fan_area = Rect(self.band.x + m, self.band.y + m, col_x - self.band.x - 2 * m, fan_h)
        self.banner = Rect(self.band.x, self.fan_area.bottom + m, col_x + col_w - self.band.x, banner_h)
        self.toast = Rect(0, 0, min(round(760 * s), self.fan_area.w), round(62 * s))
        self.toast.midbottom = (self.fan_area.centerx, self.banner.top - m)
        self.fan_heights = tuple(max(round(24 * s), round(top_h * 0.88 ** k)) for k in range(FAN_SIZES))

    def fan(self, count: int) -> list[Rect]:
        """Where each of ``count`` stack cards (bottom-first) lies in the fan: rows left to right, top down.

        A fan short enough for one row lies next to the top card (against the area's right side, level with
        the top card), so the stack reads as one line of cards ending in the big one.
        """
        area = self.fan_area
        return [Rect(r) for r in _fan(area.x, area.y, area.w, area.h, self.fan_heights, count, self.top_card.centery)]

    def fan_card(self, count: int) -> tuple[int, int]:
        return self.fan(max(1, count))[0].size

    def fan_slot(self, index: int, count: int) -> Rect:
        rects = self.fan(count)
        return rects[index] if 0 <= index < len(rects) else Rect(self.fan_area.topleft, self.fan_card(count))


@lru_cache(maxsize=256)
def _fan(x: int, y: int, w: int, h: int, heights: tuple[int, ...], count: int, beside_y: int | None = None
         ) -> tuple[Rect, ...]:
    """The largest fan of ``count`` cards that fits the area (the smallest size squeezes its columns).

    With ``beside_y``, a fan of one row is pushed to the area's right side and centred on that height
    (kept inside the area).
    """
    if count <= 0:
        return ()
    for ch in heights:
        cw = round(ch * CARD_RATIO)
        step_x, step_y = max(1, round(cw * FAN_STEP_X)), round(ch * FAN_STEP_Y)
        per_row = max(1, (w - cw) // step_x + 1)
        rows = -(-count // per_row)
        if (rows - 1) * step_y + ch <= h or ch == heights[-1]:
            break
    if (rows - 1) * step_y + ch > h:  # still too many: squeeze the rows and columns evenly
        rows = max(1, (h - ch) // max(1, step_y) + 1)
        per_row = -(-count // rows)
        step_x = max(1, (w - cw) // max(1, per_row - 1))
    if beside_y is not None and count <= per_row:  # one row: next to the top card, not in the far corner
        x += w - ((count - 1) * step_x + cw)
        y = min(max(y, beside_y - ch // 2), y + h - ch)
    return tuple(Rect(x + i % per_row * step_x, y + i // per_row * step_y, cw, ch) for i in range(count))
