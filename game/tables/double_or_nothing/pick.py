"""Double or Nothing's upgrade pick drawn over the table: the heading, and the three offered upgrades as cards."""

from __future__ import annotations

import pygame
from pygame import Rect

from engine.double_or_nothing import UPGRADES
from engine.double_or_nothing.upgrades import effect, helps

from game.kit.contract import Table
from game.kit.ui import GOLD, draw_panel
from game.tables.double_or_nothing.art import draw_icon


def draw_pick(t: Table, surface: pygame.Surface) -> None:
    L, text = t.layout, t.app.text
    s = L.scale
    draw_panel(surface, surface.get_rect(), (0, 0, 0, 170), 0, None, t.panels)
    obs = t.state.observation(0)
    cards = L.pick_cards(len(obs.offer))
    title_y = cards[0].y - round(90 * s)
    band = Rect(cards[0].x, title_y - round(10 * s), cards[-1].right - cards[0].x, round(86 * s))
    draw_panel(surface, band, (8, 34, 26, 240), round(14 * s), None, t.panels)  # the heading clear of the header's words
    text.blit(surface, f"Game {obs.game - 1} won: everything doubles!", round(40 * s), (L.w // 2, title_y), GOLD, "midtop")
    text.blit(surface, f"Game {obs.game} deals hands of {obs.hand_sizes[0]:,}; a pass draws {obs.pass_sizes[0]:,}. "
                       "Pick one upgrade:", round(22 * s), (L.w // 2, title_y + round(46 * s)), INK, "midtop", L.w - 40)
    held = dict(obs.upgrades)
    for k, (uid, r) in enumerate(zip(obs.offer, cards)):
        u = UPGRADES[uid]
        hot = t.hover == ("pick", uid) or t.focus.shown() == ("pick", uid)
        draw_panel(surface, r, (250, 246, 232, 255) if hot else (238, 234, 220, 255), round(16 * s),
                   GOLD if hot else (120, 110, 80), t.panels)
        icon = Rect(0, 0, round(90 * s), round(90 * s))
        icon.midtop = (r.centerx, r.y + round(20 * s))
        draw_icon(surface, text, u.icon, icon)
        text.blit(surface, u.name, round(28 * s), (r.centerx, icon.bottom + round(14 * s)), (30, 36, 34), "midtop",
                  r.w - round(20 * s))
        y = icon.bottom + round(50 * s)
        for words, px, most, color in ((effect, 20, 5, (60, 66, 62)), (helps, 18, 4, (30, 100, 90))):
            for line in text.wrap(words(uid, t.state.upgrade_rules), round(px * s), r.w - round(28 * s))[:most]:
                text.blit(surface, line, round(px * s), (r.centerx, y), color, "midtop")
                y += round((px + 2) * s)
            y += round(8 * s)
        stack = f"held {held.get(uid, 0)} of {u.max_stacks}" if u.stacks else "does not stack"
        text.blit(surface, f"{k + 1}  -  {stack}", round(17 * s), (r.centerx, r.bottom - round(12 * s)), (110, 100, 70),
                  "midbottom")
