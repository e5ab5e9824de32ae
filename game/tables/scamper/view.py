"""How Scamper's table looks: the buttons, the status lines, the cached layer of seats and melds, the frame.

Every function here reads the table and changes nothing (the cached layer is
brought up to date from ``update``, never from ``draw``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.melds import MatchKind, Meld
from engine.scamper.table import CONTRACTS, Phase

from game.kit.layer import Region
from game.kit.messages import draw_banner
from game.kit.piles import draw_count, draw_dragged, draw_face_pile, draw_menu_button, draw_stock
from game.kit.scorepanel import HEADER_PX, card_count, draw_panel_rim, seat_label
from game.kit.sprites import blit_card
from game.tables.scamper.input import KEYS
from game.tables.scamper.layout import stack_rects
from game.kit.replaycontrols import KEYS_LINE
from game.kit.ui import GLOW, GOLD, INK, MIN_TEXT_PX, MUTED, SELECT, Button, draw_tooltip, key_tip, suited
from game.kit.wording import whose

if TYPE_CHECKING:
    from game.tables.scamper.table import ScamperTable

HOTKEYS = {name: chr(key).upper() for key, name in KEYS.items()}
"""Each button's key as its tooltip says it, from the one declaration of the keys (:data:`KEYS`)."""
HOTKEYS.update(sort=HOTKEYS["sort_rank"], menu="Esc")  # the Advanced rules' one Sort button answers to R too
_RANK_SHORT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def short_meld(meld: Meld) -> str:
    """A meld in a few characters for the Lay button: "3×A", "5-7♦" (suits as glyphs)."""
    if meld.kind is MatchKind.SET:
        return f"{len(meld.cards)}\u00d7{_RANK_SHORT.get(meld.rank, str(meld.rank))}"
    lo, hi = (_RANK_SHORT.get(r, str(r)) for r in (meld.rank, meld.high))
    return suited(f"{lo}-{hi}{'CDHS'[meld.suit]}")


def lay_label(t: ScamperTable, melds: tuple[Meld, ...], full: str, rect: pygame.Rect) -> str:
    """The Lay button's words at its own text size: in full if they fit, else short ("Lay 3×A + 5-7♦"),
    else the number of melds; the status line always says them in full."""
    px = round(rect.h * 0.55)
    room = rect.w - round(12 * rect.h / 44)
    short = [short_meld(m) for m in melds]
    for label in (full, "Lay " + " + ".join(short), "Lay " + "+".join(short), f"Lay {len(melds)} melds"):
        if t.app.text.render(label, px).get_width() <= room:
            return label
    return "Lay"


def banner_rect(t: ScamperTable) -> pygame.Rect:
    """The round's contract, across the middle of the table between your melds and the log."""
    L = t.layout
    own = L.spots[t.viewer].panel
    r = pygame.Rect(L.banner)
    r.x, r.w = own.right + L.margin, L.log_panel.x - own.right - 2 * L.margin
    return r


def buttons(t: ScamperTable) -> list[Button]:
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
        down = t.state.observation(t.viewer).is_down
        label = p.label if t.fan.selected else ("Lay a meld" if down else "Lay contract")
        if p.melds and t.fan.selected:
            label = lay_label(t, p.melds, label, L.buttons["lay"])
        first = Button("lay", label, L.buttons["lay"], enabled=can, primary=can)
    out = [first, Button("sheet", "Score sheet", L.buttons["hint"])]
    if play and t.fan.selected and not t.replaying and t.proposal().wild_choice:  # where the spare wild goes
        out.append(Button("wild", "Wild: bottom" if t.wilds_low else "Wild: top", L.undo_button))
    if t.state.rules.advanced and t.is_human(t.viewer) and not t.replaying:
        ready = play and t.state.why_illegal(_call(), t.viewer) is None
        out.append(Button("sort", "Sort by suit" if t.sort_by == "rank" else "Sort by rank", L.buttons["sort_rank"]))
        out.append(Button("call", "Scamper!", L.buttons["sort_suit"], enabled=ready, primary=ready))
    else:
        out.append(Button("sort_rank", "Sort by rank", L.buttons["sort_rank"]))
        out.append(Button("sort_suit", "Sort by suit", L.buttons["sort_suit"]))
    for b in out:
        b.hotkey = HOTKEYS.get(b.key) or None
    return out


