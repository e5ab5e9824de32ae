"""The runner's upgrades: one is picked from three offered after each game won.

Each upgrade is data: an id (what records store), a name, a one-line effect,
an icon the table draws from shapes, and how often it may be held
(``max_stacks`` 1: it doesn't stack).  The rules themselves live where they
act (the run's draws, passes and plays read :meth:`Held.count`).

The upgrade rules have versions: :data:`RULES` is the current one (4),
:data:`THIRD_RULES`, :data:`SECOND_RULES` and :data:`FIRST_RULES` the earlier
ones, kept so that a record made under them replays exactly (a record says
which through its ``upgrades`` option: ``true`` for the first rules, ``2`` for
the second, ``3`` for the third, ``4`` for these).  :data:`FIRST_EFFECTS`,
:data:`SECOND_EFFECTS` and :data:`THIRD_EFFECTS` have the earlier rules' words
for the upgrades whose effect changed; :data:`HELPS` says, per upgrade, when it
helps (the pick screen shows it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from .plays import Rules


@dataclass(frozen=True, slots=True)
class Icon:
    """A small drawn icon: a ``shape`` filled with ``colour``, a short ``mark`` written on it.

    Shapes: circle, square, diamond, triangle, hexagon, shield, star, arrow, ring, hourglass.
    """

    shape: str
    colour: str  # "#rrggbb"
    mark: str


@dataclass(frozen=True, slots=True)
class Upgrade:
    id: str
    name: str
    effect: str
    icon: Icon
    max_stacks: int = 1

    @property
    def stacks(self) -> bool:
        return self.max_stacks > 1


REINFORCEMENTS = "reinforcements"
TRIM = "trim"
STAIRMASTER = "stairmaster"
TIEBREAKER = "tiebreaker"
SECOND_HELPING = "second-helping"
ROUND_THE_BEND = "round-the-bend"
SPYGLASS = "spyglass"
DEEP_HAND = "deep-hand"
SECOND_WIND = "second-wind"
TOLL = "toll"
LAST_WORD = "last-word"
SALVAGE = "salvage"

UPGRADES: dict[str, Upgrade] = {
    u.id: u
    for u in (
        Upgrade(REINFORCEMENTS, "Reinforcements", "A quarter of a fresh deck is shuffled into your deck: one card of each number in "
                "game 1, twice as many each game after.",
                Icon("shield", "#c0392b", "+"), max_stacks=3),
        Upgrade(TRIM, "Trim", "You may play fewer copies than you hold: at least half (rounded up) when you lead, "
                "just enough to beat the play when you answer.",
                Icon("diamond", "#16a085", "-1")),
        Upgrade(STAIRMASTER, "Stairmaster", "Your stairs of three or more numbers count one number longer; with four or more of "
                "each, a quarter more cards too.",
                Icon("triangle", "#8e44ad", "+1"), max_stacks=3),
        Upgrade(TIEBREAKER, "Tiebreaker", "An answer of as many cards and as many numbers as the play beats it, even with "
                "a lower top number.",
                Icon("square", "#2c3e50", "="),),
        Upgrade(SECOND_HELPING, "Second Helping", "When you pass, an eighth of the opponent's cards in the play area go under your "
                "deck instead of theirs.",
                Icon("circle", "#27ae60", "+1/4"), max_stacks=2),
        Upgrade(ROUND_THE_BEND, "Round the Bend", "Your leads may run on from 8 to 1 (7-8-1-2 has 2 as its top); so may "
                "answers with four or more copies of each number.", Icon("ring", "#2980b9", "8>1")),
        Upgrade(SPYGLASS, "Spyglass", "You see the numbers the opponent was dealt none of; once a tenth of its hand or "
                "less is left, those it has none of now.",
                Icon("hexagon", "#7f8c8d", "?")),
        Upgrade(DEEP_HAND, "Deep Hand", "Your hands are dealt bigger: one more card for every 40 in a hand (at least one "
                "more).",
                Icon("hourglass", "#d35400", "+1/40"), max_stacks=3),
        Upgrade(SECOND_WIND, "Second Wind", "Once per run, a lost game does not end the run: you get a second try at "
                "it, with half a fresh deck against an opponent with five times as many cards.",
                Icon("star", "#f1c40f", "2nd")),
        Upgrade(TOLL, "Toll", "Each time the opponent passes, an eighth of the cards it draws (at least one) "
                "go from its deck to the bottom of yours.", Icon("arrow", "#c0392b", "1/8"), max_stacks=2),
        Upgrade(LAST_WORD, "Last Word", "Once per game you may answer the play that empties the opponent's hand: you take "
                "the play area, it still wins the deal.",
                Icon("arrow", "#e67e22", "last")),
        Upgrade(SALVAGE, "Salvage", "When you pass, a sixth of your own cards in the play area go back under your "
                "deck.",
                Icon("square", "#95a5a6", "<<")),
    )
}

OFFER_SIZE = 3

STAIR_CARDS = 4
"""Rules 4: a Stairmaster stair counts one card in this many more per stack ..."""
STAIR_COPIES = 4
"""... when it holds this many copies of each number or more."""
WRAPPED_ANSWER_COPIES = 4
"""Rules 4: Round the Bend's answers may wrap when they hold this many copies of each number or more."""
REINFORCEMENTS_PER_NUMBER = 1
"""Rules 4: Reinforcements shuffles in this many of each number per stack at game 1, doubling every game (a
quarter of a fresh deck; earlier rules: two, half a fresh deck)."""
SPYGLASS_NEAR_OUT = 10
"""Rules 4: the Spyglass shows what the opponent holds none of once it holds a dealt hand over this or fewer."""

