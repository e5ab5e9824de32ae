"""Plays of Double or Nothing: what they are, what beats what, which ones a hand holds.

Glossary.  A *play* is ``copies`` cards of each number of a *span*: the
numbers ``lo`` to ``hi`` in order (with the Round the Bend upgrade a span may
wrap from 8 to 1, written ``lo > hi``; its top is still ``hi``, so 7-8-1-2 tops out at 2).  Its *kind*: a **set** is one number
(any copies), a **run** is one copy of two to eight numbers, a **stair** is two
or more copies of two or more numbers.  *Selecting* a span plays as many
copies as the hand allows: the fewest held of any number in it (the Trim
upgrade allows fewer).  *Strength* compares cards played, then distinct
numbers, then the top number; a response must be strictly stronger.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, Sequence

from .counts import ZERO, Counts


class Kind(StrEnum):
    SET = "set"
    RUN = "run"
    STAIR = "stair"


@dataclass(frozen=True, slots=True)
class Rules:
    """The play rules one side plays under (its upgrades change them)."""

    trim: bool = False  # may play fewer copies than held
    wrap: bool = False  # spans may wrap from 8 to 1
    stair_bonus: int = 0  # stairs count this many more distinct numbers
    ties_win: bool = False  # a response as strong as the play beats it
    trim_half: bool = False  # a trimmed lead keeps at least half the copies held, rounded up (upgrade rules 3)
    bonus_from: int = 2  # the stair bonus counts for stairs of at least this many numbers (rules 3: 3)
    card_ties: bool = False  # with ties_win: as many cards is enough, whatever the numbers and top (rules 3)
    wrap_answers: int = 1  # with wrap: answers may wrap when they hold this many copies or more (0: never)
    stair_cards: int = 0  # with stair_bonus: a stair also counts one card in this many more per stack (rules 4)
    card_copies: int = 2  # ... when it holds at least this many copies of each number


PLAIN = Rules()

Strength = tuple[int, int, int]
"""(cards, distinct numbers, top number): compared as a tuple."""


class _Span(NamedTuple):
    lo: int
    hi: int
    copies: int


class Play(_Span):
    """``copies`` of each number from ``lo`` to ``hi`` (wrapping past 8 when ``lo > hi``).

    A small tuple underneath: a hand of thousands of cards may hold 36 plays,
    listed on every turn, so making one must cost next to nothing.
    """

    __slots__ = ()

    def __new__(cls, lo: int, hi: int, copies: int) -> Play:
        for name, value in (("lo", lo), ("hi", hi), ("copies", copies)):
            if type(value) is not int:
                raise ValueError(f"{name}: expected a whole number, got {value!r}")
        if not (1 <= lo <= 8 and 1 <= hi <= 8):
            raise ValueError(f"numbers run from 1 to 8, not {lo}-{hi}")
        if copies < 1:
            raise ValueError(f"a play has at least one copy of each number, not {copies}")
        if lo == hi + 1:
            raise ValueError(f"{lo}-{hi} would go all the way round: a span has at most eight numbers")
        return tuple.__new__(cls, (lo, hi, copies))

    @property
    def wraps(self) -> bool:
        return self.lo > self.hi

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers of the span, in play order."""
        return span_numbers(self.lo, self.hi)

    @property
    def width(self) -> int:
        return (self.hi - self.lo) % 8 + 1

    @property
    def cards(self) -> int:
        return self.copies * self.width

    @property
    def kind(self) -> Kind:
        if self.width == 1:
            return Kind.SET
        return Kind.RUN if self.copies == 1 else Kind.STAIR

    @property
    def top(self) -> int:
        """The top of the span: its last number (a span that wraps past 8 tops out at ``hi``)."""
        return self.hi

    def counts(self) -> Counts:
        out = list(ZERO)
        for n in self.numbers:
            out[n - 1] = self.copies
        return tuple(out)  # type: ignore[return-value]

    def strength(self, rules: Rules = PLAIN) -> Strength:
        return span_strength(self.width, self.copies, self.hi, rules)

    def __str__(self) -> str:
        return describe(self)


def describe(play: Play) -> str:
    """A play in words: ``"Stair: 3 x 5-7, 9 cards"``."""
    kind = play.kind
    span = str(play.lo) if play.width == 1 else f"{play.lo}-{play.hi}"
    noun = "card" if play.cards == 1 else "cards"
    if kind is Kind.SET:
        return f"Set: {play.copies:,} x {span}"
    if kind is Kind.RUN:
        return f"Run: {span}, {play.cards} {noun}"
    return f"Stair: {play.copies:,} x {span}, {play.cards:,} {noun}"


COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def plainly(play: Play) -> str:
    """A play in a sentence's words: "three 5s", "a run from 2 to 6 (5 cards)", "a stair of two each of 2 to 6
    (10 cards)"; a span that wraps goes "7 round to 2"."""
    copies = COUNT_WORDS[play.copies] if play.copies < len(COUNT_WORDS) else f"{play.copies:,}"
    span = f"{play.lo} {'round ' if play.wraps else ''}to {play.hi}"
    if play.kind is Kind.SET:
        return f"{copies} {play.lo}s" if play.copies > 1 else f"a single {play.lo}"
    if play.kind is Kind.RUN:
        return f"a run from {span} ({play.cards} cards)"
    return f"a stair of {copies} each of {span} ({play.cards:,} cards)"


def span_numbers(lo: int, hi: int) -> tuple[int, ...]:
    """The numbers of the span ``lo``-``hi`` in play order (``lo > hi``: up past 8 and round to ``hi``)."""
    if lo <= hi:
        return tuple(range(lo, hi + 1))
    return tuple(range(lo, 9)) + tuple(range(1, hi + 1))


def selected_span(lo: int, hi: int, wrap: bool) -> tuple[int, int]:
    """The span a player's selection of the numbers ``lo`` to ``hi`` (``lo <= hi``) stands for: with ``wrap``
    (Round the Bend) the other way round, from ``hi`` up past 8 to ``lo``."""
    return (hi, lo) if wrap and lo != hi else (lo, hi)


def selected_play(hand: Sequence[int], lo: int, hi: int, copies: int | None = None) -> Play:
    """The play selecting the span ``lo``-``hi`` makes from ``hand``: as many copies as held of the fewest (Trim:
    ``copies``, kept from 1 to that many).  Raises ValueError, saying why, for a span that can't be played."""
    most = most_copies(hand, lo, hi)
    return Play(lo, hi, max(1, most if copies is None else min(copies, most)))


def most_copies(hand: Sequence[int], lo: int, hi: int) -> int:
    """How many copies selecting ``lo``-``hi`` plays: the fewest held of those numbers."""
    if lo <= hi:
        return min(hand[lo - 1:hi])
    return min(min(hand[lo - 1:]), min(hand[:hi]))


def beats(play: Play, rules: Rules, top: Strength | None) -> bool:
    """Whether ``play`` (by a side under ``rules``) may answer a play of strength ``top``."""
    if top is None:
        return True
    return answers(play.strength(rules), top, rules)


def answers(s: Strength, top: Strength, rules: Rules) -> bool:
    """Whether a play of strength ``s`` by a side under ``rules`` beats ``top`` (the Tiebreaker's ties)."""
    return s > top or (rules.ties_win and (s == top or (rules.card_ties and s[:2] == top[:2])))


def why_not(play: Play, hand: Sequence[int], rules: Rules, top: Strength | None) -> str | None:
    """Why a side holding ``hand`` may not make ``play`` now, or ``None``."""
    if play.wraps and not rules.wrap:
        return f"{play.lo}-{play.hi} wraps past 8: only the Round the Bend upgrade allows that."
    if play.wraps and top is not None and wrapped_answer_refused(play, rules):
        return wrapped_answer_refused(play, rules)
    most = most_copies(hand, play.lo, play.hi)
    if most == 0:
        missing = [n for n in play.numbers if hand[n - 1] == 0]
        return f"You hold no {', '.join(map(str, missing))}."
    if play.copies > most:
        return f"You hold only {most:,} of some number in {play.lo}-{play.hi}, not {play.copies:,}."
    if play.copies < most and not rules.trim:
        return f"Selecting {play.lo}-{play.hi} plays as many copies as you can: {most:,}, not {play.copies:,}."
    if top is None and play.copies < least_trimmed(most, rules):
        return (f"A trimmed lead keeps at least half the copies you hold: {least_trimmed(most, rules):,} of "
                f"{play.lo}-{play.hi}, not {play.copies:,}.")
    if not beats(play, rules, top):
        return "A response must be stronger than the play before it: more cards, then more numbers, then a higher top."
    return None


