"""Every position on screen, computed from the window size in one place.

Scenes ask a layout where things go and map the mouse through it; nothing else
in the game does pixel arithmetic on the window size.  Sizes scale with
``scale = min(w / 1280, h / 720)`` so the table looks the same at every size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

BASE_W, BASE_H = 1280, 720
CARD_RATIO = 0.7  # width / height of a card
FAN_CARDS_WIDE = 1 + 0.32 * 5  # a rival's face-down fan at most six cards wide (more close up: the header counts them)

MAX_SEATS = 10

# Where opponents sit, clockwise from the bottom player (play passes to the left):
# up the left side, along the top from left to right, down the right side.
_OPPONENT_SIDES = {
    1: ("top",),
    2: ("top", "top"),
    3: ("top", "top", "top"),
    4: ("top", "top", "top", "top"),  # up to four opponents share the top row: panels of one height
    5: ("left", "top", "top", "top", "right"),
    6: ("left", "left", "top", "top", "right", "right"),
    7: ("left", "left", "top", "top", "top", "right", "right"),
    8: ("left", "left", "top", "top", "top", "top", "right", "right"),
    9: ("left", "left", "left", "top", "top", "top", "right", "right", "right"),
}


def ui_scale(w: int, h: int) -> float:
    return min(w / BASE_W, h / BASE_H)


@dataclass
class SeatSpot:
    """Where one seat is drawn: its header line, its face-down hand and its matches."""

    seat: int
    side: str  # bottom, left, top or right
    panel: Rect
    header: Rect
    fan: Rect
    matches: Rect
    indent: tuple[int, int] = (0, 0)  # the corner of ``matches`` the first row keeps clear of (a rival's fan): w, h


@dataclass
class TableLayout:
    """The table for ``num_players`` seats (2 to 10) with ``bottom_seat`` at the bottom.

    Opponents' panels go up the left side, along the top and down the right side;
    several on one side share it (stacked on the sides, in a row on the top).

    ``card_scale`` (the card size setting) enlarges the bottom hand only; the
    opponents' cards and the piles keep their size so the middle band still fits.
    """

    w: int
    h: int
    num_players: int
    bottom_seat: int
    card_scale: float = 1.0
    scale: float = 0.0
    margin: int = 0
    hand_card: tuple[int, int] = (0, 0)
    pile_card: tuple[int, int] = (0, 0)
    small_card: tuple[int, int] = (0, 0)
    lift: int = 0
    hand_area: Rect = field(default_factory=Rect)
    status: Rect = field(default_factory=Rect)
    stock: Rect = field(default_factory=Rect)
    discard: Rect = field(default_factory=Rect)
    banner: Rect = field(default_factory=Rect)
    turn_order: Rect = field(default_factory=Rect)
    log: Rect = field(default_factory=Rect)
    log_panel: Rect = field(default_factory=Rect)
    buttons: dict[str, Rect] = field(default_factory=dict)
    spots: dict[int, SeatSpot] = field(default_factory=dict)
    menu_button: Rect = field(default_factory=Rect)
    undo_button: Rect = field(default_factory=Rect)  # beside the menu button; the status lines keep clear of both
    wide_log: bool = False  # the log takes most of the middle's room the piles leave (no turn order across it)

    def __post_init__(self) -> None:
        w, h = self.w, self.h
        s = self.scale = ui_scale(w, h)
        m = self.margin = max(6, round(12 * s))
        base = round(min(h * 0.235, w * 0.15))
        ch = round(base * self.card_scale)
        self.hand_card = (round(ch * CARD_RATIO), ch)
        ph = round(base * 0.74)
        sh = round(base * 0.46)
        self.small_card = (round(sh * CARD_RATIO), sh)
        self.lift = round(ch * 0.13)

        # bottom: the hand, the action buttons on its right, the status lines above
        bw = round(158 * s)
        hand_top = h - m - ch
        self.hand_area = Rect(m, hand_top - self.lift, w - 3 * m - bw, ch + self.lift)
        names = ("lay", "hint", "sort_rank", "sort_suit")
        bh = round(min(40 * s, (ch + self.lift - 3 * 6 * s) / 4))
        gap = round(6 * s)
        x = w - m - bw
        y = h - m - 4 * bh - 3 * gap
        self.buttons = {name: Rect(x, y + i * (bh + gap), bw, bh) for i, name in enumerate(names)}
        status_h = round(52 * s)
        self.status = Rect(m, self.hand_area.top - status_h - round(4 * s), w - 2 * m, status_h)

        # opponents around the top and sides
        sides = _OPPONENT_SIDES[self.num_players - 1]
        has_sides = "left" in sides
        side_w = round(w * (0.17 if self.wide_log else 0.2))  # side columns only with six seats or more
        top_h = round(28 * s) + self.small_card[1] * 2 + round(18 * s)
        left_x = m + side_w + m if has_sides else m
        right_x = w - m - side_w - m if has_sides else w - m
        tops = [i for i, sd in enumerate(sides) if sd == "top"]
        top_w = (right_x - left_x - m * (len(tops) - 1)) // max(1, len(tops))
        if len(tops) == 1 and not has_sides:
            top_w = round(w * 0.56)
            left_top = (w - top_w) // 2
        else:
            left_top = left_x
        self.spots = {}
        lefts = [i for i, sd in enumerate(sides) if sd == "left"]
        rights = [i for i, sd in enumerate(sides) if sd == "right"]
        side_h = (self.status.top - 2 * m - m * (max(len(lefts), len(rights)) - 1)) // max(1, len(lefts), len(rights))
        for i, side in enumerate(sides):
            seat = (self.bottom_seat + 1 + i) % self.num_players
            if side == "left":
                k = len(lefts) - 1 - lefts.index(i)  # the first seat sits lowest
                panel = Rect(m, m + k * (side_h + m), side_w, side_h)
            elif side == "right":
                k = rights.index(i)
                panel = Rect(w - m - side_w, m + k * (side_h + m), side_w, side_h)
            else:
                k = tops.index(i)
                panel = Rect(left_top + k * (top_w + m), m, top_w, top_h)
            self.spots[seat] = self._spot(seat, side, panel)

        # the middle band: own matches | stock and discard | log
        band_top = m + top_h + m
        band = Rect(left_x, band_top, right_x - left_x, self.status.top - band_top - round(4 * s))
        third = band.w * 0.31
        own = Rect(band.x, band.y, round(third), band.h)
        ph = min(ph, band.h - round(34 * s) - round(26 * s))  # room for the banner above, the counts below
        self.pile_card = pw, ph = (round(ph * CARD_RATIO), ph)
        pile_gap = round(pw * 0.45)
        slack = band.w - 2 * round(third) - (2 * pw + pile_gap + 4 * m)  # the middle's room beyond the piles
        log_w = round(third) + (max(0, slack) * 3 // 4 if self.wide_log else 0)
        self.log_panel = Rect(band.right - log_w, band.y, log_w, band.h)
        self.log = self.log_panel.inflate(-round(16 * s), -round(14 * s))
        cx = (own.right + self.log_panel.x) // 2
        py = band.y + max(round(34 * s), (band.h - ph) // 2)
        self.stock = Rect(cx - pile_gap // 2 - pw, py, pw, ph)
        self.discard = Rect(cx + pile_gap // 2, py, pw, ph)
        self.banner = Rect(self.stock.x - round(4 * s), band.y, self.discard.right - self.stock.x + round(8 * s), round(28 * s))
        self.turn_order = Rect(own.right + m, band.y + round(2 * s), self.log_panel.x - own.right - 2 * m, round(26 * s))
        bottom = self._spot(self.bottom_seat, "bottom", own)
        self.spots[self.bottom_seat] = bottom
        self.menu_button = Rect(w - m - round(40 * s), self.status.y + round(8 * s), round(40 * s), round(36 * s))
        self.undo_button = Rect(self.menu_button.x - round(104 * s), self.menu_button.y, round(96 * s),
                                self.menu_button.h)

    def _spot(self, seat: int, side: str, panel: Rect) -> SeatSpot:
        s = self.scale
        pad = round(8 * s)
        header = Rect(panel.x + pad, panel.y + round(4 * s), panel.w - 2 * pad, round(24 * s))
        sw, sh = self.small_card
        if side == "bottom":
            fan = Rect(header.x, header.bottom, 0, 0)
            matches = Rect(header.x, header.bottom + round(4 * s), header.w, panel.bottom - header.bottom - round(4 * s))
        else:  # the fan at most six cards wide (more close up): the first row of matches beside it, more below
            fan = Rect(header.x, header.bottom + round(4 * s), min(header.w, round(sw * FAN_CARDS_WIDE)), sh)
            beside = header.right - fan.right - pad
            if beside >= sw * 1.4 and panel.bottom - pad - fan.y >= 2 * sh:
                return SeatSpot(seat, side, panel, header, fan, Rect(header.x, fan.y, header.w, panel.bottom - fan.y - pad),
                                (fan.w + pad, fan.h))
            top = min(fan.bottom + round(6 * s), panel.bottom - pad)  # a short panel (many seats) may have no room for matches
            matches = Rect(header.x, top, header.w, panel.bottom - top - pad)
        return SeatSpot(seat, side, panel, header, fan, matches)

    # --- cards in places ------------------------------------------------

    def hand_rects(self, count: int, lifted: set[int] | None = None) -> list[Rect]:
        """The rects of the bottom hand's cards, left to right (lifted indexes raised)."""
        cw, ch = self.hand_card
        area = self.hand_area
        if count <= 0:
            return []
        step = cw * 1.06 if count == 1 else min(cw * 1.06, (area.w - cw) / (count - 1))
        total = cw + step * (count - 1)
        x0 = area.x + (area.w - total) / 2
        y = area.bottom - ch
        lifted = lifted or set()
        return [Rect(round(x0 + i * step), y - (self.lift if i in lifted else 0), cw, ch) for i in range(count)]

    def hand_index_at(self, pos: tuple[int, int], count: int, lifted: set[int] | None = None) -> int | None:
        """Which bottom-hand card is under the mouse (the topmost of overlapping cards)."""
        for i, r in reversed(list(enumerate(self.hand_rects(count, lifted)))):
            if r.collidepoint(pos):
                return i
        return None

    def hand_insert_index(self, x: int, count: int) -> int:
        """Where a card dropped at ``x`` goes when reordering a hand of ``count`` cards."""
        rects = self.hand_rects(count)
        for i, r in enumerate(rects):
            if x < r.centerx:
                return i
        return max(0, count - 1)

    def fan_rects(self, seat: int, count: int) -> list[Rect]:
        """An opponent's face-down hand: small cards overlapping left to right."""
        spot = self.spots[seat]
        sw, sh = self.small_card
        if count <= 0:
            return []
        step = min(sw * 0.32, (spot.fan.w - sw) / max(1, count - 1))
        return [Rect(round(spot.fan.x + i * step), spot.fan.y, sw, sh) for i in range(count)]

    def match_rects(self, seat: int, sizes: list[int]) -> list[list[Rect]]:
        """Each laid match of ``seat`` as overlapping small cards, wrapped in rows, shrunk to fit."""
        area, indent = self.spots[seat].matches, self.spots[seat].indent
        sw, sh = self.small_card
        k = 1.0
        while True:
            cw, ch = max(8, round(sw * k)), max(12, round(sh * k))
            for overlap in (0.36, 0.3, 0.25):  # first overlap more (each card's index still shows), then shrink
                out = match_rows(area, sizes, cw, ch, round(cw * overlap), round(cw * 0.16), indent=indent)
                if out is not None:
                    return out
            if k < 0.35:
                return [[Rect(area.x, area.y, cw, ch)] * n for n in sizes]
            k *= 0.9

    def seat_anchor(self, seat: int) -> Rect:
        """Where a card going to ``seat``'s hand lands (for opponents: the end of the fan)."""
        if seat == self.bottom_seat:
            cw, ch = self.hand_card
            return Rect(self.hand_area.right - cw, self.hand_area.bottom - ch, cw, ch)
        spot = self.spots[seat]
        sw, sh = self.small_card
        return Rect(spot.fan.x, spot.fan.y, sw, sh)


