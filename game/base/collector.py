"""Python's cyclic garbage collector kept out of the frames of play.

A full collection looks at every object the process holds: 20 to 30 ms with a table open, a dropped frame every
half a minute or so of play.  When a table opens (a moment that already takes tens of milliseconds and shows no
motion) everything is collected once and what survives is frozen (:func:`gc.freeze`): the collections during play
then look only at what was made since, a few milliseconds at most.  Frozen garbage is never collected, so each
settle unfreezes first: what the last table left behind (its pictures, its caches) is collected then, not kept.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect everything once and freeze what survives (a table opening: see the module's text)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def release() -> None:
    """The table that settled is gone: what was frozen goes back to the collector (the menus after it do not hold
    the last table's pictures and caches until the next table opens)."""
    gc.unfreeze()


__all__ = ["release", "settle"]
