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
from game.kit.clock import TableClock
from game.kit.flights import Flight, FlightQueue, Later, Step, flight
from game.kit.forward import Forward
from game.kit.hand import Drag, HandFan, SelectedCards, draw_cards
from game.kit.handview import button_looks, counts_rect, draw_buttons, draw_middle
from game.kit.layer import Partial, Region, TableLayer
from game.kit.layout import TableLayout
from game.kit import handprime, overdraw
from game.kit.messages import Floaters, Toast, age_messages, draw_status, draw_toast, status_lines_at
from game.kit.parts import log_ahead
from game.kit.pace import Apart
from game.kit.pointer import Pointer
from game.kit.reach import glow_reach
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
SETTLE_CARDS = 2
"""A fan that stopped moving goes back into the cached layer this many cards a frame, from the first drawn (the
rest drawn live over them, as ever after them): not all of them on one frame (a millisecond at 3840x2160)."""


class HiddenHandTable(ViewTable, TurnScene):
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
        self.log_apart = Apart("log", "bottom")  # the log's new line a frame late on a frame the bottom repaints
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

    def buttons(self) -> list[Any]:
        found: list[Any] = self.view.buttons(self)
        return found

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.replay_event(event) or bool(self.controls.handle_event(self, event))

    def click(self, target: object) -> None:
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
        back a few cards a frame (:data:`SETTLE_CARDS`)."""
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
        regions = self.log_apart.regions(self.layer, regions, self.app.stack.top is self)  # your play's log line: next frame
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
        if self.log_apart.held:
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

    def draw_bottom(self, surface: pygame.Surface, skip: set[int], parts: Callable[[], tuple[Any, ...]]) -> None:
        """The bottom seat's fan, the toast or the status lines and the buttons, unless the cached layer holds
        them (:meth:`bottom_region`, whose arguments ``parts()`` gives)."""
        if not self._bottom_in_layer:
            lines, toast_inset, _, buttons, focus = parts()
            key = self._bottom_key(skip, lines, toast_inset, buttons, focus)
            if self._fan_live:  # the cards the layer does not hold
                key = (key[0], key[1][self._live_from:], key[2])
            self._draw_bottom(surface, key, self._fan_live)

    def bottom_region(self, lines: Any, toast_inset: int, live_above: list[pygame.Rect], buttons: list[Any],
                      focus: object) -> Partial:
        """The fan at rest, the status lines (or the toast, ``toast_inset`` px narrower) and the buttons (``focus``
        ringed) as a region of the cached layer, keyed by what they show, so a frame that changes nothing there
        draws none of them; a change repaints only the lines, cards or buttons it touched.  While the fan moves
        (cards it draws easing to new places; one in the air is drawn as a flight), a card lies above the status
        lines (eased back from where it was dropped) or ``live_above`` (drawn before them) reaches below the status
        lines' top, they are drawn every frame as before and the region is bare: in the same order, so the same
        pixels.  Only the moving fan is drawn every frame (the lines and buttons stay in the layer) while its cards,
        glow and shadow lie clear of them; once it stops, its first cards go into the layer, :data:`SETTLE_CARDS` more
        a frame, the rest drawn live over them (``_live_from``)."""
        skip = self.motion.flying() | ({self.drag.sprite.id} if self.drag and self.drag.sprite is not None else set())
        key = self._bottom_key(skip, lines, toast_inset, buttons, focus)
        L = self.layout
        band = pygame.Rect(0, L.status.top, L.w, L.h - L.status.top)
        pad = L.hand_card[1] // 8 + 8  # glow, shadow and the hint's frame around a card
        clear = band.collidelist(live_above) < 0 and all(r[1] - pad >= band.top for _, r, _, _, _ in key[1])
        moving = self.fan.moving(self.my_hand, L, self.pointer.hover_index(), skip)  # of the cards it draws
        count, held = len(key[1]), self._settled or 0
        apart = clear and (moving or self._settled is not None) and self._fan_apart(key, pad)  # (only then needed)
        settle = (0 if moving else count if self._settled is None or not apart
                  else held if self._hold_fan else held + SETTLE_CARDS)
        self._bottom_in_layer = clear and not moving and settle >= count  # r above: (x, y, w, h)
        self._fan_live = (moving or settle < count) and apart  # the fan, or the cards not settled yet, drawn live
        self._live_from = settle if self._fan_live else 0
        if self._fan_live:
            key = (key[0], key[1][:self._live_from], key[2])
        elif not self._bottom_in_layer:
            key = (None, (), ())

        def touched(old: Any, new: Any) -> pygame.Rect | None:
            parts = [self._words_rect(w) for w in {old[0], new[0]} if w is not None] if old[0] != new[0] else []
            parts += [self._fan_reach(card) for card in set(old[1]) ^ set(new[1])]
            parts += [pygame.Rect(b[2]).inflate(2 * pad, 2 * pad) for b in set(old[2]) ^ set(new[2])]
            return parts[0].unionall(parts[1:]) if parts else None

        return Partial("bottom", key, band.inflate(-6, -6), lambda layer: self._draw_bottom(layer, key),
                       touched)

    def _fan_reach(self, card: tuple[Any, ...]) -> pygame.Rect:
        """All a card of a :meth:`_bottom_key`'s fan paints: the card and its shadow, its glow, a hint's frame."""
        rect, frame = pygame.Rect(card[1]), 2 * max(3, card[1][2] // 22) + 2  # draw_pointer's frame
        reach = overdraw.reaches(self.app.art, [rect])[0].union(rect if card[2] is None else glow_reach(self.app.art, rect, card[2]))
        return reach.union(rect.inflate(frame, frame)) if card[3] else reach

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

    def _bottom_key(self, skip: set[int], lines: Any, toast_inset: int, buttons: list[Any], focus: object
                    ) -> tuple[Any, ...]:
        """(the toast or the status lines, the fan's cards as drawn: (card, rect, glow, pointed at, face up),
        the buttons' looks and the menu button's)."""
        L, face = self.layout, self.shows_face(self.viewer)
        hover_i = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "hand" else None
        cards = self.fan.drawn(self.my_hand, L, face, hover_i, self.my_turn(), skip)
        words = (("toast", self.toast._replace(left=0.0), tuple(L.status.inflate(-round(toast_inset * L.scale), 0)))
                 if self.toast else ("status", *lines))
        looks = tuple(look for look in button_looks(self, buttons, focus) if self.in_band(look[2]))
        return words, tuple((c, tuple(r), g, p, face) for c, r, g, p in cards), looks

    def _fan_apart(self, key: tuple[Any, ...], pad: int) -> bool:
        """Whether the fan of a :meth:`_bottom_key` (each card ``pad`` wider all round) lies clear of its words and
        buttons (as wide as :meth:`bottom_region` repaints them): drawn over them or under them, the same pixels."""
        words, cards, looks = key
        if not cards:
            return True
        fan = pygame.Rect(cards[0][1]).unionall([pygame.Rect(c[1]) for c in cards[1:]]).inflate(2 * pad, 2 * pad)
        return not fan.colliderect(self._words_rect(words)) and fan.collidelist(
            [pygame.Rect(b[2]).inflate(2 * pad, 2 * pad) for b in looks]) < 0

    def in_band(self, rect: tuple[int, int, int, int]) -> bool:
        """Whether a button at ``rect`` (focus ring and all) lies from the status lines' top down: the bottom
        region draws it (:func:`~game.kit.handview.draw_control_tips` draws the others, after a tip)."""
        s = rect[3] / 44  # as the button paints itself
        return rect[1] - max(2, round(3 * s)) - max(3, round(4 * s)) - 1 >= self.layout.status.top

    def _words_rect(self, words: tuple[Any, ...]) -> pygame.Rect:
        """Where the toast or the status lines of a :meth:`_bottom_key` lie."""
        if words[0] == "toast":
            return pygame.Rect(words[2])
        L = self.layout
        rects = [at for _, at in status_lines_at(self.app.text, L.status, words[1], words[2], L.scale)]
        return rects[0].unionall(rects[1:])

    def _draw_bottom(self, surface: pygame.Surface, key: tuple[Any, ...], fan_only: bool = False) -> None:
        (words, cards, looks), L = key, self.layout
        if words is None:
            return
        face = bool(cards) and cards[0][4]  # one hand: all face up or all face down
        draw_cards(surface, self.app.art, [(c, pygame.Rect(r), g, p) for c, r, g, p, _ in cards], face)
        if fan_only:
            return
        if words[0] == "toast":
            draw_toast(surface, self.app.text, pygame.Rect(words[2]), words[1], L.scale, self.panels)
        else:
            draw_status(surface, self.app.text, L.status, words[1], words[2], L.scale)
        draw_buttons(surface, self.app.text, looks)

    def moving(self) -> bool:
        return super().moving() or bool(self.floaters or self.drag or self._hand_moving())

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
