"""How Sprint's table looks: the status lines, the cached layer of seats and log, and the frame.

Every function here reads the table and changes nothing (the cached layer is
brought up to date from ``update``, never from ``draw``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.melds import describe_match
from engine.sprint import Phase

from game.kit.layer import Region
from game.kit.messages import draw_banner, draw_tip
from game.kit.piles import draw_count, draw_dragged, draw_face_pile, draw_menu_button, draw_stock
from game.kit.scorepanel import card_count, draw_header, draw_panel_rim, draw_seat_cards, seat_label
from game.kit.layout import TableLayout
from game.kit.turnorder import draw_turn_order, play_order
from game.kit.replaycontrols import KEYS_LINE
from game.kit.ui import GOLD, Button, draw_focus_ring, draw_tooltip, key_tip

if TYPE_CHECKING:
    from game.tables.sprint.table import SprintTable

TIP_LINES = (
    "First game? A turn has three steps:",
    "1. Draw: click the stock or the discard pile (keys S / P).",
    "2. Lay matches: click cards (or arrows + Space), then Lay (L). Two or more of a rank, or three in a row of a suit.",
    "3. Discard: drag a card onto the discard pile (or select it and press D).",
    "The full rules are in the menu (Esc). Hover over a button to see its key.",
)


def buttons(t: SprintTable) -> list[Button]:
    """Lay (with the points the selection would score), Hint, the two sorts, and the tip's Got it."""
    L = t.layout
    if t.replaying:
        return []  # the replay's controls take the column
    lay, reason = t.selection_lay()
    can = reason is None and t.my_turn()
    label = f"Lay +{(len(lay.cards) * (len(lay.cards) + 1)) // 2}" if can and lay else "Lay"
    out = [
        Button("lay", label, L.buttons["lay"], enabled=can, primary=can),
        Button("hint", "Hint", L.buttons["hint"], enabled=t.my_turn()),
        Button("sort_rank", "Sort by rank", L.buttons["sort_rank"]),
        Button("sort_suit", "Sort by suit", L.buttons["sort_suit"]),
    ]
    if len(t.humans) == 1 and not t.replaying:
        out.append(Button("undo", "Undo", L.undo_button, enabled=t.undo_reason() is None))
    if t.tip_showing():
        out.append(Button("tip_close", "Got it", tip_layout(L)[1], primary=True))
    for b in out:
        b.hotkey = t.HOTKEYS.get(b.key)
    return out


