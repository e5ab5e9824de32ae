"""Snap's rules, one literal position per rule and edge (piles written top first)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import Card, standard_deck
from engine.errors import IllegalAction
from engine.snap import (
    SNAP, SNAP_POT, CallLapsed, Called, Eliminated, FalseCall, Flip, Flipped, GameOver, PenaltyPaid, PileTurnedOver,
    Snap, SnapPot, SnapTied, SnapWon, new_game, script_state, shuffle_hidden,
)
from tests.snap_helpers import snap_game, tops


def kinds(events: list[object]) -> list[str]:
    return [type(e).__name__ for e in events]


# --- dealing and flipping ------------------------------------------------------


def test_one_deck_up_to_four_players_two_above_every_card_dealt() -> None:
    assert sum(new_game(4, {}, 1).inventory().values()) == 52
    six = new_game(6, {}, 1)
    assert six.inventory() == Counter(standard_deck(2))
    assert [six.holding(s) for s in range(6)] == [18, 18, 17, 17, 17, 17]
    assert sum(new_game(2, {"decks": 3}, 1).inventory().values()) == 156


def test_deal_is_round_robin_from_seat_0_onto_the_top() -> None:
    from engine.snap import script_start, OPTIONS
    from engine.core import resolve_options

    deck = [Card(c) for c in "AS 2S 3S 4S 10S".split()]
    deck += [c for c in standard_deck() if c not in deck]
    game = script_start(2, resolve_options(OPTIONS, {}), 0, deck, None)
    assert [pile[-3:] for pile in script_state(game)["down"]] == [["TS", "3S", "AS"], [str(deck[5]), "4S", "2S"]]
    assert game.turn == 0


def test_flips_go_clockwise_onto_own_piles_skipping_players_out() -> None:
    game = snap_game(["2C 3C", "", "4D 2D"], out=(1,))
    assert game.apply(Flip(), 0, 100) == [Flipped(0, Card("2C"), 0)]
    assert game.turn == 2
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(Flip(), 0, 200)
    game.apply(Flip(), 2, 200)
    assert (game.turn, tops(game.up[0]), tops(game.up[2])) == (0, "2C", "4D")


def test_out_of_face_down_cards_the_own_pile_is_turned_over() -> None:
    game = snap_game(["", "9D 2D"], ["2C 3C", "4D"])
    events = game.apply(Flip(), 0, 10)
    assert kinds(events) == ["PileTurnedOver", "Flipped"] and events[0] == PileTurnedOver(0, 2)
    assert (len(game.down[0]), len(game.up[0])) == (1, 1)


def test_shared_pile_flipping_your_last_card_puts_you_out() -> None:
    game = snap_game(["2C", "3D 2H"], variant="shared")
    events = game.apply(Flip(), 0, 10)
    assert Eliminated(0, "has no cards left") in events
    assert events[-1] == GameOver((1,), "last player", game.call_stats())
    assert game.outcome() is not None and game.outcome().placings == (2, 1)  # type: ignore[union-attr]


# --- snaps -----------------------------------------------------------------------


def test_snap_takes_the_matching_piles_under_the_callers_face_down_cards() -> None:
    game = snap_game(["2C", "3D", "4H"], ["7H", "9S", "7S"])
    assert game.apply(Snap(), 1, 300) == [Called(1, SNAP, 300, 300, False)]
    events = game.advance(341)
    won = events[0]
    assert isinstance(won, SnapWon) and won.piles == (0, 2) and sorted(map(str, won.cards)) == ["7H", "7S"]
    assert tops(game.down[1])[:2] == "3D" and sorted(tops(game.down[1]).split()[1:]) == ["7H", "7S"]
    assert game.up[0] == [] and game.up[2] == []


def test_three_matching_tops_all_go_to_the_snapper() -> None:
    game = snap_game(["2C", "3D", "4H"], ["7H", "7S", "7D"])
    game.apply(Snap(), 0, 50)
    won = game.advance(100)[0]
    assert isinstance(won, SnapWon) and won.piles == (0, 1, 2) and len(game.down[0]) == 4


def test_shared_pile_snap_is_top_matching_the_card_under_it_and_takes_the_pile() -> None:
    game = snap_game(["2C", "3D"], shared="7S 7H 4C", variant="shared")
    game.apply(Snap(), 1, 200)
    won = game.advance(300)[0]
    assert isinstance(won, SnapWon) and len(won.cards) == 3 and game.shared == [] and len(game.down[1]) == 4


def test_reaction_times_and_false_calls_are_kept_for_the_end_screen() -> None:
    game = snap_game(["9C 2C", "3D 2D"], ["", "9S"])
    game.apply(Flip(), 0, 1000)  # 9C meets 9S: the match shows at 1000
    game.apply(Snap(), 1, 1280)
    won = game.advance(1400)[0]
    assert isinstance(won, SnapWon) and won.reaction_ms == 280
    game.apply(Snap(), 0, 1700)  # nothing showing, and nothing for the last 250 ms
    stats = game.call_stats()
    assert (stats[1].calls, stats[1].wins, stats[1].fastest_ms, stats[1].average_ms) == (1, 1, 280, 280)
    assert stats[0].false_calls == 1 and stats[0].fastest_ms is None


# --- the tie window ----------------------------------------------------------------


@pytest.mark.parametrize("gap,tied", [(39, True), (40, True), (41, False)])
def test_tie_window_edges(gap: int, tied: bool) -> None:
    game = snap_game(["2C 5C", "3D 6D", "4H 6H"], ["7H", "7S", "9C"], tie_ms=40)
    game.apply(Snap(), 0, 1000)
    assert game.next_deadline() == 1041
    events = game.advance(1000 + gap)
    if tied:
        assert game.apply(Snap(), 2, 1000 + gap)[0] == Called(2, SNAP, 1000 + gap, 1000 + gap, True)
        tie = game.advance(1041)[0]
        assert isinstance(tie, SnapTied) and tie.seats == (0, 2) and tops(game.pot) == "7S 7H"
    else:  # just too late to tie: the cards are gone, and the late call lapses at no cost
        assert isinstance(events[0], SnapWon) and events[0].seat == 0
        assert game.apply(Snap(), 2, 1041) == [CallLapsed((2,), SNAP)]
        assert game.call_stats()[2].false_calls == 0


def test_with_no_tie_window_only_the_same_millisecond_ties() -> None:
    game = snap_game(["2C", "3D", "4H"], ["7H", "7S", "9C"], tie_ms=0)
    game.apply(Snap(), 0, 500)
    game.apply(Snap(), 1, 500)
    assert isinstance(game.advance(501)[0], SnapTied)


def test_a_call_must_wait_for_due_timers_and_time_never_runs_back() -> None:
    game = snap_game(["2C", "3D", "4H"], ["7H", "7S", "9C"])
    game.apply(Snap(), 0, 500)
    with pytest.raises(IllegalAction, match="advanced"):
        game.apply(Snap(), 1, 541)
    with pytest.raises(IllegalAction, match="already reached"):
        game.apply(Snap(), 1, 499)
    with pytest.raises(IllegalAction, match="already called"):
        game.apply(Snap(), 0, 510)
    with pytest.raises(IllegalAction, match="being judged"):
        game.apply(Flip(), 0, 510)


# --- the snap pot --------------------------------------------------------------------


def test_pot_grows_on_ties_and_snap_pot_takes_it_with_the_matching_pile() -> None:
    game = snap_game(["9D 2C 5C", "9S 3D", "9H 4H"], ["7H", "7S", "9C"])
    game.apply(Snap(), 0, 100)
    game.apply(Snap(), 1, 120)
    game.advance(200)
    assert tops(game.pot) == "7S 7H"
    game.apply(Flip(), 0, 300)  # 9D meets 9C: a snap while the pot waits
    game.apply(Snap(), 1, 700)
    game.apply(Snap(), 2, 710)
    assert isinstance(game.advance(800)[0], SnapTied) and tops(game.pot) == "9C 9D 7S 7H"
    game.apply(Flip(), 1, 900)  # 9S matches the pot's 9C
    assert game.pot_piles() == (1,) and game.snap_piles() == ()
    game.apply(SnapPot(), 0, 1200)
    game.apply(SnapPot(), 2, 1210)
    assert isinstance(game.advance(1300)[0], SnapTied) and tops(game.pot) == "9S 9C 9D 7S 7H"
    game.apply(Flip(), 2, 1400)  # 9H
    game.apply(SnapPot(), 0, 1700)
    won = game.advance(1800)[0]
    assert isinstance(won, SnapWon) and won.call == SNAP_POT and won.piles == (2,) and won.from_pot == 5
    assert len(won.cards) == 6 and game.pot == [] and game.holding(0) == 8


def test_when_both_matches_show_either_call_is_good_and_the_later_one_lapses() -> None:
    game = snap_game(["2C", "3D", "5S"], ["9H", "9S", "4C"], pot="9C")
    assert game.apply(Snap(), 2, 100)[0] == Called(2, SNAP, 100, 100, False)
    assert game.apply(SnapPot(), 1, 120)[0] == Called(1, SNAP_POT, 120, 120, False)
    events = game.advance(500)
    assert isinstance(events[0], SnapWon) and events[0].seat == 2
    assert events[1] == CallLapsed((1,), SNAP_POT)
    assert game.false_calls == [0, 0, 0]


# --- errors and penalties --------------------------------------------------------------


def test_snap_for_a_pot_match_is_the_wrong_word() -> None:
    game = snap_game(["2C", "3D"], ["9H", "4S"], pot="9C")
    events = game.apply(Snap(), 1, 100)
    assert events[0] == FalseCall(1, SNAP, "wrong word: that was a pot match: call Snap Pot!")
    assert events[1] == PenaltyPaid(1, (0,), 1) and tops(game.down[0]) == "2C 3D"


def test_snap_pot_for_a_plain_match_is_the_wrong_word() -> None:
    game = snap_game(["2C", "3D"], ["9H", "9S"], pot="KC")
    assert game.apply(SnapPot(), 0, 100)[0] == FalseCall(0, SNAP_POT, "wrong word: that was a plain match: call Snap!")


def test_a_call_with_nothing_showing_pays_each_player_still_in_from_the_left() -> None:
    game = snap_game(["5C", "3D", "AC KC QC JC", "5H", ""], out=(4,))
    events = game.apply(Snap(), 2, 100)
    assert events == [FalseCall(2, SNAP, "no snap showing"), PenaltyPaid(2, (3, 0, 1), 3)]
    assert [tops(game.down[s]) for s in (3, 0, 1)] == ["5H AC", "5C KC", "3D QC"]


def test_short_penalty_pays_what_it_can_then_the_caller_is_out() -> None:
    game = snap_game(["2C", "3D", "4H", "5S 3S"])
    events = game.apply(Snap(), 0, 100)
    assert events[1:3] == [PenaltyPaid(0, (1,), 3), Eliminated(0, "could not pay the penalty in full")]
    assert game.turn == 1 and not game.is_in(0) and tops(game.down[1]) == "3D 2C"


def test_a_penalty_turns_the_own_pile_over_when_face_down_cards_run_out() -> None:
    game = snap_game(["", "3D", "4H 3H"], ["5C 6C", "", ""])
    events = game.apply(Snap(), 0, 100)
    assert kinds(events) == ["FalseCall", "PileTurnedOver", "PenaltyPaid", "Eliminated"]
    assert events[2] == PenaltyPaid(0, (1, 2), 2) and events[3] == Eliminated(0, "has no cards left")


def test_players_going_out_together_share_a_draw() -> None:
    game = snap_game(["", ""], ["7C", "7D"])
    game.apply(Snap(), 0, 100)
    game.apply(Snap(), 1, 110)
    over = game.advance(200)[-1]
    assert isinstance(over, GameOver) and over.winners == (0, 1) and over.reason == "draw"
    assert game.pot == [Card("7C"), Card("7D")]


def test_losing_your_only_pile_to_a_snap_puts_you_out() -> None:
    game = snap_game(["", "3D", "4H"], ["7C", "7D", "2S"])
    game.apply(Snap(), 1, 100)
    assert Eliminated(0, "has no cards left") in game.advance(200)


# --- the end ------------------------------------------------------------------------------


def test_draw_when_no_match_can_ever_show_again() -> None:
    game = snap_game(["2C", "3D"], ["7H", "7S"], pot="KH")
    game.apply(Snap(), 0, 100)
    events = game.advance(200)
    assert isinstance(events[-1], GameOver) and events[-1].winners == (0, 1) and events[-1].reason == "draw"
    outcome = game.outcome()
    assert outcome is not None and outcome.draw and outcome.placings == (1, 1)


@pytest.mark.parametrize("seat_1", ["3D 2H", "3D KD"])
def test_no_draw_while_a_rank_is_shared_or_matches_the_pot(seat_1: str) -> None:
    game = snap_game(["2C", seat_1], ["7H", "7S"], pot="KH")
    game.apply(Snap(), 0, 100)
    game.advance(200)
    assert not game.is_over


def test_shared_pile_draw_when_every_card_that_could_match_is_in_the_pot() -> None:
    """The issue's case: both nines tie into the pot; nothing left can ever match."""
    game = snap_game(["9H 2C 4C", "9S 3D 5D"], variant="shared")
    game.apply(Flip(), 0, 100)
    game.apply(Flip(), 1, 200)
    game.apply(Snap(), 0, 400)
    game.apply(Snap(), 1, 420)
    events = game.advance(500)
    assert isinstance(events[0], SnapTied) and tops(game.pot) == "9S 9H"
    assert isinstance(events[-1], GameOver) and events[-1].winners == (0, 1) and events[-1].reason == "draw"


