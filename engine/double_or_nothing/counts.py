"""Cards as counts: hands, decks and shuffled batches at any scale.

Glossary.  A *count vector* is how many cards of each number 1-8 something
holds (a tuple or list of eight ints, index 0 for the 1s).  A *batch* is a
count vector whose cards lie in a uniformly random order nobody knows.  A
*deck* is a sequence of batches, top first: cards shuffled "under the deck"
form a new batch at the bottom, and drawing takes whole batches from the top,
then a random part of the next one.  Taking ``n`` cards from the top of a
shuffled batch is a multivariate hypergeometric draw, so a deck of sixteen
billion cards costs the same to draw from as a deck of thirty-two.

Every draw loops over the eight numbers and over the batches it empties
(each batch is made once and emptied once, so that is constant per action
on average), and over at most fifteen cards: a draw that takes (or leaves)
fewer than sixteen goes card by card, which is cheaper than the general
method.  Game 1's small draws are therefore cheaper than any game's large ones;
from the first large draws on, the cost per action no longer changes.
"""

from __future__ import annotations

import math
import random
from collections import deque
from math import lgamma as _lgamma, log as _log, sqrt as _sqrt
from operator import add as _plus, sub as _minus
from typing import Iterable, Sequence

NUMBERS = range(1, 9)
"""The card numbers."""

Counts = tuple[int, int, int, int, int, int, int, int]
ZERO: Counts = (0, 0, 0, 0, 0, 0, 0, 0)

_SMALL = 16
"""Below this many cards drawn (or left behind) a draw goes card by card."""
_D1 = 2.0 * math.sqrt(2.0 / math.e)
_D2 = 3.0 - 2.0 * math.sqrt(3.0 / math.e)


def counts(values: Iterable[int]) -> Counts:
    """A count vector from eight numbers; ``ValueError`` if it isn't one."""
    out = tuple(values)
    if len(out) != 8 or any(type(v) is not int or v < 0 for v in out):
        raise ValueError(f"a count vector has eight whole numbers from 0 up, got {out!r}")
    return out


def parse_counts(text: str) -> Counts:
    """Counts from a short text such as ``"3x1 2x5 8"`` (``8`` alone is one 8)."""
    out = [0] * 8
    for word in text.split():
        k, _, n = word.rpartition("x")
        number = int(n)
        if number not in NUMBERS:
            raise ValueError(f"{word!r}: numbers run from 1 to 8")
        out[number - 1] += int(k) if k else 1
    return counts(out)


def format_counts(c: Sequence[int]) -> str:
    """The inverse of :func:`parse_counts` (``"-"`` for nothing)."""
    return " ".join(f"{k}x{i + 1}" for i, k in enumerate(c) if k) or "-"


def add(a: Sequence[int], b: Sequence[int]) -> Counts:
    return tuple(map(_plus, a, b))


def sub(a: Sequence[int], b: Sequence[int]) -> Counts:
    return tuple(map(_minus, a, b))


def scaled(c: Sequence[int], factor: int) -> Counts:
    return tuple(x * factor for x in c)  # type: ignore[return-value]


def uniform(per_number: int) -> Counts:
    """``per_number`` of each number (a fresh deck)."""
    return (per_number,) * 8


# --- the hypergeometric draw ------------------------------------------------


def hypergeometric(good: int, bad: int, sample: int, rng: random.Random) -> int:
    """How many ``good`` cards are among ``sample`` drawn from ``good + bad`` shuffled ones.

    Exact: card by card when few are drawn (or left), otherwise the
    ratio-of-uniforms method with a table-mountain hat (Stadlober's HRUA),
    whose expected cost does not depend on the sizes.
    """
    total = good + bad
    if not 0 <= sample <= total:
        raise ValueError(f"can't draw {sample} of {total} cards")
    if sample == 0 or good == 0:
        return 0
    if bad == 0:
        return sample
    if sample == total:
        return good
    small = sample if sample + sample <= total else total - sample
    if small < _SMALL:
        return _one_by_one(good, total, sample, small, rng)
    return _hrua(good, bad, sample, rng)


def _one_by_one(good: int, total: int, sample: int, small: int, rng: random.Random) -> int:
    """The hypergeometric draw card by card: the smaller side (``small`` cards) is drawn."""
    taken = 0
    left_good = good
    random_ = rng.random
    for _ in range(small):
        if random_() * total < left_good:
            taken += 1
            left_good -= 1
        total -= 1
    return taken if small == sample else good - taken


