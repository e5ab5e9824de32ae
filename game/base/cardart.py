"""Procedural card art: faces, backs, shadows and glows, rendered per size and cached.

Suits are drawn as shapes (game.base.suits: the default font has no suit glyphs).  Everything is
drawn at twice the size and smooth-scaled down, which anti-aliases the edges.
Besides the 52 cards: jokers (engine codes ``X1``..``X4``, all drawn alike) and
the number cards 1 to 8 of Double or Nothing (:class:`NumberCard`, codes ``N1``..``N8``).
The renderer also notes every card face it blits, so tests can prove that a
hidden card was never shown (see :attr:`CardArt.faces_blitted`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from engine.cards import Card, Rank, Suit
from game.base.retained import still
from game.base.suits import draw_star, suit_color, suit_shape

PAPER = (252, 251, 246)
EDGE = (150, 150, 140)
FACE_FILL = {Rank.JACK: (222, 234, 250), Rank.QUEEN: (250, 228, 232), Rank.KING: (250, 238, 200)}
SS = 2  # supersampling factor

# pip positions for 2-10 in the pip box (0..1 on each axis)
_L, _C, _R = 0.18, 0.5, 0.82
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0.0), (_C, 1.0)),
    3: ((_C, 0.0), (_C, 0.5), (_C, 1.0)),
    4: ((_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)),
    5: ((_L, 0.0), (_R, 0.0), (_C, 0.5), (_L, 1.0), (_R, 1.0)),
    6: ((_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)),
    7: ((_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)),
    8: ((_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1.0), (_R, 1.0)),
    9: ((_L, 0.0), (_R, 0.0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1.0), (_R, 1.0)),
    10: ((_L, 0.0), (_R, 0.0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1.0), (_R, 1.0)),
}


JOKER_INK = (112, 40, 140)
JOKER_FILL = (246, 238, 250)
NUMBER_INK = (  # one colour per number card, 1 to 8
    (196, 30, 44), (214, 110, 20), (170, 140, 10), (30, 130, 60),
    (20, 120, 150), (30, 70, 180), (110, 50, 170), (24, 24, 30),
)
NUMBER_MAX = 8


@dataclass(frozen=True, slots=True)
class NumberCard:
    """A number card of Double or Nothing: ``NumberCard(5)``, written ``"N5"``."""

    value: int

    def __post_init__(self) -> None:
        if not 1 <= self.value <= NUMBER_MAX:
            raise ValueError(f"number cards go from 1 to {NUMBER_MAX}, not {self.value}")

    @classmethod
    def parse(cls, code: str) -> NumberCard:
        if len(code) == 2 and code[0] in "Nn" and code[1].isdigit():
            return cls(int(code[1]))
        raise ValueError(f"{code!r} is not a number card: write N and a number, like 'N5'")

    def __str__(self) -> str:
        return f"N{self.value}"


def _card(number: int) -> Card:
    from engine.cards import ALL_CARDS

    return ALL_CARDS[number]


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format, which blits fastest (as is without a display)."""
    return surface if pygame.display.get_surface() is None else surface.convert_alpha()


def _rle(surface: pygame.Surface) -> pygame.Surface:
    """A run-length encoded copy of ``surface``: two to three times faster to blit a card, which is mostly opaque
    with a few soft edge pixels (a copy: SDL encodes a surface for one destination at a time).  A cached copy
    never changes: marked :func:`~game.base.retained.still`, a window's canvas may leave its blit of the last frame."""
    copy = surface.copy()
    if pygame.display.get_surface() is not None:
        copy.set_alpha(255, pygame.RLEACCEL)
    return still(copy)


SCREEN, OFF_SCREEN, TRANSLUCENT = 1, 0, 2
"""The lanes of card surfaces: for the window, for every other opaque surface (cached layers), and for surfaces
with an alpha channel (pictures composed off screen, like Double or Nothing's stacks), where a card's shadow is
blitted first and the card over it as ever: blended onto a clear picture, a composite's soft corners would not
come out the same."""


def lane_of(target: pygame.Surface) -> int:
    """Which lane's copies blit onto ``target``.  SDL re-encodes a run-length encoded surface each time it is
    blitted to another destination than the last one (a third of a millisecond for a card): a card blitted to a
    table's cached layer and then to the window would pay it twice a frame, so each lane has its own copy."""
    if target is pygame.display.get_surface() or getattr(target, "is_window", False):  # or the window's canvas
        return SCREEN
    return TRANSLUCENT if target.get_flags() & pygame.SRCALPHA else OFF_SCREEN


