"""Drawing Snap's table: big face-up piles round the table, the snap pot in the middle, calls as they happen.

``draw`` changes nothing.  Every place comes from :class:`SnapLayout` (the
window size and the number of seats); panels are baked into one background.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from engine.snap import SHARED
from game.kit.racetable import RaceTableScene
from game.kit.keyscreens import seat_colour
from game.kit.layer import Partial, Region
from game.kit.layout import ui_scale
from game.kit.parts import NO_PART, parts_region, text_part
from game.kit.reach import face_pile_reach, outline_pieces, stock_reach
from game.kit.messages import draw_toast
from game.kit.piles import draw_empty, draw_face_pile, draw_stock, peek, stock_depth
from game.kit.sprites import blit_card
from game.kit.ui import DANGER, GOLD, INK, MUTED, Button, draw_buttons_and_tip, draw_panel, felt_background
from game.base.retained import still
from game.kit import overdraw, skip
from game.kit.raceview import fit_keys, race_status
from game.tables.snap.fx import POT


PANEL_FILL = (10, 40, 30, 175)


@dataclass
class SeatPlace:
    panel: pygame.Rect
    down: pygame.Rect
    up: pygame.Rect
    name: tuple[int, int]  # midtop of the name line
    rim: tuple[pygame.Rect, int, int]  # the gold rim of the seat whose turn it is: its rect, width and corners' radius
    parts: tuple[pygame.Rect, ...] = ()  # all its stack, face-up pile, labels, count's badge may paint (SnapLayout.reach)
    bare: tuple[pygame.Rect, ...] = ()  # all its stack and its face-up pile paint when they do not glow


class SnapLayout:
    """Every place of the table for a ``w`` x ``h`` window, ``n`` seats, ``shared`` (everyone flips to one pile) and
    the seat drawn at the ``bottom`` (a lone player's own, say at a network table; seat 0 otherwise)."""

    def __init__(self, w: int, h: int, n: int, shared: bool, bottom: int = 0) -> None:
        self.w, self.h, self.seats, self.shared, self.bottom = w, h, n, shared, bottom
        self.places: list[SeatPlace] = []
        self.scale = ui_scale(w, h)
        s = self.scale
        gap = pad = round(12 * s)
        name_h = round(52 * s)
        top_m, bottom_m = round(66 * s), round(10 * s)  # the status line and the menu button are above the top seat
        self.card_h = round(h * (0.3 if n <= 2 else 0.27 if n <= 3 else 0.24 if n <= 4 else 0.19))
        if n >= 5:  # two seats one above the other at each side must fit
            self.card_h = min(self.card_h, (h - top_m - bottom_m - 16) // 3 - name_h - 2 * pad)
        self.card_w = round(self.card_h * 0.7)
        self.small_h = round(self.card_h * 0.72)
        self.small_w = round(self.small_h * 0.7)
        pw = self.small_w + gap + self.card_w + 2 * pad
        ph = self.card_h + name_h + 2 * pad
        if self.shared:  # everyone flips to the middle: a seat is its face-down stack and its name
            pw = max(self.small_w + 2 * pad, round(190 * s))
            ph = self.small_h + name_h + 2 * pad + round(10 * s)
        cx, cy = w / 2, (top_m + h - bottom_m) / 2
        rx, ry = w * 0.5 - pw * 0.5 - round(24 * s), (h - top_m - bottom_m - ph) / 2
        if n == 2:
            rx = 0
        for seat in range(n):
            angle = math.pi / 2 + (seat - self.bottom) % n * 2 * math.pi / n  # the bottom seat, then clockwise
            px, py = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
            if n in (5, 6) and abs(math.sin(angle)) < 0.99:
                px = cx + math.copysign(w * 0.5 - pw * 0.5 - round(24 * s), math.cos(angle))
            panel = pygame.Rect(0, 0, pw, ph).move_to(center=(round(px), round(py)))
            if self.shared:
                down = pygame.Rect(0, panel.y + pad, self.small_w, self.small_h).move_to(centerx=panel.centerx)
                up = down.copy()
            else:
                down = pygame.Rect(panel.x + pad, panel.y + pad + (self.card_h - self.small_h) // 2, self.small_w, self.small_h)
                up = pygame.Rect(down.right + gap, panel.y + pad, self.card_w, self.card_h)
            name_y = down.bottom + round(14 * s) if self.shared else up.bottom + round(6 * s)  # clear of the count badge
            rim = (panel.inflate(round(6 * s), round(6 * s)), max(3, round(4 * s)), round(16 * s))
            self.places.append(SeatPlace(panel, down, up, (panel.centerx, name_y), rim))
        # the middle column: between the panels above and below it, under the callouts
        column = pygame.Rect(round(cx - self.card_w), 0, 2 * self.card_w, h)
        above = [p.panel.bottom for p in self.places if p.panel.colliderect(column) and p.panel.centery < cy]
        below = [p.panel.top for p in self.places if p.panel.colliderect(column) and p.panel.centery >= cy]
        top = max(above + [round(84 * s)]) + round((96 if above else 56) * s)  # room for the callouts
        bottom = min(below + [h - round(20 * s)]) - round(30 * s)  # room for the pot's label
        mh = max(round(60 * s), min(round(self.card_h * (1.25 if self.shared else 1)), bottom - top))
        self.middle = pygame.Rect(0, 0, round(mh * 0.7), mh).move_to(center=(round(cx), (top + bottom) // 2))
        self.banner = pygame.Rect(0, 0, round(min(820 * s, w * 0.7)), round(54 * s))  # the result, under the middle
        self.banner.midtop = (round(cx), self.middle.bottom + round(30 * s))
        if n == 2 and not self.shared:  # two seats face to face fill the column: the pot goes to their left
            self.middle = pygame.Rect(0, 0, self.card_w, self.card_h).move_to(center=(self.places[0].panel.x // 2, round(cy)))
            self.banner.centery = (min(p.panel.bottom for p in self.places) + max(p.panel.top for p in self.places)) // 2
        cx, cy = self.middle.center
        self.pot = self.middle.copy()
        if self.shared:
            self.pot = pygame.Rect(0, 0, round(self.middle.w * 0.8), round(self.middle.h * 0.8))
            self.pot.midleft = (self.middle.right + round(40 * s), self.middle.centery)
        bw, bh = round(230 * s), round(76 * s)
        # beside the bottom seat's panel (clear of the seats at the sides), never off the window
        bx = min(self.places[self.bottom].panel.right + round(28 * s), w - bw - round(24 * s))
        self.snap_button = pygame.Rect(bx, h - bh - round(24 * s), bw, bh)
        self.pot_button = pygame.Rect(self.snap_button.x, self.snap_button.y - round(58 * s), bw, round(48 * s))
        self.menu_button = pygame.Rect(w - round(130 * s), round(14 * s), round(116 * s), round(40 * s))
        self.status = pygame.Rect(round(16 * s), round(10 * s), round(min(440 * s, w * 0.3)), round(52 * s))
        self.callouts = pygame.Rect(0, 0, round(min(760 * s, w * 0.62, 2 * min(cx, w - cx) - 2 * pad)), round(40 * s))
        self.callouts.midbottom = (round(cx), self.middle.y - round(10 * s))
        bottom_panel = self.places[self.bottom].panel
        self.toast = pygame.Rect(round(16 * s), h - round(72 * s), max(round(200 * s), bottom_panel.x - round(32 * s)),
                                 round(58 * s))

    def reach(self, art: Any) -> None:
        """Each seat's parts as far as they may paint with ``art`` at this size (:data:`SEAT_FIELDS`)."""
        for place in self.places:
            d, s = place.down, self.scale
            pill = pygame.Rect(0, 0, max(d.w, round(80 * s)), round(52 * s)).move_to(center=(d.centerx, d.bottom - round(4 * s)))
            labels = label_rect(self, place, 0).inflate(-round(12 * s), 0)  # the lines are fitted to the panel
            stock = [stock_reach(art, d, glow).union(pill) for glow in (False, True)]  # the count's badge too
            pile = stock if self.shared else [face_pile_reach(art, place.up, peek(place.up), glow) for glow in (False, True)]
            place.bare, place.parts = (stock[0], pile[0], labels), (stock[1], pile[1], labels, pill)

    def rect_of(self, key: Any) -> pygame.Rect:
        if isinstance(key, tuple) and key[0] == "down":
            return self.places[key[1]].down
        return self.pot if key == POT else self.middle if key == SHARED else self.places[key].up


def background(layout: SnapLayout, humans: list[int]) -> pygame.Surface:
    surf = felt_background((layout.w, layout.h))
    s = layout.scale
    for seat, place in enumerate(layout.places):  # each human's colour is its row's on the keys screens
        draw_panel(surf, place.panel, PANEL_FILL, round(14 * s), seat_colour(humans, seat))
    draw_panel(surf, layout.status, PANEL_FILL, round(10 * s))
    return surf


def buttons(table: RaceTableScene) -> list[Button]:
    lay = table.layout
    out = [Button("menu", "Menu", lay.menu_button, hotkey="Esc")]
    if table.skip.offered:  # everyone at the keyboard is out: the bots' game can end at once
        out.append(Button("skip", skip.LABEL, lay.snap_button, primary=True, hotkey=skip.KEY_NAME))
    elif table.solo is not None and not table.skip.skipping:
        pot_open, snap, pot = bool(table.model.pot), solo_snap_key(table), table.key_label(table.solo, "snap-pot")
        out.append(Button("snap", f"Snap!  ({snap})", lay.snap_button, primary=True, hotkey=snap))
        out.append(Button("snap-pot", f"Snap Pot!  ({pot})", lay.pot_button, enabled=pot_open,  # never gold: not a cue
                          hotkey=pot, tip="" if pot_open else POT_SHUT))
    return out


POT_SHUT = "Snap Pot! is for a card matching the snap pot's top card: the pot is empty."


def solo_snap_key(table: RaceTableScene) -> str:
    """A lone player's own Snap! key (its last key: the extra one, Space)."""
    return table.key_names(table.solo, "snap", False)[-1]


def status_lines(table: RaceTableScene) -> tuple[str, str]:
    state = table.state
    if (shared := race_status(table, "Replay", ("out", f"Press {skip.KEY_NAME} to skip to the end."))) is not None:
        return shared
    if state.is_over:
        return "The game is over", ""
    if state.claims:
        first = "A call is being judged..."
    elif state.auto_flip_ms:
        first = f"Cards flip by themselves: {table.name(state.turn)} next"
    else:
        first = f"{table.name(state.turn)} to flip"
    left = max(0, (state.time_limit_ms or 0) - state.clock) // 1000
    parts = [f"Time left {left // 60}:{left % 60:02d}"] if state.time_limit_ms else []
    if table.solo is not None:
        flip, mine = table.key_label(table.solo, "flip"), state.turn == table.solo and not state.auto_flip_ms
        judged = ("Flips wait. " if parts else "Flips wait for the verdict. ") if state.claims else (  # shorter when
            (f"{flip}: flip. " if parts else f"{flip} or click your pile: flip. ") if mine else "")  # the clock is on it
        parts.append(f"{judged}{solo_snap_key(table)}: Snap!  {table.key_label(table.solo, 'snap-pot')}: Snap Pot!")
    elif len(table.humans) > 1:
        parts.append("Your keys are under your name.")
    return first, "  ·  ".join(parts)


def _tops(pile: Any, flying: set[int]) -> tuple[int, ...]:
    return tuple(sp.id for sp in pile[-3:] if sp.id not in flying)


def layer_regions(table: RaceTableScene) -> list[Region]:
    """Each region of the layer: (name, what it shows, rect, how to paint it)."""
    lay, model, state = table.layout, table.model, table.state
    s = lay.scale
    flying = model.flying()
    out: list[Region] = []
    for seat, place in enumerate(lay.places):
        key = (model.down[seat], _tops(model.up[seat], flying), len(model.up[seat]), seat in model.lit, seat in model.red,
               model.out[seat], table.solo == seat and table.can_flip(seat), table.name(seat), table.seat_keys_line(seat),
               model.leaving(place.up))
        out.append(Partial(seat, key, place.rim[0].unionall([place.panel, *place.parts]),  # all the seat may paint
                           lambda surf, seat=seat, place=place: _draw_seat(table, surf, seat, place, flying),
                           lambda old, new, place=place: _seat_touched(lay, place, old, new)))
    middle = lay.middle.union(lay.pot).inflate(round(30 * s), round(30 * s))
    middle.h += round(26 * s)
    for rect in [r[2] for r in out]:  # never repaint a seat's rim
        if rect.colliderect(middle):
            if rect.centery > middle.centery:
                middle.h = max(1, rect.top - middle.top)
            else:
                middle.h, middle.top = max(1, middle.bottom - rect.bottom), rect.bottom
    key = (_tops(model.shared, flying), len(model.shared), _tops(model.pot, flying), len(model.pot), SHARED in model.lit,
           POT in model.lit)
    out.append(("middle", key, middle, lambda surf: _draw_middle(table, surf, flying)))
    lines = []  # each status line a part: a new first line repaints that line, not the panel
    for line, size, y, colour in zip(status_lines(table), (24, 17), (6, 32), (INK, MUTED)):
        at = (lay.status.x + round(12 * s), lay.status.y + round(y * s))
        lines.append(text_part(table.app.text, line, round(size * s), at, colour, "topleft", lay.status.w - round(24 * s))
                     if line else NO_PART)
    out.append(parts_region("status", lay.status, lines))
    return out


def _seat_touched(lay: SnapLayout, place: SeatPlace, old: Any, new: Any) -> list[pygame.Rect] | None:
    """The parts of a seat a change of its key touched (:data:`SEAT_PARTS` names the key's fields): its stack, its
    face-up pile, its labels; None (the whole seat) when its red wash or "out" shade came or went."""
    changed = {i for i, (a, b) in enumerate(zip(old, new)) if a != b}
    if changed & {4, 5}:  # red, out
        return None
    if changed == {9}:  # only whether its face-up pile's placeholder words may show: their line
        return [place.up.inflate(0, round(40 * lay.scale) - place.up.h)]
    glows = (old[6] or new[6], old[3] or new[3], False)  # its stack's and its pile's glow, before or after
    parts = [(place.parts if glow else place.bare)[i] for i, (fields, glow) in enumerate(zip(SEAT_FIELDS, glows)) if changed & fields]
    if changed & {0, 6} == {0} and old[0] and new[0] and stock_depth(old[0]) == stock_depth(new[0]):
        parts[0] = place.parts[3]  # the stack looks the same: its count's badge alone
    if not changed & {7, 8} and (old[0], old[2]) != (new[0], new[2]):  # the name line's counts alone ("19 down, 1 up")
        labels = place.parts[2]
        parts.append(labels.clip(labels.x, labels.y, labels.w, round(40 * lay.scale)))
    return parts


SEAT_FIELDS = ({0, 6}, {1, 2, 3, 9}, {7, 8})
"""The fields of a seat's key (down, tops, count, lit, red, out, glow, name, keys, leaving) each of its parts
(:attr:`SeatPlace.parts`) shows: its face-down stack, its face-up pile, its labels."""


def _draw_middle(table: RaceTableScene, surface: pygame.Surface, flying: set[int]) -> None:
    lay, model, text = table.layout, table.model, table.app.text
    s = lay.scale
    if lay.shared:
        _draw_pile(table, surface, SHARED, lay.middle, flying)
        text.blit(surface, f"Pile: {len(model.shared)}", round(20 * s), (lay.middle.centerx, lay.middle.bottom + round(6 * s)),
                  MUTED, "midtop")
    if model.pot:
        _draw_pile(table, surface, POT, lay.pot, flying)
        label = f"Snap pot: {len(model.pot)}"
        text.blit(surface, label, round(20 * s), (lay.pot.centerx, lay.pot.bottom + round(6 * s)), GOLD, "midtop")
    elif not lay.shared:
        draw_empty(surface, lay.pot)
        text.blit(surface, "Snap pot", round(18 * s), lay.pot.center, MUTED, "center")


def draw(table: RaceTableScene, surface: pygame.Surface) -> None:
    lay, model, art, text = table.layout, table.model, table.app.art, table.app.text
    s = lay.scale
    table.layer.draw(surface, art)
    flying = [f.rect for f in model.flights]  # (each worked out once)
    overdraw.cover(art, surface, flying)  # (before anything is drawn over the layer)
    if not table.state.is_over and not table.state.auto_flip_ms and not model.out[turn := table.state.turn]:
        surface.blits(outline_pieces(GOLD, *lay.places[turn].rim, table.panels))  # whose turn: kept on the window
    rims = [lay.rect_of(key).inflate(round(8 * s), round(8 * s)) for key in model.popped]
    late = _draw_callouts(table, surface, flying, overdraw.reaches(art, flying) + rims + [label_rect(lay, p) for p in lay.places])
    for r, age in zip(rims, model.popped.values()):  # the card that just landed face up: a bright rim for a moment
        pygame.draw.rect(surface, (255, 255, 255), r, max(2, round(4 * s * (1 - age / 0.3))), border_radius=round(10 * s))
    for f, rect in zip(model.flights, flying):
        blit_card(art, surface, f.card, rect, f.face_up)
    for seat, place in enumerate(lay.places if flying else ()):  # cards flying past a seat never hide its labels
        if label_rect(lay, place).collidelist(flying) >= 0:
            _draw_labels(table, surface, seat, place, backed=True)
    if late:  # over what it meets
        _draw_callouts(table, surface, flying)
    if model.banner is not None:
        draw_panel(surface, lay.banner, (20, 70, 50, 240), round(10 * s), GOLD, table.panels)
        text.blit(surface, model.banner, round(26 * s), lay.banner.center, INK, "center", lay.banner.w - round(20 * s))
    draw_buttons_and_tip(surface, text, table.buttons(), table.hover, s, [p.panel for p in lay.places])
    if table.toast is not None:
        draw_toast(surface, text, lay.toast, table.toast, s, table.panels)


def _draw_pile(table: RaceTableScene, surface: pygame.Surface, key: Any, rect: pygame.Rect, flying: set[int]) -> None:
    cards = [sp.card for sp in table.model.pile(key) if sp.id not in flying]
    draw_face_pile(surface, table.app.art, rect, cards, key in table.model.lit, peek(rect))


def _draw_seat(table: RaceTableScene, surface: pygame.Surface, seat: int, place: Any, flying: set[int]) -> None:
    lay, model, art, text = table.layout, table.model, table.app.art, table.app.text
    s, out, glow = lay.scale, model.out[seat], table.solo == seat and table.can_flip(seat)
    stock, pile, labels = (place.parts[0] if glow else place.bare[0]), (place.parts if seat in model.lit else place.bare)[1], place.parts[2]
    if seat in model.red:
        draw_panel(surface, place.panel, (200, 40, 30, 150), round(14 * s), DANGER, table.panels)
    clip = surface.get_clip()  # a part of the seat repainted alone (see _seat_touched): the others are skipped
    if clip.colliderect(stock):
        draw_stock(surface, art, place.down, model.down[seat], glow=glow)
        badge = text.render(str(model.down[seat]), round(22 * s), INK)
        pill = badge.get_rect(center=(place.down.centerx, place.down.bottom - round(4 * s))).inflate(round(16 * s), round(6 * s))
        if clip.colliderect(pill):  # (not for a sliver of the stack)
            pygame.draw.rect(surface, (20, 30, 26), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, seat_colour(table.humans, seat), pill, 2, border_radius=pill.h // 2)
            surface.blit(badge, badge.get_rect(center=pill.center))
    if not lay.shared and clip.colliderect(pile):
        _draw_pile(table, surface, seat, place.up, flying)
        if not model.up[seat] and not out and not model.leaving(place.up):  # no words behind the cards leaving it
            text.blit(surface, "face-up pile", round(16 * s), place.up.center, MUTED, "center", place.up.w - round(8 * s))
    if clip.colliderect(labels):
        _draw_labels(table, surface, seat, place)
    if out:
        draw_panel(surface, place.panel, (0, 0, 0, 120), round(14 * s), None, table.panels)


def label_rect(layout: SnapLayout, place: SeatPlace, margin: int = 4) -> pygame.Rect:
    """Where a seat's name, count and keys are written: under its piles, ``margin`` inside it (0: all they may paint)."""
    s, panel = layout.scale, place.panel
    top = place.name[1] - round(3 * s)
    return pygame.Rect(panel.x + round(margin * s), top, panel.w - round(2 * margin * s), panel.bottom - top - round(margin * s))


def seat_line(table: RaceTableScene, seat: int) -> str:
    """A seat's name and cards: "Cy  ·  19 down, 1 up" beside a face-up pile (as its stack's badge), "Cy  ·  20 cards"."""
    down, up = table.model.down[seat], len(table.model.up[seat])
    return f"{table.name(seat)}  ·  " + ("out" if table.model.out[seat] else f"{down} down, {up} up" if up else f"{down} cards")


def _draw_labels(table: RaceTableScene, surface: pygame.Surface, seat: int, place: SeatPlace, backed: bool = False) -> None:
    """A seat's name and count, then its keys (hot-seat) or its level; ``backed``: on its panel's colour (over cards)."""
    lay, model, text = table.layout, table.model, table.app.text
    s, out = lay.scale, model.out[seat]
    if backed:
        draw_panel(surface, label_rect(lay, place), (10, 40, 30, 235), round(8 * s), None, table.panels)
    text.blit(surface, seat_line(table, seat), round(22 * s), place.name, MUTED if out else INK, "midtop", place.panel.w - round(12 * s))
    for i, part in enumerate(fit_keys(table.seat_keys_line(seat), lambda t: text.render(t, round(16 * s), MUTED).get_width(),
                                      place.panel.w - round(12 * s))):
        text.blit(surface, part, round(16 * s), (place.name[0], place.name[1] + round((22 + 15 * i) * s)), MUTED, "midtop",
                  place.panel.w - round(12 * s))


def _draw_callouts(table: RaceTableScene, surface: pygame.Surface, flying: list[pygame.Rect], clear_of: Any = None) -> bool:
    """The newest callout; with ``clear_of`` (rects) only if it meets none (then the canvas keeps it): True if not."""
    lay, text = table.layout, table.app.text
    s = lay.scale
    for c in table.model.callouts[-1:]:  # one at a time: the newest replaces the older
        fade = 1.0 if c.age < c.life - 0.4 else round(max(0.0, (c.life - c.age) / 0.4) * 8) / 8
        lines = [still(text.fit(c.text, round(34 * s), lay.callouts.w, c.colour))]  # and what it costs, smaller, under it
        lines += [still(text.fit(c.detail, round(22 * s), lay.callouts.w, INK))] if c.detail else []
        box = pygame.Rect(0, 0, max(ln.get_width() for ln in lines), sum(ln.get_height() for ln in lines))
        box = box.move_to(midbottom=lay.callouts.midbottom).inflate(round(24 * s), round(10 * s))
        if clear_of is not None and box.collidelist(clear_of) >= 0:
            return True
        over = box.collidelist(flying) >= 0  # a card passing under: a solid box
        draw_panel(surface, box, (8, 24, 18, round((250 if over else 210) * fade)), round(10 * s), None, table.panels)
        y = box.centery - sum(ln.get_height() for ln in lines) // 2
        for surf in lines:
            if fade < 1.0:
                surf = surf.copy()
                surf.set_alpha(round(255 * fade))
            y = surface.blit(surf, surf.get_rect(midtop=(box.centerx, y))).bottom
    return False


def draw_thumbnail(surface: pygame.Surface, art: Any) -> None:
    """The title tile: two face-up piles showing a pair of sevens, face-down stacks, the pot between."""
    from game.kit.thumbnail import draw_table_picture

    draw_table_picture(surface, art, [(None, 0.2, 0.5), (None, 0.21, 0.49), ("7H", 0.36, 0.5), (None, 0.8, 0.5),
                                      (None, 0.81, 0.49), ("7S", 0.64, 0.5), ("KD", 0.5, 0.25), (None, 0.5, 0.76)],
                       card_h=0.3)


__all__ = ["layer_regions", "SnapLayout", "background", "buttons", "draw", "draw_thumbnail", "status_lines"]
