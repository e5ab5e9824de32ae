"""Celtic-Egyptian Ratscrew's table: everyone lays in turn and snaps at any moment, against the clock.

A thin table on the kit: this module holds the game, the seats and the
real-time loop; :mod:`game.tables.ratscrew.steps` turns engine events into the
table model and flights; :mod:`game.tables.ratscrew.view` draws;
:mod:`game.tables.ratscrew.input` turns keys, clicks and controller buttons into
stamped actions.  Data flows one way: input -> stamped action ->
:func:`ai.reflex.run_until` (the engine's ``apply``, bots in time order) ->
events -> model and flights -> draw.

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
from typing import Any, Callable

import pygame

from engine.envelope import GameRecord
from engine.ratscrew import EMPTY_STACK, LAY, SNAP, Ratscrew

from game.kit.actionlog import ActionLog
from game.kit.replaycontrols import ReplayControls, bar_rect, replay_times
from game.kit.flights import Flight, FlightQueue, flight
from game.kit.keymap import Keymap
from game.kit.keyscreens import keys_tried
from game.kit.layer import TableLayer
from game.kit.forward import Forward
from game.kit.races import RealtimeController
from game.kit.messages import TOAST_SECONDS, Toast, age_messages
from game.kit.sprites import CardSprite, SpriteBook
from game.kit.ui import felt_background
from game.kit.wording import played_for, says
from game.base.scene import Scene
from game.shell.session import GameSetup
from game.tables.ratscrew import input as ratscrew_input, view as ratscrew_view
from game.tables.ratscrew.layout import RatscrewLayout
from game.tables.ratscrew.steps import FRESH_CALL_S, TableModel, apply_events, race_lost

STALL_SECONDS = 2.0


class RatscrewTable(Scene):
    """One game of Ratscrew in progress (or a replay of one)."""

    game_id = "ratscrew"
    draw_thumbnail = staticmethod(ratscrew_view.draw_thumbnail)
    stamps_input = True  # the app reads input between frames and stamps each event (game.base.stamping)

    def __init__(self, app, setup: GameSetup, record: GameRecord | None = None, state: Ratscrew | None = None,
                 replay: GameRecord | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        from ai.reflex import run_until

        record, state = setup.open(app.rng, record, state, replay)
        self.replay = ReplayControls() if replay is not None else None
        self.race = RealtimeController.open(app, setup, record, state, replay, run_until, self.replay, self)
        self.race.on_step = self._watch_for_stall
        self.replaying = self.race.replaying
        self.humans: list[int] = self.race.humans
        self.sprites = SpriteBook()
        self.motion = FlightQueue()
        self.log = ActionLog(shown=10)
        self.model = TableModel.from_state(self.state, self.sprites)
        self.toast: Toast | None = None
        self.stats_noted = False
        self.network: Any = None  # a network game's session (game.screens.net_table), else None
        self.idle = 0.0  # game seconds with nothing scheduled and nobody able to lay
        self.rerolls = 0
        self.hover: object = None
        self.panels: dict = {}
        self.layer = TableLayer()
        self.seat_keys = ratscrew_input.load_keys(self)
        self.keys: Keymap = ratscrew_input.table_keymap(self)
        self.keys_shown = False
        self._felt = felt_background(app.size)
        self.layout = RatscrewLayout(*app.size, self.state.num_seats)
        self.background = ratscrew_view.table_background(self)
        self.log.add(f"{says(self.name(self.state.turn), 'lays')} first. Snap at any time; a wrong snap bars you.")
        self.layer.refresh(self.background, self.layout, ratscrew_view.layer_regions(self), app.art)

    # --- what the controller holds ---------------------------------------------

    state = Forward("race")
    record = Forward("race")
    driver = Forward("race")
    """The bots' driver (or the replay's feed)."""
    bots = Forward("race")
    clock = Forward("race")
    skip = Forward("race")
    """"Skip to the end", offered once every human is out of cards."""
    finished = Forward("race", "ended")
    catching_up = Forward("race")
    """A saved game's actions are being played with no animation."""
    time_scale = Forward("race")
    """Game seconds per second (headless tools run the game faster than the wall clock)."""

    # --- seats and helpers ----------------------------------------------------

    def name(self, seat: int) -> str:
        return self.race.name(seat)

    def is_human(self, seat: int) -> bool:
        return self.race.is_human(seat)

    def factor(self) -> float:
        return 0.0 if self.skip.skipping else self.app.settings.anim_factor

    def humans_out(self) -> bool:
        """Every human at the table is out of cards (they could still snap back in: skipping gives that up)."""
        st = self.state
        return bool(self.humans) and not st.is_over and all(not st.piles[h] for h in self.humans)

    def skip_to_end(self) -> None:
        if self.race.skip_to_end():
            self.log.add("Skipping to the end: the bots play on without waiting.")

    def fly(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
            delay: float = 0.0, on_land: Callable[[], None] | None = None) -> Flight:
        f = flight(sprite, face_up, start, end, duration, delay, on_land, self.factor())
        if self.factor() > 0:
            self.motion.flights = [old for old in self.motion.flights if old.sprite.id != sprite.id] + [f]
        return f

    def sound(self, name: str) -> None:
        if not self.catching_up and not self.skip.skipping:
            self.app.sound.play(name)

    def tell(self, text: str, seat: int | None = None, error: bool = False) -> None:
        """A toast for the humans at the table (a bot's mistakes show in the banner and the log only)."""
        if self.catching_up or (seat is not None and not self.is_human(seat)):
            return
        self.show_toast(text, error)

    def show_toast(self, text: str, error: bool = False) -> None:
        self.toast = Toast(text, TOAST_SECONDS, error)
        if error:
            self.app.sound.play("invalid")

    def stat_counts(self) -> list[dict[str, int]]:
        """Each seat's snaps by rule, wrong snaps and fastest snap (the registry's ``stats`` keys)."""
        return self.model.stat_counts()

    @staticmethod
    def describe_state(state: Ratscrew, record: GameRecord) -> str:
        """How far a saved game is, for the Resume button: cards laid and time played."""
        laid = sum(1 for _, action, _ in record.actions if action == LAY)
        return f"{laid} card{'s' if laid != 1 else ''} laid, {played_for(state.clock)} played"

    def result_scene(self) -> Scene:
        from game.tables.ratscrew.result import RatscrewResultScene

        return RatscrewResultScene(self.app, self)

    # --- acting -----------------------------------------------------------------

    def act(self, seat: int, action: Any, event: Any = None) -> None:
        """A human's lay or snap, stamped with the table clock; it is played at the next update."""
        if self.replaying:
            self.show_toast("This is a replay: watch, or press Esc for the menu.")
            return
        if self.state.is_over or seat not in self.humans:
            return
        self.race.press(seat, action, event)

    def lay(self, seat: int, event: Any = None) -> None:
        self.act(seat, LAY, event)

    def snap(self, seat: int, event: Any = None) -> None:
        self.act(seat, SNAP, event)

    def catch_up(self, actions: list[tuple[int, Any, int]], clock: int | None = None) -> None:
        """Play a saved game's ``actions`` with no animation, so the table shows where it stands.

        Then time runs on to the save's ``clock`` (a snap settled after the last action is part of the
        save); by default the clock of the save being resumed, read from the save store.
        """
        if clock is None:
            clock = _saved_clock(self.app, self.record, len(actions))
        self.race.catch_up(actions, clock or 0)
        self.motion.flights = []

    def shown(self, events: list[Any], at: int) -> None:
        apply_events(self, events, at, animate=not self.catching_up)

    def refused(self, p: Any) -> None:
        """A human's refused lay or snap: the engine's reason (or who took the stack, and how much sooner)."""
        if self.is_human(p.seat):
            who = f"{self.name(p.seat)}: " if len(self.humans) > 1 else ""
            lost = race_lost(self, p.seat, p.at) if p.refused == EMPTY_STACK else None
            self.show_toast(who + (lost or p.refused), True)

    def game_finished(self) -> None:
        if self.humans and not self.replaying:
            won = self.state.winner in self.humans
            self.app.sound.play("round_won" if won else "round_lost")
        self.app.round_finished(self)

    # --- scene hooks --------------------------------------------------------------

    def update(self, dt: float) -> None:
        dt, game_dt = replay_times(self.replay, dt)
        if self.replay is not None:
            L = self.layout
            self.replay.place(bar_rect(L.status.x, L.status.x + L.status.w // 3, L.status.y + round(10 * L.scale), L.scale))
        self.model.update(dt)
        age_messages(self, dt)
        self.motion.update(dt, instant=self.factor() == 0)
        self.race.advance(dt, game_dt, pygame.time.get_ticks(), getattr(self.app, "frame_at", None))
        self.layer.refresh(self.background, self.layout, ratscrew_view.layer_regions(self), self.app.art)
        self.race.notice_end(dt, not self.motion.busy)

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

    def is_animating(self) -> bool:
        return not self.at_rest()  # a real-time table: the clock runs and bots act at any moment

    def at_rest(self) -> bool:
        """Nothing can change until someone presses a key (waiting for a human to lay, say): the app sleeps
        instead of reading input every millisecond and drawing 60 frames a second."""
        return (not self.finished and not self.motion.busy and self.model.banner is None and self.toast is None
                and self.model.call_age >= FRESH_CALL_S and any(self.state.piles) and self.race.waiting())

    def resize(self, size: tuple[int, int]) -> None:
        self.panels.clear()
        self._felt = felt_background(size)
        self.layout = RatscrewLayout(*size, self.state.num_seats)
        self.background = ratscrew_view.table_background(self)
        self.motion.flights = []
        self.layer.invalidate()
        self.layer.refresh(self.background, self.layout, ratscrew_view.layer_regions(self), self.app.art)

    def settings_changed(self) -> None:
        self.resize(self.app.size)

    def enter(self) -> None:
        """Controllers are opened; before the first hot-seat game, everyone tries their keys."""
        ratscrew_input.open_pads()
        if len(self.humans) >= 2 and not self.keys_shown and not keys_tried(self.app, self.game_id):
            self.keys_shown = True
            self.open_keys("Start")

    def resume(self) -> None:
        """Back from the keys screens (or the pause menu): the keys may have changed."""
        self.seat_keys = ratscrew_input.load_keys(self)
        self.keys = ratscrew_input.table_keymap(self)

    def open_keys(self, start_label: str = "Done") -> None:
        """"Try your keys" for the humans at this table (Change keys opens the binding screen)."""
        ratscrew_input.open_keys(self, start_label)

    def draw(self, surface: pygame.Surface) -> None:
        ratscrew_view.draw(self, surface)
        if self.replay is not None:
            self.replay.draw(surface, self.app.text, self.layout.scale)

    def status_lines(self) -> tuple[str, str]:
        return ratscrew_view.status_lines(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.replay is not None and self.replay.handle_event(event):
            return True
        return ratscrew_input.handle_event(self, event)

    def open_pause(self) -> None:
        from game.screens.overlays import PauseScene

        self.app.stack.push(PauseScene(self.app, self))


def _saved_clock(app: Any, record: GameRecord, count: int) -> int | None:
    """The clock of the save being resumed (the store's pending game), if it is this game with ``count`` actions."""
    pending = getattr(getattr(app, "saves", None), "pending", None)
    if not isinstance(pending, dict) or pending.get("seed") != record.seed:
        return None
    actions, clock = pending.get("actions"), pending.get("clock")
    if not isinstance(actions, list) or len(actions) != count or not isinstance(clock, int):
        return None
    return clock


TableScene = RatscrewTable
