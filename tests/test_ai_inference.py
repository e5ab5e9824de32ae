"""Master's inference: the clues it reads from the opponents' moves hold for the true hands."""

from __future__ import annotations

import random

import pytest

from ai import Master, make_bot
from ai.bots import Strategist
from ai.inference import Declined, Discarded, consistent
from engine.cards import Card, mask_of, parse_cards
from engine.sprint import Round


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def test_a_declined_card_completes_nothing_with_the_cards_held_before_the_draw() -> None:
    seven = int(Card("7H"))
    # one seven may be the card drawn since; two can't both be
    assert consistent(hand("7S 2C 9D KH"), [Declined(seven, 1)])
    assert not consistent(hand("7S 7D 2C 9D KH"), [Declined(seven, 1)])
    assert consistent(hand("7S 7D 2C 9D KH"), [Declined(seven, 2)])  # it laid a pair: three cards came in
    # runs count too: 6H 8H around the 7H may be one old card and the drawn one, 5H 6H 8H 9H may not
    assert consistent(hand("6H 8H 2C KD"), [Declined(seven, 1)])
    assert not consistent(hand("5H 6H 8H 9H 2C"), [Declined(seven, 1)])
    assert consistent(hand("5H 6H 8H 9H 2C"), [Declined(seven, 2)])


def test_a_discard_is_the_card_the_strategist_values_least() -> None:
    clue = Discarded(int(Card("2C")), seen=0, known_next=0, next_unknown=6, danger_weight=0.0)
    # beside 9H TH and a lone king the 2C is worth least (fewest run outs): the Strategist drops it first
    assert consistent(hand("9H TH KD"), [clue])
    # next to the 3C it is worth more than the lone king: a Strategist holding these would not have dropped it
    assert not consistent(hand("3C KD QS"), [clue])


def _rounds(players: int, rounds: int) -> tuple[int, int]:
    """Master at seat 0 against Strategists: (clues that held for the true hands, clues checked)."""
    held = checked = 0
    for seed in range(rounds):
        state = Round.deal(players, 40 + seed, first_player=seed % players)
        master = Master(seed=seed, playouts=2)
        bots = {p: Strategist(seed=p) for p in range(1, players)}
        while not state.is_over:
            seat = state.current
            obs = state.observation(seat)
            if seat == 0:
                action = master.decide(obs)
                for p, told in master._clues.items():
                    assert p != 0
                    checked += len(told)
                    held += sum(consistent(state.hands[p], [clue]) for clue in told)
            else:
                action = bots[seat].decide(obs)
            state.apply(action)
    return held, checked


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_clues_always_hold_for_strategists(players: int) -> None:
    held, checked = _rounds(players, 6)
    assert checked >= 10
    assert held == checked


def test_the_declined_clue_holds_for_standard_too() -> None:
    checked = 0
    for seed in range(4):
        state = Round.deal(2, 60 + seed)
        master, other = Master(seed=seed, playouts=2), make_bot("standard", seed=1)
        while not state.is_over:
            obs = state.observation(state.current)
            if state.current == 0:
                action = master.decide(obs)
                declined = [c for c in master._clues.get(1, []) if type(c) is Declined]
                checked += len(declined)
                assert consistent(state.hands[1], declined)
            else:
                action = other.decide(obs)
            state.apply(action)
    assert checked > 5


def test_sampled_worlds_still_look_like_the_observation() -> None:
    rng = random.Random(5)
    state = Round.deal(2, 77)
    master, other = Master(seed=1, playouts=2), Strategist(seed=1)
    sampled = 0
    while not state.is_over:
        obs = state.observation(state.current)
        if state.current == 0:
            action = master.decide(obs)
            for _ in range(5):
                assert master.sampler(obs).sample(rng).observation(0) == obs
                sampled += 1
        else:
            action = other.decide(obs)
        state.apply(action)
    assert sampled > 20
