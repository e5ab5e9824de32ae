"""The round-over screen: scores, then next round or back to the title."""

from __future__ import annotations

import pygame

from engine.cards import Card

from game.kit.tweens import out_cubic
from game.kit.ui import GOLD, INK, MUTED, Button, draw_panel
from game.screens.menu import MenuScene


class RoundOverScene(MenuScene):
    """Everyone's matches, hand penalty and total, counted up; hands are shown only on request."""

    hotkeys = {"reveal": "V", "again": "A", "menu": "Esc"}

    def __init__(self, app, table) -> None:
        self.table = table
        self.result = table.state.result
        self.revealed = False
        self.age = 0.0
        super().__init__(app)

    @property
    def count_time(self) -> float:
        return 1.2 * max(0.05, self.app.settings.anim_factor) if self.app.settings.anim_factor else 0.0

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        y = self.layout.h - round(70 * s)
        w = round(230 * s)
        gap = round(20 * s)
        x0 = self.layout.w // 2 - (3 * w + 2 * gap) // 2
        keys = [("reveal", "Hide hands" if self.revealed else "Show hands"), ("again", "Play again"), ("menu", "Main menu")]
        return [Button(k, label, pygame.Rect(x0 + i * (w + gap), y, w, round(50 * s)), primary=k == "again")
                for i, (k, label) in enumerate(keys)]

    def on_button(self, key: str) -> None:
        if key == "reveal":
            self.revealed = not self.revealed
            self.refresh()
        elif key == "again":
            self.app.start_game(self.table.setup, replace=True, replay=self.table.record if self.table.replaying else None)
        elif key == "menu":
            self.app.to_title()

    def on_back(self) -> None:
        self.app.to_title()

    def update(self, dt: float) -> None:
        self.age += dt

    def is_animating(self) -> bool:
        return self.age < self.count_time

    subtitle = "Each match scores 1 + 2 + ... + its size; each card left in hand costs 1."

    @property
    def title(self) -> str:  # type: ignore[override]
        names = [self.table.name(p) for p in self.result.winners]
        if len(names) == 1:
            return f"{names[0]} wins!"
        return "Shared win: " + " and ".join(names)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        art = self.app.art
        state = self.table.state
        n = state.num_players
        top = round(140 * s)
        bottom = self.layout.h - round(90 * s)
        row_h = min((bottom - top) // n, round(120 * s))
        top += (bottom - top - row_h * n) // 2
        x0 = round(40 * s)
        w = self.layout.w - 2 * x0
        k = 1.0 if self.count_time == 0 else out_cubic(min(1.0, self.age / self.count_time))
        for p, line in enumerate(self.result.lines):
            r = pygame.Rect(x0, top + p * row_h, w, row_h - round(6 * s))
            win = p in self.result.winners
            draw_panel(surface, r, (8, 40, 28, 190), round(10 * s), GOLD if win else None, self._panels)
            text.blit(surface, self.table.name(p), round(26 * s), (r.x + round(12 * s), r.y + round(8 * s)), GOLD if win else INK,
                      max_w=round(200 * s))
            count = len(line.match_points)
            pts = f"+{line.laid_points} ({count} match{'es' if count != 1 else ''})" if count else "none"
            text.blit(surface, f"Matches: {pts}", round(18 * s), (r.x + round(12 * s), r.y + round(38 * s)), MUTED, max_w=round(210 * s))
            text.blit(surface, f"Hand: -{line.cards_left}", round(18 * s), (r.x + round(12 * s), r.y + round(60 * s)), MUTED)
            total = round(line.total * k)
            text.blit(surface, f"{total}", round(46 * s), (r.right - round(20 * s), r.centery), GOLD if win else INK, "midright")
            # the matches as small cards, then the hand (face down unless revealed on purpose)
            ch = min(round(r.h * 0.8), round(80 * s))
            cw = round(ch * 0.7)
            x = r.x + round(240 * s)
            limit = r.right - round(110 * s)
            matches = state.laid[p]
            hand = state.hand(p)
            needed = sum(cw + (len(_cards(m)) - 1) * cw * 0.34 + cw * 0.25 for m in matches) + cw + len(hand) * cw * 0.34 + cw * 0.6
            scale_k = min(1.0, (limit - x) / max(1, needed))
            cw2, ch2 = max(10, round(cw * scale_k)), max(14, round(ch * scale_k))
            yy = r.centery - ch2 // 2
            for m in matches:
                for c in _cards(m):
                    art.blit_face(surface, c, pygame.Rect(round(x), yy, cw2, ch2), shadow=False)
                    x += cw2 * 0.34
                x += cw2 * 0.66 + cw2 * 0.25
            x += cw2 * 0.4
            if hand:
                text.blit(surface, "hand:", round(16 * s), (round(x), yy - round(2 * s)), MUTED, "bottomleft")
            for c in hand:
                rr = pygame.Rect(round(x), yy, cw2, ch2)
                if self.revealed:
                    art.blit_face(surface, c, rr, shadow=False)
                else:
                    art.blit_back(surface, rr, shadow=False)
                x += cw2 * 0.34


def _cards(mask: int) -> tuple[Card, ...]:
    from engine.cards import cards_of_mask

    return cards_of_mask(mask)
