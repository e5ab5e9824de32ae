"""How Scamper's table looks: the buttons, the status lines, the cached layer of seats and melds, the frame.

Every function here reads the table and changes nothing (the cached layer is
brought up to date from ``update``, never from ``draw``).
"""

from __future__ import annotations

import pygame

from engine.cards import Rank
from engine.melds import MatchKind, Meld
from engine.scamper import CALL
from engine.scamper.table import CONTRACTS, Phase

from game.kit.handtable import HiddenHandTable
from game.kit.handview import counts_rect, draw_control_tips, draw_in_the_air, draw_middle, middle_look
from game.kit.handview import layer_regions as hand_regions, panel_touched, sort_buttons, waiting_lines, with_keys
from game.kit.layer import Region
from game.kit.scorepanel import HEADER_PX, card_count, draw_header, draw_seat_cards, header_size, joined, seat_label
from game.kit.ui import GLOW, GOLD, Button, draw_tooltip, suited
from game.kit.wording import whose
from game.tables.scamper.input import KEYS
from game.tables.scamper.layout import stack_rects

HOTKEYS = {name: chr(key).upper() for key, name in KEYS.items()}
"""Each button's key as its tooltip says it, from the one declaration of the keys (:data:`KEYS`)."""
HOTKEYS.update(sort=HOTKEYS["sort_rank"], menu="Esc")  # the Advanced rules' one Sort button answers to R too


def short_meld(meld: Meld) -> str:
    """A meld in a few characters for the Lay button: "3×A", "5-7♦" (suits as glyphs)."""
    lo, hi = (Rank(r).word if r <= 10 else Rank(r).letter for r in (meld.rank, meld.high))  # "10", "J"
    if meld.kind is MatchKind.SET:
        return f"{len(meld.cards)}\u00d7{lo}"
    return suited(f"{lo}-{hi}{'CDHS'[meld.suit]}")


def lay_label(t: HiddenHandTable, melds: tuple[Meld, ...], full: str, rect: pygame.Rect) -> str:
    """The Lay button's words at its own text size: in full if they fit, else short ("Lay 3×A + 5-7♦"),
    else the number of melds; the status line always says them in full."""
    px = round(rect.h * 0.55)
    room = rect.w - round(12 * rect.h / 44)
    short = [short_meld(m) for m in melds]
    for label in (full, "Lay " + " + ".join(short), "Lay " + "+".join(short), f"Lay {len(melds)} melds"):
        if t.app.text.render(label, px).get_width() <= room:
            return label
    return "Lay"


def banner_rect(t: HiddenHandTable) -> pygame.Rect:
    """The round's contract, across the middle of the table between your melds and the log."""
    L = t.layout
    own = L.spots[t.viewer].panel
    return pygame.Rect(own.right + L.margin, L.banner.y, L.log_panel.x - own.right - 2 * L.margin, L.banner.h)


def buttons(t: HiddenHandTable) -> list[Button]:
    """Lay (or, at your opening, Pass it left), Score sheet, the sorts, and Scamper! with the Advanced rules."""
    L = t.layout
    if t.replaying:
        return []  # the replay's controls take the column
    mine = t.my_turn()
    play = mine and t.state.phase is Phase.PLAY
    if mine and t.state.phase is Phase.OPENING:
        first = Button("pass", "Pass it left", L.buttons["lay"], primary=True)
    else:
        p = t.proposal()
        can = play and p.action is not None and p.reason is None
        label = lay_label(t, p.melds, p.label, L.buttons["lay"]) if p.melds else p.label  # "Lay contract" for none
        first = Button("lay", label, L.buttons["lay"], enabled=can, primary=can, tip=(play and p.reason) or "")
    out = [first, Button("sheet", "Score sheet", L.buttons["hint"])]
    if play and t.fan.selected and not t.replaying and t.proposal().wild_choice:  # where the spare wild goes
        out.append(Button("wild", "Wild: bottom" if t.wilds_low else "Wild: top", L.undo_button))
    if t.state.rules.advanced and t.is_human(t.viewer) and not t.replaying:
        ready = play and t.state.why_illegal(CALL, t.viewer) is None
        out.append(Button("sort", "Sort by suit" if t.sort_by == "rank" else "Sort by rank", L.buttons["sort_rank"]))
        out.append(Button("call", "Scamper!", L.buttons["sort_suit"], enabled=ready, primary=ready))
    else:
        out += sort_buttons(t)
    return with_keys(t, out + t.tip_buttons())


