"""The hidden-hand turn table's plumbing that Sprint and Scamper share.

:class:`HiddenHandTable` is a :class:`~game.kit.turnscene.TurnScene` for a table where
every seat holds a hand the others must not see: the bottom seat's fan and its
selection, sprites that fly between seats, hot-seat viewers and the
pass-device screen, the felt with its seat panels, toasts.  The turns
themselves (human actions refused with the engine's reason, bots between
frames, autosave per action, catching up a saved game, the end) are its
:class:`~game.kit.turns.TurnController`'s, which the table holds as ``turns``.
A game's table subclasses it and keeps its own rules, layout of the piles,
deal, steps and input: it calls :meth:`_open_turns`, sets ``model``, calls
:meth:`_seat_players` and then :meth:`_lay_the_table`, and provides
:meth:`rival_slot` and :meth:`_performed`, and names its ``view``, ``controls``
(input) and ``animator`` (steps) modules.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

import pygame

from engine.cards import Card
from game.kit.actionlog import ActionLog
from game.kit.bottomband import BottomBand
from game.kit.clock import TableClock
from game.kit.firsttip import FirstTip
from game.kit.flights import Flight, FlightQueue, Later, Step, flight
from game.kit.forward import Forward
from game.kit.hand import Drag, HandFan, SelectedCards
from game.kit.handview import counts_rect, draw_middle
from game.kit.layer import Region, TableLayer
from game.kit.layout import TableLayout
from game.kit import handprime, overdraw
from game.kit.messages import Floaters, Toast, age_messages
from game.kit.parts import log_ahead
from game.kit.pace import LateRegion
from game.kit.pointer import Pointer
from game.kit.priming import Primer
from game.kit.scorepanel import PANEL_FILL, draw_thinking
from game.kit.sprites import CardSprite, Hand, SpriteBook
from game.kit.turnscene import TurnScene
from game.kit.ui import panelled_felt
from game.kit.viewtable import ViewTable


BANNER_SECONDS = 2.4
"""How long a line across the table (:meth:`HiddenHandTable.announce`) stays."""
SETTLE_HOLD = 8
"""At most this many frames a fan that stopped moving stays drawn live while other regions of the layer repaint."""


class HiddenHandTable(BottomBand, ViewTable, TurnScene, FirstTip):
    """What a hidden-hand turn table holds and how it shows it, whatever the game."""

    game_id = ""
    """The game's registry id (whether the device is passed between humans)."""
    hold = False
    """Play waits (a table sets it while, say, a round's score sheet is up)."""
    wide_log = False  # the layout's log takes most of the middle's spare room (a table without a turn order)
    middle_live = True
    """The frame draws the piles and what lies with them, not the cached layer (:meth:`middle_region`)."""

    # --- setting the table (the controller: TurnScene._open_turns) ------------

    def _seat_players(self) -> None:
        """The bottom seat (the first human, else seat 0) and everything a table starts empty."""
        first_human = self.turns.next_human(self.state.current) if self.humans else None
        self.viewer: int = first_human if first_human is not None else 0
        self.reveal_all = self.replaying
        self.sprites = SpriteBook()
        self.motion = FlightQueue()
        self.fan = HandFan()
        self.floaters = Floaters()
        self.log = ActionLog()
        self.clock = TableClock()
        self.layer = TableLayer()
        self.log_late = LateRegion("log", "bottom")  # the log's new line a frame late on a frame the bottom repaints
        self.primer = Primer(self.app.art, [], shadow=False)  # faces the layer will show at a new size (prime_ahead)
        self._bottom_in_layer = False  # the fan and status lines are in the layer (bottom_region), not drawn
        self._fan_live = False  # only the moving fan is drawn in the frame: the lines and buttons are in the layer
        self._hold_fan = False  # the fan is drawn live as if moving (its settling put off: _refresh_layer)
        self._held = 0  # frames its settling was put off
        self._settled: int | None = None  # while the fan settles: how many of its cards the layer held (else None)
        self._live_from = 0  # the first of the fan's cards drawn live (those before it lie in the layer)
        self.encoded_hand: tuple[Any, set[Any]] = (None, set())  # the layer's surface, and the hand's cards encoded for it
        self.pointer = Pointer()
        self.toast: Toast | None = None
        self.pending_pass = False
        self.stats_noted = False
        self.network: Any = None  # a network game's session (game.screens.net_table), else None
        self.panels: dict[Any, Any] = {}

    def _lay_the_table(self) -> None:
        """Place everything for the window, then deal (or first hand the device to the first human)."""
        self.layout = self._make_layout(self.app.size, self.viewer)
        self.place_replay()
        self.background = self._table_background()
        self.app.art.warm([self.layout.hand_card, self.layout.pile_card, self.layout.small_card])
        self.deal_after_pass = self.turns.passes_device
        if self.deal_after_pass:
            self.pending_pass = True  # the first human gets the device before any card is shown
        else:
            self._queue_deal()

    view: Any = None
    """The table's view module: ``draw``, ``status_lines``, ``buttons`` and ``layer_regions`` (the cached layer), each
    taking the table."""
    controls: Any = None
    """The table's input module: ``handle_event(table, event)`` and ``click(table, target)``."""
    animator: Any = None
    """The table's steps module: ``queue_deal(table)`` and ``queue_events(table, events)``."""

    def _queue_deal(self) -> None:
        self.encoded_hand = (None, set())  # the new hand's cards: encoded for the layer again (other screens drew them)
        self.animator.queue_deal(self)

    def _queue_events(self, events: list[Any]) -> None:
        self.animator.queue_events(self, events)

    @classmethod
    def draw_thumbnail(cls, surface: pygame.Surface, art: Any) -> None:
        """The title tile's picture: the view's."""
        cls.view.draw_thumbnail(surface, art)

    def buttons(self) -> list[Any]:
        found: list[Any] = self.view.buttons(self)
        return found

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.replay_event(event) or bool(self.controls.handle_event(self, event))

    def click(self, target: object) -> None:
        if target == ("button", "tip_close"):  # the first-game tip's Got it (:class:`FirstTip`)
            self.close_tip()
        else:
            self.controls.click(self, target)

    def announce(self, line: str) -> None:
        """``line`` across the table for a moment (not while a saved game is caught up)."""
        if not self.catching_up:
            self.banner = (line, BANNER_SECONDS)

    def _performed(self, player: int, action: Any, events: list[Any]) -> None:
        """After ``action`` is applied and recorded, before the autosave: show it (the game's own)."""
        raise NotImplementedError

    # --- what the table holds ------------------------------------------------

    @property
    def flights(self) -> list[Flight]:
        return self.motion.flights

    @property
    def steps(self) -> deque[Step]:
        return self.motion.steps

    @property
    def my_hand(self) -> Hand:
        """The bottom seat's cards (sprites)."""
        return self.model.held[self.viewer]

    @property
    def selected(self) -> SelectedCards:
        """The bottom hand's selection as cards (the sprites stay the truth)."""
        return SelectedCards(self.fan, self.my_hand)

    @selected.setter
    def selected(self, cards: Any) -> None:
        SelectedCards(self.fan, self.my_hand).replace(cards)

    def hand_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        """Slot ``index`` of ``count`` in ``seat``'s hand: the bottom fan's, or a rival's (:meth:`rival_slot`)."""
        if seat == self.viewer:
            return self.layout.hand_rects(count)[index]
        return self.rival_slot(seat, index, count)

    def rival_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        """Where a rival's card ``index`` of ``count`` is drawn (the game's own)."""
        raise NotImplementedError

    def sprite_rect(self, seat: int, sprite: CardSprite) -> pygame.Rect:
        hand = self.model.held[seat]
        if seat == self.viewer:
            rect = self.fan.rect_of(sprite, self.layout)
            if rect is not None:
                return rect
        i = hand.index_of(sprite.id)
        return self.hand_slot(seat, max(0, len(hand) - 1 if i is None else i), max(1, len(hand)))

    def chosen(self) -> set[int]:
        dragged = {self.drag.sprite.id} if isinstance(self.drag, Drag) and self.drag.sprite else set()
        return dragged | self.fan.selected

    def held_sprite(self, seat: int, card: Card, chosen: set[int]) -> CardSprite:
        sprite = self.model.held[seat].find(card, prefer=lambda s: s.id in chosen)
        return sprite if sprite is not None else self.sprites.new(card)

    # --- seats -------------------------------------------------------------

    def shows_face(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards may be drawn face up right now."""
        return self.reveal_all or (seat == self.viewer and not self.pending_pass)

    def _make_layout(self, size: tuple[int, int], seat: int) -> TableLayout:
        return TableLayout(*size, self.state.num_players, seat, self.app.settings.card_scale, wide_log=self.wide_log)

    def _table_background(self) -> pygame.Surface:
        """The felt with the seats' and the log's panels: shared by every table of this window size and places, only
        read (:func:`~game.kit.ui.panelled_felt`)."""
        L = self.layout
        return panelled_felt((L.w, L.h), [spot.panel for spot in L.spots.values()] + [L.log_panel], PANEL_FILL,
                             round(12 * L.scale))

    def _refresh_layer(self) -> None:
        """Bring the cached layer up to date.  A fan that stops moving on a frame that repaints other regions (a turn
        change: rims, piles, turn order) is drawn live a few frames more and goes back into the layer on a quiet one
        (:data:`SETTLE_HOLD`): the two repaints, each a few milliseconds at 3840x2160, do not fall on one frame; it goes
        back a few cards a frame (:data:`~game.kit.bottomband.SETTLE_CARDS`)."""
        was_live = self._fan_live
        regions = self.view.layer_regions(self)
        settling = self._bottom_in_layer or self._live_from > (self._settled or 0)  # fan cards go into the layer
        if was_live and settling and self._held < SETTLE_HOLD and self.layer.changed(regions) - {"bottom"}:
            self._held += 1
            self._hold_fan = True  # bottom_region: the fan as if still moving
            regions = self.view.layer_regions(self)
            self._hold_fan = False
        else:
            self._held = 0
        regions = self.log_late.regions(self.layer, regions, self.app.stack.top is self)  # your play's log line: next frame
        self.layer.refresh(self.background, self.layout, regions, self.app.art)
        self._settled = self._live_from if self._fan_live else None
        if not self.layer.painted and not self._fan_live:  # a quiet frame: one card made ahead (prime_ahead)
            if self.primer.pending:
                self.primer.step()
            elif not log_ahead(self.log, self.app.text, self.layout.log, self.layout.scale):  # the log's next rows
                self._prime_hand()

    def prime_ahead(self, cards: list[Any], size: tuple[int, int], shadow: bool = False) -> None:
        """The cached layer will show ``cards`` face up at ``size`` (laid cards, drawn without a shadow, at the size a
        seat's matches shrink to when the cards in the air land; a card discarded, with its shadow): each is rendered
        and encoded for the layer ahead, one a quiet frame, not all on the frame that lands them (a few milliseconds at
        3840x2160)."""
        self.primer.add(lambda: self.layer.surface, cards, size, shadow)

    _prime_hand = handprime.prime_hand
    prime_coming = handprime.prime_coming

    def resize(self, size: tuple[int, int]) -> None:
        """Everything placed from the window size is placed again; the cached layer is drawn anew."""
        self.panels.clear()
        self.floaters.clear()
        self.layout = self._make_layout(size, self.viewer)
        self.place_replay()
        self.background = self._table_background()
        self.app.art.warm([self.layout.hand_card, self.layout.pile_card, self.layout.small_card])
        self.fan.pos.clear()
        self.primer.pending.clear()  # sizes of the old window
        self.layer.invalidate()
        self._refresh_layer()

    # --- the bottom hand ---------------------------------------------------

    # the pointer's state (its own object; the table's names for it)
    hover = Forward("pointer")
    mouse = Forward("pointer")
    press = Forward("pointer")
    drag = Forward("pointer")

    def _hand_moving(self) -> bool:
        return self.fan.moving(self.my_hand, self.layout, self.pointer.hover_index())

    def hand_targets(self) -> dict[int, pygame.Rect]:
        """Where each card of the bottom hand rests, by sprite id."""
        return self.fan.targets(self.my_hand, self.layout, self.pointer.hover_index())

    def fly(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
            delay: float = 0.0, on_land: Any = None) -> Flight:
        return flight(sprite, face_up, start, end, duration, delay, on_land, self._pace())

    def fly_later(self, delay: float, make: Callable[[], Flight]) -> Later:
        """The flight ``make()`` gives (a :meth:`fly` with this ``delay``), made when it is about to take off."""
        return Later(delay * self._pace(), make)

    def _pace(self) -> float:
        return 0.0 if self.catching_up else self.factor()

    # --- turns, the device and acting ---------------------------------------------

    def pause(self) -> None:
        """Also the log's new line held back a frame shows now: the table has no next frame under the scene."""
        super().pause()
        if self.log_late.held:
            self._refresh_layer()

    def set_viewer(self, seat: int) -> None:
        """Turn the table so ``seat`` sits at the bottom (only behind the pass-device screen)."""
        self.viewer = seat
        self._forget_the_last_player()
        self.floaters.clear()
        self.fan.forget()
        self.layout = self._make_layout(self.app.size, seat)
        self.background = self._table_background()
        self.layer.invalidate()

    def draw_under(self, surface: pygame.Surface, thinker: Any) -> set[int]:
        """What a hidden-hand table draws first: its cached layer and who is thinking (``thinker(seat)`` names
        them); the ids of the sprites the rest of the frame must not draw at rest (in flight or dragged)."""
        L = self.layout
        skip = self.motion.flying()
        if self.drag and self.drag.sprite is not None:
            skip.add(self.drag.sprite.id)
        self.layer.draw(surface, self.app.art)
        if cards := self._cards_over(skip):  # (told before anything is drawn over the layer)
            overdraw.cover(self.app.art, surface, cards)
        seat = self.driver.thinking_seat
        if seat is not None and seat in L.spots:
            draw_thinking(surface, self.app.text, L.spots[seat].header, thinker(seat), self.clock.seconds, L.scale)
        return skip

    def _cards_over(self, skip: set[int]) -> list[pygame.Rect]:
        """Where this frame will blit cards over all drawn before them: the fan's, unless the layer holds it, and the
        flights already under way (:func:`~game.kit.overdraw.cover`: the layer need not go back under their insides)."""
        flights = [f.rect for f in self.motion.flights if f.tween.started]
        if self._bottom_in_layer:
            return flights
        hover = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "hand" else None
        face = self.shows_face(self.viewer)
        drawn = self.fan.drawn(self.my_hand, self.layout, face, hover, self.my_turn(), skip)
        return [r for _, r, _, _ in drawn[self._live_from if self._fan_live else 0:]] + flights

    def middle_region(self, look: tuple[Any, ...], before: list[pygame.Rect]) -> list[Region]:
        """:func:`~game.kit.handview.middle_look`'s stock, discard pile, counts and banner as regions of the cached
        layer, each keyed by what it shows (a card discarded repaints the discard pile, not the stock too; each pile's
        faces are those it shows now); bare while what the frame draws before them (``before``, and a thinking seat's
        header) reaches into their area: the frame draws them then (:attr:`middle_live`:
        :func:`~game.kit.handview.draw_middle`), in the same order as ever."""
        L, (piles, counts, banner) = self.layout, look
        pad = L.pile_card[1] // 8 + 8  # the stack's offsets, glows and shadows around the piles
        areas = (L.stock.inflate(2 * pad, 2 * pad), L.discard.inflate(2 * pad, 2 * pad), counts_rect(self),
                 pygame.Rect(banner[1]))
        seat = self.driver.thinking_seat
        before = before + ([L.spots[seat].header] if seat in L.spots else [])
        self.middle_live = any(a.inflate(6, 6).collidelist(before) >= 0 for a in (areas[0].union(areas[1]), *areas[2:]))
        live = self.middle_live
        keys = (piles[:2], piles[2:], counts, banner)
        return [(name, None if live else keys[i], areas[i], lambda layer, i=i: live or draw_middle(self, layer, look, (i,)))
                for i, name in enumerate(("piles", "discard", "counts", "banner"))]

    def moving(self) -> bool:
        """Also while the log's new line is held a frame (:class:`~game.kit.pace.LateRegion`): the next frame shows it."""
        return super().moving() or bool(self.floaters or self.drag or self._hand_moving() or self.log_late.held)

    def busy(self) -> bool:
        """Also while the deal waits for the device to be handed over, or play is held."""
        return super().busy() or self.deal_after_pass or self.hold

    def shown(self, player: int, action: Any, events: list[Any]) -> None:
        """The controller played ``action``: show it (a saved game's, caught up: no animation)."""
        if self.catching_up or action is None:
            self._queue_events(events)  # caught up, or a host's view that names no play
        else:
            self._performed(player, action, events)

    def catch_up(self, actions: list[Any]) -> None:
        """Play a saved game's actions (``(player, action, ...)``) with no animation, to where it stands.

        A hot-seat table (two or more humans) still opens behind the pass-device screen.
        """
        if self.deal_after_pass:
            self.deal_after_pass = False
            self._queue_deal()
        self.turns.catch_up(actions)
        self.motion.finish()
        self.primer.pending.clear()  # the played cards are on the layer already: nothing lands now to make ahead
        self.hold = False
        self.banner = None
        self.floaters.clear()
        self.fan.pos.clear()

    def _tick(self, dt: float) -> None:
        """Time passes for everything that moves: the clock, toast and banner, floaters, flights, the fan."""
        self.clock.advance(dt)
        age_messages(self, dt)
        self.floaters.update(dt, self.factor())
        if not self.hold:
            self.motion.update(dt, instant=self.factor() == 0)
        self.fan.ease(dt, self.my_hand, self.layout, self.pointer.hover_index(), animate=bool(self.factor()))

    def _take_turns(self, dt: float) -> None:
        """Between frames: the controller hands the device over, lets a bot act, or notices the game's end."""
        self.turns.step(dt, self.motion.busy, self.viewer, self.pending_pass, settled=self.model.over)

    def game_finished(self) -> None:
        self.app.round_finished(self)

    def _forget_the_last_player(self) -> None:
        """Drop everything the previous player was doing or was told (it may name their cards)."""
        self.fan.selected.clear()
        self.primer.pending.clear()  # their cards coming into the hand, made ahead: never blitted in the next one's turn
        self.toast = None
        self.pointer.forget()

    def hand_over_to(self, seat: int) -> None:
        """Called by the pass-device screen after the click."""
        self.set_viewer(seat)
        self.pending_pass = False
        if self.deal_after_pass:
            self.deal_after_pass = False
            self._queue_deal()