def tip_layout(L: TableLayout) -> tuple[pygame.Rect, pygame.Rect]:
    """The first-game tip: over the opponents' area (nothing to click there), and its close button."""
    s = L.scale
    tops = [spot.panel for spot in L.spots.values() if spot.side == "top"]
    box = tops[0].unionall(tops[1:]) if tops else pygame.Rect(L.w // 4, L.margin, L.w // 2, round(180 * s))
    close = pygame.Rect(0, 0, round(130 * s), round(36 * s))
    close.bottomright = (box.right - round(10 * s), box.bottom - round(10 * s))
    return box, close


def status_lines(t: SprintTable) -> tuple[str, str]:
    """What is happening, and what the player at the bottom can do (or the hint)."""
    s = t.state
    m = t.model
    if t.replaying:
        head = "Replay: " + ("the round is over." if s.is_over and m.over else f"{t.name(m.current)} to play.")
        return head, KEYS_LINE
    if s.is_over:
        return "The round is over.", "Counting the points..."
    cur = s.current
    if t.motion.busy:
        return (f"{t.name(m.current)} is playing..." if m.current != t.viewer else "...", "")
    if cur != t.viewer or not t.is_human(cur):
        if t.driver.thinking:
            return f"{t.name(cur)} is thinking...", ""
        return f"{t.name(cur)} is playing...", "Your hand stays at the bottom; watch the log on the right."
    you = t.name(cur)
    turn = "Your turn" if you == "You" else f"{you}, your turn"  # hot-seat names the player at the screen
    if s.phase is Phase.DRAW:
        return (f"{turn}. Draw: click the stock or the discard pile.",
                t.hint.status_line("Or drag a card from a pile into your hand.", prefix=""))
    lay, reason = t.selection_lay()
    if t.hint.text:
        line2 = t.hint.status_line("")
    elif t.selected and reason is None and lay is not None:
        n = len(lay.cards)
        line2 = f"{describe_match(lay.cards).capitalize()}: a match worth +{n * (n + 1) // 2}. Click Lay."
    elif len(t.selected) > 1 and reason:
        line2 = reason
    else:
        line2 = "Select cards and click Lay to lay a match; right-click clears the selection."
    return "Lay matches if you can, then discard: drag a card onto the discard pile.", line2


def layer_regions(t: SprintTable) -> list[Region]:
    """The seat panels and the log, each with the key of everything it shows."""
    m = t.model
    regions: list[Region] = []
    for seat, spot in t.layout.spots.items():
        face = t.shows_face(seat)
        key = (tuple(m.hands[seat]) if face else len(m.hands[seat]), face, tuple(m.laid[seat]), m.points[seat],
               seat == m.current and not m.over, seat == t.viewer)
        regions.append((seat, key, spot.panel, lambda surface, seat=seat: draw_seat(t, surface, seat)))
    regions.append(("log", t.log.key(), t.layout.log_panel,
                    lambda surface: t.log.draw(surface, t.app.text, t.layout.log, t.layout.scale)))
    return regions


def draw_seat(t: SprintTable, surface: pygame.Surface, seat: int) -> None:
    """One seat's panel: header, face-down hand and laid matches."""
    L = t.layout
    s = L.scale
    spot = L.spots[seat]
    active = seat == t.model.current and not t.model.over
    if active:
        draw_panel_rim(surface, spot, s)
    points = f"{t.model.points[seat]} pts"
    right = points if seat == t.viewer else f"{card_count(len(t.model.held[seat]))}  -  {points}"
    draw_header(surface, t.app.text, spot.header, seat_label(t.record.players[seat]), right, active, s)
    draw_seat_cards(surface, t.app.art, L, seat, t.model.hands[seat], t.shows_face(seat), t.model.laid[seat])
    if not t.model.laid[seat] and seat == t.viewer:
        t.app.text.blit(surface, "Your matches go here", round(18 * s), spot.matches.center, (120, 160, 140), "center")


def draw(t: SprintTable, surface: pygame.Surface) -> None:
    L = t.layout
    art = t.app.art
    text = t.app.text
    s = L.scale
    skip = t.draw_under(surface, lambda seat: seat_label(t.record.players[seat]))
    _draw_piles(t, surface)
    _draw_turn_order(t, surface)
    t.draw_hand_and_status(surface, skip, status_lines(t), 340)
    focus = t.kb_focus if t.kb_visible else None
    if t.tip_showing():
        box, close = t.tip_layout()
        draw_tip(surface, text, box, close, TIP_LINES, s, t.panels)
    buttons = t.buttons()
    for b in buttons:
        b.draw(surface, text, t.hover == ("button", b.key), focus == ("button", b.key))
    draw_menu_button(surface, t.layout.menu_button, t.hover == ("button", "menu"))
    _draw_focus(t, surface, focus)
    if isinstance(t.hover, tuple) and t.hover[0] == "button":
        key = t.hover[1]
        rect = L.menu_button if key == "menu" else next((b.rect for b in buttons if b.key == key), None)
        if rect is not None:
            label = "Menu, key: Esc" if key == "menu" else key_tip(t.HOTKEYS[key])
            draw_tooltip(surface, text, label, rect, s, [b.rect for b in buttons] + [L.menu_button])
    t.motion.draw(surface, art)
    t.floaters.draw(surface, text, s, t.factor())
    draw_dragged(t, surface)


def _draw_focus(t: SprintTable, surface: pygame.Surface, focus: object) -> None:
    """The keyboard focus: a ring around a hand card, a pile or the menu button."""
    L = t.layout
    rect = None
    if isinstance(focus, tuple) and focus[0] == "hand":
        if focus[1] < len(t.my_hand):
            rect = t.fan.rect_of(t.my_hand[focus[1]], L)
    elif focus == "stock":
        rect = L.stock
    elif focus == "discard":
        rect = L.discard
    elif focus == ("button", "menu"):
        rect = L.menu_button
    if rect is not None:
        draw_focus_ring(surface, rect, L.scale)


def _draw_piles(t: SprintTable, surface: pygame.Surface) -> None:
    L = t.layout
    my = t.my_turn()
    drag = t.drag.what if t.drag else None
    draw_phase = my and t.state.phase is Phase.DRAW
    glow_stock = bool((draw_phase and t.model.stock) or t.hint.glow == "stock" or drag == "stock")
    glow_discard = bool((draw_phase and t.model.pile) or t.hint.glow == "discard" or (
        my and t.state.phase is Phase.BUILD and (len(t.selected) == 1 or drag == "hand")))
    draw_stock(surface, t.app.art, L.stock, t.model.stock, glow_stock)
    pile = t.model.discard
    draw_face_pile(surface, t.app.art, L.discard, pile[:-1] if drag == "discard" else pile, glow_discard)
    left = t.model.final_left
    if left is not None and not t.model.over:  # the stock ran out: the banner under the piles counts the last turns
        banner = L.banner.move(0, L.stock.bottom + round(4 * L.scale) - L.banner.y)
        draw_banner(surface, t.app.text, banner, f"Final round: {left} turn{'s' if left != 1 else ''} left", L.scale,
                    t.panels)
        return
    low = t.model.stock <= 2 * t.state.num_players
    draw_count(surface, t.app.text, L.stock, f"Stock: {t.model.stock}" + (" - low" if low else ""), L.scale,
               GOLD if low else None)
    draw_count(surface, t.app.text, L.discard, f"Discard: {len(pile)}", L.scale)


def _draw_turn_order(t: SprintTable, surface: pygame.Surface) -> None:
    """Who plays now (gold), who is next, and the order after; in the final round only the seats still to play."""
    m = t.model
    order = play_order(t.state.num_players, m.current)
    if m.final_left is not None and not m.over:
        order = order[:max(1, m.final_left)]
    draw_turn_order(surface, t.app.text, t.layout.turn_order, [t.name(p) for p in range(t.state.num_players)], order,
                    t.layout.scale, over=m.over)


def draw_thumbnail(surface: pygame.Surface, art) -> None:
    """The title tile's picture: stock and discard, a laid run, a rival's hand, a hand with a pair in it."""
    from game.kit.thumbnail import draw_table_picture

    hand = [("4C", 0.33), ("9D", 0.41), ("9S", 0.49), ("JH", 0.57), ("KS", 0.65)]
    draw_table_picture(surface, art, [(None, 0.43, 0.45), (None, 0.44, 0.44), ("QH", 0.58, 0.45)]
                       + [(code, x, 0.22) for code, x in (("6D", 0.12), ("7D", 0.19), ("8D", 0.26))]
                       + [(None, x, 0.2) for x in (0.72, 0.77, 0.82)]
                       + [(code, x, 0.78) for code, x in hand], card_h=0.3)
