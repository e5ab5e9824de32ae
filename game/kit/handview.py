"""What every hidden-hand table draws the same way: its cached seats and log, the piles, the buttons with their
key tooltips, what is in the air, and the status lines while the bottom player waits.

Each function reads the table ``t`` (a :class:`~game.kit.handtable.HiddenHandTable`)
and changes nothing; a game's view passes what is its own (a seat's picture and
key, which piles glow, its words).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.kit.layer import Region
from game.kit.piles import draw_count, draw_dragged, draw_face_pile, draw_menu_button, draw_stock
from game.kit.replaycontrols import KEYS_LINE
from game.kit.sprites import blit_card
from game.kit.ui import Button, draw_focus_ring, draw_tooltip, key_tip


def layer_regions(t: Any, seat_key: Callable[[int], tuple[object, ...]],
                  draw_seat: Callable[[Any, pygame.Surface, int], None]) -> list[Region]:
    """The seat panels and the log, each keyed by everything it shows: the hand (its cards only when face up),
    whose turn, who sits at the bottom, and ``seat_key(seat)`` (the game's own)."""
    m = t.model
    regions: list[Region] = []
    for seat, spot in t.layout.spots.items():
        face = t.shows_face(seat)
        hand = tuple(s.id for s in m.held[seat]) if face else len(m.held[seat])
        key = (hand, face, seat == m.current and not m.over, seat == t.viewer) + seat_key(seat)
        regions.append((seat, key, spot.panel, lambda surface, seat=seat: draw_seat(t, surface, seat)))
    regions.append(("log", t.log.key(), t.layout.log_panel,
                    lambda surface: t.log.draw(surface, t.app.text, t.layout.log, t.layout.scale)))
    return regions


def with_keys(t: Any, buttons: list[Button]) -> list[Button]:
    """``buttons``, each with its key as its tooltip says it (from the table's ``HOTKEYS``)."""
    for b in buttons:
        b.hotkey = t.HOTKEYS.get(b.key) or None
    return buttons


def draw_piles(t: Any, surface: pygame.Surface, stock_glow: object, pile_glow: object, discarding: bool) -> None:
    """The stock and the discard pile (its top card lifted while dragged), glowing where the player may draw,
    or (``discarding``) the pile while one card is selected or a hand card is dragged."""
    L = t.layout
    drag = t.drag.what if t.drag else None
    draw_stock(surface, t.app.art, L.stock, t.model.stock, bool(stock_glow) or drag == "stock")
    glow = bool(pile_glow) or discarding and (len(t.selected) == 1 or drag == "hand")
    pile = t.model.discard
    draw_face_pile(surface, t.app.art, L.discard, pile[:-1] if drag == "discard" else pile, glow)


def draw_pile_counts(t: Any, surface: pygame.Surface, stock: str, color: tuple[int, ...] | None = None) -> None:
    """The piles' counts under them: ``stock`` under the stock, the discard pile's size under it."""
    L = t.layout
    draw_count(surface, t.app.text, L.stock, stock, L.scale, color)
    draw_count(surface, t.app.text, L.discard, f"Discard: {len(t.model.discard)}", L.scale)


def draw_controls(t: Any, surface: pygame.Surface, buttons: list[Button], focus: object = None,
                  focus_rect: pygame.Rect | None = None, avoid: bool = False) -> None:
    """The buttons and the menu button (``focus`` ringed), the keyboard's ring on ``focus_rect``, and the hovered
    button's key in a tooltip (kept off the other buttons with ``avoid``)."""
    L, text = t.layout, t.app.text
    for b in buttons:
        b.draw(surface, text, t.hover == ("button", b.key), focus == ("button", b.key))
    draw_menu_button(surface, L.menu_button, t.hover == ("button", "menu"))
    if focus_rect is not None:
        draw_focus_ring(surface, focus_rect, L.scale)
    if not (isinstance(t.hover, tuple) and t.hover[0] == "button"):
        return
    key = t.hover[1]
    rect = L.menu_button if key == "menu" else next((b.rect for b in buttons if b.key == key), None)
    tip = "Menu, key: Esc" if key == "menu" else key_tip(t.HOTKEYS[key]) if t.HOTKEYS.get(key) else ""
    if rect is not None and tip:
        if avoid:
            draw_tooltip(surface, text, tip, rect, L.scale, [b.rect for b in buttons] + [L.menu_button])
        else:
            draw_tooltip(surface, text, tip, rect, L.scale)


def draw_in_the_air(t: Any, surface: pygame.Surface, started_only: bool = False) -> None:
    """What moves over everything: the flights (``started_only``: a card waiting for its turn stays unseen in its
    pile), the floating points, the dragged card."""
    if started_only:
        for f in t.motion.flights:
            if f.tween.started:
                blit_card(t.app.art, surface, f.card, f.rect, f.face_up)
    else:
        t.motion.draw(surface, t.app.art)
    t.floaters.draw(surface, t.app.text, t.layout.scale, t.factor())
    draw_dragged(t, surface)


def waiting_lines(t: Any, noun: str, counting: str, second: str = "", playing: str | None = None
                  ) -> tuple[str, str] | None:
    """The status lines while the bottom player can't act (a replay, the end, cards moving, another seat's turn),
    else None.  ``noun``: "round" or "game"; ``counting``: the second line at the end; ``second``: the second line
    otherwise (``playing`` instead while another seat plays without thinking)."""
    s, m = t.state, t.model
    if t.replaying:
        return "Replay: " + (f"the {noun} is over." if s.is_over and m.over else f"{t.name(m.current)} to play."), KEYS_LINE
    if s.is_over:
        return f"The {noun} is over.", counting
    if t.motion.busy:
        return (f"{t.name(m.current)} is playing..." if m.current != t.viewer else "...", second)
    if s.current != t.viewer or not t.is_human(s.current):
        if t.driver.thinking:
            return f"{t.name(s.current)} is thinking...", second
        return f"{t.name(s.current)} is playing...", second if playing is None else playing
    return None
