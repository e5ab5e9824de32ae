"""Sprint, Snap, Score's table: one round, played with the mouse or the keyboard.

A thin table on the kit (:mod:`game.kit`): this module holds the round, the
seats and the input rules; :mod:`game.tables.sprint_steps` turns engine events
into flights; :mod:`game.tables.sprint_view` draws.  Data flows one way: input ->
engine action -> engine events -> flights (tweens on card sprites) -> draw.
Only the bottom seat's cards are ever drawn face up (plus cards that are public:
the discard pile and laid matches); in hot-seat the bottom seat changes only
behind the pass-device screen.
"""

from __future__ import annotations

from typing import Callable

import pygame

from engine.cards import Card
from engine.games import GAMES
from engine.records import Record
from engine.sprint import GAME_ID, Action, Discard, Event, Lay, Round

from game.kit.actionlog import ActionLog
from game.kit.bots import BotHook, ReplayDriver
from game.kit.clock import TableClock
from game.kit.flights import Flight, FlightQueue, flight
from game.kit.hand import Drag, HandFan
from game.kit.handtable import HiddenHandTable
from game.kit.hint import Hint
from game.kit.keymap import Keymap
from game.kit.layer import TableLayer
from game.kit.messages import Floaters, Toast
from game.kit.passdevice import PassDeviceScene, passes_device
from game.kit.sprites import CardSprite, SpriteBook
from game.kit.ui import Button, felt_background
from game.shell.session import GameSetup
from game.tables import sprint_assist, sprint_input, sprint_view
from game.tables.sprint_steps import TableModel, queue_deal, queue_events

SPRINT_KEYS = {
    pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_SPACE: "press", pygame.K_RETURN: "press", pygame.K_KP_ENTER: "press",
    pygame.K_s: "stock", pygame.K_p: "pile", pygame.K_l: "lay", pygame.K_d: "discard", pygame.K_h: "hint",
    pygame.K_r: "sort_rank", pygame.K_u: "sort_suit", pygame.K_x: "tip_close", pygame.K_z: "undo",
}
"""The bottom seat's keys (Sprint is turn-based: whoever sits at the bottom holds the keyboard)."""
TABLE_HOTKEYS = {"lay": "L", "hint": "H", "sort_rank": "R", "sort_suit": "U", "menu": "Esc", "tip_close": "X",
                 "undo": "Z"}


