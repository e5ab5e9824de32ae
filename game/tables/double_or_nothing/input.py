"""Double or Nothing's input: mouse and keys turned into selections and actions (the engine judges them).

Drag across the columns to select a span of numbers (or click one); Play,
Pass, Hint, and with Round the Bend the Wrap button.  Keys: 1-8 select a number
(Shift+number stretches the selection to it), Left/Right move the focus and
Space selects it, Enter plays, P passes, W wraps, H hints, X closes the
first-game tip, Backspace clears, Esc pauses.  With Trim the mouse wheel or -/+
choose how many copies, one at a time, ten with Shift, a hundred with Ctrl and a
thousand with both; C types the number of copies (Enter sets it, Esc leaves it
as it was).  Picking an upgrade: click its card or press 1, 2 or 3.
"""

from __future__ import annotations

import pygame

from engine.double_or_nothing import PASS, Phase

from game.kit.contract import Table
from game.kit.count import EMPTY, modifier_step

_DIGITS = {getattr(pygame, f"K_{pad}{n}"): n for pad in ("", "KP") for n in range(1, 9)}
BUTTON_KEYS = {pygame.K_p: "pass", pygame.K_h: "hint", pygame.K_x: "tip_close", pygame.K_w: "wrap"}
"""The table's letter keys and the button each presses: the one declaration (the buttons show these keys, the end
screen takes none of them)."""
HOTKEYS = {"play": "Enter", "menu": "Esc", **{name: chr(key).upper() for key, name in BUTTON_KEYS.items()}}
"""Each button's key as its tooltip shows it."""
TYPE_COPIES_KEY = pygame.K_c
"""Trim: starts typing the number of copies."""


def picking(t: Table) -> bool:
    """Whether the upgrade offer is on screen for a person to pick from."""
    return (t.state.phase is Phase.PICK and t.shown.obs.phase is Phase.PICK and t.is_human(0)
            and not t.motion.busy and not t.replaying)


def target_at(t: Table, pos: tuple[int, int]) -> object:
    """What is under ``pos``: ("pick", id), ("button", key), ("col", n) or None (the columns not while picking)."""
    pick = picking(t)
    offer = t.state.offer if pick else ()
    hits: list[object] = [("pick", u) for u, r in zip(offer, t.layout.pick_cards(len(offer))) if r.collidepoint(pos)]
    hits += [("button", b.key) for b in t.buttons() if b.rect.collidepoint(pos)]
    n = None if pick else t.layout.column_at(pos)
    return hits[0] if hits else ("col", n) if n is not None else None


def handle_event(t: Table, event: pygame.event.Event) -> bool:
    if event.type == pygame.MOUSEMOTION:
        t.focus.visible = False
        hover, t.hover = t.hover, target_at(t, event.pos)
        held = getattr(event, "buttons", (0,))[0]
        return (held and t.selection.drag_to(t.layout.column_at(event.pos, loose=True))) or hover != t.hover
    if event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 3:
            t.selection.choose(None)
            return True
        if event.button != 1:
            return False
        target = target_at(t, event.pos)
        t.press = target
        if _column(target) is not None and can_select(t):
            t.selection.press(_column(target))
        elif target is None and not picking(t):
            t.selection.choose(None)
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        target = target_at(t, event.pos)
        pressed, t.press = t.press, None
        if t.selection.release(_column(target)):
            return True  # a drag across the columns (or a click on one) ended
        if target is not None and target == pressed:
            click(t, target)
        return True
    if event.type == pygame.MOUSEWHEEL and t.my_rules().trim and t.selection.span is not None:
        adjust_copies(t, (1 if event.y > 0 else -1) * modifier_step(pygame.key.get_mods()))
        return True
    if event.type == pygame.KEYDOWN:
        if t.copies.typed is not None:
            return type_copies(t, event.key)
        return handle_key(t, event.key, getattr(event, "mod", 0))
    return False


def _column(target: object) -> int | None:
    """The number of the column ``target`` is (a :func:`target_at`), or None if it is no column."""
    return target[1] if isinstance(target, tuple) and target[0] == "col" else None


