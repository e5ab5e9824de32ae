"""What every hidden-hand table draws the same way: its cached seats and log, the piles, the buttons with their
key tooltips, what is in the air, and the status lines while the bottom player waits.

Each function reads the table ``t`` (a :class:`~game.kit.handtable.HiddenHandTable`)
and changes nothing; a game's view passes what is its own (a seat's picture and
key, which piles glow, its words).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import pygame

from game.kit.layer import Partial, Region
from game.kit.messages import draw_banner
from game.kit.parts import log_parts, parts_region
from game.kit.piles import draw_count, draw_dragged, draw_face_pile, draw_menu_button, draw_stock
from game.kit.replaycontrols import KEYS_LINE
from game.kit.scorepanel import draw_panel_rim, rim_strips
from game.kit.sprites import blit_card
from game.kit.ui import Button, draw_focus_ring, draw_tooltip, key_tip
from game.kit.wording import whose


Touched = Callable[[int, tuple[Any, ...], tuple[Any, ...]], "list[pygame.Rect] | None"]
"""``touched(seat, old_key, new_key)``: the parts of a seat's panel a change of its key repainted (a Partial's)."""


def layer_regions(t: Any, seat_key: Callable[[int], tuple[object, ...]],
                  draw_seat: Callable[[Any, pygame.Surface, int, bool], bool], empty_words: str,
                  touched: Touched | None = None) -> list[Region]:
    """The seat panels and the log, each keyed by everything it shows: the hand (its cards only when face up),
    whose turn, who sits at the bottom, and ``seat_key(seat)`` (the game's own).  A panel is rimmed while it is
    its seat's turn, then ``draw_seat(t, surface, seat, active)`` draws it and says whether the seat has laid
    nothing yet (the bottom seat's panel then says ``empty_words``).  With ``touched``, a panel repaints only the
    parts a change touched; the log repaints only its rows that changed (:func:`~game.kit.parts.log_parts`)."""
    m = t.model
    regions: list[Region] = []
    for seat, spot in t.layout.spots.items():
        face = t.shows_face(seat)
        hand = tuple(s.id for s in m.held[seat]) if face else len(m.held[seat])
        key = (hand, face, seat == m.current and not m.over, seat == t.viewer) + seat_key(seat)
        draw = lambda surface, seat=seat: _draw_panel(t, surface, seat, draw_seat, empty_words)  # noqa: E731
        if touched is None:
            regions.append((seat, key, spot.panel, draw))
        else:
            regions.append(Partial(seat, key, spot.panel, draw, lambda old, new, seat=seat: touched(seat, old, new)))
    L = t.layout  # the log: a new line repaints the rows whose words changed, not the whole panel
    return regions + [_log_region(t.log, t.log.key(), t.app.text, tuple(L.log_panel), tuple(L.log), L.scale)]


@lru_cache(maxsize=2)
def _log_region(log: Any, shows: tuple[Any, ...], text: Any, panel: tuple[int, ...], rect: tuple[int, ...],
                scale: float) -> Partial:
    """The log's region while it shows ``shows`` (its key): made once, not every frame."""
    return parts_region("log", pygame.Rect(panel), log_parts(log, text, pygame.Rect(rect), scale))


def _draw_panel(t: Any, surface: pygame.Surface, seat: int, draw_seat: Callable[[Any, pygame.Surface, int, bool], bool],
                empty_words: str) -> None:
    spot, s = t.layout.spots[seat], t.layout.scale
    active = seat == t.model.current and not t.model.over
    if active:
        draw_panel_rim(surface, spot, s)
    if draw_seat(t, surface, seat, active) and seat == t.viewer:
        t.app.text.blit(surface, empty_words, round(18 * s), spot.matches.center, (120, 160, 140), "center")


def panel_touched(t: Any, seat: int, old: tuple[Any, ...], new: tuple[Any, ...],
                  hand_rects: Callable[[int], list[pygame.Rect]], px: int) -> list[pygame.Rect] | None:
    """The parts of a seat's panel a change of its key touched (a :data:`Touched` for a key of :func:`layer_regions`
    whose game part is (laid, header): ``laid`` the groups of cards laid, each (its cards, their rects) as drawn,
    ``header`` what the header shows, its text ``px`` high): the rim and the header for a turn, the hand's cards
    (``hand_rects(count)``) and the header for a hand, the groups that changed (and where the bottom seat's words
    go, laying the first or the last) alone, the header (its text's lines whole) for the header, joined in a few
    rects; a new face or viewer, the whole panel.  (Each rect repaints all the panel's drawing reaching into it.)"""
    hand, face, turn, viewer, laid, head = range(6)
    if old[face] != new[face] or old[viewer] != new[viewer]:
        return None
    spot, h = t.layout.spots[seat], t.layout.spots[seat].header
    rim = rim_strips(spot, t.layout.scale) if old[turn] != new[turn] else []
    parts: list[pygame.Rect] = []
    stack = old[hand] != new[hand] and spot.side != "bottom"
    if stack:
        parts += [r for n in (old[hand], new[hand]) for r in hand_rects(n if isinstance(n, int) else len(n))]
    if old[laid] != new[laid]:
        parts += [pygame.Rect(r) for group in set(old[laid]) ^ set(new[laid]) for r in group[1]]
        parts += [spot.matches] if new[viewer] and not (old[laid] and new[laid]) else []
    line = round(2 * t.layout.scale) + t.app.text.font(px).get_linesize()  # draw_header's text, descenders too
    if rim or stack or old[head] != new[head]:
        parts.append(pygame.Rect(h.x, h.y, h.w, max(h.h, line)))
    return _few(parts, rim)


def _few(rects: list[pygame.Rect], rim: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` and the ``rim``'s strips as a few rects covering them (each repainted costs a drawing of the panel):
    all in one when that one is not much larger than they are together, else the rim's strips and each kind apart
    (cards, header) as one."""
    for group in (rects + rim, rects):
        if len(group) > 1:
            whole = group[0].unionall(group[1:])
            if whole.w * whole.h <= 1.5 * sum(r.w * r.h for r in group):
                return [whole] if group is not rects else rim + [whole]
    return rim + (rects if len(rects) < 2 else [rects[0].unionall(rects[1:-1]), rects[-1]])


def with_keys(t: Any, buttons: list[Button]) -> list[Button]:
    """``buttons``, each with its key as its tooltip says it (from the table's ``HOTKEYS``)."""
    for b in buttons:
        b.hotkey = t.HOTKEYS.get(b.key) or None
    return buttons


def sort_buttons(t: Any) -> list[Button]:
    """The two sorts of the bottom hand, in their places."""
    return [Button(key, f"Sort by {key[5:]}", t.layout.buttons[key]) for key in ("sort_rank", "sort_suit")]


def draw_piles(t: Any, surface: pygame.Surface, stock_glow: object, pile_glow: object, discarding: bool) -> None:
    """The stock and the discard pile (its top card lifted while dragged), glowing where the player may draw,
    or (``discarding``) the pile while one card is selected or a hand card is dragged."""
    draw_piles_shown(t, surface, *_piles_shown(t, stock_glow, pile_glow, discarding))


def _piles_shown(t: Any, stock_glow: object, pile_glow: object, discarding: bool) -> tuple[Any, ...]:
    """What :func:`draw_piles` shows: (the stock's glow, its count, the discard pile's glow, its top two cards)."""
    drag = t.drag.what if t.drag else None
    pile = t.model.discard
    glow = bool(pile_glow) or discarding and (len(t.selected) == 1 or drag == "hand")
    return bool(stock_glow) or drag == "stock", t.model.stock, glow, tuple((pile[:-1] if drag == "discard" else pile)[-2:])


def draw_piles_shown(t: Any, surface: pygame.Surface, stock_glow: bool, stock: int, glow: bool, top: tuple[Any, ...],
                     which: tuple[int, ...] = (0, 1)) -> None:
    """The piles as :func:`_piles_shown` says (those ``which`` names: 0 the stock, 1 the discard pile)."""
    if 0 in which:
        draw_stock(surface, t.app.art, t.layout.stock, stock, stock_glow)
    if 1 in which:
        draw_face_pile(surface, t.app.art, t.layout.discard, top, glow)


def middle_look(t: Any, stock_glow: object, pile_glow: object, discarding: bool, stock: str | None,
                banner: tuple[str | None, pygame.Rect], stock_color: tuple[int, ...] | None = None) -> tuple[Any, ...]:
    """What the middle of the table shows: the piles (:func:`draw_piles`' arguments), their counts (``stock``: the
    stock's words, in ``stock_color``; None: no counts) and a banner (its words, None for none, and its rect):
    :func:`draw_middle` draws it, the table's ``middle_region`` caches it (a region each: stock, discard pile, counts, banner)."""
    return (_piles_shown(t, stock_glow, pile_glow, discarding), (stock, len(t.model.discard), stock_color),
            (banner[0], tuple(banner[1])))


def draw_middle(t: Any, surface: pygame.Surface, look: tuple[Any, ...], parts: tuple[int, ...] = (0, 1, 2, 3)) -> None:
    """The stock, the discard pile, their counts, then the banner (those of them ``parts`` names, in that order), as
    :func:`middle_look` says."""
    piles, (stock, _, color), (words, rect) = look
    if 0 in parts or 1 in parts:
        draw_piles_shown(t, surface, *piles, parts)
    if 2 in parts and stock is not None:
        draw_pile_counts(t, surface, stock, color)
    if 3 in parts and words is not None:
        draw_banner(surface, t.app.text, pygame.Rect(rect), words, t.layout.scale, t.panels)


def draw_pile_counts(t: Any, surface: pygame.Surface, stock: str, color: tuple[int, ...] | None = None) -> None:
    """The piles' counts under them: ``stock`` under the stock, the discard pile's size under it."""
    L = t.layout
    draw_count(surface, t.app.text, L.stock, stock, L.scale, color)
    draw_count(surface, t.app.text, L.discard, f"Discard: {len(t.model.discard)}", L.scale)


def counts_rect(t: Any) -> pygame.Rect:
    """Where :func:`draw_pile_counts` may draw: under both piles, one line high (a game names it among what is drawn
    before the bottom region, :meth:`~game.kit.handtable.HiddenHandTable.bottom_region`)."""
    L = t.layout
    px = max(17, round(20 * L.scale))
    width = max(L.stock.w * 2, round(120 * L.scale))
    return pygame.Rect(L.stock.centerx - width // 2, L.stock.bottom, L.discard.centerx - L.stock.centerx + width,
                       round(6 * L.scale) + t.app.text.font(px).get_linesize())


def button_looks(t: Any, buttons: list[Button], focus: object = None) -> tuple[tuple[Any, ...], ...]:
    """What each button looks like, (key, label, rect, enabled, primary, hovered, focused), the menu button last
    (its label None)."""
    menu = ("menu", None, tuple(t.layout.menu_button), True, False, t.hover == ("button", "menu"), False)
    return tuple((b.key, b.label, tuple(b.rect), b.enabled, b.primary, t.hover == ("button", b.key),
                  focus == ("button", b.key)) for b in buttons) + (menu,)


def draw_buttons(surface: pygame.Surface, text: Any, looks: tuple[tuple[Any, ...], ...]) -> None:
    """The buttons as :func:`button_looks` gives them."""
    for key, label, rect, enabled, primary, hover, focused in looks:
        if label is None:
            draw_menu_button(surface, pygame.Rect(rect), hover)
        else:
            Button(key, label, pygame.Rect(rect), enabled, primary).draw(surface, text, hover, focused)


def draw_control_tips(t: Any, surface: pygame.Surface, focus: object = None, focus_rect: pygame.Rect | None = None,
                      avoid: bool = False) -> None:
    """The first-game tip (:class:`~game.kit.firsttip.FirstTip`) and the buttons the bottom region does not hold
    (:meth:`~game.kit.handtable.HiddenHandTable.bottom_region`: the tip's close button, drawn over its box), the
    keyboard's ring on ``focus_rect`` and the hovered button's key in a tooltip (kept off the other buttons with
    ``avoid``): what is drawn over the buttons."""
    t.draw_first_tip(surface)
    L, text, buttons = t.layout, t.app.text, t.buttons()
    draw_buttons(surface, text, tuple(look for look in button_looks(t, buttons, focus) if not t.in_band(look[2])))
    if focus_rect is not None:
        draw_focus_ring(surface, focus_rect, L.scale)
    if not (isinstance(t.hover, tuple) and t.hover[0] == "button"):
        return
    key = t.hover[1]
    button = next((b for b in buttons if b.key == key), None)
    rect = L.menu_button if key == "menu" else button.rect if button is not None else None
    tip = "Menu, key: Esc" if key == "menu" else key_tip(t.HOTKEYS[key]) if t.HOTKEYS.get(key) else ""
    tip = f"{button.tip} {tip}".strip() if button is not None and button.tip else tip  # a greyed button says why
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
    otherwise (``playing`` instead while another seat plays without thinking; none while your own turn's last cards
    still fly: a hint about your hand is stale once you have discarded)."""
    s, m = t.state, t.model
    if t.replaying:
        return "Replay: " + (f"the {noun} is over." if s.is_over and m.over else f"{t.name(m.current)} to play."), KEYS_LINE
    if s.is_over:
        return f"The {noun} is over.", counting
    if t.motion.busy and m.current != t.viewer:  # your own cards moving: what comes next (the state has it), below
        return f"{t.name(m.current)} is playing...", second
    if t.motion.busy and s.current != t.viewer:  # your last cards still moving: the next player isn't up yet
        return f"{whose(t.name(m.current), True)} turn ends...", ""
    if s.current != t.viewer or not t.is_human(s.current):
        if t.driver.thinking:
            return f"{t.name(s.current)} is thinking...", second
        return f"{t.name(s.current)} is playing...", second if playing is None else playing
    return None
