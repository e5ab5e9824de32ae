"""Small drawing helpers shared by the scenes: cached text, buttons, panels, toasts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.base.retained import still
from game.base.text import FONT_POINTS, INK, MIN_TEXT_PX, RED_SUIT, SUIT_GLYPHS, Text, suited, unsuited  # noqa: F401  (re-exported)

FELT = (22, 92, 64)
FELT_DARK = (14, 64, 44)
MUTED = (190, 210, 196)
GOLD = (240, 200, 80)
GLOW = (255, 226, 110)
SELECT = (90, 170, 255)
DANGER = (230, 90, 80)
PANEL = (10, 40, 30, 170)
BUTTON = (238, 236, 226)
BUTTON_HOVER = (255, 246, 200)
BUTTON_OFF = (120, 140, 130)
BUTTON_INK = (30, 36, 34)
FOCUS_RING = (255, 214, 64)
FOCUS_RING_OFF = (186, 198, 190)
"""The keyboard focus round a greyed button: pale grey, not the gold that says "ready" (Enter still says why not)."""


@dataclass
class Button:
    """A labelled button; ``enabled`` False draws it greyed (it still says why on click).

    ``hotkey`` names the key that does the same thing ("L", "Esc"); it shows in a
    tooltip while the mouse is over the button or the keyboard focus is on it.
    """

    key: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    primary: bool = False
    hotkey: str | None = None
    tip: str = ""  # a tooltip saying when a greyed button can be used (drawn by draw_buttons_and_tip, a hand table)

    def hits(self, pos: tuple[int, int]) -> bool:
        """Whether a click at ``pos`` presses it: anywhere on what it draws (a menu screen asks this)."""
        return bool(self.rect.collidepoint(pos))

    def draw(self, surface: pygame.Surface, text: Text, hover: bool, focus: bool = False) -> None:
        fill = BUTTON_OFF if not self.enabled else (BUTTON_HOVER if hover or focus else (GOLD if self.primary else BUTTON))
        key = (self.label, self.rect.size, fill, self.enabled, focus, text)
        image = _BUTTON_IMAGES.get(key)
        if image is None:  # drawn once per look and size: the same pixels as drawing it here every frame
            if len(_BUTTON_IMAGES) > 300:
                _BUTTON_IMAGES.clear()
            pad = max(8, round(self.rect.h / 44 * 12))  # room for the shadow under it and the focus ring around it
            image = pygame.Surface((self.rect.w + 2 * pad, self.rect.h + 2 * pad), pygame.SRCALPHA)
            self._paint(image, text, pygame.Rect((pad, pad), self.rect.size), fill, focus)
            _BUTTON_IMAGES[key] = image
        pad = (image.get_width() - self.rect.w) // 2
        surface.blit(image, (self.rect.x - pad, self.rect.y - pad))

    def _paint(self, surface: pygame.Surface, text: Text, rect: pygame.Rect, fill: tuple[int, ...], focus: bool) -> None:
        s = rect.h / 44
        shadow = rect.move(0, max(1, round(3 * s)))
        radius = max(4, round(10 * s))
        pygame.draw.rect(surface, (8, 40, 28), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if focus:
            draw_focus_ring(surface, rect, s, radius, FOCUS_RING if self.enabled else FOCUS_RING_OFF)
        ink = (70, 80, 76) if not self.enabled else BUTTON_INK
        text.blit(surface, self.label, round(rect.h * 0.55), rect.center, ink, "center", rect.w - round(12 * s))


_BUTTON_IMAGES: dict[tuple, pygame.Surface] = {}
"""Buttons as drawn, by label, size and look (hover, focus, enabled)."""


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float, radius: int | None = None,
                    colour: tuple[int, int, int] = FOCUS_RING) -> None:
    """The keyboard focus: a thick bright ring with a dark edge, visible on felt, cards and buttons alike."""
    w = max(3, round(4 * scale))
    gap = max(2, round(3 * scale))
    radius = max(4, round(rect.h * 0.12)) if radius is None else radius
    outer = rect.inflate(2 * (gap + w) + 2, 2 * (gap + w) + 2)
    pygame.draw.rect(surface, (10, 20, 16), outer, width=w + 2, border_radius=radius + gap + w)
    pygame.draw.rect(surface, colour, outer.inflate(-2, -2), width=w, border_radius=radius + gap + w)


def tooltip_box(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect, scale: float,
                avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: above ``anchor``, else below, left or right of it, the first place
    that stays on screen and covers none of ``avoid`` (the other buttons and their labels)."""
    gap = round(6 * scale)
    box = pygame.Rect((0, 0), size)
    others = [r for r in avoid if r != anchor]
    places = ("midbottom", (anchor.centerx, anchor.top - gap)), ("midtop", (anchor.centerx, anchor.bottom + gap)), \
        ("midright", (anchor.left - gap, anchor.centery)), ("midleft", (anchor.right + gap, anchor.centery))
    for attr, pos in places:
        setattr(box, attr, pos)
        if screen.contains(box) and box.collidelist(others) < 0:
            return box
    setattr(box, places[0][0], places[0][1])
    if box.top < 0:
        box.midtop = places[1][1]
    return box.clamp(screen)