def wrapped_answer_refused(play: Play, rules: Rules) -> str | None:
    """Why ``play``, an answer that wraps past 8, is refused under ``rules`` (Round the Bend), or ``None``."""
    if rules.wrap_answers == 0:
        return f"{play.lo}-{play.hi} wraps past 8: Round the Bend wraps only when you lead."
    if play.copies < rules.wrap_answers:
        return (f"{play.lo}-{play.hi} wraps past 8: an answer may wrap only with {rules.wrap_answers} or more "
                f"copies of each number, not {play.copies:,}.")
    return None


def least_trimmed(most: int, rules: Rules) -> int:
    """The fewest copies Trim lets a side lead of a span it holds ``most`` copies of (1 without the half rule)."""
    return (most + 1) // 2 if rules.trim_half else 1


def fewest_copies_that_beat(width: int, top_number: int, rules: Rules, top: Strength) -> int:
    """The fewest copies of a span (``width`` numbers, highest ``top_number``) that answer ``top``."""
    cards = top[0]
    k = max(1, cards // width)
    if rules.stair_bonus and rules.stair_cards and width >= max(2, rules.bonus_from):
        fewer = k * rules.stair_cards // (rules.stair_cards + rules.stair_bonus)  # a stair counts more cards
        k = fewer if fewer >= 2 else k
    while True:
        if answers(span_strength(width, k, top_number, rules), top, rules):
            return k
        k += 1


def span_strength(width: int, copies: int, top_number: int, rules: Rules) -> Strength:
    """The strength of ``copies`` of each of ``width`` numbers topping out at ``top_number`` under ``rules``.

    Stairmaster: a stair of at least ``bonus_from`` numbers counts ``stair_bonus`` numbers more, and (rules 4)
    with at least ``card_copies`` copies of each, ``cards // stair_cards`` cards more per stack.
    """
    cards = width * copies
    if rules.stair_bonus and copies > 1 and width >= max(2, rules.bonus_from):
        deep = rules.stair_cards and copies >= rules.card_copies
        extra = cards // rules.stair_cards * rules.stair_bonus if deep else 0
        return (cards + extra, width + rules.stair_bonus, top_number)
    return (cards, width, top_number)


_new = tuple.__new__


def _play(lo: int, hi: int, copies: int) -> Play:
    """A play from numbers already known to be valid (the fast path of :func:`legal_plays`)."""
    return _new(Play, (lo, hi, copies))


def _spans(wrap: bool) -> tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]:
    """Per lowest number: (index in the hand, top number, width) of each longer span, in order."""
    out = []
    for lo in range(1, 9):
        longest = 7 if wrap and lo > 1 else 9 - lo
        his = [(lo + width - 2) % 8 + 1 for width in range(1, longest + 1)]
        out.append((lo, tuple((hi - 1, hi, width) for width, hi in enumerate(his, 1))))
    return tuple(out)


_SPANS = {False: _spans(False), True: _spans(True)}


def legal_plays(hand: Sequence[int], rules: Rules, top: Strength | None) -> list[Play]:
    """The plays a side may make, in a fixed order: by lowest number, then by length.

    One per span the hand can select, with as many copies as it can; with
    Trim also the fewest copies that still answer (one copy when leading).
    A running minimum along each span: no loop over cards, and no play object
    for a span that can't answer.
    """
    out: list[Play] = []
    append, new = out.append, _new
    trim = rules.trim
    spans = _SPANS[rules.wrap]
    if top is None:
        for lo, longer in spans:
            most = hand[lo - 1]
            for index, hi, _ in longer:
                k = hand[index]
                if not k:
                    break
                if k < most:
                    most = k
                if trim and most > 1:
                    least = least_trimmed(most, rules)
                    if least < most:
                        append(new(Play, (lo, hi, least)))
                append(new(Play, (lo, hi, most)))
        return out
    to_beat = top[0]
    if rules.stair_bonus and rules.stair_cards:  # a stair may count more cards than it plays
        to_beat = to_beat * rules.stair_cards // (rules.stair_cards + rules.stair_bonus)
    for lo, longer in spans:
        most = hand[lo - 1]
        for index, hi, width in longer:
            k = hand[index]
            if not k:
                break
            if k < most:
                most = k
            cards = most * width
            if cards < to_beat:
                continue
            if cards <= top[0]:  # as many cards or fewer: the whole strength decides
                if not answers(span_strength(width, most, hi, rules), top, rules):
                    continue
            if trim:
                least = fewest_copies_that_beat(width, hi, rules, top)
                if least < most:
                    append(new(Play, (lo, hi, least)))
            append(new(Play, (lo, hi, most)))
    return out