def _call():  # the one CallScamper value
    from engine.scamper import CALL

    return CALL


def status_lines(t: ScamperTable) -> tuple[str, str]:
    s = t.state
    m = t.model
    progress = t.progress_line()
    if t.replaying:
        return ("Replay: " + ("the game is over." if s.is_over and m.over else f"{t.name(m.current)} to play."),
                KEYS_LINE)
    if s.is_over:
        return "The game is over.", "Counting the totals..."
    cur = s.current
    if t.motion.busy:
        return (f"{t.name(m.current)} is playing..." if m.current != t.viewer else "...", progress)
    if cur != t.viewer or not t.is_human(cur):
        return f"{t.name(cur)} is {'thinking' if t.driver.thinking else 'playing'}...", progress
    you = "" if t.name(cur) == "You" else f"{t.name(cur)}, "  # "You open", not "You, you open"
    if s.phase is Phase.OPENING:
        return (f"{you}{'y' if you else 'Y'}ou open: click the face-up card to take it, or pass it to the left.",
                "Pass it and you draw from the stock instead. " + progress)
    if s.phase is Phase.DRAW:
        return f"{you}{'y' if you else 'Y'}our turn. Draw: click the stock or the discard pile.", progress
    p = t.proposal()
    if t.fan.selected and len(t.fan.selected) > 1:
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


def header_right(t: ScamperTable, seat: int) -> str:
    """A seat header's right side: dealer, cards in hand (a rival's), points."""
    total = t.state.sheet.totals[seat]
    dealer = "dealer  " if seat == t.state.dealer else ""
    return f"{dealer}{total} pts" if seat == t.viewer else f"{dealer}{card_count(len(t.model.held[seat]))}  {total} pts"


def seat_names(t: ScamperTable) -> tuple[int, dict[int, str]]:
    """One font size for every seat's header, and the label each shows at it.

    The size is the largest (from the usual header size down to the smallest
    text) at which every seat's name fits beside its right side; a label that
    can't fit whole even at the smallest size shows the name without the bot's
    level ("Finn", not "Finn (E...").  Worked out once per layout and headers.
    """
    L = t.layout
    players = t.record.players
    rights = {seat: header_right(t, seat) for seat in L.spots}
    key = (id(L), tuple(rights.items()), tuple(seat_label(p) for p in players))
    got = t._memo.get("names")
    if got is not None and got[0] == key:
        return got[1]
    text = t.app.text
    base = max(17, round(HEADER_PX * L.scale))

    def room(seat: int, px: int) -> int:
        return L.spots[seat].header.w - text.font(px).size(rights[seat])[0] - round(10 * L.scale)

    def fits(label: str, seat: int, px: int) -> bool:
        return text.font(px).size(label)[0] <= room(seat, px)

    sizes = range(base, MIN_TEXT_PX - 1, -1)
    best = []
    for seat in L.spots:
        full, short = seat_label(players[seat]), str(players[seat].name)
        px = next((p for p in sizes if fits(full, seat, p)), None)
        if px is None:
            px = next((p for p in sizes if fits(short, seat, p)), MIN_TEXT_PX)
        best.append(px)
    px = min(best, default=base)
    labels = {seat: seat_label(players[seat]) if fits(seat_label(players[seat]), seat, px) else str(players[seat].name)
              for seat in L.spots}
    t._memo["names"] = (key, (px, labels))
    return px, labels


def draw_seat_header(t: ScamperTable, surface: pygame.Surface, seat: int, active: bool) -> None:
    """The name on the left (gold while it is this seat's turn), dealer, cards and points on the right: one size for all."""
    L = t.layout
    s = L.scale
    rect = L.spots[seat].header
    px, labels = seat_names(t)
    rs = t.app.text.render(header_right(t, seat), px, MUTED)
    surface.blit(rs, rs.get_rect(topright=(rect.right, rect.y + round(2 * s))))
    t.app.text.blit(surface, labels[seat], px, (rect.x, rect.y + round(2 * s)), GOLD if active else INK,
                    max_w=rect.w - rs.get_width() - round(10 * s))


