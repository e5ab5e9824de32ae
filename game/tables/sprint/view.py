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
    counts_rect, draw_control_tips, draw_in_the_air, draw_middle, layer_regions as hand_regions, middle_look, sort_buttons,
    waiting_lines, with_keys,
)
from game.kit.layer import Region
from game.kit.layout import TableLayout
from game.kit.scorepanel import card_count, draw_header, draw_seat_cards, joined, rim_strips, seat_label
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
    ] + sort_buttons(t)
    if len(t.humans) == 1 and not t.replaying:
        out.append(Button("undo", "Undo", L.undo_button, enabled=t.undo_reason() is None))
    return with_keys(t, out + t.tip_buttons())


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


TOAST_INSET = 340
"""How much narrower than the status lines a toast is."""


def layer_regions(t: HiddenHandTable) -> list[Region]:
    """The seat panels, the log and the bottom (hand and status lines), each with the key of everything it shows."""
    m = t.model
    return hand_regions(t, lambda seat: (tuple(m.laid[seat]), m.points[seat]), draw_seat, "Your matches go here",
                        lambda seat, old, new: _seat_touched(t.layout, seat, old, new)) + _middle(t) + [t.bottom_region(*_bottom(t))]


def _middle(t: HiddenHandTable) -> list[Region]:
    """The piles, their counts or the final round's banner (the kit's middle regions) and the turn order."""
    order = _order_look(t)
    return t.middle_region(_middle_look(t), []) + [
        ("order", order, t.layout.turn_order.inflate(8, 8), lambda surface: draw_turn_order(surface, t.app.text, *order))]


def _middle_look(t: HiddenHandTable) -> tuple[object, ...]:
    """The piles (glowing where you may draw, or discard), the counts (the stock's gold when low) and, once the stock
    ran out, the banner counting the last turns in the counts' place (:func:`middle_look`)."""
    m, my, final = t.model, t.my_turn(), _final_banner(t) is not None
    drawing, low = my and t.state.phase is Phase.DRAW, m.stock <= 2 * t.state.num_players
    words = f"Final round: {m.final_left} turn{'s' if m.final_left != 1 else ''} left" if final else None
    count = f"Stock: {card_count(m.stock)} left" if low else f"Stock: {m.stock}"  # "Stock: 4 cards left", in gold
    return middle_look(t, (drawing and m.stock) or t.hint.glow == "stock", (drawing and m.pile) or t.hint.glow == "discard",
                       my and t.state.phase is Phase.BUILD, None if final else count,
                       (words, _banner_at(t.layout)), GOLD if low else None)


def _seat_touched(L: TableLayout, seat: int, old: tuple, new: tuple) -> list[pygame.Rect] | None:
    """The parts of a seat's panel a change of its key (hand, face up, its turn, the viewer's, matches, points)
    touched: the rim and the header for a turn, the fan's cards and the header (its count) for a hand, the
    matches' cards (or the words where they go) for matches, the header for points; the whole panel otherwise."""
    hand, face, turn, viewer, laid, points = range(6)
    if old[face] != new[face] or old[viewer] != new[viewer]:
        return None
    spot = L.spots[seat]
    parts: list[pygame.Rect] = rim_strips(spot, L.scale) if old[turn] != new[turn] else []
    if old[hand] != new[hand] and spot.side != "bottom":
        fans = [r for h in (old[hand], new[hand]) for r in L.fan_rects(seat, h if isinstance(h, int) else len(h))]
        parts += [fans[0].unionall(fans[1:])] if fans else []
    if old[laid] != new[laid]:
        cards = [r for melds in (old[laid], new[laid]) for rects in L.match_rects(seat, [len(m) for m in melds]) for r in rects]
        parts.append(spot.matches if not (old[laid] and new[laid]) else cards[0].unionall(cards[1:]))
    if parts or old[points] != new[points]:
        parts.append(spot.header)
    return parts


def _bottom(t: HiddenHandTable) -> tuple[object, ...]:
    """What the bottom region shows (:meth:`HiddenHandTable.bottom_region`'s arguments)."""
    banner = _final_banner(t)
    return status_lines(t), TOAST_INSET, [counts_rect(t)] + ([banner] if banner else []), t.buttons(), t.focus.shown()


def draw_seat(t: HiddenHandTable, surface: pygame.Surface, seat: int, active: bool) -> bool:
    """One seat's panel: header, face-down hand and laid matches; whether it has laid none."""
    L = t.layout
    points = f"{t.model.points[seat]} pts"
    right = points if seat == t.viewer else joined(card_count(len(t.model.held[seat])), points)
    draw_header(surface, t.app.text, L.spots[seat].header, seat_label(t.record.players[seat]), right, active, L.scale)
    draw_seat_cards(surface, t.app.art, L, seat, t.model.hands[seat], t.shows_face(seat), t.model.laid[seat])
    return not t.model.laid[seat]


def draw(t: HiddenHandTable, surface: pygame.Surface) -> None:
    skip = t.draw_under(surface, lambda seat: seat_label(t.record.players[seat]))
    if t.middle_live:  # else the layer holds the piles
        draw_middle(t, surface, _middle_look(t))
    t.draw_bottom(surface, skip, lambda: _bottom(t))  # with the buttons: the tip lies clear of them
    draw_control_tips(t, surface, t.focus.shown(), t.focus.ring(t), avoid=True)
    draw_in_the_air(t, surface)


def _final_banner(t: HiddenHandTable) -> pygame.Rect | None:
    """Where the banner counting the last turns lies (under the piles), once the stock ran out."""
    return None if t.model.final_left is None or t.model.over else _banner_at(t.layout)


def _banner_at(L: TableLayout) -> pygame.Rect:
    return L.banner.move(0, L.stock.bottom + round(4 * L.scale) - L.banner.y)


def _order_look(t: HiddenHandTable) -> tuple:
    """:func:`draw_turn_order`'s arguments after the text: the order from who plays now (the final round's: who is left)."""
    m = t.model
    order = play_order(t.state.num_players, m.current)
    if m.final_left is not None and not m.over:
        order = order[:max(1, m.final_left)]
    ends = len(order) < t.state.num_players and not m.over  # a last round: the strip says where it ends
    return t.layout.turn_order, tuple(t.name(p) for p in range(t.state.num_players)), tuple(order), t.layout.scale, m.over, ends


def draw_thumbnail(surface: pygame.Surface, art) -> None:
    """The title tile's picture: stock and discard, a laid run, a rival's hand, a hand with a pair in it."""
    from game.kit.thumbnail import draw_table_picture

    hand = [("4C", 0.33), ("9D", 0.41), ("9S", 0.49), ("JH", 0.57), ("KS", 0.65)]
    draw_table_picture(surface, art, [(None, 0.43, 0.45), (None, 0.44, 0.44), ("QH", 0.58, 0.45)]
                       + [(code, x, 0.22) for code, x in (("6D", 0.12), ("7D", 0.19), ("8D", 0.26))]
                       + [(None, x, 0.2) for x in (0.72, 0.77, 0.82)]
                       + [(code, x, 0.78) for code, x in hand], card_h=0.3)