def rank_text(rank: Rank) -> str:
    return "10" if rank == Rank.TEN else rank.letter


class CardArt:
    """Card surfaces by size, built on first use and kept until the sizes change."""

    def __init__(self) -> None:
        self._faces: dict[tuple[int, int, int], pygame.Surface] = {}  # rendered, not encoded: the source of the lanes
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._glows: dict[tuple[int, int, tuple[int, ...]], pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._numbers: dict[tuple[int, int, int], pygame.Surface] = {}
        self._lanes: tuple[dict[tuple, pygame.Surface], ...] = ({}, {}, {})  # by lane (see lane_of)
        self._rims: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.faces_blitted: list[Card] = []
        self.numbers_blitted: list[int] = []
        self.backs_blitted = 0
        self._four_colour = False

    @property
    def four_colour(self) -> bool:
        """Clubs green and diamonds blue; changing it drops the cached faces."""
        return self._four_colour

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        if bool(on) != self._four_colour:
            self._four_colour = bool(on)
            self._faces.clear()
            for lane in self._lanes:
                lane.clear()

    def begin_frame(self) -> None:
        self.faces_blitted.clear()
        self.numbers_blitted.clear()
        self.backs_blitted = 0

    # --- blitting (what draw code calls) ---------------------------------

    def blit_face(self, target: pygame.Surface, card: Card, rect: pygame.Rect, shadow: bool = True) -> None:
        self._blit(target, ("f", int(card)), rect, shadow, lambda: self._face_source(card, rect.size))
        self.faces_blitted.append(card)

    def blit_number(self, target: pygame.Surface, value: int, rect: pygame.Rect, shadow: bool = True) -> None:
        """The face of number card ``value`` (1 to 8) at ``rect``."""
        self._blit(target, ("n", NumberCard(value).value), rect, shadow, lambda: self._number_source(value, rect.size))
        self.numbers_blitted.append(value)

    def blit_back(self, target: pygame.Surface, rect: pygame.Rect, shadow: bool = True) -> None:
        self._blit(target, ("b", 0), rect, shadow, lambda: self.back(rect.size))
        self.backs_blitted += 1

    def _blit(self, target: pygame.Surface, what: tuple[str, int], rect: pygame.Rect, shadow: bool,
              source: Callable[[], pygame.Surface]) -> None:
        """A card at ``rect``; with its shadow, one blit of the card composited on its shadow once per size."""
        index = lane_of(target)
        if index == TRANSLUCENT and shadow:  # blended onto a clear picture, a composite's soft corners would not be
            self.blit_shadow(target, rect)  # the same: the shadow first, then the card, as they always were
            shadow = False
        lane = self._lanes[index]
        key = (what, rect.w, rect.h, shadow)
        surf = lane.get(key)
        if surf is None:
            surf = lane[key] = _rle(self._framed(source(), rect.size) if shadow else source())
        if shadow:
            off, pad = self.shadow_offsets(rect.size)
            target.blit(surf, (rect.x - pad + off, rect.y - pad + 2 * off))
        else:
            target.blit(surf, rect.topleft)

    def shadow_offsets(self, size: tuple[int, int]) -> tuple[int, int]:
        """(offset, pad): the shadow lies ``offset`` right and twice that down, ``pad`` wider on each side."""
        return max(1, size[1] // 40), (self.shadow(size).get_width() - size[0]) // 2

    def _framed(self, card: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``card`` composited over its shadow: the same pixels as the shadow blitted first and the card over it.

        Where the card is opaque it hides the shadow and where it is clear the shadow shows as it is; its few
        soft corner pixels get the colour and alpha of the card blended over the shadow (straight alpha), so one
        blit of the composite gives what the two blits gave."""
        shadow = self.shadow(size)
        off, pad = self.shadow_offsets(size)
        at = (pad - off, pad - 2 * off)
        framed = shadow.copy()
        framed.blit(card, at)
        for x, y in self._rim(card):
            fr, fg, fb, fa = card.get_at((x, y))
            sa = shadow.get_at((x + at[0], y + at[1]))[3]
            a = fa + sa * (255 - fa) / 255  # the shadow is black: it adds alpha, no colour
            if a > 0:
                k = fa / a
                framed.set_at((x + at[0], y + at[1]), (round(fr * k), round(fg * k), round(fb * k), round(a)))
        return framed

    def _rim(self, card: pygame.Surface) -> list[tuple[int, int]]:
        """The card's soft pixels (neither opaque nor clear): the same for every card of a size, a few dozen."""
        size = card.get_size()
        rim = self._rims.get(size)
        if rim is None:
            soft = pygame.mask.from_surface(card, 0)
            soft.erase(pygame.mask.from_surface(card, 254), (0, 0))
            rim = self._rims[size] = [(x, y) for r in soft.get_bounding_rects()
                                      for y in range(r.top, r.bottom) for x in range(r.left, r.right) if soft.get_at((x, y))]
        return rim

    def blit_shadow(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        """The soft shadow of a card about to be drawn at ``rect``."""
        off, pad = self.shadow_offsets(rect.size)
        target.blit(self.shadow(rect.size), (rect.x - pad + off, rect.y - pad + 2 * off))

    def blit_glow(self, target: pygame.Surface, rect: pygame.Rect, color: tuple[int, ...]) -> None:
        index = lane_of(target)
        lane = self._lanes[index]
        key = (("g", tuple(color)), rect.w, rect.h, False)
        glow = lane.get(key)
        if glow is None:
            glow = lane[key] = _rle(self.glow(rect.size, color))
        pad = (glow.get_width() - rect.w) // 2
        target.blit(glow, (rect.x - pad, rect.y - pad))

    # --- cached surfaces ---------------------------------------------------

    def face(self, card: Card, size: tuple[int, int], target: pygame.Surface | None = None) -> pygame.Surface:
        """``card``'s face at ``size``, encoded to blit onto ``target`` (any surface but the window when not given)."""
        key = (("f", int(card)), size[0], size[1], False)
        index = OFF_SCREEN if target is None else lane_of(target)
        lane = self._lanes[index]
        surf = lane.get(key)
        if surf is None:
            surf = lane[key] = _rle(self._face_source(card, size))
        return surf

    def number_face(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        """Number card ``value`` (1 to 8) at ``size``, cached like the other faces."""
        key = (("n", NumberCard(value).value), size[0], size[1], False)
        lane = self._lanes[OFF_SCREEN]
        surf = lane.get(key)
        if surf is None:
            surf = lane[key] = _rle(self._number_source(value, size))
        return surf

    def _face_source(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The rendered face (not encoded): what each lane's copies are made from."""
        key = (int(card), size[0], size[1])
        surf = self._faces.get(key)
        if surf is None:
            self._trim()
            surf = self._faces[key] = _fast(self._render_face(card, size))
        return surf

    def _number_source(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        key = (NumberCard(value).value, size[0], size[1])
        surf = self._numbers.get(key)
        if surf is None:
            self._trim()
            surf = self._numbers[key] = _fast(self._render_number(value, size))
        return surf

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._backs.get(size)
        if surf is None:
            surf = self._backs[size] = _fast(self._render_back(size))
        return surf

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._shadows.get(size)
        if surf is None:
            w, h = size
            pad = max(2, h // 18)
            small = pygame.Surface((max(1, (w + 2 * pad) // 4), max(1, (h + 2 * pad) // 4)), pygame.SRCALPHA)
            pygame.draw.rect(small, (0, 0, 0, 90), small.get_rect().inflate(-pad // 2, -pad // 2), border_radius=max(1, w // 40))
            surf = _fast(pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad)))
            self._shadows[size] = surf
        return surf

    def glow(self, size: tuple[int, int], color: tuple[int, ...]) -> pygame.Surface:
        key = (size[0], size[1], tuple(color))
        surf = self._glows.get(key)
        if surf is None:
            w, h = size
            pad = max(4, h // 16)
            big = pygame.Surface(((w + 2 * pad) * SS, (h + 2 * pad) * SS), pygame.SRCALPHA)
            rad = round(w * 0.09 * SS) + pad * SS
            rgb = tuple(color[:3])
            for i, alpha in enumerate((90, 160, 255)):
                inset = round(i * pad * SS / 3)
                pygame.draw.rect(big, (*rgb, alpha), big.get_rect().inflate(-2 * inset, -2 * inset),
                                 width=max(2, round(pad * SS / 3)), border_radius=max(1, rad - inset))
            surf = _fast(pygame.transform.smoothscale(big, (w + 2 * pad, h + 2 * pad)))
            self._glows[key] = surf
        return surf

    def warm(self, sizes: list[tuple[int, int]]) -> None:
        """Render every face and the back at ``sizes`` now, each composited on its shadow for both lanes,
        so no frame pays for a first render."""
        for size in sizes:
            self._warm(("b", 0), size, lambda: self.back(size))
            for card in range(52):
                self._warm(("f", card), size, lambda: self._face_source(_card(card), size))

    def warm_numbers(self, sizes: set[tuple[int, int]]) -> None:
        """Render the number cards 1 to 8 at ``sizes`` now (Double or Nothing), so no frame pays for a first render."""
        for size in sizes:
            for value in range(1, NUMBER_MAX + 1):
                self._warm(("n", value), size, lambda: self._number_source(value, size))

    def _warm(self, what: tuple[str, int], size: tuple[int, int], source: Callable[[], pygame.Surface]) -> None:
        key = (what, size[0], size[1], True)
        if key not in self._lanes[SCREEN]:
            framed = self._framed(source(), size)
            self._lanes[SCREEN][key] = _rle(framed)
            self._lanes[OFF_SCREEN][key] = _rle(framed)

    def _trim(self) -> None:
        if len(self._faces) + len(self._numbers) > 52 * 8:
            self._faces.clear()
            self._numbers.clear()
            self._backs.clear()
            self._shadows.clear()
            self._glows.clear()
            for lane in self._lanes:
                lane.clear()

    def _font(self, px: int) -> pygame.font.Font:
        font = self._fonts.get(px)
        if font is None:
            font = self._fonts[px] = pygame.font.Font(None, px)
        return font

    # --- rendering ------------------------------------------------------------

    def _blank(self, size: tuple[int, int], fill: tuple[int, int, int]) -> tuple[pygame.Surface, int]:
        w, h = size[0] * SS, size[1] * SS
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, round(w * 0.09))
        pygame.draw.rect(surf, EDGE, surf.get_rect(), border_radius=radius)
        edge = max(1, round(w * 0.012))
        pygame.draw.rect(surf, fill, surf.get_rect().inflate(-2 * edge, -2 * edge), border_radius=radius - edge)
        return surf, radius

    def _corner(self, surf: pygame.Surface, label: str, color: tuple[int, int, int],
                mark: Callable[[pygame.Surface, tuple[float, float], float], object]) -> None:
        """The corner index (``label`` over ``mark(corner, centre, size)``) top-left and, turned, bottom-right."""
        w, h = surf.get_size()
        index_w = round(w * 0.25)
        corner = pygame.Surface((index_w, round(h * 0.36)), pygame.SRCALPHA)
        text = self._font(max(8, round(h * 0.235))).render(label, True, color)
        if text.get_width() > index_w:
            text = pygame.transform.smoothscale(text, (index_w, text.get_height()))
        corner.blit(text, ((index_w - text.get_width()) // 2, round(h * 0.015)))
        mark(corner, (index_w / 2, h * 0.235), w * 0.17)
        surf.blit(corner, (round(w * 0.035), round(h * 0.03)))
        surf.blit(pygame.transform.rotate(corner, 180), (w - round(w * 0.035) - index_w, h - round(h * 0.03) - corner.get_height()))

    def _render_joker(self, size: tuple[int, int]) -> pygame.Surface:
        """A joker: a star in the corners, a large star in a frame and the word JOKER."""
        surf, _ = self._blank(size, PAPER)
        w, h = surf.get_size()
        self._corner(surf, "JK", JOKER_INK, lambda c, centre, px: draw_star(c, centre, px, JOKER_INK))
        frame = pygame.Rect(round(w * 0.26), round(h * 0.13), round(w * 0.48), round(h * 0.74))
        pygame.draw.rect(surf, JOKER_FILL, frame, border_radius=round(w * 0.04))
        pygame.draw.rect(surf, JOKER_INK, frame, width=max(2, round(w * 0.015)), border_radius=round(w * 0.04))
        draw_star(surf, (frame.centerx, frame.y + frame.h * 0.4), w * 0.4, (214, 170, 60))
        word = self._font(round(h * 0.13)).render("JOKER", True, JOKER_INK)
        if word.get_width() > frame.w - 4:
            word = pygame.transform.smoothscale(word, (frame.w - 4, word.get_height()))
        surf.blit(word, word.get_rect(center=(frame.centerx, frame.y + frame.h * 0.8)))
        return pygame.transform.smoothscale(surf, size)

    def _render_number(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        """Number card ``value``: the numeral in the corners and the middle, and ``value`` dots."""
        surf, _ = self._blank(size, PAPER)
        w, h = surf.get_size()
        color = NUMBER_INK[value - 1]
        self._corner(surf, str(value), color, lambda c, centre, px: pygame.draw.circle(c, color, centre, px * 0.3))
        big = self._font(round(h * 0.42)).render(str(value), True, color)
        surf.blit(big, big.get_rect(center=(w / 2, h * 0.42)))
        box = pygame.Rect(round(w * 0.3), round(h * 0.66), round(w * 0.4), round(h * 0.2))
        dots = _PIPS.get(value, ((_C, 0.5),))
        for fx, fy in dots:
            pygame.draw.circle(surf, color, (box.x + fx * box.w, box.y + fy * box.h), w * 0.035)
        return pygame.transform.smoothscale(surf, size)

    def _render_face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        if card.is_joker:
            return self._render_joker(size)
        surf, _ = self._blank(size, PAPER)
        w, h = surf.get_size()
        suit, rank = card.suit, card.rank
        color = suit_color(suit, self._four_colour)

        self._corner(surf, rank_text(rank), color, lambda c, centre, px: suit_shape(c, suit, centre, px, color))

        box = pygame.Rect(round(w * 0.29), round(h * 0.13), round(w * 0.42), round(h * 0.74))
        if rank >= Rank.JACK and rank != Rank.ACE:
            frame = box.inflate(round(w * 0.06), 0)
            pygame.draw.rect(surf, FACE_FILL[rank], frame, border_radius=round(w * 0.04))
            pygame.draw.rect(surf, color, frame, width=max(2, round(w * 0.015)), border_radius=round(w * 0.04))
            letter = self._font(round(h * 0.36)).render(rank.letter, True, color)
            surf.blit(letter, letter.get_rect(center=(frame.centerx, frame.y + frame.h * 0.36)))
            suit_shape(surf, suit, (frame.centerx, frame.y + frame.h * 0.74), w * 0.24, color)
        elif rank == Rank.ACE:
            suit_shape(surf, suit, box.center, w * 0.44, color)
        else:
            pip = w * 0.17
            for fx, fy in _PIPS[int(rank)]:
                x = box.x + fx * box.w
                y = box.y + pip / 2 + fy * (box.h - pip)
                suit_shape(surf, suit, (x, y), pip, color, flip=fy > 0.5)
        return pygame.transform.smoothscale(surf, size)

    def _render_back(self, size: tuple[int, int]) -> pygame.Surface:
        surf, radius = self._blank(size, (250, 250, 250))
        w, h = surf.get_size()
        inner = surf.get_rect().inflate(-round(w * 0.14), -round(w * 0.14))
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        pattern.fill((28, 52, 112))
        step = max(6, round(w * 0.16))
        line = (58, 92, 170)
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(pattern, line, (x, 0), (x + inner.h, inner.h), max(1, round(w * 0.02)))
            pygame.draw.line(pattern, line, (x, inner.h), (x + inner.h, 0), max(1, round(w * 0.02)))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, radius - round(w * 0.07)))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(pattern, inner.topleft)
        cx, cy = inner.center
        e = pygame.Rect(0, 0, round(w * 0.5), round(w * 0.5))
        e.center = (cx, cy)
        pygame.draw.ellipse(surf, (250, 250, 250), e)
        pygame.draw.ellipse(surf, (214, 170, 60), e.inflate(-round(w * 0.05), -round(w * 0.05)))
        pygame.draw.ellipse(surf, (28, 52, 112), e.inflate(-round(w * 0.12), -round(w * 0.12)))
        suit_shape(surf, Suit.SPADES, (cx, cy), w * 0.22, (250, 250, 250))
        return pygame.transform.smoothscale(surf, size)
