"""What every race table (Snap, Ratscrew) shows the same way: the replay's and the skip's status lines, and
the end screen's standings table.  Each function reads and changes nothing."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.kit.replaycontrols import replay_status
from game.kit.ui import GOLD, INK, MUTED, draw_panel
from game.kit.wording import played_for


def race_status(t: Any, replay_line: str, out: tuple[str, str]) -> tuple[str, str] | None:
    """The status lines of a replay, of a skip under way and of the skip on offer (``out``: what the humans
    are out of, and what they may do), else None (the table's own lines; also once the game is over)."""
    if t.replaying:
        return replay_status(t, "game", replay_line)
    if t.state.is_over:
        return None
    if t.skip.skipping:
        return "Skipping to the end: the bots play on without waiting", f"{played_for(t.clock.now)} played"
    if t.skip.offered:
        who = "You are" if len(t.humans) == 1 else "Everyone at the keyboard is"
        return f"{who} {out[0]}", out[1]
    return None


def ms_cell(ms: int | None) -> str:
    """A time for the standings ("312 ms"), or "-" for none."""
    return f"{ms} ms" if ms is not None else "-"


def draw_standings(surface: pygame.Surface, text: Any, layout: Any, panels: dict, head: Sequence[str],
                   widths: Sequence[float], rows: Sequence[Sequence[str]], note: str | Sequence[str]) -> None:
    """The end screen's table: one panel, the column heads, then a row a player (the first, the winner's, in
    gold); the second column (the names) reads from the left, the others are centred; ``note`` under it (a line
    each if several; empty ones left out)."""
    s = layout.scale
    row_h = round(44 * s)
    panel = pygame.Rect(0, 0, min(layout.w - round(40 * s), round(1000 * s)), row_h * (len(rows) + 1) + round(24 * s))
    panel.midtop = (layout.w // 2, round(170 * s))
    draw_panel(surface, panel, (10, 40, 30, 200), round(14 * s), None, panels)
    y = panel.y + round(12 * s)
    for r, cells in enumerate([head, *rows]):
        x = panel.x + round(16 * s)
        for c, (cell, frac) in enumerate(zip(cells, widths)):
            w = round((panel.w - round(32 * s)) * frac)
            colour = MUTED if r == 0 else (GOLD if r == 1 else INK)
            px = round((20 if r == 0 else 26) * s)
            anchor, pos = ("midleft", (x, y + row_h // 2)) if c == 1 else ("center", (x + w // 2, y + row_h // 2))
            text.blit(surface, cell, px, pos, colour, anchor, w - round(8 * s))
            x += w
        y += row_h
    y = panel.bottom + round(14 * s)
    for line in [note] if isinstance(note, str) else [line for line in note if line]:
        y = text.blit(surface, line, round(18 * s), (layout.w // 2, y), MUTED, "midtop", panel.w).bottom + round(6 * s)


def fit_keys(line: str, width_of: Callable[[str], int], room: int) -> list[str]:
    """A seat's keys line fitted to ``room``: as it is, closer together, then on two lines (a key keeps its one
    spelling, "Num 4", never squeezed to "Num4")."""
    if not line:
        return []
    tries = [line, line.replace("  ·  ", " · ")]
    for t in tries:
        if width_of(t) <= room:
            return [t]
    parts = tries[-1].split(" · ")
    if len(parts) < 2:
        return [tries[-1]]
    half = (len(parts) + 1) // 2
    return [" · ".join(parts[:half]), " · ".join(parts[half:])]


__all__ = ["race_status", "draw_standings", "ms_cell", "fit_keys"]
