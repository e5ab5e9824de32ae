"""The in-game rules of Double or Nothing, in the project's own words.

Number cards are written ``N1`` to ``N8`` in the examples.
"""

from __future__ import annotations

from engine.double_or_nothing.upgrades import UPGRADES, taking

from .pages import Example, Section


def _upgrade_lines(part: int) -> tuple[str, ...]:
    """The upgrades' lines, half of them per page (``part`` 0 or 1): all twelve overflow a page at 960x600."""
    lines = []
    for u in UPGRADES.values():
        lines.append(f"{u.name}: {u.effect} {taking(u.id)}.")
    half = (len(lines) + 1) // 2
    return tuple(lines[half * part:half * (part + 1)])


DOUBLE_OR_NOTHING_RULES: tuple[Section, ...] = (
    Section(
        "The goal",
        (
            "Double or Nothing is a duel of climbing plays. In the Run you face the computer one game after "
            "another: every game you win makes everything twice as big, and the first game you lose ends the run.",
            "The goal of a run is to clear it: the Run has 32 games, and winning game 32 clears the run and ends "
            "it in triumph. How far can you climb?",
        ),
    ),
    Section(
        "Cards, decks and hands",
        (
            "The cards are the numbers 1 to 8. In game 1 both sides start with a deck of 32 cards: four of "
            "each number.",
            "Each deal, both sides draw a full hand from their own deck: 10 cards in game 1, 20 in game 2, "
            "40 in game 3, doubling every game. By game 10 a hand is 5,120 cards, so the table shows how many "
            "of each number you hold rather than every card.",
        ),
        (Example("N1 N3 N3 N4 N5 N5 N5 N7 N8 N8", "a game 1 hand: one 1, two 3s, one 4, three 5s, one 7, two 8s"),),
    ),
    Section(
        "What you can play",
        (
            "Choose one number, or a row of neighbouring numbers, and you play the same number of copies of "
            "each. A set is copies of a single number, as many as you like. A run is one copy each of two to "
            "eight neighbouring numbers. A stair is two or more copies each of two or more neighbouring numbers.",
            "You always play as many copies as you can: the number you hold fewest of decides. Holding three "
            "5s, two 6s and four 7s, choosing 5 to 7 plays two of each.",
        ),
        (
            Example("N5 N5 N5", "a set of three 5s"),
            Example("N2 N3 N4 N5 N6", "a run from 2 to 6"),
            Example("N5 N5 N6 N6 N7 N7", "a stair: two each of 5 to 7"),
            Example("N3 N5", "not a play: 3 and 5 are not neighbours", ok=False),
        ),
    ),
    Section(
        "Which play is stronger",
        (
            "First, the play with more cards is stronger. With the same number of cards, the one with more "
            "different numbers wins. If that is equal too, the higher top number wins.",
            "So four 8s lose to the run 1-2-3-4 (same cards, more numbers), and the run 2 to 5 beats 1 to 4 "
            "(higher top). Two plays that are equal in all three ways don't beat each other.",
        ),
        (
            Example("N8 N8 N8 N8", "four cards, one number..."),
            Example("N1 N2 N3 N4", "...lose to four cards of four numbers"),
        ),
    ),
    Section(
        "Leading, answering and passing",
        (
            "The leader plays anything. Then the sides take turns: answer with a stronger play, or pass.",
            "Passing costs you: you draw extra cards (2 in game 1, doubling every game), the cards in the play "
            "area are shuffled and slid under the other side's deck, and the other side leads next.",
            "If your deck is running low and holds fewer cards than the pass asks for, you simply draw whatever "
            "is left (possibly nothing); running short only loses when a new deal asks for a full hand.",
        ),
    ),
    Section(
        "Winning a deal",
        (
            "The moment a side plays its last card it wins the deal. Everything in the play area and every "
            "card left in the other side's hand is shuffled and slid under the winner's deck. The winner leads "
            "the next deal.",
        ),
    ),
    Section(
        "Winning and losing a game",
        (
            "Before each deal both sides must draw a full hand. A side whose deck is too small loses the game.",
            "If neither deck is big enough, you lose first: in the Run the runner's deck is checked before the "
            "computer's, and in a Duel the first seat's before the second's.",
        ),
    ),
    Section(
        "Double or nothing",
        (
            "Win a game and every card you own is doubled: your deck comes back twice as big. Hands and passes "
            "double too, and the computer comes back with a fresh deck at the new size: 64 cards in game 2, "
            "128 in game 3, and so on.",
            "Then you choose one upgrade out of three offered at random. Some can be taken more than once. "
            "Lose a game and the run is over; win game 32 and the run is cleared, with nothing left to climb.",
        ),
    ),
    Section("Upgrades", _upgrade_lines(0)),
    Section("More upgrades", _upgrade_lines(1)),
    Section(
        "The Duel",
        (
            "A Duel is a single game for two seats, played at a game number you choose (so you can try the "
            "huge hands of game 20 straight away), either against the computer or with a friend on the same "
            "screen. There are no upgrades in a Duel.",
        ),
    ),
)