@pytest.mark.parametrize("down", [["9H 2C 4C", "9S 3D 4D"], ["9H 2C 4C", "9S 3D 9D"]])
def test_shared_pile_plays_on_while_a_rank_is_shared_or_matches_the_pot(down: list[str]) -> None:
    game = snap_game(down, variant="shared")
    game.apply(Flip(), 0, 100)
    game.apply(Flip(), 1, 200)
    game.apply(Snap(), 0, 400)
    game.apply(Snap(), 1, 420)
    game.advance(500)
    assert not game.is_over


def test_shared_pile_plays_on_while_a_held_card_matches_the_shared_top() -> None:
    game = snap_game(["2C", "7D"], shared="7C", variant="shared")
    assert not game.is_over
    assert snap_game(["2C", "8D"], shared="7C", variant="shared").is_over


def test_first_rules_shared_pile_has_no_draw() -> None:
    game = snap_game(["9H 2C 4C", "9S 3D 5D"], variant="shared", edition=1)
    for seat, at in ((0, 100), (1, 200)):
        game.apply(Flip(), seat, at)
    game.apply(Snap(), 0, 400)
    game.apply(Snap(), 1, 420)
    game.advance(500)
    assert not game.is_over


def test_a_tie_puts_the_matching_cards_on_top_of_the_pot() -> None:
    """The issue's case: A's pile 7H, B's 7S over 4D; the pot reads 7S 7H 4D from the top."""
    game = snap_game(["2C", "3D", "5H"], ["7H", "7S 4D", "9C"])
    game.apply(Snap(), 0, 100)
    game.apply(Snap(), 1, 110)
    tie = game.advance(200)[0]
    assert isinstance(tie, SnapTied) and tops(game.pot) == "7S 7H 4D"
    assert tops(list(tie.cards)) == "7S 7H 4D"


