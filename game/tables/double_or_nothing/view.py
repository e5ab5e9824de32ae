"""Double or Nothing's table drawn: where everything goes, and the drawing (nothing here changes state), and the
title tile's picture.

A hand of thousands of cards is eight columns, one number card each with a
stack under it and its count ("x 1,284"); the play area is the play to beat as
number cards with their copies, and the whole area as eight small stacks.
Nothing draws one sprite per card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import pygame
from pygame import Rect

from engine.double_or_nothing import MAX_GAME, UPGRADES, Mode, Phase
from engine.double_or_nothing.plays import describe
from engine.double_or_nothing.upgrades import Icon, effect, helps, taking

from game.kit.badges import draw_badge_column
from game.kit.contract import Table
from game.kit.handview import with_keys
from game.kit.layout import ui_scale
from game.kit.messages import draw_banner, draw_tip, draw_toast, tip_close
from game.kit.offer import OfferCard, draw_offer, offer_rects
from game.kit.parts import NO_PART, NOWHERE, Part, button_parts, log_ahead, log_parts, parts_region, status_part, text_part
from game.kit.replaycontrols import replay_status
from game.kit.stacks import (
    column_place, counted_stacks_part, draw_counted_flights, draw_stack, in_the_air, stack_depth, stack_place, warm_stacks,
)
from game.kit.thumbnail import draw_table_picture
from game.kit.ui import GOLD, INK, MUTED, SELECT, Button, draw_panel
from game.kit.wording import says, whose
from game.tables.double_or_nothing.input import picking

PANEL_FILL = (8, 40, 28, 170)
CARD_RATIO = 0.7


def tip_lines(opponent: str) -> tuple[str, ...]:
    """The first-game tip: the goal, selecting, the preview, Play and Pass."""
    return (
        f"New to Double or Nothing? Empty your hand before {opponent} does.",
        ("Select numbers by dragging across the columns below (or click one; keys 1-8). "
         "Each number goes down the same number of times: as many as you hold of the scarcest one."),
        "The line above your hand previews the play and its strength; an answer must be stronger.",
        "Play (Enter) plays it. Pass (P) draws cards and lets them lead. Stuck? Hint (H).",
    )


@dataclass
class DoubleLayout:
    """Every rectangle of the table from the window size."""

    w: int
    h: int

    def __post_init__(self) -> None:
        w, h = self.w, self.h
        self.screen = Rect(0, 0, w, h)
        s = self.scale = ui_scale(w, h)
        pad = round(16 * s)
        self.top_panel = Rect(pad, pad, round(620 * s), round(92 * s))
        self.info_panel = Rect(w - pad - round(470 * s), pad, round(470 * s), round(92 * s))
        small_h = round(70 * s)
        self.opp_hand = Rect(self.top_panel.x + round(12 * s), self.top_panel.y + round(11 * s),
                             round(small_h * CARD_RATIO), small_h)
        self.opp_deck = self.opp_hand.move(round(300 * s), 0)
        self.menu_button = Rect(w - pad - round(110 * s), self.info_panel.bottom + round(10 * s), round(110 * s),
                                round(36 * s))
        self.hint_button = self.menu_button.move(-self.menu_button.w - round(10 * s), 0)
        bw = round(170 * s)
        deck_w = round(120 * s)
        gap = round(12 * s)
        label_h = round(30 * s)
        avail = w - 2 * pad - deck_w - bw - 4 * gap
        ch = min(round(190 * s), round(h * 0.25))
        cw = min(round(ch * CARD_RATIO), (avail - 7 * gap) // 8)
        ch = round(cw / CARD_RATIO)
        self.card = (cw, ch)
        row_w = 8 * cw + 7 * gap
        x0 = pad + deck_w + 2 * gap + (avail - row_w) // 2
        y = h - pad - label_h - ch
        self.columns = [Rect(x0 + i * (cw + gap), y, cw, ch) for i in range(8)]
        self.column_areas = [Rect(r.x - round(26 * s), r.y - round(52 * s), r.w + round(52 * s), r.h + round(92 * s))
                             for r in self.columns]  # all a column may paint: lifted, its stack's edges, its count
        self.hand_zone = Rect(x0 - gap // 2, y - round(26 * s), row_w + gap, ch + label_h + round(26 * s))
        dh = round(ch * 0.8)
        self.my_deck = d = Rect(pad + (deck_w - round(dh * CARD_RATIO)) // 2, h - pad - label_h - dh, round(dh * CARD_RATIO), dh)
        self.deck_area = Rect(d.centerx - round(80 * s), d.y - round(90 * s), round(160 * s), d.h + round(130 * s))
        bx = w - pad - bw
        bh = round(50 * s)
        self.buttons = {"play": Rect(bx, y, bw, bh), "pass": Rect(bx, y + bh + gap, bw, bh),
                        "wrap": Rect(bx, y + 2 * (bh + gap), bw, round(40 * s))}
        self.status = Rect(pad, y - round(100 * s), w - 2 * pad, round(62 * s))
        self.toast = Rect(w // 2 - round(380 * s), self.status.y, round(760 * s), round(56 * s))
        top = self.top_panel.bottom + round(14 * s)
        self.log_panel = Rect(w - pad - round(300 * s), self.menu_button.bottom + round(10 * s), round(300 * s),
                              max(round(60 * s), self.status.y - self.menu_button.bottom - round(20 * s)))
        self.log = self.log_panel.inflate(-round(20 * s), -round(20 * s))  # the log's rows
        self.area = Rect(pad, top, self.log_panel.x - 2 * pad, self.status.y - top - round(8 * s))
        ah = min(round(150 * s), round(self.area.h * 0.62))
        self.area_card_size = (round(ah * CARD_RATIO), ah)
        self.banner = Rect(w // 2 - round(300 * s), self.area.y + round(4 * s), round(600 * s), round(40 * s))
        self.strip = Rect(self.area.x + round(16 * s), self.area.bottom - round(44 * s), self.area.w - round(32 * s),
                          round(40 * s))

    def tip(self) -> tuple[Rect, Rect]:
        """The first-game tip over the log (nothing to click there), and its Got it button."""
        return self.log_panel.copy(), tip_close(self.log_panel, self.scale)

    def area_card(self, i: int, width: int) -> Rect:
        """Card ``i`` of a play ``width`` numbers wide in the middle of the play area."""
        cw, ch = self.area_card_size
        gap = round(10 * self.scale)
        room = self.area.w - 2 * round(190 * self.scale)
        if width * cw + (width - 1) * gap > room:  # a wide play: smaller cards, clear of the upgrades at the left
            cw = max(20, (room - (width - 1) * gap) // width)
            ch = round(cw / CARD_RATIO)
        row = width * cw + (width - 1) * gap
        x0 = self.area.centerx - row // 2
        y = self.area.y + round(72 * self.scale)
        return Rect(x0 + i * (cw + gap), y, cw, ch)

    def deck(self, mine: bool) -> Rect:
        return self.my_deck if mine else self.opp_deck

    def column_at(self, pos: tuple[int, int], loose: bool = False) -> int | None:
        """The number (1-8) whose column is at ``pos``; ``loose``: the nearest by x inside the hand zone."""
        for i, r in enumerate(self.columns):
            if r.inflate(round(12 * self.scale), round(40 * self.scale)).collidepoint(pos):
                return i + 1
        if loose and self.hand_zone.inflate(round(200 * self.scale), round(80 * self.scale)).collidepoint(pos):
            return min(range(8), key=lambda i: abs(self.columns[i].centerx - pos[0])) + 1
        return None

    def pick_cards(self, n: int) -> list[Rect]:
        return offer_rects(self.screen, n, self.scale)


# --- the table -------------------------------------------------------------------


def strength_words(strength: tuple[int, int, int]) -> str:
    cards, numbers, top = strength
    return f"{cards:,} card{'s' if cards != 1 else ''}, {numbers} number{'s' if numbers != 1 else ''}, top {top}"


def status_lines(t: Table) -> tuple[str, str]:
    obs = t.shown.obs
    st = t.state
    what = "Run" if st.mode is Mode.RUN else "Duel"
    if t.replaying:
        return replay_status(t, what.lower(), f"Replay of a {what}")
    if st.is_over:
        return f"The {what.lower()} is over.", ""
    movers = st.to_move()
    if st.phase is Phase.PICK:
        if t.is_human(0):
            return f"Game {st.game - 1} won!", "Pick one of three upgrades for the rest of the run."
        return f"{t.name(0)} is picking an upgrade...", ""
    if not movers:
        return "", ""
    who = movers[0]
    if t.my_turn():
        first = "Your turn: lead anything." if obs.top is None else "Your turn: beat it or pass."
        if obs.top is not None and obs.opponent_hand_size == 0:  # the Last Word (upgrade rules 4)
            first = f"Last Word: beat {whose(t.name(1 - obs.seat))} last cards to take the play area, or pass."
        return first, t.hint.status_line(t.preview_text())
    if t.is_human(who):
        return f"{whose(t.name(who), capital=True)} turn.", ""
    return f"{says(t.name(who), 'is')} thinking...", ""


def buttons(t: Table) -> list[Button]:
    L = t.layout
    out: list[Button] = []
    if t.state.phase is Phase.PLAY and not t.replaying:
        mine = t.my_turn()
        play, reason = t.selection_play()
        out.append(Button("play", "Play", L.buttons["play"], enabled=mine and play is not None and reason is None,
                          primary=True))
        out.append(Button("pass", "Pass", L.buttons["pass"], enabled=mine and t.shown.top is not None))
        if t.my_rules().wrap:
            out.append(Button("wrap", "Straight" if t.wrap else "Wrap 8>1", L.buttons["wrap"], enabled=mine))
        if t.humans:
            out.append(Button("hint", "Hint", L.hint_button, enabled=mine))
    out.append(Button("menu", "Menu", L.menu_button))
    if t.tip_showing():
        out.append(Button("tip_close", "Got it", L.tip()[1], primary=True))
    return with_keys(t, out)


def table_parts(t: Table, log: Sequence[Part] | None = None) -> list[Part]:
    """The cached layer's parts in painting order (:mod:`game.kit.parts`): the opponent's panel, the run's panel, the
    upgrades, the play area (a lead's words, the play, its line, the strip), the columns, the focus on one, the deck,
    the viewer's name, the log, the status lines, the tip, the upgrade pick, the buttons (Menu stays usable over it)."""
    L, text, s, sh, me = t.layout, t.app.text, t.layout.scale, t.shown, t.viewer
    d, movers = L.my_deck, t.state.to_move()
    lift = max(2, d.w // 22) * 4 + round(6 * s)
    shows = () if t.toast or picking(t) else status_lines(t) + ((t.selection_play()[1] if t.my_turn() and t.selection.span else None),)
    box, close = L.tip()
    lines = t.tip_showing() and tip_lines(t.name(1 - t.viewer))
    hover = t.hover[1] if isinstance(t.hover, tuple) and t.hover[0] == "button" else None
    return [*_top_parts(t, movers), *_area_parts(t), *_hand_parts(t),
            text_part(text, t.name(me), round(22 * s), (d.centerx, d.y - lift - round(20 * s)),
                      GOLD if me in movers else INK, "midbottom", round(150 * s)),
            text_part(text, f"{sh.hand_sizes[me]:,} in hand", round(18 * s), (d.centerx, d.y - lift), MUTED, "midbottom",
                      round(150 * s)),
            *(t.layer.holding(log_parts(t.log, text, L.log, s)) if log is None else log),  # as the layer shows it
            status_part(text, L.status, shows, s),
            Part(lines, box, lambda surface: draw_tip(surface, text, box, close, lines, s, t.panels)) if lines else NO_PART,
            Part(_pick_key(t), L.screen if picking(t) else NOWHERE, lambda surface: _draw_pick(t, surface)),
            *button_parts(text, buttons(t), hover, t.focus.shown(), s, L.screen, ("pass",) if t.hint.glow == "pass" else ())]


def _top_parts(t: Table, movers: tuple) -> list[Part]:
    """The opponent's panel (its stacks and deck count; its name, hand and thinking as lines of their own), the run's
    panel, the upgrades."""
    L, text, s, sh, other = t.layout, t.app.text, t.layout.scale, t.shown, 1 - t.viewer
    obs, a, p, i = sh.obs, t.layout.area, t.layout.top_panel, t.layout.info_panel
    run, x = obs.mode is Mode.RUN, L.opp_hand.right + round(14 * s)
    dots = t.driver.thinking_seat == other and not t.motion.busy and 1 + int(t.clock * 3) % 3
    player = t.record.players[other]
    label = t.name(other) + (f" ({t.setup.info.level(player.level).name})" if player.kind == "ai" and player.level else "")
    return [Part((stack_depth(sh.hand_sizes[other]), sh.deck_sizes[other], obs.opponent_lacks, obs.opponent_lacks_now),
                 p.inflate(round(16 * s), round(16 * s)), lambda surface: _draw_opponent(t, surface)),
            text_part(text, label, round(26 * s), (x, p.y + round(10 * s)), GOLD if other in movers else INK,
                      max_w=L.opp_deck.x - x - round(8 * s)),
            text_part(text, f"{sh.hand_sizes[other]:,} in hand", round(21 * s), (x, p.y + round(42 * s)), MUTED),
            text_part(text, f"thinking{'.' * dots}", round(19 * s), (x, p.y + round(66 * s)), GOLD) if dots else NO_PART,
            *(text_part(text, words, round(px * s), (i.x + round(16 * s), i.y + round(dy * s)), color,
                        max_w=i.w - round(32 * s)) if run or dy < 60 else NO_PART
              for words, px, dy, color in _info_rows(obs, t.viewer)),
            Part(obs.upgrades if run else (), Rect(a.x, a.y, round(220 * s), a.h),
                 lambda surface: _draw_upgrades(t, surface, obs.upgrades if run else ()))]


def _info_rows(obs: Any, me: int) -> list[tuple[str, int, int, tuple[int, int, int]]]:
    run = obs.mode is Mode.RUN
    return [(f"The Run · Game {obs.game} of {MAX_GAME}" if run else f"Duel · Game {obs.game}", 30, 10, GOLD),
            (f"{deal_words(obs.game_hand).capitalize()} · hands of {obs.hand_sizes[me]:,} · a pass draws "
             f"{obs.pass_sizes[me]:,}", 20, 44, INK),
            (f"Games won {obs.games_won} · goal: clear the run (win game {MAX_GAME})", 18, 68, MUTED)]


def _area_parts(t: Table) -> list[Part]:
    """The play area: what to do with nothing to beat, the play's stacks and its line, the strip of what lies there."""
    L, text, s, sh = t.layout, t.app.text, t.layout.scale, t.shown
    a, st, play, fly = L.area, L.strip, sh.top, bool(in_the_air(t.motion.flights) or t.turns.due)  # or a move next
    lead = play is None and not fly and Phase.PICK not in (t.state.phase, sh.obs.phase)  # never under flights or a pick
    tip = "Drag across the columns below (or click one), then Play.  Keys: 1-8, Shift+number, Enter, P."
    out = [text_part(text, "Nothing to beat: the side to move leads anything.", round(24 * s),
                     (a.centerx, a.y + round(120 * s)), MUTED, "center", a.w - round(40 * s)) if lead else NO_PART,
           text_part(text, tip, round(19 * s), (a.centerx, a.y + round(156 * s)), MUTED, "center", a.w - round(40 * s))
           if lead and t.my_turn() else NO_PART]
    if play is None:
        out += [NO_PART, NO_PART]
    else:
        stacks = [(n, play.copies, L.area_card(i, play.width)) for i, n in enumerate(play.numbers)]
        out += [counted_stacks_part(t.app.art, text, play, stacks, s),
                _beat_part(t, play, sh.top_seat, play.strength(sh.obs.rules(sh.top_seat)))]
    strip = bool(sum(sh.area)) and not fly
    width = round((270 + 99 * sum(map(bool, sh.area))) * s)
    return out + [Part((sh.area, strip), Rect(st.x, st.y, width, st.h) if strip else NOWHERE,
                       lambda surface: _draw_strip(t, surface))]


def _beat_part(t: Table, play: Any, seat: int | None, strength: tuple[int, int, int]) -> Part:
    """The line over the play to beat (made ahead on a quiet frame for the play in the air: a new line costs 0.3 ms)."""
    a, s, who = t.layout.area, t.layout.scale, t.name(seat) if seat is not None else ""
    return text_part(t.app.text, f"To beat: {describe(play)} by {who}  (strength: {strength_words(strength)})",
                     round(22 * s), (a.centerx, a.y + round(24 * s)), INK, "midtop", a.w - round(60 * s))


def _hand_parts(t: Table) -> list[Part]:
    """Each column (its stack, then its count: a count that changed alone repaints only itself), the keyboard's focus,
    the deck and its count."""
    L, text, s, sh, show = t.layout, t.app.text, t.layout.scale, t.shown, t.shows_hand()
    sel, px, below = set(t.selection_numbers()), round(22 * s), round(4 * s)
    out = []
    for i, (r, lift, area) in enumerate(zip(L.columns, _lifts(t), L.column_areas)):
        n, k = i + 1, sh.hand[i] if show else 0
        out += [Part((show and (k > 0, stack_depth(k)), n in sel, lift), column_place(k, r.move(0, -lift), round(8 * s)) if show else area,
                     lambda surface, i=i, lift=lift: _draw_column(t, surface, i, lift, sel)),
                text_part(text, f"x {k:,}", px, (r.centerx, r.bottom + below), GOLD if n in sel else (INK if k else MUTED),
                          "midtop") if show else NO_PART]
    at = t.focus.at if isinstance(t.focus.shown(), int) else None
    ring = L.columns[at - 1].inflate(round(14 * s), round(14 * s)) if at else NOWHERE
    d, deck = L.my_deck, sh.deck_sizes[t.viewer]
    return out + [Part(at, ring, lambda surface: pygame.draw.rect(surface, GOLD, ring, max(2, round(3 * s)),
                                                                  border_radius=round(12 * s))),
                  Part(stack_depth(deck), stack_place(deck, d), lambda surface: draw_stack(surface, t.app.art, 0, deck, d)),
                  text_part(text, f"Deck {deck:,}", round(20 * s), (d.centerx, d.bottom + round(4 * s)), INK, "midtop")]


def _pick_key(t: Table) -> tuple | None:
    if not picking(t):
        return None
    obs = t.state.observation(0)
    return obs.offer, obs.game, obs.hand_sizes[0], obs.pass_sizes[0], obs.upgrades, t.hover, t.focus.shown()


def _lifts(t: Table) -> list[int]:
    """How far each column is lifted: a selected number most, the number under the pointer a little."""
    s, sel = t.layout.scale, set(t.selection_numbers())
    hover = t.hover[1] if isinstance(t.hover, tuple) and t.hover[0] == "col" else None
    return [round(20 * s) if n in sel else (round(6 * s) if n == hover and k and t.shows_hand() and t.my_turn() else 0)
            for n, k in enumerate(t.shown.hand, 1)]


def draw(t: Table, surface: pygame.Surface) -> None:
    """The cached layer (the table as it stands), then what moves: flying stacks, the banner, a toast."""
    L, text, art, s = t.layout, t.app.text, t.app.art, t.layout.scale
    t.layer.refresh(t.background, L, [t.layer.late(L, log_parts(t.log, text, L.log, s), lambda log: parts_region(
        "table", surface.get_rect(), table_parts(t, log), t.viewer), t.clock)], art)  # a new log line: kit/pace.py
    t.layer.draw(surface, art)
    sh = t.shown
    if not t.layer.painted:  # a frame with nothing new: the log's next rows (parts.log_ahead), or a stack to come
        if not log_ahead(t.log, text, L.log, s):
            counts = sh.hand + ((sh.top.copies,) if sh.top is not None else ())
            warm_stacks(art, counts, (L.area_card_size, L.card, L.my_deck.size, L.opp_hand.size), ((L.opp_hand.size, False),))
        if t.state.top not in (None, sh.top):  # the line over the play in the air
            _beat_part(t, t.state.top, t.state.top_seat, t.state.top_strength())
    draw_counted_flights(surface, art, text, t.motion.flights, s)
    if t.banner:
        draw_banner(surface, text, L.banner, t.banner[0], s, t.panels)
    if t.toast:
        draw_toast(surface, text, L.toast, t.toast, s, t.panels)


def _draw_opponent(t: Table, surface: pygame.Surface) -> None:
    L, text, art = t.layout, t.app.text, t.app.art
    s, sh, other, p = L.scale, t.shown, 1 - t.viewer, L.top_panel
    obs = sh.obs
    draw_stack(surface, art, 0, sh.hand_sizes[other], L.opp_hand, shadow=False)
    draw_stack(surface, art, 0, sh.deck_sizes[other], L.opp_deck, shadow=False)
    dx = L.opp_deck.right + round(12 * s)
    text.blit(surface, "Deck", round(19 * s), (dx, p.y + round(14 * s)), MUTED)
    text.blit(surface, f"{sh.deck_sizes[other]:,}", round(26 * s), (dx, p.y + round(38 * s)), INK,
              max_w=p.right - dx - round(8 * s))
    if obs.opponent_lacks is not None and t.viewer == 0:
        lacks = f"no {', '.join(map(str, obs.opponent_lacks))}" if obs.opponent_lacks else "every number"
        verb = "holds" if obs.opponent_lacks_now else "was dealt"
        text.blit(surface, f"Spyglass: {t.name(other)} {verb} {lacks}", round(17 * s), (dx, p.y + round(66 * s)), GOLD,
                  max_w=p.right - dx - round(8 * s))


def upgrade_badges(held: Iterable[tuple[str, int]]) -> list[tuple[Icon, str]]:
    """Each upgrade held, ``(id, stacks)``, as its badge and its label ("Trim x2")."""
    return [(UPGRADES[uid].icon, UPGRADES[uid].name + (f" x{stacks}" if stacks > 1 else "")) for uid, stacks in held]


def _draw_upgrades(t: Table, surface: pygame.Surface, held: tuple) -> None:
    """The runner's upgrades, as badges down the left of the area."""
    L, s = t.layout, t.layout.scale
    top = L.area.y + round(56 * s)
    column = Rect(L.area.x + round(12 * s), top, round(200 * s), L.strip.y - round(4 * s) - top)
    draw_badge_column(surface, t.app.text, upgrade_badges(held), column, s, round(140 * s))


def deal_words(game_hand: int) -> str:
    """Which deal of this game it is: "deal 3", or "before the first deal" ("hand": only the cards a side holds)."""
    return f"deal {game_hand}" if game_hand else "before the first deal"


def _draw_strip(t: Table, surface: pygame.Surface) -> None:
    text, art, s, strip = t.app.text, t.app.art, t.layout.scale, t.layout.strip
    text.blit(surface, f"In the play area: {sum(t.shown.area):,}", round(19 * s), (strip.x, strip.centery), MUTED,
              "midleft")
    x, ch = strip.x + round(190 * s), strip.h - round(4 * s)
    for n, k in enumerate(t.shown.area):
        if not k:
            continue
        r = Rect(x, strip.y + round(2 * s), round(ch * CARD_RATIO), ch)
        art.blit_number(surface, n + 1, r, shadow=False)
        text.blit(surface, f"x {k:,}", round(18 * s), (r.right + round(4 * s), r.centery), INK, "midleft")
        x = r.right + round(74 * s)


def _draw_column(t: Table, surface: pygame.Surface, i: int, lift: int, sel: set[int]) -> None:
    L, text, s = t.layout, t.app.text, t.layout.scale
    n, r, visible = i + 1, L.columns[i], t.shows_hand()
    rr = r.move(0, -lift)
    if not visible:
        t.app.art.blit_back(surface, rr)
        return
    k = t.shown.hand[i]
    if k:
        draw_stack(surface, t.app.art, n, k, rr)
    else:
        draw_panel(surface, rr, (0, 0, 0, 60), round(8 * s), (60, 110, 90), t.panels)
        text.blit(surface, str(n), round(40 * s), rr.center, (90, 130, 110), "center")
    if n in sel:
        pygame.draw.rect(surface, SELECT, rr.inflate(round(8 * s), round(8 * s)), max(2, round(4 * s)),
                         border_radius=round(10 * s))


def _draw_pick(t: Table, surface: pygame.Surface) -> None:
    """The upgrades offered, over the table dimmed: each card's badge, name, effect, when it helps and how many held."""
    obs, rules = t.state.observation(0), t.state.upgrade_rules
    held = dict(obs.upgrades)
    cards = []
    for k, uid in enumerate(obs.offer, 1):
        u = UPGRADES[uid]
        words = ((effect(uid, rules), 20, 5, (60, 66, 62)), (helps(uid, rules), 18, 4, (30, 100, 90)))
        cards.append(OfferCard(u.icon, u.name, words, (f"Press {k}", taking(uid, held.get(uid, 0)))))
    lit = {k for k, uid in enumerate(obs.offer) if ("pick", uid) in (t.hover, t.focus.shown())}
    heading = f"Game {obs.game - 1} won: everything doubles!"
    sub = f"Game {obs.game} deals hands of {obs.hand_sizes[0]:,}; a pass draws {obs.pass_sizes[0]:,}. Pick one upgrade:"
    draw_offer(surface, t.app.text, cards, t.layout.pick_cards(len(cards)), lit, heading, sub, t.layout.scale, t.panels)


def draw_thumbnail(surface: pygame.Surface, art: Any) -> None:
    """The title tile: a rival's stack, a stair in the middle, and a hand of number columns with counts."""
    draw_table_picture(surface, art, [(None, 0.16, 0.2), (None, 0.17, 0.19)], card_h=0.26)
    w, h = surface.get_size()
    for numbers, least, height, left, step, y in (((5, 6, 7), 12, 0.26, 0.42, 0.13, 0.38),
                                                  (range(1, 9), 10, 0.22, 0.1, 0.114, 0.76)):
        ch = max(least, round(h * height))
        for i, n in enumerate(numbers):
            r = Rect(0, 0, round(ch * CARD_RATIO), ch)
            r.center = (round(w * (left + step * i)), round(h * y))
            art.blit_number(surface, n, r, shadow=False)
