"""The in-game rules of Scamper Sets N' Runs, in the project's own words."""

from __future__ import annotations

from .pages import Example, Section

SCAMPER_RULES: tuple[Section, ...] = (
    Section(
        "The goal",
        (
            "A game is up to ten rounds, each with its own contract: a particular mix of sets and runs you must "
            "put on the table before anything else. The first player to get rid of every card ends the round, "
            "and everyone else is charged for the cards still in their hand.",
            "Points are bad here: the lowest total after the last round wins. The New game screen lets you play "
            "fewer rounds; they are always taken from the start of the list.",
        ),
    ),
    Section(
        "The ten contracts",
        (
            "Round 1: two sets of 3 · round 2: two runs of 3",
            "Round 3: a set of 3 and a run of 4 · round 4: three sets of 3",
            "Round 5: a set of 3 and a run of 5 · round 6: two sets of 3 and a run of 4",
            "Round 7: a set of 3 and a run of 7 · round 8: a run of 4 and a run of 5",
            "Round 9: a run of 8 · round 10: a set of 8",
            "Bigger melds than asked for are fine, and so are extra melds. Everyone gets eight cards; the rounds "
            "whose contract needs nine or ten cards (4, 6, 7 and 8) deal that many instead, so the contract can "
            "still be laid with a card left over to discard.",
            "A note for readers of the club's own sheet: in its list the short explanations beside rounds 1 and 2 "
            "have traded places (the sets are explained as cards in sequence, the runs as cards of a kind). We go "
            "by the round titles: round 1 is two sets, round 2 is two runs.",
        ),
    ),
    Section(
        "Players and packs",
        (
            "Two to ten people can play. Several packs are shuffled together, each with its two jokers: two packs "
            "for 2 or 3 players, three for 4 to 6, four for 7 or 8, and six for 9 or 10 (two more packs for each "
            "two more players). So you will often see the same card twice.",
        ),
    ),
    Section(
        "Sets, runs and wild cards",
        (
            "A set is three or more cards of the same rank. Suits may repeat, since the packs are mixed.",
            "A run is three or more cards of one suit in order. The ace sits above the king only: queen-king-ace "
            "works, ace-2-3 does not.",
            "Jokers and 2s are wild: each can take the place of any card a meld is missing. A 2 sitting in its own "
            "spot at the bottom of a run of its own suit counts as a plain card, not a wild (and so does a 2 in a "
            "set of 2s, next page).",
            "When you lay a meld, plain cards must outnumber the wilds in it: at most one wild in a meld of 3 or 4, "
            "two in 5 or 6, three in 7 or 8.",
        ),
        (
            Example("9S 9S 9D", "a set: repeated suits are fine"),
            Example("5H X1 7H 8H", "a run: the joker is the 6 of hearts"),
            Example("2D 3D 4D", "the 2 is in its own place: three plain cards"),
            Example("7C X1 2H", "one plain card, two wilds: too many wilds", ok=False),
            Example("AS 2S 3S", "the ace is never low: no A-2-3", ok=False),
        ),
    ),
    Section(
        "Sets of 2s",
        (
            "2s can also make a set of their own, and then they count as plain cards, not wilds (a joker in "
            "such a set stays wild). So four 2s are a set with no wilds at all, and three 2s and a joker are "
            "fine too.",
            "But a set of 2s must have at least four cards: three 2s are never laid as a set of three.",
        ),
        (
            Example("2C 2D 2H 2S", "a set of four 2s: all four count as plain cards"),
            Example("2C 2D X1 2S", "three plain 2s and one wild"),
            Example("2C 2D 2H", "three 2s are never a set", ok=False),
        ),
    ),
    Section(
        "Dealing and the opening",
        (
            "Before the first round everyone turns a card; the highest rank deals (jokers and 2s are turned "
            "again, and tied players turn again). After each round the deal passes to the left.",
            "Being chosen to deal first is worth something: the first dealer starts the game on -20, in every "
            "game, whether or not the Advanced rules are on.",
            "The computer does the dealing, shuffling and checking for everyone. So the club's bonus for dealing "
            "exactly the right number of cards, its mis-deal penalty, challenges and the fine for giving advice "
            "never come into play here. A meld that breaks the rules (too many wilds, say) is simply refused and "
            "the cards stay in your hand, instead of costing you points.",
            "The player left of the dealer goes first and decides about the face-up card: take it as this turn's "
            "draw, or pass it on to the left. Whoever receives it also gets the top card of the stock, and the "
            "first player then draws from the stock as usual.",
        ),
    ),
    Section(
        "Your turn",
        (
            "1. Draw the top card of the stock or of the discard pile.",
            "2. If you can, lay your contract: all of its melds together, in one go.",
            "3. Once your contract is on the table, this turn and later ones, you may lay further melds, add "
            "cards to any meld on the table (yours or anyone's), and trade a plain card from your hand for the "
            "wild it stands in for in someone else's meld: the wild comes to your hand.",
            "4. Discard one card. Wilds can't be thrown away, unless it is your very last card, or your hand holds "
            "nothing but wilds: then one of them has to go.",
            "You always keep one card to discard, so you can't lay or add your whole hand.",
        ),
        (
            Example("4H", "your 4 of hearts..."),
            Example("X1 5H 6H", "...can replace this joker, which then joins your hand"),
        ),
    ),
    Section(
        "Adding wild cards later",
        (
            "Once a meld is on the table, any number of wilds may be added to it: the plain-card majority only "
            "counts when a meld is first laid. A New game choice keeps the majority for additions too.",
        ),
    ),
    Section(
        "Going out and scoring",
        (
            "Discard your last card and you have gone out (\"Scamper!\"): the round is over at once and you score "
            "nothing for it. The others add up what they still hold:",
            "Jokers: 50 each · 2s and aces: 20 each · kings down to 8s: 10 each · 7s down to 3s: 5 each.",
            "The score sheet keeps every round's points, who went out, and the running totals.",
        ),
        (Example("X1 AS 9D 4C", "caught holding these: 50 + 20 + 10 + 5 = 85"),),
    ),
    Section(
        "When the stock runs out",
        (
            "Choose before the game what happens if a player has to draw and the stock is empty: play the round "
            "again from a fresh deal (the usual way), add a new pack as the stock, or shuffle the discard pile, "
            "all but its top card, into a new stock.",
            "A round can get stuck: since wilds can't be thrown away, hands can fill up with them until every card "
            "drawn goes straight back to the discards and nobody can ever lay down. So a new stock is only given "
            "while the table is moving. If a stock that was added or shuffled runs out and in all that time nobody "
            "laid a meld, added a card to one or swapped out a wild, the round is dealt again from scratch, just "
            "as with the first choice. That way every round comes to an end.",
        ),
    ),
    Section(
        "Advanced rules",
        (
            "With Advanced rules on, when your discard will leave you with a single card, press \"Scamper!\" before "
            "discarding. Forget, and 20 points are added to your score for the round. The computer players never "
            "forget.",
            "The club's other bonuses and penalties are about dealing, challenges and advice, which the computer "
            "takes care of (see Dealing and the opening).",
        ),
    ),
    Section(
        "Computer opponents",
        (
            "Easy draws blind, lays its contract the moment it can and throws cards away at random.",
            "Standard plans toward the contract, keeps its wilds and the cards the plan needs, and sheds its most "
            "expensive spare card.",
            "Hard also avoids handing the next player something useful, picks the way of laying down that leaves "
            "the least in hand, and takes wilds out of your melds. Early in a round, while nobody else is down and "
            "laying would still leave it several cards it can't get rid of, it may keep its contract in hand a "
            "while; it goes down as soon as anyone else does or the stock runs low.",
        ),
    ),
)