def test_a_pot_tie_puts_the_new_matching_cards_on_top() -> None:
    game = snap_game(["2C", "3D", "5H"], ["7H 4S", "7S 6D", "9C"], pot="7D")
    game.apply(SnapPot(), 0, 100)
    game.apply(SnapPot(), 1, 110)
    game.advance(200)
    assert tops(game.pot) == "7S 7H 6D 4S 7D"


def test_first_rules_pot_takes_a_tie_pile_by_pile() -> None:
    game = snap_game(["2C", "3D", "5H"], ["7H", "7S 4D", "9C"], edition=1)
    game.apply(Snap(), 0, 100)
    game.apply(Snap(), 1, 110)
    game.advance(200)
    assert tops(game.pot) == "7S 4D 7H"


@pytest.mark.parametrize("late", [41, 150, 291])
def test_a_correct_call_just_after_the_match_was_taken_lapses_at_no_cost(late: int) -> None:
    game = snap_game(["2C 5C", "3D 6D", "4H 6H"], ["7H", "7S", "9C"], tie_ms=40)
    game.apply(Snap(), 0, 1000)
    assert isinstance(game.advance(1041)[0], SnapWon)
    before = [game.holding(s) for s in range(3)]
    assert game.apply(Snap(), 2, 1000 + late) == [CallLapsed((2,), SNAP)]
    assert [game.holding(s) for s in range(3)] == before and game.false_calls == [0, 0, 0]