def _hrua(good: int, bad: int, sample: int, rng: random.Random) -> int:
    total = good + bad
    n = sample if sample + sample <= total else total - sample
    if good <= bad:
        few, many = good, bad
    else:
        few, many = bad, good
    p = few / total
    a = n * p + 0.5
    c = _sqrt((total - n) * n * p * (1.0 - p) / (total - 1) + 0.5)
    h = _D1 * c + _D2
    mode = (n + 1) * (few + 1) // (total + 2)
    lgamma = _lgamma
    fewer, n1, gap = few + 1.0, n + 1.0, many - n + 1.0
    g = lgamma(mode + 1.0) + lgamma(fewer - mode) + lgamma(n1 - mode) + lgamma(gap + mode)
    bound = few + 1 if few < n else n + 1
    reach = a + 16.0 * c
    if reach < bound:
        bound = int(reach)  # reach > 0: int() is the floor
    random_ = rng.random
    while True:
        u = random_()
        v = random_()
        if u == 0.0:
            continue
        x = a + h * (v - 0.5) / u
        if x < 0.0 or x >= bound:
            continue
        k = int(x)
        t = g - (lgamma(k + 1.0) + lgamma(fewer - k) + lgamma(n1 - k) + lgamma(gap + k))
        if u * (4.0 - u) - 3.0 <= t:
            break
        if u * (u - t) >= 1.0:
            continue
        if 2.0 * _log(u) <= t:
            break
    if good > bad:
        k = n - k
    if n < sample:
        k = good - k
    return k


def draw_from(batch: Sequence[int], n: int, rng: random.Random) -> Counts:
    """The counts of the top ``n`` cards of a shuffled ``batch`` (multivariate hypergeometric).

    One hypergeometric draw per number, each given what the numbers before it took.
    """
    left = sum(batch)
    if not 0 <= n <= left:
        raise ValueError(f"can't draw {n} of {left} cards")
    if n == left:
        return counts(batch)
    out = [0, 0, 0, 0, 0, 0, 0, 0]
    i = -1
    for k in batch:
        i += 1
        if not k:
            continue
        left -= k
        if not left:
            out[i] = n
            break
        total = k + left
        if n == total:
            x = k
        else:
            small = n if n + n <= total else total - n
            x = _one_by_one(k, total, n, small, rng) if small < _SMALL else _hrua(k, left, n, rng)
        out[i] = x
        n -= x
        if not n:
            break
    return out  # type: ignore[return-value]


# --- decks ------------------------------------------------------------------


class Deck:
    """A face-down deck: shuffled batches, top first, each a count vector."""

    __slots__ = ("batches", "size")

    def __init__(self, batches: Iterable[Sequence[int]] = ()) -> None:
        self.batches: deque[Counts] = deque(counts(b) for b in batches if sum(b))
        self.size = sum(sum(b) for b in self.batches)

    @classmethod
    def shuffled(cls, c: Sequence[int]) -> Deck:
        """A deck of one shuffled batch."""
        return cls([c])

    def clone(self) -> Deck:
        other = Deck.__new__(Deck)
        other.batches = deque(self.batches)
        other.size = self.size
        return other

    def total(self) -> Counts:
        """How many of each number the deck holds."""
        out = ZERO
        for b in self.batches:
            out = add(out, b)
        return out

    def put_under(self, c: Sequence[int]) -> None:
        """Shuffle cards and put them under the deck as one batch."""
        n = sum(c)
        if n:
            self.batches.append(counts(c))
            self.size += n

    def draw(self, n: int, rng: random.Random) -> Counts:
        """Take ``n`` cards from the top (all of them if fewer); return their counts."""
        n = min(n, self.size)
        self.size -= n
        batches = self.batches
        parts: list[Sequence[int]] = []
        while n:
            top = batches[0]
            size = sum(top)
            if size <= n:
                batches.popleft()
                parts.append(top)
                n -= size
            else:
                taken = draw_from(top, n, rng)
                batches[0] = sub(top, taken)
                parts.append(taken)
                n = 0
        if len(parts) == 1:
            return tuple(parts[0])  # type: ignore[return-value]
        return tuple(map(sum, zip(*parts))) if parts else ZERO  # type: ignore[return-value]

    def snapshot(self) -> tuple[Counts, ...]:
        return tuple(self.batches)

    def __repr__(self) -> str:
        return f"Deck({' / '.join(format_counts(b) for b in self.batches)})"
