"""The state of Double or Nothing: a Run (game after game, with upgrades) or one Duel.

Seat 0 is the runner in a Run and the computer sits at seat 1; a Duel is one
game between two seats at a chosen game number, without upgrades.  Game ``g``
deals hands of ``10 * 2**(g-1)`` and a pass draws ``2**g``.  Hands, decks and
the play area are counts (:mod:`.counts`), so every action costs the same at
game 1 and game 30.

A hand: the leader plays anything; then each side answers with a stronger
play or passes.  Passing draws the pass size, and the play area is shuffled
under the other side's deck, which then leads.  The side that empties its hand
wins it: the play area and the other hand are shuffled under its deck, and it
leads the next.  Before each hand both sides draw a full hand; a side that
can't loses the game (seat 0 is checked first).  In a Run a won game doubles
the runner's deck, the opponent returns with a fresh deck at the new scale,
and the runner picks one of three upgrades; a lost game ends the run.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Hashable

from ..core import Outcome
from ..errors import IllegalAction
from . import upgrades as up
from .actions import Action, Mode, Pass, Phase, Pick, legal_actions_for
from .counts import ZERO, Counts, Deck, add, counts, draw_from, scaled, sub, uniform
from .events import (
    CardsAdded, Doubled, Drew, DuelOver, Event, GameWon, HandDealt, HandWon, Passed, Played, RunOver,
    SecondWind, UpgradePicked, UpgradesOffered, seen_by,
)
from .plays import PLAIN, Play, Rules, Strength, why_not
from .observation import Observation
from .upgrades import Held

MAX_GAME = 32
"""The top of the ladder: winning this game ends a run as cleared (counts stay exact to here)."""
START_PER_NUMBER = 4
"""A fresh deck at game 1 holds four of each number."""


def hand_size_at(game: int) -> int:
    return 10 << (game - 1)


def pass_size_at(game: int) -> int:
    return 1 << game


class Run:
    """The whole state of a Run or a Duel.  Only the engine and referees see all of it."""

    __slots__ = (
        "mode", "upgrades_on", "phase", "game", "hand_number", "game_hand", "hands", "decks", "area", "top", "top_seat",
        "turn", "held", "offer", "second_wind_used", "games_won", "winner", "rng", "upgrade_rules",
        "dealt_lacks", "last_word_game",
    )

    def __init__(self, mode: Mode, game: int, seed: int, upgrades_on: bool = True,
                 held: Held | None = None, first: int | None = None, upgrade_rules: int = up.RULES) -> None:
        """A new Run from game ``game`` (1 for a real run) or a Duel at game ``game``; deals the first hand.

        ``held`` starts the runner with upgrades (studies and tests); ``first``
        names who leads the first hand (default: the runner in a Run, drawn from
        the seed in a Duel); ``upgrade_rules`` which version of the upgrades'
        rules applies (:data:`~.upgrades.RULES`; older records name theirs).
        """
        if not 1 <= game <= MAX_GAME:
            raise ValueError(f"game numbers run from 1 to {MAX_GAME}, not {game}")
        if upgrade_rules not in (up.FIRST_RULES, up.SECOND_RULES, up.THIRD_RULES, up.RULES):
            raise ValueError(f"upgrade rules {upgrade_rules} are unknown: {up.FIRST_RULES} to {up.RULES}")
        self._set_up(mode, game, seed, held)
        self.upgrade_rules = upgrade_rules
        self.upgrades_on = upgrades_on and self.mode is Mode.RUN
        self.decks = [Deck.shuffled(self.fresh_deck()), Deck.shuffled(self.fresh_deck())]
        if first is None:
            first = 0 if self.mode is Mode.RUN else self.rng.randrange(2)
        if self.held.count(up.REINFORCEMENTS):
            self._reinforce(self.held.count(up.REINFORCEMENTS), None)
        self._deal(first, [])

    @classmethod
    def position(cls, hands: tuple[Counts, Counts], decks: tuple[list[Counts], list[Counts]], *,
                 mode: Mode = Mode.DUEL, game: int = 1, turn: int = 0, held: Held | None = None,
                 seed: int = 0, upgrade_rules: int = up.RULES) -> Run:
        """A hand in progress written out (tests, studies): hands, and decks as batches top first."""
        state = cls.__new__(cls)
        state._set_up(mode, game, seed, held)
        state.upgrade_rules = upgrade_rules
        state.hand_number = state.game_hand = 1
        state.hands = [counts(hands[0]), counts(hands[1])]
        state.dealt_lacks = tuple(n + 1 for n, k in enumerate(state.hands[1]) if not k)
        state.decks = [Deck(decks[0]), Deck(decks[1])]
        state.turn = turn
        return state

    def _set_up(self, mode: Mode, game: int, seed: int, held: Held | None) -> None:
        """Every field, before any card is dealt."""
        self.mode = Mode(mode)
        self.upgrades_on = self.mode is Mode.RUN
        self.rng = random.Random(seed)
        self.phase = Phase.PLAY
        self.game = game
        self.hand_number = 0  # hands dealt in the whole run (records' final states compare it)
        self.game_hand = 0  # hands dealt in this game (what the table shows)
        self.hands: list[Counts] = [ZERO, ZERO]
        self.decks = [Deck(), Deck()]
        self.area: list[Counts] = [ZERO, ZERO]
        self.top: Play | None = None
        self.top_seat: int | None = None
        self.turn = 0
        self.held = held.clone() if held is not None else Held()
        self.offer: tuple[str, ...] = ()
        self.second_wind_used = False
        self.games_won = 0
        self.winner: int | None = None
        self.upgrade_rules = up.RULES
        self.dealt_lacks: tuple[int, ...] = ()  # numbers the opponent was dealt none of this hand (Spyglass)
        self.last_word_game = 0  # the game in which the runner's Last Word was spoken (rules 4), 0: not yet

    # sizes and rules per side

    @property
    def scale(self) -> int:
        return 1 << (self.game - 1)

    def fresh_deck(self) -> Counts:
        return uniform(START_PER_NUMBER * self.scale)

    def _runner_upgrade(self, seat: int, upgrade_id: str) -> int:
        return self.held.count(upgrade_id) if seat == 0 and self.mode is Mode.RUN else 0

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` is dealt for a hand.

        Deep Hand adds one in ten per stack (first rules), one in twenty (rules 2), one in forty and at
        least one (rules 3: one in twenty was worth +0.18 of games at game 6 and +0.09 at game 2).
        """
        base = hand_size_at(self.game)
        stacks = self._runner_upgrade(seat, up.DEEP_HAND)
        if self.upgrade_rules >= up.THIRD_RULES:
            return base + max(1, base // 40) * stacks
        per = 10 if self.upgrade_rules == up.FIRST_RULES else 20
        return base * (per + stacks) // per

    def pass_size(self, seat: int) -> int:
        """How many cards ``seat`` draws when it passes.

        Second Helping adds half as many per stack (first rules), a quarter (rules 2), none (rules 3: it
        takes from the play area instead); the first rules' Toll halves the opponent's draw per stack.
        """
        base = pass_size_at(self.game)
        if seat == 0:
            if self.upgrade_rules >= up.THIRD_RULES:
                return base
            share = 2 if self.upgrade_rules == up.FIRST_RULES else 4
            return base + base * self._runner_upgrade(0, up.SECOND_HELPING) // share
        if self.upgrade_rules != up.FIRST_RULES:
            return base
        return max(1, base >> (self.held.count(up.TOLL) if self.mode is Mode.RUN else 0))

    def toll(self) -> int:
        """Cards the opponent pays from its deck to the runner's when it passes (rules 2 on).

        One in sixteen of its draw per stack (rules 3: one in eight), at least one.
        """
        if self.upgrade_rules == up.FIRST_RULES or self.mode is not Mode.RUN:
            return 0
        stacks = self.held.count(up.TOLL)
        per = 16 if self.upgrade_rules == up.SECOND_RULES else 8
        return min(self.decks[1].size, max(1, pass_size_at(self.game) * stacks // per)) if stacks else 0

    def rules_for(self, seat: int) -> Rules:
        return self.held.rules(self.upgrade_rules) if seat == 0 and self.mode is Mode.RUN else PLAIN

    def top_strength(self) -> Strength | None:
        if self.top is None or self.top_seat is None:
            return None
        return self.top.strength(self.rules_for(self.top_seat))

    # protocol queries

    @property
    def num_seats(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_move(self) -> tuple[int, ...]:
        if self.phase is Phase.PLAY:
            return (self.turn,)
        if self.phase is Phase.PICK:
            return (0,)
        return ()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Plays in a fixed order (see :func:`~.plays.legal_plays`), then Pass when answering; or the offer."""
        movers = self.to_move()
        if not movers or (seat is not None and seat not in movers):
            return []
        me = movers[0]
        return legal_actions_for(self.phase, self.offer, self.hands[me], self.rules_for(me), self.top_strength())

    def why_illegal(self, action: object, seat: int | None = None, at: int = 0) -> str | None:
        if self.phase is Phase.OVER:
            return "The game is over." if self.mode is Mode.DUEL else "The run is over."
        movers = self.to_move()
        if seat is not None and seat not in movers:
            if seat not in (0, 1):
                return f"There is no seat {seat} at this table."
            return "Wait for the upgrade to be picked." if self.phase is Phase.PICK else "It is not your turn."
        me = movers[0]
        if self.phase is Phase.PICK:
            if not isinstance(action, Pick):
                return "Pick one of the three upgrades first."
            if action.upgrade not in self.offer:
                return f"{action.upgrade!r} is not one of the upgrades on offer."
            return None
        if isinstance(action, Pick):
            return "Upgrades are picked after a game is won."
        if isinstance(action, Pass):
            return "You lead: play anything you like." if self.top is None else None
        if isinstance(action, Play):
            return why_not(action, self.hands[me], self.rules_for(me), self.top_strength())
        return f"{action!r} is not an action of Double or Nothing: play, pass or pick."

    # play

    def apply(self, action: Action, seat: int | None = None, at: int = 0) -> list[Event]:
        """Validate and play ``action``; raise :class:`IllegalAction` with the reason and change nothing if refused."""
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        if isinstance(action, Pick):
            self._pick(action.upgrade, events)
        elif isinstance(action, Pass):
            self._pass(events)
        else:
            self._play(action, events)
        return events

    def _play(self, play: Play, events: list[Event]) -> None:
        me = self.turn
        cards = play.counts()
        self.hands[me] = sub(self.hands[me], cards)
        self.area[me] = add(self.area[me], cards)
        self.top, self.top_seat = play, me
        left = sum(self.hands[me])
        events.append(Played(me, play, play.strength(self.rules_for(me)), left))
        if left == 0 and self._last_word_open(me):
            self.last_word_game = self.game
            self.turn = 0
        elif left == 0:
            self._win_hand(me, events)
        elif not any(self.hands[1 - me]):  # the runner answered its Last Word: the play area is its, the hand theirs
            under = add(self.area[0], self.area[1])
            self.decks[me].put_under(under)
            events.append(Passed(1 - me, 0, me, sum(under)))
            self._clear_area()
            self._win_hand(1 - me, events)
        else:
            self.turn = 1 - me

    def _last_word_open(self, me: int) -> bool:
        """Whether the runner may answer the play that just emptied the opponent's hand (Last Word, rules 4):
        once per game, when it holds an answer.  Answering takes the play area under its deck, passing gives
        it up; either way the opponent then wins the hand (see :data:`~.upgrades.RULES`)."""
        if me != 1 or self.upgrade_rules < up.RULES or not self._runner_upgrade(0, up.LAST_WORD):
            return False
        if self.last_word_game == self.game:
            return False
        actions = legal_actions_for(Phase.PLAY, (), self.hands[0], self.rules_for(0), self.top_strength())
        return any(isinstance(a, Play) for a in actions)

    def _pass(self, events: list[Event]) -> None:
        me, other = self.turn, 1 - self.turn
        if not any(self.hands[other]):  # the runner lets its Last Word go: the opponent wins the hand as usual
            self._win_hand(other, events)
            return
        drawn = self.decks[me].draw(self.pass_size(me), self.rng)
        self.hands[me] = add(self.hands[me], drawn)
        events.append(Drew(me, sum(drawn), drawn, "pass"))
        paid = self.toll() if me == 1 else 0
        if paid:
            self.decks[0].put_under(self.decks[1].draw(paid, self.rng))
        under = add(self.area[0], self.area[1])
        kept = self._kept_by_passer(me)
        salvaged = sum(kept)
        if salvaged:
            self.decks[0].put_under(kept)
            under = sub(under, kept)
        self.decks[other].put_under(under)
        events.append(Passed(me, sum(drawn), other, sum(under), salvaged, paid))
        self._clear_area()
        self.turn = other

    def _kept_by_passer(self, me: int) -> Counts:
        """Cards of the play area that go under the runner's deck when it passes (Salvage, Second Helping).

        Salvage keeps half (first rules) or a quarter (rules 2) of each number of the runner's own cards;
        rules 3: one in six of them, drawn at random.  Second Helping (rules 3) takes one in eight of the
        opponent's cards per stack, drawn at random.  Counts are rounded down.
        """
        if me != 0 or self.mode is not Mode.RUN:
            return ZERO
        kept = ZERO
        if self.held.has(up.SALVAGE):
            if self.upgrade_rules >= up.THIRD_RULES:
                kept = draw_from(self.area[0], sum(self.area[0]) // 6, self.rng)
            else:
                share = 2 if self.upgrade_rules == up.FIRST_RULES else 4
                kept = counts(k // share for k in self.area[0])
        helpings = self.held.count(up.SECOND_HELPING)
        if helpings and self.upgrade_rules >= up.THIRD_RULES:
            theirs = self.area[1]
            kept = add(kept, draw_from(theirs, sum(theirs) * helpings // 8, self.rng))
        return kept

    def _clear_area(self) -> None:
        self.area = [ZERO, ZERO]
        self.top = self.top_seat = None

    def _win_hand(self, winner: int, events: list[Event]) -> None:
        loser = 1 - winner
        taken = add(add(self.area[0], self.area[1]), self.hands[loser])
        self.decks[winner].put_under(taken)
        self.hands[loser] = ZERO
        self._clear_area()
        events.append(HandWon(winner, sum(taken)))
        self._deal(winner, events)

    def _deal(self, leader: int, events: list[Event]) -> None:
        """Start a hand, or end the game if a side can't draw a full hand (seat 0 checked first)."""
        for seat in (0, 1):
            if self.decks[seat].size < self.hand_size(seat):
                self._lose_game(seat, events)
                return
        self.hand_number += 1
        self.game_hand += 1
        for seat in (0, 1):
            drawn = self.decks[seat].draw(self.hand_size(seat), self.rng)
            self.hands[seat] = drawn
            events.append(Drew(seat, sum(drawn), drawn, "hand"))
        self.dealt_lacks = tuple(n + 1 for n, k in enumerate(self.hands[1]) if not k)
        if self._runner_upgrade(0, up.LAST_WORD) and self.upgrade_rules < up.RULES:  # rules 1-3's Last Word
            leader = 1
        self.turn = leader
        events.append(HandDealt(self.game, self.game_hand, (sum(self.hands[0]), sum(self.hands[1])), leader))

    def _lose_game(self, loser: int, events: list[Event]) -> None:
        winner = 1 - loser
        events.append(GameWon(winner, self.game))
        if self.mode is Mode.DUEL:
            self.winner = winner
            self.phase = Phase.OVER
            events.append(DuelOver(winner))
        elif loser == 1:
            self.games_won += 1
            if self.game == MAX_GAME:
                self._end_run(True, events)
            else:
                self._double(events)
        elif self.held.has(up.SECOND_WIND) and not self.second_wind_used:
            self.second_wind_used = True
            self._fresh_decks()
            if self.upgrade_rules != up.FIRST_RULES:  # half a fresh deck against 1.5 (rules 3: 2.5)
                half = START_PER_NUMBER // 2 * self.scale
                theirs = 3 * half if self.upgrade_rules == up.SECOND_RULES else 5 * half
                self.decks = [Deck.shuffled(uniform(half)), Deck.shuffled(uniform(theirs))]
            events.append(SecondWind(self.game))
            self._deal(0, events)
        else:
            self._end_run(False, events)

    def _end_run(self, cleared: bool, events: list[Event]) -> None:
        self.winner = 0 if cleared else 1
        self.phase = Phase.OVER
        events.append(RunOver(self.games_won, self.game, cleared))

    def _fresh_decks(self) -> None:
        self.hands = [ZERO, ZERO]
        self.decks = [Deck.shuffled(self.fresh_deck()), Deck.shuffled(self.fresh_deck())]

    def _double(self, events: list[Event]) -> None:
        """The runner's deck doubles, the sizes double, the opponent comes back fresh; then the offer."""
        assert not any(self.hands[0]) and not any(self.area[0]), "a game ends between hands"
        mine = self.decks[0].total()
        self.game += 1
        self.game_hand = 0
        self.decks = [Deck.shuffled(scaled(mine, 2)), Deck.shuffled(self.fresh_deck())]
        self.hands = [ZERO, ZERO]
        events.append(Doubled(self.game, self.decks[0].size, self.hand_size(0), self.pass_size(0)))
        self.offer = up.offer(self.held, self.rng) if self.upgrades_on else ()
        if self.offer:
            self.phase = Phase.PICK
            events.append(UpgradesOffered(self.offer))
        else:
            self._deal(0, events)

    def _pick(self, upgrade_id: str, events: list[Event]) -> None:
        stacks = self.held.add(upgrade_id)
        self.offer = ()
        self.phase = Phase.PLAY
        events.append(UpgradePicked(upgrade_id, stacks))
        if upgrade_id == up.REINFORCEMENTS:
            self._reinforce(1, events)
        self._deal(0, events)

    def _reinforce(self, times: int, events: list[Event] | None) -> None:
        """Shuffle a quarter of a fresh deck (per stack; before rules 4: half) into the runner's deck."""
        per_number = up.REINFORCEMENTS_PER_NUMBER if self.upgrade_rules >= up.RULES else START_PER_NUMBER // 2
        extra = uniform(per_number * self.scale * times)
        self.decks[0] = Deck.shuffled(add(self.decks[0].total(), extra))
        if events is not None:
            events.append(CardsAdded(0, extra))

    # the rest of the protocol

    def advance(self, at: int) -> list[Event]:
        return []

    def next_deadline(self) -> int | None:
        return None

    def seen_by(self, event: Event, seat: int) -> Event:
        return seen_by(event, seat)

    def outcome(self) -> Outcome | None:
        """A Duel: its winner.  A Run: the runner's games won against the one game it lost.

        A Run is won only when it is cleared (the ladder's last game won): one that ends at a lost game is lost,
        however many games it won before (those are its score), as the rules say: you have lost the run.
        """
        if self.phase is not Phase.OVER or self.winner is None:
            return None
        if self.mode is Mode.DUEL:
            return Outcome.from_scores([1 if s == self.winner else 0 for s in (0, 1)])
        lost = 0 if self.winner == 0 else 1
        return Outcome((self.games_won, lost), (1, 2) if self.winner == 0 else (2, 1))

    def totals(self) -> Counts:
        """How many of each number the game holds, everywhere (public: it follows from the rules)."""
        out = add(add(self.hands[0], self.hands[1]), add(self.area[0], self.area[1]))
        return add(out, add(self.decks[0].total(), self.decks[1].total()))

    def inventory(self) -> Counter[Hashable]:
        """Every card as a count per number."""
        return Counter({n + 1: k for n, k in enumerate(self.totals()) if k})

    def observation(self, seat: int) -> Observation:
        if seat not in (0, 1):
            raise ValueError(f"seat {seat} is not at this table (0 or 1)")
        other = 1 - seat
        lacks: tuple[int, ...] | None = None
        held_now = False
        if seat == 0 and self._runner_upgrade(0, up.SPYGLASS):
            held_now = up.spyglass_sees_now(self.upgrade_rules, sum(self.hands[1]), self.hand_size(1))
            lacks = tuple(n + 1 for n, k in enumerate(self.hands[1]) if not k) if held_now else self.dealt_lacks
        return Observation(
            seat=seat, mode=self.mode, phase=self.phase, to_move=self.to_move(), game=self.game,
            hand_number=self.hand_number, game_hand=self.game_hand, hand=self.hands[seat],
            area=add(self.area[0], self.area[1]),
            top=self.top, top_seat=self.top_seat, top_strength=self.top_strength(),
            deck_size=self.decks[seat].size, opponent_hand_size=sum(self.hands[other]),
            opponent_deck_size=self.decks[other].size, hand_sizes=(self.hand_size(0), self.hand_size(1)),
            pass_sizes=(self.pass_size(0), self.pass_size(1)), upgrades=self.held.as_tuple(),
            offer=self.offer, totals=self.totals(), opponent_lacks=lacks, games_won=self.games_won,
            second_wind_used=self.second_wind_used, winner=self.winner, upgrade_rules=self.upgrade_rules,
            opponent_lacks_now=held_now,
        )

    def clone(self) -> Run:
        other = Run.__new__(Run)
        for name in Run.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.area = self.area[:]
        other.decks = [d.clone() for d in self.decks]
        other.held = self.held.clone()
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.mode, self.upgrades_on, self.phase, self.game, self.hand_number, tuple(self.hands),
            tuple(d.snapshot() for d in self.decks), tuple(self.area), self.top, self.top_seat, self.turn,
            self.held.as_tuple(), self.offer, self.second_wind_used, self.games_won, self.winner,
            self.rng.getstate(), self.upgrade_rules, self.last_word_game, self.game_hand,
        )

    def __repr__(self) -> str:
        return (f"<Run {self.mode.value} game {self.game} hand {self.game_hand} {self.phase.value}; "
                f"seat {self.turn} to move; hands {sum(self.hands[0])}/{sum(self.hands[1])}; "
                f"decks {self.decks[0].size}/{self.decks[1].size}>")
