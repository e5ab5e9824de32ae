"""The in-game rules of Sprint, Snap, Score, in the project's own words."""

from __future__ import annotations

from .pages import Example, Section

SPRINT_RULES: tuple[Section, ...] = (
    Section(
        "The goal",
        (
            "Score the most points in the round. Points come from the matches you lay on the table; "
            "every card still in your hand when the round ends costs you a point.",
            "A game is one round unless you choose more rounds under New game: then each round is dealt "
            "afresh, the scores add up on a running sheet and the highest total after the last round wins.",
            "Two to five players each start with six cards. One card is turned face up to begin the discard "
            "pile and the rest of the deck becomes the stock.",
        ),
        (Example("4C 9D 9S JH QH KH", "a starting hand: a pair of 9s and a run of hearts in it"),),
    ),
    Section(
        "Your turn, step by step",
        (
            "1. Draw one card: the hidden top card of the stock, or the face-up top card of the discard pile.",
            "2. Lay matches if you can and want to, one after another.",
            "3. Discard one card face up. That ends your turn.",
            "On the table: click the stock or the discard pile to draw, click cards to select them and press Lay, "
            "then drag a card onto the discard pile (or select it and click the pile).",
        ),
    ),
    Section(
        "Sets and runs",
        (
            "A set is two, three or four cards of the same rank; the suits don't matter.",
            "A run is three or more cards of one suit in unbroken order. Aces only count high: "
            "queen-king-ace is a run, king-ace-two is not.",
        ),
        (
            Example("7C 7H", "a set of two"),
            Example("QD QS QH", "a set of three"),
            Example("QS KS AS", "a run: aces are high"),
            Example("KS AS 2S", "not a run", ok=False),
        ),
    ),
    Section(
        "The replacement draw",
        (
            "Straight after laying a match you take as many cards from the stock as the match had: lay a "
            "three-card run, draw three. If the stock holds fewer, you take what is left. The new cards can "
            "go into another match in the same turn.",
        ),
        (
            Example("5C 5D 5S", "lay a set of three..."),
            Example("JD 2H 8S", "...and draw three new cards"),
        ),
    ),
    Section(
        "The one-card rules",
        (
            "You always keep at least one card: a match may not use up your whole hand, so with exactly two "
            "cards you can't lay them as a pair.",
            "If you are down to a single card when it is time to discard, you keep it and your turn simply ends.",
        ),
        (
            Example("8D 8S", "your only two cards: can't be laid", ok=False),
            Example("3C", "one card left: keep it"),
        ),
    ),
    Section(
        "The end of the round",
        (
            "When the last card leaves the stock, the current turn is finished first. Then every player, "
            "starting with the next one and ending with the player who emptied the stock, has one final turn. "
            "With the stock gone you can still take the top of the discard pile; if both piles are empty, "
            "you skip the draw.",
        ),
    ),
    Section(
        "Scoring",
        (
            "Bigger matches are worth much more: a match of N cards scores 1 + 2 + ... + N.",
            "So 2 cards score 3 points, 3 cards 6, 4 cards 10, 5 cards 15, 6 cards 21 and 7 cards 28.",
            "Each card left in your hand at the end: -1. The highest total wins; tied players share the win.",
        ),
        (Example("5H 6H 7H 8H 9H", "a five-card run: 15 points"),),
    ),
    Section(
        "Computer opponents",
        (
            "Apprentice plays at random: ideal for learning the rules.",
            "Standard takes the discard only to complete a match, lays everything and throws its highest card.",
            "Strategist keeps pairs to grow them, watches which cards are gone and avoids feeding you.",
            "Master looks ahead: it imagines the cards it can't see and tries its options many times over.",
        ),
    ),
    Section(
        "Undo",
        (
            "Undo (key Z) takes back your last action while it showed you no hidden card: taking the discard "
            "pile's top card, a discard before the next player acts, a match that drew no replacement cards "
            "(the stock was empty).",
            "A draw from the stock, or a match whose replacement cards came into your hand, showed you cards that "
            "were hidden: those can't be undone. Undo is for games with one player at the table, not hot-seat.",
            "An undone action leaves the round's record and its save: a replay shows the round as it was played "
            "in the end.",
        ),
    ),
    Section(
        "Playing with the keyboard",
        (
            "Left and Right move the focus along your hand, Up and Down to the piles and the buttons; "
            "Space selects the card in focus (or presses the pile or button in focus).",
            "S draws from the stock, P takes the discard pile, L lays the selected cards, D discards the selected "
            "card, H asks for a hint, Z undoes, Esc pauses, F11 switches fullscreen.",
            "On every other screen the arrows and Tab move between buttons, Enter presses one; hover over a button "
            "to see its key.",
        ),
    ),
)
