"""The end of a Run or a Duel: the facts of the run from its record, its statistics, and the summary screen.

Everything here is read from the record (replayed through the engine), so a
resumed run's summary and statistics are the same as an unbroken one's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

import pygame

from engine.double_or_nothing import UPGRADES, Mode
from engine.double_or_nothing.events import GameWon, Played, RunOver, SecondWind, UpgradePicked
from engine.double_or_nothing.plays import Play, plainly

from game.kit.badges import badge_row, draw_badge_row
from game.kit.endscreen import doubling_rungs, draw_in_columns, draw_ladder
from game.kit.ui import GOLD, INK, MUTED, draw_panel
from game.kit.wording import whose
from game.screens.game_over import GameOverScene
from game.tables.double_or_nothing.view import upgrade_badges


@dataclass
class RunFacts:
    mode: Mode
    games_won: int = 0
    reached: int = 1
    cleared: bool = False
    winner: int | None = None
    upgrades: list[tuple[str, int]] = field(default_factory=list)  # as picked, with stacks
    biggest: dict[int, tuple[Play, int]] = field(default_factory=dict)  # seat -> (play, game)
    upgrade_games: dict[str, int] = field(default_factory=dict)  # games played holding each upgrade
    upgrade_wins: dict[str, int] = field(default_factory=dict)  # of those, won
    replayed: int | None = None  # the game Second Wind gave a second try


def run_facts(record: Any) -> RunFacts:
    """Replay ``record`` and gather what the summary and the statistics need."""
    state = record.start()
    facts = facts_of(state.mode, state.game, ((events, st) for _, events, st in record.replay(state)))
    facts.winner = state.winner
    return facts


def facts_of(mode: Mode, first_game: int, steps: Iterable[tuple[list[Any], Any]]) -> RunFacts:
    """What the summary needs from the events of each step and the state after it (its ``game`` and
    ``games_won``): a record's replay, or the views a network game's host sent."""
    facts = RunFacts(mode, reached=first_game)
    for events, st in steps:
        for ev in events:
            if isinstance(ev, Played):
                best = facts.biggest.get(ev.seat)
                if best is None or ev.play.cards > best[0].cards:
                    facts.biggest[ev.seat] = (ev.play, st.game)
            elif isinstance(ev, UpgradePicked):
                facts.upgrades.append((ev.upgrade, ev.stacks))
            elif isinstance(ev, GameWon) and mode is Mode.RUN:
                for uid in dict(facts.upgrades):  # the upgrades held while game ``ev.game`` was played
                    facts.upgrade_games[uid] = facts.upgrade_games.get(uid, 0) + 1
                    if ev.seat == 0:
                        facts.upgrade_wins[uid] = facts.upgrade_wins.get(uid, 0) + 1
            elif isinstance(ev, RunOver):
                facts.cleared = ev.cleared
            elif isinstance(ev, SecondWind):
                facts.replayed = ev.game
        facts.games_won = st.games_won
        facts.reached = st.game
    return facts


def stat_counts_of(table: Any) -> list[dict[str, int]]:
    """Each seat's own statistics: the runner's runs, best game, upgrades and their games; a duel's nothing more."""
    facts = run_facts(table.record)
    if facts.mode is not Mode.RUN:
        return [{}, {}]
    mine = {"runs": 1, "runs_cleared": int(facts.cleared), "best_game": facts.reached, "upgrades_picked": len(facts.upgrades)}
    for uid, n in facts.upgrade_games.items():
        mine[f"games_{uid}"] = n
        mine[f"wins_{uid}"] = facts.upgrade_wins.get(uid, 0)
    return [mine, {}]


def upgrade_notes(lines: dict[str, Any]) -> list[str]:
    """The statistics screen's lines: each upgrade's games and wins over every run."""
    rates = rates_of(lines)
    older = any("runs" in line.extra and "runs_cleared" not in line.extra for line in lines.values())
    note = ["Where Runs cleared shows '-' (older counts), the won column also counts runs that won a game"]
    return (["Upgrades over all runs: games played holding each, and how many were won"] + rates if rates else []) + (
        note if older else [])


def rates_of(lines: dict[str, Any]) -> list[str]:
    """Each upgrade's line over every run in the statistics ("Trim: won 3 of 5 (60%)"), most played first."""
    out = []
    for uid in UPGRADES:
        games = sum(line.extra.get(f"games_{uid}", 0) for line in lines.values())
        wins = sum(line.extra.get(f"wins_{uid}", 0) for line in lines.values())
        if games:
            out.append((games, f"{UPGRADES[uid].name}: won {wins} of {games} ({round(100 * wins / games)}%)"))
    return [line for _, line in sorted(out, key=lambda x: -x[0])]


