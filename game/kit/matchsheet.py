"""The paper style of the score sheet: rounds by players, each round's points and the running total.

The data is the kit's one score sheet model (:class:`~game.kit.scoresheet.ScoreSheet`,
which counts the totals, standings and leaders); :func:`draw_sheet` draws it
like the sheets players print: every round of the match has its line from the
start (the rounds to come are empty lines with their names), each line shows the
round's points beside the running total, a marked cell (the player who went
out) is circled, and after a round its hand counts show under its line.
:class:`SheetScene` shows it over the table (between rounds, with a button to go
on); :class:`StandingsScene` is the final standings with the sheet below.
Scamper uses it; :func:`game.kit.scoresheet.draw_scoresheet` draws the same
model as a compact panel beside other things (Sprint's match).  Nothing here
imports a game.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.kit.layout import MenuLayout
from game.kit.scoresheet import ScoreSheet
from game.kit.ui import GOLD, INK, MUTED, Button, felt_background
from game.kit.wording import ordinal
from game.base.scene import Scene

PAPER = (246, 242, 228)
PAPER_INK = (34, 40, 38)
PAPER_MUTED = (110, 116, 110)
RULE = (180, 190, 205)
MARGIN_RED = (210, 90, 80)  # the margin line only: red on a score reads as a penalty (lowest wins in Scamper)
LEADER_INK = (140, 95, 0)  # the leader's total and "1st": the felt sheet's gold, dark enough for paper
OUT_MARK = (30, 120, 70)
LEAD = (255, 236, 160)
CELL_WORDS = ("round", "total")
"""Over each player's column: a cell's left number is the round's points, its right one the running total."""


