"""One game's menu: resume, new game, quick play, rules, statistics, replays."""

from __future__ import annotations

import pygame

from engine.games import game_info

from game.kit.ui import Button, caption_lines, draw_caption
from game.screens.menu import MenuScene
from game.screens.new_game import NewGameScene, start_new_game
from game.screens.rules import RulesScene
from game.screens.stats import StatsScene
from game.shell.session import GameSetup


def quick_label(setup: GameSetup) -> str:
    """Quick play's button, saying who the quick game seats: "you vs Medium", "you vs 2 Medium bots"."""
    bots = [seat.level for seat in setup.seats if seat.kind == "ai"]
    if not bots:
        return "Quick play"
    names = [setup.info.level(level).name if level else "" for level in bots]
    if len(set(names)) > 1:
        return "Quick play: you vs " + ", ".join(names)
    return f"Quick play: you vs {names[0]}" if len(names) == 1 else f"Quick play: you vs {len(names)} {names[0]} bots"


class GameMenuScene(MenuScene):
    hotkeys = {"resume": "C", "new": "N", "quick": "P", "rules": "R", "stats": "T", "replays": "Y", "keys": "K",
               "back": "Esc"}
    shows_notices = True

    def __init__(self, app, game_id: str) -> None:
        self.game_id = game_id
        self.info = game_info(game_id)
        self.title = self.info.title
        self.subtitle = self.info.blurb
        super().__init__(app)

    def quick_setup(self) -> GameSetup:
        """Quick play's game: once a person has played this game, a race game seats its Matched (Even) bot."""
        played = any(line.played for line in self.app.shelf(self.game_id).stats.games.get(self.info.record_format, {}).values())
        return GameSetup.quick(self.game_id, played)

    def make_buttons(self) -> list[Button]:
        keys = [("new", "New game"), ("quick", quick_label(self.quick_setup())), ("rules", "Rules"),
                ("stats", "Statistics"),
                ("replays", "Replays"), ("back", "Back to the games")]
        if self.info.seat_actions:  # a real-time game: each player has keys of their own
            keys.insert(-1, ("keys", "Players' keys"))
        shelf = self.app.shelf(self.game_id)
        resumable = shelf.saves.pending is not None
        s = self.layout.scale
        self.resume_lines: list[str] = []
        if resumable:  # "Resume", and under it who plays and how far (the rest of the column moves down for it)
            keys.insert(0, ("resume", "Resume"))
            self.resume_lines = caption_lines(self.app.text, shelf.saves.describe_pending(), round(19 * s),
                                              self.layout.w - round(80 * s))
        rects = self.layout.column(len(keys), row_h=44, width=440, top=190, gap=10)
        drop = len(self.resume_lines) * self.app.text.font(round(19 * s)).get_height() + round(14 * s)
        rects = rects[:1] + [r.move(0, drop) for r in rects[1:]] if resumable else rects
        primary = "resume" if resumable else "new"
        return [Button(k, label, r, primary=k == primary) for (k, label), r in zip(keys, rects)]

    def on_button(self, key: str) -> None:
        if key == "new":
            self.app.stack.push(NewGameScene(self.app, self.game_id))
        elif key == "quick":
            start_new_game(self.app, self.quick_setup())
        elif key == "rules":
            self.app.stack.push(RulesScene(self.app, self.game_id))
        elif key == "stats":
            self.app.stack.push(StatsScene(self.app, self.game_id))
        elif key == "resume":
            self.app.resume(self.game_id)
        elif key == "replays":
            from game.screens.replays import ReplaysScene

            self.app.stack.push(ReplaysScene(self.app, self.game_id))
        elif key == "keys":
            from game.kit.keyscreens import open_keys_for

            open_keys_for(self.app, self.info)
        elif key == "back":
            self.app.stack.pop()

    def draw_body(self, surface: pygame.Surface) -> None:
        resume = next((b for b in self.buttons if b.key == "resume"), None)
        if resume is not None:
            draw_caption(surface, self.app.text, self.resume_lines, round(19 * self.layout.scale),
                         (resume.rect.centerx, resume.rect.bottom + round(8 * self.layout.scale)),
                         self.layout.w - round(80 * self.layout.scale))
