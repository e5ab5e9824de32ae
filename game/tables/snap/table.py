"""Snap's table: a real-time game on the kit's real-time parts.

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

from engine.snap import Flip, Snap, SnapPot
from game.kit.replaycontrols import ReplayControls, bar_rect, replay_times
from game.kit.keyscreens import keys_tried, open_keys_screen, seat_actions_of, seat_keys_of
from game.kit.messages import TOAST_SECONDS, Toast, age_messages
from game.kit.forward import Forward
from game.kit.races import RealtimeController
from game.kit.seatkeys import key_name, open_pads, pad_event
from game.kit import skip
from game.kit.ui import Button
from game.kit.wording import played_for
from game.base.scene import Scene
from game.shell.session import GameSetup
from game.tables.snap import view as snap_view
from game.tables.snap.fx import SnapModel, take_in

ACTIONS = {"flip": Flip(), "snap": Snap(), "snap-pot": SnapPot()}
SHORT = {"flip": "flip", "snap": "snap", "snap-pot": "pot"}
END_PAUSE_S = 1.6
"""How long the result stays on the table before the end screen."""


class SnapTable(Scene):
    """A game of Snap in progress (or a replay of one)."""

    game_id = "snap"
    stamps_input = True  # the app reads input about every ms between frames and stamps each event
    HOTKEYS = {"snap": "Space", "menu": "Esc"}
    draw_thumbnail = staticmethod(snap_view.draw_thumbnail)

    def __init__(self, app: Any, setup: GameSetup, record: Any = None, state: Any = None, replay: Any = None) -> None:
        super().__init__(app)
        from ai.reflex import run_until

        self.setup = setup
        record, state = setup.open(app.rng, record, state, replay)
        self.replay = ReplayControls() if replay is not None else None
        self.race = RealtimeController.open(app, setup, record, state, replay, run_until, self.replay, self)
        self.replaying = self.race.replaying
        self.humans: list[int] = self.race.humans
        self.solo: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.info = setup.info
        self.actions = seat_actions_of(self.info)
        self.layer = snap_view.SnapLayer()
        self.seat_keys = seat_keys_of(app, self.game_id, self.actions)
        self.keymap = self.seat_keys.keymap(self.humans)
        self.model = SnapModel.of(self.state, [p.name for p in self.record.players])
        self.toast: Toast | None = None
        self.hover: str | None = None
        self.panels: dict = {}
        self.stats_noted = False
        self.network: Any = None  # a network game's session (game.screens.net_table), else None
        self.keys_first = len(self.humans) >= 2 and not keys_tried(app, self.game_id)
        open_pads()
        self.resize(app.size)

    # --- what the controller holds ---------------------------------------------

    state = Forward("race")
    record = Forward("race")
    driver = Forward("race")
    """The bots' driver (or the replay's feed)."""
    clock = Forward("race")
    skip = Forward("race")
    """"Skip to the end", offered once every human is out."""
    finished = Forward("race", "ended")

    # --- seats -------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.race.name(seat)

    def is_human(self, seat: int) -> bool:
        return self.race.is_human(seat)

    def key_label(self, seat: int, action: str) -> str | None:
        for key, (s, a) in self.keymap.bindings.items():
            if s == seat and a == action:
                return key_name(key)
        return None

    def seat_keys_line(self, seat: int) -> str:
        """Under a seat's name: a human's keys (hot-seat) or a bot's level."""
        player = self.record.players[seat]
        if player.kind == "ai":
            level = next((lv.name for lv in self.info.levels if lv.id == player.level), player.level or "")
            return f"{level} bot"
        if self.replaying or self.solo is not None:
            return ""
        keys = [f"{self.key_label(seat, a.id)} {SHORT.get(a.id, a.id)}".replace("Numpad ", "Num ")
                for a in self.actions if self.key_label(seat, a.id)]
        return "  ·  ".join(keys)

    def can_flip(self, seat: int) -> bool:
        return not self.replaying and self.state.why_illegal(Flip(), seat) is None

    # --- scene hooks -----------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = snap_view.make_layout(size, self.state.num_seats, self.state.variant, self.solo or 0)
        self.background = snap_view.background(self.layout)
        self.layer.invalidate()
        self.panels.clear()
        self.app.art.warm([(self.layout.card_w, self.layout.card_h), (self.layout.small_w, self.layout.small_h)])

    def settings_changed(self) -> None:
        self.seat_keys = seat_keys_of(self.app, self.game_id, self.actions)
        self.keymap = self.seat_keys.keymap(self.humans)
        self.resize(self.app.size)

    def resume(self) -> None:
        self.settings_changed()  # back from the pause menu or the keys screens: the keys may have changed
        self.race.pending.clear()

    def exit(self) -> None:
        self.race.cancel()

    def is_animating(self) -> bool:
        return not self.finished and not self.at_rest()

    def at_rest(self) -> bool:
        """Nothing can change until someone presses a key (waiting for a flip, say): the app sleeps instead
        of reading input every millisecond and drawing 60 frames a second."""
        return self.toast is None and not self.keys_first and self.model.still and self.race.waiting()

    def draw(self, surface: pygame.Surface) -> None:
        snap_view.draw(self, surface)
        if self.replay is not None:
            self.replay.draw(surface, self.app.text, self.layout.scale)

    def buttons(self) -> list[Button]:
        return snap_view.buttons(self)

    def show_toast(self, text: str, error: bool = False) -> None:
        self.toast = Toast(text, TOAST_SECONDS, error)
        if error:
            self.app.sound.play("invalid")

    # --- input -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.replay is not None and self.replay.handle_event(event):
            return True
        if event.type in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            open_pads()
            return False
        if event.type == pygame.WINDOWFOCUSLOST and not self.state.is_over and not self.replaying:
            self.open_pause()  # a race goes on without you: the window in the background pauses it
            return True
        if event.type == pygame.MOUSEMOTION:
            b = next((b for b in self.buttons() if b.rect.collidepoint(event.pos)), None)
            self.hover = b.key if b else None
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
                return True
            hit = self.keymap.lookup(event.key)
            if hit is None and self.solo is not None and event.key == pygame.K_SPACE:
                hit = (self.solo, "snap")
            if hit is not None:
                return self.act(hit[0], hit[1], event)
            if event.key == skip.KEY and self.skip.offered:
                self.skip_to_end()
                return True
            if self.replaying:
                self.show_toast("This is a replay: watch, or press Esc for the menu.")
                return True
            return False
        pad = pad_event(event)
        if pad is not None:
            hit = self.seat_keys.pad_lookup(self.humans, *pad)
            return self.act(hit[0], hit[1], event) if hit is not None else False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event)
        return False

    def click(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        for b in self.buttons():
            if b.rect.collidepoint(pos):
                if b.key == "menu":
                    self.open_pause()
                elif b.key == "skip":
                    self.skip_to_end()
                elif not b.enabled:
                    self.show_toast("Nothing is in the snap pot yet: Snap Pot! is for a card matching the pot's top card.")
                elif self.solo is not None:
                    self.act(self.solo, b.key, event)
                return True
        for seat in self.humans:
            place = self.layout.places[seat]
            if place.down.collidepoint(pos) or place.up.collidepoint(pos):
                return self.act(seat, "flip", event)
        if self.replaying:
            self.show_toast("This is a replay: watch, or press Esc for the menu.")
        return False

    def act(self, seat: int, action: str, event: Any) -> bool:
        """A human's action: stamped and played at the next frame (refusals are shown then, with the engine's reason)."""
        if self.replaying:
            self.show_toast("This is a replay: watch, or press Esc for the menu.")
            return True
        if action not in ACTIONS or self.state.is_over:
            return False
        self.race.press(seat, ACTIONS[action], event)
        return True

    def open_pause(self) -> None:
        from game.screens.overlays import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def open_keys(self) -> None:
        """The players' keys ("Try your keys", with Change keys), from the pause menu."""
        names = [self.name(s) for s in self.humans] or ["Player 1"]
        open_keys_screen(self.app, self.game_id, "Players' keys", self.actions, names)

    # --- time ----------------------------------------------------------------------

    def factor(self) -> float:
        return 0.0 if self.skip.skipping else self.app.settings.anim_factor

    def humans_out(self) -> bool:
        """Every human at the table is out of the game (the bots play on)."""
        return bool(self.humans) and not self.state.is_over and not any(self.state.is_in(h) for h in self.humans)

    def skip_to_end(self) -> None:
        self.race.skip_to_end()

    def update(self, dt: float) -> None:
        dt, game_dt = replay_times(self.replay, dt)
        if self.keys_first:
            self.keys_first = False
            names = [self.name(s) for s in self.humans]
            open_keys_screen(self.app, self.game_id, "Before you start: try your keys", self.actions, names,
                             start_label="Start")
            return
        self.race.advance(dt, game_dt, wall=self.app.frame_at)
        if self.replay is not None:
            lay = self.layout
            self.replay.place(bar_rect(lay.status.right + lay.status.x, lay.menu_button.x - lay.status.x,
                                       lay.menu_button.y, lay.scale))
        age_messages(self, dt)
        self.model.update(dt, instant=self.factor() == 0)
        self.race.notice_end(dt, not self.model.busy, END_PAUSE_S * max(0.3, self.factor()))

    def game_finished(self) -> None:
        if self.humans:
            won = any(s in self.humans for s in self.state.winners)
            self.app.sound.play("round_won" if won else "round_lost")
        self.app.round_finished(self)

    def refused(self, p: Any) -> None:
        """A refused call: the engine's reason, for a human (a bot's urge to call is no mistake to show)."""
        if p.seat is not None and p.urge is None and not self.replaying:
            self.show_toast(f"{self.name(p.seat)}: {p.refused}", True)

    def shown(self, events: list[Any], at: int) -> None:
        self.follow(events)

    def follow(self, events: list[Any]) -> None:
        if self.race.catching_up:
            return  # the model is made from the state once caught up
        if not self.skip.skipping and any(type(e).__name__ == "Flipped" for e in events):
            self.app.sound.play("draw")
        take_in(self.model, events, self.layout.rect_of, self.factor(), self.humans, lambda t: self.show_toast(t, True))

    def catch_up(self, actions: list[tuple[int, Any, int]], clock: int = 0) -> None:
        """Play a saved game's actions with no animation, then its time on to ``clock`` (timers after the
        last action, such as a tie window closing, are part of the save): the table shows exactly where it stood."""
        self.race.catch_up(actions, clock)
        self.model = SnapModel.of(self.state, [p.name for p in self.record.players])

    @staticmethod
    def describe_state(state: Any, record: Any) -> str:
        """How far a saved game is, for the Resume button: cards flipped and time played."""
        flips = sum(1 for _, action, _ in record.actions if isinstance(action, Flip))
        return f"{flips} card{'s' if flips != 1 else ''} flipped, {played_for(state.clock)} played"

    # --- the end ---------------------------------------------------------------------

    def stat_counts(self) -> list[dict[str, int]]:
        """Each seat's fastest and average correct call and false calls (the registry's ``stats`` keys)."""
        out = []
        for st in self.state.call_stats():
            counts = {"false_calls": st.false_calls}
            if st.fastest_ms is not None:
                counts["fastest_snap_ms"] = st.fastest_ms
            if st.average_ms is not None:
                counts["average_snap_ms"] = st.average_ms
            out.append(counts)
        return out

    def result_scene(self) -> Scene:
        from game.tables.snap.result import SnapResultScene

        return SnapResultScene(self.app, self)


TableScene = SnapTable
