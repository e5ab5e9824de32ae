"""The melds that glow for a dragged card are the engine's: the table reads its adds and swaps from
``legal_actions`` and, on many seeded positions, that is exactly the melds where some drop of the card is legal."""

from types import SimpleNamespace

from ai.scamper import make_bot
from engine.scamper import Phase, new_game
from game.tables.scamper import play


def _by_drops(state, seat, card):
    """The melds where one of the drop's meanings (a swap at a wild, an add at either end) is legal."""
    t = SimpleNamespace(state=state)
    return {i for i in range(len(state.melds))
            if any(state.why_illegal(a, seat) is None for a in play.drop_actions(t, card, i, None))}


def test_takers_are_the_melds_where_a_drop_is_legal():
    checked = lit = 0
    for seed, seats in ((1, 2), (2, 3), (3, 4), (4, 6), (5, 3), (6, 5), (7, 2), (8, 4)):
        state = new_game(seats, {"rounds": 6, "advanced": seed % 2 == 1}, seed=seed)
        bots = [make_bot("hard" if s % 2 else "standard", seed=seed + s) for s in range(seats)]
        for _ in range(9000):
            if state.is_over:
                break
            seat = state.current
            if state.phase is Phase.PLAY and state.melds:
                t = SimpleNamespace(state=state, viewer=seat, my_turn=lambda: True)
                for card in set(state.hands[seat]):
                    expected = _by_drops(state, seat, card)
                    assert play.takers(t, card) == expected, (seed, card, state.melds)
                    checked += 1
                    lit += bool(expected)
            state.apply(bots[seat].decide(state.observation(seat)), seat)
    assert checked > 2000 and lit > 50  # many positions, many of them with a meld that takes the card