def draw_sheet(surface: pygame.Surface, text: Any, rect: pygame.Rect, data: ScoreSheet, scale: float,
               highlight_last: bool = False) -> None:
    """The sheet on paper in ``rect``: a column per player, a line per round (points and running total)."""
    s = scale
    n = max(1, len(data.players))
    start = any(data.start)
    lines = max(len(data.rows), data.rounds) + 3 + start  # names, what a cell's numbers are, totals, start scores
    extra = 1 if highlight_last and data.rows and data.rows[-1].cards_left is not None else 0
    pad = round(10 * s)
    row_h = max(12, min(round(34 * s), (rect.h - 2 * pad) // (lines + extra)))
    rect = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, row_h * (lines + extra) + 2 * pad))
    pygame.draw.rect(surface, PAPER, rect, border_radius=round(8 * s))
    inner = rect.inflate(-2 * pad, -2 * pad)
    px = max(11, min(round(20 * s), round(row_h * 0.62)))
    label_w = min(round(inner.w * 0.3), round(300 * s))
    col_w = (inner.w - label_w) / n
    x0 = inner.x + label_w
    # the red margin line and the column rules, like a printed sheet
    pygame.draw.line(surface, MARGIN_RED, (x0 - 3, rect.y + 2), (x0 - 3, rect.bottom - 3), max(1, round(2 * s)))
    for k in range(1, n):
        x = round(x0 + k * col_w)
        pygame.draw.line(surface, RULE, (x, inner.y), (x, inner.y + row_h * (lines + extra)), 1)
    y = inner.y
    text.blit(surface, "Round", px, (inner.x, y + row_h // 2), PAPER_MUTED, "midleft")
    for k, name in enumerate(data.players):
        text.blit(surface, name, px, (round(x0 + (k + 0.5) * col_w), y + row_h // 2), PAPER_INK, "center",
                  round(col_w) - 6)
    y += row_h
    small = max(10, round(px * 0.78))
    for k in range(n):  # each cell holds two numbers: named once, over each column (CELL_WORDS)
        cx = round(x0 + (k + 0.5) * col_w)
        for words, dx in zip(CELL_WORDS, (-0.22, 0.24)):
            text.blit(surface, words, small, (cx + round(col_w * dx), y + row_h // 2), PAPER_MUTED, "center",
                      round(col_w * 0.48))
    y += row_h
    pygame.draw.line(surface, PAPER_INK, (inner.x, y), (inner.right, y), max(1, round(2 * s)))
    running = data.running()
    if start:
        text.blit(surface, data.start_label, small, (inner.x, y + row_h // 2), PAPER_MUTED, "midleft", label_w - 8)
        for k, value in enumerate(data.start):
            if value:
                text.blit(surface, str(value), px, (round(x0 + (k + 0.74) * col_w), y + row_h // 2), PAPER_INK,
                          "center", round(col_w * 0.45))
        y += row_h
        pygame.draw.line(surface, RULE, (inner.x, y), (inner.right, y), 1)
    for i in range(max(len(data.rows), data.rounds)):
        if i < len(data.rows):
            row = data.rows[i]
            last = highlight_last and i == len(data.rows) - 1
            if last:
                pygame.draw.rect(surface, LEAD, (inner.x, y + 1, inner.w, row_h * (1 + extra) - 1))
            label = f"{row.number or i + 1}. {row.label}" + (f"  ({row.note})" if row.note else "")
            text.blit(surface, label, small, (inner.x, y + row_h // 2), PAPER_INK, "midleft", label_w - 8)
            for k, pts in enumerate(row.cells):
                cx = round(x0 + (k + 0.5) * col_w)
                out = k in row.marks
                shown = ("-" if pts is None else row.marks[k] if out and pts == 0
                         else f"+{pts}" if pts > 0 else str(pts))
                color = OUT_MARK if out else PAPER_INK
                word = text.blit(surface, shown, small, (cx - round(col_w * 0.22), y + row_h // 2), color, "center",
                                 round(col_w * 0.45))
                text.blit(surface, str(running[i][k]), px, (cx + round(col_w * 0.24), y + row_h // 2), PAPER_INK,
                          "center", round(col_w * 0.45))
                if out:  # a ring round the word with room on every side, clear of the row's rules
                    pygame.draw.rect(surface, OUT_MARK, out_ring(word, row_h, s), max(1, round(2 * s)),
                                     border_radius=row_h)
            y += row_h
            if last and extra:
                text.blit(surface, "cards left in hand", small, (inner.x + round(14 * s), y + row_h // 2),
                          PAPER_MUTED, "midleft", label_w - 8)
                for k, left in enumerate(row.cards_left or ()):
                    cx = round(x0 + (k + 0.5) * col_w)
                    text.blit(surface, "went out" if k in row.marks else f"{left} card{'s' if left != 1 else ''}",
                              small, (cx, y + row_h // 2), PAPER_MUTED, "center", round(col_w) - 6)
                y += row_h
        else:
            j = i - len(data.rows)
            label = data.upcoming[j] if j < len(data.upcoming) else ""
            text.blit(surface, f"{i + 1}. {label}", small, (inner.x, y + row_h // 2), PAPER_MUTED, "midleft",
                      label_w - 8)
            y += row_h
        pygame.draw.line(surface, RULE, (inner.x, y), (inner.right, y), 1)
    pygame.draw.line(surface, PAPER_INK, (inner.x, y), (inner.right, y), max(1, round(2 * s)))
    leaders = data.leaders(before_play=True)
    text.blit(surface, "Total", px, (inner.x, y + row_h // 2), PAPER_INK, "midleft")
    for k, total in enumerate(data.totals()):  # under each column's "total"
        cx = round(x0 + (k + 0.74) * col_w)
        text.blit(surface, str(total), round(px * 1.1), (cx, y + row_h // 2), LEADER_INK if k in leaders else PAPER_INK,
                  "center", round(col_w * 0.48))


class _Overlay(Scene):
    """A full-window paper sheet on the felt, with buttons along the bottom."""

    def __init__(self, app: Any, data: ScoreSheet, title: str, subtitle: str,
                 actions: Sequence[tuple[str, str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.data = data
        self.title = title
        self.subtitle = subtitle
        self.actions = list(actions)
        self.hover: str | None = None
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = MenuLayout(*size)
        self.background = felt_background(size)
        s = self.layout.scale
        w, h = size
        bw, bh, gap = round(220 * s), round(48 * s), round(18 * s)
        x0 = w // 2 - (len(self.actions) * bw + (len(self.actions) - 1) * gap) // 2
        y = h - round(20 * s) - bh
        self.buttons = [Button(key, label, pygame.Rect(x0 + i * (bw + gap), y, bw, bh), primary=i == 0)
                        for i, (key, label, _) in enumerate(self.actions)]
        self.body = pygame.Rect(round(40 * s), round(150 * s), w - round(80 * s), y - round(16 * s) - round(150 * s))

    def on_button(self, key: str) -> None:
        for k, _, act in self.actions:
            if k == key:
                act()
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hover = next((b.key for b in self.buttons if b.rect.collidepoint(event.pos)), None)
            changed, self.hover = hover != self.hover, hover
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    self.on_button(b.key)
                    return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.on_button(self.buttons[0].key)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_button(self.buttons[-1].key)
            return True
        return False

    def draw_head(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        surface.blit(self.background, (0, 0))
        text.blit(surface, self.title, round(54 * s), (self.layout.w // 2, round(28 * s)), GOLD, "midtop",
                  self.layout.w - 40)
        text.blit(surface, self.subtitle, round(24 * s), (self.layout.w // 2, round(92 * s)), MUTED, "midtop",
                  self.layout.w - 40)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_head(surface)
        draw_sheet(surface, self.app.text, self.body, self.data, self.layout.scale, highlight_last=True)
        self.draw_buttons(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, self.app.text, self.hover == b.key)


class SheetScene(_Overlay):
    """The score sheet over the table: after a round (``on_next`` goes on) or whenever the player asks."""

    def __init__(self, app: Any, data: ScoreSheet, title: str, subtitle: str, next_label: str | None,
                 on_next: Callable[[], None] | None) -> None:
        def close() -> None:
            app.stack.pop()
            if on_next is not None:
                on_next()

        actions = [("next", next_label or "Back to the table", close)]
        super().__init__(app, data, title, subtitle, actions)


class StandingsScene(_Overlay):
    """The final standings (best first, shared places) above the whole sheet; play again or go to the menu."""

    def __init__(self, app: Any, data: ScoreSheet, title: str, on_again: Callable[[], None],
                 on_menu: Callable[[], None], again_label: str = "Play again") -> None:
        rounds = len(data.rows)
        words = (f"Final standings after {rounds} round{'s' if rounds != 1 else ''}: "
                 + ("lowest total wins." if data.lower_wins else "highest total wins."))
        given = ", ".join(f"{name} {points}" for name, points in zip(data.players, data.start) if points)
        words += f" {data.start_label}: {given}." if given else ""  # a score before round 1 is said, not only listed
        super().__init__(app, data, title, words, [("again", again_label, on_again), ("menu", "Main menu", on_menu)])

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_head(surface)
        s = self.layout.scale
        text = self.app.text
        places = self.data.standings()
        totals = self.data.totals()
        n = max(1, len(places))
        gap = round(10 * s)
        box_h = round(70 * s)
        box_w = min(round(220 * s), (self.body.w - gap * (n - 1)) // n)
        x = self.body.centerx - (n * box_w + (n - 1) * gap) // 2
        for i, (place, seat) in enumerate(places):
            box = pygame.Rect(x + i * (box_w + gap), self.body.y, box_w, box_h)
            pygame.draw.rect(surface, PAPER if place == 1 else (226, 232, 222), box, border_radius=round(8 * s))
            if place == 1:
                pygame.draw.rect(surface, GOLD, box, width=max(2, round(3 * s)), border_radius=round(8 * s))
            text.blit(surface, ordinal(place), round(18 * s), (box.x + round(8 * s), box.y + round(6 * s)),
                      LEADER_INK if place == 1 else PAPER_MUTED)
            text.blit(surface, f"{totals[seat]}", round(18 * s), (box.right - round(8 * s), box.y + round(6 * s)),
                      PAPER_INK, "topright")
            text.blit(surface, self.data.players[seat], round(26 * s), (box.centerx, box.bottom - round(8 * s)),
                      PAPER_INK, "midbottom", box.w - round(12 * s))
        sheet = pygame.Rect(self.body.x, self.body.y + box_h + round(16 * s), self.body.w,
                            self.body.h - box_h - round(16 * s))
        draw_sheet(surface, text, sheet, self.data, s)
        self.draw_buttons(surface)


__all__ = ["draw_sheet", "SheetScene", "StandingsScene", "INK"]


def out_ring(word: pygame.Rect, row_h: int, scale: float) -> pygame.Rect:
    """The ring round a seat's "out" mark (``word``: where the word is drawn) in a row ``row_h`` high: a pill that
    leaves the word room on every side and stays a few pixels inside the row's rules."""
    inset = max(4, round(4 * scale)) if row_h >= word.h + 8 else 2  # a cramped row: just inside its rules
    ring = pygame.Rect(0, 0, word.w + 2 * max(5, round(8 * scale)), row_h - 2 * inset)
    ring.center = word.center
    return ring
