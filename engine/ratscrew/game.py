"""One game of Ratscrew in progress: :class:`Ratscrew`, the state, and :class:`Observation`, one seat's view.

Piles and the stack are lists held bottom-first (the last item is the top).
Time is data: every action comes with ``at`` (ms since the game began; an
action stamped before the latest time seen counts as made at that time).  A
valid snap at ``t`` is not settled at once: other snaps at the very same
millisecond may still come, so the claim waits until :meth:`Ratscrew.advance`
(or the next action) passes ``t``; :meth:`Ratscrew.next_deadline` says when.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Hashable, Sequence

from ..cards import STANDARD_SIZE, Card, Rank
from ..core import Outcome
from ..errors import IllegalAction
from .house import HouseRules
from .moves import (
    LAY, SNAP, Action, CardLaid, CountChanged, Event, GameOver, LaidOutOfTurn, Lay, PlayerBackIn, PlayerBarred,
    PlayerOut, PlayersReleased, Snap, SnapAccepted, SnapWrong, StackWon, TurnPassed,
)
from .snaps import COUNT_START, Count, SnapReason, StackView, call_for, find_snaps, is_picture, why_no_snap

MIN_SEATS = 2
MAX_SEATS = 6
BARRED_WRONG_SNAP = "you snapped when there was no snap"
BARRED_OUT_OF_TURN = "you laid a card out of turn"
EMPTY_STACK = "There is nothing to snap: the stack is empty."
"""Why a snap on an empty stack is refused (a table may say instead who took the stack, and how much sooner)."""


class Phase(Enum):
    """Where the game is."""

    PLAY = "play"  # lay in turn; anyone may snap
    CLAIMED = "claimed"  # a valid snap came at ``claim.at``; more snaps at that same millisecond may join
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Claim:
    """Valid snaps made at the same millisecond ``at``, in the order they came in."""

    at: int
    players: tuple[int, ...]


class Ratscrew:
    """The whole state of one game (the engine protocol's ``GameState``)."""

    def __init__(self, piles: Sequence[Sequence[Card]], rules: HouseRules | None = None, turn: int = 0,
                 stack: Sequence[Card] = (), calls_made: int = 0, count: Count | None = None,
                 barred: Sequence[int] = ()) -> None:
        """A game from a position: ``piles`` and ``stack`` bottom-first, ``calls_made`` calls so far.

        The top card of a non-empty stack is taken to have been laid in turn by
        the seat before ``turn`` and called with the ``calls_made``-th call.
        Raises ``ValueError`` if the position can't happen.
        """
        n = len(piles)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise ValueError(f"Ratscrew is for {MIN_SEATS} to {MAX_SEATS} players, not {n}")
        self.rules = rules or HouseRules()
        self.piles: list[list[Card]] = [[Card(c) for c in pile] for pile in piles]
        self.stack: list[Card] = [Card(c) for c in stack]
        cards = [c for pile in self.piles for c in pile] + self.stack
        if len(set(cards)) != len(cards) or any(c >= STANDARD_SIZE for c in cards):
            raise ValueError("each card of one standard deck may be in play once, and there are no jokers")
        if not cards:
            raise ValueError("a game needs cards")
        if not 0 <= turn < n:
            raise ValueError(f"turn: {turn} is not a seat (0 to {n - 1})")
        if calls_made < 0:
            raise ValueError("calls_made can't be negative")
        if count is not None and (not 0 <= count.owner < n or count.picture not in self.stack
                                  or not is_picture(count.picture) or not 0 <= count.left <= COUNT_START[count.picture.rank]):
            raise ValueError("count: the owner must be a seat, the picture card in the stack, and the count within its start")
        if any(not 0 <= s < n for s in barred):
            raise ValueError(f"barred: seats run from 0 to {n - 1}")
        self.total = len(cards)
        self.turn = turn
        self.calls_made = calls_made
        self.top_call: Rank | None = call_for(calls_made) if self.stack and calls_made else None
        self.count = count if self.rules.counting_out else None
        self.barred: list[str | None] = [BARRED_WRONG_SNAP if s in barred else None for s in range(n)]
        self.last_layer = (turn - 1) % n
        self.claim: Claim | None = None
        self.clock = 0
        self.version = 0  # bumped whenever anything public changes (bots re-observe on it)
        self.since = 0  # when that last change happened (ms)
        self.phase = Phase.PLAY
        self.winner: int | None = None
        if not self.piles[turn] and any(self.piles):
            raise ValueError(f"turn: seat {turn} has no cards to lay")
        holders = [s for s in range(n) if len(self.piles[s]) == self.total]
        if holders:
            self.phase, self.winner = Phase.OVER, holders[0]

    @classmethod
    def deal(cls, deck: Sequence[Card], num_seats: int, rules: HouseRules | None = None, first: int = 0) -> Ratscrew:
        """Deal ``deck`` (top-first) round-robin from ``first``, each card onto its pile's top; ``first`` starts."""
        piles: list[list[Card]] = [[] for _ in range(num_seats)]
        for i, card in enumerate(deck):
            piles[(first + i) % num_seats].append(card)
        return cls(piles, rules, first % max(num_seats, 1))

    def clone(self) -> Ratscrew:
        other = object.__new__(Ratscrew)
        other.__dict__.update(self.__dict__)
        other.piles = [list(p) for p in self.piles]
        other.stack = list(self.stack)
        other.barred = list(self.barred)
        return other

    # queries

    @property
    def num_seats(self) -> int:
        return len(self.piles)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def view(self) -> StackView:
        """What the snap rules look at."""
        return StackView(tuple(self.stack), self.top_call, self.count)

    def snaps(self) -> tuple[SnapReason, ...]:
        """Every snap rule in play that holds now, with the cards that make it."""
        return find_snaps(self.view(), self.rules.snap_rules)

    def to_move(self) -> tuple[int, ...]:
        """Every seat may act at any moment (lay or snap) until the game is over."""
        return () if self.is_over else tuple(range(self.num_seats))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` may do now (default: whoever's turn it is), lay before snap.

        Laying out of turn and a wrong snap are allowed: they cost a penalty.
        """
        return [a for a in (LAY, SNAP) if self.why_illegal(a, seat) is None]

    def why_illegal(self, action: object, seat: int | None = None, at: int = 0) -> str | None:
        """Why ``seat`` can't do ``action`` at ``at``, or ``None``."""
        if not isinstance(action, (Lay, Snap)):
            return "In Ratscrew you can only lay a card or snap."
        seat = self.turn if seat is None else seat
        if not 0 <= seat < self.num_seats:
            return f"There is no seat {seat} at this table."
        if self._due(at):
            ahead = self.clone()
            ahead.advance(at)
            return ahead.why_illegal(action, seat, at)
        if self.is_over:
            return "The game is over."
        if isinstance(action, Lay):
            if not self.piles[seat]:
                return "You have no cards left to lay."
            if self.phase is Phase.CLAIMED:
                return "Wait: the stack has just been snapped."
            return None
        why = self.barred[seat]
        if why is not None:
            return f"You can't snap until someone else wins the stack: {why}."
        if self.claim is not None and seat in self.claim.players:
            return "You have already snapped."
        if not self.stack:
            return EMPTY_STACK
        return None

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: the stack face up, the piles by their size."""
        if not 0 <= seat < self.num_seats:
            raise ValueError(f"seat {seat} is not at this table (0 to {self.num_seats - 1})")
        return Observation(
            seat=seat, phase=self.phase, stack=tuple(self.stack), pile_sizes=tuple(len(p) for p in self.piles),
            turn=self.turn, barred=tuple(b is not None for b in self.barred), top_call=self.top_call,
            calls_made=self.calls_made, count=self.count, snap_rules=self.rules.snap_rules,
            claimed_by=self.claim.players if self.claim else (), last_layer=self.last_layer, winner=self.winner,
            version=self.version, since=self.since,
        )

    # play

    def apply(self, action: Action, seat: int | None = None, at: int = 0) -> list[Event]:
        """Validate and play ``action`` for ``seat`` at ``at``; return what happened (timers due first).

        Raises :class:`~engine.errors.IllegalAction` with a reason, changing nothing.
        """
        reason = self.why_illegal(action, seat, at)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self.turn if seat is None else seat
        events = self.advance(at)
        if isinstance(action, Lay):
            self._lay(seat, events)
        else:
            self._snap(seat, max(at, self.clock), events)
        self._release_if_all_barred(events)
        self._changed()
        return events

    def advance(self, at: int) -> list[Event]:
        """Settle a snap claim once time has passed its millisecond."""
        events: list[Event] = []
        if self.claim is not None and at > self.claim.at:
            settled_at = self.claim.at + 1
            self._settle_claim(events)
            self._release_if_all_barred(events)
            self._changed(settled_at)
        self.clock = max(self.clock, at)
        return events

    def _changed(self, at: int | None = None) -> None:
        """Something public changed at ``at`` (default: the game clock): a new ``version`` for the bots."""
        self.version += 1
        self.since = self.clock if at is None else at

    def next_deadline(self) -> int | None:
        """The first millisecond after a pending claim (no more snaps at its time can come then)."""
        return self.claim.at + 1 if self.claim is not None else None

    def _due(self, at: int) -> bool:
        return self.claim is not None and at > self.claim.at

    def _lay(self, seat: int, events: list[Event]) -> None:
        if seat != self.turn:
            self._lay_out_of_turn(seat, events)
            return
        card = self.piles[seat].pop()
        self.stack.append(card)
        self.calls_made += 1
        self.top_call = call_for(self.calls_made)
        self.last_layer = seat
        events.append(CardLaid(seat, card, self.top_call, self.calls_made))
        if self.count is not None or (self.rules.counting_out and is_picture(card)):
            self._count_down(card, events)
        if not self.piles[seat]:
            events.append(PlayerOut(seat))
        if self.count is not None and self.count.left == 0 and not self._other_snaps():
            self._win_stack(self.count.owner, "count", (), events)
        elif not any(self.piles):
            if not self.snaps():
                self._win_stack(seat, "last card", (), events)
        else:
            self.turn = self._next_with_cards(seat)
            events.append(TurnPassed(self.turn))

    def _lay_out_of_turn(self, seat: int, events: list[Event]) -> None:
        """The card goes under the stack (no call, no count) or stays put; the player is barred."""
        if self.rules.out_of_turn_kept:
            events.append(LaidOutOfTurn(seat, None))
        else:
            card = self.piles[seat].pop()
            self.stack.insert(0, card)
            events.append(LaidOutOfTurn(seat, card))
            if not self.piles[seat]:
                events.append(PlayerOut(seat))
        self._bar(seat, BARRED_OUT_OF_TURN, events)

    def _count_down(self, card: Card, events: list[Event]) -> None:
        """A picture card (re)starts the count; any other card laid in turn lowers it or ends it at zero."""
        if is_picture(card):
            self.count = Count(self.last_layer, COUNT_START[card.rank], card)
        elif self.count is not None and self.count.left > 0:
            self.count = replace(self.count, left=self.count.left - 1)
        else:
            self.count = None
        c = self.count
        events.append(CountChanged(c.owner, c.left, c.picture) if c else CountChanged(None, None, None))

    def _other_snaps(self) -> bool:
        """Whether a snap rule other than counting out holds."""
        return any(r.rule != "counting_out" for r in self.snaps())

    def _next_with_cards(self, seat: int) -> int:
        n = self.num_seats
        for step in range(1, n + 1):
            other = (seat + step) % n
            if self.piles[other]:
                return other
        return seat

    def _snap(self, seat: int, at: int, events: list[Event]) -> None:
        reasons = self.snaps()
        if not reasons:
            events.append(SnapWrong(seat, why_no_snap(self.view(), self.rules.snap_rules)))
            self._bar(seat, BARRED_WRONG_SNAP, events)
            return
        events.append(SnapAccepted(seat, at, reasons))
        if self.claim is None:
            self.claim = Claim(at, (seat,))
            self.phase = Phase.CLAIMED
        else:
            self.claim = Claim(self.claim.at, self.claim.players + (seat,))

    def _settle_claim(self, events: list[Event]) -> None:
        """The stack goes to the earliest snap; at the same millisecond, to the nearest the layer's left."""
        assert self.claim is not None
        claim, self.claim = self.claim, None
        self.phase = Phase.PLAY
        order = sorted(claim.players, key=self.left_of_last_layer)
        self._win_stack(order[0], "snap", tuple(order[1:]), events)

    def left_of_last_layer(self, seat: int) -> int:
        """0 for the seat on the left of whoever laid the top card, 1 for the next ... the layer last."""
        return (seat - self.last_layer - 1) % self.num_seats

    def _bar(self, seat: int, why: str, events: list[Event]) -> None:
        if self.barred[seat] is None:
            self.barred[seat] = why
        events.append(PlayerBarred(seat, why))

    def _release_if_all_barred(self, events: list[Event]) -> None:
        """If everyone who may snap is barred, everyone may snap again.

        Everyone may snap until the game is over, an empty pile included (a
        snap wins the way back in), so the bars are lifted only when every
        player is barred.  (The first rules, ``edition`` 1, counted only the
        players still holding cards.)
        """
        if self.is_over or not any(self.barred):
            return
        first_rules = self.rules.edition == 1
        counted = [s for s in range(self.num_seats) if self.piles[s] or not first_rules]
        if all(self.barred[s] is not None for s in counted):
            released = tuple(s for s, why in enumerate(self.barred) if why is not None)
            self.barred = [None] * self.num_seats
            events.append(PlayersReleased(released, "everyone still in was barred" if first_rules
                                          else "everyone who may snap was barred"))

    def _win_stack(self, winner: int, how: str, beaten: tuple[int, ...], events: list[Event]) -> None:
        """The stack, turned face down as one packet, goes under ``winner``'s pile; their turn."""
        cards = tuple(self.stack)
        was_out = not self.piles[winner]
        self.piles[winner][:0] = reversed(cards)
        self.stack.clear()
        self.top_call = None
        if self.count is not None:
            self.count = None
            events.append(CountChanged(None, None, None))
        if self.rules.calls_per_stack:
            self.calls_made = 0
        events.append(StackWon(winner, cards, how, beaten))
        if was_out:
            events.append(PlayerBackIn(winner))
        released = tuple(s for s, why in enumerate(self.barred) if why is not None and s != winner)
        if released:
            for s in released:
                self.barred[s] = None
            events.append(PlayersReleased(released, "the stack was won"))
        if len(self.piles[winner]) == self.total:
            self.phase, self.winner = Phase.OVER, winner
            events.append(GameOver(winner))
            return
        self.turn = winner
        events.append(TurnPassed(winner))

    # the rest of the engine protocol

    def seen_by(self, event: Event, seat: int) -> Event:
        """Every event is public."""
        return event

    def outcome(self) -> Outcome | None:
        """Once over: the winner holds every card (score = cards held)."""
        if not self.is_over:
            return None
        return Outcome.from_scores([len(p) for p in self.piles])

    def inventory(self) -> Counter[Hashable]:
        cards: Counter[Hashable] = Counter(self.stack)
        for pile in self.piles:
            cards.update(pile)
        return cards

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value."""
        return (
            tuple(tuple(p) for p in self.piles), tuple(self.stack), self.turn, self.calls_made, self.top_call,
            self.count, tuple(self.barred), self.last_layer, self.claim, self.clock, self.phase, self.winner,
            self.rules, self.total, self.version, self.since,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ratscrew) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        piles = " | ".join(str(len(p)) for p in self.piles)
        stack = " ".join(str(c) for c in self.stack)
        return f"<Ratscrew {self.phase.value}, seat {self.turn} to lay; piles {piles}; stack {stack or '-'}>"


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know: everything but the order of the face-down piles.  Bots decide from this."""

    seat: int
    phase: Phase
    stack: tuple[Card, ...]  # bottom-first: the last card is the top
    pile_sizes: tuple[int, ...]
    turn: int
    barred: tuple[bool, ...]
    top_call: Rank | None  # called for the top card when it was laid in turn
    calls_made: int
    count: Count | None
    snap_rules: tuple[str, ...]  # the snap rules in play
    claimed_by: tuple[int, ...]  # valid snaps waiting at the same millisecond
    last_layer: int
    winner: int | None
    version: int = 0  # changes whenever anything public changes
    since: int = 0  # when that change happened (ms since the game began)

    @property
    def num_seats(self) -> int:
        return len(self.pile_sizes)

    @property
    def next_call(self) -> Rank:
        """What the game will call for the next card laid in turn."""
        return call_for(self.calls_made + 1)

    def view(self) -> StackView:
        return StackView(self.stack, self.top_call, self.count)

    def snaps(self) -> tuple[SnapReason, ...]:
        """The snap rules in play that hold now, with their cards."""
        return find_snaps(self.view(), self.snap_rules)


def shuffle_hidden(state: Ratscrew, seat: int, rng: random.Random) -> Ratscrew:
    """A copy of ``state`` with every face-down card dealt again at random (pile sizes kept)."""
    other = state.clone()
    hidden = [c for pile in other.piles for c in pile]
    rng.shuffle(hidden)
    for pile in other.piles:
        pile[:], hidden = hidden[: len(pile)], hidden[len(pile):]
    return other