def status_lines(t: HiddenHandTable) -> tuple[str, str]:
    s = t.state
    progress = t.progress_line()
    waiting = waiting_lines(t, "game", "Counting the totals...", progress)
    if waiting is not None:
        return waiting
    you = "" if t.name(s.current) == "You" else f"{t.name(s.current)}, "  # "You open", not "You, you open"
    if s.phase is Phase.OPENING:
        return (f"{you}{'y' if you else 'Y'}ou open: click the face-up card to take it, or pass it to the left.",
                "Pass it and you draw from the stock instead. " + progress)
    if s.phase is Phase.DRAW:
        return f"{you}{'y' if you else 'Y'}our turn. Draw: click the stock or the discard pile.", progress
    p = t.proposal()
    if len(t.fan.selected) > 1:
        wild = f"W: the wild to the {'top' if t.wilds_low else 'bottom'}." if p.wild_choice else ""
        line2 = p.reason or " ".join(x for x in (f"Ready: {p.label[4:]}.", p.note, wild, "Click Lay (L).") if x)
    elif len(t.fan.selected) == 1:
        line2 = "Drag it onto a meld to add it (onto a wild to swap), or onto the discard pile to end your turn."
    else:
        line2 = progress
    obs = s.observation(t.viewer)
    head = ("Lay your contract if you can, then discard: drag a card onto the pile." if not obs.is_down
            else "Play on, then discard: drag a card onto the pile.")
    return head, line2


def header_right(t: HiddenHandTable, seat: int) -> str:
    """A seat header's right side: dealer, cards in hand (a rival's), points."""
    total = t.state.sheet.totals[seat]
    dealer = "dealer" if seat == t.state.dealer else ""
    return joined(dealer, card_count(len(t.model.held[seat])) if seat != t.viewer else "", f"{total} pts")


def seat_names(t: HiddenHandTable) -> tuple[int, dict[int, str], dict[int, str]]:
    """One font size for every seat's header, the label each shows at it, and each header's right side.

    The size is the largest (from the usual header size down to the smallest text) at which every seat's name fits
    beside its right side; a label that can't fit whole even at the smallest size shows the name without the bot's
    level ("Finn", not "Finn (E...").  Worked out again once the layout, hands, sheet, a label or the play changed.
    """
    L, s = t.layout, t.state
    players = t.record.players
    base = max(17, round(HEADER_PX * L.scale))

    def fitted(_: object) -> tuple[int, dict[int, str], dict[int, str]]:
        rights = {seat: header_right(t, seat) for seat in L.spots}
        return (*header_size(t.app.text, {seat: (seat_label(players[seat]), str(players[seat].name), rights[seat],
                L.spots[seat].header.w - round(10 * L.scale)) for seat in L.spots}, base), rights)
    return t.memoised("names", fitted, L, tuple(map(len, t.model.held)), s.dealer, len(s.lines),  # L held: not its id
                      tuple(map(seat_label, players)))


def layer_regions(t: HiddenHandTable) -> list[Region]:
    """The seat panels (repainting only the parts a change touched: :func:`panel_touched`), the log and the bottom
    (hand and status lines), each keyed by everything it shows: a panel by its melds as drawn and its header."""
    m, L = t.model, t.layout
    names = px, labels, rights = seat_names(t)
    layouts, rects = t.meld_layouts()

    def key(seat: int) -> tuple[object, ...]:
        laid = tuple(zip((tuple(s.id for s in m.melds[i]) for i in m.melds_of(seat)), rects[seat]))
        return laid, (px, labels[seat], rights[seat])
    middle = t.middle_region(_middle(t), [area for _, area in _lights(t)])
    return hand_regions(t, key, lambda t, surface, seat, active: draw_seat(t, surface, seat, active, names, layouts),
                        "Your melds go here", lambda seat, old, new: panel_touched(
                            t, seat, old, new, lambda n: stack_rects(L, seat, n), px)) + middle + [t.bottom_region(*_bottom(t))]


def _middle(t: HiddenHandTable) -> tuple[object, ...]:
    """The piles (glowing where you may draw, or discard), their counts and the round's banner (:func:`middle_look`)."""
    m, my, phase = t.model, t.my_turn(), t.state.phase
    banner = t.banner[0] if t.banner else f"Round {m.round_no} of {t.state.rules.rounds}: {CONTRACTS[m.round_no - 1].describe()}"
    return middle_look(t, my and phase is Phase.DRAW and m.stock, my and phase in (Phase.DRAW, Phase.OPENING) and m.pile,
                       my and phase is Phase.PLAY, f"Stock: {m.stock}", (banner, banner_rect(t)))


def _bottom(t: HiddenHandTable) -> tuple[object, ...]:
    """What the bottom region shows (:meth:`HiddenHandTable.bottom_region`'s arguments)."""
    return status_lines(t), 240, [counts_rect(t), banner_rect(t)], t.buttons(), None  # 240: the toast's inset


