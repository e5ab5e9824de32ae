"""Small drawing helpers shared by the scenes: cached text, buttons, panels, toasts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import pygame

FELT = (22, 92, 64)
FELT_DARK = (14, 64, 44)
INK = (245, 245, 235)
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
RED_SUIT = (255, 128, 116)
FOCUS_RING = (255, 214, 64)

SUIT_GLYPHS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_RED_GLYPHS = "\u2666\u2665"
_CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([CDHS])(?![A-Za-z0-9])")
_GLYPH_RUNS = re.compile("([\u2666\u2665])")
MIN_TEXT_PX = 15
"""No text is drawn smaller (15 px is a 9 pt font, about 11 pixels high: the smallest readable size)."""
FONT_POINTS = 0.62
"""The shipped font's point size for a ``px`` size (``px`` keeps pygame's default font's scale)."""


def suited(text: str) -> str:
    """Card codes in ``text`` written with suits: "Ada discarded AC" -> "Ada discarded A\u2663", "TD" -> "10\u2666"."""
    return _CARD_CODE.sub(lambda m: ("10" if m.group(1) == "T" else m.group(1)) + SUIT_GLYPHS[m.group(2)], text)


def unsuited(text: str) -> str:
    """Suit glyphs back to letters, for a font that has none ("A\u2663" -> "AC")."""
    for letter, glyph in SUIT_GLYPHS.items():
        text = text.replace(glyph, letter)
    return text


