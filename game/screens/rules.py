"""The Rules screen: a game's rules pages, examples drawn as cards."""

from __future__ import annotations

from itertools import product
from typing import Any

import pygame

from engine.cards import Card
from engine.games import game_info, load


from game.base.cardart import NumberCard
from game.kit.ui import INK, MIN_TEXT_PX, Button
from game.screens.menu import InfoScene


def example_cards(codes: Any) -> list[Card | NumberCard]:
    """An example's cards from their codes: playing cards ("QH") or Double or Nothing's number cards ("N5")."""
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    return [NumberCard.parse(c) if isinstance(c, str) and c[:1] in "Nn" else c if isinstance(c, Card) else Card(c)
            for c in codes]


def example_places(example: Any, cw: int, ch: int, step: int) -> list[pygame.Rect]:
    """Where an example's cards go, from its top left: fanned ``step`` apart in one row, or as its ``piles`` (each
    squared with the cards under the top one just showing at its top left), ``step`` apart."""
    if not example.piles:
        return [pygame.Rect(i * step, 0, cw, ch) for i in range(len(example_cards(example.cards)))]
    peek, x, out = max(3, cw // 14), 0, []
    for n in example.piles:  # the top card where a fanned row's cards go, those under it a little up and left
        out += [pygame.Rect(x + i * peek, (i + 1 - n) * peek, cw, ch) for i in range(n)]
        x = out[-1].right + step
    return out


class RulesScene(InfoScene):
    """The rules in our own words (:mod:`game.rules`), one section per page, examples drawn as cards."""

    def __init__(self, app, game_id: str | None = None) -> None:
        self.page = 0
        self.info = game_info(game_id or app.game_id)
        self.sections = load(self.info.rules_pages)
        super().__init__(app)

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"{self.info.title} rules {self.page + 1}/{len(self.sections)}: {self.sections[self.page].title}"

    def extra_buttons(self) -> list[Button]:
        s = self.layout.scale
        back = self.back_rect()
        prev = pygame.Rect(0, 0, back.w, back.h)
        nxt = pygame.Rect(0, 0, back.w, back.h)
        prev.midright = (back.left - round(20 * s), back.centery)
        nxt.midleft = (back.right + round(20 * s), back.centery)
        return [Button("prev", "Previous", prev, enabled=self.page > 0, hotkey="Left"),
                Button("next", "Next", nxt, enabled=self.page < len(self.sections) - 1, hotkey="Right")]

    def handle_key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.on_button("prev" if key in (pygame.K_LEFT, pygame.K_PAGEUP) else "next")
            return True
        return super().handle_key(key)


    def on_button(self, key: str) -> None:
        if key == "prev":
            self.page = max(0, self.page - 1)
        elif key == "next":
            self.page = min(len(self.sections) - 1, self.page + 1)
        else:
            super().on_button(key)
            return
        self.refresh()

    def body_lines(self) -> list[str]:
        return list(self.sections[self.page].paragraphs)

    READABLE_PX = 21
    """The body text's size in a small window (the screens' 23 px at 1280x720 made 17 px at 960x600)."""

    def refresh(self) -> None:
        super().refresh()
        self._body = self._fitted_body()
        self._row = self._example_row()

    def body_size(self) -> tuple[int, int]:
        return self._body

    def _fitted_body(self) -> tuple[int, int]:
        """At least :data:`READABLE_PX` (the column widened with it, within the window), smaller only as far as
        the page needs to end above its example cards (or the buttons)."""
        s = self.layout.scale
        least = round(23 * s)
        bottom = self.layout.h - round((290 if self.sections[self.page].examples else 90) * s) - round(12 * s)
        for px in range(max(least, self.READABLE_PX), least - 1, -1):
            width = min(self.layout.w - round(60 * s), round(900 * s * px / least))
            lines = sum(len(self.app.text.wrap(p, px, width)) or 1 for p in self.body_lines())
            if round(160 * s) + lines * round(px * 1.15) + len(self.body_lines()) * round(8 * s) <= bottom:
                break
        return px, width

    def _example_row(self) -> tuple[int, int, list[int], list[list[str]]]:
        """The page's examples in one row within the body text's margins: card width, caption size, each example's
        width (its cards or its caption) and its caption's lines.  Captions get smaller, then take two lines, then
        the cards and the gaps get smaller, as far as the row needs to fit."""
        examples = self.sections[self.page].examples
        s, font = self.layout.scale, self.app.text.font
        room = self._body[1]
        sizes = range(max(MIN_TEXT_PX, round(20 * s)), MIN_TEXT_PX - 1, -1)
        for k, lines, px in product((1.0, 0.9, 0.8, 0.7, 0.6), (1, 2), sizes):
            cw, gap = round(84 * s * k), round(40 * s * k)
            ch, step = round(cw * 120 / 84), round(cw * 0.55)
            cards_w = [max(r.right for r in example_places(e, cw, ch, step)) for e in examples]
            wraps = [font(px).size(e.caption)[0] if lines == 1 else self._two_lines(e.caption, px) for e in examples]
            widths = [max(c, w) for c, w in zip(cards_w, wraps)]
            if sum(widths) + gap * (len(widths) - 1) <= room:
                break
        return cw, px, widths, [[e.caption] if font(px).size(e.caption)[0] <= w else self.app.text.wrap(e.caption, px, ww)
                                for e, w, ww in zip(examples, widths, wraps)]

    def _two_lines(self, caption: str, px: int) -> int:
        """The narrowest width ``caption`` wraps into two lines at (or one): the two about as long."""
        width = self.app.text.font(px).size(caption)[0] // 2
        while len(self.app.text.wrap(caption, px, width)) > 2:
            width += round(4 * self.layout.scale) or 1
        return width

    def draw_body(self, surface: pygame.Surface) -> None:
        super().draw_body(surface)
        examples = self.sections[self.page].examples
        if not examples:
            return
        s = self.layout.scale
        text = self.app.text
        cw, px, widths, captions = self._row
        ch, step, gap = round(cw * 120 / 84), round(cw * 0.55), round(cw * 40 / 84)
        x = (self.layout.w - sum(widths) - gap * (len(widths) - 1)) // 2
        y = self.layout.h - round(290 * s)
        for e, wdt, lines in zip(examples, widths, captions):
            cards = max(r.right for r in example_places(e, cw, ch, step))
            cx = x + (wdt - cards) // 2
            for c, r in zip(example_cards(e.cards), example_places(e, cw, ch, step)):
                r = r.move(cx, y)
                if isinstance(c, NumberCard):
                    self.app.art.blit_number(surface, c.value, r)
                else:
                    self.app.art.blit_face(surface, c, r)
            for n, line in enumerate(lines):
                text.blit(surface, line, px, (x + wdt // 2, y + ch + round(10 * s) + n * round(px * 1.1)),
                          INK if e.ok else (255, 150, 140), "midtop")
            if not e.ok:  # a red cross over a wrong example, so it reads at a glance
                r = pygame.Rect(cx, y, cards, ch).inflate(-round(10 * s), -round(20 * s))
                width = max(3, round(6 * s))
                pygame.draw.line(surface, (220, 60, 50), r.topleft, r.bottomright, width)
                pygame.draw.line(surface, (220, 60, 50), r.topright, r.bottomleft, width)
            x += wdt + gap
