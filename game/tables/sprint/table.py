"""Sprint, Snap, Score's table: one round, played with the mouse or the keyboard.

A thin table on the kit (:mod:`game.kit`): this module holds the round, the
seats and the input rules; :mod:`game.tables.sprint.steps` turns engine events
into flights; :mod:`game.tables.sprint.view` draws.  Data flows one way: input ->
engine action -> engine events -> flights (tweens on card sprites) -> draw.
Only the bottom seat's cards are ever drawn face up (plus cards that are public:
the discard pile and laid matches); in hot-seat the bottom seat changes only
behind the pass-device screen.
"""

from __future__ import annotations

import pygame

from ai.scheduler import TurnScheduler
from engine.cards import Card
from engine.sprint.records import Record
from engine.sprint import Action, Discard, Event, Lay, Round

from game.kit.firsttip import TIP_KEY
from game.kit.focus import Focus
from game.kit.forward import Forward
from game.kit.handtable import HiddenHandTable
from game.kit.hint import Hint
from game.kit.keymap import Keymap
from game.kit.wording import whose
from game.shell.session import GameSetup
from game.screens import overlays
from game.tables.sprint import assist as sprint_assist, input as sprint_input, match as sprint_match, view as sprint_view
from game.tables.sprint.round_over import RoundOverScene
from game.tables.sprint import steps as sprint_steps

SPRINT_KEYS = {
    pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_SPACE: "press", pygame.K_RETURN: "press", pygame.K_KP_ENTER: "press",
    pygame.K_s: "stock", pygame.K_p: "pile", pygame.K_l: "lay", pygame.K_d: "discard", pygame.K_h: "hint",
    pygame.K_r: "sort_rank", pygame.K_u: "sort_suit", TIP_KEY: "tip_close", pygame.K_z: "undo",
}
"""The bottom seat's keys (Sprint is turn-based: whoever sits at the bottom holds the keyboard)."""
TABLE_HOTKEYS = {name: chr(key).upper() for key, name in SPRINT_KEYS.items() if pygame.K_a <= key <= pygame.K_z}
"""Each button's key as its tooltip says it, from the one declaration of the keys (:data:`SPRINT_KEYS`)."""
TABLE_HOTKEYS["menu"] = "Esc"


class SprintTable(HiddenHandTable):
    """A round in progress."""

    game_id = "sprint"  # the registry's id (its records are "sprint-snap-score/1")
    HOTKEYS = TABLE_HOTKEYS
    view, controls, animator, tip_lines = sprint_view, sprint_input, sprint_steps, sprint_view.TIP_LINES

    def __init__(self, app, setup: GameSetup, record: Record | None = None, state: Round | None = None,
                 replay: Record | None = None) -> None:
        super().__init__(app)
        self._open_turns(setup, record, state, replay, TurnScheduler)
        self._seat_players()
        self.keymap = Keymap.for_seat(self.viewer, SPRINT_KEYS)
        self.model = sprint_steps.TableModel.empty(self.state.num_players, self.state.current)
        if sprint_match.match_rounds(setup) > 1 and not self.replaying:
            self.log.add(f"Round {len(sprint_match.played(setup)) + 1} of {sprint_match.match_rounds(setup)}.")
        self.hint = Hint()
        self.drop_x: int | None = None  # where a card dragged from a pile was dropped (it lands there)
        self._lit_key: object = None
        self.undoable: tuple[int, Action] | None = None  # the last action, if it may be taken back
        self.focus = Focus()  # the keyboard's: the input moves it, the view reads it
        self._was_my_turn = False
        self._lay_the_table()

    # --- what the table holds ------------------------------------------------

    kb_focus = Forward("focus", "at")
    hint_text = property(lambda self: self.hint.text)
    hint_glow = property(lambda self: self.hint.glow)

    def card_rect(self, card: Card) -> pygame.Rect:
        """Where ``card`` of the bottom hand rests (its slot, hover and selection included)."""
        sprite = self.my_hand.find(card)
        assert sprite is not None, f"{card} is not in the bottom hand"
        return self.hand_targets()[sprite.id]

    def rival_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        """An opponent's small fan."""
        rects = self.layout.fan_rects(seat, count)
        return rects[index] if rects else self.layout.seat_anchor(seat)

    # --- seats -------------------------------------------------------------

    def set_viewer(self, seat: int) -> None:
        super().set_viewer(seat)
        self.keymap = Keymap.for_seat(seat, SPRINT_KEYS)
        self._lit_key = None
        self.hint.clear()

    def settings_changed(self) -> None:
        """A setting changed (card size, four colours, speeds): apply it to this round at once."""
        for seat in self.setup.seats:
            if seat.kind == "ai" and seat.level == "master":
                seat.think_ms = self.app.think_ms  # saved with the round, so a resume keeps it
        super().settings_changed()

    # --- acting -------------------------------------------------------------

    def _asks_first(self, action: Action) -> bool:
        if isinstance(action, Discard) and self.app.settings.confirm_discard:
            overlays.confirm_discard(self, action, action.card.name, " (Settings: Confirm each discard.)")
            return True
        return False

    def _performed(self, player: int, action: Action, events: list[Event]) -> None:
        sprint_assist.note_undoable(self, player, action, events)
        self.hint.clear()
        self.fan.pointed.clear()
        self._queue_events(events)  # the steps note which sprites were chosen before the selection drops them
        if isinstance(action, Lay):
            self.selected -= set(action.cards)

    def selection_lay(self) -> tuple[Lay | None, str | None]:
        """The selected cards as a Lay and the reason it can't be played (None if it can)."""
        if not self.selected:
            return None, "Select cards to lay a match."
        try:
            lay = Lay(tuple(sorted(self.selected)))
        except ValueError as exc:
            return None, str(exc)
        if self.state.current != self.viewer:
            return lay, f"It's {whose(self.name(self.state.current))} turn."
        return lay, self.state.why_illegal(lay)

    ask_hint, undo, undo_reason = sprint_assist.ask_hint, sprint_assist.undo, sprint_assist.undo_reason

    # --- update -------------------------------------------------------------

    def update(self, dt: float) -> None:
        dt = self.replay_dt(dt)
        self._tick(dt)
        sprint_assist.light_matches(self)
        mine = self.my_turn()
        if mine and not self._was_my_turn and not self.state.is_over:
            self.app.sound.play("your_turn")
        self._was_my_turn = mine
        self._take_turns(dt)
        self._refresh_layer()  # after the turns: the layer holds the hand, as current as the frame

    def game_finished(self) -> None:
        if self.humans and not self.replaying:
            won = any(p in self.humans for p in self.state.result.winners)
            self.app.sound.play("round_won" if won else "round_lost")
        super().game_finished()

    restore_setup = staticmethod(sprint_match.restore_setup)

    def saved_setup(self) -> dict[str, object]:
        """The match a saved game keeps (its length and earlier rounds)."""
        return sprint_match.saved_setup(self.setup)

    def result_scene(self) -> RoundOverScene:
        """The round's scores (and the match's sheet), then the next round or back to the menu."""
        return RoundOverScene(self.app, self)

    def _forget_the_last_player(self) -> None:
        super()._forget_the_last_player()
        self.focus.at = None

    # --- input ----------------------------------------------------------------

    open_pause = overlays.open_pause


TableScene = SprintTable
"""The name the shell and the tests know the table by."""