def draw_seat(t: HiddenHandTable, surface: pygame.Surface, seat: int, active: bool,
              names: tuple[int, dict[int, str], dict[int, str]] | None = None, layouts: dict | None = None) -> bool:
    """One seat's panel: its header (one text size for every seat), a rival's stack of backs, the melds it laid;
    whether it has laid none.  ``names`` (:func:`seat_names`) and the meld ``layouts`` (by seat) if worked out."""
    L, m = t.layout, t.model
    px, labels, rights = names or seat_names(t)  # one text size for every seat's header
    draw_header(surface, t.app.text, L.spots[seat].header, labels[seat], rights[seat], active, L.scale, px)
    melds = [m.melds[i].cards for i in m.melds_of(seat)]
    draw_seat_cards(surface, t.app.art, L, seat, m.held[seat].cards, t.shows_face(seat), melds,
                    stack_rects(L, seat, len(m.held[seat])), (layouts or t.meld_layouts()[0])[seat])
    return not melds


def draw(t: HiddenHandTable, surface: pygame.Surface) -> None:
    skip = t.draw_under(surface, lambda seat: seat_names(t)[1][seat])
    hover = t.hover[1] if isinstance(t.hover, tuple) and t.hover[0] == "meld" else None
    for meld, area in _lights(t):  # the melds that can take the card: the one under the mouse brighter
        pygame.draw.rect(surface, GOLD if meld == hover else GLOW, area, width=max(2, round(3 * t.layout.scale)),
                         border_radius=round(area.h * 0.12))
    if t.middle_live:  # else the layer holds it
        draw_middle(t, surface, _middle(t))
    t.draw_bottom(surface, skip, lambda: _bottom(t))
    draw_control_tips(t, surface)
    _draw_meld_tip(t, surface)
    draw_in_the_air(t, surface, started_only=True)


def _lights(t: HiddenHandTable) -> list[tuple[int, pygame.Rect]]:
    """While a card is dragged (or one is selected), the melds that can take it, each with its glow's rect."""
    lit, w = t.lit_melds(), max(2, round(3 * t.layout.scale))
    return [(meld, rects[0].unionall(rects[1:]).inflate(2 * w + 4, 2 * w + 4))
            for meld, rects in (t.meld_rects().items() if lit else ()) if meld in lit and rects]


def _draw_meld_tip(t: HiddenHandTable, surface: pygame.Surface) -> None:
    """The hovered meld in words, with what a hovered wild stands for: "Ada's 5 to 8 of hearts (the joker stands for
    the 6 of hearts)"."""
    if not (isinstance(t.hover, tuple) and t.hover[0] == "meld") or t.drag or t.motion.busy:
        return
    _, meld, place = t.hover
    state, rects = t.state, t.meld_rects().get(meld)
    if not 0 <= meld < len(state.melds) or meld >= len(t.model.melds) or not rects:
        return
    m = state.melds[meld]
    tip = f"{whose(t.name(state.owners[meld]), capital=True)} {m.describe()}"
    if place is not None and place < len(m.cards) and not m.is_natural_at(place):
        means = m.stands_for(place)
        tip += f" (the {m.cards[place].name} stands for {means if means.startswith('a ') else 'the ' + means})"
    area = rects[0].unionall(rects[1:])
    below = pygame.Rect(area.x, area.bottom + round(34 * t.layout.scale), area.w, 0)  # under the meld, not on a name
    draw_tooltip(surface, t.app.text, tip, below, t.layout.scale)


def draw_thumbnail(surface: pygame.Surface, art) -> None:
    """The title tile's picture: a set with a joker, a run, the piles, rivals' hands and a hand with wilds."""
    from game.kit.thumbnail import draw_table_picture

    laid = [("7H", 0.1), ("7S", 0.16), ("X1", 0.22), ("5D", 0.34), ("6D", 0.4), ("7D", 0.46), ("8D", 0.52)]
    hand = [("2C", 0.3), ("9S", 0.38), ("9D", 0.46), ("JH", 0.54), ("X2", 0.62), ("KS", 0.7)]
    draw_table_picture(surface, art, [(None, 0.72, 0.46), (None, 0.73, 0.45), ("QH", 0.86, 0.46)]
                       + [(code, x, 0.46) for code, x in laid]
                       + [(None, x, 0.18) for x in (0.2, 0.24, 0.28)] + [(None, x, 0.18) for x in (0.72, 0.76, 0.8)]
                       + [(code, x, 0.8) for code, x in hand], card_h=0.26)