def draw_tooltip(surface: pygame.Surface, text: Text, label: str, anchor: pygame.Rect, scale: float,
                 avoid: Sequence[pygame.Rect] = (), width: int = 0) -> pygame.Rect:
    """A small dark label beside ``anchor`` (see :func:`tooltip_box`), kept on screen, its words wrapped to keep
    it ``width`` wide at most if given; returns its rect."""
    px = max(14, round(18 * scale))
    pad = round(7 * scale) + 2
    lines = [text.render(line, px, INK) for line in (text.wrap(label, px, width - 2 * pad) if width else [label])]
    size = (max(ln.get_width() for ln in lines) + 2 * pad, sum(ln.get_height() for ln in lines) + pad)
    box = tooltip_box(size, anchor, surface.get_rect(), scale, avoid)
    pygame.draw.rect(surface, (20, 24, 22), box, border_radius=max(3, round(6 * scale)))
    pygame.draw.rect(surface, GOLD, box, width=1, border_radius=max(3, round(6 * scale)))
    y = box.y + pad // 2
    for line in lines:
        y = surface.blit(line, line.get_rect(midtop=(box.centerx, y))).bottom
    return box


def caption_lines(text: Text, note: str, px: int, width: int, most: int = 2) -> list[str]:
    """``note`` wrapped to ``width`` in at most ``most`` lines (the last one fitted, cut only as a last resort)."""
    lines = text.wrap(note, px, width)
    return lines[:most - 1] + [" ".join(lines[most - 1:])] if len(lines) > most else lines


def draw_caption(surface: pygame.Surface, text: Text, lines: Sequence[str], px: int, midtop: tuple[int, int],
                 width: int, color: tuple[int, ...] = MUTED) -> None:
    """Lines of small text centred under a point (a button's caption: what its short label leaves out)."""
    x, y = midtop
    for line in lines:
        y = text.blit(surface, line, px, (x, y), color, "midtop", width).bottom


def key_tip(hotkey: str) -> str:
    return f"Key: {hotkey}"


def draw_buttons_and_tip(surface: pygame.Surface, text: Text, buttons: Sequence[Button], hover: object,
                         scale: float, avoid: Sequence[pygame.Rect] = ()) -> None:
    """``buttons``, the one under the mouse (its key is ``hover``) lit, and its ``tip`` if it has one, as wide as
    the button, off the others and ``avoid`` (say the seat it would hide) where it can be (a race table's: no key
    tips, which would sit beside Snap! while the pointer rests there)."""
    for b in buttons:
        b.draw(surface, text, b.key == hover)
        if b.key == hover and b.tip:
            draw_tooltip(surface, text, b.tip, b.rect, scale, [o.rect for o in buttons if o is not b] + list(avoid),
                         b.rect.w)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, ...] = PANEL, radius: int = 12,
               border: tuple[int, ...] | None = None, cache: dict | None = None) -> None:
    """A translucent rounded panel (the translucent surface is cached by size and colour)."""
    key = (rect.size, tuple(color), radius, tuple(border) if border else None)
    surf = cache.get(key) if cache is not None else None
    if surf is None:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, color, surf.get_rect(), border_radius=radius)
        if border:
            pygame.draw.rect(surf, border, surf.get_rect(), width=max(2, radius // 5), border_radius=radius)
        if cache is not None:
            if len(cache) > 200:
                cache.clear()
            cache[key] = still(surf)  # (it never changes: a window's canvas may keep its blit)
    surface.blit(surf, rect.topleft)


def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The green table with a soft vignette, made once per window size (each caller gets its own copy:
    every menu and table opening asks for it, and making it costs tens of milliseconds)."""
    screen = pygame.display.get_surface()
    key = (tuple(size), screen.get_bitsize() if screen else 0, screen.get_masks() if screen else ())  # its pixel format
    felt = _FELTS.get(key)
    if felt is None:
        _FELTS.clear()  # one window size at a time
        felt = _FELTS[key] = _make_felt(size)
    return felt.copy()


_FELTS: dict[tuple, pygame.Surface] = {}


def panelled_felt(size: tuple[int, int], panels: Sequence[pygame.Rect], color: tuple[int, ...], radius: int
                  ) -> pygame.Surface:
    """The felt with ``panels`` drawn on it (a hand table's seats and log: its static background), made once per
    window size, pixel format and panels and SHARED, never copied: the caller only reads it (blits from it).  A table
    opened again (a new game, a resume, the next hot-seat player's view seen before) takes it at once instead of
    copying the felt twice and painting a dozen panels (10 to 40 ms at 3840x2160)."""
    screen = pygame.display.get_surface()
    key = (tuple(size), screen.get_bitsize() if screen else 0, screen.get_masks() if screen else (),
           tuple(map(tuple, panels)), tuple(color), radius)
    surf = _PANELLED.pop(key, None)
    if surf is None:
        surf = felt_background(size)
        for rect in panels:
            draw_panel(surf, rect, color, radius)
    while len(_PANELLED) >= 2:  # the two used last (a hot-seat table's two views): each a whole window's pixels
        del _PANELLED[next(iter(_PANELLED))]
    _PANELLED[key] = surf
    return surf


_PANELLED: dict[tuple, pygame.Surface] = {}


def _make_felt(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            k = 1.0 - 0.45 * d * d
            small.set_at((x, y), (round(FELT[0] * k), round(FELT[1] * k), round(FELT[2] * k)))
    return pygame.transform.smoothscale(small, (w, h)).convert()
