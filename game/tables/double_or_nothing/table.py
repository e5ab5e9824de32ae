"""Double or Nothing's table: a Run (game after game, with upgrades) or a Duel, played with the mouse.

A thin table on the kit: this module holds the run, the seats and acting;
:mod:`game.tables.double_or_nothing.input` turns mouse and keys into selections
and actions; :mod:`game.tables.double_or_nothing.steps` turns engine events into
timed steps of flying stacks; :mod:`game.tables.double_or_nothing.view` draws.
Data flows one way: input -> engine action -> engine events -> steps -> draw.
The table never works out a rule: what a selection plays, whether it may be
played and why not all come from the engine.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.double_or_nothing import GAME_ID, Mode, Phase, Pick, Play
from engine.double_or_nothing.plays import Rules, describe, most_copies, selected_play, selected_span, span_numbers
from engine.envelope import GameRecord

from ai.scheduler import TurnScheduler

from game.kit.actionlog import ActionLog
from game.kit.count import CountChoice
from game.kit.flights import FlightQueue
from game.kit.focus import Focus
from game.kit.hint import Hint
from game.kit.messages import age_messages
from game.kit.pace import PacedLayer
from game.kit.span import SpanChoice
from game.kit.turnscene import TurnScene
from game.kit.ui import draw_panel, felt_background
from game.kit.viewtable import ViewTable
from game.kit.wording import whose
from game.base.scene import Scene
from game.screens.overlays import open_pause
from game.shell.session import GameSetup
from game.tables.double_or_nothing import input as double_or_nothing_input, view as double_or_nothing_view
from game.tables.double_or_nothing.steps import Shown, queue_events
from game.tables.double_or_nothing.summary import RunFacts, RunSummaryScene, facts_of, run_facts, stat_counts_of, upgrade_notes
from game.tables.double_or_nothing.view import PANEL_FILL, DoubleLayout

BANNER_SECONDS = 1.6


class DoubleTable(ViewTable, TurnScene):
    """A Run or a Duel in progress."""

    game_id = GAME_ID
    view = double_or_nothing_view
    draw_thumbnail = staticmethod(double_or_nothing_view.draw_thumbnail)

    def __init__(self, app, setup: GameSetup, record: GameRecord | None = None, state: Any = None,
                 replay: GameRecord | None = None) -> None:
        super().__init__(app)
        self._open_turns(setup, record, state, replay, TurnScheduler, later=True)
        self.viewer = self.humans[0] if self.humans else 0
        self.motion = FlightQueue()
        self.log = ActionLog(keep=40, shown=12)
        self.layer = PacedLayer()  # the drawn table while nothing but flights changes (the view's; the log a frame late)
        self.hover: object = None
        self.focus = Focus()  # the keyboard's: a column (1-8), a button's key or ("pick", id), and whether it shows
        self.clock = 0.0
        self.selection = SpanChoice(self._selection_changed)  # the numbers selected (their columns), as selected
        self.press: object = None
        self.wrap = False  # Round the Bend: the selection goes the other way round
        self.copies = CountChoice()  # Trim: the copies chosen (None: as many as possible) or being typed
        self.hint = Hint()  # the advice on screen: its words, and glow "pass" when it says to pass
        self.resize(app.size)
        self.shown = Shown.of(self.state.observation(self.viewer))
        self.hotseat = self.pending_pass = self.turns.passes_device  # the first player gets the device before any hand shows
        st = self.state
        self.log.add(f"The Run begins: game 1, hands of {st.hand_size(0)}. Win a game and everything doubles."
                     if st.mode is Mode.RUN else
                     f"A duel at game {st.game}: hands of {st.hand_size(0):,}, a pass draws {st.pass_size(0):,}.")

    stats_notes = staticmethod(upgrade_notes)  # under the statistics table: each upgrade's games and wins
    game_keys = double_or_nothing_input.BUTTON_KEYS  # the end screen's letters avoid them
    HOTKEYS = double_or_nothing_input.HOTKEYS

    @staticmethod
    def describe_state(state: Any, record: Any = None) -> str:
        """How far a saved run or duel is, for the Resume button."""
        what = f"a Run at game {state.game}" if state.mode is Mode.RUN else f"a duel at game {state.game}"
        return f"{what}, {double_or_nothing_view.deal_words(state.game_hand)}"

    # --- seats and what may be seen -------------------------------------------

    def shows_hand(self) -> bool:
        """Whether the viewer's hand may be drawn face up now (never while the device is being passed)."""
        return self.replaying or not self.pending_pass

    def my_rules(self) -> Rules:
        return self.shown.obs.rules(self.viewer)

    def sync_shown(self) -> None:
        """The model catches up with the engine, as the viewer may see it."""
        self.shown = Shown.of(self.state.observation(self.viewer))

    # --- selection -----------------------------------------------------------

    def span(self) -> tuple[int, int] | None:
        """The selection as a play's ``(lo, hi)`` (wrapped: from hi up past 8 to lo), or None without one."""
        return selected_span(*self.selection.span, self.wrap) if self.selection.span else None

    def selection_numbers(self) -> tuple[int, ...]:
        span = self.span()
        return span_numbers(*span) if span else ()

    def selection_play(self) -> tuple[Play | None, str | None]:
        """The selection as the play it makes, and the engine's reason it can't be played now (None if it can)."""
        span = self.span()
        if span is None:
            return None, "Select numbers: drag across the columns, or click one."
        try:
            play = selected_play(self.shown.hand, *span, self.copies.value)
        except ValueError as exc:
            return None, str(exc)
        seat = self.turns.current
        if seat != self.viewer:
            return play, f"It's {whose(self.name(seat))} turn."
        return play, self.state.why_illegal(play, self.viewer)

    def preview_text(self) -> str:
        """The line above the hand: the selected play and its strength, or why there is none."""
        play, reason = self.selection_play()
        if play is None:
            return reason or ""
        if self.copies.typed is not None:
            return f"Copies: {self.copies.typed}_ of {self.most_copies():,}  (type a number; Enter sets it, Esc leaves it)"
        text = f"{describe(play)}  ·  strength: {double_or_nothing_view.strength_words(play.strength(self.my_rules()))}"
        if reason is None and self.shown.top is not None:
            text += f"  ·  beats {describe(self.shown.top)}"
        if self.can_trim():
            text += "  ·  copies: wheel or -/+ (Shift x10, Ctrl x100), C to type"
        return text

    def most_copies(self) -> int:
        """The most copies of each selected number held (0 without a selection)."""
        span = self.span()
        return most_copies(self.shown.hand, *span) if span else 0

    def can_trim(self) -> bool:
        """Whether Trim's copies may be chosen now: Trim held, and a selection of more than one copy each."""
        return self.my_rules().trim and self.most_copies() > 1

    def _selection_changed(self) -> None:
        self.copies.clear()
        self.hint.clear()  # advice is about the selection it made: a new one (or a play) ends it

    # --- help: the hint and the first-game tip -------------------------------

    def ask_hint(self) -> None:
        """What Hard would do from the viewer's own observation: its play selected, or Pass lit, with a reason."""
        if not self.my_turn() or self.state.phase is not Phase.PLAY:
            self.show_toast("Hints are for your own turn.", True)
            return
        from ai.double_or_nothing import hint

        advice = hint(self.state.observation(self.viewer))
        action = advice.action
        if isinstance(action, Play):
            self.wrap = action.wraps
            self.selection.choose(action.lo, action.hi)
            if action.copies < most_copies(self.shown.hand, action.lo, action.hi):
                self.copies.value = action.copies  # Trim: fewer copies than held
            self.hint.show(advice.reason)
        else:
            self.selection.choose(None)
            self.hint.show(advice.reason, "pass")

    def tip_showing(self) -> bool:
        """The first-game tip shows only on the player's own turn to play (it never hides the opponent's play) and
        only at game 1 (a run's first, or a Duel's): a game won, or a Duel of bigger hands, the player knows how to play."""
        return self.tip_open and self.my_turn() and self.state.phase is Phase.PLAY and self.state.game == 1

    # --- scene hooks ---------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.panels.clear()
        self.layer.invalidate()
        self.layout = DoubleLayout(*size)
        self.place_replay()
        surf = felt_background(size)
        L = self.layout
        self.app.art.warm_numbers({L.card, L.area_card_size})  # the hand and a play (wide plays are smaller: rarer)
        s = L.scale
        for r in (L.top_panel, L.info_panel, L.log_panel):
            draw_panel(surf, r, PANEL_FILL, round(12 * s))
        draw_panel(surf, L.area, (6, 34, 24, 90), round(18 * s))
        self.background = surf

    def moving(self) -> bool:
        return super().moving() or bool(self.toast or self.layer.held)  # held: the log's new line shows next frame

    buttons = double_or_nothing_view.buttons

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.replay_event(event) or double_or_nothing_input.handle_event(self, event)

    # --- acting --------------------------------------------------------------

    def shown(self, seat: int, action: Any, events: list[Any]) -> None:
        """The controller played ``action``: its steps (none while catching up a saved run)."""
        if self.turns.catching_up:
            return
        self.selection.choose(None)
        self.wrap = False
        queue_events(self, [self.state.seen_by(e, self.viewer) for e in events])

    def catch_up(self, actions: list[tuple[int, Any, int]]) -> None:
        """Play a saved run's actions with no animation, so the table shows exactly where it stands."""
        self.turns.catch_up(actions)
        self.motion.steps.clear()
        if self.hotseat and self.turns.current in self.humans:
            self.viewer = self.turns.current
        self.sync_shown()
        self.log.add(f"Resumed at game {self.state.game}, {double_or_nothing_view.deal_words(self.state.game_hand)}.")

    def announce(self, text: str) -> None:
        self.banner = (text, BANNER_SECONDS * max(0.3, self.factor()) if self.factor() else 0.0)

    def play_selection(self) -> None:
        play, reason = self.selection_play()
        if play is None or reason is not None:
            self.show_toast(reason or "Select numbers to play.", True)
            return
        self.try_action(play)

    def pick(self, upgrade: str) -> None:
        self.try_action(Pick(upgrade))

    # --- update --------------------------------------------------------------

    def update(self, dt: float) -> None:
        dt = self.replay_dt(dt)
        self.clock += dt
        age_messages(self, dt)
        self.motion.update(dt, instant=self.factor() == 0)
        self.turns.step(dt, self.motion.busy, self.viewer, self.pending_pass)

    def _forget_the_last_player(self) -> None:
        self.selection.choose(None)
        self.toast = None

    def hand_over_to(self, seat: int) -> None:
        """Called by the pass-device screen after the click: the table turns to ``seat``."""
        self.viewer = seat
        self.pending_pass = False
        self.hint.clear()  # the last player's advice is not for this one
        self.sync_shown()

    def open_pause(self) -> None:
        self.selection.anchor = None  # a drag across the columns ends
        open_pause(self)

    # --- the end ---------------------------------------------------------------

    stat_counts = stat_counts_of  # each seat's own counts for the statistics: runs, best game, upgrades and their games

    def result_scene(self) -> Scene:
        return RunSummaryScene(self.app, self, self.summary_facts())

    def summary_facts(self) -> RunFacts:
        """What the end screen tells of the run or the duel (from the record; a network client's from the views)."""
        return run_facts(self.record)

    def facts_from_events(self, first_game: int, steps: list[tuple[list[Any], Any]]) -> RunFacts:
        """The facts from the events a network client's views showed (it holds no record to replay)."""
        return facts_of(self.state.mode, first_game, steps)


TableScene = DoubleTable
