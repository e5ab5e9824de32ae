"""Double or Nothing's rules, one example each: plays, strength, selection, card movement, games won and lost."""

from __future__ import annotations

import random

import pytest

from engine.double_or_nothing import PASS, Held, Mode, Phase, Play, Run, new_game, shuffle_hidden
from engine.double_or_nothing.counts import Deck, draw_from, format_counts, hypergeometric, parse_counts
from engine.double_or_nothing.events import Doubled, DuelOver, GameWon, HandDealt, HandWon, Passed, UpgradesOffered
from engine.double_or_nothing.plays import (
    PLAIN, Kind, Rules, describe, legal_plays, selected_play, selected_span, span_numbers, why_not,
)
from engine.errors import IllegalAction


def c(text: str) -> tuple[int, ...]:
    return parse_counts(text)


def deck(text: str) -> list[tuple[int, ...]]:
    """Batches top first, separated by ``/``: ``"10x3 / 5x8"``."""
    return [parse_counts(b) for b in text.split("/") if b.strip()]


def table(mine: str, theirs: str, my_deck: str = "", their_deck: str = "", **kw: object) -> Run:
    return Run.position((c(mine), c(theirs)), (deck(my_deck), deck(their_deck)), **kw)  # type: ignore[arg-type]


# --- plays and strength ---------------------------------------------------


def test_the_three_kinds_of_play() -> None:
    assert Play(5, 5, 4).kind is Kind.SET
    assert Play(2, 6, 1).kind is Kind.RUN
    assert Play(5, 7, 3).kind is Kind.STAIR
    assert describe(Play(5, 7, 3)) == "Stair: 3 x 5-7, 9 cards"
    assert describe(Play(2, 6, 1)) == "Run: 2-6, 5 cards"
    assert describe(Play(8, 8, 1284)) == "Set: 1,284 x 8"
    assert Play(7, 2, 1).numbers == (7, 8, 1, 2) and Play(7, 2, 1).top == 2


def test_a_span_cannot_go_all_the_way_round() -> None:
    with pytest.raises(ValueError, match="all the way round"):
        Play(3, 2, 1)
    assert len(Play(1, 8, 1).numbers) == 8


def test_strength_more_cards_first() -> None:
    assert Play(1, 1, 5).strength() > Play(1, 4, 1).strength()  # five 1s beat the run 1-4


def test_strength_tie_on_cards_goes_to_more_numbers() -> None:
    assert Play(1, 4, 1).strength() > Play(7, 8, 2).strength()  # 4 cards: four numbers beat two
    assert Play(7, 8, 2).strength() > Play(8, 8, 4).strength()  # 4 cards: two numbers beat one


def test_strength_then_the_higher_top() -> None:
    assert Play(2, 5, 1).strength() > Play(1, 4, 1).strength()
    assert Play(6, 6, 3).strength() > Play(5, 5, 3).strength()


def test_a_response_must_be_strictly_stronger() -> None:
    top = Play(1, 4, 1).strength()
    assert why_not(Play(1, 4, 1), c("1 2 3 4"), PLAIN, top) is not None
    assert why_not(Play(2, 5, 1), c("2 3 4 5"), PLAIN, top) is None


def test_selecting_plays_as_many_copies_as_possible() -> None:
    hand = c("3x4 2x5 5x6")
    assert why_not(Play(4, 6, 2), hand, PLAIN, None) is None
    assert "as many copies" in (why_not(Play(4, 6, 1), hand, PLAIN, None) or "")
    assert "only 2" in (why_not(Play(4, 6, 3), hand, PLAIN, None) or "")
    assert "no 7" in (why_not(Play(6, 7, 1), hand, PLAIN, None) or "")
    assert Play(4, 6, 2) in legal_plays(hand, PLAIN, None)
    assert Play(4, 6, 1) not in legal_plays(hand, PLAIN, None)


def test_a_selection_as_a_span_its_numbers_and_its_play() -> None:
    hand = c("3x4 2x5 5x6 1x8")
    assert selected_span(4, 6, False) == (4, 6) and selected_span(4, 6, True) == (6, 4)
    assert selected_span(5, 5, True) == (5, 5)  # one number has no other way round
    assert span_numbers(4, 6) == (4, 5, 6) and span_numbers(7, 2) == (7, 8, 1, 2)
    assert selected_play(hand, 4, 6) == Play(4, 6, 2)  # the fewest held
    assert selected_play(hand, 4, 6, 1) == Play(4, 6, 1) and selected_play(hand, 4, 6, 9) == Play(4, 6, 2)
    assert selected_play(hand, 1, 3) == Play(1, 3, 1)  # none held: still a play, for the engine to refuse
    with pytest.raises(ValueError, match="all the way round"):
        selected_play(hand, 5, 4)