def layer_regions(t: ScamperTable) -> list[Region]:
    """The seat panels and the log, each keyed by everything it shows."""
    m = t.model
    totals = t.state.sheet.totals
    regions: list[Region] = []
    names = seat_names(t)
    for seat, spot in t.layout.spots.items():
        face = t.shows_face(seat)
        melds = tuple(tuple(s.id for s in m.melds[i]) for i in m.melds_of(seat))
        key = (tuple(s.id for s in m.held[seat]) if face else len(m.held[seat]), face, melds, totals[seat],
               seat == m.current and not m.over, seat == t.viewer, seat == t.state.dealer, m.round_no,
               names[0], names[1][seat])
        regions.append((seat, key, spot.panel, lambda surface, seat=seat: draw_seat(t, surface, seat)))
    regions.append(("log", t.log.key(), t.layout.log_panel,
                    lambda surface: t.log.draw(surface, t.app.text, t.layout.log, t.layout.scale)))
    return regions


def draw_seat(t: ScamperTable, surface: pygame.Surface, seat: int) -> None:
    L = t.layout
    s = L.scale
    spot = L.spots[seat]
    m = t.model
    active = seat == m.current and not m.over
    if active:
        draw_panel_rim(surface, spot, s)
    draw_seat_header(t, surface, seat, active)
    mine = m.melds_of(seat)
    if seat != t.viewer:
        face = t.shows_face(seat)
        for sprite, r in zip(m.held[seat], stack_rects(L, seat, len(m.held[seat]))):
            blit_card(t.app.art, surface, sprite.card, r, face, shadow=False)
    for i, rects in zip(mine, t.meld_layout(seat)):
        for sprite, r in zip(m.melds[i], rects):
            blit_card(t.app.art, surface, sprite.card, r, True, shadow=False)
    melds = mine
    if not melds and seat == t.viewer:
        t.app.text.blit(surface, "Your melds go here", round(18 * s), spot.matches.center, (120, 160, 140), "center")


def draw(t: ScamperTable, surface: pygame.Surface) -> None:
    L = t.layout
    text = t.app.text
    s = L.scale
    skip = t.draw_under(surface, lambda seat: seat_names(t)[1][seat])
    _draw_meld_lights(t, surface)
    _draw_piles(t, surface)
    banner = t.banner[0] if t.banner else f"Round {t.model.round_no} of {t.state.rules.rounds}: " \
                                            f"{CONTRACTS[t.model.round_no - 1].describe()}"
    draw_banner(surface, text, banner_rect(t), banner, s, t.panels)
    t.draw_hand_and_status(surface, skip, status_lines(t), 240)
    btns = t.buttons()
    for b in btns:
        b.draw(surface, text, t.hover == ("button", b.key))
    draw_menu_button(surface, t.layout.menu_button, t.hover == ("button", "menu"))
    if isinstance(t.hover, tuple) and t.hover[0] == "button":
        key = t.hover[1]
        rect = L.menu_button if key == "menu" else next((b.rect for b in btns if b.key == key), None)
        tip = "Menu, key: Esc" if key == "menu" else key_tip(HOTKEYS[key]) if HOTKEYS.get(key) else ""
        if rect is not None and tip:
            draw_tooltip(surface, text, tip, rect, s)
    _draw_meld_tip(t, surface)
    for f in t.motion.flights:  # a card waiting for its turn to fly stays unseen in its pile
        if f.tween.started:
            blit_card(t.app.art, surface, f.card, f.rect, f.face_up)
    t.floaters.draw(surface, text, s, t.factor())
    draw_dragged(t, surface)


