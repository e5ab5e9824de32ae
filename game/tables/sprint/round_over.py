"""Sprint's round-over screen (its table's ``result_scene``): scores, then next round or back to the title."""

from __future__ import annotations

import pygame

from engine.cards import cards_of_mask

from game.kit.resultrows import ResultRow, ResultRows
from game.kit.scoresheet import ScoreSheet, draw_scoresheet
from game.kit.tweens import out_cubic
from game.kit.ui import Button
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
        again = "Play again" if self.sheet is None else ("New game" if self.match_over else "Next round")
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

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        """How a round scores; with the game's sheet beside them, that the rows are this round's (their big numbers
        read as the game's standings)."""
        rule = "each match scores 1 + 2 + ... + its size; each card left in hand costs 1."
        return f"Round {len(self.sheet.rows)} below: {rule}" if self.sheet is not None else rule[0].upper() + rule[1:]

    @property
    def title(self) -> str:  # type: ignore[override]
        winners = self.result.winners
        what = ""
        if self.sheet is not None:
            n, total = len(self.sheet.rows), match_rounds(self.table.setup)
            if self.match_over:
                winners, what = sorted(self.sheet.leaders()), " the game"
            else:
                return f"Round {n} of {total}: " + " and ".join(self.table.name(p) for p in winners)
        return winners_title([self.table.name(p) for p in winners], what)

    def refresh(self) -> None:
        s, state = self.layout.scale, self.table.state
        self.area = pygame.Rect(round(40 * s), round(140 * s), self.layout.w - round(80 * s), self.layout.h - round(230 * s))
        if self.sheet is not None:  # the match's score sheet on the right, the round's rows beside it
            self.area.w -= min(round(self.area.w * 0.38), round(460 * s)) + round(16 * s)
        rows = []
        for p, line in enumerate(self.result.lines):
            count, left = len(line.match_points), line.cards_left
            rows.append(ResultRow(self.table.name(p), (f"{count} match{'es' if count != 1 else ''}: +{line.laid_points}"
                                                       if count else "No matches",),
                                  [cards_of_mask(m) for m in state.laid[p]], list(state.hand(p)),
                                  (f"Left in hand: -{left}" if left else "Nothing left in hand",), line.total,
                                  p in self.result.winners))
        self.rows = ResultRows(self.app.text, rows, self.area, s, top=self.sheet is not None)
        super().refresh()

    def draw_body(self, surface: pygame.Surface) -> None:
        s, a = self.layout.scale, self.area
        if self.sheet is not None:
            draw_scoresheet(surface, self.app.text, pygame.Rect(a.right + round(16 * s), a.y, self.layout.w - a.right - round(56 * s),
                            a.h), self.sheet, s, f"Round {len(self.sheet.rows)} of {match_rounds(self.table.setup)}",
                            self._panels)
        k = 1.0 if self.count_time == 0 else out_cubic(min(1.0, self.age / self.count_time))
        self.rows.draw(surface, self.app.art, self.revealed, k, self._panels)


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