FIRST_RULES = 1
SECOND_RULES = 2
THIRD_RULES = 3
RULES = 4
"""Rules 4 (measured with the arena's upgrade study at game 2 against Hard and at game 6 against Standard, issue
25: from game 6 on every hand holds every number by the dozen, so rules 3's Stairmaster, Round the Bend,
Spyglass and Last Word were worth nothing there).  Stairmaster's stairs of four or more copies also count a
quarter more cards; Round the Bend's answers may wrap too when they hold four or more copies of each number;
the Spyglass also shows, once the opponent is down to a tenth of a dealt hand, the numbers it holds none of;
Last Word answers, once per game, the play that empties the opponent's hand, and so takes the play area
(answering every lead was worth nothing at game 6, where the leader is ahead; letting the hand go on was worth
too much at both games).  The quarter and the four copies (one card in eight for any stair was worth too much
at game 2 and nothing at game 6), the four copies of a wrapped answer and the Spyglass's tenth were chosen by
the study at both games.  Reinforcements shuffles in a quarter of a fresh deck, not half (half was worth
+0.125 at both games at a fresh seed, over the limit).

Rules 3 (measured with the arena's upgrade study, issue 25): Trim leads keep at least half the copies held; Stairmaster's
bonus only for stairs of three or more numbers; Tiebreaker's answer needs only as many cards and numbers;
Second Helping takes one in eight of the opponent's cards in the play area when you pass (drawing more was
worth nothing); Second Wind's replay is against two and a half fresh decks; Salvage keeps one in six of your cards in
the play area, counted over all numbers and chosen at random (a quarter of each number kept nothing from
the small plays of early games); Deep Hand deals one card in forty more, at least one; Toll takes one card
in eight of the opponent's draw.  Counts are rounded down.

Rules 2 (balance measured with the arena's upgrade study): Deep Hand deals one card in twenty more, not
ten; Second Wind replays the lost game with half a fresh deck against a deck and a half; Toll takes cards
from the opponent's deck when it passes instead of halving its draw (which helped it); Round the Bend wraps
leads only; the Spyglass shows the numbers missing from the opponent's hand as dealt, not as held; Second
Helping draws a quarter more per stack, not half; Salvage keeps a quarter of your cards, not half."""

FIRST_EFFECTS = {
    ROUND_THE_BEND: "Your runs and stairs may wrap from 8 round to 1 (7-8-1-2 tops out at 2).",
    DEEP_HAND: "You are dealt one card in ten more each deal.",
    SECOND_WIND: "Once per run, a lost game is played again with fresh decks.",
    TOLL: "The opponent draws half as many cards when it passes (at least one).",
    SPYGLASS: "You see which numbers the opponent holds none of.",
    SECOND_HELPING: "Passing draws you half as many cards again.",
    SALVAGE: "When you pass, half your own cards in the play area go under your deck.",
}
"""The first rules' effects, in their words, where rules 2 changed them."""

SECOND_EFFECTS = {
    TRIM: "You may play fewer copies than you hold.",
    STAIRMASTER: "Your stairs count one number more in strength.",
    TIEBREAKER: "Your answer may be exactly as strong as the play it beats.",
    SECOND_HELPING: "Passing draws you a quarter as many cards again.",
    SECOND_WIND: "Once per run, a lost game is played again: you with half a fresh deck, the opponent with a deck "
                 "and a half.",
    SALVAGE: "When you pass, a quarter of your own cards in the play area go under your deck.",
    DEEP_HAND: "You are dealt one card in twenty more each deal.",
    TOLL: "When the opponent passes, it pays a toll: one card in sixteen of its draw (at least one) goes from its "
          "deck under yours.",
}
"""Rules 2's effects, in their words, where rules 3 changed them (the first rules too, unless they differ)."""

THIRD_EFFECTS = {
    REINFORCEMENTS: "Half a fresh deck is shuffled into yours: two of each number in game 1, doubling every game.",
    STAIRMASTER: "Your stairs of three or more numbers count one number more in strength.",
    ROUND_THE_BEND: "Your leads may wrap from 8 round to 1 (7-8-1-2 tops out at 2); answers go straight.",
    SPYGLASS: "At each deal you see which numbers the opponent was dealt none of.",
    LAST_WORD: "The opponent leads every deal, won or lost: you answer.",
}
"""Rules 3's effects, in their words, where rules 4 changed them (earlier rules too, unless they differ)."""

