"""How Sprint's table looks: the status lines, the cached layer of seats and log, and the frame.

Every function here reads the table and changes nothing (the cached layer is
brought up to date from ``update``, never from ``draw``).
"""

from __future__ import annotations

import pygame

from engine.melds import describe_match
from engine.sprint import Phase

from game.kit.handtable import HiddenHandTable
from game.kit.handview import (
    draw_controls, draw_in_the_air, draw_pile_counts, draw_piles, layer_regions as hand_regions, waiting_lines, with_keys,
)
from game.kit.layer import Region
from game.kit.layout import TableLayout
from game.kit.messages import draw_banner, draw_tip
from game.kit.scorepanel import card_count, draw_header, draw_panel_rim, draw_seat_cards, seat_label
from game.kit.turnorder import draw_turn_order, play_order
from game.kit.ui import GOLD, Button

TIP_LINES = (
    "First game? A turn has three steps:",
    "1. Draw: click the stock or the discard pile (keys S / P).",
    "2. Lay matches: click cards (or arrows + Space), then Lay (L). Two or more of a rank, or three in a row of a suit.",
    "3. Discard: drag a card onto the discard pile (or select it and press D).",
    "The full rules are in the menu (Esc). Hover over a button to see its key.",
)


def buttons(t: HiddenHandTable) -> list[Button]:
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
    return with_keys(t, out)


def tip_layout(L: TableLayout) -> tuple[pygame.Rect, pygame.Rect]:
    """The first-game tip: over the opponents' area (nothing to click there), and its close button."""
    s = L.scale
    tops = [spot.panel for spot in L.spots.values() if spot.side == "top"]
    box = tops[0].unionall(tops[1:]) if tops else pygame.Rect(L.w // 4, L.margin, L.w // 2, round(180 * s))
    close = pygame.Rect(0, 0, round(130 * s), round(36 * s))
    close.bottomright = (box.right - round(10 * s), box.bottom - round(10 * s))
    return box, close


def status_lines(t: HiddenHandTable) -> tuple[str, str]:
    """What is happening, and what the player at the bottom can do (or the hint)."""
    waiting = waiting_lines(t, "round", "Counting the points...",
                            playing="Your hand stays at the bottom; watch the log on the right.")
    if waiting is not None:
        return waiting
    you = t.name(t.state.current)
    turn = "Your turn" if you == "You" else f"{you}, your turn"  # hot-seat names the player at the screen
    if t.state.phase is Phase.DRAW:
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


def layer_regions(t: HiddenHandTable) -> list[Region]:
    """The seat panels and the log, each with the key of everything it shows."""
    m = t.model
    return hand_regions(t, lambda seat: (tuple(m.laid[seat]), m.points[seat]), draw_seat)


def draw_seat(t: HiddenHandTable, surface: pygame.Surface, seat: int) -> None:
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


def draw(t: HiddenHandTable, surface: pygame.Surface) -> None:
    skip = t.draw_under(surface, lambda seat: seat_label(t.record.players[seat]))
    _draw_piles(t, surface)
    _draw_turn_order(t, surface)
    t.draw_hand_and_status(surface, skip, status_lines(t), 340)
    focus = t.kb_focus if t.kb_visible else None
    if t.tip_showing():
        box, close = t.tip_layout()
        draw_tip(surface, t.app.text, box, close, TIP_LINES, t.layout.scale, t.panels)
    draw_controls(t, surface, t.buttons(), focus, _focus_rect(t, focus), avoid=True)
    draw_in_the_air(t, surface)


def _focus_rect(t: HiddenHandTable, focus: object) -> pygame.Rect | None:
    """Where the keyboard's ring goes: round a hand card, a pile or the menu button (a button rings itself)."""
    L = t.layout
    if isinstance(focus, tuple) and focus[0] == "hand":
        return t.fan.rect_of(t.my_hand[focus[1]], L) if focus[1] < len(t.my_hand) else None
    return {"stock": L.stock, "discard": L.discard, ("button", "menu"): L.menu_button}.get(focus)


def _draw_piles(t: HiddenHandTable, surface: pygame.Surface) -> None:
    L, m = t.layout, t.model
    my = t.my_turn()
    drawing = my and t.state.phase is Phase.DRAW
    draw_piles(t, surface, (drawing and m.stock) or t.hint.glow == "stock",
               (drawing and m.pile) or t.hint.glow == "discard", my and t.state.phase is Phase.BUILD)
    if m.final_left is not None and not m.over:  # the stock ran out: the banner under the piles counts the last turns
        banner = L.banner.move(0, L.stock.bottom + round(4 * L.scale) - L.banner.y)
        left = m.final_left
        draw_banner(surface, t.app.text, banner, f"Final round: {left} turn{'s' if left != 1 else ''} left", L.scale,
                    t.panels)
        return
    low = m.stock <= 2 * t.state.num_players
    draw_pile_counts(t, surface, f"Stock: {m.stock}" + (" - low" if low else ""), GOLD if low else None)


def _draw_turn_order(t: HiddenHandTable, surface: pygame.Surface) -> None:
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
