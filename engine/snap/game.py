"""Snap's state: piles, calls, penalties, eliminations and the end (rules in :mod:`engine.snap`)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Hashable, Sequence

from ..cards import Card
from ..core import Ms, Outcome
from ..errors import IllegalAction
from ..realtime import Claim, Claims, TieWindow, earliest, why_untimely
from .actions import (
    CALL_WORDS, SHARED, SNAP, SNAP_POT, Action, CallLapsed, Called, Eliminated, Event, FalseCall, Flip, Flipped,
    GameOver, PenaltyPaid, PileTurnedOver, SeatStats, Snap, SnapPot, SnapTied, SnapWon,
)

OWN = "own"
SHARED_PILE = "shared"
LATE_MS = 250
"""A call this soon after its match went (a reaction already under way) lapses at no cost."""
EDITION = 2
"""The rules' version: 2 adds the shared pile's draw and puts a tie's matching cards on top of the pot."""
LONGEST_GAME_MS = 2 * 60 * 60 * 1000
"""A game's length limit: with no time limit set, the game ends on time after two hours (auto-flip alone
never ends one, and a record can't claim more time than this: replaying it stays quick)."""


class Phase(Enum):
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Observation:
    """What a seat knows: every face-up card; face-down piles as counts only."""

    seat: int
    variant: str
    down_counts: tuple[int, ...]
    up: tuple[tuple[Card, ...], ...]  # own face-up piles, bottom to top
    shared: tuple[Card, ...]  # bottom to top
    pot: tuple[Card, ...]  # bottom to top
    turn: int
    out: tuple[bool, ...]
    calls: tuple[tuple[str, tuple[int, ...]], ...]  # open calls: (kind, seats)
    phase: Phase
    auto_flip: bool
    version: int
    since: Ms

    @property
    def can_flip(self) -> bool:
        return (self.phase is Phase.PLAYING and self.turn == self.seat and not self.calls and not self.auto_flip
                and not self.out[self.seat])

    def has_called(self, kind: str) -> bool:
        return any(k == kind and self.seat in seats for k, seats in self.calls)

    def snap_piles(self) -> tuple[int, ...]:
        return snap_piles(self.variant, self.up, self.shared)

    def pot_piles(self) -> tuple[int, ...]:
        return pot_piles(self.variant, self.up, self.shared, self.pot)


def snap_piles(variant: str, up: Sequence[Sequence[Card]], shared: Sequence[Card]) -> tuple[int, ...]:
    """The piles a "Snap!" takes now: own tops sharing a rank with another top, or the shared pile."""
    if variant == SHARED_PILE:
        return (SHARED,) if len(shared) >= 2 and shared[-1].rank == shared[-2].rank else ()
    ranks = [p[-1].rank for p in up if p]  # (a list's count: bots ask this after every change, six of them)
    return tuple(s for s, p in enumerate(up) if p and ranks.count(p[-1].rank) >= 2)


def pot_piles(variant: str, up: Sequence[Sequence[Card]], shared: Sequence[Card], pot: Sequence[Card]) -> tuple[int, ...]:
    """The piles whose top matches the snap pot's top card (a "Snap Pot!" takes them with the pot)."""
    if not pot:
        return ()
    rank = pot[-1].rank
    if variant == SHARED_PILE:
        return (SHARED,) if shared and shared[-1].rank == rank else ()
    return tuple(s for s, p in enumerate(up) if p and p[-1].rank == rank)


