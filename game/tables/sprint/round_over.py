"""Sprint's round-over screen (its table's ``result_scene``): scores, then next round or back to the title."""

from __future__ import annotations

import pygame

from engine.cards import Card, cards_of_mask

from game.kit.layout import match_rows
from game.kit.scoresheet import ScoreSheet, draw_scoresheet
from game.kit.sprites import blit_card
from game.kit.tweens import out_cubic
from game.kit.ui import GOLD, INK, MUTED, Button, draw_panel
from game.kit.wording import winners_title
from game.screens.menu import MenuScene
from game.tables.sprint.match import match_rounds, next_round, played


class RoundOverScene(MenuScene):
    """Everyone's matches, hand penalty and total, counted up; hands are shown only on request."""

    hotkeys = {"reveal": "V", "again": "A", "menu": "Esc"}

    def __init__(self, app, table) -> None:
        self.table = table
        self.result = table.state.result
        self.revealed = False
        self.age = 0.0
        self.sheet = match_sheet(table)
        super().__init__(app)

    @property
    def match_over(self) -> bool:
        return self.sheet is not None and len(self.sheet.rows) >= match_rounds(self.table.setup)

    @property
    def count_time(self) -> float:
        return 1.2 * max(0.05, self.app.settings.anim_factor) if self.app.settings.anim_factor else 0.0

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        y, w, gap = self.layout.h - round(70 * s), round(230 * s), round(20 * s)
        x0 = self.layout.w // 2 - (3 * w + 2 * gap) // 2
        again = "Play again" if self.sheet is None else ("New match" if self.match_over else "Next round")
        keys = [("reveal", "Hide hands" if self.revealed else "Show hands"), ("again", again), ("menu", "Main menu")]
        return [Button(k, label, pygame.Rect(x0 + i * (w + gap), y, w, round(50 * s)), primary=k == "again")
                for i, (k, label) in enumerate(keys)]

    def on_button(self, key: str) -> None:
        if key == "reveal":
            self.revealed = not self.revealed
            self.refresh()
        elif key == "again":
            setup = self.table.setup
            if self.sheet is not None and not self.table.replaying:  # the match goes on (or a new one starts)
                setup = next_round(setup, tuple(line.total for line in self.result.lines))
            self.app.start_game(setup, replace=True, replay=self.table.record if self.table.replaying else None)
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
        winners = self.result.winners
        what = ""
        if self.sheet is not None:
            n, total = len(self.sheet.rows), match_rounds(self.table.setup)
            if self.match_over:
                winners, what = sorted(self.sheet.leaders()), " the match"
            else:
                return f"Round {n} of {total}: " + " and ".join(self.table.name(p) for p in winners)
        return winners_title([self.table.name(p) for p in winners], what)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        state = self.table.state
        n = state.num_players
        top = round(140 * s)
        bottom = self.layout.h - round(90 * s)
        row_h = min((bottom - top) // n, round(220 * s))  # the most a row may take
        x0 = round(40 * s)
        w = self.layout.w - 2 * x0
        if self.sheet is not None:  # the match's score sheet on the right, the round's rows beside it
            sheet_w = min(round(w * 0.38), round(460 * s))
            w -= sheet_w + round(16 * s)
            draw_scoresheet(surface, text, pygame.Rect(x0 + w + round(16 * s), top, sheet_w, bottom - top),
                            self.sheet, s, f"Match: {len(self.sheet.rows)} of {match_rounds(self.table.setup)}",
                            self._panels)
        k = 1.0 if self.count_time == 0 else out_cubic(min(1.0, self.age / self.count_time))
        room = pygame.Rect(x0 + round(240 * s), 0, w - round(360 * s), row_h - round(22 * s))  # a row's for its cards
        held = [([cards_of_mask(m) for m in state.laid[p]], list(state.hand(p))) for p in range(n)]
        ch = min(_card_height(room, groups, hand, s) for groups, hand in held)  # one size for all
        # each row as tall as its own cards (its three lines of text at least), together centred (level with a sheet)
        heights = [max(round(92 * s), max([r.bottom for rects in _rows(room, *cards, ch) or [] for r in rects],
                                          default=0) + round(16 * s)) for cards in held]
        y = top + (bottom - top - sum(heights) - round(6 * s) * (n - 1)) // 2 * (self.sheet is None)
        for p, line in enumerate(self.result.lines):
            r = pygame.Rect(x0, y, w, heights[p])
            y = r.bottom + round(6 * s)
            win = p in self.result.winners
            draw_panel(surface, r, (8, 40, 28, 190), round(10 * s), GOLD if win else None, self._panels)
            text.blit(surface, self.table.name(p), round(26 * s), (r.x + round(12 * s), r.y + round(8 * s)), GOLD if win else INK,
                      max_w=round(200 * s))
            count, left = len(line.match_points), line.cards_left
            said = (f"{count} match{'es' if count != 1 else ''}: +{line.laid_points}" if count else "No matches",
                    f"{left} card{'s' if left != 1 else ''} in hand: -{left}" if left else "No cards left in hand")
            for words, at in zip(said, (38, 60)):
                text.blit(surface, words, round(18 * s), (r.x + round(12 * s), r.y + round(at * s)), MUTED, max_w=round(210 * s))
            total = round(line.total * k)
            text.blit(surface, f"{total}", round(46 * s), (r.right - round(20 * s), r.centery), GOLD if win else INK, "midright")
            # the matches as small cards wrapped in rows, then the hand (face down unless revealed on purpose)
            for rects, cards, face in _card_rows(room.move(0, r.y + round(8 * s)), *held[p], ch):
                for c, rr in zip(cards, rects):
                    blit_card(self.app.art, surface, c, rr, face or self.revealed, shadow=False)


def match_sheet(table) -> ScoreSheet | None:
    """The match's sheet with this round on it (None for a single round or a replay)."""
    setup = table.setup
    if match_rounds(setup) <= 1 or table.replaying:
        return None
    sheet = ScoreSheet([table.name(p) for p in range(table.state.num_players)])
    for row in played(setup):
        sheet.add_round(row)
    lines = table.state.result.lines
    sheet.add_round([line.total for line in lines], {p: "out" for p, line in enumerate(lines) if line.cards_left == 0})
    return sheet


def _card_height(area: pygame.Rect, groups: list[tuple[Card, ...]], hand: list[Card], scale: float) -> int:
    """The largest card height (96 px at scale 1 at most) at which the matches and the hand fit ``area``."""
    ch = min(area.h, round(96 * scale))
    while ch > 16 and _rows(area, groups, hand, ch) is None:
        ch = round(ch * 0.92)
    return ch


def _rows(area: pygame.Rect, groups: list[tuple[Card, ...]], hand: list[Card], ch: int):
    """Each match and the hand as rows of cards ``ch`` high in ``area`` (None if they don't fit)."""
    sizes = [len(g) for g in groups] + ([len(hand)] if hand else [])
    cw = round(ch * 0.7)
    for overlap in (0.3, 0.22):  # overlap more (the corner index still shows) before shrinking
        rows = match_rows(area, sizes, cw, ch, round(cw * overlap), round(cw * 0.16))
        if rows is not None:
            return rows
    return None


def _card_rows(area: pygame.Rect, groups: list[tuple[Card, ...]], hand: list[Card], ch: int):
    """Each match (face up) and the hand (last, face down) as rows of overlapping cards ``ch`` high."""
    rows = _rows(area, groups, hand, ch) or []
    out = [(rects, g, True) for rects, g in zip(rows, groups)]
    if hand and len(rows) > len(groups):
        out.append((rows[-1], tuple(hand), False))
    return out