def can_select(t: Table) -> bool:
    return not t.replaying and t.shows_hand() and t.is_human(t.viewer) and not t.state.is_over and not picking(t)


BUTTONS = {"menu": "open_pause", "play": "play_selection", "hint": "ask_hint", "tip_close": "close_tip"}
"""The buttons that call one method of the table, by key (Pass and Wrap do more)."""


def click(t: Table, target: object) -> None:
    if not isinstance(target, tuple):
        return
    kind, key = target
    if kind == "pick":
        t.pick(str(key))
    elif key == "pass":
        t.try_action(PASS)  # refused, when it may not be played, with the engine's reason
    elif key == "wrap":
        t.wrap = not t.wrap
        t.copies.clear()
        t.hint.clear()
    elif key in BUTTONS:
        getattr(t, BUTTONS[key])()


def adjust_copies(t: Table, step: int) -> None:
    """Trim: ``step`` copies more (or fewer, if negative), within what the selection holds."""
    play, _ = t.selection_play()
    if play is None:
        return
    t.copies.step(step, play.copies if t.copies.value is None else t.copies.value, t.most_copies())


def type_copies(t: Table, key: int) -> bool:
    """Trim, typing the number of copies (while typing, 1-8 are digits, not numbers to select): digits, Backspace;
    Enter sets it (within what the selection holds; else a message, and nothing changes), Esc (or C) leaves it as
    it was."""
    most = t.most_copies()
    if key in (pygame.K_ESCAPE, TYPE_COPIES_KEY):
        t.copies.typed = None
    elif (refused := t.copies.type_key(key, most)) is not None:
        t.show_toast("Type how many copies to play (Esc: leave them as they are)." if refused == EMPTY else
                     f"You hold {most:,} of each selected number: type {most:,} or fewer.", True)
    return True


def handle_key(t: Table, key: int, mod: int = 0) -> bool:
    """A key at the table (``mod``: the modifier keys held: Shift stretches the selection, or with Ctrl steps copies)."""
    shift = mod & pygame.KMOD_SHIFT
    if key == pygame.K_ESCAPE:
        t.open_pause()
        return True
    t.focus.visible = True
    if picking(t):
        offer = t.state.offer
        if key in _DIGITS and _DIGITS[key] <= len(offer):
            t.pick(offer[_DIGITS[key] - 1])
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            t.focus.cycle([("pick", u) for u in offer], -1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and isinstance(t.focus.at, tuple):
            t.pick(t.focus.at[1])
            return True
        return False
    if key in _DIGITS and can_select(t):
        t.focus.at = _DIGITS[key]
        t.selection.stretch(t.focus.at) if shift else t.selection.choose(t.focus.at)
        return True
    if key in (pygame.K_LEFT, pygame.K_RIGHT):
        now = t.focus.at if isinstance(t.focus.at, int) else (4 if key == pygame.K_RIGHT else 5)
        t.focus.at = max(1, min(8, now + (1 if key == pygame.K_RIGHT else -1)))
        if shift and t.selection.span is not None and can_select(t):
            t.selection.stretch(t.focus.at)
        return True
    if key == pygame.K_SPACE and isinstance(t.focus.at, int) and can_select(t):
        t.selection.toggle(t.focus.at)
        return True
    pressed = "play" if key in (pygame.K_RETURN, pygame.K_KP_ENTER) else BUTTON_KEYS.get(key)
    if pressed and (pressed != "wrap" or t.my_rules().wrap) and (pressed != "tip_close" or t.tip_showing()):
        click(t, ("button", pressed))
        return True
    if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
        t.selection.choose(None)
        return True
    if key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS) and t.my_rules().trim:
        adjust_copies(t, (-1 if key in (pygame.K_MINUS, pygame.K_KP_MINUS) else 1) * modifier_step(mod))
        return True
    if key == TYPE_COPIES_KEY and t.can_trim():
        t.copies.typed = ""
        return True
    return False