class SnapGame:
    """One game of Snap.  Face-down piles and face-up piles are lists with the top card last."""

    def __init__(self, down: list[list[Card]], *, variant: str = OWN, tie_ms: int = 40, time_limit_ms: Ms | None = None,
                 auto_flip_ms: Ms | None = None, rng: random.Random | None = None, up: list[list[Card]] | None = None,
                 shared: list[Card] | None = None, pot: list[Card] | None = None, turn: int = 0,
                 out: Sequence[int] = (), late_ms: Ms = LATE_MS, edition: int = EDITION) -> None:
        """``late_ms``: how long after a match is gone a call for it lapses unpunished (0: it pays).

        ``edition`` 1 plays the first rules (records made before they changed):
        no draw in the shared pile, a tie's cards go to the pot pile by pile.
        """
        n = len(down)
        if not 2 <= n <= 6:
            raise ValueError("Snap is for 2 to 6 players")
        self.variant = variant
        self.down = down
        self.up = up if up is not None else [[] for _ in range(n)]
        self.shared = shared or []
        self.pot = pot or []
        if variant == SHARED_PILE and any(self.up):
            raise ValueError("the shared-pile game has no own face-up piles")
        if variant == OWN and self.shared:
            raise ValueError("the own-piles game has no shared pile")
        if len(self.up) != n or not 0 <= turn < n:
            raise ValueError("one face-up pile per player, and the turn of one of them")
        self.claims = Claims(tie_ms)
        if not 0 <= late_ms <= 1000:
            raise ValueError(f"late calls are forgiven for 0 to 1000 ms, not {late_ms}")
        self.late_ms = late_ms
        self.edition = edition
        self.time_limit_ms = time_limit_ms
        self.auto_flip_ms = auto_flip_ms
        self.rng = rng or random.Random(0)
        self.turn = turn
        self.out_order: list[int | None] = [0 if s in out else None for s in range(n)]
        self.eliminations = 1 if out else 0
        self.phase = Phase.PLAYING
        self.end_reason = ""
        self.clock: Ms = 0
        self.version = 0
        self.since: Ms = 0
        self.pace_from: Ms = 0
        self.match_since: dict[str, Ms | None] = {SNAP: None, SNAP_POT: None}
        self.match_gone: dict[str, Ms | None] = {SNAP: None, SNAP_POT: None}  # when the last match went
        self.reactions: list[list[int]] = [[] for _ in range(n)]
        self.wins = [0] * n
        self.false_calls = [0] * n
        self.window_since: dict[str, Ms] = {}
        self.winners: tuple[int, ...] = ()
        events: list[Event] = []
        self._eliminate_empty(events)
        self._after_change(0, events)

    # --- views ------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return len(self.down)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def is_in(self, seat: int) -> bool:
        return 0 <= seat < self.num_seats and self.out_order[seat] is None

    def live_seats(self) -> list[int]:
        return [s for s in range(self.num_seats) if self.out_order[s] is None]

    def holding(self, seat: int) -> int:
        """How many cards ``seat`` holds (face down and its own face-up pile)."""
        return len(self.down[seat]) + len(self.up[seat])

    def snap_piles(self) -> tuple[int, ...]:
        return snap_piles(self.variant, self.up, self.shared)

    def pot_piles(self) -> tuple[int, ...]:
        return pot_piles(self.variant, self.up, self.shared, self.pot)

    def _matches(self, kind: str) -> tuple[int, ...]:
        return self.snap_piles() if kind == SNAP else self.pot_piles()

    def _pile(self, pile: int) -> list[Card]:
        return self.shared if pile == SHARED else self.up[pile]

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(self.live_seats())

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.turn
        candidates: tuple[Action, ...] = (Flip(), Snap(), SnapPot())
        return [a for a in candidates if self.why_illegal(a, seat, self.clock) is None]

    def why_illegal(self, action: object, seat: int | None = None, at: Ms = 0) -> str | None:
        if seat is None:
            seat = self.turn
        if self.is_over:
            return "The game is over."
        if not isinstance(action, (Flip, Snap, SnapPot)):
            return f"{action!r} is not a Snap action."
        if not self.is_in(seat):
            return "You are out of this game."
        if isinstance(action, Flip):
            if self.auto_flip_ms is not None:
                return "Cards flip by themselves in this game."
            if seat != self.turn:
                return "It is not your turn to flip."
            if self.claims:
                return "Wait: a call is being judged."
            return None
        if self.claims.has_called(seat, action.kind):
            return f"You have already called {CALL_WORDS[action.kind]}"
        return None

    # --- playing ----------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None, at: Ms = 0) -> list[Event]:
        """Flip or call at ``at``; a wrong call is accepted and paid for (see :mod:`engine.snap`)."""
        if seat is None:
            seat = self.turn
        reason = self.why_illegal(action, seat, at) or why_untimely(at, self.clock, self.next_deadline())
        if reason is not None:
            raise IllegalAction(reason)
        self.clock = at
        events: list[Event] = []
        if isinstance(action, Flip):
            self._flip(seat, at, events)
        else:
            self._call(seat, action.kind, at, events)
        self._after_change(at, events)
        return events

    def _flip(self, seat: int, at: Ms, events: list[Event], auto: bool = False) -> None:
        if not self.down[seat]:
            self._turn_over(seat, events)
        card = self.down[seat].pop()
        pile = SHARED if self.variant == SHARED_PILE else seat
        self._pile(pile).append(card)
        events.append(Flipped(seat, card, pile, auto))
        self.pace_from = at
        self._eliminate_empty(events)
        self._pass_turn(seat)

    def _turn_over(self, seat: int, events: list[Event]) -> None:
        """Own piles: the face-up pile, shuffled, becomes the face-down pile."""
        pile = self.up[seat]
        self.rng.shuffle(pile)
        self.down[seat], self.up[seat] = pile, []
        events.append(PileTurnedOver(seat, len(pile)))

    def _pass_turn(self, after: int) -> None:
        live = self.live_seats()
        if live:
            self.turn = min(live, key=lambda s: (s - after - 1) % self.num_seats)

    def _call(self, seat: int, kind: str, at: Ms, events: list[Event]) -> None:
        window = self.claims.window(kind)
        if window is None and not self._matches(kind) and self._just_gone(kind, at):
            events.append(CallLapsed((seat,), kind))
            return
        if window is None and not self._matches(kind):
            other = SNAP_POT if kind == SNAP else SNAP
            if self._matches(other):
                reason = f"wrong word: that was a {'pot match: call Snap Pot!' if other == SNAP_POT else 'plain match: call Snap!'}"
            else:
                reason = "no snap showing" if kind == SNAP else "nothing matches the snap pot"
            events.append(FalseCall(seat, kind, reason))
            self.false_calls[seat] += 1
            self._pay_penalty(seat, events)
            return
        if window is None:
            since = self.match_since[kind]
            self.window_since[kind] = at if since is None else since
        self.claims.add(Claim(seat, kind, at))
        reaction = at - self.window_since[kind]
        self.reactions[seat].append(reaction)
        events.append(Called(seat, kind, at, reaction, window is not None))

    def _just_gone(self, kind: str, at: Ms) -> bool:
        """Whether a match for ``kind`` was on the table within the last ``late_ms`` (a reaction under way)."""
        gone = self.match_gone[kind]
        return self.late_ms > 0 and gone is not None and at - gone <= self.late_ms

    def _pay_penalty(self, seat: int, events: list[Event]) -> None:
        """One face-down card to each player still in, starting on the caller's left."""
        owed = sorted((s for s in self.live_seats() if s != seat), key=lambda s: (s - seat) % self.num_seats)
        paid = []
        for other in owed:
            if not self.down[seat] and self.up[seat]:
                self._turn_over(seat, events)
            if not self.down[seat]:
                break
            self.down[other].insert(0, self.down[seat].pop())
            paid.append(other)
        events.append(PenaltyPaid(seat, tuple(paid), len(owed)))
        if len(paid) < len(owed):
            self._eliminate(seat, "could not pay the penalty in full", events)
        self._eliminate_empty(events)

    def _eliminate(self, seat: int, reason: str, events: list[Event]) -> None:
        if self.out_order[seat] is None:
            self.out_order[seat] = self.eliminations
            events.append(Eliminated(seat, reason))

    def _eliminate_empty(self, events: list[Event]) -> None:
        """A player left with no cards at all is out; everyone out at one moment shares a placing."""
        for seat in self.live_seats():
            if not self.holding(seat):
                self._eliminate(seat, "has no cards left", events)
        self.eliminations += 1

    # --- timers -----------------------------------------------------------

    def next_deadline(self) -> Ms | None:
        if self.is_over:
            return None
        auto = None if self.claims or self.auto_flip_ms is None else self.pace_from + self.auto_flip_ms
        return earliest(self.claims.next_deadline(), self.ends_at, auto)

    @property
    def ends_at(self) -> Ms:
        """When the game ends on time: its time limit, or else the length limit (:data:`LONGEST_GAME_MS`)."""
        return self.time_limit_ms or LONGEST_GAME_MS

    def advance(self, at: Ms) -> list[Event]:
        """Close tie windows, flip for the player to flip (auto-flip) and end on time, in time order."""
        events: list[Event] = []
        while (deadline := self.next_deadline()) is not None and deadline <= at:
            self.clock = max(self.clock, deadline)
            if self.claims.next_deadline() == deadline:
                for window in self.claims.close_due(deadline):
                    self._judge(window, deadline, events)
            elif self.ends_at == deadline:
                self._end_on_time(events)
            else:
                self._flip(self.turn, deadline, events, auto=True)
            self._after_change(deadline, events)
        self.clock = max(self.clock, at)
        return events

    def _judge(self, window: TieWindow, at: Ms, events: list[Event]) -> None:
        """A closed tie window: one caller takes the cards; a tie sends them to the pot."""
        seats = tuple(s for s in window.seats if self.is_in(s))
        piles = self._matches(window.kind)
        if not seats or not piles:
            events.append(CallLapsed(window.seats, window.kind))
            return
        tie = len(seats) > 1
        cards = self._gather(piles, window.kind if tie and self.edition > 1 else None)
        if tie:
            self.pot += cards
            events.append(SnapTied(seats, window.kind, tuple(cards), piles, len(self.pot)))
        else:
            winner, from_pot = seats[0], 0
            if window.kind == SNAP_POT:
                from_pot = len(self.pot)
                cards, self.pot = self.pot + cards, []
            self.rng.shuffle(cards)
            self.down[winner][:0] = cards
            self.wins[winner] += 1
            claim = next(c for c in window.claims if c.seat == winner)
            events.append(SnapWon(winner, window.kind, tuple(cards), piles, from_pot, claim.at - self.window_since[window.kind]))
        self.pace_from = at
        self._eliminate_empty(events)

    def _gather(self, piles: tuple[int, ...], kind: str | None) -> list[Card]:
        """Take ``piles``' cards, bottom to top; with ``kind``, the cards that make its match on top.

        (A tie's cards go to the snap pot with the matching cards on top: every
        pile's other cards first, then the matching ones.)
        """
        keep = 0 if kind is None else 2 if self.variant == SHARED_PILE and kind == SNAP else 1
        under: list[Card] = []
        matching: list[Card] = []
        for pile in piles:
            cards = self._pile(pile)
            split = len(cards) - keep
            under += cards[:split]
            matching += cards[split:]
            cards.clear()
        return under + matching

    def _end_on_time(self, events: list[Event]) -> None:
        self.claims.clear()
        best = max(self.holding(s) for s in self.live_seats())
        self._finish(tuple(s for s in self.live_seats() if self.holding(s) == best), "time", events)

    def _after_change(self, at: Ms, events: list[Event]) -> None:
        """Note the change (version, match times) and end the game if it is decided."""
        self.version += 1
        self.since = at
        for kind in (SNAP, SNAP_POT):
            if not self._matches(kind):
                if self.match_since[kind] is not None:
                    self.match_gone[kind] = at
                self.match_since[kind] = None
            elif self.match_since[kind] is None:
                self.match_since[kind] = at
        if self.is_over:
            return
        live = self.live_seats()
        if live and not self.is_in(self.turn):
            self._pass_turn(self.turn)
        if len(live) <= 1:
            if live:
                self._finish(tuple(live), "last player", events)
            else:  # the last players went out together
                last = max(o for o in self.out_order if o is not None)
                self._finish(tuple(s for s in range(self.num_seats) if self.out_order[s] == last), "draw", events)
        elif (self.variant == OWN or self.edition > 1) and not self.claims and not self.match_possible():
            self._finish(tuple(live), "draw", events)

    def match_possible(self) -> bool:
        """Can flipping alone ever show a match again?

        Own piles are shuffled when turned over, so every card a player holds
        comes to the top in time: a snap needs a rank held by two players, a
        pot match a held card of the pot's top rank.  The shared pile's cards
        stay put until someone snaps, and turns alternate, so a snap needs a
        rank held by two players or a held card of the shared top's rank, and
        a pot match a held card of the pot's top rank.
        """
        if self.snap_piles() or self.pot_piles():
            return True
        held: set[int] = set()
        for seat in self.live_seats():
            ranks = {c.rank for c in set(self.down[seat] + self.up[seat])}
            if ranks & held:
                return True
            held |= ranks
        if self.shared and self.shared[-1].rank in held:
            return True
        return bool(self.pot) and self.pot[-1].rank in held

    def _finish(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        self.phase = Phase.OVER
        self.end_reason = reason
        self.claims.clear()
        self.winners = winners
        events.append(GameOver(winners, reason, self.call_stats()))

    # --- results ----------------------------------------------------------

    def call_stats(self) -> tuple[SeatStats, ...]:
        out = []
        for seat in range(self.num_seats):
            times = self.reactions[seat]
            average = round(sum(times) / len(times)) if times else None
            out.append(SeatStats(len(times), self.wins[seat], min(times, default=None), average, self.false_calls[seat]))
        return tuple(out)

    def outcome(self) -> Outcome | None:
        """Winners first; the others by cards held (on time) and then by how long they lasted."""
        if not self.is_over:
            return None
        scores = tuple(self.holding(s) if self.is_in(s) else 0 for s in range(self.num_seats))
        keys = [(1, 0, 0) if s in self.winners else
                (0, scores[s], 0) if self.is_in(s) else
                (0, -1, self.out_order[s] or 0) for s in range(self.num_seats)]
        placings = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
        return Outcome(scores, placings, draw=self.end_reason == "draw")

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat, self.variant, tuple(len(d) for d in self.down), tuple(tuple(p) for p in self.up),
            tuple(self.shared), tuple(self.pot), self.turn, tuple(o is not None for o in self.out_order),
            tuple((w.kind, w.seats) for w in self.claims.windows), self.phase, self.auto_flip_ms is not None,
            self.version, self.since,
        )

    def seen_by(self, event: Event, seat: int) -> Event:
        return event  # every card an event names is face up

    def inventory(self) -> Counter[Hashable]:
        cards: Counter[Hashable] = Counter(self.shared)
        cards.update(self.pot)
        for seat in range(self.num_seats):
            cards.update(self.down[seat])
            cards.update(self.up[seat])
        return cards

    def clone(self) -> SnapGame:
        other = object.__new__(SnapGame)
        for name, value in vars(self).items():
            setattr(other, name, value)
        other.down = [list(p) for p in self.down]
        other.up = [list(p) for p in self.up]
        other.shared, other.pot = list(self.shared), list(self.pot)
        other.claims = self.claims.copy()
        other.rng = random.Random(0)
        other.rng.setstate(self.rng.getstate())
        other.out_order = list(self.out_order)
        other.match_since = dict(self.match_since)
        other.match_gone = dict(self.match_gone)
        other.reactions = [list(r) for r in self.reactions]
        other.wins, other.false_calls = list(self.wins), list(self.false_calls)
        return other

    def snapshot(self) -> Hashable:
        piles = tuple(tuple(p) for p in self.down + self.up)
        return (piles, tuple(self.shared), tuple(self.pot), self.turn, tuple(self.out_order), self.claims.snapshot(),
                self.phase, self.clock, self.version, self.pace_from, tuple(map(tuple, self.reactions)),
                tuple(self.false_calls), tuple(self.wins), tuple(self.match_gone.items()))

    def __repr__(self) -> str:
        return f"<SnapGame {self.variant} turn={self.turn} holding={[self.holding(s) for s in range(self.num_seats)]}>"