class RunSummaryScene(GameOverScene):
    """The run summary: games won, the game reached, upgrades, the biggest play; upgrade win rates over all runs."""

    def __init__(self, app, table, facts: RunFacts) -> None:
        self.facts = facts
        super().__init__(app, table)

    @property
    def again_label(self) -> str:
        return "New run" if self.facts.mode is Mode.RUN else "Play again"

    def headline(self) -> tuple[str, str]:
        f, t = self.facts, self.table
        if f.mode is Mode.DUEL:
            who = t.name(f.winner) if f.winner is not None else "Nobody"
            return f"{who} {t.verb(f.winner, 'wins')} the duel", f"Game {t.state.game}: hands of {t.state.hand_size(0):,} cards."
        again = "." if f.replayed is None else ", lost again on its Second Wind replay." if (
            f.replayed == f.reached and not f.cleared) else f"; Second Wind replayed game {f.replayed}."
        if f.cleared:
            return "The run is cleared!", f"All {f.games_won} games won, up to game {f.reached}{again}"
        won = f"{f.games_won} game{'s' if f.games_won != 1 else ''} won"
        return "The run is over", f"{won}; it ended at game {f.reached} (hands of {10 << (f.reached - 1):,} cards){again}"

    def _badges(self) -> list[tuple[Any, str]]:
        """Each upgrade held at the end, once, with its final stacks (first picked first): its badge and label."""
        return upgrade_badges(dict(self.facts.upgrades).items())

    def _body(self) -> tuple[pygame.Rect, dict[str, int], list[str], int]:
        """The panel, fitted to what it holds, the y of each part in it, the upgrade win rates to list and the
        columns they take (two, or three when two would not fit)."""
        L = self.layout
        s = L.scale
        run = self.facts.mode is Mode.RUN
        width = min(L.w - round(40 * s), round(1000 * s))
        room = L.h - round(130 * s)  # above the buttons
        at: dict[str, int] = {}
        y = round(124 * s)
        if run:
            at["ladder"] = y
            y += round(84 * s)
        at["biggest"] = y
        y += round(30 * s) * len(self.facts.biggest)
        rates: list[str] = []
        columns = 2
        if run:
            at["upgrades"] = y + round(8 * s)
            y = at["upgrades"] + round(32 * s)
            places = badge_row(self.app.text, [label for _, label in self._badges()], 0, width - round(80 * s), s)
            y += (places[-1][1] + round(58 * s)) if places else round(8 * s)
            at["rates"] = y
            rates = rates_of(self.app.shelf(self.table.setup.game).stats.games.get(self.table.setup.info.record_format, {}))
            if rates:
                y += round(28 * s)
                two = y + round(26 * s) * -(-len(rates) // 2) + round(20 * s)
                columns = 2 if two <= room else 3
                y += round(26 * s) * -(-len(rates) // columns)
        height = min(room, y + round(20 * s))
        panel = pygame.Rect(0, 0, width, height)
        panel.midtop = (L.w // 2, round(16 * s) + (room - height) // 2)
        return panel, {k: panel.y + v for k, v in at.items()}, rates, columns

    def draw_body(self, surface: pygame.Surface) -> None:
        L = self.layout
        s = L.scale
        text = self.app.text
        cx = L.w // 2
        panel, at, rates, columns = self._body()
        draw_panel(surface, panel, (8, 40, 28, 200), round(18 * s), GOLD, self._panels)
        title, sub = self.headline()
        text.blit(surface, title, round(54 * s), (cx, panel.y + round(20 * s)), GOLD, "midtop", panel.w - 40)
        text.blit(surface, sub, round(26 * s), (cx, panel.y + round(78 * s)), INK, "midtop", panel.w - 40)
        if "ladder" in at:
            f = self.facts  # the games around the one reached: won in gold, the lost one in red, the rest to come
            draw_ladder(surface, text, cx, at["ladder"], doubling_rungs(f.reached, f.games_won, f.cleared, 32, 10), s)
        left = panel.x + round(40 * s)
        px = round(22 * s)
        y = at["biggest"]
        for seat, (play, game) in sorted(self.facts.biggest.items()):
            line = f"{whose(self.table.name(seat), capital=True)} biggest play: {plainly(play)}, in game {game}"
            text.blit(surface, line, px, (left, y), INK, max_w=panel.w - round(80 * s))
            y += round(30 * s)
        if self.facts.mode is Mode.RUN:
            text.blit(surface, "Upgrades this run:" if self.facts.upgrades else "No upgrades were picked this run.", px,
                      (left, at["upgrades"]), MUTED)
            draw_badge_row(surface, text, self._badges(), left, at["upgrades"] + round(32 * s),
                           panel.right - round(40 * s) - left, s)
        if rates:
            text.blit(surface, "Upgrades over all your runs: games played holding each, and how many were won",
                      round(19 * s), (left, at["rates"]), MUTED, max_w=panel.w - round(80 * s))
            area = pygame.Rect(left, at["rates"] + round(28 * s), panel.w - round(80 * s), 0)
            area.h = panel.bottom - round(16 * s) - area.y
            draw_in_columns(surface, text, rates, area, columns, s)