def test_legal_plays_answer_only_with_stronger_plays() -> None:
    hand = c("2x1 1x2 3x8")
    answers = legal_plays(hand, PLAIN, Play(5, 5, 2).strength())
    assert answers == [Play(1, 2, 1), Play(8, 8, 3)]  # the run 1-2 beats a pair of 5s: two numbers


# --- decks and draws ------------------------------------------------------


def test_drawing_takes_the_top_batch_first() -> None:
    d = Deck(deck("5x3 / 4x8"))
    rng = random.Random(1)
    assert d.draw(5, rng) == c("5x3")
    assert d.draw(2, rng) == c("2x8")
    assert d.draw(9, rng) == c("2x8") and d.size == 0


def test_a_part_of_a_batch_is_a_hypergeometric_draw() -> None:
    rng = random.Random(7)
    batch = c("1000x1 3000x2")
    draws = [draw_from(batch, 400, rng) for _ in range(400)]
    assert all(sum(x) == 400 and x[0] + x[1] == 400 for x in draws)
    mean_ones = sum(x[0] for x in draws) / len(draws)
    assert 95 < mean_ones < 105  # expected 100


def test_hypergeometric_at_game_thirty_scale() -> None:
    rng = random.Random(3)
    good, bad, sample = 4 << 29, 28 << 29, 10 << 29
    xs = [hypergeometric(good, bad, sample, rng) for _ in range(300)]
    mean = sample * good / (good + bad)
    assert all(0 <= x <= good for x in xs)
    assert abs(sum(xs) / len(xs) - mean) < 0.001 * mean


def test_format_and_parse_counts() -> None:
    assert format_counts(c("3x1 2x5 8")) == "3x1 2x5 1x8"


# --- passing and winning a hand -------------------------------------------


def test_pass_draws_the_pass_size_and_the_area_goes_under_the_other_deck() -> None:
    state = table("3x1 2x5", "1x2 4x6", "1x1", "10x3 / 2x4")
    state.apply(Play(5, 5, 2), 0)
    events = state.apply(PASS, 1)
    assert state.hands[1] == c("2x3 1x2 4x6")  # game 1 passes draw 2, from the top of its deck
    assert state.decks[0].snapshot() == (c("1x1"), c("2x5"))  # the area under seat 0's deck
    assert state.area == [c(""), c("")] and state.top is None
    assert state.turn == 0 and state.legal_actions(0)[-1] != PASS  # seat 0 leads anything
    assert any(isinstance(e, Passed) and e.to_seat == 0 and e.cards_under == 2 for e in events)


def test_the_leader_cannot_pass() -> None:
    state = table("3x1", "1x2")
    with pytest.raises(IllegalAction, match="You lead"):
        state.apply(PASS, 0)


def test_emptying_the_hand_wins_it_and_takes_the_area_and_the_other_hand() -> None:
    state = table("1x2 1x5", "1x1 3x7", "12x4", "12x6")
    state.apply(Play(2, 2, 1), 0)
    state.apply(Play(7, 7, 3), 1)
    state.apply(PASS, 0)  # seat 0 passes: draws 2 4s; area (a 2 and three 7s) under seat 1's deck
    assert state.hands[0] == c("2x4 1x5")
    events = state.apply(Play(1, 1, 1), 1)  # seat 1 leads its last card and wins the hand
    won = [e for e in events if isinstance(e, HandWon)]
    assert won == [HandWon(1, 4)]  # the 1 played and seat 0's three cards
    assert state.decks[1].size == 12 + 4 + 4 - 10  # the new hand drew 10
    assert state.hands[0] == c("10x4") and state.decks[0].size == 0
    assert any(isinstance(e, HandDealt) and e.leader == 1 for e in events)
    assert state.turn == 1


def test_cards_are_conserved_at_every_step() -> None:
    for game in (1, 20):
        state = Run(Mode.DUEL, game, seed=game)
        rng = random.Random(game)
        total = sum(state.totals())
        while not state.is_over:
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            assert sum(state.totals()) == total == 64 << (game - 1)


