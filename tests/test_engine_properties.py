"""Random legal play as a fuzzer: from many seeds and 2-5 players, check the invariants."""

import random

from hypothesis import given, settings, strategies as st

from engine.cards import ALL_CARDS
from engine.errors import IllegalAction
from engine.melds import triangular
from engine.sprint.records import PlayerInfo, Record
from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Discard, Lay, Phase, Round, RoundOver
from engine_helpers import cards_in_play


def _illegal_samples(state, rng):
    """A few actions that are probably illegal now (checked against the legal list)."""
    legal = set(state.legal_actions())
    candidates = [DRAW_STOCK, DRAW_DISCARD, Discard(ALL_CARDS[rng.randrange(52)])]
    candidates.append(Lay(rng.sample(ALL_CARDS[:52], rng.randint(2, 4))))
    hand = state.hand(state.current)
    if len(hand) >= 2:
        candidates.append(Lay(hand[:2]))
        candidates.append(Lay(hand))
    return [a for a in candidates if a not in legal]


def play_out(seed: int, players: int, check_illegal: bool = True):
    rng = random.Random(seed)
    record, state = Record.new([PlayerInfo(f"P{i}") for i in range(players)], seed, rng.randrange(players))
    decisions = 0
    last_over = None
    while not state.is_over:
        assert decisions < 1000, "a round must end"
        legal = state.legal_actions()
        assert legal, "a legal action exists until the round is over"
        assert len(set(legal)) == len(legal)
        if check_illegal:
            for bad in _illegal_samples(state, rng):
                before = state.snapshot()
                try:
                    state.apply(bad)
                except IllegalAction as exc:
                    assert str(exc) and state.snapshot() == before
                else:
                    raise AssertionError(f"{bad} was accepted but not offered")
        action = legal[rng.randrange(len(legal))]
        player = state.current
        events = state.apply(action)  # every offered action is accepted
        record.append(player, action, events)
        decisions += 1
        assert sorted(cards_in_play(state)) == list(range(52)), "all 52 cards are conserved"
        assert all(h for h in state.hands), "a hand never empties"
        if isinstance(events[-1], RoundOver):
            last_over = events[-1]
    return record, state, last_over


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_random_play_keeps_every_invariant(seed, players):
    record, state, over = play_out(seed, players)
    assert state.phase is Phase.OVER and over is state.result
    for line in over.lines:
        expected = sum(triangular(m.bit_count()) for m in state.laid[line.player]) - state.hands[line.player].bit_count()
        assert line.total == expected
    best = max(over.scores)
    assert over.winners == tuple(p for p, s in enumerate(over.scores) if s == best)
    loaded = Record.loads(record.dumps())
    assert loaded.final_state() == state
    assert loaded.scores == over.scores


def test_many_seeded_rounds():
    for seed in range(200):
        play_out(seed, 2 + seed % 4, check_illegal=seed % 5 == 0)


def test_playouts_without_checks_match_apply():
    """The unchecked fast path for search plays exactly like ``apply``."""
    for seed in range(50):
        rng = random.Random(seed)
        checked = Round.deal(2 + seed % 4, seed)
        fast = checked.clone()
        while not checked.is_over:
            action = rng.choice(checked.legal_actions())
            checked.apply(action)
            fast.apply_unchecked(action)
            assert fast == checked
        assert fast.result == checked.result