class SprintTable(HiddenHandTable):
    """A round in progress."""

    game_id = GAME_ID
    HOTKEYS = TABLE_HOTKEYS
    view = sprint_view
    draw_thumbnail = staticmethod(sprint_view.draw_thumbnail)

    def __init__(self, app, setup: GameSetup, record: Record | None = None, state: Round | None = None,
                 replay: Record | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        if replay is not None:
            self.record = Record(replay.players, replay.deal, replay.first_player, replay.seed)
            self.state = self.record.start()
        elif record is None or state is None:
            self.record, self.state = setup.start(app.rng)
        else:
            self.record, self.state = record, state
        self.replaying = replay is not None
        self.reveal_all = self.replaying
        self.humans = [] if self.replaying else setup.humans
        if replay is not None:
            self.driver = BotHook(ReplayDriver((a for _, a in replay.actions), app.ai_delay()))
        else:
            from ai.scheduler import TurnScheduler

            self.driver = BotHook(TurnScheduler(setup.make_bots(app.think_ms, seed=self.record.seed), delay=app.ai_delay()))
        first_human = self._next_human(self.state.current) if self.humans else None
        self.viewer: int = first_human if first_human is not None else 0
        self.keymap = Keymap.for_seat(self.viewer, SPRINT_KEYS)
        self.model = TableModel.empty(self.state.num_players, self.state.current)
        self.sprites = SpriteBook()
        self.motion = FlightQueue()
        self.fan = HandFan()
        self.floaters = Floaters()
        self.log = ActionLog()
        if setup.match_rounds > 1 and not self.replaying:
            self.log.add(f"Match: round {len(setup.played) + 1} of {setup.match_rounds}.")
        self.hint = Hint()
        self.clock = TableClock()
        self.layer = TableLayer()
        self.hover: object = None
        self.mouse = (0, 0)
        self.press: tuple[object, tuple[int, int]] | None = None
        self.drag: Drag | None = None
        self.drop_x: int | None = None
        self._lit_key: object = None
        self.undoable: tuple[int, Action] | None = None  # the last action, if it may be taken back  # where a card dragged from a pile was dropped (it lands there)
        self.toast: Toast | None = None
        self.pending_pass = False
        self.finished = False
        self.stats_noted = False
        self.panels: dict = {}
        self._felt = felt_background(app.size)
        self.kb_focus: object = None  # what the arrows point at: ("hand", i), "stock", "discard", ("button", key)
        self.kb_visible = False  # the focus ring shows after a key, hides when the mouse moves
        self.tip_open = bool(self.humans) and not app.settings.tips_seen
        self._was_my_turn = False
        self.layout = self._make_layout(app.size, self.viewer)
        self.background = self._table_background()
        app.art.warm([self.layout.hand_card, self.layout.pile_card, self.layout.small_card])
        self.deal_after_pass = passes_device(GAMES["sprint"], len(self.humans))
        if self.deal_after_pass:
            self.pending_pass = True  # the first human gets the device before any card is shown
        else:
            queue_deal(self)

    # --- what the table holds ------------------------------------------------

    @property
    def hint_text(self) -> str | None:
        return self.hint.text

    @property
    def hint_glow(self) -> str | None:
        return self.hint.glow

    def card_rect(self, card: Card) -> pygame.Rect:
        """Where ``card`` of the bottom hand rests (its slot, hover and selection included)."""
        sprite = self.my_hand.find(card)
        assert sprite is not None, f"{card} is not in the bottom hand"
        return self._hand_targets()[sprite.id]

    def hand_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        """Slot ``index`` of ``count`` in ``seat``'s hand (the bottom fan, or an opponent's small fan)."""
        if seat == self.viewer:
            return self.layout.hand_rects(count)[index]
        rects = self.layout.fan_rects(seat, count)
        return rects[index] if rects else self.layout.seat_anchor(seat)

    def fly(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
            delay: float = 0.0, on_land: Callable[[], None] | None = None) -> Flight:
        return flight(sprite, face_up, start, end, duration, delay, on_land, self.factor())

    # --- seats -------------------------------------------------------------

    def set_viewer(self, seat: int) -> None:
        """Turn the table so ``seat`` sits at the bottom (only behind the pass-device screen)."""
        self.viewer = seat
        self.keymap = Keymap.for_seat(seat, SPRINT_KEYS)
        self._forget_the_last_player()
        self.floaters.clear()
        self.fan.forget()
        self._lit_key = None
        self.hint.clear()
        self.layout = self._make_layout(self.app.size, seat)
        self.background = self._table_background()

    def settings_changed(self) -> None:
        """A setting changed (card size, four colours, speeds): apply it to this round at once."""
        self.driver.retime(self.app.ai_delay(), self.app.think_ms)
        for seat in self.setup.seats:
            if seat.kind == "ai" and seat.level == "master":
                seat.think_ms = self.app.think_ms  # saved with the round, so a resume keeps it
        if self.app.settings.tips_seen:
            self.tip_open = False
        self.resize(self.app.size)
        self.layer.invalidate()
        self._refresh_layer()

    # --- scene hooks ------------------------------------------------------

    def is_animating(self) -> bool:
        if self.motion.busy or self.floaters or self.drag or self._hand_moving() or self.pending_pass:
            return True
        return not self.state.is_over and not self.is_human(self.state.current)  # a bot (or the replay) is to act

    def draw(self, surface: pygame.Surface) -> None:
        sprint_view.draw(self, surface)

    def status_lines(self) -> tuple[str, str]:
        return sprint_view.status_lines(self)

    # --- acting -------------------------------------------------------------

    def my_turn(self) -> bool:
        """The bottom human may act: their turn, nothing moving, nothing covering the table."""
        s = self.state
        return (not self.replaying and not s.is_over and s.current == self.viewer and self.is_human(s.current)
                and not self.motion.busy and not self.pending_pass and not self.deal_after_pass)

    def try_action(self, action: Action) -> bool:
        """A human's action: refused with the engine's reason (changing nothing), or played."""
        if self.replaying:
            self.show_toast("This is a replay: watch, or press Esc for the menu.", True)
            return False
        if self.state.current != self.viewer or not self.is_human(self.state.current):
            self.show_toast(f"It's {self.name(self.state.current)}'s turn.", True)
            return False
        if self.motion.busy or self.pending_pass or self.deal_after_pass:
            return False  # cards are moving, or the device is being handed over
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.show_toast(reason, True)
            return False
        if isinstance(action, Discard) and self.app.settings.confirm_discard:
            self._confirm_discard(action)
            return False
        self.perform(action)
        return True

    def _confirm_discard(self, action: Discard) -> None:
        """Ask first (the "Ask before discarding" setting); the discard happens only after Yes."""
        from game.screens.overlays import ConfirmScene

        def discard() -> None:
            if self.my_turn() and self.state.why_illegal(action) is None:
                self.perform(action)

        self.press = self.drag = None
        self.app.stack.push(ConfirmScene(self.app, f"Discard the {action.card.name}?",
                                         "It goes face up on the pile and your turn ends. "
                                         "(Settings: Ask before discarding.)", "Discard", discard))

    def perform(self, action: Action) -> list[Event]:
        player = self.state.current
        events = self.state.apply(action)
        self.record.append(player, action, events)
        sprint_assist.note_undoable(self, player, action, events)
        self.hint.clear()
        self.fan.pointed.clear()
        queue_events(self, events)  # the steps note which sprites were chosen before the selection drops them
        if isinstance(action, Lay):
            self.selected -= set(action.cards)
        self.app.saves.note(self)  # on disk before the next frame: nothing is lost
        return events

    def catch_up(self, actions: list[tuple[int, Action]]) -> None:
        """Play a saved round's ``actions`` with no animation, so the table shows where it stands.

        A hot-seat table (two or more humans) still opens behind the pass-device screen.
        """
        if self.deal_after_pass:
            self.deal_after_pass = False
            queue_deal(self)
        for player, action in actions:
            events = self.state.apply(action)
            self.record.append(player, action, events)
            queue_events(self, events)
        self.motion.finish()
        self.floaters.clear()
        self.fan.pos.clear()

    def selection_lay(self) -> tuple[Lay | None, str | None]:
        """The selected cards as a Lay and the reason it can't be played (None if it can)."""
        if not self.selected:
            return None, "Select cards to lay a match."
        try:
            lay = Lay(tuple(sorted(self.selected)))
        except ValueError as exc:
            return None, str(exc)
        if self.state.current != self.viewer:
            return lay, f"It's {self.name(self.state.current)}'s turn."
        return lay, self.state.why_illegal(lay)

    def ask_hint(self) -> None:
        sprint_assist.ask_hint(self)

    def undo(self) -> None:
        sprint_assist.undo(self)

    def undo_reason(self) -> str | None:
        return sprint_assist.undo_reason(self)

    # --- update -------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock.advance(dt)
        if self.toast:
            self.toast = self.toast.aged(dt)
            if self.toast is None:
                self.app.dirty = True  # take it off the screen now, not at the next event
        self.floaters.update(dt, self.factor())
        self._update_flights(dt)
        self.fan.ease(dt, self.my_hand, self.layout, self._hover_index(), animate=bool(self.factor()))
        sprint_assist.light_matches(self)
        self._refresh_layer()
        if self.pending_pass and not self.motion.busy:
            self._open_pass()
            return
        busy = self.motion.busy
        state = self.state
        mine = self.my_turn()
        if mine and not self._was_my_turn and not state.is_over:
            self.app.sound.play("your_turn")
        self._was_my_turn = mine
        if state.is_over:
            if not busy and self.model.over and not self.finished:
                self.finished = True
                if self.humans and not self.replaying:
                    won = any(p in self.humans for p in state.result.winners)
                    self.app.sound.play("round_won" if won else "round_lost")
                self.app.round_finished(self)
            return
        if not self.is_human(state.current):
            if self.humans and not busy:
                nxt = self._next_human(state.current)
                if nxt is not None and nxt != self.viewer:
                    self._open_pass()
                    return
            action = self.driver.update(dt, state, busy or self.pending_pass)
            if action is not None:
                self.perform(action)
        elif state.current != self.viewer and not busy:
            self._open_pass()

    def _forget_the_last_player(self) -> None:
        """Drop everything the previous player was doing or was told (it may name their cards)."""
        self.fan.selected.clear()
        self.toast = None
        self.press = self.drag = None
        self.kb_focus = None

    def _open_pass(self) -> None:
        nxt = self._next_human(self.state.current)
        if nxt is None:
            self.pending_pass = False
            return
        self._forget_the_last_player()
        self.pending_pass = True
        self.app.stack.push(PassDeviceScene(self.app, nxt, self.name(nxt), self.hand_over_to))

    def hand_over_to(self, seat: int) -> None:
        """Called by the pass-device screen after the click."""
        self.set_viewer(seat)
        self.pending_pass = False
        if self.deal_after_pass:
            self.deal_after_pass = False
            queue_deal(self)

    def _update_flights(self, dt: float) -> None:
        self.motion.update(dt, instant=self.factor() == 0)

    def _hand_targets(self) -> dict[int, pygame.Rect]:
        return self.fan.targets(self.my_hand, self.layout, self._hover_index())

    # --- input ----------------------------------------------------------------

    def buttons(self) -> list[Button]:
        return sprint_view.buttons(self)

    def tip_showing(self) -> bool:
        """The first-game tip shows only on the player's own turn: it never hides what the others play."""
        return self.tip_open and self.my_turn()

    def tip_layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        return sprint_view.tip_layout(self.layout)

    # --- input (the rules live in sprint_input) ---------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return sprint_input.handle_event(self, event)

    def handle_key(self, key: int) -> bool:
        return sprint_input.handle_key(self, key)

    def click(self, target: object) -> None:
        sprint_input.click(self, target)

    def close_tip(self) -> None:
        """The first-game tip goes away for good (remembered in the settings)."""
        self.tip_open = False
        self.app.settings.tips_seen = True
        self.app.save_settings()


    def open_pause(self) -> None:
        from game.screens.overlays import PauseScene

        self.press = None
        self.drag = None
        self.app.stack.push(PauseScene(self.app, self))


TableScene = SprintTable
"""The name the shell and the tests know the table by."""