class Text:
    """Fonts and rendered strings, cached (nothing is rendered twice while it stays on screen)."""

    def __init__(self, font_file: Path | None = None) -> None:
        """``font_file``: the shipped font (with suit glyphs and even letter spacing); pygame's default if None."""
        self.font_file = font_file if font_file is not None and Path(font_file).is_file() else None
        self.has_suits = self.font_file is not None
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._fits: dict[tuple, pygame.Surface] = {}
        self._wraps: dict[tuple, list[str]] = {}

    def _fresh(self, work, *args):  # noqa: ANN001, ANN002, ANN202
        """``work(*args)``; if a cached font died with an earlier font module (pygame quit and
        started again under it), the fonts are made anew and the work done once more."""
        try:
            return work(*args)
        except pygame.error:
            self._fonts.clear()
            return work(*args)

    def font(self, px: int) -> pygame.font.Font:
        px = max(MIN_TEXT_PX, int(px))
        font = self._fonts.get(px)
        if font is None:
            if self.font_file is not None:
                font = pygame.font.Font(self.font_file, max(6, round(px * FONT_POINTS)))
            else:
                font = pygame.font.Font(None, px)
            self._fonts[px] = font
        return font

    def render(self, text: str, px: int, color: tuple[int, ...] = INK) -> pygame.Surface:
        text = text.replace("\x00", "")  # names come from files; the font can't draw a NUL
        key = (text, max(MIN_TEXT_PX, int(px)), tuple(color))
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 600:
                self._cache.clear()
            surf = self._fresh(self._render, text, px, color)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        return surf

    def _render(self, text: str, px: int, color: tuple[int, ...]) -> pygame.Surface:
        """One line; red suits drawn red (a run of pieces blitted side by side)."""
        font = self.font(px)
        if not self.has_suits:
            return font.render(unsuited(text), True, color)
        pieces = [p for p in _GLYPH_RUNS.split(text) if p]
        if len(pieces) <= 1 and not (pieces and pieces[0] in _RED_GLYPHS):
            return font.render(text, True, color)
        surfs = [font.render(p, True, RED_SUIT if p in _RED_GLYPHS else color) for p in pieces]
        out = pygame.Surface((sum(s.get_width() for s in surfs), font.get_height()), pygame.SRCALPHA)
        x = 0
        for piece in surfs:
            out.blit(piece, (x, 0))
            x += piece.get_width()
        return out

    def fit(self, text: str, px: int, max_w: int, color: tuple[int, ...] = INK) -> pygame.Surface:
        """``text`` at ``px`` or smaller so it fits in ``max_w`` pixels (cut with ... as a last resort)."""
        key = (text, int(px), int(max_w), tuple(color))
        surf = self._fits.get(key)
        if surf is None:
            if len(self._fits) > 600:
                self._fits.clear()
            surf = self._fits[key] = self._fresh(self._fit, text, px, max_w, color)
        return surf

    def _fit(self, text: str, px: int, max_w: int, color: tuple[int, ...]) -> pygame.Surface:
        """The largest size from ``px`` down to 10 that fits; else size 10, cut with "...".

        Linear in the text's length: no glyph is narrower than a pixel, so at most
        ``max_w`` characters can show; the size comes from one measurement and the
        cut from a binary search, never from trimming one character at a time.
        """
        max_w = max(1, int(max_w))
        cut = len(text) > max_w
        if cut:
            text = text[:max_w]
        size = int(px)
        if not cut:
            width = self.font(size).size(text)[0]
            if width > max_w:
                size = max(MIN_TEXT_PX, min(size - 1, size * max_w // width))
                while size < int(px) and self.font(size + 1).size(text)[0] <= max_w:
                    size += 1
                while size > MIN_TEXT_PX and self.font(size).size(text)[0] > max_w:
                    size -= 1
            if self.font(size).size(text)[0] <= max_w:
                return self.render(text, size, color)
        size = min(size, MIN_TEXT_PX) if cut else size
        font = self.font(size)
        lo, hi = 1, len(text)  # the longest prefix that fits with "..." (at least one character)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid] + "...")[0] <= max_w:
                lo = mid
            else:
                hi = mid - 1
        return self.render(text[:lo] + "...", size, color)

    def wrap(self, text: str, px: int, max_w: int) -> list[str]:
        """``text`` broken into lines of at most ``max_w`` pixels (cached)."""
        key = (text, int(px), int(max_w))
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) > 600:
                self._wraps.clear()
            lines = self._wraps[key] = self._fresh(self._wrap, text, px, max_w)
        return lines

    def _wrap(self, text: str, px: int, max_w: int) -> list[str]:
        """Each word is measured once and widths are added up, so the cost is linear in the text."""
        font = self.font(px)
        space = font.size(" ")[0]
        lines: list[str] = []
        line: list[str] = []
        width = 0
        for word in text.split():
            w = font.size(word)[0]
            if line and width + space + w > max_w:
                lines.append(" ".join(line))
                line, width = [word], w
            else:
                width += (space if line else 0) + w
                line.append(word)
        if line:
            lines.append(" ".join(line))
        return lines

    def blit(self, target: pygame.Surface, text: str, px: int, pos: tuple[int, int], color: tuple[int, ...] = INK,
             anchor: str = "topleft", max_w: int | None = None) -> pygame.Rect:
        surf = self.fit(text, px, max_w, color) if max_w else self.render(text, px, color)
        rect = surf.get_rect(**{anchor: pos})
        target.blit(surf, rect)
        return rect


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
            draw_focus_ring(surface, rect, s, radius)
        ink = (70, 80, 76) if not self.enabled else BUTTON_INK
        text.blit(surface, self.label, round(rect.h * 0.55), rect.center, ink, "center", rect.w - round(12 * s))


_BUTTON_IMAGES: dict[tuple, pygame.Surface] = {}
"""Buttons as drawn, by label, size and look (hover, focus, enabled)."""


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float, radius: int | None = None) -> None:
    """The keyboard focus: a thick bright ring with a dark edge, visible on felt, cards and buttons alike."""
    w = max(3, round(4 * scale))
    gap = max(2, round(3 * scale))
    radius = max(4, round(rect.h * 0.12)) if radius is None else radius
    outer = rect.inflate(2 * (gap + w) + 2, 2 * (gap + w) + 2)
    pygame.draw.rect(surface, (10, 20, 16), outer, width=w + 2, border_radius=radius + gap + w)
    pygame.draw.rect(surface, FOCUS_RING, outer.inflate(-2, -2), width=w, border_radius=radius + gap + w)


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
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small dark label beside ``anchor`` (see :func:`tooltip_box`), kept on screen; returns its rect."""
    px = max(14, round(18 * scale))
    pad = round(7 * scale) + 2
    surf = text.render(label, px, INK)
    box = tooltip_box((surf.get_width() + 2 * pad, surf.get_height() + pad), anchor, surface.get_rect(), scale, avoid)
    pygame.draw.rect(surface, (20, 24, 22), box, border_radius=max(3, round(6 * scale)))
    pygame.draw.rect(surface, GOLD, box, width=1, border_radius=max(3, round(6 * scale)))
    surface.blit(surf, surf.get_rect(center=box.center))
    return box


def key_tip(hotkey: str) -> str:
    return f"Key: {hotkey}"


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
            cache[key] = surf
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
