"""Retained drawing: a frame repaints and presents only what changed since the last one.

A table's frame is its cached layer (the whole window, blitted at (0, 0)) and then
what moves over it (cards in the air, toasts, the hovered card...).  Blitting the
whole layer every frame costs a third of a millisecond at 1920x1080 and nearly three
at 3840x2160, and presenting the whole window as much again.  Instead the window is
drawn on through a :class:`Canvas`, which notes the rectangle of every blit, fill
and ``pygame.draw`` call (the window keeps its picture between frames).  When a
frame starts with the same layer as the last one, and that layer is a
:class:`Tracked` surface (which notes, the same way, every rectangle repainted on it
since), the canvas blits the layer back only where the last frame drew over it or
where the layer changed; the frame's own drawing follows as ever and only those
rectangles are presented.  Further, a frame whose first blits after the layer repeat the last frame's
(the same never-changing picture at the same place: a card's art, marked with :func:`still`, as the cards
of a deal that wait or have landed) leaves them on the window: the layer goes back only where the last
frame drew after them or the layer changed, and those first blits are redrawn only there (clipped), in
their order.  Any other first blit (a menu's felt, a layer seen for the
first time, an untracked layer) is done whole, and the whole window is presented:
nothing is ever left behind that a full redraw would not show
(``tests/test_retained.py`` compares the two, pixel for pixel, over every table's
busy frames).

``pygame.draw`` is C code that never calls a surface's methods, so its functions
are wrapped once (here, on import) to note their rectangles on these two kinds of
surface; on any other surface they are what they were.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Iterable

import pygame

CELL = 16
"""Changed areas are kept as cells of this many pixels a side: a rectangle is widened to the cells it touches,
so every row copied starts on a 64-byte boundary (copying rows that start elsewhere ran ten times slower per
pixel on the machine measured) and a frame's hundred rectangles become a few bands in microseconds."""
FULL_SHARE = 0.6
"""When the rectangles to present cover more than this share of the window, the whole window is presented."""


_STILL: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()


def still(surface: pygame.Surface) -> pygame.Surface:
    """``surface``, marked as a picture that never changes (a card's cached art): a canvas may leave its blit
    of the last frame on the window when the frame repeats it (see the module's text)."""
    _STILL.add(surface)
    return surface


