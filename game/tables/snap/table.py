"""Snap's table: a real-time game on the kit's race table (:mod:`game.kit.racetable`).

Data flows one way: a key, pad button or click -> (seat, action) -> stamped
with the moment it was read (:mod:`game.base.stamping`) -> each frame the
real-time driver plays the stamped inputs and the bots' due calls in time order
(:func:`ai.reflex.run_until`), then the engine's timers -> events ->
:mod:`game.tables.snap.fx` (the face-up piles change at once; winnings and
penalty cards fly) -> :mod:`game.tables.snap.view` draws.

Every card of Snap is public, so hot-seat needs no pass-device screen: each
human seat has its own keys (:mod:`game.kit.seatkeys`), checked on the "Try
your keys" screen before the first hot-seat game.  A single human may also
use the mouse (click your pile to flip, the Snap! and Snap Pot! buttons) and
Space for Snap!.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.snap import SHARED_PILE, Flip, Snap, SnapPot
from game.kit.priming import Primer
from game.kit.racetable import REPLAY_TOAST, RaceTableScene, stat_row
from game.kit.replaycontrols import bar_rect
from game.kit.scorepanel import level_title
from game.base.scene import Scene
from game.screens.overlays import PauseScene
from game.shell.session import GameSetup
from game.tables.snap import view as snap_view
from game.tables.snap.fx import SnapModel, take_in
from game.tables.snap.result import SnapResultScene

SHORT = {"flip": "flip", "snap": "snap", "snap-pot": "pot"}


class SnapTable(RaceTableScene):
    """A game of Snap in progress (or a replay of one)."""

    game_id = "snap"
    ACTIONS = {"flip": Flip(), "snap": Snap(), "snap-pot": SnapPot()}
    SOLO_KEYS = {pygame.K_SPACE: "snap"}
    COUNTED = ("flip", "flipped")
    END_PAUSE_S = 1.6
    PAUSE = PauseScene
    PAUSE_ON_FOCUS_LOSS = True
    draw_thumbnail = staticmethod(snap_view.draw_thumbnail)
    view = snap_view

    def __init__(self, app: Any, setup: GameSetup, record: Any = None, state: Any = None, replay: Any = None) -> None:
        from ai.reflex import run_until

        super().__init__(app)
        self._open_race(app, setup, record, state, replay, run_until)
        self.model = SnapModel.of(self.state, [p.name for p in self.record.players])
        self.resize(app.size)

    def key_label(self, seat: int, action: str, short: bool = False) -> str | None:
        return next(iter(self.key_names(seat, action, short)), None)

    def seat_keys_line(self, seat: int) -> str:
        """Under a seat's name: a human's keys (hot-seat) or a bot's level."""
        if (player := self.record.players[seat]).kind == "ai":
            return f"{level_title(player.level or '')} bot"
        if self.replaying or self.solo is not None:
            return ""
        keys = [f"{self.key_label(seat, a.id, True)} {SHORT.get(a.id, a.id)}"  # short: "Num 4", as every table says it
                for a in self.actions if self.key_label(seat, a.id)]
        return "  ·  ".join(keys)

    def shut(self, action: str) -> str:  # the game's pot, which a call is judged by (the drawn one may lag a flight)
        return snap_view.POT_SHUT if action == "snap-pot" and not self.state.pot else ""

    def can_flip(self, seat: int) -> bool:
        return not self.replaying and self.state.why_illegal(Flip(), seat) is None

    # --- scene hooks -----------------------------------------------------------

    def lay_out(self, size: tuple[int, int]) -> None:
        n = self.state.num_seats  # the bottom seat: a lone player's own (say at a network table), else seat 0
        lay = self.layout = snap_view.SnapLayout(*size, n, self.state.variant == SHARED_PILE, (self.solo or 0) % max(1, n))
        self.background = snap_view.background(lay, self.humans)
        self.primer = Primer.warmed(self.app.art, [(lay.card_w, lay.card_h), (lay.small_w, lay.small_h)], lambda: self.layer.surface)
        lay.reach(self.app.art)  # (after the art's shadows and glows at these sizes are made)

    def at_rest(self) -> bool:
        return self.model.still and super().at_rest()  # the cheap test first: the driver's is read only at rest

    buttons = snap_view.buttons

    # --- input -------------------------------------------------------------------

    def key_down(self, event: pygame.event.Event) -> bool:
        if super().key_down(event):
            return True
        if self.replaying:
            self.show_toast(REPLAY_TOAST)
        return self.replaying

    def target_at(self, pos: tuple[int, int]) -> Any:
        """A button's key, or ("pile", seat) for a human seat's piles."""
        hits: list[Any] = [b.key for b in self.buttons() if b.rect.collidepoint(pos)]
        hits += [("pile", seat) for seat in self.humans
                 if self.layout.places[seat].down.collidepoint(pos) or self.layout.places[seat].up.collidepoint(pos)]
        return hits[0] if hits else None

    def click(self, target: Any, event: pygame.event.Event) -> bool:
        if isinstance(target, tuple):
            return self.act(target[1], "flip", event)
        if target is not None and self.solo is not None:  # a greyed Snap Pot! too: act says why (see shut)
            self.act(self.solo, target, event)
        elif self.replaying:
            self.show_toast(REPLAY_TOAST)
        return target is not None

    # --- time ----------------------------------------------------------------------

    def humans_out(self) -> bool:
        """Every human at the table is out of the game (the bots play on)."""
        return bool(self.humans) and not self.state.is_over and not any(self.state.is_in(h) for h in self.humans)

    def replay_bar(self) -> pygame.Rect:
        lay = self.layout
        return bar_rect(lay.status.right + lay.status.x, lay.menu_button.x - lay.status.x, lay.menu_button.y, lay.scale)

    def play(self, dt: float, game_dt: float) -> None:
        self.race.advance(dt, game_dt, wall=self.app.frame_at)
        self.model.update(dt, instant=self.factor() == 0)
        self.refresh_layer()

    def settled(self) -> bool:
        return not self.model.flights

    def refused(self, p: Any) -> None:
        """A refused call: the engine's reason, for a human (a bot's urge to call is no mistake to show)."""
        if p.seat is not None and p.urge is None and not self.replaying:
            self.show_toast(f"{self.name(p.seat)}: {p.refused}", True)

    def shown(self, events: list[Any], at: int) -> None:
        if self.race.catching_up:
            return  # the model is made from the state once caught up
        if any(type(e).__name__ == "Flipped" for e in events):
            self.sound("draw")
        take_in(self.model, events, self.layout.rect_of, self.factor(), self.blame)

    def catch_up(self, actions: list[tuple[int, Any, int]], clock: int = 0) -> None:
        super().catch_up(actions, clock)
        self.model = SnapModel.of(self.state, [p.name for p in self.record.players])

    # --- the end ---------------------------------------------------------------------

    def stat_counts(self) -> list[dict[str, int]]:
        """Each seat's fastest and average correct call and false calls (the registry's ``stats`` keys)."""
        return [stat_row(false_calls=st.false_calls, fastest_snap_ms=st.fastest_ms, average_snap_ms=st.average_ms)
                for st in self.state.call_stats()]

    def result_scene(self) -> Scene:
        return SnapResultScene(self.app, self)


TableScene = SnapTable
