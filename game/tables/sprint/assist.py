"""Sprint's help for the player: undo of the last action, possible matches lit in the hand, the hint.

Undo takes back the bottom player's last action only while it shows no card
that was hidden: a draw from the discard pile, a lay that drew no replacement
cards, a discard before the next player has acted.  A draw from the stock, or a
lay whose replacement cards came into the hand, showed a hidden card: those stay.
The history stays seed + actions: an undo removes the action from the record
(and from the save), and the table is rebuilt from the rest, as a resume does.
"""

from __future__ import annotations

from engine.sprint import Action, Discard, Draw, Event, Lay, Phase, ReplacementDrawn, RoundOver, Source

from game.kit.handtable import HiddenHandTable
from game.kit.scenarios import open_at


def note_undoable(t: HiddenHandTable, player: int, action: Action, events: list[Event]) -> None:
    """After an action: whether it may be taken back (a bot's action ends any undo)."""
    reveals = isinstance(action, Draw) and action.source is Source.STOCK
    reveals = reveals or any(isinstance(e, ReplacementDrawn) and e.cards for e in events)
    over = any(isinstance(e, RoundOver) for e in events)
    t.undoable = (player, action) if t.is_human(player) and not reveals and not over else None


def undo_reason(t: HiddenHandTable) -> str | None:
    """Why the last action can't be taken back now; None if it can."""
    if t.replaying:
        return "This is a replay: nothing to undo."
    if t.turns.remote:
        return "A network game: the host has played your action, it can't be taken back."
    if len(t.humans) != 1:
        return "Undo is for games with one player at the table (not hot-seat)."
    if t.state.is_over:
        return "The round is over."
    if t.undoable is None or not t.record.actions or t.record.actions[-1] != t.undoable:
        if t.record.actions and t.record.actions[-1][0] in t.humans and t.undoable is None:
            return "That showed you a hidden card (from the stock): it can't be undone."
        return "Nothing to undo: only your last action, before the next player acts."
    return None


def undo(t: HiddenHandTable) -> None:
    """Take back the last action: the table is rebuilt from the deal and the other actions, and saved so."""
    reason = undo_reason(t)
    if reason is not None:
        t.show_toast(reason, True)
        return
    app = t.app
    player, action = t.record.actions[-1]
    table = open_at(app, type(t), t.setup, t.record, t.record.actions[:-1])
    table.tip_open = t.tip_open
    t.driver.cancel()
    app.saves.adopt(table)
    app.saves.note(table)  # the save is rewritten without the undone action
    app.stack.pop()
    app.stack.push(table)
    if isinstance(action, Lay):
        table.selected = set(action.cards)
    elif isinstance(action, Discard):
        table.selected = {action.card}
    table.show_toast(f"Undone: {action}.")
    app.dirty = True


def light_matches(t: HiddenHandTable) -> None:
    """The cards of the bottom hand that are in a possible match glow (a setting; on in Apprentice games).

    Worked out once per hand and phase, in ``update``; only on the player's own turn after drawing.
    """
    levels = [p.level for p in t.record.players if p.kind == "ai"]
    key = None
    if t.my_turn() and t.state.phase is Phase.BUILD and t.app.settings.lights_matches(levels):
        key = (t.state.turn, t.state.hands[t.viewer], t.viewer)
    if key == t._lit_key:
        return
    t._lit_key = key
    t.fan.lit.clear()
    if key is None:
        return
    cards = {c for a in t.state.legal_actions() if isinstance(a, Lay) for c in a.cards}
    t.fan.lit.update(s.id for s in t.my_hand if s.card in cards)


def ask_hint(t: HiddenHandTable) -> None:
    """The AI's advice for the bottom player: in words, and pointing at the cards (or lighting the pile)."""
    if not t.my_turn():
        t.show_toast("Hints are for your own turn.", True)
        return
    import ai.sprint

    h = ai.sprint.hint(t.state.observation(t.viewer), think_ms=150)
    a = h.action
    glow = None
    t.fan.pointed.clear()
    if isinstance(a, Draw):
        glow = "stock" if a.source is Source.STOCK else "discard"
    elif isinstance(a, Lay):
        t.selected = set(a.cards)
    elif isinstance(a, Discard):
        t.selected = {a.card}
        glow = "discard"
    if isinstance(a, (Lay, Discard)):  # the hint points at the cards themselves, not only in words
        t.fan.pointed.update(t.fan.selected)
    t.hint.show(h.reason, glow)