def _at(dest: Any) -> tuple[int, int]:
    return (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft


Op = tuple[Any, Any, pygame.Rect]
"""A canvas's drawing over its layer: (the still picture blitted whole, or None; where; the rectangle drawn)."""


class _Notes:
    """Blits, fills and their batches, each rectangle told to :meth:`note` (``_blit``/``_fill`` draw)."""

    def note(self, rect: pygame.Rect | None) -> None:
        raise NotImplementedError

    def _blit(self, source: pygame.Surface, dest: Any, area: Any, special_flags: int) -> pygame.Rect:
        raise NotImplementedError

    def _fill(self, color: Any, rect: Any, special_flags: int) -> pygame.Rect:
        raise NotImplementedError

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = self._blit(source, dest, area, special_flags)
        self.note(rect)
        return rect

    def blits(self, blit_sequence: Iterable[Any], doreturn: Any = True) -> Any:
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None

    def fblits(self, blit_sequence: Iterable[Any], special_flags: int = 0) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = self._fill(color, rect, special_flags)
        self.note(done)
        return done

    def subsurface(self, *args: Any) -> pygame.Surface:
        raise TypeError("draw on the surface itself: what is drawn on a subsurface would not be noted")


class Tracked(_Notes, pygame.Surface):
    """A cached layer that remembers where it was drawn on (``damage``) until the canvas takes it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fresh()

    def fresh(self) -> None:
        """A new layer, or a copy: all of it is new."""
        self.damage: list[pygame.Rect] = [self.get_rect()]

    def copy(self) -> Any:
        copy: Any = pygame.Surface.copy(self)  # of this class, made without __init__
        copy.fresh()
        return copy

    def _blit(self, source: pygame.Surface, dest: Any, area: Any, special_flags: int) -> pygame.Rect:
        return pygame.Surface.blit(self, source, dest, area, special_flags)

    def _fill(self, color: Any, rect: Any, special_flags: int) -> pygame.Rect:
        return pygame.Surface.fill(self, color, rect, special_flags)

    quiet = False
    """Set while drawing inside an area already noted (a layer region's repaint, clipped to it): nothing to add."""

    def note(self, rect: pygame.Rect | None) -> None:
        if rect and not self.quiet:
            self.damage.append(pygame.Rect(rect))

    def take_damage(self) -> list[pygame.Rect]:
        damage, self.damage = self.damage, []
        return damage


def tracked_copy(surface: pygame.Surface) -> Tracked:
    """A :class:`Tracked` copy of ``surface`` (same size and pixel format)."""
    copy = Tracked(surface.get_size(), surface.get_flags() & pygame.SRCALPHA, surface)
    pygame.Surface.blit(copy, surface, (0, 0))
    return copy


class Cells:
    """A set of :data:`CELL`-sized cells of a ``size`` surface: one bit mask of cell columns per cell row."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.rows = [0] * -(-size[1] // CELL)

    def add(self, rect: pygame.Rect) -> None:
        c0, c1 = max(0, rect.x) // CELL, -(-min(self.size[0], rect.right) // CELL)
        r0, r1 = max(0, rect.y) // CELL, -(-min(self.size[1], rect.bottom) // CELL)
        if c1 > c0:
            bits = ((1 << (c1 - c0)) - 1) << c0
            rows = self.rows
            for r in range(r0, r1):
                rows[r] |= bits

    def rects(self) -> list[pygame.Rect]:
        """The cells as rectangles: each row's runs of cells, a run joined with the same run on the rows below."""
        w, h = self.size
        out: list[pygame.Rect] = []
        open_runs: dict[tuple[int, int], pygame.Rect] = {}
        last = 0
        for r, mask in enumerate(self.rows):
            if mask == last:  # the row above's runs, each joined as it would be: their heights are set as they end
                continue
            bottom = min(r * CELL, h)
            for rect in open_runs.values():  # the band above ends: its runs' heights as they stand
                rect.h = bottom - rect.y
            last = mask
            runs: dict[tuple[int, int], pygame.Rect] = {}
            base = 0
            while mask:
                skip = (mask & -mask).bit_length() - 1
                mask >>= skip
                base += skip
                n = (~mask & (mask + 1)).bit_length() - 1  # the run's length: the low bits that are set
                mask >>= n
                rect = open_runs.get((base, n))
                if rect is None:
                    rect = pygame.Rect(base * CELL, r * CELL, min(n * CELL, w - base * CELL), 0)
                    out.append(rect)
                runs[(base, n)] = rect
                base += n
            open_runs = runs
        bottom = min(len(self.rows) * CELL, h)
        for rect in open_runs.values():
            rect.h = bottom - rect.y
        return out

    def area(self) -> int:
        return sum(mask.bit_count() for mask in self.rows) * CELL * CELL


class Canvas(_Notes):
    """The window, drawn on through this (see the module's text): what it is asked to do it does on the window
    and notes; anything else a surface has (sizes, clips, ``get_at``...) is the window's own.

    ``begin_frame``, draw the frame on it, then ``end_frame`` gives the rectangles of the window to present
    (None: all of it).  ``retain = False`` draws every frame whole."""

    is_window = True  # cards blit onto it through the window's own encoded copies (game.base.cardart.lane_of)

    def __init__(self, window: pygame.Surface) -> None:
        self.window = window
        self.size = window.get_size()  # the window's size when this was made: another size needs another
        self.retain = True
        self._base: Tracked | None = None  # last frame's layer, when it was a tracked one
        self._last: list[Op] = []  # what the last frame drew over its layer, in order
        self._ops: list[Op] = []  # what this frame drew over its layer (or kept), in order
        self._drawn: list[pygame.Rect] = []  # what this frame drew, as drawn (what it kept is not there)
        self._pending: Tracked | None = None  # the layer, to put back where needed before the next new drawing
        self._damage: list[pygame.Rect] = []  # where that layer changed since the last frame
        self._kept = 0  # the last frame's first blits this frame repeated (left on the window)
        self._restored = Cells(window.get_size())  # where this frame put the layer back
        self._covered: Cells | None = None  # where this frame will paint opaque over everything (see cover)
        self._first = False
        self._whole = True
        self.frames_retained = 0  # frames that repainted only what changed (the bench and tests read it)
        self.kept_blits = 0  # blits left on the window from the frame before (the bench and tests read it)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.window, name)

    def _blit(self, source: pygame.Surface, dest: Any, area: Any, special_flags: int) -> pygame.Rect:
        self._settle()
        return self.window.blit(source, dest, area, special_flags)

    def _fill(self, color: Any, rect: Any, special_flags: int) -> pygame.Rect:
        self._settle()
        return self.window.fill(color, rect, special_flags)

    def begin_frame(self) -> None:
        self._first, self._whole = True, True
        self._ops, self._drawn, self._kept, self._pending, self._covered = [], [], 0, None, None

    def end_frame(self) -> list[pygame.Rect] | None:
        """The rectangles the frame changed (None: the whole window)."""
        self._settle()
        self._first = False
        self._last = self._ops
        if self._whole or self._base is None:
            return None
        drawn = Cells(self.get_size())
        for rect in self._drawn:
            drawn.add(rect)
        shown = Cells(self.get_size())
        shown.rows = [a | b for a, b in zip(self._restored.rows, drawn.rows)]
        w, h = self.get_size()
        if shown.area() > FULL_SHARE * w * h:
            return None
        return shown.rects()

    def note(self, rect: pygame.Rect | None, op: Op | None = None) -> None:
        if self._first:  # the frame did not start with a layer: nothing of the last frame can be kept
            self._first = False
            self._base = None
        if rect:
            self._ops.append(op or (None, None, rect))
            self._drawn.append(rect)

    def _starts_with_layer(self, source: pygame.Surface, dest: Any, area: Any, special_flags: int) -> bool:
        """The frame's first blit is a whole-window layer: the one this canvas can keep."""
        self._first = False
        at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)
        if (area is not None or special_flags or at != (0, 0) or source.get_size() != self.get_size()
                or not isinstance(source, Tracked) or source.get_flags() & pygame.SRCALPHA):
            self._base = None
            return False
        damage = source.take_damage()
        if self.retain and source is self._base:
            self._pending, self._damage = source, damage  # put back once the frame's first new drawing comes
            self._whole = False
            self.frames_retained += 1
        else:
            self.window.blit(source, (0, 0))
            self._base = source
        return True

    def cover(self, cells: Cells) -> None:
        """``cells`` will be painted opaque later in this frame, over all drawn there before (the insides of cards
        in the air): the layer need not go back there.  Told before the frame's first new drawing, or ignored."""
        if self._pending is not None:
            self._covered = cells

    def _settle(self) -> None:
        """The frame draws something new (or ends): the layer goes back where it changed and where the last frame
        drew after the blits this one kept, and those kept blits are redrawn there (clipped), in their order."""
        layer = self._pending
        if layer is None:
            return
        self._pending = None
        restored = self._restored = Cells(self.get_size())
        for rect in self._damage:
            restored.add(rect)
        for _, _, rect in self._last[self._kept:]:
            restored.add(rect)
        kept = self._ops[:self._kept]
        if self._covered is not None:  # but where a kept blit lies: it is not drawn again, but where put back
            covered = self._covered.rows
            if kept:
                left = Cells(self.get_size())
                for _, _, rect in kept:
                    left.add(rect)
                covered = [b & ~c for b, c in zip(covered, left.rows)]
            restored.rows = [a & ~b for a, b in zip(restored.rows, covered)]
        rects = restored.rects()
        window = self.window
        clip = window.get_clip()
        window.set_clip(None)
        for r in rects:
            window.blit(layer, r, r)
        boxes = [op[2] for op in kept]  # (each rect's kept blits found in one call: a frame puts back many rects)
        for r in rects if kept else ():
            under = r.collidelistall(boxes)
            if under:
                window.set_clip(r)
                for i in under:
                    window.blit(kept[i][0], kept[i][1])
        window.set_clip(clip)

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        if self._first and self._starts_with_layer(source, dest, area, special_flags):
            return self.window.get_rect()
        window = self.window  # (the calls of _blit and note written out: a frame blits dozens of times)
        whole = area is None and not special_flags and window.get_clip() == window.get_rect()
        at = _at(dest) if whole else None
        if self._pending is not None:
            if whole and self._kept < len(self._last):
                op = self._last[self._kept]
                if op[0] is source and op[1] == at and source in _STILL:
                    self._kept += 1  # the same picture at the same place, on the same pixels: still on the window
                    self.kept_blits += 1
                    self._ops.append(op)
                    return pygame.Rect(op[2])
            self._settle()
        rect = window.blit(source, dest, area, special_flags)
        if rect:  # as note(): the frame's first blit was taken above, so it never begins the frame here
            self._ops.append((source, at, rect) if whole else (None, None, rect))
            self._drawn.append(rect)
        return rect


def _noting(draw: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
    def noted(surface: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        kind = type(surface)
        if kind is Canvas:
            surface._settle()  # the layer back where it goes, before this draws over it
            rect = draw(surface.window, *args, **kwargs)
            surface.note(rect)
            return rect
        rect = draw(surface, *args, **kwargs)
        if kind is Tracked:
            surface.note(rect)
        return rect
    noted.__name__ = draw.__name__
    noted.__doc__ = draw.__doc__
    noted.__wrapped__ = draw  # type: ignore[attr-defined]
    return noted


for _name in ("rect", "circle", "line", "lines", "aaline", "aalines", "polygon", "aapolygon", "ellipse", "arc"):
    _draw = getattr(pygame.draw, _name, None)
    if _draw is not None and not hasattr(_draw, "__wrapped__"):
        setattr(pygame.draw, _name, _noting(_draw))
