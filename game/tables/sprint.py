"""The table: one round of Sprint, Snap, Score, played with the mouse.

Data flows one way: input -> engine action -> engine events -> flights (tweens on
card sprites) -> draw.  The table shows a :class:`TableModel`, which lags the
engine's :class:`~engine.sprint.Round` while cards are in flight and catches up
as they land.  Only the bottom seat's cards are ever drawn face up (plus cards
that are public: the discard pile and laid matches); in hot-seat the bottom seat
changes only behind the pass-device screen.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Callable

import pygame

from engine.cards import Card
from engine.games import GAMES
from engine.melds import describe_match
from engine.records import Record
from engine.sprint import (
    DRAW_DISCARD, DRAW_STOCK, Action, CardDiscarded, CardDrawn, Discard, Draw, DrawSkipped, Event,
    GAME_ID, FinalRoundStarted, Lay, MatchLaid, Phase, ReplacementDrawn, Round, RoundOver, Source, TurnPassed,
)

from game.kit.flights import Flight, FlightQueue, Step, flight
from game.kit.hand import Drag, HandFan, SelectedCards
from game.kit.layout import TableLayout
from game.kit.passdevice import PassDeviceScene, passes_device
from game.kit.sprites import CardSprite, CardsView, Hand, SpriteBook, blit_card
from game.shell.scene import Scene
from game.shell.session import GameSetup
from game.kit.tweens import out_cubic
from game.kit.ui import GLOW, GOLD, INK, MUTED, Button, draw_panel, draw_tooltip, felt_background, key_tip

KEYS_HELP = "Keys: arrows + Space select, S stock, P pile, L lay, D discard, H hint, Esc menu"
TABLE_HOTKEYS = {"lay": "L", "hint": "H", "sort_rank": "R", "sort_suit": "U", "menu": "Esc", "tip_close": "X"}
TIP_LINES = (
    "First game? A turn has three steps:",
    "1. Draw: click the stock or the discard pile (keys S / P).",
    "2. Lay matches: click cards (or arrows + Space), then Lay (L). Two or more of a rank, or three in a row of a suit.",
    "3. Discard: drag a card onto the discard pile (or select it and press D).",
    "The full rules are in the menu (Esc). Hover over a button to see its key.",
)



@dataclass
class TableModel:
    """What the table shows right now (it catches up with the engine as flights land)."""

    held: list[Hand]
    stock: int
    pile: Hand
    laid: list[list[tuple[Card, ...]]]
    points: list[int]
    current: int
    final_left: int | None = None
    over: bool = False

    @property
    def hands(self) -> list[CardsView]:
        """Each seat's hand as cards, in the order the table shows them."""
        return [h.cards for h in self.held]

    @property
    def discard(self) -> CardsView:
        return self.pile.cards


@dataclass
class Floater:
    text: str
    pos: tuple[int, int]
    age: float = 0.0
    life: float = 1.4


class ReplayDriver:
    """Plays a record's actions back, one every ``delay`` seconds (the scheduler's interface)."""

    def __init__(self, record: Record, delay: float = 0.6) -> None:
        self.actions = deque(a for _, a in record.actions)
        self.delay = delay
        self.wait = 0.0
        self.thinking = False
        self.thinking_seat = None

    def update(self, dt: float, state: Round, busy: bool) -> Action | None:
        if busy or not self.actions:
            return None
        self.wait += dt
        if self.wait < self.delay:
            return None
        self.wait = 0.0
        return self.actions.popleft()

    def cancel(self) -> None:
        self.wait = 0.0


