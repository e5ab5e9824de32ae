"""A span of neighbouring slots in a row (numbered columns, say) chosen with the mouse or the keys.

:class:`SpanChoice` is a small state object: the input calls :meth:`press`,
:meth:`drag_to` and :meth:`release` as the mouse goes down on a slot, moves
across the row and comes up (a second click on a slot chosen alone lets it go),
and :meth:`choose`, :meth:`stretch` and :meth:`toggle` for the keys; a view
reads :attr:`span`.  Every change calls ``changed`` (what depended on the
span, a table drops).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass
class SpanChoice:
    """The chosen slots ``span`` (lo, hi), lo <= hi, or None, and a drag across the row under way."""

    changed: Callable[[], None] = field(default=lambda: None, repr=False)
    span: tuple[int, int] | None = None
    anchor: int | None = None
    """The slot a drag started on (None: no drag)."""
    moved: bool = False
    """The drag left its first slot."""
    was_single: bool = False
    """The press was on the slot chosen alone (a click there lets it go)."""

    def choose(self, lo: int | None, hi: int | None = None) -> None:
        """From ``lo`` to ``hi`` (either way round; ``lo`` alone without ``hi``), or nothing with ``lo`` None."""
        hi = lo if hi is None else hi
        self.span = None if lo is None or hi is None else (min(lo, hi), max(lo, hi))
        self.changed()

    def stretch(self, n: int) -> None:
        """The span stretched to take in slot ``n`` (``n`` alone if there is none)."""
        lo, hi = self.span or (n, n)
        self.choose(min(lo, n), max(hi, n))

    def toggle(self, n: int) -> None:
        """Slot ``n`` let go if it is chosen alone, else the span stretched to it."""
        if self.span == (n, n):
            self.choose(None)
        else:
            self.stretch(n)

    def press(self, n: int) -> None:
        """The mouse went down on slot ``n``: a drag starts there, ``n`` alone chosen."""
        self.was_single = self.span == (n, n)
        self.anchor, self.moved = n, False
        self.choose(n)

    def drag_to(self, n: int | None) -> bool:
        """The mouse, held down, is over slot ``n`` (None: over none): whether the span changed."""
        if self.anchor is None or n is None or self.span == (min(self.anchor, n), max(self.anchor, n)):
            return False
        self.choose(self.anchor, n)
        self.moved = True
        return True

    def release(self, n: int | None) -> bool:
        """The mouse came up over slot ``n`` (None: over none): whether a drag ended.  A click on the slot that was
        chosen alone lets it go."""
        if self.anchor is None:
            return False
        if not self.moved and self.was_single and n == self.anchor:
            self.choose(None)
        self.anchor = None
        return True
