"""Snap's end screen: standings, and each player's fastest and average snap and false calls."""

from __future__ import annotations

import pygame

from game.kit.raceview import draw_standings, ms_cell
from game.kit.wording import ordinal, says
from game.screens.game_over import GameOverScene
from game.tables.snap.fx import cards_line, reason_line

HEAD = ("Place", "Player", "Cards", "Right calls won", "Fastest", "Average", "False calls")


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
        out = []
        for seat, st in sorted(enumerate(state.call_stats()), key=lambda seat_stats: outcome.placings[seat_stats[0]]):
            cards = state.holding(seat) if state.is_in(seat) else 0
            out.append((ordinal(outcome.placings[seat]), self.table.name(seat), str(cards),
                        f"{st.wins} of {st.calls}" if st.calls else "-",
                        ms_cell(st.fastest_ms), ms_cell(st.average_ms), str(st.false_calls)))
        return out

    def draw_body(self, surface: pygame.Surface) -> None:
        draw_standings(surface, self.app.text, self.layout, self._panels, HEAD, (0.1, 0.26, 0.1, 0.14, 0.14, 0.14, 0.12),
                       self.rows(), (cards_line(self.table.state, self.table.name), "Times are from the moment the match showed to the "
                                     "call. A false call costs a card to each other player."))
