"""How Ratscrew's table looks: the fanned stack, the top card and its call, the seats, the banner.

Every function here reads the table and changes nothing.  Cards in the banner
are drawn as a rank and a suit shape (the default font has no suit glyphs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from engine.cards import Card

from game.base.cardart import rank_text
from game.base.suits import draw_suit, suit_color
from game.kit.racetable import RaceTableScene
from game.kit.layer import Partial, Region
from game.kit.messages import draw_status, draw_toast
from game.kit.piles import draw_empty, draw_stock
from game.kit.keyscreens import seat_colour
from game.kit.scorepanel import PANEL_FILL, card_count, seat_label
from game.kit.sprites import blit_card
from game.kit.thumbnail import draw_table_picture
from game.kit.ui import DANGER, GLOW, GOLD, INK, MIN_TEXT_PX, MUTED, Button, draw_panel, felt_background
from game.kit import skip
from game.kit.raceview import race_status
from game.kit.wording import says
from game.tables.ratscrew import input as ratscrew_input
from game.tables.ratscrew.steps import FRESH_CALL_S

if TYPE_CHECKING:
    from game.tables.ratscrew.layout import RatscrewLayout

LIT = (255, 214, 90)
BARRED = (200, 60, 50)


def table_background(t: RaceTableScene) -> pygame.Surface:
    """The felt with the seat panels and the log panel baked in."""
    L, surf = t.layout, felt_background((t.layout.w, t.layout.h))
    s = L.scale
    for seat, box in L.seats.items():  # in the colours of the keys screens' rows (a human's keys, a bot's after)
        draw_panel(surf, box.panel, PANEL_FILL, round(12 * s), seat_colour(t.humans, seat))
    draw_panel(surf, L.log_panel, PANEL_FILL, round(12 * s))
    t.app.text.blit(surf, "Table log", round(18 * s), (L.log.x, L.log.y), GOLD)
    return surf


def status_lines(t: RaceTableScene) -> tuple[str, str]:
    """What is happening, and what to do now."""
    st = t.state
    out = f"{skip.LABEL} ({skip.KEY_NAME}) to see how it ends at once, or snap to get back in.  Esc: menu"
    shared = race_status(t, f"Replay: {t.name(st.turn)} to lay.", ("out of cards", out))
    if shared is not None:
        return shared
    if st.is_over:
        return f"{says(t.name(st.winner), 'holds')} every card!", ""
    if not any(st.piles):
        head = "Nobody has a card to lay: snap if you see one!"
    else:
        head = "Your turn to lay" if t.humans == [st.turn] else f"{t.name(st.turn)} to lay"
    if st.count is not None and st.count.left and not st.is_over:  # what the gold badge on the picture card counts
        n = st.count.left
        head += f"  ·  {says(t.name(st.count.owner), 'takes')} the stack after {n} more card{'s' if n != 1 else ''}"
    if len(t.humans) == 1:
        me = t.humans[0]
        if st.barred[me] is not None:
            return head, "You are barred until someone else wins the stack."
        lay_keys, snap_keys = ratscrew_input.key_names(t, me) or ("", "")  # as on the panel and the Snap button
        lay = f"Lay: {lay_keys} (or click your pile)" if st.turn == me and st.piles[me] else "Wait for your turn to lay"
        return head, f"{lay}.  Snap: {snap_keys} (or click the stack).  Esc: menu"
    if t.humans:
        return head, "Each player uses the keys on their panel.  Esc: menu"
    return head, "Bots only: watch them play.  Esc: menu"


def layer_regions(t: RaceTableScene) -> list[Region]:
    """What the cached layer holds (each redrawn only when its key changes): status, menu, seats, log, fan."""
    L, text = t.layout, t.app.text
    s = L.scale
    line1, line2 = status_lines(t)
    regions: list[Region] = [
        ("status", (line1, line2), L.status, lambda surf: draw_status(surf, text, L.status, line1, line2, s)),
        ("menu", t.hover == "menu", L.menu_button,
         lambda surf: Button("menu", "Menu", L.menu_button, hotkey="Esc").draw(surf, text, t.hover == "menu")),
        ("log", t.log.key(), L.log_panel,
         lambda surf: t.log.draw(surf, text, L.log.inflate(0, -round(26 * s)).move(0, round(13 * s)), s)),
    ]
    for seat, box in L.seats.items():
        regions.append((("seat", seat), seat_key(t, seat), box.panel,
                        lambda surf, seat=seat: _draw_seat(t, surf, seat)))
    flying = t.motion.flying()
    under = list(t.model.stack[:-1])
    shown = tuple((sp.id, sp.card) for sp in under if sp.id not in flying)
    count = t.state.count
    fan_key = (L.fan_card(len(under)), shown, frozenset(t.model.lit) & {i for i, _ in shown}, count,
               not under and not t.motion.flights, len(under))
    regions.append(Partial("fan", fan_key, L.fan_area.inflate(L.margin, L.margin),
                           lambda surf: draw_fan(t, surf, under, flying), lambda old, new: fan_touched(L, old, new)))
    return regions


def fan_touched(L: RatscrewLayout, old: tuple, new: tuple) -> pygame.Rect | None:
    """The place of the one card a change of the fan's key added at its end or took from it (it landed, or
    flew off), or None: repaint the whole fan.

    Only when nothing else changed: the same card size, lit cards and count, and the cards before it shown
    in the same places.  The card before it and the one above it show just the parts that place covers
    when it holds a card, so repainting that place gives the same pixels as repainting the fan."""
    if old[0] != new[0] or old[2:5] != new[2:5]:
        return None
    for less, more in ((old, new), (new, old)):
        n = more[5]
        if len(more[1]) == n and len(less[1]) == n - 1 and more[1][:-1] == less[1] and less[5] in (n - 1, n) \
                and L.fan(n)[:-1] == L.fan(less[5])[:n - 1]:
            return L.fan(n)[-1]
    return None


def seat_key(t: RaceTableScene, seat: int) -> tuple:
    st = t.state
    return (len(st.piles[seat]), st.turn == seat and not st.is_over, st.barred[seat] is not None, st.is_over, st.winner,
            t.hover == ("pile", seat), ratscrew_input.key_names(t, seat) if t.is_human(seat) else None)


def draw_fan(t: RaceTableScene, surface: pygame.Surface, under: list, flying: set[int]) -> None:
    """The stack under its top card, in rows; only the visible strip of each card is blitted."""
    L, art, count = t.layout, t.app.art, t.state.count
    s = L.scale
    rects = L.fan(len(under))
    if not under and not t.motion.flights:
        t.app.text.blit(surface, "Cards laid earlier fan out here, every one in view.", round(20 * s),
                        L.fan_area.center, MUTED, "center", L.fan_area.w)
        return
    lit, strip, card = t.model.lit, None, None
    clip = surface.get_clip()  # a card laid on the fan repaints only its own place (see fan_touched)
    for i, (sprite, rect) in enumerate(zip(under, rects)):
        if sprite.id in flying or not rect.inflate(max(8, rect.h // 4), max(8, rect.h // 4)).colliderect(clip):  # (a glow's reach)
            continue
        nxt = rects[i + 1] if i + 1 < len(rects) else None
        right = nxt is not None and nxt.y == rect.y and under[i + 1].id not in flying
        w = nxt.x - rect.x if right and nxt is not None else rect.w
        h = _covered_below(rect, rects, i, under, flying) or rect.h
        if count is not None and sprite.card == count.picture:  # its badge goes on what shows of it
            strip, card = pygame.Rect(rect.topleft, (w, h)), rect
        if sprite.id in lit:
            art.blit_glow(surface, rect, LIT)
            blit_card(art, surface, sprite.card, rect, True, shadow=False)
        else:
            surface.blit(art.face(sprite.card, rect.size, surface), rect.topleft, (0, 0, w, h))
    for sprite, rect in zip(under, rects):
        if sprite.id in lit and sprite.id not in flying:
            pygame.draw.rect(surface, LIT, rect, width=max(2, round(3 * s)), border_radius=round(rect.w * 0.09))
    if strip is not None and count is not None:
        _badge(t, surface, strip, count.left, card)


def _covered_below(rect: pygame.Rect, rects: list[pygame.Rect], i: int, under: list, flying: set[int]) -> int:
    """How much of card ``i`` shows above the card right under it in the next row (0: none is there)."""
    for j in range(i + 1, len(rects)):
        other = rects[j]
        if other.x == rect.x and other.y > rect.y:
            return other.y - rect.y if under[j].id not in flying else 0
        if other.y > rect.y and other.x > rect.x:
            return 0
    return 0


def draw(t: RaceTableScene, surface: pygame.Surface) -> None:
    L, text, art, stack, count = t.layout, t.app.text, t.app.art, t.model.stack, t.state.count
    s, top = L.scale, L.top_card
    t.layer.draw(surface, art)
    flying = t.motion.flying()
    if stack and stack[-1].id not in flying:
        sprite = stack[-1]
        if sprite.id in t.model.lit:
            art.blit_glow(surface, top, LIT)
        elif t.hover in ("stack", "snap") and len(t.humans) == 1:
            art.blit_glow(surface, top, GLOW)  # a click here snaps
        blit_card(art, surface, sprite.card, top, True)
        if count is not None and sprite.card == count.picture:
            _badge(t, surface, top, count.left)
    elif not stack:
        draw_empty(surface, top)
        text.blit(surface, "The stack", round(20 * s), top.center, MUTED, "center")
    _draw_call(t, surface)
    for f in t.motion.flights:
        if f.sprite.id in t.model.lit:
            art.blit_glow(surface, f.rect, LIT)
        blit_card(art, surface, f.card, f.rect, f.face_up)
    _draw_banner(t, surface)
    if t.skip.offered:
        Button("skip", f"{skip.LABEL}  ({skip.KEY_NAME})", L.snap_button, primary=True).draw(
            surface, text, t.hover == "skip")
    elif len(t.humans) == 1 and not t.state.is_over:
        me = t.humans[0]
        barred = t.state.barred[me] is not None
        names = ratscrew_input.key_names(t, me)
        label = "Barred" if barred else f"Snap!  ({names[1]})" if names else "Snap!"
        Button("snap", label, L.snap_button, enabled=not barred, primary=True).draw(surface, text, t.hover == "snap")
    if t.toast:
        draw_toast(surface, text, L.toast, t.toast, s, t.panels)


def _badge(t: RaceTableScene, surface: pygame.Surface, rect: pygame.Rect, left: int, card: pygame.Rect | None = None
           ) -> None:
    """The counting-out count, a gold disc on the picture card's top right; in the fan, inside what ``rect`` shows of
    the ``card`` (its cached region ends close to it): in a strip the next card covers, under its corner index."""
    s, narrow = t.layout.scale, card is not None and rect.w < card.w
    r = max(9, round(min(rect.w * 0.5 - 3 if narrow else rect.w * 0.2, 22 * s)))
    c = (rect.right - r // 2, rect.top + r // 2) if card is None else (rect.right - r - 3, rect.top + r + 3)
    c = (rect.centerx, rect.top + round(rect.h * 0.55)) if narrow else c
    pygame.draw.circle(surface, (40, 20, 10), (c[0] + 2, c[1] + 2), r)
    pygame.draw.circle(surface, GOLD if left else DANGER, c, r)
    pygame.draw.circle(surface, (90, 60, 10), c, r, max(1, r // 8))
    t.app.text.blit(surface, str(left), round(r * 1.3), c, (30, 20, 10), "center")


def _draw_call(t: RaceTableScene, surface: pygame.Surface) -> None:
    """The call for the last card laid, big as it is laid, then settling."""
    L, m = t.layout, t.model
    s = L.scale
    if m.call is None:
        if not t.model.stack:
            t.app.text.blit(surface, f"Next call: {t.state.observation(0).next_call.word}", round(24 * s),
                            L.call.center, MUTED, "center", L.call.w)
        return
    rank = m.call[0]  # (its number in the game says nothing a player needs: not shown)
    fresh = m.call_age < FRESH_CALL_S
    px = round((48 if fresh else 40) * s)
    word = rank.word.upper() + "!"
    matched = t.model.stack and t.model.stack[-1].card.rank == rank
    t.app.text.blit(surface, word, px, (L.call.centerx, L.call.centery - round(6 * s)), GOLD if matched else INK,
                    "center", L.call.w)
    t.app.text.blit(surface, "called as it was laid", round(16 * s), (L.call.centerx, L.call.bottom - round(2 * s)),
                    MUTED, "midbottom", L.call.w)


def _draw_banner(t: RaceTableScene, surface: pygame.Surface) -> None:
    b = t.model.banner
    if b is None:
        return
    L = t.layout
    s = L.scale
    label = b.text + (":" if b.cards else "")
    pad = round(16 * s)
    for px in range(max(MIN_TEXT_PX, round(26 * s)), MIN_TEXT_PX - 1, -1):  # the largest size that fits the band
        words = t.app.text.render(label, px, INK)
        extra = t.app.text.render("  + " + ", ".join(b.more), round(px * 0.8), MUTED) if b.more else None
        width = pad + words.get_width() + pad
        width += round(10 * s) + draw_card_codes(None, t, b.cards, 0, 0, px) if b.cards else 0
        width += extra.get_width() if extra is not None else 0
        if width <= L.banner.w:
            break
    detail = t.app.text.fit(b.detail, max(MIN_TEXT_PX, round(px * 0.8)), L.banner.w - 2 * pad, INK) if b.detail else None
    width = max(width, 2 * pad + detail.get_width()) if detail is not None else width
    box = pygame.Rect(0, 0, min(width, L.banner.w), L.banner.h + (detail.get_height() if detail is not None else 0))
    box.midbottom = L.banner.midbottom  # a second line grows it up, into the fan's spare room
    draw_panel(surface, box, (12, 50, 36, 235) if b.good else (130, 30, 26, 235), round(10 * s),
               LIT if b.good else None, t.panels)
    x, cy = box.x + round(16 * s), box.y + L.banner.h // 2
    if detail is not None:  # two lines, centred: what happened, and under it why and what it costs
        cy = box.centery - detail.get_height() // 2
        surface.blit(detail, detail.get_rect(midtop=(box.centerx, cy + words.get_height() // 2)))
        x = box.centerx - words.get_width() // 2
    surface.blit(words, words.get_rect(midleft=(x, cy)))
    x += words.get_width() + round(10 * s)
    x = draw_card_codes(surface, t, b.cards, x, cy, px)
    if extra is not None:
        surface.blit(extra, extra.get_rect(midleft=(x, cy)))


def draw_card_codes(surface: pygame.Surface | None, t: RaceTableScene, cards: Sequence[Card], x: int, cy: int,
                    px: int) -> int:
    """Cards as a rank and a suit shape on small white tiles ("7 club"); returns the x after them (with no
    ``surface``: only measured)."""
    four = t.app.art.four_colour
    for card in cards:
        color = suit_color(card.suit, four)
        label = t.app.text.render(rank_text(card.rank), px, color)
        tile = pygame.Rect(x, cy - round(px * 0.62), label.get_width() + round(px * 0.95), round(px * 1.24))
        if surface is not None:
            pygame.draw.rect(surface, (252, 251, 246), tile, border_radius=max(3, px // 6))
            surface.blit(label, label.get_rect(midleft=(tile.x + round(px * 0.12), cy)))
            draw_suit(surface, card.suit, (tile.right - round(px * 0.42), cy), px * 0.62, color)
        x = tile.right + round(px * 0.25)
    return x


def _draw_seat(t: RaceTableScene, surface: pygame.Surface, seat: int) -> None:
    L, text, st = t.layout, t.app.text, t.state
    s, box = L.scale, L.seats[seat]
    turn = st.turn == seat and not st.is_over and st.piles[seat]
    if turn:
        pygame.draw.rect(surface, GOLD, box.panel, width=max(2, round(3 * s)), border_radius=round(12 * s))
    who = seat_label(t.record.players[seat])  # "Ada (Medium)" as at every table; a network seat's "Ben (42 ms)"
    text.blit(surface, who, round(21 * s), box.header.topleft, GOLD if turn else INK, max_w=box.header.w)
    px, n = round(19 * s), len(st.piles[seat])
    draw_stock(surface, t.app.art, box.pile, n, glow=t.hover == ("pile", seat) and t.is_human(seat))
    x, y = box.info.x, box.info.y
    text.blit(surface, card_count(n) if n else "No cards", round(26 * s), (x, y),
              INK if n else MUTED, max_w=box.info.w)
    y += round(32 * s)
    if st.is_over:
        if st.winner == seat:
            text.blit(surface, "Winner!", px, (x, y), GOLD, max_w=box.info.w)
    elif turn:
        text.blit(surface, "To lay", px, (x, y), GOLD, max_w=box.info.w)
    elif not n:
        text.blit(surface, "Out: snap to get back in", px, (x, y), MUTED, max_w=box.info.w)
    if st.barred[seat] is not None and not st.is_over:  # a red band across the pile: may not snap until the stack is won
        tag = pygame.Rect(0, 0, box.pile.w + round(16 * s), round(26 * s))
        tag.center = box.pile.center
        pygame.draw.rect(surface, BARRED, tag, border_radius=round(6 * s))
        pygame.draw.rect(surface, (250, 200, 190), tag, width=max(1, round(2 * s)), border_radius=round(6 * s))
        text.blit(surface, "BARRED", round(17 * s), tag.center, INK, "center", tag.w - 4)
    keys = ratscrew_input.key_names(t, seat) if t.is_human(seat) else None
    if keys:
        small = round(17 * s)
        bottom = box.panel.bottom - round(8 * s)
        font = text.font(small)
        if max(font.size(f"Snap: {keys[1]}")[0], font.size(f"Lay: {keys[0]}")[0]) > box.info.w:
            keys = ratscrew_input.key_names(t, seat, "/") or keys  # "S/Space" where "S or Space" would not fit
        text.blit(surface, f"Snap: {keys[1]}", small, (x, bottom), MUTED, "bottomleft", box.info.w)
        text.blit(surface, f"Lay: {keys[0]}", small, (x, bottom - round(20 * s)), MUTED, "bottomleft", box.info.w)


def draw_thumbnail(surface: pygame.Surface, art) -> None:
    """The title tile: a fanned stack with a sandwich in it, the top card, two face-down piles."""
    fan = [("4D", 0.16, 0.36), ("9S", 0.24, 0.36), ("7C", 0.32, 0.36), ("2D", 0.40, 0.36), ("7H", 0.48, 0.36)]
    draw_table_picture(surface, art, fan + [("QS", 0.74, 0.42), (None, 0.22, 0.8), (None, 0.78, 0.8)], card_h=0.34)
    w, h = surface.get_size()
    a, b = (pygame.Rect(0, 0, round(h * 0.34 * 0.7), round(h * 0.34)) for _ in range(2))
    a.center, b.center = (round(0.32 * w), round(0.36 * h)), (round(0.48 * w), round(0.36 * h))
    group = a.union(b).inflate(max(4, w // 50), max(4, w // 50))
    pygame.draw.rect(surface, GLOW, group, width=max(2, w // 100), border_radius=max(3, w // 40))
