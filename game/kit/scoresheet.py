"""The score sheet of a match: one model, drawn in the style each screen needs.

Data in, drawing out: a :class:`ScoreSheet` holds the players, the finished
rounds (:class:`SheetRow`: a label, one cell per player, marks such as who went
out, the hand counts after it, a note), the start scores, how many rounds the
match has and whether the lowest total wins; it alone counts the running
totals, the totals, the standings and the leaders.  Two styles draw it:
:func:`draw_scoresheet` here is the compact panel (Sprint's round-over screen),
drawn into a rectangle at any size (the newest rounds stay when not all fit;
text is fitted, never clipped); :func:`game.kit.matchsheet.draw_sheet` is the
full paper sheet of a long match with its scenes (Scamper).  It knows nothing
of any game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from game.kit.ui import GOLD, INK, MUTED, Text, draw_panel

SHEET_FILL = (10, 44, 32, 235)
LINE = (70, 110, 90)
MARK_FILL = (240, 200, 80)


@dataclass(frozen=True)
class SheetRow:
    """One round: its label ("Round 2"), each player's score (None: not played), and marks.

    ``marks`` maps a player's index to a short word drawn beside the cell ("out"
    for the player who went out, "x2" for a doubled score...).  ``number`` is the
    round's number when it is not its place on the sheet, ``cards_left`` the hand
    counts when it ended (the paper sheet shows them under the newest round) and
    ``note`` a few words after the label ("dealt twice").
    """

    label: str
    cells: tuple[int | None, ...]
    marks: dict[int, str] = field(default_factory=dict)
    number: int | None = None
    cards_left: tuple[int, ...] | None = None
    note: str = ""


@dataclass
class ScoreSheet:
    """The match so far: players, the rounds played, each player's start score and the rounds to come."""

    players: Sequence[str]
    rows: list[SheetRow] = field(default_factory=list)
    lower_wins: bool = False
    goal: str | None = None  # a line under the title: "First to 100 points", "3 rounds"
    start: tuple[int, ...] = ()  # each player's score before round 1 (none: 0)
    start_label: str = "Start"  # what the start scores are, on their line ("First dealer's bonus")
    rounds: int = 0  # rounds in the match: the paper sheet shows the unplayed ones as empty lines
    upcoming: tuple[str, ...] = ()  # labels of the rounds not played yet

    def add_round(self, cells: Sequence[int | None], marks: dict[int, str] | None = None,
                  label: str | None = None) -> SheetRow:
        if len(cells) != len(self.players):
            raise ValueError(f"a round needs {len(self.players)} cells, not {len(cells)}")
        row = SheetRow(label or f"Round {len(self.rows) + 1}", tuple(cells), dict(marks or {}))
        self.rows.append(row)
        return row

    def running(self) -> list[list[int]]:
        """Each row's running totals (the start plus every round up to and including it)."""
        totals = list(self.start or (0,) * len(self.players))
        out = []
        for row in self.rows:
            totals = [t + (c or 0) for t, c in zip(totals, row.cells)]
            out.append(list(totals))
        return out

    def totals(self) -> list[int]:
        run = self.running()
        return run[-1] if run else list(self.start or (0,) * len(self.players))

    def standings(self) -> list[tuple[int, int]]:
        """(place, player) best first (the lowest total if ``lower_wins``); equal totals share a place."""
        totals = self.totals()
        order = sorted(range(len(totals)), key=lambda s: totals[s] if self.lower_wins else -totals[s])
        out: list[tuple[int, int]] = []
        for i, seat in enumerate(order):
            place = out[-1][0] if i and totals[seat] == totals[order[i - 1]] else i + 1
            out.append((place, seat))
        return out

    def leaders(self, before_play: bool = False) -> set[int]:
        """The players with the best total; none before a round is played unless ``before_play``."""
        if not self.rows and not before_play:
            return set()
        return {seat for place, seat in self.standings() if place == 1}


