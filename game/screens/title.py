"""The title screen: the collection and its games."""

from __future__ import annotations

import pygame

from engine.cards import Card

from game.kit.ui import Button
from game.shell.session import GameSetup
from game.screens.menu import MenuScene
from game.screens.new_game import NewGameScene
from game.screens.rules import RulesScene
from game.screens.settings import SettingsScene
from game.screens.stats import StatsScene

INFO_SCENES = {"rules": RulesScene, "settings": SettingsScene, "stats": StatsScene}


class TitleScene(MenuScene):
    title = "Sprint, Snap, Score"
    subtitle = "Lay sets and runs, draw replacements, score big."
    hotkeys = {"resume": "C", "new": "N", "quick": "P", "rules": "R", "settings": "S", "stats": "T", "replays": "Y",
               "quit": "Q"}
    shows_notices = True

    def make_buttons(self) -> list[Button]:
        keys = [("new", "New game"), ("quick", "Quick play: you vs Standard"), ("rules", "Rules"),
                ("settings", "Settings"), ("stats", "Statistics"), ("replays", "Replays"), ("quit", "Quit")]
        resumable = self.app.saves.pending is not None
        if resumable:
            keys.insert(0, ("resume", f"Resume: {self.app.saves.describe_pending()}"))
        rects = self.layout.column(len(keys), row_h=44, width=420, top=190, gap=10)
        primary = "resume" if resumable else "new"
        return [Button(k, label, r, primary=k == primary) for (k, label), r in zip(keys, rects)]

    def on_button(self, key: str) -> None:
        if key == "new":
            self.app.stack.push(NewGameScene(self.app))
        elif key == "quick":
            self.app.start_game(GameSetup())
        elif key in ("rules", "settings", "stats"):
            self.app.stack.push(INFO_SCENES[key](self.app))
        elif key == "resume":
            from game.shell.saves import resume

            resume(self.app)
        elif key == "replays":
            from game.screens.replays import ReplaysScene

            self.app.stack.push(ReplaysScene(self.app))
        elif key == "quit":
            self.app.quit()

    def on_back(self) -> None:
        pass

    def draw_body(self, surface: pygame.Surface) -> None:
        # a fan of cards on each side of the menu, for the look
        s = self.layout.scale
        size = (round(90 * s), round(128 * s))
        art = self.app.art
        for i, code in enumerate(("7H", "8H", "9H")):
            r = pygame.Rect(0, 0, *size)
            r.center = (round(self.layout.w * 0.2 + i * 40 * s), round(self.layout.h * 0.62 + abs(i - 1) * 8 * s))
            art.blit_face(surface, Card(code), r)
        for i, code in enumerate(("QS", "QD", "QC")):
            r = pygame.Rect(0, 0, *size)
            r.center = (round(self.layout.w * 0.8 - (2 - i) * 40 * s), round(self.layout.h * 0.62 + abs(i - 1) * 8 * s))
            art.blit_face(surface, Card(code), r)