def _draw_meld_lights(t: ScamperTable, surface: pygame.Surface) -> None:
    """While a card is dragged (or one is selected), the melds that can take it glow; the one under the mouse brighter."""
    lit = t.lit_melds()
    if not lit:
        return
    hover = t.hover[1] if isinstance(t.hover, tuple) and t.hover[0] == "meld" else None
    w = max(2, round(3 * t.layout.scale))
    for meld, rects in t.meld_rects().items():
        if meld in lit and rects:
            area = rects[0].unionall(rects[1:]).inflate(2 * w + 4, 2 * w + 4)
            pygame.draw.rect(surface, GOLD if meld == hover else GLOW, area, width=w, border_radius=round(area.h * 0.12))


def meld_tip(t: ScamperTable, meld: int, place: int | None) -> str:
    """A meld in words, with what a hovered wild stands for: "Ada's 5 to 8 of hearts (the joker is the 6 of hearts)"."""
    state = t.state
    if t.motion.busy or not 0 <= meld < len(state.melds) or meld >= len(t.model.melds):
        return ""
    m = state.melds[meld]
    owner = t.name(state.owners[meld])
    words = f"{whose(owner, capital=True)} {m.describe()}"
    if place is not None and place < len(m.cards) and not m.is_natural_at(place):
        means = m.stands_for(place)
        words += f" (the {m.cards[place].name} stands for {means if means.startswith('a ') else 'the ' + means})"
    return words


def _draw_meld_tip(t: ScamperTable, surface: pygame.Surface) -> None:
    if not (isinstance(t.hover, tuple) and t.hover[0] == "meld") or t.drag:
        return
    tip = meld_tip(t, t.hover[1], t.hover[2])
    rects = t.meld_rects().get(t.hover[1])
    if tip and rects:
        area = rects[0].unionall(rects[1:])
        below = pygame.Rect(area.x, area.bottom + round(34 * t.layout.scale), area.w, 0)  # under the meld, not on a name
        draw_tooltip(surface, t.app.text, tip, below, t.layout.scale)


def _draw_piles(t: ScamperTable, surface: pygame.Surface) -> None:
    L = t.layout
    my = t.my_turn()
    drag = t.drag.what if t.drag else None
    draw_phase = my and t.state.phase in (Phase.DRAW, Phase.OPENING)
    glow_stock = bool((my and t.state.phase is Phase.DRAW and t.model.stock) or drag == "stock")
    glow_discard = bool((draw_phase and t.model.pile) or (
        my and t.state.phase is Phase.PLAY and (len(t.fan.selected) == 1 or drag == "hand")))
    draw_stock(surface, t.app.art, L.stock, t.model.stock, glow_stock)
    pile = t.model.discard
    draw_face_pile(surface, t.app.art, L.discard, pile[:-1] if drag == "discard" else pile, glow_discard)
    draw_count(surface, t.app.text, L.stock, f"Stock: {t.model.stock}", L.scale)
    draw_count(surface, t.app.text, L.discard, f"Discard: {len(pile)}", L.scale)


def draw_thumbnail(surface: pygame.Surface, art) -> None:
    """The title tile's picture: a set with a joker, a run, the piles, rivals' hands and a hand with wilds."""
    from game.kit.thumbnail import draw_table_picture

    laid = [("7H", 0.1), ("7S", 0.16), ("X1", 0.22), ("5D", 0.34), ("6D", 0.4), ("7D", 0.46), ("8D", 0.52)]
    hand = [("2C", 0.3), ("9S", 0.38), ("9D", 0.46), ("JH", 0.54), ("X2", 0.62), ("KS", 0.7)]
    draw_table_picture(surface, art, [(None, 0.72, 0.46), (None, 0.73, 0.45), ("QH", 0.86, 0.46)]
                       + [(code, x, 0.46) for code, x in laid]
                       + [(None, x, 0.18) for x in (0.2, 0.24, 0.28)] + [(None, x, 0.18) for x in (0.72, 0.76, 0.8)]
                       + [(code, x, 0.8) for code, x in hand], card_h=0.26)


__all__ = ["HOTKEYS", "buttons", "status_lines", "layer_regions", "draw", "draw_thumbnail", "SELECT", "MUTED"]
