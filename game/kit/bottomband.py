"""The bottom band of a hidden-hand table: the bottom seat's fan, its status lines (or the toast) and the buttons,
as one region of the cached layer while they stand still (:class:`BottomBand`, a part of
:class:`~game.kit.handtable.HiddenHandTable`)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.kit import overdraw
from game.kit.hand import draw_cards
from game.kit.handview import button_looks, draw_buttons
from game.kit.layer import Partial
from game.kit.messages import draw_status, draw_toast, status_lines_at
from game.kit.reach import glow_reach


SETTLE_CARDS = 2
"""A fan that stopped moving goes back into the cached layer this many cards a frame, from the first drawn (the
rest drawn live over them, as ever after them): not all of them on one frame (a millisecond at 3840x2160)."""


class BottomBand:
    """The bottom band's drawing and its region; the table holds the fan, the pointer, the layout and the state the
    band keeps between frames (``_bottom_in_layer``, ``_fan_live``, ``_live_from``, ``_settled``, ``_hold_fan``)."""

    def draw_bottom(self, surface: pygame.Surface, skip: set[int], parts: Callable[[], tuple[Any, ...]]) -> None:
        """The bottom seat's fan, the toast or the status lines and the buttons, unless the cached layer holds
        them (:meth:`bottom_region`, whose arguments ``parts()`` gives)."""
        if not self._bottom_in_layer:
            lines, toast_inset, _, buttons, focus = parts()
            key = self._bottom_key(skip, lines, toast_inset, buttons, focus)
            if self._fan_live:  # the cards the layer does not hold
                key = (key[0], key[1][self._live_from:], key[2])
            self._draw_bottom(surface, key, self._fan_live)

    def bottom_region(self, lines: Any, toast_inset: int, live_above: list[pygame.Rect], buttons: list[Any],
                      focus: object) -> Partial:
        """The fan at rest, the status lines (or the toast, ``toast_inset`` px narrower) and the buttons (``focus``
        ringed) as a region of the cached layer, keyed by what they show, so a frame that changes nothing there
        draws none of them; a change repaints only the lines, cards or buttons it touched.  While the fan moves
        (cards it draws easing to new places; one in the air is drawn as a flight), a card lies above the status
        lines (eased back from where it was dropped) or ``live_above`` (drawn before them) reaches below the status
        lines' top, they are drawn every frame as before and the region is bare: in the same order, so the same
        pixels.  Only the moving fan is drawn every frame (the lines and buttons stay in the layer) while its cards,
        glow and shadow lie clear of them; once it stops, its first cards go into the layer, :data:`SETTLE_CARDS` more
        a frame, the rest drawn live over them (``_live_from``)."""
        skip = self.motion.flying() | ({self.drag.sprite.id} if self.drag and self.drag.sprite is not None else set())
        key = self._bottom_key(skip, lines, toast_inset, buttons, focus)
        L = self.layout
        band = pygame.Rect(0, L.status.top, L.w, L.h - L.status.top)
        pad = L.hand_card[1] // 8 + 8  # glow, shadow and the hint's frame around a card
        clear = band.collidelist(live_above) < 0 and all(r[1] - pad >= band.top for _, r, _, _, _ in key[1])
        moving = self.fan.moving(self.my_hand, L, self.pointer.hover_index(), skip)  # of the cards it draws
        count, held = len(key[1]), self._settled or 0
        apart = clear and (moving or self._settled is not None) and self._fan_apart(key, pad)  # (only then needed)
        settle = (0 if moving else count if self._settled is None or not apart
                  else held if self._hold_fan else held + SETTLE_CARDS)
        self._bottom_in_layer = clear and not moving and settle >= count  # r above: (x, y, w, h)
        self._fan_live = (moving or settle < count) and apart  # the fan, or the cards not settled yet, drawn live
        self._live_from = settle if self._fan_live else 0
        if self._fan_live:
            key = (key[0], key[1][:self._live_from], key[2])
        elif not self._bottom_in_layer:
            key = (None, (), ())

        def touched(old: Any, new: Any) -> pygame.Rect | None:
            parts = [self._words_rect(w) for w in {old[0], new[0]} if w is not None] if old[0] != new[0] else []
            parts += [self._fan_reach(card) for card in set(old[1]) ^ set(new[1])]
            parts += [pygame.Rect(b[2]).inflate(2 * pad, 2 * pad) for b in set(old[2]) ^ set(new[2])]
            return parts[0].unionall(parts[1:]) if parts else None

        return Partial("bottom", key, band.inflate(-6, -6), lambda layer: self._draw_bottom(layer, key),
                       touched)

    def _fan_reach(self, card: tuple[Any, ...]) -> pygame.Rect:
        """All a card of a :meth:`_bottom_key`'s fan paints: the card and its shadow, its glow, a hint's frame."""
        rect, frame = pygame.Rect(card[1]), 2 * max(3, card[1][2] // 22) + 2  # draw_pointer's frame
        reach = overdraw.reaches(self.app.art, [rect])[0].union(rect if card[2] is None else glow_reach(self.app.art, rect, card[2]))
        return reach.union(rect.inflate(frame, frame)) if card[3] else reach

    def _bottom_key(self, skip: set[int], lines: Any, toast_inset: int, buttons: list[Any], focus: object
                    ) -> tuple[Any, ...]:
        """(the toast or the status lines, the fan's cards as drawn: (card, rect, glow, pointed at, face up),
        the buttons' looks and the menu button's)."""
        L, face = self.layout, self.shows_face(self.viewer)
        hover_i = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "hand" else None
        cards = self.fan.drawn(self.my_hand, L, face, hover_i, self.my_turn(), skip)
        words = (("toast", self.toast._replace(left=0.0), tuple(L.status.inflate(-round(toast_inset * L.scale), 0)))
                 if self.toast else ("status", *lines))
        looks = tuple(look for look in button_looks(self, buttons, focus) if self.in_band(look[2]))
        return words, tuple((c, tuple(r), g, p, face) for c, r, g, p in cards), looks

    def _fan_apart(self, key: tuple[Any, ...], pad: int) -> bool:
        """Whether the fan of a :meth:`_bottom_key` (each card ``pad`` wider all round) lies clear of its words and
        buttons (as wide as :meth:`bottom_region` repaints them): drawn over them or under them, the same pixels."""
        words, cards, looks = key
        if not cards:
            return True
        fan = pygame.Rect(cards[0][1]).unionall([pygame.Rect(c[1]) for c in cards[1:]]).inflate(2 * pad, 2 * pad)
        return not fan.colliderect(self._words_rect(words)) and fan.collidelist(
            [pygame.Rect(b[2]).inflate(2 * pad, 2 * pad) for b in looks]) < 0

    def in_band(self, rect: tuple[int, int, int, int]) -> bool:
        """Whether a button at ``rect`` (focus ring and all) lies from the status lines' top down: the bottom
        region draws it (:func:`~game.kit.handview.draw_control_tips` draws the others, after a tip)."""
        s = rect[3] / 44  # as the button paints itself
        return rect[1] - max(2, round(3 * s)) - max(3, round(4 * s)) - 1 >= self.layout.status.top

    def _words_rect(self, words: tuple[Any, ...]) -> pygame.Rect:
        """Where the toast or the status lines of a :meth:`_bottom_key` lie."""
        if words[0] == "toast":
            return pygame.Rect(words[2])
        L = self.layout
        rects = [at for _, at in status_lines_at(self.app.text, L.status, words[1], words[2], L.scale)]
        return rects[0].unionall(rects[1:])

    def _draw_bottom(self, surface: pygame.Surface, key: tuple[Any, ...], fan_only: bool = False) -> None:
        (words, cards, looks), L = key, self.layout
        if words is None:
            return
        face = bool(cards) and cards[0][4]  # one hand: all face up or all face down
        draw_cards(surface, self.app.art, [(c, pygame.Rect(r), g, p) for c, r, g, p, _ in cards], face)
        if fan_only:
            return
        if words[0] == "toast":
            draw_toast(surface, self.app.text, pygame.Rect(words[2]), words[1], L.scale, self.panels)
        else:
            draw_status(surface, self.app.text, L.status, words[1], words[2], L.scale)
        draw_buttons(surface, self.app.text, looks)
