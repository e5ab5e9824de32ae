"""In-game rules pages: the shapes every game's rules are written in.

Each game's rules live in ``game/rules/<game>.py`` as a tuple of
:class:`Section`: a heading, a few short paragraphs in the project's own words,
and optional example cards (card codes) that the Rules screen draws as real
cards, with a caption.  The registry names them (``GameInfo.rules_pages``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Example:
    cards: str  # card codes, e.g. "QS KS AS"
    caption: str
    ok: bool = True
    piles: tuple[int, ...] = ()  # the cards as separate piles, this many in each (bottom first); () one fanned row


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]
    examples: tuple[Example, ...] = ()