HELPS = {
    REINFORCEMENTS: "Helps most when your deck is short: more cards before it can't deal you a full hand.",
    TRIM: "Helps when you want to beat a big play without spending your whole stack.",
    STAIRMASTER: "Helps when you hold long, deep stairs: they beat plays of more cards.",
    TIEBREAKER: "Helps in close tricks: an answer with just as many cards and numbers is enough.",
    SECOND_HELPING: "Helps when you pass often: every pass takes cards from their side of the table.",
    ROUND_THE_BEND: "Helps when you hold 7s and 8s together with 1s and 2s, by the handful in big games.",
    SPYGLASS: "Helps near the end of a deal: you know which numbers they can't answer with.",
    DEEP_HAND: "Helps when the opponent's answers run out: you hold more to play.",
    SECOND_WIND: "Helps once, when a game goes wrong: better than the run ending.",
    TOLL: "Helps against an opponent that passes a lot: each pass feeds your deck.",
    LAST_WORD: "Helps once a game, when they go out on a big trick: its cards come to you.",
    SALVAGE: "Helps when you pass after a big play: part of it comes back to you.",
}
"""When each upgrade helps, in a line (the pick screen shows it under the effect)."""


def effect(upgrade_id: str, rules: int = RULES) -> str:
    """``upgrade_id``'s one-line effect under upgrade rules ``rules``."""
    for version, words in ((FIRST_RULES, FIRST_EFFECTS), (SECOND_RULES, SECOND_EFFECTS), (THIRD_RULES, THIRD_EFFECTS)):
        if rules <= version and upgrade_id in words:
            return words[upgrade_id]
    return UPGRADES[upgrade_id].effect


def helps(upgrade_id: str, rules: int = RULES) -> str:
    """When ``upgrade_id`` helps (empty for an older rules' version whose effect differs from today's)."""
    return HELPS[upgrade_id] if effect(upgrade_id, rules) == UPGRADES[upgrade_id].effect else ""


def taking(upgrade_id: str, held: int = 0) -> str:
    """How often ``upgrade_id`` may be taken, in a few plain words (``held``: how many the runner holds now)."""
    u = UPGRADES[upgrade_id]
    if not u.stacks:
        return "Once only"
    return f"Up to {u.max_stacks} times" + (f" (you hold {held})" if held else "")


def spyglass_sees_now(rules: int, held: int, dealt: int) -> bool:
    """Whether the Spyglass shows the numbers the opponent holds none of now (else: as dealt).

    The first rules: always; rules 2 and 3: never; rules 4: once it holds ``held`` cards, a tenth of the
    ``dealt`` hand or fewer.
    """
    return rules == FIRST_RULES or (rules >= RULES and held * SPYGLASS_NEAR_OUT <= dealt)


class Held:
    """The upgrades a runner holds: id -> stacks (in the order picked)."""

    __slots__ = ("stacks",)

    def __init__(self, stacks: Mapping[str, int] | None = None) -> None:
        self.stacks: dict[str, int] = dict(stacks or {})

    def count(self, upgrade_id: str) -> int:
        return self.stacks.get(upgrade_id, 0)

    def has(self, upgrade_id: str) -> bool:
        return self.count(upgrade_id) > 0

    def add(self, upgrade_id: str) -> int:
        """Hold one more of ``upgrade_id``; return how many are now held."""
        self.stacks[upgrade_id] = self.count(upgrade_id) + 1
        return self.stacks[upgrade_id]

    def can_take(self, upgrade_id: str) -> bool:
        return self.count(upgrade_id) < UPGRADES[upgrade_id].max_stacks

    def rules(self, version: int = RULES) -> Rules:
        """The play rules these upgrades give under upgrade rules ``version``."""
        if not self.stacks:
            return Rules()
        third = version >= THIRD_RULES
        return Rules(
            trim=self.has(TRIM),
            wrap=self.has(ROUND_THE_BEND),
            stair_bonus=self.count(STAIRMASTER),
            ties_win=self.has(TIEBREAKER),
            trim_half=third,
            bonus_from=3 if third else 2,
            card_ties=third,
            wrap_answers=1 if version == FIRST_RULES else WRAPPED_ANSWER_COPIES if version >= RULES else 0,
            stair_cards=STAIR_CARDS if version >= RULES else 0,
            card_copies=STAIR_COPIES,
        )

    def as_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple(self.stacks.items())

    def clone(self) -> Held:
        return Held(self.stacks)


def offer(held: Held, rng: random.Random) -> tuple[str, ...]:
    """Up to three different upgrades the runner may still take, drawn at random."""
    pool = [u for u in UPGRADES if held.can_take(u)]
    return tuple(rng.sample(pool, min(OFFER_SIZE, len(pool))))
