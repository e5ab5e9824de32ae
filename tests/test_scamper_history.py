"""Scamper's observation carries the round's public history: per seat, the cards it took from the discard pile,
the cards it threw there and the top discards it passed over (what a person at the table sees)."""

from engine.cards import Card
from engine.scamper import DRAW_DISCARD, DRAW_STOCK, PASS, Discard, Phase, Source, new_game
from engine.scamper.events import Discarded, Drew, PassedFaceUp, RoundDealt

from ai.scamper import make_bot
from scamper_helpers import game


def test_drawing_the_stock_passes_over_the_top_discard_and_a_discard_is_remembered():
    state = game("KD QD 5S", "3C 3H 9S", discard="4C KC", phase=Phase.DRAW)
    state.apply(DRAW_STOCK)
    state.apply(Discard(Card("QD")))
    assert state.observation(1).passed == ((Card("KC"),), ())
    assert state.observation(1).discarded == ((Card("QD"),), ())
    state.apply(DRAW_DISCARD)  # seat 1 takes the queen back: taken, not passed over
    obs = state.observation(0)
    assert obs.taken == ((), (Card("QD"),)) and obs.passed == ((Card("KC"),), ())


def test_the_opening_pass_is_passed_over_by_the_first_player_and_taken_by_the_next():
    state = new_game(3, {}, seed=5)
    first, left = state.current, (state.current + 1) % 3
    face_up = state.discard[-1]
    state.apply(PASS)
    obs = state.observation((left + 1) % 3)
    assert obs.passed[first] == (face_up,) and obs.taken[left] == (face_up,)
    assert obs.passed[left] == () and obs.discarded == ((), (), ())


def test_the_history_matches_the_events_for_every_seat_and_starts_again_each_round():
    state = new_game(4, {"rounds": 3}, seed=11)
    bots = [make_bot("hard", seed=s) for s in range(4)]
    want: list[list[list[Card]]] = [[[] for _ in range(4)] for _ in range(3)]  # taken, discarded, passed
    rounds = 0
    while not state.is_over:
        p = state.current
        top = state.discard[-1] if state.discard else None
        action = bots[p].decide(state.observation(p))
        if action == DRAW_STOCK and top is not None:
            want[2][p].append(top)
        for event in state.apply(action):
            if isinstance(event, RoundDealt):
                want = [[[] for _ in range(4)] for _ in range(3)]
                rounds += 1
            elif isinstance(event, Drew) and event.source is Source.DISCARD:
                want[0][event.player].append(event.card)
            elif isinstance(event, Discarded):
                want[1][event.player].append(event.card)
            elif isinstance(event, PassedFaceUp):
                want[0][event.to].append(event.card)
                want[2][event.player].append(event.card)
        if state.is_over:
            break
        for seat in range(4):  # public: every seat sees the same history
            obs = state.observation(seat)
            got = [obs.taken, obs.discarded, obs.passed]
            assert got == [tuple(map(tuple, w)) for w in want]
    assert rounds >= 2


def test_a_clone_keeps_its_own_history():
    state = game("KD QD 5S", "3C 3H 9S", discard="4C KC", phase=Phase.DRAW)
    copy = state.clone()
    state.apply(DRAW_STOCK)
    state.apply(Discard(Card("QD")))
    assert copy.passed == [[], []] and copy.discarded == [[], []]
    assert copy != state
