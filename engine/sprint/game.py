"""Sprint, Snap, Score: one round for 2-5 players.

How a round goes (our reading of the rules text, fixed by the project):

* Deal 6 cards each; the next card starts the discard pile; the rest is the
  stock.  The caller chooses the first player.
* A turn: **draw** one card from the stock or the top of the discard pile (an
  empty pile can't be drawn from; with both empty the draw is skipped), then
  **build**: lay any number of matches one at a time, each leaving at least one
  card in hand, each followed at once by a replacement draw of
  ``min(match size, stock size)`` cards; then **discard** one card.  With exactly
  one card in hand at that point there is no discard and the turn ends by itself.
* The moment the stock runs out, the current turn is played out and then every
  player, the next one first and the one who emptied the stock last, takes
  exactly one more turn.
* A match of N cards scores N(N+1)/2; each card left in hand scores -1.  The
  highest total wins; equal totals share the win.

:class:`Round` is the whole state.  ``legal_actions()`` lists what the current
player may do in a fixed order, ``apply(action)`` validates and returns
:mod:`events <engine.sprint>` for the UI to animate, and ``observation(seat)``
is all that one seat may know.  Hands are 52-bit masks (see
:mod:`engine.cards`); the public methods speak :class:`~engine.cards.Card`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Hashable, Mapping, cast

from ..cards import ALL_CARDS, STANDARD_SIZE, Card, cards_of_mask, format_cards, mask_of, shuffled, standard_deck
from ..core import Outcome
from ..errors import IllegalAction
from ..melds import match_kind, triangular
from .actions import Action, Discard, Draw, Lay, Phase, Source, legal_actions_for, refusal
from .events import (CardDiscarded, CardDrawn, DrawSkipped, Event, FinalRoundStarted, MatchLaid, ReplacementDrawn,
                     RoundOver, ScoreLine, TurnPassed, seen_by)
from .observation import Observation

HAND_SIZE = 6
MIN_PLAYERS = 2
MAX_PLAYERS = 5
GAME_ID = "sprint-snap-score"


# --- the round ------------------------------------------------------------


class Round:
    """The full state of one round.  Only the engine and referees see all of it."""

    __slots__ = (
        "num_players", "hands", "stock", "discard", "laid", "known", "current",
        "phase", "final_turns_left", "first_player", "turn", "result",
    )

    def __init__(
        self,
        hands: list[int],
        stock: list[int],
        discard: list[int],
        first_player: int = 0,
        *,
        laid: list[list[int]] | None = None,
        known: list[int] | None = None,
        current: int | None = None,
        phase: Phase = Phase.DRAW,
        final_turns_left: int | None = None,
        turn: int = 0,
    ) -> None:
        """Build a state from its parts; ``stock`` and ``discard`` are bottom-to-top lists.

        Deals go through :meth:`deal` or :meth:`from_deal`; the keyword parts
        let search code rebuild a state mid-round.  ``final_turns_left`` counts
        the turns still to play including the current one, and is given exactly
        when the stock is empty.  If the current player can't draw and holds one
        card, the constructor already passes that turn on.
        """
        self.num_players = len(hands)
        self.hands = hands
        self.stock = stock
        self.discard = discard
        self.first_player = first_player
        self.laid = laid if laid is not None else [[] for _ in hands]
        self.known = known if known is not None else [0] * len(hands)
        self.current = first_player if current is None else current
        self.phase = phase
        self.final_turns_left = final_turns_left
        self.turn = turn
        self.result: RoundOver | None = None
        if not stock and final_turns_left is None:
            raise ValueError("with the stock empty the final round has begun: say how many turns are left")
        if stock and final_turns_left is not None:
            raise ValueError("the final round begins only when the stock is empty")
        if phase is Phase.DRAW:
            self._start_turn(None)

    # construction

    @classmethod
    def deal(cls, num_players: int, seed: int | random.Random, first_player: int = 0) -> Round:
        """Shuffle a 52-card deck with ``random.Random(seed)`` (or a given ``Random``) and deal."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"Sprint, Snap, Score is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players}")
        deck = shuffled(standard_deck(), rng)
        hands = [deck[p * HAND_SIZE : (p + 1) * HAND_SIZE] for p in range(num_players)]
        rest = deck[num_players * HAND_SIZE :]
        return cls.from_deal(hands, rest[:1], rest[1:], first_player)

    @classmethod
    def from_deal(
        cls, hands: list[list[Card]], discard: list[Card], stock_top_first: list[Card], first_player: int = 0
    ) -> Round:
        """A new round from a written-out deal; raises ``ValueError`` saying what is wrong."""
        check_deal(hands, discard, stock_top_first, first_player)
        masks = [mask_of(hand) for hand in hands]
        return cls(masks, list(reversed(stock_top_first)), list(discard), first_player)

    def clone(self) -> Round:
        """An independent copy (for search)."""
        other = Round.__new__(Round)
        other.num_players = self.num_players
        other.hands = self.hands[:]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.laid = [m[:] for m in self.laid]
        other.known = self.known[:]
        other.current = self.current
        other.phase = self.phase
        other.final_turns_left = self.final_turns_left
        other.first_player = self.first_player
        other.turn = self.turn
        other.result = self.result
        return other

    # queries

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        return cards_of_mask(self.hands[seat])

    @property
    def num_seats(self) -> int:
        return self.num_players

    def to_move(self) -> tuple[int, ...]:
        """The one seat to act (none once the round is over): Sprint is a turn game."""
        return () if self.phase is Phase.OVER else (self.current,)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """``seat``'s legal actions in a fixed order (the current player's if ``None``; empty once over)."""
        if seat is not None and seat != self.current:
            return []
        return legal_actions_for(self.phase, self.hands[self.current], len(self.stock), len(self.discard))

    def why_illegal(self, action: object, seat: int | None = None, at: int = 0) -> str | None:
        """The reason ``action`` is refused for ``seat`` (default: the current player), or ``None``."""
        if seat is not None and seat != self.current and self.phase is not Phase.OVER:
            if not 0 <= seat < self.num_players:
                return f"There is no seat {seat} at this table."
            return "It is not your turn."
        return refusal(self.phase, self.hands[self.current], len(self.stock), len(self.discard), action)

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def laid_points(self, seat: int) -> int:
        return sum(triangular(m.bit_count()) for m in self.laid[seat])

    def running_scores(self) -> tuple[int, ...]:
        """Each player's score if the round ended now."""
        return tuple(self.laid_points(p) - self.hands[p].bit_count() for p in range(self.num_players))

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: never the stock order or others' unknown cards."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not at this table (0 to {self.num_players - 1})")
        return Observation(
            seat=seat,
            num_players=self.num_players,
            current_player=self.current,
            phase=self.phase,
            hand_mask=self.hands[seat],
            laid=tuple(tuple(cards_of_mask(m) for m in ms) for ms in self.laid),
            discard_pile=tuple(ALL_CARDS[c] for c in self.discard),
            stock_size=len(self.stock),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            known_cards=tuple(cards_of_mask(k) for k in self.known),
            final_turns_left=self.final_turns_left,
            turn=self.turn,
            result=self.result,
        )

    # play

    def apply(self, action: Action, seat: int | None = None, at: int = 0) -> list[Event]:
        """Validate and play ``action`` for ``seat`` (default: the current player); return what happened.

        Raises :class:`~engine.errors.IllegalAction` (a ``ValueError``) with a
        reason a player can read, leaving the state untouched.  ``at`` is
        accepted for the engine protocol; a turn game has no timers.
        """
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        self._play(action, events)
        return events

    def apply_unchecked(self, action: Action) -> None:
        """Play an action already known to be legal, with no checks and no events.

        The fast path for search and playouts; anything else uses :meth:`apply`.
        """
        self._play(action, None)

    def _play(self, action: Action, events: list[Event] | None) -> None:
        p = self.current
        if type(action) is Draw:
            pile = self.stock if action.source is Source.STOCK else self.discard
            card = pile.pop()
            self.hands[p] |= 1 << card
            if action.source is Source.DISCARD:
                self.known[p] |= 1 << card
            if events is not None:
                events.append(CardDrawn(p, action.source, ALL_CARDS[card]))
            self._note_stock(events)
            self.phase = Phase.BUILD
            self._maybe_end_one_card_turn(events)
        elif type(action) is Lay:
            mask = action.mask
            size = mask.bit_count()
            self.hands[p] ^= mask
            self.known[p] &= ~mask
            self.laid[p].append(mask)
            stock = self.stock
            drawn = stock[-size:] if size <= len(stock) else stock[:]
            del stock[len(stock) - len(drawn) :]
            for card in drawn:
                self.hands[p] |= 1 << card
            if events is not None:
                kind = match_kind(mask)
                assert kind is not None, "apply_unchecked was given an illegal lay"
                events.append(MatchLaid(p, action.cards, kind, triangular(size)))
                events.append(ReplacementDrawn(p, tuple(ALL_CARDS[c] for c in reversed(drawn)), size))
            if drawn:
                self._note_stock(events)
            self._maybe_end_one_card_turn(events)
        else:
            card = cast(Discard, action).card
            self.hands[p] &= ~(1 << card)
            self.known[p] &= ~(1 << card)
            self.discard.append(card)
            if events is not None:
                events.append(CardDiscarded(p, card))
            self._end_turn(events, discarded=True)

    def _note_stock(self, events: list[Event] | None) -> None:
        """Start the final round the moment the stock runs out."""
        if not self.stock and self.final_turns_left is None:
            self.final_turns_left = self.num_players + 1  # this turn, then one each
            if events is not None:
                events.append(FinalRoundStarted(self.current, self.num_players))

    def _maybe_end_one_card_turn(self, events: list[Event] | None) -> None:
        if self.hands[self.current].bit_count() == 1:
            self._end_turn(events, discarded=False)

    def _end_turn(self, events: list[Event] | None, discarded: bool) -> None:
        p = self.current
        self.turn += 1
        if self.final_turns_left is not None:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                if events is not None:
                    events.append(TurnPassed(p, None, discarded))
                self._finish(events)
                return
        self.current = (p + 1) % self.num_players
        if events is not None:
            events.append(TurnPassed(p, self.current, discarded))
        self.phase = Phase.DRAW
        self._start_turn(events)

    def _start_turn(self, events: list[Event] | None) -> None:
        """Skip the draw when both piles are empty."""
        if not self.stock and not self.discard:
            if events is not None:
                events.append(DrawSkipped(self.current))
            self.phase = Phase.BUILD
            self._maybe_end_one_card_turn(events)

    def _finish(self, events: list[Event] | None) -> None:
        self.phase = Phase.OVER
        lines = tuple(
            ScoreLine(
                p,
                tuple(triangular(m.bit_count()) for m in self.laid[p]),
                self.hands[p].bit_count(),
                self.laid_points(p) - self.hands[p].bit_count(),
            )
            for p in range(self.num_players)
        )
        best = max(line.total for line in lines)
        self.result = RoundOver(lines, tuple(line.player for line in lines if line.total == best))
        if events is not None:
            events.append(self.result)

    # the rest of the engine protocol (engine.core.GameState)

    def advance(self, at: int) -> list[Event]:
        """No timers in a turn game."""
        return []

    def next_deadline(self) -> int | None:
        return None

    def seen_by(self, event: Event, seat: int) -> Event:
        return seen_by(event, seat)

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome.from_scores(self.result.scores)

    def inventory(self) -> Counter[Hashable]:
        """Every card of the round wherever it is (each of the 52 exactly once)."""
        cards: Counter[Hashable] = Counter(self.stock)
        cards.update(self.discard)
        for mask in self.hands:
            cards.update(c for c in range(STANDARD_SIZE) if mask >> c & 1)
        for matches in self.laid:
            for mask in matches:
                cards.update(c for c in range(STANDARD_SIZE) if mask >> c & 1)
        return cards

    # comparison (records reload to the identical state)

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value."""
        return (
            tuple(self.hands), tuple(self.stock), tuple(self.discard), tuple(tuple(m) for m in self.laid),
            tuple(self.known), self.current, self.phase, self.final_turns_left, self.first_player, self.turn,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        hands = " | ".join(format_cards(cards_of_mask(h)) for h in self.hands)
        return f"<Round turn {self.turn}, player {self.current} to {self.phase.value}; hands {hands}; stock {len(self.stock)}>"


def check_deal(hands: list[list[Card]], discard: list[Card], stock: list[Card], first_player: int) -> None:
    """Raise ``ValueError`` unless this is a whole deck dealt for 2-5 players."""
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"Sprint, Snap, Score is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(hands)}")
    if not 0 <= first_player < len(hands):
        raise ValueError(f"first player {first_player} is not a seat (0 to {len(hands) - 1})")
    for p, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"hand {p} has {len(hand)} cards; each player is dealt {HAND_SIZE}")
    if len(discard) != 1:
        raise ValueError(f"the discard pile starts with 1 card, not {len(discard)}")
    seen: set[int] = set()
    for card in [c for hand in hands for c in hand] + list(discard) + list(stock):
        if card in seen:
            raise ValueError(f"{card} is dealt twice")
        if card >= STANDARD_SIZE:
            raise ValueError(f"{card}: this game has no jokers")
        seen.add(card)
    if len(seen) != STANDARD_SIZE:
        missing = format_cards(c for c in ALL_CARDS[:STANDARD_SIZE] if c not in seen)
        raise ValueError(f"the deal is missing {missing}")


# --- the engine protocol's module functions (engine.core.RulesModule) ------


def new_game(num_seats: int, options: Mapping[str, Any], seed: int) -> Round:
    """A new round dealt from ``seed``; the first player is drawn from the same seed."""
    first = random.Random(seed).randrange(num_seats)
    return Round.deal(num_seats, seed, first)


def shuffle_hidden(state: Round, seat: int, rng: random.Random) -> Round:
    """A copy of ``state`` with every card ``seat`` can't see dealt again at random.

    The stock and the cards others hold that ``seat`` has not seen taken from
    the discard pile trade places; sizes stay.  The observation of ``seat`` must
    not change (the random-simulation test checks it).
    """
    other = state.clone()
    hidden = [c for c in other.stock]
    for p in range(other.num_players):
        if p != seat:
            secret = other.hands[p] & ~other.known[p]
            hidden += [c for c in range(STANDARD_SIZE) if secret >> c & 1]
    rng.shuffle(hidden)
    other.stock = hidden[: len(other.stock)]
    rest = hidden[len(other.stock):]
    for p in range(other.num_players):
        if p != seat:
            n = (other.hands[p] & ~other.known[p]).bit_count()
            other.hands[p] = other.known[p] | mask_of(rest[:n])
            rest = rest[n:]
    return other
