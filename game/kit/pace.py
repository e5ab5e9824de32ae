"""A landing frame spread over two: parts of a table's cached layer that show their change a frame late when the
frame they change on repaints the layer elsewhere anyway.

The frame a move lands repaints the play, the hand and the counts; the move's line in the log moves every row of
the log one up, which repaints the whole panel (at 3840x2160 more than half a million pixels copied twice, and
every row's words blended again).  A :class:`PacedLayer` paints the log's new rows on the next frame instead, the
frame the next move only takes off on.  Nothing is left behind: a change is held one frame at most, never two
frames running, never over a layer painted afresh, and :attr:`PacedLayer.held` asks for the frame that shows it.
A layer of several regions holds one of them back the same way with a :class:`LateRegion`.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.kit.layer import Region, TableLayer


class PacedLayer(TableLayer):
    """A :class:`~game.kit.layer.TableLayer` whose region is made around *late* parts (:meth:`late`)."""

    def __init__(self) -> None:
        super().__init__()
        self.held = False  # the late parts shown are not the newest: the next frame must be drawn
        self._late: tuple[object, Sequence[Any]] | None = None  # the owner, and the late parts the layer shows
        self._frame: object = None  # the frame the last choice was made on

    def late(self, owner: object, now: Sequence[Any], make: Callable[[Sequence[Any]], Region], frame: object) -> Region:
        """The region ``make(now)`` to refresh the layer with (``owner`` as :meth:`refresh` is given it), or on a
        frame where the region made with the late parts the layer shows would repaint the layer anyway, that one:
        ``now`` is shown on the next frame.  ``now`` is the same object while the late parts show the same (a
        cached list of a log's parts, :func:`game.kit.parts.log_parts`).  The choice is made once a ``frame`` (the
        table's clock, which each update moves on): the same frame drawn again (a whole redraw) is drawn the same."""
        if frame != self._frame:
            self._frame, shown, held, self.held = frame, self._late, self.held, False
            if shown is not None and shown[1] is not now and shown[0] is owner and not held and self.surface is not None:
                region = make(shown[1])
                if self.changed([region]):
                    self.held = True
                    return region
            self._late = (owner, now)
        return make(self.holding(now))

    def show_all(self) -> None:
        """The late parts show at once (a pause over the table: its clock stands, so no next frame would show them)."""
        self.held, self._late = False, None

    def holding(self, now: Sequence[Any]) -> Sequence[Any]:
        """The late parts the layer shows: those held back (while :attr:`held`), else ``now``."""
        return self._late[1] if self.held and self._late is not None else now


class LateRegion:
    """One region of a layer of several (``name``) shown a frame late, as it was, when it changes on a frame that
    repaints another (``beside``) too: held one frame at most, never two frames running, never over a layer painted
    afresh, and only while the table has a next frame (``live``)."""

    def __init__(self, name: object, beside: object) -> None:
        self.name, self.beside = name, beside
        self.shown: Region | None = None  # the region as the layer shows it
        self.held = False

    def regions(self, layer: TableLayer, regions: list[Region], live: bool) -> list[Region]:
        """``regions`` to refresh ``layer`` with: the region ``name`` as the layer shows it, while held."""
        now = next((r for r in regions if r[0] == self.name), None)
        shown, self.shown = self.shown, now
        self.held = (live and not self.held and shown is not None and now is not None and now is not shown
                     and layer.surface is not None and bool(layer.changed([now]))
                     and bool(layer.changed(r for r in regions if r[0] == self.beside)))
        if not self.held:
            return regions
        self.shown = shown
        return [shown if r is now else r for r in regions]
