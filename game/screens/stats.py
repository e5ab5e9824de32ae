"""The Statistics screen: a game's results per opponent level."""

from __future__ import annotations

import pygame

from engine.games import game_info, load


from game.kit.ui import GOLD, INK, MUTED, Button, draw_panel
from game.screens.menu import InfoScene
from game.screens.overlays import ConfirmScene


class StatsScene(InfoScene):
    """Rounds per opponent level (the strongest computer player at the table), and hot-seat per player."""

    COLUMNS = ("Longest streak",)
    """The column every game has after its counts of results and its score columns (both named by the game)."""

    def __init__(self, app, game_id: str | None = None) -> None:
        self.info = game_info(game_id or app.game_id)
        self.title = f"{self.info.title}: statistics"
        super().__init__(app)

    @property
    def shelf(self):
        return self.app.shelf(self.info.id)

    def extra_buttons(self) -> list[Button]:
        s = self.layout.scale
        back = self.back_rect()
        r = pygame.Rect(0, 0, back.w, back.h)
        r.midleft = (back.right + round(20 * s), back.centery)
        return [Button("reset", "Reset...", r, enabled=bool(self.table_rows()), hotkey="Delete")]

    def handle_key(self, key: int) -> bool:
        if key == pygame.K_DELETE:
            self.on_button("reset")
            return True
        return super().handle_key(key)

    def on_button(self, key: str) -> None:
        if key == "reset":
            if self.table_rows():
                self.app.stack.push(ConfirmScene(self.app, "Reset all statistics?",
                                                 "Every count on this screen goes back to zero. This can't be undone.",
                                                 "Reset", self.reset))
        else:
            super().on_button(key)

    def reset(self) -> None:
        from game.shell.stats import Statistics

        self.shelf.stats = Statistics()
        problem = self.shelf.save_stats()
        if problem:
            self.app.problems.append(problem)
        self.refresh()

    def game_notes(self) -> list[str]:
        """Lines a game's table adds under the table (``stats_notes(lines)`` on its table class), if any."""
        if not self.info.table:
            return []
        notes = getattr(load(self.info.table), "stats_notes", None)
        lines = self.shelf.stats.games.get(self.info.record_format, {})
        return list(notes(lines)) if notes is not None and lines else []

    def table_rows(self) -> list[tuple[str, object]]:
        """(label, StatLine) for each level played, strongest last, then each hot-seat player."""
        from game.shell.stats import HOTSEAT

        lines = self.shelf.stats.games.get(self.info.record_format, {})
        out = [(f"Against {lvl.name}", lines[lvl.id]) for lvl in self.info.levels if lvl.id in lines]
        out += [(f"{key.split(':', 1)[1]} (hot-seat)", line) for key, line in sorted(lines.items())
                if key.startswith(HOTSEAT + ":")]
        return out

    def body_lines(self) -> list[str]:
        return []

    @property
    def columns(self) -> tuple[str, ...]:
        """The game's counts of results ("Played", "Won"... in its words) and its score columns, the streak, then up
        to four of the game's own counts."""
        own = tuple(key.replace("_ms", " (ms)").replace("_", " ").capitalize() for key in self.info.stats[:4])
        return self.info.result_columns + self.info.score_columns + self.COLUMNS + own

    def geometry(self) -> tuple[int, int, int, float, int]:
        """The table's left x, width, first (label) column's width, each other column's width and the text size."""
        s = self.layout.scale
        width = min(self.layout.w - round(40 * s), round(1180 * s))
        first_w = round(width * 0.26)
        return (self.layout.w - width) // 2, width, first_w, (width - first_w) / len(self.columns), round(21 * s)

    def header_lines(self) -> list[list[str]]:
        """Each column's header, broken into lines that fit its column (never cut short)."""
        _, _, _, col_w, px = self.geometry()
        return [self.app.text.wrap(name, round(px * 0.86), round(col_w) - 6) for name in self.columns]

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        rows = self.table_rows()
        cx = self.layout.w // 2
        if not rows:
            text.blit(surface, "Nothing played to the end yet.", round(34 * s), (cx, round(230 * s)), INK, "midtop")
            text.blit(surface, "Finish a game against the computer or in hot-seat and it is counted here.", round(22 * s),
                      (cx, round(280 * s)), MUTED, "midtop", self.layout.w - 40)
            return
        x0, width, first_w, col_w, px = self.geometry()
        heads = self.header_lines()
        head_px = round(px * 0.86)
        line_h = round(head_px * 1.15)
        head_h = max(len(lines) for lines in heads) * line_h + round(10 * s)
        top = round(140 * s)
        bottom = self.layout.h - round(110 * s)
        row_h = min(round(40 * s), (bottom - top - head_h) // max(1, len(rows)))
        for k, lines in enumerate(heads):
            y = top + head_h - round(6 * s) - line_h * len(lines)  # headers sit on the first row
            for line in lines:
                text.blit(surface, line, head_px, (round(x0 + first_w + col_w * (k + 0.5)), y), MUTED, "midtop",
                          round(col_w) - 4)
                y += line_h
        hot_started = False
        for i, (label, line) in enumerate(rows):
            r = pygame.Rect(x0, top + head_h + i * row_h, width, row_h)
            if "(hot-seat)" in label and not hot_started:
                hot_started = True
                pygame.draw.line(surface, GOLD, (r.x, r.y), (r.right, r.y), max(1, round(2 * s)))
            if i % 2 == 0:
                draw_panel(surface, r, (8, 40, 28, 140), round(6 * s), None, self._panels)
            text.blit(surface, label, px, (r.x + round(12 * s), r.centery), INK, "midleft", first_w - round(16 * s))
            avg = f"{line.average:.1f}" if line.average is not None else "-"
            values = (line.played, line.won, line.shared, line.lost, "-" if line.best is None else line.best, avg,
                      line.longest_streak) + tuple(line.extra.get(key, "-") for key in self.info.stats[:4])
            for k, v in enumerate(values):
                text.blit(surface, str(v), px, (round(x0 + first_w + col_w * (k + 0.5)), r.centery), INK, "center",
                          round(col_w) - 4)
        notes = self.game_notes()
        y = top + head_h + len(rows) * row_h + round(16 * s)
        for line in text.wrap(self.info.won_means, round(19 * s), width - round(24 * s)):  # what Won counts, if not plain
            y = text.blit(surface, line, round(19 * s), (x0 + round(12 * s), y), MUTED).bottom
        y += round(8 * s)
        col_w = (width - round(24 * s)) // 2
        per_col = max(1, (self.layout.h - round(130 * s) - y) // round(28 * s))
        for i, line in enumerate(notes[: per_col * 2]):
            text.blit(surface, line, round(19 * s) if i else round(21 * s),
                      (x0 + round(12 * s) + (i // per_col) * col_w, y + (i % per_col) * round(28 * s)),
                      GOLD if i == 0 else INK, max_w=col_w - round(12 * s))
        note = ("Games against the computer count under the strongest level at the table; "
                "hot-seat games count for each player by name.")
        text.blit(surface, note, round(18 * s), (cx, self.layout.h - round(96 * s)), MUTED, "midbottom", self.layout.w - 40)
