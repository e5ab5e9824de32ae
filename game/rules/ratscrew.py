"""The in-game rules of Celtic-Egyptian Ratscrew, in the project's own words."""

from __future__ import annotations

from .pages import Example, Section

RATSCREW_RULES: tuple[Section, ...] = (
    Section(
        "The goal",
        (
            "End up with the whole deck. Two to six players each hold a face-down pile, and the cards change "
            "hands whenever someone wins the stack in the middle.",
            "The deck is dealt out one card at a time, round the table, so some piles may have one card more "
            "than others. Whoever got the first card lays first; play then goes clockwise.",
        ),
    ),
    Section(
        "Laying and the call",
        (
            "On your turn, turn over the top card of your pile onto the stack. Nobody sees it before you lay it, "
            "not even you.",
            "Every card laid in turn gets a call, shown big on the table: the first card of the game is \"ace\", "
            "the next \"2\", and so on up to \"jack\", \"queen\" and \"king\", then back to \"ace\". The call keeps "
            "running from stack to stack unless the house rule restarts it with each new stack.",
        ),
    ),
    Section(
        "Snap!",
        (
            "Anyone may snap at any moment, whoever's turn it is. If the stack shows a snap, the fastest snapper "
            "wins the whole stack: it is turned face down and slid under their pile in one piece, and they lay next.",
            "There are five kinds of snap (each can be switched off on the New game screen):",
            "Calling out: the card just laid is the rank that was called for it. It only counts until the next "
            "card goes down.",
            "Pair (the standard snap): two cards of the same rank lie next to each other, anywhere in the stack.",
            "Sandwich: two cards of the same rank have exactly one card between them, anywhere in the stack.",
            "Dark queen: the queen of spades is on top.",
            "Counting out: see the next page.",
        ),
        (
            Example("5D 9C 9H", "a pair: the two 9s touch"),
            Example("7C 2D 7H", "a sandwich: the 2 sits between two 7s"),
            Example("3H 8C QS", "the dark queen on top"),
            Example("4S 6D 9H 4C", "no snap: the two 4s have two cards between them", ok=False),
        ),
    ),
    Section(
        "Counting out",
        (
            "A jack, queen, king or ace laid in turn starts a count: a jack counts 1, a queen 2, a king 3, an ace 4. "
            "A gold badge on that card shows how many cards are still to come; every card laid in turn after it "
            "takes one off. Another jack, queen, king or ace starts a fresh count of its own.",
            "When the count reaches zero and no other snap is showing, the stack goes straight to whoever laid the "
            "card with the badge, with no need to snap.",
            "If another snap is showing at that moment, the stack is up for grabs instead: anyone may snap it, and "
            "the finished count is a good reason too. Once the next card goes down, the count is over.",
        ),
        (
            Example("KH 4C 8D 2S", "king: 3 to go, then 2, 1, 0 - the king's player takes the stack"),
        ),
    ),
    Section(
        "Ties",
        (
            "Snaps are timed to the millisecond, and the first good snap wins. A snap that arrives after the stack "
            "has gone costs you nothing.",
            "If two or more players snap at exactly the same millisecond, the stack goes to the one sitting nearest "
            "on the left of the player who laid the top card (the next seat clockwise from them, then the one after, "
            "and so on; the player who laid it comes last).",
        ),
    ),
    Section(
        "Penalties",
        (
            "Snap when there is nothing to snap, and you are barred: you can't snap again until someone else wins "
            "the stack. The table marks you as barred.",
            "Lay when it isn't your turn, and the card goes face up under the bottom of the stack - it gets no call "
            "and doesn't touch the count - and you are barred the same way. (A house rule lets you keep the card "
            "instead; you are still barred.)",
            "A bar holds until another player wins the stack. Running out of cards doesn't free anyone: a player "
            "with an empty pile may still snap, so while any one player is free to snap, the barred ones stay "
            "barred, even if that free player has no cards left.",
            "Only if every player at the table is barred at once is everyone let off together, so that somebody "
            "can snap again. A snap while you are barred is turned down with a reminder and costs you nothing more.",
        ),
    ),
    Section(
        "Running out and winning",
        (
            "With an empty pile you are skipped when it would be your turn, but you are not out of the game: "
            "snap a stack and you are back in.",
            "If nobody has a card left to lay and the stack shows no snap, the player who laid the last card takes "
            "the stack back.",
            "The game ends the moment one player holds every card. That player wins.",
        ),
    ),
)