# --- games won and lost ---------------------------------------------------


def test_a_side_that_cannot_draw_a_full_hand_loses_the_game() -> None:
    state = table("1x3", "1x5", "10x1", "9x2")
    events = state.apply(Play(3, 3, 1), 0)
    assert GameWon(0, 1) in events and DuelOver(0) in events
    assert state.is_over and state.outcome() is not None and state.outcome().winners == (0,)  # type: ignore[union-attr]


def test_when_both_sides_are_short_seat_zero_loses_first() -> None:
    state = table("1x3", "1x5", "2x1", "3x2")
    state.apply(Play(3, 3, 1), 0)  # seat 0 wins the hand but holds 3 cards: fewer than a hand
    assert state.winner == 1


def test_winning_a_game_of_a_run_doubles_the_deck_and_the_sizes() -> None:
    state = table("1x3", "1x5", "20x1 6x2", "9x2", mode=Mode.RUN)
    events = state.apply(Play(3, 3, 1), 0)
    doubled = [e for e in events if isinstance(e, Doubled)]
    assert doubled == [Doubled(2, 2 * 28, 20, 4)]
    assert type(doubled[0]).changes_inventory is True
    assert state.decks[0].total() == c("40x1 12x2 2x3 2x5")
    assert state.decks[1].total() == c("8x1 8x2 8x3 8x4 8x5 8x6 8x7 8x8")
    assert state.phase is Phase.PICK and state.to_move() == (0,)
    assert len(state.offer) == 3 and any(isinstance(e, UpgradesOffered) for e in events)
    state.apply(state.legal_actions(0)[0], 0)
    assert state.phase is Phase.PLAY and sum(state.hands[0]) == 20 and state.games_won == 1


def test_losing_a_game_ends_the_run() -> None:
    state = table("1x3", "1x5", "9x1", "20x2", mode=Mode.RUN, turn=1)
    state.apply(Play(5, 5, 1), 1)
    assert state.is_over and state.outcome() is not None
    assert state.outcome().placings == (2, 1)  # type: ignore[union-attr]


def test_a_new_run_deals_ten_from_thirty_two() -> None:
    state = new_game(2, {"mode": "run"}, 5)
    assert [sum(h) for h in state.hands] == [10, 10]
    assert [d.size for d in state.decks] == [22, 22]
    assert state.totals() == c("8x1 8x2 8x3 8x4 8x5 8x6 8x7 8x8") and state.turn == 0


def test_a_duel_at_game_ten_deals_five_thousand_cards() -> None:
    state = new_game(2, {"mode": "duel", "game_number": 10}, 5)
    assert [sum(h) for h in state.hands] == [5120, 5120]
    assert state.pass_size(0) == 1024


def test_refused_actions_change_nothing() -> None:
    state = table("3x1 2x5", "1x2 4x6", "1x1", "10x3")
    before = state.snapshot()
    for action, seat in ((Play(5, 5, 1), 0), (Play(6, 6, 4), 0), (PASS, 0)):
        with pytest.raises(IllegalAction):
            state.apply(action, seat)
        assert state.snapshot() == before


def test_shuffle_hidden_keeps_what_a_seat_sees() -> None:
    state = new_game(2, {"mode": "duel", "game_number": 12}, 9)
    other = shuffle_hidden(state, 0, random.Random(1))
    assert other.observation(0) == state.observation(0)
    assert other.hands[1] != state.hands[1]
    assert other.totals() == state.totals()


def test_rules_of_a_plain_side() -> None:
    assert Held().rules() == Rules() == PLAIN


def test_the_action_codec_round_trips_and_names_what_is_wrong() -> None:
    from engine.double_or_nothing import Pick, action_from_json, action_to_json, describe_action

    for action in (Play(7, 2, 1), Play(5, 5, 1284), PASS, Pick("trim")):
        assert action_from_json(action_to_json(action)) == action
    assert describe_action(Pick("trim")) == "take Trim"
    for bad, word in (({"type": "pick", "upgrade": [1]}, "upgrade"), ({"type": "play", "lo": 1, "hi": 2}, "copies"),
                      ({"type": "play", "lo": 0, "hi": 2, "copies": 1}, "1 to 8"), ({"type": "fold"}, "type")):
        with pytest.raises(ValueError, match=word):
            action_from_json(bad)