def sheet_rows_shown(sheet: ScoreSheet, rect_h: int, scale: float) -> int:
    """How many round rows fit in ``rect_h`` (the header and total rows take two more)."""
    row_h = _row_h(sheet, rect_h, scale)
    return max(1, (rect_h - _pad(scale) * 2) // row_h - 3)


def _pad(scale: float) -> int:
    return max(4, round(10 * scale))


def _row_h(sheet: ScoreSheet, rect_h: int, scale: float) -> int:
    """Rows are 30 px at scale 1 and never shorter than 18 px (text under 13 px is not readable)."""
    want = max(18, round(30 * scale))
    fit = (rect_h - 2 * _pad(scale)) // max(4, len(sheet.rows) + 3)
    return max(18, min(want, fit))


def draw_scoresheet(surface: pygame.Surface, text: Text, rect: pygame.Rect, sheet: ScoreSheet, scale: float,
                    title: str = "Score sheet", panels: dict | None = None) -> pygame.Rect:
    """The sheet in ``rect``: a title, a name row, the rounds (newest last), the totals; returns the table's rect.

    The leaders' totals are gold; a mark is drawn as a small gold tag after the
    cell.  When not every round fits, the oldest are left out and a "..." row
    says so; the totals always count every round.
    """
    s = scale
    pad = _pad(s)
    needed = 2 * pad + _row_h(sheet, rect.h, s) * (len(sheet.rows) + 3) + 4
    if needed < rect.h:  # no empty panel under a short sheet
        rect = pygame.Rect(rect.x, rect.y, rect.w, needed)
    draw_panel(surface, rect, SHEET_FILL, round(12 * s), GOLD, panels)
    inner = rect.inflate(-2 * pad, -2 * pad)
    row_h = _row_h(sheet, rect.h, s)
    px = max(13, round(row_h * 0.62))
    y = inner.y
    head = title + (f"  ·  {sheet.goal}" if sheet.goal else "")
    text.blit(surface, head, px, (inner.x, y + row_h // 2), GOLD, "midleft", inner.w)
    y += row_h
    n = max(1, len(sheet.players))
    label_w = min(inner.w // 3, max(text.font(px).size("Round 10")[0] + pad, inner.w // (n + 2)))
    col_w = (inner.w - label_w) // n
    cols = [pygame.Rect(inner.x + label_w + i * col_w, 0, col_w, row_h) for i in range(n)]
    for i, name in enumerate(sheet.players):
        text.blit(surface, name, px, (cols[i].centerx, y + row_h // 2), INK, "center", col_w - 6)
    y += row_h
    pygame.draw.line(surface, LINE, (inner.x, y - 1), (inner.right, y - 1), max(1, round(s)))
    room = max(1, (inner.bottom - y) // row_h - 1)  # the totals row takes one
    rows = list(zip(sheet.rows, sheet.running()))
    if len(rows) > room:
        rows = rows[-(room - 1):] if room > 1 else []
        text.blit(surface, f"... {len(sheet.rows) - len(rows)} earlier", px, (inner.x, y + row_h // 2), MUTED,
                  "midleft", inner.w)
        y += row_h
    small = max(12, round(px * 0.8))
    for row, running in rows:
        text.blit(surface, row.label, px, (inner.x, y + row_h // 2), MUTED, "midleft", label_w - 4)
        for i, cell in enumerate(row.cells):
            col = cols[i]
            value = "-" if cell is None else str(cell)
            mark = row.marks.get(i)
            tag_w = 0
            if mark:
                tag = text.fit(mark, small, col_w // 2, (30, 36, 34))
                tag_w = tag.get_width() + 8
                box = tag.get_rect(midright=(col.right - 4, y + row_h // 2)).inflate(6, 2)
                pygame.draw.rect(surface, MARK_FILL, box, border_radius=box.h // 2)
                surface.blit(tag, tag.get_rect(center=box.center))
            text.blit(surface, value, px, (col.centerx - tag_w // 2, y + row_h // 2), INK, "center",
                      max(8, col_w - tag_w - 6))
        y += row_h
    pygame.draw.line(surface, LINE, (inner.x, y + 1), (inner.right, y + 1), max(1, round(s)))
    leaders = sheet.leaders()
    text.blit(surface, "Total", px, (inner.x, y + row_h // 2 + 2), INK, "midleft", label_w - 4)
    for i, total in enumerate(sheet.totals()):
        text.blit(surface, str(total), px, (cols[i].centerx, y + row_h // 2 + 2), GOLD if i in leaders else INK,
                  "center", col_w - 6)
    return pygame.Rect(inner.x, inner.y, inner.w, y + row_h - inner.y)
