"""Scamper Sets N' Runs' table: ten contract rounds for 2 to 10 seats, played with the mouse.

A thin table on the kit (:mod:`game.kit`): this module holds the game, the seats
and the turn flow; :mod:`game.tables.scamper.steps` turns engine events into
flights; :mod:`game.tables.scamper.view` draws; :mod:`game.tables.scamper.input`
maps the mouse to actions; :mod:`game.tables.scamper.play` asks the engine what a
selection or a drop would do (the table never decides a rule itself).  Data
flows one way: input -> engine action -> engine events -> flights -> draw.  Only
the bottom seat's hand is ever drawn face up (in hot-seat the bottom seat
changes only behind the pass-device screen).
"""

from __future__ import annotations

from typing import Any

import pygame

from ai.scheduler import TurnScheduler
from engine.envelope import GameRecord
from engine.scamper import GAME_ID, Action, Discard, Event, LayContract, LayMeld, ScamperGame

from game.kit.handtable import HiddenHandTable
from game.kit.sprites import Hand
from game.screens import overlays
from game.shell.session import GameSetup
from game.tables.scamper import input as scamper_input, play as scamper_play, steps as scamper_steps
from game.tables.scamper import view as scamper_view
from game.tables.scamper.layout import stack_rects, table_melds


class ScamperTable(HiddenHandTable):
    """A game of Scamper in progress (all its rounds)."""

    game_id, wide_log = GAME_ID, True
    HOTKEYS = scamper_view.HOTKEYS
    view, controls, animator = scamper_view, scamper_input, scamper_steps
    tip_lines = ("First game? Each round has a contract of sets and runs (named mid-table). Lowest total wins.",
                 "1. Draw: click the stock or the discard pile (S / P). At the opening: take the face-up card or pass it.",
                 "2. Holding the contract? Select its cards, then Lay contract (L). Once down, drag cards onto any meld.",
                 "3. Discard one card to end your turn; never a wild, unless it is your last card.",
                 "Empty your hand to end the round. The line above your cards says what you still need. Rules: menu (Esc).")

    def __init__(self, app: Any, setup: GameSetup, record: GameRecord | None = None, state: ScamperGame | None = None,
                 replay: GameRecord | None = None) -> None:
        super().__init__(app)
        self._open_turns(setup, record, state, replay, TurnScheduler, timed=True)
        self._seat_players()
        self.model = scamper_steps.TableModel([Hand() for _ in range(self.state.num_players)])
        self.sort_by = "rank"
        self.wilds_low = False  # the player's choice: a lay's spare wild at the bottom of its run, not the top
        self._meld_cache: dict[tuple, tuple[dict[int, Any], dict[int, Any]]] = {}
        self._meld_cache_of: object = None  # the layout the cache is for (held: its id is never another's)
        self._memo: dict[str, tuple[Any, Any]] = {}
        self._lay_the_table()

    # --- what the table holds ------------------------------------------------

    def rival_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        return stack_rects(self.layout, seat, min(index + 1, 4), last=True)[0]  # four backs at most: a fifth on the fourth

    def meld_layout(self, seat: int, sizes: list[int] | None = None) -> list[list[pygame.Rect]]:
        """The rects of ``seat``'s melds (of ``sizes`` cards: what they will be after a step)."""
        return self.meld_layouts(seat, sizes)[0][seat]

    def meld_layouts(self, seat: int = 0, sizes: list[int] | None = None) -> tuple[dict[int, Any], dict[int, Any]]:
        """Every seat's meld rects (``seat``'s of ``sizes`` cards), and the same as tuples (a layer key's), cached."""
        m = self.model
        by_seat = {s: [len(m.melds[i]) for i in m.melds_of(s)] for s in range(self.state.num_players)}
        if sizes is not None:
            by_seat[seat] = list(sizes)
        if self._meld_cache_of is not self.layout:  # a new layout (a resize, a setting, another viewer): new rects
            self._meld_cache.clear()
            self._meld_cache_of = self.layout
        key = (self.viewer, tuple(tuple(v) for v in by_seat.values()))
        if key not in self._meld_cache:
            if len(self._meld_cache) > 200:
                self._meld_cache.clear()
            rects = table_melds(self.layout, self.viewer, by_seat)
            self._meld_cache[key] = rects, {s: tuple(tuple(map(tuple, r)) for r in v) for s, v in rects.items()}
        return self._meld_cache[key]

    def meld_rects(self) -> dict[int, list[pygame.Rect]]:
        """Every meld on the table (by number) and the rects of its cards."""
        m = self.model
        return {i: rects for seat in range(self.state.num_players) if seat in m.owners
                for i, rects in zip(m.melds_of(seat), self.meld_layout(seat))}

    # --- acting -------------------------------------------------------------

    def _asks_first(self, action: Action) -> bool:
        """A discard that looks like a slip (setting on) waits for the player to confirm it; others go at once."""
        doubt = isinstance(action, Discard) and self.app.settings.confirm_discard \
            and scamper_play.discard_doubt(self, action.card)
        if doubt:
            overlays.confirm_discard(self, action, action.card.name, " " + doubt, default="yes")
        return bool(doubt)

    def _performed(self, player: int, action: Action, events: list[Event]) -> None:
        self._queue_events(events)  # the steps note which sprites were chosen before the selection drops them
        if isinstance(action, (LayContract, LayMeld, Discard)):
            self.fan.selected.clear()

    # --- the round's end and the game's ---------------------------------------

    def round_ended(self, round_no: int) -> None:
        """A round was scored: humans at the table see the sheet (this round's hand counts) before the next deal."""
        if self.catching_up or self.replaying or not self.humans or round_no >= self.state.rules.rounds:
            return
        self.hold = True
        self._forget_the_last_player()
        scamper_play.open_sheet(self, round_no)

    def next_round(self) -> None:
        self.hold = False

    def show_sheet(self) -> None:
        """The sheet so far, at any moment (the Score sheet button)."""
        self.press = self.drag = None
        scamper_play.open_sheet(self)

    # --- what the engine says of the selection, the drag and the hand (memoised per action) ---

    def memoised(self, name: str, compute: Any, *key: object) -> Any:
        """``compute(self)``, worked out again only once an action was played, the bottom seat or the round
        changed, or ``key`` did."""
        key = (len(self.record.entries), self.viewer, self.state.contract_no) + key
        if self._memo.get(name, (None,))[0] != key:
            self._memo[name] = (key, compute(self))
        return self._memo[name][1]

    def proposal(self) -> scamper_play.Proposal:
        """The Lay button's action for the selection, its label, and the engine's reason it can't be played."""
        return self.memoised("lay", scamper_play.proposal, tuple(sorted(self.fan.selected)), self.wilds_low)

    def progress_line(self) -> str:
        """The round's contract and the bottom seat's progress toward it; on a frame that played or showed a move (a
        long one), as it was for the same seat: worked out again on the next frame that does neither."""
        if not self.model.dealt or self.pending_pass:
            return ""
        was = self._memo.get("progress")
        return was[1] if self.busy_frame and was and was[0][1] == self.viewer else self.memoised(
            "progress", scamper_play.progress)

    def lit_melds(self) -> set[int]:
        """The melds that can take the dragged card (or the one selected card)."""
        sprite = self.drag.sprite if self.drag else None
        if sprite is None and len(self.fan.selected) == 1:
            sprite = next(iter(self.fan.selected_sprites(self.my_hand)), None)
        if sprite is None or self.motion.busy:
            return set()
        return self.memoised("lit", lambda t: scamper_play.takers(t, sprite.card), sprite.card)

    drop_action, stat_counts, result_scene = scamper_play.drop_action, scamper_play.stat_counts, scamper_play.standings

    # --- update -------------------------------------------------------------

    busy_frame = False  # whether this frame played a move or started a step (:meth:`progress_line`)

    def update(self, dt: float) -> None:
        dt = self.replay_dt(dt)
        seen = len(self.record.entries), self.motion.flights
        self._tick(dt)
        if not self.hold and self.layer.surface is not None:  # a frame painting the whole layer (a table's first)
            self._take_turns(dt)  # lets the bots start on the next
        self.busy_frame = seen[0] != len(self.record.entries) or seen[1] is not self.motion.flights
        if self.is_human(self.viewer) and not self.motion.busy:
            self.progress_line()  # worked out here, so a frame only reads it
            self.proposal()
        self._refresh_layer()  # after the turns: the layer holds the hand, as current as the frame

    open_pause = overlays.open_pause