def match_rows(area: Rect, sizes: list[int], cw: int, ch: int, step: int, gap: int,
               row_gap: int | None = None, indent: tuple[int, int] = (0, 0)) -> list[list[Rect]] | None:
    """Groups of overlapping cards (``sizes``) left to right, wrapped in rows (``row_gap`` apart, else a little),
    or None if they don't fit in ``area``.  The first row starts ``indent[0]`` right of the area's left, the next
    ones below ``indent[1]`` (the corner a rival's fan takes)."""
    out: list[list[Rect]] = []
    x, y = area.x + indent[0], area.y
    row_gap = max(2, round(ch * 0.06)) if row_gap is None else row_gap
    for n in sizes:
        width = cw + step * (n - 1)
        if x + width > area.right and x > area.x:
            x = area.x
            y = max(y + ch, area.y + indent[1]) + row_gap
        if y + ch > area.bottom or width > area.w:
            return None
        out.append([Rect(x + i * step, y, cw, ch) for i in range(n)])
        x += width + gap
    return out


@dataclass
class MenuLayout:
    """Title and form screens: a centred column of rows."""

    w: int
    h: int

    @property
    def scale(self) -> float:
        return ui_scale(self.w, self.h)

    def column(self, count: int, row_h: float = 52, width: float = 340, top: float | None = None, gap: float = 12) -> list[Rect]:
        s = self.scale
        rh, rw, g = round(row_h * s), round(width * s), round(gap * s)
        total = count * rh + (count - 1) * g
        y0 = round(top * s) if top is not None else (self.h - total) // 2 + round(60 * s)
        x = (self.w - rw) // 2
        return [Rect(x, y0 + i * (rh + g), rw, rh) for i in range(count)]

    def title_rect(self) -> Rect:
        s = self.scale
        return Rect(0, round(40 * s), self.w, round(110 * s))

    def panel(self, width: float = 900, height: float = 560) -> Rect:
        s = self.scale
        r = Rect(0, 0, min(self.w - 20, round(width * s)), min(self.h - 20, round(height * s)))
        r.center = (self.w // 2, self.h // 2)
        return r
