"""Scamper opponents: Easy, Standard and Hard (Expert builds on Hard: :mod:`ai.scamper.expert`).  Each decides
from an observation alone.

* Easy draws from the stock (a wild from the discard pile), goes down at once with the
  first way it is offered, lays off what it can and discards at random.
* Standard plans toward the round's contract with the solver
  (:func:`engine.melds.solve`): it takes the discard when the plan wants it,
  keeps the plan's cards and the wilds, sheds its dearest useless card, goes
  down as soon as it can, and once down lays off everything, dearest first.
* Hard weighs every discard by what the solver says the hand lacks without it,
  won't feed the next player (nothing that player could lay off or has been
  collecting), picks the lay that leaves the least in hand, and swaps its
  naturals for others' wilds to shed them.  It may hold a contract it could lay
  (:class:`HoldRule`).

Standard and Hard think in slices (``think`` yields between the plans the solver weighs, the candidates they rate
and the stages of a turn), so a table running them between frames never spends a whole decision in one frame;
:meth:`Bot.decide` runs the same steps at once, so both give the same action.  A decision a level makes in slices
is its ``NAME_steps`` generator, with the plain ``NAME`` running it to its end; a subclass that overrides only the
plain method (Expert) is asked that in one slice (:meth:`Bot.hook`).

Each bot counts its behaviours for the arena (``counts``: name -> [fired, opportunities]).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from collections import Counter
from typing import Any, Callable, Generator, Sequence, TypeVar

from engine.cards import Card
from engine.melds import Meld, Plan, add_place, contract_lays, is_wild, max_wilds, read_meld, run_to_end, solve_steps
from engine.scamper import (
    CALL, DRAW_DISCARD, DRAW_STOCK, PASS, Action, AddToMeld, Discard, LayContract, LayMeld, Observation, Phase,
    SwapWild, card_points,
)
from engine.scamper.rules import SINGLE_MELDS, may_discard

from ..stats import tally


T = TypeVar("T")

Steps = Generator[None, None, Any]
"""A decision in slices: yields between them, returns the decision."""


class Bot:
    """An opponent of one level; :meth:`decide` (or the generator :meth:`think`, in slices) gives its action."""

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.counts: dict[str, list[int]] = {}

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        action: Action = yield from self.choose_steps(obs)
        return action

    def decide(self, obs: Observation) -> Action:
        return self.choose(obs)

    def choose(self, obs: Observation) -> Action:
        action: Action = run_to_end(self.choose_steps(obs))
        return action

    def hook(self, name: str, *args: Any) -> Steps:
        """The decision ``name`` in slices: the ``name_steps`` of the first class (in method order) that defines
        it or the plain ``name``; where that class overrides only the plain method, that method in one slice."""
        for cls in type(self).__mro__:
            if name + "_steps" in vars(cls):
                return (yield from getattr(self, name + "_steps")(*args))
            if name in vars(cls):
                return getattr(self, name)(*args)
        raise AttributeError(name)

    def choose_steps(self, obs: Observation) -> Generator[None, None, Action]:
        actions = obs.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move when it is not its turn")
        if obs.phase is Phase.OPENING:
            return DRAW_DISCARD if (yield from self.hook("takes_top", obs)) else PASS
        if obs.phase is Phase.DRAW:
            return DRAW_DISCARD if obs.discard_pile and (yield from self.hook("takes_top", obs)) else DRAW_STOCK
        if not obs.is_down:
            lays = [a for a in actions if isinstance(a, LayContract)]
            if lays:
                lay: Action = yield from self.hook("lay", obs, lays)
                yield
                if not self.holds(obs, lay):
                    return lay
                yield
        else:
            shed = self.shed(obs, actions)
            if shed is not None:
                return shed
        if CALL in actions:
            return CALL  # bots always call "Scamper!"
        action: Action = yield from self.hook("discard", obs, [a for a in actions if isinstance(a, Discard)])
        return action

    def takes_top(self, obs: Observation) -> bool:
        taken: bool = run_to_end(Bot.takes_top_steps(self, obs))
        return taken

    def takes_top_steps(self, obs: Observation) -> Generator[None, None, bool]:
        """Take the top discard if wanted, unless it would be thrown straight back.

        Two players passing one card to and fro would never empty the stock, and the game would never end.
        """
        if not (yield from self.hook("wants_top", obs)):
            return False
        top = obs.discard_pile[-1]
        hand = tuple(sorted(obs.hand + (top,)))
        after = replace(obs, hand=hand, discard_pile=obs.discard_pile[:-1], phase=Phase.PLAY)
        discards = [Discard(c) for c in sorted(set(hand)) if may_discard(hand, c) is None]
        thrown = yield from self.hook("discard", after, discards)
        return not (isinstance(thrown, Discard) and thrown.card == top)

    # the choices each level makes its own way

    def wants_top(self, obs: Observation) -> bool:
        return is_wild(obs.discard_pile[-1])

    def lay(self, obs: Observation, lays: list[LayContract]) -> Action:
        return lays[0]

    def holds(self, obs: Observation, lay: Action) -> bool:
        """Whether to keep the contract in hand this turn rather than play ``lay``."""
        return False

    def shed(self, obs: Observation, actions: list[Action]) -> Action | None:
        return next((a for a in actions if isinstance(a, (LayMeld, AddToMeld))), None)

    def discard(self, obs: Observation, discards: list[Discard]) -> Action:
        return self.rng.choice(discards)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


class Easy(Bot):
    level = "easy"


def least_steps(items: Sequence[T], key: Callable[[T], Any]) -> Generator[None, None, T]:
    """``min(items, key=key)`` in slices: it yields after rating each item (the first of the least wins, as with
    ``min``)."""
    keys = []
    for item in items:
        keys.append(key(item))
        yield
    return items[keys.index(min(keys))]


def fits_table(melds: Sequence[Meld], card: Card) -> bool:
    """Whether ``card`` could be added to some meld on the table."""
    return any(add_place(m, card) is not None for m in melds)


def spare_cards(hand: Sequence[Card], plan: Plan | None) -> Counter[Card]:
    """The hand's cards the plan doesn't use (repeats counted)."""
    spare = Counter(hand)
    if plan is not None:
        spare.subtract(plan.used())
    return +spare


class Standard(Bot):
    level = "standard"

    def plan(self, obs: Observation, hand: Sequence[Card] | None = None) -> Plan | None:
        plan: Plan | None = run_to_end(self.plan_steps(obs, hand))
        return plan

    def plan_steps(self, obs: Observation, hand: Sequence[Card] | None = None) -> Generator[None, None, Plan | None]:
        """The solver's plan for ``hand`` (the observation's by default) toward the contract, in slices."""
        return (yield from solve_steps(obs.hand if hand is None else hand, obs.contract))

    def wants_top(self, obs: Observation) -> bool:
        wanted: bool = run_to_end(Standard.wants_top_steps(self, obs))
        return wanted

    def wants_top_steps(self, obs: Observation) -> Generator[None, None, bool]:
        top = obs.discard_pile[-1]
        if obs.is_down:
            return fits_table(obs.melds, top)
        if is_wild(top):  # while the contract can still use another wild
            return sum(is_wild(c) for c in obs.hand) < sum(max_wilds(r.size) for r in obs.contract.requirements)
        plan = yield from self.plan_steps(obs)
        return plan is not None and not plan.met and plan.wants(top)

    def lay(self, obs: Observation, lays: list[LayContract]) -> Action:
        action: Action = run_to_end(Standard.lay_steps(self, obs, lays))
        return action

    def lay_steps(self, obs: Observation, lays: list[LayContract]) -> Generator[None, None, Action]:
        plan = yield from self.plan_steps(obs)
        if plan is not None and plan.met:
            mine = LayContract(plan.melds())
            if obs.why_illegal(mine) is None:
                return mine
        return lays[0]

    def shed(self, obs: Observation, actions: list[Action]) -> Action | None:
        melds = [a for a in actions if isinstance(a, LayMeld)]
        if melds:
            return max(melds, key=lambda a: (len(a.cards), sum(card_points(c) for c in a.cards)))
        adds = [a for a in actions if isinstance(a, AddToMeld)]
        if adds:
            return max(adds, key=lambda a: card_points(a.card))
        return None

    def discard(self, obs: Observation, discards: list[Discard]) -> Action:
        action: Action = run_to_end(Standard.discard_steps(self, obs, discards))
        return action

    def discard_steps(self, obs: Observation, discards: list[Discard]) -> Generator[None, None, Action]:
        plan = None if obs.is_down else (yield from self.plan_steps(obs))
        spare = spare_cards(obs.hand, plan)

        def keep(d: Discard) -> tuple[int, int]:
            useful = 2 if not spare[d.card] else 1 if plan is not None and plan.wants(d.card) else 0
            return useful, -card_points(d.card)

        return min(discards, key=keep)


@dataclass(frozen=True, slots=True)
class HoldRule:
    """When Hard keeps in hand a contract it could lay.

    It holds while nobody else is down, the stock still has ``min_stock`` cards,
    laying would leave at least ``min_stuck`` cards it could not shed at once, and
    what the lay would shed is worth at most ``max_risk`` points (the price of
    holding if someone goes out).  Otherwise it goes down.
    """

    min_stock: int = 45
    min_stuck: int = 4
    max_risk: int = 80


class Hard(Standard):
    level = "hard"

    def __init__(self, seed: int | None = None, hold: HoldRule | None = HoldRule()) -> None:
        super().__init__(seed)
        self.hold = hold

    def wants_top(self, obs: Observation) -> bool:
        wanted: bool = run_to_end(Hard.wants_top_steps(self, obs))
        return wanted

    def wants_top_steps(self, obs: Observation) -> Generator[None, None, bool]:
        top = obs.discard_pile[-1]
        if obs.is_down or is_wild(top):
            return (yield from super().wants_top_steps(obs))
        now = yield from self.plan_steps(obs)
        then = yield from self.plan_steps(obs, obs.hand + (top,))
        if then is None:
            return False
        return now is None or then.missing < now.missing

    def lay(self, obs: Observation, lays: list[LayContract]) -> Action:
        action: Action = run_to_end(Hard.lay_steps(self, obs, lays))
        return action

    def lay_steps(self, obs: Observation, lays: list[LayContract]) -> Generator[None, None, Action]:
        options = list(lays)
        plan = yield from self.plan_steps(obs)
        if plan is not None and plan.met:
            options.append(LayContract(plan.melds()))
        options += [LayContract(m) for m in contract_lays(obs.hand, obs.contract, 8)]
        yield
        legal = []
        for option in dict.fromkeys(options):
            if obs.why_illegal(option) is None:
                legal.append(option)
            yield
        if not legal:
            return lays[0]
        return (yield from least_steps(legal, lambda a: self.lay_cost(obs, a)))

    def lay_cost(self, obs: Observation, lay: LayContract) -> tuple[int, ...]:
        """How :meth:`lay` ranks the ways to go down (least first): the points left after it."""
        return (self.left_after(obs, lay),)

    @staticmethod
    def stuck_after(obs: Observation, lay: LayContract, more_melds: bool = False) -> list[Card]:
        """The cards still in hand after ``lay`` (and, if ``more_melds``, more melds of three found one by one)
        and every single lay-off they allow."""
        rest = Counter(obs.hand)
        rest.subtract(c for m in lay.melds for c in m)
        cards = sorted((+rest).elements())
        table = list(obs.melds) + [read_meld(m) for m in lay.melds]
        while more_melds:
            extra = next((lays[0][0] for c in SINGLE_MELDS if (lays := contract_lays(cards, c, 1))), None)
            if extra is None:
                break
            table.append(read_meld(extra))
            for card in extra:
                cards.remove(card)
        return [c for c in cards if not fits_table(table, c)]

    @classmethod
    def left_after(cls, obs: Observation, lay: LayContract) -> int:
        """Points still in hand after ``lay`` and every single lay-off it allows."""
        return sum(map(card_points, cls.stuck_after(obs, lay)))

    def holds(self, obs: Observation, lay: Action) -> bool:
        if not isinstance(lay, LayContract):
            return False
        rule = self.hold
        stuck = self.stuck_after(obs, lay, more_melds=True)
        held = rule is not None and (
            not any(down for seat, down in enumerate(obs.down) if seat != obs.seat)
            and obs.stock_size >= rule.min_stock
            and len(stuck) >= rule.min_stuck
            and sum(map(card_points, obs.hand)) - sum(map(card_points, stuck)) <= rule.max_risk
        )
        tally(self.counts, "hold", held)
        return held

    def shed(self, obs: Observation, actions: list[Action]) -> Action | None:
        if not obs.rules.keep_majority:
            swaps = [a for a in actions if isinstance(a, SwapWild) and not self._fits_elsewhere(obs, a)]
            if swaps and len(obs.hand) > 1:
                return swaps[0]
        return super().shed(obs, actions)

    @staticmethod
    def _fits_elsewhere(obs: Observation, swap: SwapWild) -> bool:
        return fits_table(obs.melds, swap.card)

    @staticmethod
    def feeds(obs: Observation, card: Card) -> int:
        """How much ``card`` would help the next player: 2 if it could lay it off (or a wild), 1 if it is
        near a card that player took from the discard pile, else 0."""
        nxt = (obs.seat + 1) % obs.num_seats
        if is_wild(card):
            return 2
        if obs.down[nxt] and fits_table(obs.melds, card):
            return 2
        return int(any(not is_wild(t) and (t.rank == card.rank or t.suit == card.suit and abs(t.rank - card.rank) <= 2)
                       for t in obs.taken[nxt]))

    def discard(self, obs: Observation, discards: list[Discard]) -> Action:
        action: Action = run_to_end(Hard.discard_steps(self, obs, discards))
        return action

    def discard_steps(self, obs: Observation, discards: list[Discard]) -> Generator[None, None, Action]:
        def feeds(card: Card) -> int:
            return self.feeds(obs, card)

        if obs.is_down:
            return (yield from least_steps(discards, lambda d: (feeds(d.card), -card_points(d.card))))
        base = yield from self.plan_steps(obs)
        spare = spare_cards(obs.hand, base)
        free = [d for d in discards if spare[d.card]]
        if free and base is not None:  # dropping a card the plan doesn't use costs nothing
            return (yield from least_steps(
                free, lambda d: (feeds(d.card) > 1, base.wants(d.card), feeds(d.card), -card_points(d.card))))
        scored = []
        for d in discards:
            rest = list(obs.hand)
            rest.remove(d.card)
            plan = yield from self.plan_steps(obs, rest)
            missing = plan.missing if plan is not None else len(rest)
            scored.append(((missing, feeds(d.card), -card_points(d.card)), d))
        return min(scored, key=lambda s: s[0])[1]


__all__ = ["Bot", "Easy", "Standard", "Hard", "HoldRule", "fits_table", "least_steps", "spare_cards"]
