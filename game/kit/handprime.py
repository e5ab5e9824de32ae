"""The bottom hand's cards encoded ahead for the surfaces that will show them (:mod:`game.kit.priming`).

SDL encodes a card for a surface at its first blit there (up to 1.8 ms a card at
3840x2160).  A hidden-hand table (``t``, a :class:`~game.kit.handtable.HiddenHandTable`)
knows two things ahead: the cards of its bottom hand, which settle into its cached
layer once the fan stops moving, and a card its bottom seat sees coming into that
hand (drawn, taken from the discard pile, drawn to replace a match), which flies
face up across the window first.  Both are blitted ahead onto one pixel of the
surface, put back as it was: what the player sees never changes.  Only the bottom
seat's own cards are ever named, and only while it sees them face up.
"""

from __future__ import annotations

from typing import Any

from game.kit import priming


def hand_primed(t: Any) -> set[Any]:
    """The (card, size) of the bottom hand encoded for the layer's surface now (or queued first to be): a new
    surface (a resize, another table's) starts empty."""
    if t.encoded_hand[0] is not t.layer.surface:
        t.encoded_hand = (t.layer.surface, set())
    done: set[Any] = t.encoded_hand[1]
    return done


def prime_hand(t: Any) -> None:
    """One card of the bottom hand (as the fan shows it: face up or down, with its shadow) not yet encoded for the
    layer's surface is encoded now, on a quiet frame, not on the frame the fan settles into the layer (up to a
    millisecond a card at 3840x2160: all of a new deal's hand on one frame)."""
    surface, size, done = t.layer.surface, t.layout.hand_card, hand_primed(t)
    if surface is None:
        return
    face = t.shows_face(t.viewer)
    for sprite in t.my_hand:
        job = (sprite.card if face else None, size)
        if job not in done:
            done.add(job)
            priming.prime(t.app.art, surface, job[0], size)
            return


def prime_coming(t: Any, seat: int, cards: list[Any], start: tuple[int, int]) -> None:
    """``cards`` will fly face up into the bottom hand from a pile of card size ``start`` (this seat's own view of the
    event names them), the flight starting on the next frame: each is encoded for the window at ``start`` now, on the
    event's frame (its flight's first frames blit it there), and, before any card waiting in the table's primer, for
    the window at the fan's size (the flight's second half, then the fan eased live) and for the layer at that size
    (where it settles), each with its shadow, on quiet frames: not by the first blits of the frames that show it."""
    if seat != t.viewer or not t.shows_face(seat) or t.catching_up:
        return
    surface = priming.window()
    for card in cards if surface is not None else ():
        priming.prime(t.app.art, surface, card, start)
    hand = t.layout.hand_card
    for target in (lambda: t.layer.surface, priming.window):  # each before the last: the window's first
        t.primer.add(target, cards, hand, True, first=True)
    hand_primed(t).update((card, hand) for card in cards)  # (not again: prime_hand)
