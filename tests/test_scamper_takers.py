"""What a dragged card may do is the engine's: the table reads its adds and swaps from ``legal_actions``.  On many
seeded positions that is exactly what trying each meaning of a drop with ``why_illegal`` gave (the table's old way):
the same melds glow, every drop means the same action, and a refused drop gives the same reason."""

from types import SimpleNamespace

from ai.scamper import make_bot
from engine.scamper import AddToMeld, Phase, SwapWild, new_game
from game.tables.scamper import play


def _meanings(state, card, meld, place):
    """A drop's meanings, best first, as the table tried them: swaps (the wild under the card first), adds."""
    m = state.melds[meld]
    places = ([] if place is None else [place]) + [i for i in m.wild_places if i != place]
    swaps = [SwapWild(meld, i, card) for i in places if 0 <= i < len(m.cards) and not m.is_natural_at(i)]
    return swaps + [AddToMeld(meld, card, False), AddToMeld(meld, card, True)]


def _by_trying(state, seat, card, meld, place):
    if not 0 <= meld < len(state.melds):
        return None, "There is no meld there."
    actions = _meanings(state, card, meld, place)
    for a in actions:
        if state.why_illegal(a, seat) is None:
            return a, None
    first = actions[-2] if isinstance(actions[0], SwapWild) and place is None else actions[0]
    return None, state.why_illegal(first, seat)


def _positions():
    for seed, seats in ((1, 2), (2, 3), (3, 4), (4, 6), (5, 3), (6, 5), (7, 2), (8, 4)):
        state = new_game(seats, {"rounds": 6, "advanced": seed % 2 == 1}, seed=seed)
        bots = [make_bot("hard" if s % 2 else "standard", seed=seed + s) for s in range(seats)]
        for _ in range(9000):
            if state.is_over:
                break
            seat = state.current
            if state.phase is Phase.PLAY and state.melds:
                yield state, seat
            state.apply(bots[seat].decide(state.observation(seat)), seat)


def test_the_engines_adds_and_swaps_are_what_trying_each_drop_gave():
    checked = lit = 0
    for state, seat in _positions():
        t = SimpleNamespace(state=state, viewer=seat, my_turn=lambda: True)
        for card in set(state.hands[seat]):
            glow = {i for i in range(len(state.melds)) if _by_trying(state, seat, card, i, None)[0] is not None}
            assert play.takers(t, card) == glow, (card, state.melds)
            lit += bool(glow)
            for meld in (-1, *glow, len(state.melds) - 1, len(state.melds)):
                size = len(state.melds[meld].cards) if 0 <= meld < len(state.melds) else 1
                for place in (None, *range(size)):
                    assert play.drop_action(t, card, meld, place) == _by_trying(state, seat, card, meld, place)
                    checked += 1
        other = SimpleNamespace(state=state, viewer=(seat + 1) % state.num_players, my_turn=lambda: False)
        card = state.hands[other.viewer][0]
        assert play.takers(other, card) == set()
        assert play.drop_action(other, card, 0, None) == (None, "It is not your turn.")
    assert checked > 5000 and lit > 50  # many positions, many of them with a meld that takes the card
