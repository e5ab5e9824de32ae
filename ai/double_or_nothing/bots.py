"""Double or Nothing opponents: Easy, Standard, Hard, and the Runner that plays the other side.

Every bot decides from an :class:`~engine.double_or_nothing.Observation` alone.
``think`` is a generator like the Sprint bots' (these finish at the first
``next()``); ``decide`` runs it to the end.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Generator, Sequence

from engine.double_or_nothing import PASS, Action, Kind, Observation, Pass, Phase, Pick, Play
from engine.double_or_nothing import upgrades as up
from engine.double_or_nothing.counts import sub

from .reading import best_answer, breaks_a_stair, can_answer, guess_hands, steps


class Bot:
    """An opponent of one level.  Subclasses implement :meth:`choose_play` (and may override picking)."""

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        """Work out the next action; the action is the generator's return value."""
        return self.choose(obs)
        yield  # unreachable: makes this a generator that finishes at the first next()

    def decide(self, obs: Observation) -> Action:
        gen = self.think(obs)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]

    def choose(self, obs: Observation) -> Action:
        if not obs.my_turn:
            raise ValueError("it is not this bot's turn")
        if obs.phase is Phase.PICK:
            return self.pick(obs)
        actions = obs.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        return self.choose_play(obs, plays)

    def pick(self, obs: Observation) -> Pick:
        """The first upgrade offered (the Runner ranks them)."""
        return Pick(obs.offer[0])

    def choose_play(self, obs: Observation, plays: list[Play]) -> Play | Pass:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


def weakest(plays: Sequence[Play], obs: Observation) -> Play:
    rules = obs.rules()
    return min(plays, key=lambda p: (p.strength(rules), p.lo))


def finishing(plays: Sequence[Play], obs: Observation) -> Play | None:
    """A play that empties the hand (and so wins it), if there is one."""
    held = sum(obs.hand)
    return next((p for p in plays if p.cards == held), None)


class Easy(Bot):
    """The original's rule: the weakest play that beats, else pass (and the weakest lead)."""

    level = "easy"

    def choose_play(self, obs: Observation, plays: list[Play]) -> Play | Pass:
        return weakest(plays, obs) if plays else PASS


