"""Scamper Sets N' Runs' table: ten contract rounds for 2 to 10 seats, played with the mouse.

A thin table on the kit (:mod:`game.kit`): this module holds the game, the seats
and the turn flow; :mod:`game.tables.scamper_steps` turns engine events into
flights; :mod:`game.tables.scamper_view` draws; :mod:`game.tables.scamper_input`
maps the mouse to actions; :mod:`game.tables.scamper_play` asks the engine what a
selection or a drop would do (the table never decides a rule itself).  Data
flows one way: input -> engine action -> engine events -> flights -> draw.  Only
the bottom seat's hand is ever drawn face up (in hot-seat the bottom seat
changes only behind the pass-device screen).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ai.scheduler import TurnScheduler
from engine.cards import Card
from engine.envelope import GameRecord
from engine.games import GAMES
from engine.scamper import GAME_ID, Action, Discard, Event, LayContract, LayMeld, ScamperGame

from game.kit.actionlog import ActionLog
from game.kit.bots import BotHook, ReplayDriver
from game.kit.clock import TableClock
from game.kit.flights import Flight, FlightQueue, flight
from game.kit.hand import Drag, HandFan
from game.kit.handtable import HiddenHandTable
from game.kit.layer import TableLayer
from game.kit.messages import Floaters, Toast
from game.kit.passdevice import PassDeviceScene, passes_device
from game.kit.sprites import CardSprite, SpriteBook
from game.kit.ui import Button, felt_background
from game.shell.scene import Scene
from game.shell.session import GameSetup
from game.tables import scamper_input, scamper_play, scamper_view
from game.tables.scamper_bots import scamper_key
from game.tables.scamper_layout import stack_rects, table_melds
from game.tables.scamper_steps import TableModel, queue_deal, queue_events

BANNER_SECONDS = 2.4


class ScamperTable(HiddenHandTable):
    """A game of Scamper in progress (all its rounds)."""

    game_id = GAME_ID
    HOTKEYS = scamper_view.HOTKEYS
    view = scamper_view
    draw_thumbnail = staticmethod(scamper_view.draw_thumbnail)

    def __init__(self, app: Any, setup: GameSetup, record: GameRecord | None = None, state: ScamperGame | None = None,
                 replay: GameRecord | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        if replay is not None:
            self.record = replay.without_actions()
            self.state = self.record.start()
        elif record is None or state is None:
            self.record, self.state = setup.start(app.rng)
        else:
            self.record, self.state = record, state
        self.replaying = replay is not None
        self.reveal_all = self.replaying
        self.humans = [] if self.replaying else setup.humans
        if replay is not None:
            self.driver = BotHook(ReplayDriver((a for _, a, _ in replay.actions), app.ai_delay()))
        else:
            self.driver = BotHook(TurnScheduler(setup.make_bots(app.think_ms, seed=self.record.seed), app.ai_delay(),
                                                  key=scamper_key, timed=True))
        first_human = self._next_human(self.state.current) if self.humans else None
        self.viewer: int = first_human if first_human is not None else 0
        self.model = TableModel.empty(self.state.num_players)
        self.sprites = SpriteBook()
        self.motion = FlightQueue()
        self.fan = HandFan()
        self.floaters = Floaters()
        self.log = ActionLog()
        self.clock = TableClock()
        self.layer = TableLayer()
        self.hover: object = None
        self.mouse = (0, 0)
        self.press: tuple[object, tuple[int, int]] | None = None
        self.drag: Drag | None = None
        self.toast: Toast | None = None
        self.banner: tuple[str, float] | None = None
        self.pending_pass = False
        self.finished = False
        self.stats_noted = False
        self.catching_up = False
        self.sort_by = "rank"
        self.hold = False  # the round's sheet is up: the next round waits for "Next round"
        self.panels: dict = {}
        self._meld_cache: dict[tuple, list[list[pygame.Rect]]] = {}
        self._memo: dict[str, tuple[Any, Any]] = {}
        self._felt = felt_background(app.size)
        self.layout = self._make_layout(app.size, self.viewer)
        self.background = self._table_background()
        app.art.warm([self.layout.hand_card, self.layout.pile_card, self.layout.small_card])
        self.deal_after_pass = passes_device(GAMES[GAME_ID], len(self.humans))
        if self.deal_after_pass:
            self.pending_pass = True  # the first human gets the device before any card is shown
        else:
            queue_deal(self)

    # --- what the table holds ------------------------------------------------

    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(s.card for s in self.fan.selected_sprites(self.my_hand))  # type: ignore[misc]

    def hand_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        if seat == self.viewer:
            return self.layout.hand_rects(count)[index]
        rects = stack_rects(self.layout, seat, max(count, index + 1))
        return rects[index]

    def meld_sizes(self) -> dict[int, list[int]]:
        m = self.model
        return {seat: [len(m.melds[i]) for i in m.melds_of(seat)] for seat in range(self.state.num_players)}

    def meld_layout(self, seat: int, sizes: list[int] | None = None) -> list[list[pygame.Rect]]:
        """The rects of ``seat``'s melds (of ``sizes`` cards: what they will be after a step), cached."""
        by_seat = self.meld_sizes()
        if sizes is not None:
            by_seat[seat] = list(sizes)
        key = (id(self.layout), self.viewer, tuple(tuple(v) for v in by_seat.values()))
        rects = self._meld_cache.get(key)
        if rects is None:
            if len(self._meld_cache) > 200:
                self._meld_cache.clear()
            rects = self._meld_cache[key] = table_melds(self.layout, self.viewer, by_seat)
        return rects[seat]

    def meld_rects(self) -> dict[int, list[pygame.Rect]]:
        """Every meld on the table (by number) and the rects of its cards."""
        out: dict[int, list[pygame.Rect]] = {}
        m = self.model
        for seat in range(self.state.num_players):
            mine = m.melds_of(seat)
            if mine:
                for i, rects in zip(mine, self.meld_layout(seat)):
                    out[i] = rects
        return out

    def fly(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
            delay: float = 0.0, on_land: Callable[[], None] | None = None) -> Flight:
        return flight(sprite, face_up, start, end, duration, delay, on_land, 0.0 if self.catching_up else self.factor())

    # --- seats -------------------------------------------------------------

    def set_viewer(self, seat: int) -> None:
        self.viewer = seat
        self._forget_the_last_player()
        self.floaters.clear()
        self.fan.forget()
        self.layout = self._make_layout(self.app.size, seat)
        self.background = self._table_background()
        self.layer.invalidate()

    def settings_changed(self) -> None:
        self.driver.retime(self.app.ai_delay(), self.app.think_ms)
        self.resize(self.app.size)
        self.layer.invalidate()
        self._refresh_layer()

    # --- scene hooks ------------------------------------------------------

    def is_animating(self) -> bool:
        if self.motion.busy or self.floaters or self.drag or self._hand_moving() or self.pending_pass or self.banner:
            return True
        return not self.state.is_over and not self.is_human(self.state.current)

    def draw(self, surface: pygame.Surface) -> None:
        scamper_view.draw(self, surface)

    def status_lines(self) -> tuple[str, str]:
        return scamper_view.status_lines(self)

    # --- acting -------------------------------------------------------------

    def my_turn(self) -> bool:
        s = self.state
        return (not self.replaying and not s.is_over and s.current == self.viewer and self.is_human(s.current)
                and not self.motion.busy and not self.pending_pass and not self.deal_after_pass and not self.hold)

    def try_action(self, action: Action) -> bool:
        """A human's action: refused with the engine's reason (changing nothing), or played."""
        if self.replaying:
            self.show_toast("This is a replay: watch, or press Esc for the menu.", True)
            return False
        if self.state.current != self.viewer or not self.is_human(self.state.current):
            self.show_toast(f"It's {self.name(self.state.current)}'s turn.", True)
            return False
        if self.motion.busy or self.pending_pass or self.deal_after_pass or self.hold:
            return False
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.show_toast(reason, True)
            return False
        if isinstance(action, Discard) and self.app.settings.confirm_discard:
            scamper_input.confirm_discard(self, action)
            return False
        self.perform(action)
        return True

    def perform(self, action: Action) -> list[Event]:
        player = self.state.current
        events = self.state.apply(action)
        self.record.append(player, action, events)
        queue_events(self, events)  # the steps note which sprites were chosen before the selection drops them
        if isinstance(action, (LayContract, LayMeld, Discard)):
            self.fan.selected.clear()
        self.app.saves.note(self)  # on disk before the next frame: nothing is lost
        return events

    def catch_up(self, actions: list[tuple[int, Action, Any]] | list[tuple[int, Action]]) -> None:
        """Play a saved game's ``actions`` with no animation, so the table shows where it stands."""
        if self.deal_after_pass:
            self.deal_after_pass = False
            queue_deal(self)
        self.catching_up = True
        for entry in actions:
            player, action = entry[0], entry[1]
            events = self.state.apply(action)
            self.record.append(player, action, events)
            queue_events(self, events)
        self.motion.finish()
        self.catching_up = False
        self.hold = False
        self.banner = None
        self.floaters.clear()
        self.fan.pos.clear()

    def announce(self, line: str) -> None:
        if not self.catching_up:
            self.banner = (line, BANNER_SECONDS)

    # --- the round's end and the game's ---------------------------------------

    def round_ended(self, round_no: int) -> None:
        """A round was scored: humans at the table see the sheet (this round's hand counts) before the next deal."""
        if self.catching_up or self.replaying or not self.humans or round_no >= self.state.rules.rounds:
            return
        self.hold = True
        self._forget_the_last_player()
        scamper_play.open_round_sheet(self, round_no)

    def next_round(self) -> None:
        self.hold = False

    def show_sheet(self) -> None:
        """The sheet so far, at any moment (the Score sheet button)."""
        self.press = self.drag = None
        scamper_play.open_sheet(self)

    def result_scene(self) -> Scene:
        return scamper_play.standings(self)

    # --- what the engine says of the selection, the drag and the hand (memoised per action) ---

    def _memo_key(self, *more: object) -> tuple[object, ...]:
        return (len(self.record.actions), self.viewer, self.state.contract_no) + more

    def proposal(self) -> scamper_play.Proposal:
        """The Lay button's action for the selection, its label, and the engine's reason it can't be played."""
        key = self._memo_key("lay", tuple(sorted(self.fan.selected)))
        if self._memo.get("lay", (None,))[0] != key:
            self._memo["lay"] = (key, scamper_play.proposal(self))
        return self._memo["lay"][1]

    def progress_line(self) -> str:
        """The round's contract and the bottom seat's progress toward it."""
        if not self.model.dealt or self.pending_pass:
            return ""
        key = self._memo_key("progress")
        if self._memo.get("progress", (None,))[0] != key:
            self._memo["progress"] = (key, scamper_play.progress(self))
        return self._memo["progress"][1]

    def lit_melds(self) -> set[int]:
        """The melds that can take the dragged card (or the one selected card)."""
        sprite = self.drag.sprite if self.drag and self.drag.sprite is not None else None
        if sprite is None and len(self.fan.selected) == 1:
            sprite = self.fan.selected_sprites(self.my_hand)[0] if self.fan.selected_sprites(self.my_hand) else None
        if sprite is None or self.motion.busy:
            return set()
        key = self._memo_key("lit", sprite.card)
        if self._memo.get("lit", (None,))[0] != key:
            self._memo["lit"] = (key, scamper_play.takers(self, sprite.card))  # type: ignore[arg-type]
        return self._memo["lit"][1]

    def drop_action(self, card: Card, meld: int, place: int | None) -> tuple[Action | None, str | None]:
        return scamper_play.drop_action(self, card, meld, place)

    def stat_counts(self) -> list[dict[str, int]]:
        return scamper_play.stat_counts(self)

    # --- update -------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock.advance(dt)
        if self.toast:
            self.toast = self.toast.aged(dt)
            if self.toast is None:
                self.app.dirty = True
        if self.banner:
            left = self.banner[1] - dt
            self.banner = (self.banner[0], left) if left > 0 else None
        self.floaters.update(dt, self.factor())
        if not self.hold:
            self.motion.update(dt, instant=self.factor() == 0)
        self.fan.ease(dt, self.my_hand, self.layout, self._hover_index(), animate=bool(self.factor()))
        self._refresh_layer()
        if self.is_human(self.viewer) and not self.motion.busy:
            self.progress_line()  # worked out here, so a frame only reads it
            self.proposal()
        if self.hold:
            return
        if self.pending_pass and not self.motion.busy:
            self._open_pass()
            return
        busy = self.motion.busy
        state = self.state
        if state.is_over:
            if not busy and self.model.over and not self.finished:
                self.finished = True
                self.app.round_finished(self)
            return
        if not self.is_human(state.current):
            if self.humans and not busy:
                nxt = self._next_human(state.current)
                if nxt is not None and nxt != self.viewer and len(self.humans) > 1:
                    self._open_pass()
                    return
            action = self.driver.update(dt, state, busy or self.pending_pass)
            if action is not None:
                self.perform(action)
        elif state.current != self.viewer and not busy:
            self._open_pass()

    def _forget_the_last_player(self) -> None:
        self.fan.selected.clear()
        self.toast = None
        self.press = self.drag = None

    def _open_pass(self) -> None:
        nxt = self._next_human(self.state.current)
        if nxt is None:
            self.pending_pass = False
            return
        if not passes_device(GAMES[GAME_ID], len(self.humans)):
            self.pending_pass = False
            if nxt != self.viewer:
                self.set_viewer(nxt)
            return
        self._forget_the_last_player()
        self.pending_pass = True
        self.app.stack.push(PassDeviceScene(self.app, nxt, self.name(nxt), self.hand_over_to))

    def hand_over_to(self, seat: int) -> None:
        self.set_viewer(seat)
        self.pending_pass = False
        if self.deal_after_pass:
            self.deal_after_pass = False
            queue_deal(self)

    def hand_targets(self) -> dict[int, pygame.Rect]:
        return self.fan.targets(self.my_hand, self.layout, self._hover_index())

    # --- input (the rules live in scamper_input) ---------------------------------

    def buttons(self) -> list[Button]:
        return scamper_view.buttons(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return scamper_input.handle_event(self, event)

    def click(self, target: object) -> None:
        scamper_input.click(self, target)

    def open_pause(self) -> None:
        from game.screens.overlays import PauseScene

        self.press = None
        self.drag = None
        self.app.stack.push(PauseScene(self.app, self))


TableScene = ScamperTable