def test_a_call_after_the_late_moment_or_for_a_match_that_never_was_pays() -> None:
    game = snap_game(["2C 5C", "3D 6D", "4H 6H"], ["7H", "7S", "9C"], tie_ms=40)
    game.apply(Snap(), 0, 1000)
    game.advance(1041)
    assert kinds(game.apply(Snap(), 2, 1292))[:2] == ["FalseCall", "PenaltyPaid"]  # 251 ms after it went
    fresh = snap_game(["2C 5C", "3D 6D", "4H 6H"], ["7H", "6S", "9C"])
    assert kinds(fresh.apply(Snap(), 2, 100))[:2] == ["FalseCall", "PenaltyPaid"]
    wrong_word = snap_game(["2C 5C", "3D 6D", "4H 6H"], ["7H", "7S", "9C"], tie_ms=40)
    wrong_word.apply(Snap(), 0, 1000)
    wrong_word.advance(1041)
    assert kinds(wrong_word.apply(SnapPot(), 2, 1050))[:2] == ["FalseCall", "PenaltyPaid"]


def test_a_call_just_after_a_flip_covered_the_match_lapses_too() -> None:
    game = snap_game(["2C 4C", "3D", "5H"], ["7H", "7S", "9C"], turn=0)
    game.apply(Flip(), 0, 1000)  # the 2C covers the 7H: the match is gone
    assert game.snap_piles() == ()
    assert game.apply(Snap(), 1, 1200) == [CallLapsed((1,), SNAP)]


