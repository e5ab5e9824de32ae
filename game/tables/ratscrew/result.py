"""Ratscrew's end screen: the winner, and each player's snaps by rule, wrong snaps and fastest snap."""

from __future__ import annotations

import pygame

from engine.ratscrew import SNAP_RULES

from game.kit.raceview import draw_standings, ms_cell
from game.kit.wording import ordinal, says
from game.screens.game_over import GameOverScene
from game.tables.ratscrew.steps import RULE_KEYS

RULE_LABELS = {rule.key: rule.label for rule in SNAP_RULES}  # the rules' own names ("Calling out"), as at the table
HEAD = ("Place", "Player", "Cards", *(RULE_LABELS[k] for k in RULE_KEYS), "Wrong snaps", "Fastest")
WIDTHS = (0.07, 0.17, 0.07, *(0.1 for _ in RULE_KEYS), 0.1, 0.09)


class RatscrewResultScene(GameOverScene):
    """Standings: the winner first, then by stacks won."""

    @property
    def title(self) -> str:  # type: ignore[override]
        winner = self.table.state.winner
        return f"{says(self.table.name(winner), 'wins')}!" if winner is not None else "Game over"

    subtitle = "One player holds the whole deck."

    def rows(self) -> list[tuple[str, ...]]:
        t = self.table
        counts = t.stat_counts()
        won = [sum(c.get(f"snaps_{k}", 0) for k in RULE_KEYS) for c in counts]
        held = [len(pile) for pile in t.state.piles]
        order = sorted(range(t.state.num_seats), key=lambda p: (p != t.state.winner, -held[p], -won[p], p))
        return [(ordinal(place), t.name(p), str(held[p]), *(str(counts[p].get(f"snaps_{k}", 0)) for k in RULE_KEYS),
                str(counts[p]["wrong_snaps"]), ms_cell(counts[p].get("fastest_snap_ms")))
                for place, p in enumerate(order, 1)]

    def draw_body(self, surface: pygame.Surface) -> None:
        draw_standings(surface, self.app.text, self.layout, self._panels, HEAD, WIDTHS, self.rows(),
                       "Snaps won by rule (a snap counts for every rule it showed); fastest: from the snap showing to "
                       "the winning press.")
