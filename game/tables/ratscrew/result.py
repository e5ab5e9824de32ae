"""Ratscrew's end screen: the winner, and each player's snaps by rule, wrong snaps and fastest snap."""

from __future__ import annotations

import pygame

from game.kit.ui import GOLD, INK, MUTED, draw_panel
from game.kit.wording import says
from game.screens.game_over import GameOverScene
from game.tables.ratscrew.steps import RULE_KEYS

RULE_LABELS = {"calling_out": "Call", "standard": "Pair", "sandwich": "Sandwich", "dark_queen": "Dark queen",
               "counting_out": "Count"}


class RatscrewResultScene(GameOverScene):
    """Standings: the winner first, then by stacks won."""

    @property
    def title(self) -> str:  # type: ignore[override]
        winner = self.table.state.winner
        return f"{says(self.table.name(winner), 'wins')}!" if winner is not None else "Game over"

    subtitle = "One player holds the whole deck."

    def standings(self) -> list[int]:
        t = self.table
        counts = t.stat_counts()
        won = [sum(c.get(f"snaps_{k}", 0) for k in RULE_KEYS) for c in counts]
        return sorted(range(t.state.num_seats), key=lambda p: (p != t.state.winner, -t.model.piles[p], -won[p], p))

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        t = self.table
        counts = t.stat_counts()
        order = self.standings()
        n = len(order)
        top = round(150 * s)
        bottom = self.layout.h - round(96 * s)
        head_h = round(30 * s)
        row_h = min((bottom - top - head_h) // n, round(76 * s))
        x0 = round(60 * s)
        w = self.layout.w - 2 * x0
        cols = ["Place", "Player", "Cards"] + [RULE_LABELS[k] for k in RULE_KEYS] + ["Wrong", "Fastest"]
        xs = [0.0, 0.08, 0.34] + [0.43 + 0.075 * i for i in range(len(RULE_KEYS))] + [0.81, 0.9]
        for label, fx in zip(cols, xs):
            text.blit(surface, label, round(18 * s), (x0 + round(fx * w) + round(12 * s), top), MUTED)
        y = top + head_h
        for place, p in enumerate(order, 1):
            r = pygame.Rect(x0, y, w, row_h - round(6 * s))
            win = p == t.state.winner
            draw_panel(surface, r, (8, 40, 28, 190), round(10 * s), GOLD if win else None, self._panels)
            c = counts[p]
            fastest = c.get("fastest_snap_ms")
            values = [str(place), t.name(p), str(t.model.piles[p])] + \
                [str(c.get(f"snaps_{k}", 0)) for k in RULE_KEYS] + \
                [str(c["wrong_snaps"]), f"{fastest} ms" if fastest is not None else "-"]
            for i, (value, fx) in enumerate(zip(values, xs)):
                px = round((26 if i == 1 else 22) * s)
                color = GOLD if win and i < 3 else INK
                nxt = xs[i + 1] if i + 1 < len(xs) else 1.0
                text.blit(surface, value, px, (x0 + round(fx * w) + round(12 * s), r.centery), color, "midleft",
                          round((nxt - fx) * w) - round(14 * s))
            y += row_h
        text.blit(surface, "Snaps won by rule (a snap counts for every rule it showed); fastest: from the snap "
                  "showing to the winning press.", round(16 * s), (self.layout.w // 2, y + round(6 * s)), MUTED,
                  "midtop", w)