def test_first_rules_late_calls_pay() -> None:
    game = snap_game(["2C 5C", "3D 6D", "4H 6H"], ["7H", "7S", "9C"], tie_ms=40, late_ms=0)
    game.apply(Snap(), 0, 1000)
    game.advance(1041)
    assert kinds(game.apply(Snap(), 2, 1041))[:2] == ["FalseCall", "PenaltyPaid"]


def test_time_limit_ends_with_the_most_cards_winning() -> None:
    game = snap_game(["2C 3C 4C", "5D 2D"], time_limit=3)
    assert game.next_deadline() == 180_000
    assert game.advance(179_999) == []
    over = game.advance(180_000)[-1]
    assert isinstance(over, GameOver) and over.winners == (0,) and over.reason == "time"
    outcome = game.outcome()
    assert outcome is not None and outcome.placings == (1, 2) and outcome.scores == (3, 2)


def test_auto_flip_flips_for_the_player_to_flip_after_a_quiet_spell() -> None:
    game = snap_game(["2C 3C", "5D 2D"], auto_flip=2)
    assert game.advance(2000) == [Flipped(0, Card("2C"), 0, auto=True)]
    assert game.next_deadline() == 4000 and game.legal_actions(1) == [Snap(), SnapPot()]
    with pytest.raises(IllegalAction, match="flip by themselves"):
        game.apply(Flip(), 1, 2500)
    assert game.advance(4000) == [Flipped(1, Card("5D"), 1, auto=True)]


# --- what a seat may know, and conservation ---------------------------------------------------


def test_observation_shows_face_down_piles_as_counts_only() -> None:
    one = snap_game(["2C 3C", "5D"], ["9H", ""])
    other = snap_game(["5D 3C", "2C"], ["9H", ""])
    assert one.observation(1) == other.observation(1)
    assert one.observation(1).down_counts == (2, 1) and one.observation(1).up[0] == (Card("9H"),)
    assert shuffle_hidden(one, 0, random.Random(3)).observation(0) == one.observation(0)


