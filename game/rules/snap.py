"""The in-game rules of Snap, in the project's own words."""

from __future__ import annotations

from .pages import Example, Section

SNAP_RULES: tuple[Section, ...] = (
    Section(
        "The goal",
        (
            "Be the last player still holding cards. You win cards by being the first to shout when two "
            "face-up cards show the same rank; suits never matter.",
            "Two to six players. Up to four play with one deck; five or six shuffle two decks together "
            "(you can choose one, two or three decks on the New game screen).",
        ),
        (Example("7H 7S", "a snap: two sevens"), Example("7H 8H", "not a snap: same suit counts for nothing", ok=False)),
    ),
    Section(
        "Dealing and flipping",
        (
            "Every card is dealt out one at a time, face down, so everyone gets a stack of about the same size. "
            "Nobody looks at their stack.",
            "The player after the dealer flips first, then play goes round the table. When it is your turn you "
            "turn the top card of your stack face up. Flip quickly and away from you: everyone must see it at "
            "the same moment.",
        ),
    ),
    Section(
        "Own piles or a shared pile",
        (
            "Own piles (the usual game): each player flips onto a face-up pile of their own. It is a snap when "
            "the top cards of two piles match. If three or more tops match, a Snap! takes all of those piles. "
            "When your face-down stack is used up, your face-up pile is shuffled and becomes your new stack.",
            "Shared pile: everyone flips onto one pile in the middle. It is a snap when the card just flipped "
            "matches the card it landed on, and a Snap! takes the whole pile. In this game, once you have "
            "flipped your last card you are out.",
            "Cards you win are shuffled and slid under your face-down stack.",
        ),
        (Example("7C 2H QD 5S 3H QS", "own piles: the queens on two tops are a snap", piles=(3, 3)),),
    ),
    Section(
        "Shouting at the same moment",
        (
            "Calls that come within a split second of each other count as a tie (40 thousandths of a second "
            "unless you change the tie window in the options). Nobody flips while a call is being settled.",
            "After a tie nobody gets the cards: they go face up into the middle as the snap pot. The other "
            "cards of those piles go in first and the matching cards last, so the matching cards lie on top.",
            "Whenever a top card matches the pot's top card, shout Snap Pot! The first to do so wins the pot "
            "and the pile that matched it. Another tie, on either call, just makes the pot bigger.",
            "A plain match and a pot match can show together: then either call is right and wins its own cards.",
            "Too late is not wrong: if the match was on the table a moment ago (a quarter of a second by "
            "default) and someone has just taken it, or a flip has just covered it, your right call costs you "
            "nothing. Nobody can stop a shout that is already on its way.",
        ),
        (Example("4H 9C 6S 9D", "a tie on these nines puts them in the pot...", piles=(2, 2)),
         Example("9H", "...and a later nine wins it with Snap Pot!")),
    ),
    Section(
        "Mistakes cost cards",
        (
            "Shouting Snap! when nothing matches (and nothing did a moment ago), Snap Pot! when the pot isn't "
            "matched, or the wrong one of the two, is a mistake. You give one card from your face-down stack to each other player still in, "
            "going round from the player after you; they tuck it under their stack.",
            "If you can't give everyone a card, you hand over what you have and you are out. You are also out "
            "the moment you have no cards at all, for example when someone snaps your only pile.",
        ),
    ),
    Section(
        "How it ends",
        (
            "The last player with cards wins.",
            "Sometimes every card that could still make a match is stuck in the pot, and no amount of flipping "
            "will ever show a match again. The game notices and calls it a draw between everyone still in, "
            "with own piles and with the shared pile alike.",
            "With a time limit (3, 5 or 10 minutes), whoever holds the most cards when time runs out wins.",
            "For small children, auto-flip turns the cards over by itself every few seconds, so all they have "
            "to do is watch and shout.",
        ),
    ),
    Section(
        "Computer opponents",
        (
            "Computer players react like people: each one takes a moment to notice a match, sometimes doesn't "
            "notice at all, and now and then shouts at nothing.",
            "Easy is slow and makes mistakes; Medium is about as quick as an attentive grown-up; Hard is very "
            "quick and hardly ever wrong. Custom lets you choose how fast it reacts.",
            "The end screen shows everyone's fastest and average snap and how many false calls they made.",
        ),
    ),
)
