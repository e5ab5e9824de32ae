"""The whole game of Scamper Sets N' Runs as one state: every round, the deal, the score sheet.

How it goes (the issue's reading of the club's page):

* The first dealer is drawn by high card (jokers and deuces don't count, ties
  draw again); the deal then moves left and the player left of the dealer
  starts.  Each round deals eight cards each (more when the contract needs
  more: :func:`~engine.scamper.table.hand_size`) from 2 to 5 packs with their
  jokers, and turns one card face up.
* Opening: the first player takes the face-up card as their draw, or passes it
  left; that player takes it and a stock card, and the first player draws from
  the stock.
* A turn: draw (stock or discard top); lay the round's contract all at once;
  once down, lay more melds, add to any meld, swap naturals for wilds in other
  players' melds; discard one card (a wild only as the last card).  Discarding
  the last card goes out and ends the round; the others score what they hold.
* A player who must draw from an empty stock triggers the New game choice:
  replay the round, add a pack, or shuffle the discards into a new stock.
  A renewed stock that runs out with no meld laid, no card added and no wild
  swapped since it was renewed (a hand of wilds can't discard, so a stuck
  table would renew for ever) voids the deal, as "replay" does.  This bounds
  every deal: each renewal needs a meld, a lay-off or a swap since the last;
  melds and lay-offs take cards from the hands for good (after the opening
  a turn draws one card and discards one), and each swap takes back one of
  the wilds those put down, so a deal sees at most twice as many of them as
  the hands held cards, and each stock is finite.
* The first rules (``edition`` 1, records made before them): 5 packs for 9
  or 10 players, the first dealer's -20 only with the Advanced rules, and the
  stock renewed however often it runs out.

:class:`ScamperGame` speaks the engine protocol (:mod:`engine.core`).  All
chance comes from the seed: the dealer draw and every shuffle use
``random.Random`` seeded from it and a shuffle counter kept in the state.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from typing import Any, Hashable

from ..cards import STANDARD_SIZE, Card, format_cards, standard_deck
from ..core import Outcome
from ..errors import IllegalAction
from ..melds import JOKER, Meld, add_to_meld, read_meld, swap_wild
from .actions import Action, AddToMeld, CallScamper, Discard, Draw, LayContract, LayMeld, PassCard, Source, SwapWild
from .events import (
    AddedToMeld, ContractLaid, Discarded, Drew, Event, GameOver, MeldLaid, PassedFaceUp, PenaltyGiven, RoundDealt,
    RoundScored, RoundVoided, ScamperCalled, StockRenewed, WentOut, WildSwapped, seen_by,
)
from .observation import Observation
from .rules import legal_actions, refusal
from .sheet import ScoreSheet, SheetLine
from .table import (
    CONTRACTS, JOKERS_PER_PACK, MAX_SEATS, MIN_SEATS, MISSED_CALL, Phase, Rules, StockOut,
    card_points, hand_size, packs_for,
)


def pack(copies: int = 1) -> list[Card]:
    """``copies`` packs of 52 cards, each with its two jokers."""
    return standard_deck(copies) + [JOKER] * (JOKERS_PER_PACK * copies)


def draw_for_dealer(num_seats: int, seed: int) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """The first dealer by high card, and every card drawn, in order.

    Each seat still in draws until it turns a card that is not a joker or a
    deuce; the highest rank deals; seats tied for highest draw again.
    """
    rng = random.Random(f"scamper/{seed}/dealer")
    deck: list[Card] = []
    draws: list[tuple[int, Card]] = []
    contenders = list(range(num_seats))
    while True:
        turned: dict[int, int] = {}
        for seat in contenders:
            while True:
                if not deck:
                    deck = pack()
                    rng.shuffle(deck)
                card = deck.pop()
                draws.append((seat, card))
                if card < STANDARD_SIZE and card % 13:
                    turned[seat] = card.rank
                    break
        best = max(turned.values())
        contenders = [s for s in contenders if turned[s] == best]
        if len(contenders) == 1:
            return contenders[0], tuple(draws)


class ScamperGame:
    """The full state of one game.  Only the engine, referees and records see all of it."""

    __slots__ = (
        "num_players", "rules", "seed", "shuffles", "first_dealer", "dealer_draws", "start_scores", "lines",
        "replays", "round_index", "dealer", "packs", "hands", "stock", "discard", "melds", "owners", "down",
        "taken", "discarded", "passed", "current", "phase", "called", "penalties", "quiet_stock",
    )

    def __init__(self, num_seats: int, rules: Rules, seed: int) -> None:
        if not MIN_SEATS <= num_seats <= MAX_SEATS:
            raise ValueError(f"Scamper is for {MIN_SEATS} to {MAX_SEATS} players, not {num_seats}")
        self.num_players = num_seats
        self.rules = rules
        self.seed = seed
        self.shuffles = 0
        self.first_dealer, self.dealer_draws = draw_for_dealer(num_seats, seed)
        bonus = rules.first_dealer_bonus
        self.start_scores = tuple(bonus if s == self.first_dealer else 0 for s in range(num_seats))
        self.lines: list[SheetLine] = []
        self.replays = 0
        self.round_index = 0
        self.dealer = self.first_dealer
        self.packs = packs_for(num_seats, rules.edition)
        self.quiet_stock = False  # the stock was renewed and nobody has laid, added or swapped since
        self.hands: list[list[Card]] = []
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.melds: list[Meld] = []
        self.owners: list[int] = []
        self.down: list[bool] = []
        self.taken: list[list[Card]] = []
        self.discarded: list[list[Card]] = []
        self.passed: list[list[Card]] = []
        self.current = 0
        self.phase = Phase.OPENING
        self.called = False
        self.penalties: list[int] = []
        self._deal(None)

    # dealing

    def _shuffled(self, cards: list[Card]) -> list[Card]:
        random.Random(f"scamper/{self.seed}/{self.shuffles}").shuffle(cards)
        self.shuffles += 1
        return cards

    @property
    def contract_no(self) -> int:
        return self.round_index + 1

    def _deal(self, events: list[Event] | None) -> None:
        n = self.num_players
        packs = packs_for(n, self.rules.edition)
        changed = packs != self.packs
        self.packs = packs
        deck = self._shuffled(pack(packs))
        size = hand_size(CONTRACTS[self.round_index])
        self.hands = [[] for _ in range(n)]
        for _ in range(size):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(deck.pop())
        for hand in self.hands:
            hand.sort()
        self.discard = [deck.pop()]
        self.stock = deck
        self.melds, self.owners = [], []
        self.down = [False] * n
        self.taken = [[] for _ in range(n)]
        self.discarded = [[] for _ in range(n)]
        self.passed = [[] for _ in range(n)]
        self.penalties = [0] * n
        self.quiet_stock = False
        self.current = (self.dealer + 1) % n
        self.phase = Phase.OPENING
        self.called = False
        if events is not None:
            events.append(RoundDealt(self.contract_no, self.dealer, self.current,
                                     CONTRACTS[self.round_index].describe(), self.discard[-1], changed))

    # the protocol's queries

    @property
    def num_seats(self) -> int:
        return self.num_players

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase is Phase.OVER else (self.current,)

    @property
    def sheet(self) -> ScoreSheet:
        return ScoreSheet(self.start_scores, tuple(self.lines))

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its hand, the table, the discards, hand sizes, the sheet."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not at this table (0 to {self.num_players - 1})")
        return Observation(
            seat=seat, num_seats=self.num_players, rules=self.rules, round_no=self.contract_no,
            contract=CONTRACTS[self.round_index], dealer=self.dealer, current=self.current, phase=self.phase,
            hand=tuple(self.hands[seat]), melds=tuple(self.melds), owners=tuple(self.owners),
            discard_pile=tuple(self.discard), stock_size=len(self.stock),
            hand_sizes=tuple(len(h) for h in self.hands), down=tuple(self.down),
            taken=tuple(tuple(t) for t in self.taken), discarded=tuple(tuple(d) for d in self.discarded),
            passed=tuple(tuple(c) for c in self.passed), called=self.called, sheet=self.sheet,
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.phase is Phase.OVER or (seat is not None and seat != self.current):
            return []
        return legal_actions(self.observation(self.current))

    def why_illegal(self, action: object, seat: int | None = None, at: int = 0) -> str | None:
        seat = self.current if seat is None else seat
        if not 0 <= seat < self.num_players:
            return f"There is no seat {seat} at this table."
        return refusal(self.observation(seat), action)

    # play

    def apply(self, action: Action, seat: int | None = None, at: int = 0) -> list[Event]:
        """Validate and play ``action``; raise :class:`IllegalAction` with a reason (and change nothing) if refused."""
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        p = self.current
        hand = self.hands[p]
        if isinstance(action, Draw):
            if action.source is Source.STOCK and self.discard:
                self.passed[p].append(self.discard[-1])  # the top discard this player passed over
            self._draw(p, action.source, events)
            self.phase = Phase.PLAY
        elif isinstance(action, PassCard):
            self._pass(p, events)
            self.phase = Phase.PLAY
        elif isinstance(action, LayContract):
            first = len(self.melds)
            for cards in action.melds:
                self._lay(p, read_meld(cards))
            self.down[p] = True
            events.append(ContractLaid(p, tuple(m.cards for m in self.melds[first:]), first))
        elif isinstance(action, LayMeld):
            self._lay(p, read_meld(action.cards))
            events.append(MeldLaid(p, len(self.melds) - 1, self.melds[-1].cards))
        elif isinstance(action, AddToMeld):
            self.melds[action.meld] = add_to_meld(self.melds[action.meld], action.card, action.low)
            hand.remove(action.card)
            events.append(AddedToMeld(p, action.meld, action.card, action.low))
        elif isinstance(action, SwapWild):
            self.melds[action.meld], wild = swap_wild(self.melds[action.meld], action.place, action.card)
            hand.remove(action.card)
            bisect.insort(hand, wild)
            events.append(WildSwapped(p, action.meld, action.place, action.card, wild))
        elif isinstance(action, CallScamper):
            self.called = True
            events.append(ScamperCalled(p))
        elif isinstance(action, Discard):
            self._discard(p, action.card, events)
        if isinstance(action, (LayContract, LayMeld, AddToMeld, SwapWild)):
            self.quiet_stock = False
        return events

    def _draw(self, p: int, source: Source, events: list[Event]) -> None:
        pile = self.stock if source is Source.STOCK else self.discard
        card = pile.pop()
        bisect.insort(self.hands[p], card)
        if source is Source.DISCARD:
            self.taken[p].append(card)
        events.append(Drew(p, source, card))

    def _pass(self, p: int, events: list[Event]) -> None:
        to = (p + 1) % self.num_players
        card = self.discard.pop()
        bisect.insort(self.hands[to], card)
        self.passed[p].append(card)
        self.taken[to].append(card)
        events.append(PassedFaceUp(p, to, card))
        self._draw(to, Source.STOCK, events)
        self._draw(p, Source.STOCK, events)

    def _lay(self, p: int, meld: Meld) -> None:
        for card in meld.cards:
            self.hands[p].remove(card)
        self.melds.append(meld)
        self.owners.append(p)

    def _discard(self, p: int, card: Card, events: list[Event]) -> None:
        self.hands[p].remove(card)
        self.discard.append(card)
        self.discarded[p].append(card)
        events.append(Discarded(p, card))
        if not self.hands[p]:
            events.append(WentOut(p))
            self._score_round(p, events)
            return
        if self.rules.advanced and len(self.hands[p]) == 1 and not self.called:
            self.penalties[p] += MISSED_CALL
            events.append(PenaltyGiven(p, MISSED_CALL, 'one card left and "Scamper!" not called'))
        self.current = (p + 1) % self.num_players
        self.phase = Phase.DRAW
        self.called = False
        if not self.stock:
            self._stock_out(events)

    def _stock_out(self, events: list[Event]) -> None:
        how = self.rules.stock_out
        if self.quiet_stock and self.rules.stuck_deal_replayed:
            self.replays += 1
            events.append(RoundVoided(self.contract_no, stuck=True))
            self._deal(events)
            return
        self.quiet_stock = how is not StockOut.REPLAY
        if how is StockOut.ADD_PACK:
            self.stock = self._shuffled(pack())
            self.packs += 1
            events.append(StockRenewed(how.value, len(self.stock), True))
        elif how is StockOut.RESHUFFLE and len(self.discard) > 1:
            self.stock = self._shuffled(self.discard[:-1])
            self.discard = self.discard[-1:]
            events.append(StockRenewed(how.value, len(self.stock), False))
        else:  # replay, or nothing left to shuffle
            self.replays += 1
            events.append(RoundVoided(self.contract_no))
            self._deal(events)

    def _score_round(self, out: int, events: list[Event]) -> None:
        points = tuple(
            (0 if s == out else sum(card_points(c) for c in hand)) + self.penalties[s]
            for s, hand in enumerate(self.hands)
        )
        line = SheetLine(self.contract_no, CONTRACTS[self.round_index].describe(), points, out,
                         tuple(len(h) for h in self.hands), tuple(self.penalties), self.replays)
        self.lines.append(line)
        self.replays = 0
        totals = self.sheet.totals
        events.append(RoundScored(self.contract_no, points, out, totals))
        if self.contract_no >= self.rules.rounds:
            self.phase = Phase.OVER
            events.append(GameOver(totals, Outcome.from_scores(totals, lower_wins=True).placings))
            return
        self.round_index += 1
        self.dealer = (self.dealer + 1) % self.num_players
        self._deal(events)

    # the rest of the engine protocol

    def advance(self, at: int) -> list[Event]:
        """No timers in a turn game."""
        return []

    def next_deadline(self) -> int | None:
        return None

    def seen_by(self, event: Event, seat: int) -> Event:
        return seen_by(event, seat)

    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.OVER:
            return None
        return Outcome.from_scores(self.sheet.totals, lower_wins=True)

    def inventory(self) -> Counter[Hashable]:
        """Every card in play, wherever it is (equal cards of several packs counted)."""
        cards: Counter[Hashable] = Counter(self.stock)
        cards.update(self.discard)
        for hand in self.hands:
            cards.update(hand)
        for meld in self.melds:
            cards.update(meld.cards)
        return cards

    def clone(self) -> ScamperGame:
        other = ScamperGame.__new__(ScamperGame)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.lines = self.lines[:]
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.melds = self.melds[:]
        other.owners = self.owners[:]
        other.down = self.down[:]
        other.taken = [t[:] for t in self.taken]
        other.discarded = [d[:] for d in self.discarded]
        other.passed = [c[:] for c in self.passed]
        other.penalties = self.penalties[:]
        return other

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.num_players, self.rules, self.seed, self.shuffles, self.first_dealer, self.start_scores,
            tuple(self.lines), self.replays, self.round_index, self.dealer, self.packs,
            tuple(tuple(h) for h in self.hands), tuple(self.stock), tuple(self.discard), tuple(self.melds),
            tuple(self.owners), tuple(self.down), tuple(tuple(t) for t in self.taken),
            tuple(tuple(d) for d in self.discarded), tuple(tuple(c) for c in self.passed), self.current, self.phase,
            self.called, tuple(self.penalties), self.quiet_stock,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScamperGame) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        hands = " | ".join(format_cards(h) for h in self.hands)
        return (f"<Scamper round {self.contract_no}, player {self.current} to {self.phase.value}; "
                f"hands {hands}; stock {len(self.stock)}>")


def shuffle_hidden(state: ScamperGame, seat: int, rng: random.Random) -> ScamperGame:
    """A copy of ``state`` with the stock and the other hands dealt again at random (sizes kept)."""
    other = state.clone()
    hidden = list(other.stock)
    for p in range(other.num_players):
        if p != seat:
            hidden += other.hands[p]
    rng.shuffle(hidden)
    other.stock = hidden[: len(other.stock)]
    rest = hidden[len(other.stock):]
    for p in range(other.num_players):
        if p != seat:
            n = len(other.hands[p])
            other.hands[p] = sorted(rest[:n])
            rest = rest[n:]
    return other


__all__ = ["ScamperGame", "draw_for_dealer", "pack", "shuffle_hidden"]
