"""Celtic-Egyptian Ratscrew's table: everyone lays in turn and snaps at any moment, against the clock.

A thin table on the kit's race table (:mod:`game.kit.racetable`): this module
holds the game and its stall guard; :mod:`game.tables.ratscrew.steps` turns
engine events into the table model and flights; :mod:`game.tables.ratscrew.view`
draws; :mod:`game.tables.ratscrew.input` says what the mouse is over.  Data
flows one way: input -> stamped action -> :func:`ai.reflex.run_until` (the
engine's ``apply``, bots in time order) -> events -> model and flights -> draw.

Every card that matters is public (the stack is face up, piles are counted), so
there is no pass-device screen.  Each accepted action is saved before its
effect is drawn; a resumed table replays the saved actions without animation
and its clock starts where the save left off.

No hang: when nobody can lay (every pile is empty) and a snap shows that every
bot missed, nothing could ever happen again at an all-bot table.  After
:data:`STALL_SECONDS` with nothing scheduled the bots look again (a fresh
reaction roll from now, misses included), so someone takes the stack.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from engine.envelope import GameRecord
from engine.ratscrew import EMPTY_STACK, LAY, SNAP, Ratscrew

from game.kit.actionlog import ActionLog
from game.kit.replaycontrols import bar_rect
from game.kit.flights import FlightQueue, flight
from game.kit.forward import Forward
from game.kit.racetable import RaceTableScene, run_steps
from game.kit.sprites import CardSprite, SpriteBook
from game.kit.wording import says
from game.base.scene import Scene
from game.screens.overlays import PauseScene
from game.shell.session import GameSetup
from game.tables.ratscrew import input as ratscrew_input, view as ratscrew_view
from game.tables.ratscrew.layout import RatscrewLayout
from game.tables.ratscrew.result import RatscrewResultScene
from game.tables.ratscrew.steps import FRESH_CALL_S, STEPS, TableModel, race_lost

STALL_SECONDS = 2.0


class RatscrewTable(RaceTableScene):
    """One game of Ratscrew in progress (or a replay of one)."""

    game_id = "ratscrew"
    ACTIONS = {"lay": LAY, "snap": SNAP}
    SOLO_KEYS = {pygame.K_SPACE: "snap", pygame.K_RETURN: "lay", pygame.K_KP_ENTER: "lay"}
    """A single human's extra keys (beside their own pair): Space snaps, Enter lays."""
    SOLO_PAD = ("snap", "lay")
    COUNTED = ("lay", "laid")
    PAUSE = PauseScene
    draw_thumbnail = staticmethod(ratscrew_view.draw_thumbnail)
    view = ratscrew_view
    target_at = ratscrew_input.target_at
    click = ratscrew_input.click

    def __init__(self, app, setup: GameSetup, record: GameRecord | None = None, state: Ratscrew | None = None,
                 replay: GameRecord | None = None) -> None:
        from ai.reflex import run_until

        super().__init__(app)
        self._open_race(app, setup, record, state, replay, run_until)
        self.race.on_step = self._watch_for_stall
        self.sprites = SpriteBook()
        self.motion = FlightQueue()
        self.log = ActionLog(shown=10)
        self.model = TableModel.from_state(self.state, self.sprites)
        self.idle = 0.0  # game seconds with nothing scheduled and nobody able to lay
        self.rerolls = 0
        self.log.add(f"{says(self.name(self.state.turn), 'lays')} first. Snap at any time; a wrong snap bars you.")
        self.resize(app.size)

    def humans_out(self) -> bool:
        """Every human at the table is out of cards (they could still snap back in: skipping gives that up)."""
        st = self.state
        return bool(self.humans) and not st.is_over and all(not st.piles[h] for h in self.humans)

    def skip_to_end(self) -> bool:
        if self.race.skip_to_end():
            self.log.add("Skipping to the end: the bots play on without waiting.")
        return True

    def fly(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
            delay: float = 0.0) -> None:
        if self.factor() > 0:
            f = flight(sprite, face_up, start, end, duration, delay, None, self.factor())
            self.motion.flights = [old for old in self.motion.flights if old.sprite.id != sprite.id] + [f]

    stat_counts = Forward("model")  # each seat's snaps by rule, wrong snaps and fastest snap

    def result_scene(self) -> Scene:
        return RatscrewResultScene(self.app, self)

    def shown(self, events: list[Any], at: int) -> None:
        run_steps(STEPS, events, self, at, not self.catching_up)

    def refused(self, p: Any) -> None:
        """A human's refused lay or snap: the engine's reason (or who took the stack, and how much sooner)."""
        if self.is_human(p.seat):
            who = f"{self.name(p.seat)}: " if len(self.humans) > 1 else ""
            lost = race_lost(self, p.seat, p.at) if p.refused == EMPTY_STACK else None
            self.show_toast(who + (lost or p.refused), True)

    # --- scene hooks --------------------------------------------------------------

    def replay_bar(self) -> pygame.Rect:
        L = self.layout
        return bar_rect(L.status.x, L.status.x + L.status.w // 3, L.status.y + round(10 * L.scale), L.scale)

    def play(self, dt: float, game_dt: float) -> None:
        self.model.update(dt)
        self.motion.update(dt, instant=self.factor() == 0)
        self.race.advance(dt, game_dt, pygame.time.get_ticks(), getattr(self.app, "frame_at", None))
        self.refresh_layer()

    def settled(self) -> bool:
        return not self.motion.busy

    def _watch_for_stall(self, dt: float, now: int) -> None:
        """Nobody can lay and every bot let the snap go: after a while, the bots look again."""
        state = self.state
        stuck = (not state.is_over and not any(state.piles) and state.next_deadline() is None
                 and all(bot.next_due() is None for bot in self.bots.values()))
        self.idle = self.idle + dt if stuck else 0.0
        if self.idle >= STALL_SECONDS and self.bots:
            self.idle = 0.0
            self.rerolls += 1
            for seat, bot in self.bots.items():
                bot.version = None
                bot.decided = {}
                bot.observe(replace(state.observation(seat), since=now))

    def at_rest(self) -> bool:
        return (not self.motion.busy and self.model.banner is None and self.model.call_age >= FRESH_CALL_S
                and any(self.state.piles) and super().at_rest())  # the driver's wait is read last (it costs most)

    def lay_out(self, size: tuple[int, int]) -> None:
        self.layout = RatscrewLayout(*size, self.state.num_seats)
        self.background = ratscrew_view.table_background(self)
        self.motion.flights = []


TableScene = RatscrewTable