class Standard(Bot):
    """Keeps its stairs whole: it won't break one to answer a set or a run, unless that empties its hand
    or the opponent is close to emptying its own."""

    level = "standard"

    def choose_play(self, obs: Observation, plays: list[Play]) -> Play | Pass:
        if not plays:
            return PASS
        last = finishing(plays, obs)
        if last is not None:
            return last
        depth = max(2, max(obs.hand_sizes) // 5)
        whole = [p for p in plays if not breaks_a_stair(p, obs.hand, depth)]
        if whole:
            return weakest(whole, obs)
        urgent = obs.opponent_hand_size * 4 <= obs.hand_sizes[1 - obs.seat]
        if obs.top is None or urgent or obs.top.kind is Kind.STAIR:
            return weakest(plays, obs)
        return PASS


class Hard(Bot):
    """Plays for the fewest steps, and with big hands weighs each trick before answering.

    Every play it makes is the one that leaves its hand the fewest *steps*
    (plays still needed), the weakest of those: weak plays first, so a hand
    sheds number by number.  While a hand holds few of each number (up to game
    5) it never passes while it can play.  Once every hand holds every number
    by the dozen, it also asks whether answering is worth it: it guesses the
    opponent's hand from the cards it can't see, asks of each play whether they
    can answer it and whether its own best remaining play could still top
    theirs, and weighs what the trick brings (the play area goes under the deck
    of the side that doesn't pass, the passer draws) against the cards it
    risks.  It passes when that is cheaper than spending; when answering pays,
    it still answers with its fewest-steps play.  Measured (issue 23): letting
    the weighing also choose *which* play (its biggest stair, leaving a few
    stray cards) made two Hard bots trade a tiny lead, a huge answer and a pass
    for thousands of actions without ending a hand; choosing by steps ends a
    game at 20+ in a couple of hundred actions and beats Standard more often.
    Its weights were tuned on the game's own pass size and on guesses from the
    unseen counts alone: it values passes at that size and leaves the
    Spyglass's hint out (measured: using either made it pass far too often).
    """

    level = "hard"
    samples = 8
    smooth_from = 32  # cards of each number in a dealt hand from which the cards decide, not the steps
    draw_weight = 0.6  # a card the passer draws, against a card in the area
    shed_weight = 0.5  # a card out of the hand (cards left in a lost hand go to the winner)
    spend_weight = 2.0  # cards a lost trick costs per card played into it (mine and their answer)
    spyglass_endgame = 0.3  # the Spyglass counts once the opponent holds this share of a dealt hand or less

    def choose_play(self, obs: Observation, plays: list[Play]) -> Play | Pass:
        if not plays:
            return PASS
        last = finishing(plays, obs)
        if last is not None:
            return last
        choice = self.fewest_steps(obs, plays)
        if obs.top is None or not self.weighs(obs) or isinstance(self.weigh_the_trick(obs, plays), Play):
            return choice
        return PASS

    def weighs(self, obs: Observation) -> bool:
        """Whether the hands are big enough that answering is weighed, not automatic."""
        return max(obs.hand_sizes) >= 8 * self.smooth_from

    def fewest_steps(self, obs: Observation, plays: list[Play]) -> Play:
        """The play that leaves the fewest steps, the weakest of those.

        With the Spyglass showing numbers the opponent lacks and the opponent close to going out, of the
        plays that leave the fewest steps the one it is least likely to answer, reading its hand from the
        unseen cards without those numbers (measured: spending the strongest plays first loses far more
        hands than it saves; ordering so without a number shown helped at game 2 and cost at game 6).
        """
        rules, them = obs.rules(), 1 - obs.seat
        if not obs.opponent_lacks or obs.opponent_hand_size > self.spyglass_endgame * obs.hand_sizes[them]:
            return min(plays, key=lambda p: (steps(sub(obs.hand, p.counts())), p.strength(rules), p.lo))
        their_rules = obs.rules(them)
        hands = guess_hands(obs.unseen(), obs.opponent_hand_size, obs.opponent_lacks, self.samples, self.rng)
        bests = [best_answer(h, their_rules) for h in hands]

        def answered(play: Play) -> int:
            strength = play.strength(rules)
            return sum(can_answer(b, strength, their_rules) for b in bests)

        return min(plays, key=lambda p: (steps(sub(obs.hand, p.counts())), answered(p), p.strength(rules), p.lo))

    def weigh_the_trick(self, obs: Observation, plays: list[Play]) -> Play | Pass:
        them = 1 - obs.seat
        rules, their_rules = obs.rules(), obs.rules(them)
        guesses = guess_hands(obs.unseen(), obs.opponent_hand_size, None, self.samples, self.rng)
        bests = [best_answer(h, their_rules) for h in guesses]
        area = sum(obs.area)
        my_draw = their_draw = max(obs.hand_sizes) // 5  # a pass at this game, whatever the upgrades
        choice: Play | Pass = PASS
        best_value = None
        if obs.top is not None:
            best_value = -area - (self.draw_weight + self.shed_weight) * my_draw
        # an answer never wraps under the upgrade rules 2 and 3 (Round the Bend wraps leads only)
        answer_rules = replace(rules, wrap=False) if rules.wrap_answers == 0 else rules
        for play in plays:
            strength = play.strength(rules)
            mine_after = best_answer(sub(obs.hand, play.counts()), answer_rules)
            won = area + play.cards + self.draw_weight * their_draw
            lost = -(area + self.spend_weight * play.cards) - (self.draw_weight + self.shed_weight) * my_draw
            total = 0.0
            for theirs in bests:
                if not can_answer(theirs, strength, their_rules):
                    total += won
                elif theirs is not None and can_answer(mine_after, theirs, rules):
                    total += won + play.cards
                else:
                    total += lost
            value = total / len(bests) + self.shed_weight * play.cards
            if best_value is None or value > best_value:
                best_value, choice = value, play
        return choice


RUNNER_RANKING = (
    up.SECOND_WIND, up.SALVAGE, up.ROUND_THE_BEND, up.TRIM, up.STAIRMASTER, up.SECOND_HELPING, up.DEEP_HAND,
    up.TOLL, up.REINFORCEMENTS, up.TIEBREAKER, up.SPYGLASS, up.LAST_WORD,
)


class Runner(Hard):
    """Plays the runner's side (seat 0 of a Run) like Hard, but never passes when it can play, and picks upgrades.

    ``picks``: ``"ranked"`` takes the first offered in :data:`RUNNER_RANKING`
    (or a given ranking); ``"random"`` takes any; ``"first"`` the first offered.
    It reads the Spyglass as Hard does (:meth:`Hard.fewest_steps`).
    """

    def weighs(self, obs: Observation) -> bool:
        """Never: the Runner answers whenever it can, at every size (Hard's small-hand rule).

        It stands for a person in the studies.  With Hard's weighing of big tricks it won 94% of game 6
        against Standard holding no upgrade (300 games), which leaves no upgrade room to show its worth.
        """
        return False

    level = "runner"

    def __init__(self, seed: int | None = None, picks: str = "ranked",
                 ranking: Sequence[str] = RUNNER_RANKING) -> None:
        super().__init__(seed)
        if picks not in ("ranked", "random", "first"):
            raise ValueError(f"picks: expected 'ranked', 'random' or 'first', got {picks!r}")
        self.picks = picks
        self.ranking = tuple(ranking) + tuple(u for u in up.UPGRADES if u not in ranking)

    def pick(self, obs: Observation) -> Pick:
        if self.picks == "random":
            return Pick(self.rng.choice(obs.offer))
        if self.picks == "first":
            return Pick(obs.offer[0])
        return Pick(min(obs.offer, key=self.ranking.index))