class TableScene(Scene):
    """A round in progress."""

    game_id = GAME_ID

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
        n = self.state.num_players
        self.replaying = replay is not None
        self.reveal_all = self.replaying
        self.humans = [] if self.replaying else setup.humans
        if self.replaying:
            self.driver = ReplayDriver(replay, app.ai_delay())
        else:
            from ai.scheduler import TurnScheduler

            self.driver = TurnScheduler(setup.make_bots(app.think_ms, seed=self.record.seed), delay=app.ai_delay())
        first_human = self._next_human(self.state.current) if self.humans else None
        self.viewer: int = first_human if first_human is not None else 0
        self.model = TableModel([Hand() for _ in range(n)], 52, Hand(), [[] for _ in range(n)], [0] * n, self.state.current)
        self.sprites = SpriteBook()
        self.motion = FlightQueue()
        self.fan = HandFan()
        self.floaters: list[Floater] = []
        self.log: list[str] = []
        self.hover: object = None
        self.mouse = (0, 0)
        self.press: tuple[object, tuple[int, int]] | None = None
        self.drag: Drag | None = None
        self.toast: tuple[str, float, bool] | None = None
        self.hint_text: str | None = None
        self.hint_glow: str | None = None
        self.clock = 0.0
        self.pending_pass = False
        self.finished = False
        self.stats_noted = False
        self._panels: dict = {}
        self._static: pygame.Surface | None = None
        self._static_layout: TableLayout | None = None
        self._region_keys: dict[object, tuple] = {}
        self._region_faces: dict[object, list[Card]] = {}
        self._static_faces: list[Card] = []
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
            self._queue_deal()

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
        """The bottom hand's selection as cards (Sprint has one pack: a card names one sprite)."""
        return SelectedCards(self.fan, self.my_hand)

    @selected.setter
    def selected(self, cards: set[Card]) -> None:
        SelectedCards(self.fan, self.my_hand).replace(cards)

    def card_rect(self, card: Card) -> pygame.Rect:
        """Where ``card`` of the bottom hand rests (its slot, hover and selection included)."""
        sprite = self.my_hand.find(card)
        assert sprite is not None, f"{card} is not in the bottom hand"
        return self._hand_targets()[sprite.id]

    # --- seats -------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.record.players[seat].name

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def _next_human(self, seat: int) -> int | None:
        """The first human seat to play from ``seat`` on (``seat`` itself included)."""
        n = self.state.num_players
        for k in range(n):
            if (seat + k) % n in self.humans:
                return (seat + k) % n
        return None

    def shows_face(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards may be drawn face up right now."""
        return self.reveal_all or (seat == self.viewer and not self.pending_pass)

    def set_viewer(self, seat: int) -> None:
        """Turn the table so ``seat`` sits at the bottom (only behind the pass-device screen)."""
        self.viewer = seat
        self._forget_the_last_player()
        self.floaters.clear()
        self.fan.forget()
        self.hint_text = self.hint_glow = None
        self.layout = self._make_layout(self.app.size, seat)
        self.background = self._table_background()

    def _make_layout(self, size: tuple[int, int], seat: int) -> TableLayout:
        return TableLayout(*size, self.state.num_players, seat, self.app.settings.card_scale)

    def settings_changed(self) -> None:
        """A setting changed (card size, four colours, speeds): apply it to this round at once."""
        self.driver.delay = self.app.ai_delay()
        for bot in getattr(self.driver, "bots", {}).values():
            if hasattr(bot, "think_ms"):
                bot.think_ms = self.app.think_ms
        for seat in self.setup.seats:
            if seat.kind == "ai" and seat.level == "master":
                seat.think_ms = self.app.think_ms  # saved with the round, so a resume keeps it
        if self.app.settings.tips_seen:
            self.tip_open = False
        self.resize(self.app.size)
        self._static = None
        self._refresh_static()

    def _table_background(self) -> pygame.Surface:
        """The felt with every seat's panel and the log panel baked in (one opaque blit a frame)."""
        surf = self._felt.copy()
        s = self.layout.scale
        for spot in self.layout.spots.values():
            draw_panel(surf, spot.panel, (8, 40, 28, 150), round(12 * s))
        draw_panel(surf, self.layout.log_panel, (8, 40, 28, 150), round(12 * s))
        return surf

    # --- scene hooks ------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self._panels.clear()
        self.floaters.clear()
        self._felt = felt_background(size)
        self.layout = self._make_layout(size, self.viewer)
        self.background = self._table_background()
        self.app.art.warm([self.layout.hand_card, self.layout.pile_card, self.layout.small_card])
        self.fan.pos.clear()
        self._refresh_static()

    def exit(self) -> None:
        self.driver.cancel()

    def is_animating(self) -> bool:
        if self.flights or self.steps or self.floaters or self.drag:
            return True
        if self._hand_moving():
            return True
        if self.pending_pass:
            return True
        if not self.state.is_over and not self.is_human(self.state.current):
            return True  # a bot (or the replay) is about to act
        return False

    # --- animation queue --------------------------------------------------

    def _factor(self) -> float:
        return self.app.settings.anim_factor

    def _flight(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
                delay: float = 0.0, on_land: Callable[[], None] | None = None) -> Flight:
        return flight(sprite, face_up, start, end, duration, delay, on_land, self._factor())

    def _queue(self, step: Step) -> None:
        self.motion.queue(step)

    def _hand_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        if seat == self.viewer:
            return self.layout.hand_rects(count)[index]
        rects = self.layout.fan_rects(seat, count)
        return rects[index] if rects else self.layout.seat_anchor(seat)

    def _sprite_rect(self, seat: int, sprite: CardSprite) -> pygame.Rect:
        """Where ``sprite`` of ``seat``'s hand is drawn now."""
        hand = self.model.held[seat]
        i = hand.index_of(sprite.id)
        if seat == self.viewer:
            rect = self.fan.rect_of(sprite, self.layout)
            if rect is not None:
                return rect
        return self._hand_slot(seat, max(0, len(hand) - 1 if i is None else i), max(1, len(hand)))

    def _chosen(self) -> set[int]:
        """The sprites the player pointed at (dragged or selected): an action on their card means them."""
        dragged = {self.drag.sprite.id} if isinstance(self.drag, Drag) and self.drag.sprite else set()
        return dragged | self.fan.selected

    def _held_sprite(self, seat: int, card: Card, chosen: set[int]) -> CardSprite:
        """The sprite of ``card`` in ``seat``'s hand, a ``chosen`` one first."""
        sprite = self.model.held[seat].find(card, prefer=lambda s: s.id in chosen)
        return sprite if sprite is not None else self.sprites.new(card)

    def _queue_deal(self) -> None:
        """Deal six cards to each seat from the stock, then turn up the first discard."""
        state = self.state
        n = state.num_players
        hands = [list(state.hand(p)) for p in range(n)]
        first_discard = Card(str(self.record.deal.discard[0]))

        def deal() -> list[Flight]:
            self.app.sound.play("deal")
            flights = []
            order = [(r, (state.first_player + k) % n) for r in range(len(hands[0])) for k in range(n)]
            for i, (r, seat) in enumerate(order):
                sprite = self.sprites.new(hands[seat][r])

                def land(seat=seat, sprite=sprite, r=r) -> None:
                    self.model.held[seat].append(sprite)
                    if seat == self.viewer:
                        self.fan.place(sprite, self._hand_slot(seat, r, len(hands[seat])))

                end = self._hand_slot(seat, r, len(hands[seat]))
                flights.append(self._flight(sprite, self.shows_face(seat), self.layout.stock, end, 0.32, 0.045 * i, land))
            self.model.stock = 52 - n * len(hands[0])
            top = self.sprites.new(first_discard)

            def land_discard() -> None:
                self.model.pile.append(top)
                self.model.stock -= 1

            flights.append(self._flight(top, True, self.layout.stock, self.layout.discard, 0.3,
                                        0.045 * len(order) + 0.1, land_discard))
            return flights

        self._queue(deal)

    def _animate(self, events: list[Event]) -> None:
        """Turn engine events into queued steps of flights and log lines."""
        final_left = self.state.final_turns_left
        for ev in events:
            if isinstance(ev, CardDrawn):
                self._queue(self._draw_step(ev))
            elif isinstance(ev, DrawSkipped):
                self._queue(self._note_step(f"{self.name(ev.player)} can't draw: both piles are empty."))
            elif isinstance(ev, MatchLaid):
                self._queue(self._lay_step(ev))
            elif isinstance(ev, ReplacementDrawn):
                self._queue(self._replacement_step(ev))
            elif isinstance(ev, CardDiscarded):
                self._queue(self._discard_step(ev))
            elif isinstance(ev, TurnPassed):
                self._queue(self._turn_step(ev, final_left))
            elif isinstance(ev, FinalRoundStarted):
                self._queue(self._final_step(ev))
            elif isinstance(ev, RoundOver):
                self._queue(self._over_step())

    def _note_step(self, line: str) -> Callable[[], list[Flight]]:
        def step() -> list[Flight]:
            self.add_log(line)
            return []
        return step

    def _draw_step(self, ev: CardDrawn) -> Callable[[], list[Flight]]:
        def step() -> list[Flight]:
            p, card = ev.player, ev.card
            self.app.sound.play("draw")
            if ev.source is Source.STOCK:
                start = self.layout.stock
                self.model.stock -= 1
                face_up = self.shows_face(p)
                sprite = self.sprites.new(card)
                self.add_log(f"{self.name(p)} drew from the stock.")
            else:
                start = self.layout.discard
                sprite = self.model.pile.pop() if self.model.pile else self.sprites.new(card)
                face_up = True
                self.add_log(f"{self.name(p)} took {card} from the discard pile.")
            hand = self.model.held[p]
            end = self._hand_slot(p, len(hand), len(hand) + 1)
            return [self._flight(sprite, face_up, start, end, 0.4, 0, self._lander(p, sprite, end))]
        return step

    def _lander(self, seat: int, sprite: CardSprite, end: pygame.Rect) -> Callable[[], None]:
        def land() -> None:
            self.model.held[seat].append(sprite)
            if seat == self.viewer:
                self.fan.place(sprite, end)
        return land

    def _lay_step(self, ev: MatchLaid) -> Callable[[], list[Flight]]:
        chosen = self._chosen()

        def step() -> list[Flight]:
            p = ev.player
            laid = [self._held_sprite(p, c, chosen) for c in ev.cards]
            starts = [self._sprite_rect(p, sp) for sp in laid]
            for sp in laid:
                self.model.held[p].take(sp)
                self.fan.drop(sp)
            sizes = [len(m) for m in self.model.laid[p]] + [len(ev.cards)]
            ends = self.layout.match_rects(p, sizes)[-1]
            self.add_log(f"{self.name(p)} laid {describe_match(ev.cards)}: +{ev.points}")
            self.app.sound.play("lay")
            flights = []

            def land() -> None:
                self.model.laid[p].append(tuple(ev.cards))
                self.model.points[p] += ev.points
                r = ends[-1]
                self.floaters.append(Floater(f"+{ev.points}", (r.right + 4, r.centery)))

            for i, (sp, s, e) in enumerate(zip(laid, starts, ends)):
                flights.append(self._flight(sp, True, s, e, 0.5, 0.06 * i, land if i == len(laid) - 1 else None))
            return flights
        return step

    def _replacement_step(self, ev: ReplacementDrawn) -> Callable[[], list[Flight]]:
        def step() -> list[Flight]:
            p = ev.player
            if self.log and ev.cards:
                self.log[-1] += f", drew {len(ev.cards)}"
            elif self.log:
                self.log[-1] += ", the stock is empty"
            hand = self.model.held[p]
            flights = []
            total = len(hand) + len(ev.cards)
            for i, c in enumerate(ev.cards):
                end = self._hand_slot(p, len(hand) + i, total)
                sprite = self.sprites.new(c)
                flights.append(self._flight(sprite, self.shows_face(p), self.layout.stock, end, 0.4, 0.1 * i,
                                            self._lander(p, sprite, end)))
            self.model.stock -= len(ev.cards)
            return flights
        return step

    def _discard_step(self, ev: CardDiscarded) -> Callable[[], list[Flight]]:
        chosen = self._chosen()

        def step() -> list[Flight]:
            p, card = ev.player, ev.card
            sprite = self._held_sprite(p, card, chosen)
            start = self._sprite_rect(p, sprite)
            self.model.held[p].take(sprite)
            self.fan.drop(sprite)
            self.add_log(f"{self.name(p)} discarded {card}.")
            self.app.sound.play("discard")
            return [self._flight(sprite, True, start, self.layout.discard, 0.4, 0, lambda: self.model.pile.append(sprite))]
        return step

    def _turn_step(self, ev: TurnPassed, final_left: int | None) -> Callable[[], list[Flight]]:
        def step() -> list[Flight]:
            if not ev.discarded:
                self.add_log(f"{self.name(ev.player)} ends the turn holding one card.")
            if ev.next_player is not None:
                self.model.current = ev.next_player
            if self.model.final_left is not None:
                self.model.final_left = max(0, self.model.final_left - 1)
            return []
        return step

    def _final_step(self, ev: FinalRoundStarted) -> Callable[[], list[Flight]]:
        def step() -> list[Flight]:
            self.model.final_left = ev.more_turns + 1
            self.add_log(f"The stock is empty: {ev.more_turns} more turns after this one.")
            return []
        return step

    def _over_step(self) -> Callable[[], list[Flight]]:
        def step() -> list[Flight]:
            self.model.over = True
            self.add_log("The round is over.")
            return []
        return step

    def add_log(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-30]

    # --- acting -------------------------------------------------------------

    def my_turn(self) -> bool:
        """The bottom human may act: their turn, nothing moving, nothing covering the table."""
        s = self.state
        return (not self.replaying and not s.is_over and s.current == self.viewer and self.is_human(s.current)
                and not self.flights and not self.steps and not self.pending_pass and not self.deal_after_pass)

    def try_action(self, action: Action) -> bool:
        """A human's action: refused with the engine's reason (changing nothing), or played."""
        if self.replaying:
            self.show_toast("This is a replay: watch, or press Esc for the menu.", True)
            return False
        if self.state.current != self.viewer or not self.is_human(self.state.current):
            self.show_toast(f"It's {self.name(self.state.current)}'s turn.", True)
            return False
        if self.flights or self.steps or self.pending_pass or self.deal_after_pass:
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
        from game.screens import ConfirmScene

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
        self.hint_text = self.hint_glow = None
        if isinstance(action, Lay):
            self.selected -= set(action.cards)
        self._animate(events)
        self.app.saves.note(self)  # on disk before the next frame: nothing is lost
        return events

    def catch_up(self, actions: list[tuple[int, Action]]) -> None:
        """Play a saved round's ``actions`` with no animation, so the table shows where it stands.

        A hot-seat table (two or more humans) still opens behind the pass-device screen.
        """
        if self.deal_after_pass:
            self.deal_after_pass = False
            self._queue_deal()
        for player, action in actions:
            events = self.state.apply(action)
            self.record.append(player, action, events)
            self._animate(events)
        self.motion.finish()
        self.floaters.clear()
        self.fan.pos.clear()

    def show_toast(self, text: str, error: bool = False) -> None:
        self.toast = (text, 4.0, error)
        if error:
            self.app.sound.play("invalid")

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
        if not self.my_turn():
            self.show_toast("Hints are for your own turn.", True)
            return
        import ai

        h = ai.hint(self.state.observation(self.viewer), think_ms=150)
        self.hint_text = h.reason
        a = h.action
        self.hint_glow = None
        if isinstance(a, Draw):
            self.hint_glow = "stock" if a.source is Source.STOCK else "discard"
        elif isinstance(a, Lay):
            self.selected = set(a.cards)
        elif isinstance(a, Discard):
            self.selected = {a.card}
            self.hint_glow = "discard"

    def sort_hand(self, by: str) -> None:
        if by == "rank":
            HandFan.sort(self.my_hand, lambda c: (c.rank, c.suit))
        else:
            HandFan.sort(self.my_hand, lambda c: (c.suit, c.rank))

    # --- update -------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.toast:
            text, left, err = self.toast
            self.toast = (text, left - dt, err) if left - dt > 0 else None
            if self.toast is None:
                self.app.dirty = True  # take it off the screen now, not at the next event
        for fl in self.floaters:
            fl.age += dt
        self.floaters = [f for f in self.floaters if f.age < f.life * max(0.3, self._factor())]
        self._update_flights(dt)
        self._ease_hand(dt)
        self._refresh_static()
        if self.pending_pass and not self.flights and not self.steps:
            self._open_pass()
            return
        busy = bool(self.flights or self.steps)
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
            self._queue_deal()

    def _update_flights(self, dt: float) -> None:
        self.motion.update(dt, instant=self._factor() == 0)

    def _hover_index(self) -> int | None:
        """The bottom-hand card the mouse lifts (none while dragging)."""
        if isinstance(self.hover, tuple) and self.hover[0] == "hand" and not self.drag:
            return self.hover[1]
        return None

    def _hand_targets(self) -> dict[int, pygame.Rect]:
        return self.fan.targets(self.my_hand, self.layout, self._hover_index())

    def _ease_hand(self, dt: float) -> None:
        self.fan.ease(dt, self.my_hand, self.layout, self._hover_index(), animate=bool(self._factor()))

    def _hand_moving(self) -> bool:
        return self.fan.moving(self.my_hand, self.layout, self._hover_index())

    # --- input ----------------------------------------------------------------

    def buttons(self) -> list[Button]:
        L = self.layout
        lay, reason = self.selection_lay()
        can = reason is None and self.my_turn()
        label = f"Lay +{(len(lay.cards) * (len(lay.cards) + 1)) // 2}" if can and lay else "Lay"
        out = [
            Button("lay", label, L.buttons["lay"], enabled=can, primary=can),
            Button("hint", "Hint", L.buttons["hint"], enabled=self.my_turn()),
            Button("sort_rank", "Sort by rank", L.buttons["sort_rank"]),
            Button("sort_suit", "Sort by suit", L.buttons["sort_suit"]),
        ]
        if self.tip_open:
            out.append(Button("tip_close", "Got it", self._tip_layout()[1], primary=True))
        for b in out:
            b.hotkey = TABLE_HOTKEYS.get(b.key)
        return out

    def _tip_layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The first-game tip: over the opponents' area (nothing to click there), and its close button."""
        L = self.layout
        s = L.scale
        tops = [spot.panel for spot in L.spots.values() if spot.side == "top"]
        box = tops[0].unionall(tops[1:]) if tops else pygame.Rect(L.w // 4, L.margin, L.w // 2, round(180 * s))
        close = pygame.Rect(0, 0, round(130 * s), round(36 * s))
        close.bottomright = (box.right - round(10 * s), box.bottom - round(10 * s))
        return box, close

    # --- keyboard ---------------------------------------------------------------

    def handle_key(self, key: int) -> bool:
        """The keyboard as an accelerator: every key does what a click would."""
        hand = self.model.hands[self.viewer]
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.kb_visible = True
            self.kb_focus = self._moved_focus(self.kb_focus, key, len(hand))
            return True
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.kb_visible = True
            if self.kb_focus is None and hand:
                self.kb_focus = ("hand", 0)
            if self.kb_focus is not None:
                self.click(self.kb_focus)
            return True
        if key == pygame.K_s:
            self.click("stock")
        elif key == pygame.K_p:
            self.try_action(DRAW_DISCARD)
        elif key == pygame.K_l:
            self.click(("button", "lay"))
        elif key == pygame.K_d:
            self.discard_by_key()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key == pygame.K_r:
            self.sort_hand("rank")
        elif key == pygame.K_u:
            self.sort_hand("suit")
        elif key == pygame.K_x and self.tip_open:
            self.close_tip()
        else:
            return False
        return True

    def _moved_focus(self, focus: object, key: int, count: int) -> object:
        """Left/Right along the hand (then on to the buttons), Up to the piles, Down back to the hand."""
        names = [b.key for b in self.buttons()] + ["menu"]
        last = ("hand", count - 1) if count else "stock"
        if focus is None or (isinstance(focus, tuple) and focus[0] == "hand" and focus[1] >= count):
            return ("hand", 0) if count else "stock"
        if isinstance(focus, tuple) and focus[0] == "hand":
            i = focus[1]
            if key == pygame.K_LEFT:
                return ("hand", max(0, i - 1))
            if key == pygame.K_RIGHT:
                return ("hand", i + 1) if i + 1 < count else ("button", names[0])
            return "stock" if key == pygame.K_UP else focus
        if focus in ("stock", "discard"):
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                return "discard" if focus == "stock" else "stock"
            return ("hand", min(count - 1, count // 2)) if key == pygame.K_DOWN and count else focus
        if isinstance(focus, tuple) and focus[0] == "button":
            i = names.index(focus[1]) if focus[1] in names else 0
            if key == pygame.K_LEFT:
                return last
            if key == pygame.K_UP:
                return ("button", names[i - 1]) if i > 0 else "discard"
            if key == pygame.K_DOWN:
                return ("button", names[min(len(names) - 1, i + 1)])
        return focus

    def discard_by_key(self) -> None:
        """D: discard the one selected card, or the card in focus if none is selected."""
        hand = self.model.hands[self.viewer]
        if len(self.selected) == 1:
            self.try_action(Discard(next(iter(self.selected))))
        elif not self.selected and isinstance(self.kb_focus, tuple) and self.kb_focus[0] == "hand" \
                and self.kb_focus[1] < len(hand):
            self.try_action(Discard(hand[self.kb_focus[1]]))
        else:
            self.show_toast("To discard with D, select exactly one card (arrows, then Space).", True)

    def close_tip(self) -> None:
        """The first-game tip goes away for good (remembered in the settings)."""
        self.tip_open = False
        self.app.settings.tips_seen = True
        self.app.save_settings()

    def target_at(self, pos: tuple[int, int]) -> object:
        """What is under the mouse: a button, a hand card, the stock, the discard pile or the menu."""
        L = self.layout
        for b in self.buttons():
            if b.rect.collidepoint(pos):
                return ("button", b.key)
        if L.menu_button.collidepoint(pos):
            return ("button", "menu")
        i = self.fan.index_at(pos, self.my_hand, L, self._hover_index())
        if i is not None:
            return ("hand", i)
        if L.stock.collidepoint(pos):
            return "stock"
        if L.discard.collidepoint(pos):
            return "discard"
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.kb_visible and event.rel != (0, 0):
                self.kb_visible = False
            if self.press and not self.drag:
                target, start = self.press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > 8:
                    self._start_drag(target, start)
            hover = self.target_at(event.pos)
            changed = hover != self.hover
            self.hover = hover
            return changed or bool(self.drag)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.press = (self.target_at(event.pos), event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            press, self.press = self.press, None
            if self.drag:
                self._drop(event.pos)
                return True
            if press is not None:
                target = self.target_at(event.pos)
                if target == press[0]:
                    self.click(target)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.fan.selected.clear()
            return True
        return False

    def open_pause(self) -> None:
        from game.screens import PauseScene

        self.press = None
        self.drag = None
        self.app.stack.push(PauseScene(self.app, self))

    def click(self, target: object) -> None:
        if target == "stock":
            self.try_action(DRAW_STOCK)
        elif target == "discard":
            if self.state.phase is Phase.DRAW or not self.my_turn():
                self.try_action(DRAW_DISCARD)
            elif len(self.selected) == 1:
                self.try_action(Discard(next(iter(self.selected))))
            else:
                self.show_toast("To discard, select one card and click the pile, or drag the card onto it.", True)
        elif isinstance(target, tuple) and target[0] == "hand":
            if target[1] < len(self.my_hand):
                self.fan.toggle(self.my_hand[target[1]])
        elif isinstance(target, tuple) and target[0] == "button":
            key = target[1]
            if key == "lay":
                lay, reason = self.selection_lay()
                if reason is not None or lay is None:
                    self.show_toast(reason or "Select cards to lay a match.", True)
                else:
                    self.try_action(lay)
            elif key == "hint":
                self.ask_hint()
            elif key == "sort_rank":
                self.sort_hand("rank")
            elif key == "sort_suit":
                self.sort_hand("suit")
            elif key == "menu":
                self.open_pause()
            elif key == "tip_close":
                self.close_tip()

    def _start_drag(self, target: object, start: tuple[int, int]) -> None:
        if isinstance(target, tuple) and target[0] == "hand":
            if target[1] >= len(self.my_hand):
                return
            sprite = self.my_hand[target[1]]
            r = self._hand_targets()[sprite.id]
            self.drag = Drag("hand", (start[0] - r.x, start[1] - r.y), sprite)
        elif target in ("stock", "discard"):
            r = self.layout.stock if target == "stock" else self.layout.discard
            if target == "discard" and not self.model.discard:
                return
            if target == "stock" and not self.model.stock:
                return
            self.drag = Drag(target, (start[0] - r.x, start[1] - r.y))

    def _drop(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        L = self.layout
        if drag.what == "hand" and drag.sprite is not None:
            if L.discard.inflate(L.discard.w // 2, L.discard.h // 3).collidepoint(pos):
                self.try_action(Discard(drag.sprite.card))
            elif pos[1] > L.status.bottom:
                HandFan.move(self.my_hand, drag.sprite, pos[0], L)
        elif pos[1] > L.status.top:
            self.try_action(DRAW_STOCK if drag.what == "stock" else DRAW_DISCARD)

    # --- drawing (changes nothing) ------------------------------------------------

    def status_lines(self) -> tuple[str, str]:
        s = self.state
        m = self.model
        if self.replaying:
            head = "Replay: " + ("the round is over." if s.is_over and m.over else f"{self.name(m.current)} to play.")
            return head, "Esc: menu"
        if s.is_over:
            return "The round is over.", "Counting the points..."
        cur = s.current
        if self.flights or self.steps:
            who = self.name(m.current)
            return (f"{who} is playing..." if m.current != self.viewer else "...", "")
        if cur != self.viewer or not self.is_human(cur):
            if self.driver.thinking:
                return f"{self.name(cur)} is thinking...", ""
            return f"{self.name(cur)} is playing...", "Your hand stays at the bottom; watch the log on the right."
        you = self.name(cur)
        if s.phase is Phase.DRAW:
            line2 = self.hint_text or "Or drag a card from a pile into your hand."
            return f"{you}, your turn. Draw: click the stock or the discard pile.", line2
        lay, reason = self.selection_lay()
        if self.hint_text:
            line2 = "Hint: " + self.hint_text
        elif self.selected and reason is None and lay is not None:
            n = len(lay.cards)
            line2 = f"{describe_match(lay.cards).capitalize()}: a match worth +{n * (n + 1) // 2}. Click Lay."
        elif len(self.selected) > 1 and reason:
            line2 = reason
        else:
            line2 = "Select cards and click Lay to lay a match; right-click clears the selection."
        return "Lay matches if you can, then discard: drag a card onto the discard pile.", line2

    def _seat_key(self, seat: int) -> tuple:
        """Everything a seat's panel shows; the panel is re-rendered only when this changes."""
        m = self.model
        return (tuple(m.hands[seat]) if self.shows_face(seat) else len(m.hands[seat]), self.shows_face(seat),
                tuple(m.laid[seat]), m.points[seat], seat == m.current and not m.over, seat == self.viewer)

    def _refresh_static(self) -> None:
        """Bring the cached layer of seats and log up to date, region by region (called from update).

        The layer holds what changes only when the model does; a card landing in one
        hand re-renders that seat's panel alone.
        """
        size = self.background.get_size()
        art = self.app.art
        if self._static is None or self._static.get_size() != size or self._static_layout is not self.layout:
            self._static = self.background.copy()
            self._static_layout = self.layout
            self._region_keys = {}
            self._region_faces = {}
        L = self.layout
        regions = [(seat, self._seat_key(seat), spot.panel) for seat, spot in L.spots.items()]
        regions.append(("log", tuple(self.log[-8:]), L.log_panel))
        for name, key, rect in regions:
            if self._region_keys.get(name) == key:
                continue
            self._region_keys[name] = key
            area = rect.inflate(6, 6).clip(self._static.get_rect())
            self._static.blit(self.background, area, area)
            start = len(art.faces_blitted)
            if name == "log":
                self._draw_log(self._static)
            else:
                self._draw_seat(self._static, name)
            self._region_faces[name] = art.faces_blitted[start:]
            del art.faces_blitted[start:]
        self._static_faces = [c for faces in self._region_faces.values() for c in faces]

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """One seat's header, face-down hand and laid matches."""
        L = self.layout
        art = self.app.art
        text = self.app.text
        s = L.scale
        spot = L.spots[seat]
        active = seat == self.model.current and not self.model.over
        if active:
            pygame.draw.rect(surface, GOLD, spot.panel, width=max(2, round(2 * s)), border_radius=round(12 * s))
        self._draw_header(surface, seat, spot.header, active)
        if spot.side != "bottom":
            hand = self.model.hands[seat]
            for c, r in zip(hand, L.fan_rects(seat, len(hand))):
                if self.shows_face(seat):
                    art.blit_face(surface, c, r, shadow=False)
                else:
                    art.blit_back(surface, r, shadow=False)
        matches = self.model.laid[seat]
        for match, rects in zip(matches, L.match_rects(seat, [len(m) for m in matches])):
            for c, r in zip(match, rects):
                art.blit_face(surface, c, r, shadow=False)
        if not matches and seat == self.viewer:
            text.blit(surface, "Your matches go here", round(18 * s), spot.matches.center, (120, 160, 140), "center")

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        art = self.app.art
        text = self.app.text
        s = L.scale
        skip = self.motion.flying()
        if self.drag and self.drag.sprite is not None:
            skip.add(self.drag.sprite.id)
        if self._static is not None:
            surface.blit(self._static, (0, 0))
            art.faces_blitted.extend(self._static_faces)
        if self.driver.thinking and self.driver.thinking_seat in L.spots:
            self._draw_thinking(surface, self.driver.thinking_seat)

        self._draw_piles(surface)
        if self.model.final_left is not None and not self.model.over:
            draw_panel(surface, L.banner, (160, 40, 30, 230), round(8 * s), None, self._panels)
            text.blit(surface, f"Final round: {self.model.final_left} turn{'s' if self.model.final_left != 1 else ''} left",
                      round(22 * s), L.banner.center, INK, "center", L.banner.w - 8)

        # the bottom hand
        hover_i = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "hand" else None
        self.fan.draw(surface, art, self.my_hand, L, self.shows_face(self.viewer), hover_i, self.my_turn(), skip)

        if self.toast:
            self._draw_toast(surface)
        else:
            self._draw_status(surface)
        mouse_hover = self.hover
        focus = self.kb_focus if self.kb_visible else None
        if self.tip_open:
            self._draw_tip(surface)
        buttons = self.buttons()
        for b in buttons:
            b.draw(surface, text, mouse_hover == ("button", b.key), focus == ("button", b.key))
        self._draw_menu_button(surface)
        self._draw_focus(surface, focus)
        tipped = mouse_hover
        if isinstance(tipped, tuple) and tipped[0] == "button":
            rect = L.menu_button if tipped[1] == "menu" else next((b.rect for b in buttons if b.key == tipped[1]), None)
            if rect is not None:
                label = "Menu, key: Esc" if tipped[1] == "menu" else key_tip(TABLE_HOTKEYS[tipped[1]])
                draw_tooltip(surface, text, label, rect, s)

        self.motion.draw(surface, art)
        for fl in self.floaters:
            life = fl.life * max(0.3, self._factor())
            k = fl.age / life
            text.blit(surface, fl.text, round(34 * s), (fl.pos[0], round(fl.pos[1] - 40 * s * out_cubic(k))), GOLD, "midleft")
        if self.drag:
            mx, my = self.mouse
            ox, oy = self.drag.offset
            if self.drag.sprite is not None:
                blit_card(art, surface, self.drag.sprite.card, pygame.Rect(mx - ox, my - oy, *L.hand_card), True)
            elif self.drag.what == "stock":
                art.blit_back(surface, pygame.Rect(mx - ox, my - oy, *L.pile_card))
            elif self.model.discard:
                art.blit_face(surface, self.model.discard[-1], pygame.Rect(mx - ox, my - oy, *L.pile_card))

    def _draw_focus(self, surface: pygame.Surface, focus: object) -> None:
        """The keyboard focus: a ring around a hand card, a pile or the menu button."""
        L = self.layout
        rect = None
        if isinstance(focus, tuple) and focus[0] == "hand":
            if focus[1] < len(self.my_hand):
                rect = self.fan.rect_of(self.my_hand[focus[1]], L)
        elif focus == "stock":
            rect = L.stock
        elif focus == "discard":
            rect = L.discard
        elif focus == ("button", "menu"):
            rect = L.menu_button
        if rect is not None:
            w = max(2, round(3 * L.scale))
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(2 * w + 2, 2 * w + 2), width=w,
                             border_radius=round(rect.w * 0.1))

    def _draw_tip(self, surface: pygame.Surface) -> None:
        """The first-game tip over the opponents' area, text shrunk until it fits."""
        box, close = self._tip_layout()
        s = self.layout.scale
        text = self.app.text
        draw_panel(surface, box, (12, 50, 36, 255), round(12 * s), GOLD, self._panels)
        pad = round(14 * s)
        width = box.w - 2 * pad
        px = round(21 * s)
        while True:
            lines = [(line, k == 0) for k, para in enumerate(TIP_LINES) for line in text.wrap(para, px, width)]
            line_h = round(px * 1.18)
            if line_h * len(lines) <= close.top - box.y - pad or px <= 11:
                break
            px -= 1
        y = box.y + pad
        for line, head in lines:
            text.blit(surface, line, px, (box.x + pad, y), GOLD if head else INK)
            y += line_h

    def _draw_thinking(self, surface: pygame.Surface, seat: int) -> None:
        """A small pill with three pulsing dots beside the name of a bot that is thinking."""
        s = self.layout.scale
        header = self.layout.spots[seat].header
        name_w = self.app.text.font(round(20 * s)).size(self._seat_label(seat))[0]
        pill = pygame.Rect(0, 0, round(46 * s), round(18 * s))
        pill.midleft = (min(header.x + name_w + round(10 * s), header.right - pill.w), header.y + round(10 * s))
        pygame.draw.rect(surface, (250, 236, 190), pill, border_radius=pill.h // 2)
        for k in range(3):
            phase = (self.clock * 2.5 - k * 0.25) % 1.0
            radius = max(2, round((2.2 + 1.6 * math.sin(phase * math.pi)) * s))
            pygame.draw.circle(surface, (60, 60, 50), (pill.x + round((12 + 11 * k) * s), pill.centery), radius)

    def _seat_label(self, seat: int) -> str:
        player = self.record.players[seat]
        if player.kind == "ai" and player.level:
            return f"{player.name} ({player.level.title()})"
        return player.name

    def _draw_header(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, active: bool) -> None:
        text = self.app.text
        s = self.layout.scale
        label = self._seat_label(seat)
        count = len(self.model.hands[seat])
        right = f"{count} card{'s' if count != 1 else ''}  -  {self.model.points[seat]} pts"
        px = round(20 * s)
        if seat == self.viewer:
            right = f"{self.model.points[seat]} pts"
        rs = text.render(right, px, MUTED)
        surface.blit(rs, rs.get_rect(topright=(rect.right, rect.y + round(2 * s))))
        color = GOLD if active else INK
        text.blit(surface, label, px, (rect.x, rect.y + round(2 * s)), color, max_w=rect.w - rs.get_width() - round(10 * s))

    def _draw_piles(self, surface: pygame.Surface) -> None:
        L = self.layout
        art = self.app.art
        text = self.app.text
        s = L.scale
        my = self.my_turn()
        draw_phase = my and self.state.phase is Phase.DRAW
        glow_stock = (draw_phase and self.model.stock) or self.hint_glow == "stock" or (self.drag and self.drag.what == "stock")
        glow_discard = (draw_phase and self.model.discard) or self.hint_glow == "discard" or (
            my and self.state.phase is Phase.BUILD and (len(self.selected) == 1 or (self.drag and self.drag.what == "hand")))
        if self.model.stock:
            if glow_stock:
                art.blit_glow(surface, L.stock, GLOW)
            depth = min(4, (self.model.stock + 9) // 10)
            for k in range(depth - 1, -1, -1):
                art.blit_back(surface, L.stock.move(-k * 2, -k * 2), shadow=k == depth - 1)
        else:
            pygame.draw.rect(surface, (60, 120, 90), L.stock, width=2, border_radius=round(L.stock.w * 0.09))
        if glow_discard:
            art.blit_glow(surface, L.discard, GLOW)
        pile = self.model.discard
        dragging_top = self.drag and self.drag.what == "discard"
        shown = pile[:-1] if dragging_top else pile
        if len(shown) >= 2:
            art.blit_face(surface, shown[-2], L.discard.move(-3, 2))
        if shown:
            art.blit_face(surface, shown[-1], L.discard)
        if not shown:
            pygame.draw.rect(surface, (60, 120, 90), L.discard, width=2, border_radius=round(L.discard.w * 0.09))
        px = round(18 * s)
        text.blit(surface, f"Stock: {self.model.stock}", px, (L.stock.centerx, L.stock.bottom + round(6 * s)), MUTED, "midtop")
        text.blit(surface, f"Discard: {len(pile)}", px, (L.discard.centerx, L.discard.bottom + round(6 * s)), MUTED, "midtop")

    def _draw_log(self, surface: pygame.Surface) -> None:
        L = self.layout
        text = self.app.text
        s = L.scale
        px = round(17 * s)
        line_h = round(px * 1.05)
        lines: list[str] = []
        for entry in self.log[-8:]:
            lines.extend(text.wrap(entry, px, L.log.w - round(8 * s)))
        fit = max(1, L.log.h // line_h)
        lines = lines[-fit:]
        y = L.log.y
        for i, line in enumerate(lines):
            color = INK if i == len(lines) - 1 else MUTED
            text.blit(surface, line, px, (L.log.x, y), color)
            y += line_h

    def _draw_status(self, surface: pygame.Surface) -> None:
        L = self.layout
        text = self.app.text
        s = L.scale
        line1, line2 = self.status_lines()
        r = L.status
        text.blit(surface, line1, round(27 * s), (r.centerx, r.y + round(2 * s)), INK, "midtop", r.w - round(120 * s))
        if line2:
            text.blit(surface, line2, round(20 * s), (r.centerx, r.y + round(28 * s)), MUTED, "midtop", r.w - round(120 * s))

    def _draw_menu_button(self, surface: pygame.Surface) -> None:
        r = self.layout.menu_button
        hover = self.hover == ("button", "menu")
        pygame.draw.rect(surface, (255, 246, 200) if hover else (230, 230, 220), r, border_radius=max(3, r.h // 5))
        for k in range(3):
            y = r.y + r.h * (0.3 + 0.2 * k)
            pygame.draw.line(surface, (30, 36, 34), (r.x + r.w * 0.25, y), (r.right - r.w * 0.25, y), max(2, r.h // 12))

    def _draw_toast(self, surface: pygame.Surface) -> None:
        """A refusal or notice, shown in place of the status lines (where the eye already is)."""
        text_str, _, error = self.toast
        L = self.layout
        text = self.app.text
        s = L.scale
        box = L.status.inflate(-round(240 * s), 0)
        px = round(21 * s)
        lines = text.wrap(text_str, px, box.w - round(24 * s))
        while len(lines) > 2 and px > 12:
            px -= 1
            lines = text.wrap(text_str, px, box.w - round(24 * s))
        draw_panel(surface, box, (130, 30, 26, 240) if error else (20, 20, 20, 230), round(10 * s), None, self._panels)
        line_h = round(px * 1.1)
        y = box.centery - line_h * len(lines[:2]) // 2
        for line in lines[:2]:
            text.blit(surface, line, px, (box.centerx, y), INK, "midtop", box.w - round(16 * s))
            y += line_h
