"""The Replays screen: the last rounds played (:mod:`game.saves` keeps them), opened in replay mode."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from engine.core import Outcome
from engine.games import game_info, load
from game.kit.scorepanel import level_title
from game.screens.menu import MenuScene
from game.shell.session import GameSetup
from game.kit.ui import MUTED, Button

PAGE_SIZE = 8


def describe(path: Path, record: Any) -> str:
    """One line for a round: when, who won, everyone's score in the game's unit (or how far it got)."""
    try:
        when = time.strftime("%d %b %H:%M", time.strptime(path.stem[:15], "%Y%m%d-%H%M%S")).lstrip("0")
    except ValueError:
        when = path.stem
    names = [p.name if p.kind == "human" else f"{p.name} ({level_title(p.level or 'bot')})" for p in record.players]
    if record.scores is None:
        return f"{when}     {', '.join(names)}: not finished, {len(record.actions)} actions"
    info, state = getattr(record, "info", None), getattr(record, "loaded_state", None)
    ended = load(info.end_words)(state) if info is not None and info.end_words and state is not None else None
    if ended:  # a Double or Nothing Run: how far it went, not its opponent as winner
        return f"{when}     {ended}  ·  {', '.join(names)}"
    won, unit = winners(record), getattr(info, "score_unit", "points")
    who = [names[i] for i in won]
    who_won = " and ".join(filter(None, (", ".join(who[:-1]), who[-1]))) + " won" if who else "No winner"
    scores = ",  ".join(f"{n} {s}" for n, s in zip(names, record.scores))
    return f"{when}     {who_won}  ·  {unit}: {scores}"  # "Ann won  ·  points: Ann 32,  Bob 8"


def winners(record: Any) -> tuple[int, ...]:
    """The seats that won a finished round, as its game places them (the state its loading replayed; else by
    score, lowest first where the lowest wins): a Double or Nothing Run that won games but lost is not won."""
    state = getattr(record, "loaded_state", None)
    outcome = state.outcome() if state is not None else None
    if outcome is None:
        info = getattr(record, "info", None)
        outcome = Outcome.from_scores(record.scores, bool(info and info.lower_wins))
    return outcome.winners


class ReplaysScene(MenuScene):
    """A page of rounds from the history, newest first; a click replays one."""

    subtitle = "Your last rounds, newest first. Click one to watch it again."
    hotkeys = {"back": "Esc", "prev": "Left", "next": "Right"}
    shows_notices = True

    def __init__(self, app, game_id: str | None = None) -> None:
        self.game_id = game_id or app.game_id
        self.title = f"{game_info(self.game_id).title}: replays"
        rounds, problems = app.shelf(self.game_id).saves.history()
        self.rounds: list[tuple[Path, Any]] = rounds
        app.problems.extend(problems)
        self.page = 0
        super().__init__(app)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rounds) // PAGE_SIZE))

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        shown = self.rounds[self.page * PAGE_SIZE:(self.page + 1) * PAGE_SIZE]
        rects = self.layout.column(PAGE_SIZE, row_h=42, width=820, top=150, gap=10)
        out = [Button(f"open:{self.page * PAGE_SIZE + i}", describe(path, rec), r)
               for i, ((path, rec), r) in enumerate(zip(shown, rects))]
        back = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        back.midbottom = (self.layout.w // 2, self.layout.h - round(30 * s))
        prev = back.move(-(back.w + round(20 * s)), 0)
        nxt = back.move(back.w + round(20 * s), 0)
        out.append(Button("back", "Back", back, primary=True))
        if self.pages > 1:
            out.append(Button("prev", "Previous", prev, enabled=self.page > 0))
            out.append(Button("next", "Next", nxt, enabled=self.page < self.pages - 1))
        return out

    def on_button(self, key: str) -> None:
        if key.startswith("open:"):
            self.open(int(key[5:]))
        elif key == "back":
            self.app.stack.pop()
        elif key in ("prev", "next"):
            self.page = max(0, min(self.pages - 1, self.page + (1 if key == "next" else -1)))
            self.refresh()

    def open(self, index: int) -> None:
        """Watch round ``index`` (0 is the newest) in replay mode."""
        path, record = self.rounds[index]
        try:
            self.app.start_game(GameSetup.from_record(record), replay=record)
        except Exception as exc:  # noqa: BLE001 - a file's content never ends the app: the player is told instead
            self.app.problems.append(f"{path.name} could not be replayed ({str(exc)[:90] or type(exc).__name__}).")

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        if not self.rounds:
            text.blit(surface, "No rounds yet: every round you finish shows up here.", round(24 * s),
                      (self.layout.w // 2, round(260 * s)), MUTED, "midtop", self.layout.w - 40)
        elif self.pages > 1:
            back = next(b for b in self.buttons if b.key == "back")
            text.blit(surface, f"Page {self.page + 1} of {self.pages}", round(18 * s),
                      (self.layout.w // 2, back.rect.top - round(8 * s)), MUTED, "midbottom")
