"""What the Double or Nothing bots read from a hand and from the counts, shared by every level.

Glossary.  A hand's *stairs* are its maximal spans of two or more numbers held
*deep* (at least twice at game 1; at least a fifth of a hand at any game, so
the idea keeps its meaning as hands grow): the structure Standard won't break.  A play *breaks* a
stair when it takes from one without being a stair itself.  The *steps* of a
hand estimate how many plays it needs to empty: the number of places where
the count changes along 1-8.  The *best answer* of a hand is its strongest
play, whose strength decides whether it can answer anything.  The *steps*
of a hand estimate how many plays it needs to empty: the places along 1-8
where its count changes to a new non-zero value.
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.double_or_nothing.counts import ZERO, Counts, draw_from
from engine.double_or_nothing.plays import Play, Rules, Strength, answers, span_strength


def stairs(hand: Sequence[int], depth: int = 2) -> list[tuple[int, int]]:
    """The maximal spans ``(lo, hi)`` of two or more numbers held at least ``depth`` times."""
    out = []
    start = None
    for n in range(1, 10):
        deep = n <= 8 and hand[n - 1] >= depth
        if deep and start is None:
            start = n
        elif not deep and start is not None:
            if n - start >= 2:
                out.append((start, n - 1))
            start = None
    return out


def breaks_a_stair(play: Play, hand: Sequence[int], depth: int = 2) -> bool:
    """Whether ``play`` takes from a stair of ``hand`` without being a stair itself."""
    if play.width > 1 and play.copies > 1:
        return False
    numbers = set(play.numbers)
    return any(numbers & set(range(lo, hi + 1)) for lo, hi in stairs(hand, depth))


def steps(hand: Sequence[int]) -> int:
    """About how many plays ``hand`` needs to empty (see the glossary)."""
    out = 0
    before = 0
    for k in hand:
        if k and k != before:
            out += 1
        before = k
    return out


def best_answer(hand: Sequence[int], rules: Rules) -> Strength | None:
    """The strongest play ``hand`` can make under ``rules`` (``None`` if it holds nothing).

    A running minimum along each span, no play objects: bots call this often.
    """
    best: Strength | None = None
    for lo in range(8):
        least = hand[lo]
        width = 0
        for i in range(lo, lo + (8 if rules.wrap else 8 - lo)):
            k = hand[i % 8]
            if not k:
                break
            least = min(least, k)
            width += 1
            if width == 8 and i >= 8:
                break
            s = span_strength(width, least, i % 8 + 1, rules)
            if best is None or s > best:
                best = s
    return best


def can_answer(best: Strength | None, strength: Strength, rules: Rules) -> bool:
    """Whether a hand whose strongest play is ``best`` can answer a play of ``strength``."""
    if best is None:
        return False
    return answers(best, strength, rules)


def guess_hands(unseen: Counts, size: int, lacks: tuple[int, ...] | None, samples: int,
                rng: random.Random) -> list[Counts]:
    """Hands the opponent might hold: ``size`` cards drawn from what this seat can't see.

    With the Spyglass (``lacks``), the numbers it lacks are left out of the draw.
    """
    pool = unseen
    if lacks:
        pool = tuple(0 if n + 1 in lacks else k for n, k in enumerate(unseen))  # type: ignore[assignment]
    size = min(size, sum(pool))
    if size <= 0:
        return [ZERO]
    return [draw_from(pool, size, rng) for _ in range(samples)]