def test_shared_pile_with_three_decks_conserves_every_card_through_random_play() -> None:
    rng = random.Random(7)
    game = new_game(5, {"variant": "shared", "decks": 3}, 7)
    cards = game.inventory()
    assert max(cards.values()) == 3
    at = 0
    for _ in range(600):
        if game.is_over:
            break
        at += rng.choice((0, 5, 30, 200))
        game.advance(at)
        seats = [s for s in game.to_move() if game.legal_actions(s)]
        if seats and not game.is_over:
            seat = rng.choice(seats)
            game.apply(rng.choice(game.legal_actions(seat)), seat, at)
        assert game.inventory() == cards


def test_rules_pages_load_through_the_registry_and_their_examples_are_cards() -> None:
    from engine.cards import parse_cards
    from engine.games import game_info, load

    pages = load(game_info("snap").rules_pages)
    assert len(pages) >= 5 and all(section.paragraphs for section in pages)
    for section in pages:
        for example in section.examples:
            assert parse_cards(example.cards)


def test_snap_piles_are_the_tops_sharing_a_rank_with_another_top():
    """The own-piles snap, against its definition pair by pair, over random tops (empty piles among them)."""
    from engine.snap.game import snap_piles

    rng = random.Random(24)
    deck = standard_deck()
    for _ in range(2000):
        up = [[rng.choice(deck)] if rng.random() < 0.8 else [] for _ in range(rng.randrange(2, 7))]
        pairs = {s for s, p in enumerate(up) for t, q in enumerate(up) if s != t and p and q and p[-1].rank == q[-1].rank}
        assert snap_piles("own", up, []) == tuple(sorted(pairs))


def test_the_own_piles_example_draws_two_piles_each_topped_by_a_queen(tmp_path) -> None:
    """Rules 3/7's "the queens on two tops are a snap" was three cards fanned in one row (Q♦ 4♣ Q♠), which read as one
    pile: it draws two piles apart, each a queen on top of cards squared under it."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.screens.rules import RulesScene
    from game_helpers import frame, make_app

    pygame.init()
    app = make_app(tmp_path, (960, 600))
    scene = RulesScene(app, "snap")
    app.stack.push(scene)
    while not any("two tops" in e.caption for e in scene.sections[scene.page].examples):
        scene.on_button("next")
    drawn: list = []
    real = app.art.blit_face
    app.art.blit_face = lambda surface, card, rect, *a, **k: drawn.append((str(card), pygame.Rect(rect))) or real(
        surface, card, rect, *a, **k)
    scene.refresh()
    frame(app, 2)
    pygame.quit()
    cards = drawn[-len(scene.sections[scene.page].examples[0].cards.split()):]
    piles: list[list] = []
    for card, rect in cards:  # a card overlapping the one before it lies on the same pile
        if piles and rect.colliderect(piles[-1][-1][1]):
            piles[-1].append((card, rect))
        else:
            piles.append([(card, rect)])
    assert [p[-1][0][0] for p in piles] == ["Q", "Q"], piles
    first, second = (p[0][1].unionall([r for _, r in p]) for p in piles)
    assert second.left - first.right >= 20  # apart: two piles, not one row
    for pile in piles:  # squared: each card under the top one shows only a sliver
        top = pile[-1][1]
        assert all(abs(r.x - top.x) < top.w // 5 and abs(r.y - top.y) < top.h // 5 for _, r in pile)


def test_the_tie_example_shows_the_two_nines_on_two_piles():
    """Rules 4/7's tie "on these nines" drew 9♣ 9♦ fanned in one row, which read as one pile."""
    from game.rules.snap import SNAP_RULES

    example = next(e for s in SNAP_RULES for e in s.examples if "tie on these nines" in e.caption)
    cards, piles = example.cards.split(), example.piles
    assert len(piles) == 2 and sum(piles) == len(cards)
    assert [cards[piles[0] - 1][0], cards[-1][0]] == ["9", "9"]  # each pile topped by a nine
