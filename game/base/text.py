"""Text on screen: fonts and rendered strings, cached, with suits drawn in red (a primitive every layer uses)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame

INK = (245, 245, 235)
RED_SUIT = (255, 128, 116)

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


def _glued(words: list[str]) -> list[str]:
    """Words to wrap, a lone separator ("·") kept with the word before it, so that no line starts with one."""
    out: list[str] = []
    for word in words:
        if word == "\u00b7" and out:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


class Recent(dict):  # type: ignore[type-arg]
    """A cache that, once full, forgets the half of it used longest ago (not all it holds): a screen's steady text
    (its headers, its hints) is not rendered again each time its changing text (scores, log lines) fills it."""

    def __init__(self, limit: int = 600) -> None:
        super().__init__()
        self.limit = limit

    def fetch(self, key: object) -> Any:
        """The value kept for ``key`` (now the most recently used), or None."""
        value = self.pop(key, None)
        if value is not None:
            self[key] = value
        return value

    def keep(self, key: object, value: Any) -> Any:
        if len(self) >= self.limit:
            for old in list(self)[:len(self) // 2]:
                del self[old]
        self[key] = value
        return value


class Text:
    """Fonts and rendered strings, cached (nothing is rendered twice while it stays on screen)."""

    def __init__(self, font_file: Path | None = None) -> None:
        """``font_file``: the shipped font (with suit glyphs and even letter spacing); pygame's default if None."""
        self.font_file = font_file if font_file is not None and Path(font_file).is_file() else None
        self.has_suits = self.font_file is not None
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache = Recent()  # rendered strings by (text, px, colour)
        self._fits = Recent()
        self._wraps = Recent()

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
        surf = self._cache.fetch(key)
        if surf is None:
            surf = self._fresh(self._render, text, px, color)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache.keep(key, surf)
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
        surf = self._fits.fetch(key)
        if surf is None:
            surf = self._fits.keep(key, self._fresh(self._fit, text, px, max_w, color))
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
        lines = self._wraps.fetch(key)
        if lines is None:
            lines = self._wraps.keep(key, self._fresh(self._wrap, text, px, max_w))
        return lines

    def _wrap(self, text: str, px: int, max_w: int) -> list[str]:
        """Each word is measured once and widths are added up, so the cost is linear in the text."""
        font = self.font(px)
        space = font.size(" ")[0]
        lines: list[str] = []
        line: list[str] = []
        width = 0
        for word in _glued(text.split()):
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
