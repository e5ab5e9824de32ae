"""What an end screen draws in its panel besides words: a ladder of the steps climbed, lines in columns, and
counts in a few characters (badges in a row are :func:`game.kit.badges.draw_badge_row`)."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.kit.ui import GOLD, INK, MUTED, Text

DONE, FAILED, AHEAD = "done", "failed", "ahead"
"""How far a rung of a ladder is: climbed, the one that failed, still to come."""


def short_count(n: int) -> str:
    """A count in a few characters: 640, 9,999, 10k, 5.2M, 2.7G (the unit chosen by the count as rounded: 999,999 is
    1.0M, not 1000k)."""
    if n < 10_000:
        return f"{n:,}"
    for unit, size, digits in (("k", 1000, 0), ("M", 1_000_000, 1)):
        shown = f"{n / size:.{digits}f}"
        if float(shown) < 1000:
            return shown + unit
    return f"{n / 1_000_000_000:.1f}G"


def draw_ladder(surface: pygame.Surface, text: Text, centre_x: int, y: int, rungs: Sequence[tuple[str, str, str]],
                scale: float) -> None:
    """A row of ``rungs`` (label, the words under it, how far: :data:`DONE`, :data:`FAILED` or :data:`AHEAD`) joined
    by lines and centred on ``centre_x`` from ``y`` down: climbed in gold, the failed one in red, the rest outlined."""
    r, gap = round(20 * scale), round(84 * scale)
    x0 = centre_x - gap * (len(rungs) - 1) // 2
    for i, (label, under, how) in enumerate(rungs):
        c = (x0 + i * gap, y + r)
        if i:
            pygame.draw.line(surface, MUTED, (c[0] - gap + r, c[1]), (c[0] - r, c[1]), max(1, round(2 * scale)))
        if how == DONE:
            pygame.draw.circle(surface, GOLD, c, r)
            ink: tuple[int, int, int] = (30, 36, 34)
        elif how == FAILED:
            pygame.draw.circle(surface, (200, 70, 60), c, r)
            ink = INK
        else:
            pygame.draw.circle(surface, MUTED, c, r, max(1, round(2 * scale)))
            ink = MUTED
        text.blit(surface, label, round(22 * scale), c, ink, "center")
        text.blit(surface, under, round(16 * scale), (c[0], c[1] + r + round(4 * scale)), MUTED, "midtop")


def doubling_rungs(reached: int, won: int, cleared: bool, last: int, first: int) -> list[tuple[str, str, str]]:
    """The rungs of a ladder of doubling games around game ``reached`` (eight before it, two after, none past
    ``last``): each game's number over its cards a hand (``first`` in game 1), won up to game ``won`` (up to
    ``reached`` when ``cleared``), ``reached`` lost, the rest to come."""
    return [(str(g), short_count(first << (g - 1)) + " cards",
             DONE if g <= won or (cleared and g <= reached) else FAILED if g == reached else AHEAD)
            for g in range(max(1, reached - 8), min(last, reached + 2) + 1)]


def draw_in_columns(surface: pygame.Surface, text: Text, lines: Sequence[str], area: pygame.Rect, columns: int,
                    scale: float) -> None:
    """``lines`` down ``columns`` side by side in ``area``, as many as fit its height (one row at least); no columns
    draw nothing."""
    if columns < 1:
        return
    col_w, row_h = area.w // columns, round(26 * scale)
    rows = max(1, min(-(-len(lines) // columns), area.h // row_h))
    for i, line in enumerate(lines[: rows * columns]):
        text.blit(surface, line, round(19 * scale), (area.x + (i // rows) * col_w, area.y + (i % rows) * row_h), INK,
                  max_w=col_w - round(10 * scale))
