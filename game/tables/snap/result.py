"""Snap's end screen: standings, and each player's fastest and average snap and false calls."""

from __future__ import annotations


import pygame

from game.kit.ui import GOLD, INK, MUTED, draw_panel
from game.kit.wording import says
from game.screens.game_over import GameOverScene
from game.tables.snap.fx import reason_line

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


class SnapResultScene(GameOverScene):
    @property
    def title(self) -> str:  # type: ignore[override]
        state = self.table.state
        names = [self.table.name(s) for s in state.winners]
        if state.end_reason == "draw" and len(names) > 1:
            return "A draw"
        return f"{says(names[0], 'wins')}!" if len(names) == 1 else "Shared win: " + " and ".join(names)

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        state = self.table.state  # the title says who won: the second line says only why
        return reason_line(state.end_reason, len(state.winners))

    def rows(self) -> list[tuple[str, ...]]:
        state = self.table.state
        outcome = state.outcome()
        stats = state.call_stats()
        order = sorted(range(state.num_seats), key=lambda s: (outcome.placings[s], s))
        out = []
        for seat in order:
            st = stats[seat]
            cards = state.holding(seat) if state.is_in(seat) else 0
            out.append((ORDINALS[outcome.placings[seat] - 1], self.table.name(seat), str(cards),
                        f"{st.wins} of {st.calls}" if st.calls else "-",
                        f"{st.fastest_ms} ms" if st.fastest_ms is not None else "-",
                        f"{st.average_ms} ms" if st.average_ms is not None else "-", str(st.false_calls)))
        return out

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        head = ("Place", "Player", "Cards", "Snaps won", "Fastest", "Average", "False calls")
        widths = (0.1, 0.26, 0.1, 0.14, 0.14, 0.14, 0.12)
        rows = self.rows()
        row_h = round(44 * s)
        panel = pygame.Rect(0, 0, min(self.layout.w - round(40 * s), round(1000 * s)), row_h * (len(rows) + 1) + round(24 * s))
        panel.midtop = (self.layout.w // 2, round(170 * s))
        draw_panel(surface, panel, (10, 40, 30, 200), round(14 * s), None, self._panels)
        y = panel.y + round(12 * s)
        for r, cells in enumerate([head] + rows):
            x = panel.x + round(16 * s)
            for c, (cell, frac) in enumerate(zip(cells, widths)):
                w = round((panel.w - round(32 * s)) * frac)
                colour = MUTED if r == 0 else (GOLD if r == 1 else INK)
                px = round((20 if r == 0 else 26) * s)
                anchor, pos = ("midleft", (x, y + row_h // 2)) if c == 1 else ("center", (x + w // 2, y + row_h // 2))
                text.blit(surface, cell, px, pos, colour, anchor, w - round(8 * s))
                x += w
            y += row_h
        note = "Times are from the moment the match showed to the call. A false call costs a card to each other player."
        text.blit(surface, note, round(18 * s), (self.layout.w // 2, panel.bottom + round(14 * s)), MUTED, "midtop",
                  panel.w)
