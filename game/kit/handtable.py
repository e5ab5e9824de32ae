"""The hidden-hand turn table's plumbing that Sprint and Scamper share.

:class:`HiddenHandTable` is a :class:`~game.shell.scene.Scene` for a table where
every seat holds a hand the others must not see: the bottom seat's fan and its
selection, sprites that fly between seats, hot-seat viewers, the felt with its
seat panels, toasts.  A game's table subclasses it and keeps its own rules,
layout of the piles, deal and input; it provides the attributes used here
(``motion``, ``model``, ``fan``, ``layout``, ``viewer``, ``humans``, ``drag``,
``hover``, ``record``, ``state``, ``driver``, ``reveal_all``, ``pending_pass``,
``_felt``) and :meth:`hand_slot`.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from engine.cards import Card
from game.kit.flights import Flight, Step
from game.kit.hand import Drag, SelectedCards
from game.kit.layout import TableLayout
from game.kit.messages import TOAST_SECONDS, Toast
from game.kit.scorepanel import PANEL_FILL
from game.kit.sprites import CardSprite, Hand
from game.kit.ui import draw_panel, felt_background
from game.shell.scene import Scene


class HiddenHandTable(Scene):
    """What a hidden-hand turn table holds and how it shows it, whatever the game."""

    # --- what the table holds ------------------------------------------------

    @property
    def flights(self) -> list[Flight]:
        return self.motion.flights

    @property
    def steps(self) -> deque[Step]:
        return self.motion.steps

    @property
    def my_hand(self) -> Hand:
        """The bottom seat's cards (sprites)."""
        return self.model.held[self.viewer]

    @property
    def selected(self) -> SelectedCards:
        """The bottom hand's selection as cards (the sprites stay the truth)."""
        return SelectedCards(self.fan, self.my_hand)

    @selected.setter
    def selected(self, cards: Any) -> None:
        SelectedCards(self.fan, self.my_hand).replace(cards)

    def hand_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        raise NotImplementedError

    def sprite_rect(self, seat: int, sprite: CardSprite) -> pygame.Rect:
        hand = self.model.held[seat]
        if seat == self.viewer:
            rect = self.fan.rect_of(sprite, self.layout)
            if rect is not None:
                return rect
        i = hand.index_of(sprite.id)
        return self.hand_slot(seat, max(0, len(hand) - 1 if i is None else i), max(1, len(hand)))

    def chosen(self) -> set[int]:
        dragged = {self.drag.sprite.id} if isinstance(self.drag, Drag) and self.drag.sprite else set()
        return dragged | self.fan.selected

    def held_sprite(self, seat: int, card: Card, chosen: set[int]) -> CardSprite:
        sprite = self.model.held[seat].find(card, prefer=lambda s: s.id in chosen)
        return sprite if sprite is not None else self.sprites.new(card)

    def factor(self) -> float:
        return self.app.settings.anim_factor

    # --- seats -------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.record.players[seat].name

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def _next_human(self, seat: int) -> int | None:
        n = self.state.num_players
        for k in range(n):
            if (seat + k) % n in self.humans:
                return (seat + k) % n
        return None

    def shows_face(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards may be drawn face up right now."""
        return self.reveal_all or (seat == self.viewer and not self.pending_pass)

    def _make_layout(self, size: tuple[int, int], seat: int) -> TableLayout:
        return TableLayout(*size, self.state.num_players, seat, self.app.settings.card_scale)

    def _table_background(self) -> pygame.Surface:
        surf = self._felt.copy()
        s = self.layout.scale
        for spot in self.layout.spots.values():
            draw_panel(surf, spot.panel, PANEL_FILL, round(12 * s))
        draw_panel(surf, self.layout.log_panel, PANEL_FILL, round(12 * s))
        return surf

    view: Any = None
    """The table's view module: its ``layer_regions(table)`` say what the cached layer holds."""

    def _refresh_layer(self) -> None:
        self.layer.refresh(self.background, self.layout, self.view.layer_regions(self), self.app.art)

    def resize(self, size: tuple[int, int]) -> None:
        """Everything placed from the window size is placed again; the cached layer is drawn anew."""
        self.panels.clear()
        self.floaters.clear()
        self._felt = felt_background(size)
        self.layout = self._make_layout(size, self.viewer)
        self.background = self._table_background()
        self.app.art.warm([self.layout.hand_card, self.layout.pile_card, self.layout.small_card])
        self.fan.pos.clear()
        self.layer.invalidate()
        self._refresh_layer()

    def exit(self) -> None:
        self.driver.cancel()

    def show_toast(self, text: str, error: bool = False) -> None:
        self.toast = Toast(text, TOAST_SECONDS, error)
        if error:
            self.app.sound.play("invalid")

    # --- the bottom hand ---------------------------------------------------

    def _hover_index(self) -> int | None:
        if isinstance(self.hover, tuple) and self.hover[0] == "hand" and not self.drag:
            return self.hover[1]
        return None

    def _hand_moving(self) -> bool:
        return self.fan.moving(self.my_hand, self.layout, self._hover_index())
