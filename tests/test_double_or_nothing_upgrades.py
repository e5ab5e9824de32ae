"""Each of the runner's upgrades, one example each, plus the offer and stacking."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.double_or_nothing import PASS, UPGRADES, Held, Mode, Phase, Pick, Play, Run, new_game
from engine.double_or_nothing import upgrades as up
from engine.double_or_nothing.counts import parse_counts
from engine.double_or_nothing.events import CardsAdded, HandDealt, HandWon, Passed, RunOver, SecondWind
from engine.envelope import RecordError
from engine.errors import IllegalAction
from engine.games import game_info, load_record


def c(text: str) -> tuple[int, ...]:
    return parse_counts(text)


def run(mine: str, theirs: str, my_deck: str = "", their_deck: str = "", turn: int = 0, game: int = 1,
        rules: int = up.RULES, **held: int) -> Run:
    """A Run mid-hand with the runner holding ``held`` (upgrade ids with dashes as underscores), under ``rules``."""
    stacks = {k.replace("_", "-"): v for k, v in held.items() if v}
    decks = ([c(b) for b in my_deck.split("/") if b.strip()], [c(b) for b in their_deck.split("/") if b.strip()])
    return Run.position((c(mine), c(theirs)), decks, mode=Mode.RUN, game=game, turn=turn, held=Held(stacks),
                        upgrade_rules=rules)


def test_there_are_at_least_ten_upgrades_each_with_a_name_an_effect_and_an_icon() -> None:
    assert len(UPGRADES) >= 10
    for u in UPGRADES.values():
        assert u.name and u.effect.endswith(".") and u.icon.shape and u.icon.colour.startswith("#")
    assert {u.stacks for u in UPGRADES.values()} == {True, False}


def test_reinforcements_shuffle_a_quarter_of_a_fresh_deck_into_the_deck() -> None:
    """Rules 4: one of each number per scale (game 2's is 2); the same pick under rules 3 shuffles in half."""
    for rules, added in ((up.RULES, "2x1 2x2 2x3 2x4 2x5 2x6 2x7 2x8"), (up.THIRD_RULES, "4x1 4x2 4x3 4x4 4x5 4x6 4x7 4x8")):
        state = run("1x3", "1x5", "20x1", "9x2", rules=rules)
        state.apply(Play(3, 3, 1), 0)  # the opponent can't draw 10: game 2, and the offer
        before = state.decks[0].size
        state.offer = (up.REINFORCEMENTS, up.TRIM, up.TOLL)
        events = state.apply(Pick(up.REINFORCEMENTS), 0)
        assert CardsAdded(0, c(added)) in events
        assert state.decks[0].size + sum(state.hands[0]) == before + sum(c(added))


def test_reinforcements_held_from_the_start_add_a_quarter_deck_per_stack() -> None:
    """A study's runner starting game 3 with two stacks: 2 x 4 of each number more than a fresh 16 of each."""
    state = Run(Mode.RUN, 3, 5, held=Held({up.REINFORCEMENTS: 2}))
    assert state.decks[0].size + sum(state.hands[0]) == 8 * (16 + 8)
    assert state.decks[1].size + sum(state.hands[1]) == 8 * 16
    older = Run(Mode.RUN, 3, 5, held=Held({up.REINFORCEMENTS: 2}), upgrade_rules=up.THIRD_RULES)
    assert older.decks[0].size + sum(older.hands[0]) == 8 * (16 + 16)


def test_reinforcements_words_follow_the_rules() -> None:
    assert up.effect(up.REINFORCEMENTS).startswith("A quarter of a fresh deck")
    assert up.effect(up.REINFORCEMENTS, up.THIRD_RULES).startswith("Half a fresh deck")
    assert up.helps(up.REINFORCEMENTS) and not up.helps(up.REINFORCEMENTS, up.THIRD_RULES)


def test_trim_plays_fewer_copies_than_held() -> None:
    """Rules 2: a trimmed lead too."""
    plain, trimmed = run("3x4 3x5", "4x1"), run("3x4 3x5", "4x1", trim=1, rules=up.SECOND_RULES)
    with pytest.raises(IllegalAction, match="as many copies"):
        plain.apply(Play(4, 5, 1), 0)
    trimmed.apply(Play(4, 5, 1), 0)
    assert trimmed.hands[0] == c("2x4 2x5")


def test_trim_under_rules_3_leads_at_least_half_and_answers_just_enough() -> None:
    leading = run("4x4 4x5", "4x1", trim=1)
    assert Play(4, 5, 2) in leading.legal_actions(0) and Play(4, 5, 1) not in leading.legal_actions(0)
    with pytest.raises(IllegalAction, match="at least half the copies you hold: 2 of 4-5, not 1"):
        leading.apply(Play(4, 5, 1), 0)
    leading.apply(Play(4, 5, 2), 0)
    assert leading.hands[0] == c("2x4 2x5")
    answering = run("6x4 6x5", "3x1 1x2", turn=1, trim=1)
    answering.apply(Play(1, 1, 3), 1)
    assert Play(4, 5, 2) in answering.legal_actions(0)  # 4 cards beat a set of 3: 2 of 6 is below half, fine here
    answering.apply(Play(4, 5, 2), 0)
    odd = run("3x4 3x5", "4x1", trim=1)
    assert Play(4, 5, 2) in odd.legal_actions(0)  # half of 3, rounded up


def test_trim_offers_the_fewest_copies_that_answer() -> None:
    state = run("5x4 5x5", "2x1 9x2", turn=1, trim=1)
    state.apply(Play(1, 2, 2), 1)  # 4 cards, 2 numbers, top 2
    assert Play(4, 5, 2) in state.legal_actions(0) and Play(4, 5, 5) in state.legal_actions(0)


def test_stairmaster_counts_a_stair_one_number_stronger() -> None:
    """Rules 2: every stair."""
    for stacks, answers in ((0, False), (1, True)):
        state = run("2x1 2x2", "2x6 2x7 1x8", turn=1, stairmaster=stacks, rules=up.SECOND_RULES)
        state.apply(Play(6, 7, 2), 1)  # a stair: 4 cards, 2 numbers, top 7
        assert (Play(1, 2, 2) in state.legal_actions(0)) is answers


def test_stairmaster_under_rules_3_counts_only_stairs_of_three_numbers_or_more() -> None:
    two = run("2x1 2x2", "2x6 2x7 1x8", turn=1, stairmaster=1, rules=up.THIRD_RULES)
    two.apply(Play(6, 7, 2), 1)
    assert Play(1, 2, 2) not in two.legal_actions(0)  # a two-number stair gets no bonus now
    three = run("2x1 2x2 2x3", "2x4 2x5 2x6 1x8", turn=1, stairmaster=1, rules=up.THIRD_RULES)
    three.apply(Play(4, 6, 2), 1)  # 6 cards, 3 numbers, top 6
    assert Play(1, 3, 2).strength(three.rules_for(0)) == (6, 4, 3)
    assert Play(1, 3, 2) in three.legal_actions(0)


def test_stairmaster_under_rules_4_counts_a_quarter_more_cards_with_four_copies_or_more() -> None:
    """Game 6 hands hold every number by the dozen: one number more decided nothing there."""
    rules = Held({up.STAIRMASTER: 1}).rules()
    assert Play(1, 3, 4).strength(rules) == (15, 4, 3)  # 12 cards and 12 // 4
    assert Play(1, 3, 3).strength(rules) == (9, 4, 3)  # three copies: no card bonus
    assert Play(1, 2, 8).strength(rules) == (16, 2, 2)  # two numbers: no bonus at all
    assert Play(1, 3, 4).strength(Held({up.STAIRMASTER: 2}).rules()) == (18, 5, 3)  # stacks add
    assert Play(1, 3, 4).strength(Held({up.STAIRMASTER: 1}).rules(up.THIRD_RULES)) == (12, 4, 3)
    state = run("4x1 4x2 4x3 1x5", "14x8 1x7", turn=1, stairmaster=1)
    state.apply(Play(8, 8, 14), 1)  # a set of 14 cards
    assert Play(1, 3, 4) in state.legal_actions(0)  # 12 cards count 15
    assert Play(1, 3, 4) in state.observation(0).legal_actions()
    state.apply(Play(1, 3, 4), 0)
    assert state.top_strength() == (15, 4, 3) and state.legal_actions(1) == [PASS]
    third = run("4x1 4x2 4x3 1x5", "14x8 1x7", turn=1, stairmaster=1, rules=up.THIRD_RULES)
    third.apply(Play(8, 8, 14), 1)
    assert Play(1, 3, 4) not in third.legal_actions(0)
    with pytest.raises(IllegalAction, match="must be stronger"):
        third.apply(Play(1, 3, 4), 0)


def test_stairmaster_under_rules_4_lists_every_answer_a_bonus_makes() -> None:
    """The answer list skips spans by their cards: it must allow for the cards a stair counts more."""
    from engine.double_or_nothing.plays import legal_plays

    rules = Held({up.STAIRMASTER: 1, up.TRIM: 1}).rules()
    hand = c("40x1 40x2 40x3 40x4")
    for top in ((100, 1, 8), (150, 1, 8), (199, 2, 8), (200, 8, 8)):
        listed = set(legal_plays(hand, rules, top))
        every = {Play(lo, hi, k) for lo in range(1, 5) for hi in range(lo, 5) for k in range(1, 41)}
        beating = {p for p in every if p.strength(rules) > top}
        full = {p for p in beating if p.copies == 40}
        assert full <= listed <= beating
        for p in listed - full:  # Trim's answer: the fewest copies of its span that beat
            assert Play(p.lo, p.hi, p.copies - 1) not in beating


def test_tiebreaker_wins_an_equal_answer() -> None:
    for held, answers in ((0, False), (1, True)):
        state = run("2x6 2x7", "2x6 2x7 1x8", turn=1, tiebreaker=held)
        state.apply(Play(6, 7, 2), 1)
        assert (Play(6, 7, 2) in state.legal_actions(0)) is answers


def test_tiebreaker_under_rules_3_needs_only_as_many_cards_and_numbers() -> None:
    for rules, answers in ((up.SECOND_RULES, False), (up.RULES, True)):
        state = run("2x2 2x3", "2x6 2x7 1x1", turn=1, tiebreaker=1, rules=rules)
        state.apply(Play(6, 7, 2), 1)  # a stair: 4 cards, 2 numbers, top 7
        assert (Play(2, 3, 2) in state.legal_actions(0)) is answers  # 4 cards, 2 numbers, a lower top
    plain = run("2x2 2x3", "2x6 2x7 1x1", turn=1)
    plain.apply(Play(6, 7, 2), 1)
    assert Play(2, 3, 2) not in plain.legal_actions(0)
    fewer_numbers = run("4x2", "1x5 1x6 1x7 1x8 1x1", turn=1, tiebreaker=1)
    fewer_numbers.apply(Play(5, 8, 1), 1)  # 4 cards, 4 numbers
    assert Play(2, 2, 4) not in fewer_numbers.legal_actions(0)  # a set of 4 has fewer numbers


def test_second_helping_draws_a_quarter_as_many_again_and_stacks() -> None:
    """Rules 2."""
    state = run("1x1", "3x8 1x2", "9x2", turn=1, game=2, second_helping=1, rules=up.SECOND_RULES)
    state.apply(Play(8, 8, 3), 1)
    events = state.apply(PASS, 0)
    assert any(isinstance(e, Passed) and e.drew == 5 for e in events)  # game 2 passes draw 4, and 1 more
    assert run("1x1", "1x2", game=3, second_helping=2, rules=up.SECOND_RULES).pass_size(0) == 12  # 8, and 2 twice
    assert run("1x1", "1x2", game=3, second_helping=2, rules=up.FIRST_RULES).pass_size(0) == 16  # 8, and 4 twice


def test_second_helping_under_rules_3_takes_one_in_eight_of_the_opponents_cards_in_the_play_area() -> None:
    state = run("1x1", "9x8 1x2", "9x2", "", turn=1, game=2, second_helping=1)
    state.apply(Play(8, 8, 9), 1)
    events = state.apply(PASS, 0)
    assert Passed(0, 4, 1, 8, salvaged=1) in events  # the draw stays 4; 9 cards: one in eight is 1
    assert state.decks[0].snapshot()[-1] == c("1x8") and state.decks[1].snapshot() == (c("8x8"),)
    assert run("1x1", "1x2", game=3, second_helping=2).pass_size(0) == 8
    twice = run("1x1", "9x8 1x2", "9x2", "", turn=1, game=2, second_helping=2)
    twice.apply(Play(8, 8, 9), 1)
    assert Passed(0, 4, 1, 7, salvaged=2) in twice.apply(PASS, 0)  # two stacks: two in eight
    few = run("1x1", "5x8 1x2", "9x2", "", turn=1, game=2, second_helping=1)
    few.apply(Play(8, 8, 5), 1)
    assert Passed(0, 4, 1, 5, salvaged=0) in few.apply(PASS, 0)  # rounded down: fewer than eight give none


def test_round_the_bend_lets_spans_wrap_from_eight_to_one() -> None:
    hand = "1x7 1x8 1x1 1x2 1x5"
    with pytest.raises(IllegalAction, match="Round the Bend"):
        run(hand, "1x3").apply(Play(7, 2, 1), 0)
    state = run(hand, "1x3", round_the_bend=1)
    assert Play(7, 2, 1) in state.legal_actions(0)
    state.apply(Play(7, 2, 1), 0)
    assert state.hands[0] == c("1x5") and state.top_strength() == (4, 4, 2)  # its top is the 2


def test_round_the_bend_wraps_only_a_lead() -> None:
    """Rules 2: a wrapped answer is refused (measured far too strong); the first rules allowed it."""
    hand = "1x7 1x8 1x1 1x2 1x5"
    for rules, answers in ((up.THIRD_RULES, False), (up.RULES, False), (up.FIRST_RULES, True)):
        state = run(hand, "1x3 5x6", turn=1, rules=rules, round_the_bend=1)
        state.apply(Play(3, 3, 1), 1)
        assert (Play(7, 2, 1) in state.legal_actions(0)) is answers
        assert (Play(7, 2, 1) in state.observation(0).legal_actions()) is answers
        assert Play(7, 8, 1) in state.legal_actions(0)  # a straight answer is fine
        if not answers:
            with pytest.raises(IllegalAction, match="only when you lead" if rules == up.THIRD_RULES else "4 or more"):
                state.apply(Play(7, 2, 1), 0)


def test_round_the_bend_under_rules_4_wraps_answers_of_four_copies_or_more() -> None:
    """Big games' hands hold every number: a wrapped lead gave nothing there, wrapped answers do."""
    hand = "4x7 4x8 4x1 3x2 1x5"
    for rules, answers in ((up.RULES, True), (up.THIRD_RULES, False)):
        state = run(hand, "7x3 5x6", turn=1, rules=rules, round_the_bend=1)
        state.apply(Play(3, 3, 7), 1)  # a set of 7
        assert (Play(7, 1, 4) in state.legal_actions(0)) is answers  # 12 cards round the bend
        assert (Play(7, 1, 4) in state.observation(0).legal_actions()) is answers
        assert Play(8, 2, 3) not in state.legal_actions(0)  # 9 cards would beat, but three copies may not wrap
        with pytest.raises(IllegalAction, match="only with 4 or more copies of each number, not 3" if answers
                           else "only when you lead"):
            state.apply(Play(8, 2, 3), 0)
        if answers:
            state.apply(Play(7, 1, 4), 0)
            assert state.hands[0] == c("3x2 1x5") and state.top_strength() == (12, 3, 1)


def test_spyglass_shows_the_numbers_the_opponent_was_dealt_none_of() -> None:
    """Rules 2 and 3 (the first rules: as held)."""
    assert run("1x1", "2x3 1x8", rules=up.THIRD_RULES).observation(0).opponent_lacks is None
    assert run("1x1", "2x3 1x8", spyglass=1, rules=up.THIRD_RULES).observation(0).opponent_lacks == (1, 2, 4, 5, 6, 7)
    assert run("1x1", "2x3 1x8", spyglass=1, rules=up.THIRD_RULES).observation(1).opponent_lacks is None
    for rules, lacks in ((up.THIRD_RULES, (1, 2, 4, 5, 6, 7)), (up.FIRST_RULES, (1, 2, 3, 4, 5, 6, 7))):
        state = run("1x1 1x2", "2x3 1x8", turn=1, rules=rules, spyglass=1)
        state.apply(Play(3, 3, 2), 1)  # the 3s are gone from its hand: the first rules showed that at once
        assert state.observation(0).opponent_lacks == lacks


def test_spyglass_under_rules_4_shows_what_the_opponent_holds_none_of_once_it_is_down_to_a_tenth() -> None:
    """Game 6 hands are dealt every number: as dealt, the Spyglass showed nothing there."""
    for rules, shown in ((up.RULES, (1, 4, 5, 6, 7, 8)), (up.THIRD_RULES, ())):
        state = run("1x1 1x5", "1x1 1x2 1x3", turn=1, game=2, rules=rules, spyglass=1)
        state.dealt_lacks = ()  # it was dealt every number
        assert state.observation(0).opponent_lacks == () and not state.observation(0).opponent_lacks_now
        state.apply(Play(1, 1, 1), 1)  # 2 cards left: a tenth of game 2's 20
        assert state.observation(0).opponent_lacks == shown
        assert state.observation(0).opponent_lacks_now is (rules == up.RULES)
        assert state.observation(1).opponent_lacks is None
    assert up.spyglass_sees_now(up.RULES, 32, 320) and not up.spyglass_sees_now(up.RULES, 33, 320)
    assert up.spyglass_sees_now(up.FIRST_RULES, 300, 320) and not up.spyglass_sees_now(up.SECOND_RULES, 1, 320)


def test_deep_hand_under_rules_3_deals_one_card_in_forty_more_and_at_least_one() -> None:
    assert run("1x1", "1x2", game=2, deep_hand=1).hand_size(0) == 21  # 20 / 40 rounds down: at least one
    assert run("1x1", "1x2", game=6, deep_hand=1).hand_size(0) == 328  # 320 and 8
    assert run("1x1", "1x2", game=4, deep_hand=2).hand_size(0) == 84  # 80, and 2 twice
    assert run("1x1", "1x2", game=6, deep_hand=1).hand_size(1) == 320


def test_deep_hand_deals_one_card_in_twenty_more() -> None:
    """Rules 2, and the first rules."""
    assert run("1x1", "1x2", game=2, deep_hand=1, rules=up.SECOND_RULES).hand_size(0) == 21
    assert run("1x1", "1x2", game=4, deep_hand=2, rules=up.SECOND_RULES).hand_size(0) == 88
    assert run("1x1", "1x2", game=2, deep_hand=1, rules=up.SECOND_RULES).hand_size(1) == 20
    # the first rules: one in ten
    assert run("1x1", "1x2", deep_hand=1, rules=up.FIRST_RULES).hand_size(0) == 11
    assert run("1x1", "1x2", game=4, deep_hand=2, rules=up.FIRST_RULES).hand_size(0) == 96


def test_second_wind_under_rules_3_replays_against_two_and_a_half_fresh_decks() -> None:
    state = run("1x3", "1x5", "9x1", "20x2", turn=1, second_wind=1)
    assert SecondWind(1) in state.apply(Play(5, 5, 1), 1)
    assert [d.size for d in state.decks] == [6, 70]  # half a fresh deck (16) against 2.5 (80), less a hand


def test_second_wind_replays_a_lost_game_once_with_half_a_deck_against_a_deck_and_a_half() -> None:
    """Rules 2."""
    state = run("1x3", "1x5", "9x1", "20x2", turn=1, second_wind=1, rules=up.SECOND_RULES)
    events = state.apply(Play(5, 5, 1), 1)  # the runner can't draw 10
    assert SecondWind(1) in events and SecondWind.changes_inventory is True
    assert not state.is_over and state.game == 1 and state.second_wind_used
    assert [d.size for d in state.decks] == [6, 38]  # half a fresh deck (16) and a deck and a half (48), less a hand
    assert sum(state.hands[0]) == 10
    first = run("1x3", "1x5", "9x1", "20x2", turn=1, second_wind=1, rules=up.FIRST_RULES)
    first.apply(Play(5, 5, 1), 1)
    assert [d.size for d in first.decks] == [22, 22]  # the first rules: a whole fresh deck
    state.decks[0].draw(6, random.Random(0))  # now the runner runs short again
    state.hands = [c("1x1"), c("1x2")]
    state.turn = 1
    assert any(isinstance(e, RunOver) for e in state.apply(Play(2, 2, 1), 1))


def test_toll_under_rules_3_takes_one_in_eight_of_the_opponents_draw() -> None:
    assert run("1x1", "1x2", "", "40x2", game=5, toll=2).toll() == 8  # 32 a pass: an eighth twice
    assert run("1x1", "1x2", "", "40x2", game=2, toll=1).toll() == 1  # 4 a pass: at least one
    assert run("1x1", "1x2", "", "40x2", game=5, toll=2, rules=up.SECOND_RULES).toll() == 4


def test_toll_makes_the_opponent_pay_cards_from_its_deck_when_it_passes() -> None:
    """Rules 2."""
    state = run("4x1 1x3", "1x8", "", "10x2", game=2, toll=1, rules=up.SECOND_RULES)
    state.apply(Play(1, 1, 4), 0)
    events = state.apply(PASS, 1)
    assert Passed(1, 4, 0, 4, 0, toll=1) in events  # game 2 passes draw 4: a sixteenth of that, at least one
    assert state.decks[1].size == 5 and state.decks[0].size == 5  # 10 less 4 drawn, less 1 paid; 1 paid + 4
    assert sum(state.hands[1]) == 5 and state.pass_size(1) == 4  # its draw is as it was
    assert run("1x1", "1x2", "", "40x2", game=5, toll=2, rules=up.SECOND_RULES).toll() == 4  # a sixteenth twice
    assert run("1x1", "1x2", "", "3x2", game=5, toll=2).toll() == 3  # never more than its deck holds
    assert run("1x1", "1x2", "", "20x2", game=5).toll() == 0
    assert run("1x1", "1x2", "", "20x2", game=3, toll=2, rules=up.FIRST_RULES).toll() == 0


def test_toll_under_the_first_rules_halved_the_opponents_draw() -> None:
    state = run("4x1 1x3", "1x8", "", "10x2", game=2, toll=1, rules=up.FIRST_RULES)
    state.apply(Play(1, 1, 4), 0)
    events = state.apply(PASS, 1)
    assert any(isinstance(e, Passed) and e.drew == 2 for e in events)  # game 2 passes draw 4
    assert run("1x1", "1x2", toll=2, rules=up.FIRST_RULES).pass_size(1) == 1  # never fewer than one


def test_last_word_made_the_opponent_lead_every_hand_until_rules_4() -> None:
    for rules, leader in ((up.THIRD_RULES, 1), (up.RULES, 0)):
        state = run("1x3", "1x5 1x6", "10x1", "20x2", last_word=1, rules=rules)
        events = state.apply(Play(3, 3, 1), 0)  # the runner empties its hand and wins it
        assert any(isinstance(e, HandDealt) and e.leader == leader for e in events)
        assert state.turn == leader


def test_last_word_under_rules_4_answers_the_opponents_last_play_once_a_game() -> None:
    """Answered: the play area goes under the runner's deck, then the opponent wins the hand with the rest."""
    state = run("2x4 1x6", "2x2", "10x1", "20x2", turn=1, last_word=1)
    state.apply(Play(2, 2, 2), 1)  # the opponent's last cards
    assert state.turn == 0 and state.last_word_game == 1 and sum(state.hands[1]) == 0
    assert state.legal_actions(0) == [Play(4, 4, 2), PASS]
    events = state.apply(Play(4, 4, 2), 0)
    assert Passed(1, 0, 0, 4) in events and HandWon(1, 1) in events  # the area is the runner's, its 6 theirs
    assert sum(state.hands[0]) + state.decks[0].size == 10 + 4 and sum(state.hands[1]) + state.decks[1].size == 21
    again = run("2x4 1x6", "2x2", "10x1", "20x2", turn=1, last_word=1)
    again.last_word_game = 1  # spoken already in this game: the opponent wins at once
    events = again.apply(Play(2, 2, 2), 1)
    assert HandWon(1, 5) in events
    no_answer = run("1x1 1x6", "2x2", "10x1", "20x2", turn=1, last_word=1)
    assert HandWon(1, 4) in no_answer.apply(Play(2, 2, 2), 1)  # nothing beats it: no Last Word, nothing spent
    assert no_answer.last_word_game == 0
    let_go = run("2x4 1x6", "2x2", "10x1", "20x2", turn=1, last_word=1)
    let_go.apply(Play(2, 2, 2), 1)
    assert HandWon(1, 5) in let_go.apply(PASS, 0)  # passing: the hand is theirs as usual, no draw
    third = run("2x4 1x6", "2x2", "10x1", "20x2", turn=1, last_word=1, rules=up.THIRD_RULES)
    assert HandWon(1, 5) in third.apply(Play(2, 2, 2), 1)


def test_salvage_under_rules_3_keeps_one_in_six_of_the_runners_own_cards() -> None:
    state = run("6x1 1x4", "7x8 1x2", "2x2", "", salvage=1)
    state.apply(Play(1, 1, 6), 0)
    state.apply(Play(8, 8, 7), 1)
    events = state.apply(PASS, 0)
    assert Passed(0, 2, 1, 12, salvaged=1) in events  # 6 cards of its own: one in six is 1
    assert state.decks[0].snapshot() == (c("1x1"),) and state.decks[1].snapshot() == (c("5x1 7x8"),)
    few = run("4x1 1x4", "5x8 1x2", "2x2", "", salvage=1)
    few.apply(Play(1, 1, 4), 0)
    few.apply(Play(8, 8, 5), 1)
    assert Passed(0, 2, 1, 9, salvaged=0) in few.apply(PASS, 0)  # rounded down: fewer than six keep none


def test_salvage_keeps_a_quarter_of_the_runners_own_cards_when_it_passes() -> None:
    """Rules 2."""
    state = run("4x1 1x4", "5x8 1x2", "2x2", "", salvage=1, rules=up.SECOND_RULES)
    state.apply(Play(1, 1, 4), 0)
    state.apply(Play(8, 8, 5), 1)
    events = state.apply(PASS, 0)
    assert Passed(0, 2, 1, 8, salvaged=1) in events
    assert state.decks[0].snapshot() == (c("1x1"),) and state.decks[1].snapshot() == (c("3x1 5x8"),)


def test_salvage_under_the_first_rules_kept_half() -> None:
    state = run("4x1 1x4", "5x8 1x2", "2x2", "", salvage=1, rules=up.FIRST_RULES)
    state.apply(Play(1, 1, 4), 0)
    state.apply(Play(8, 8, 5), 1)
    events = state.apply(PASS, 0)
    assert Passed(0, 2, 1, 7, salvaged=2) in events
    assert state.decks[0].snapshot() == (c("2x1"),) and state.decks[1].snapshot() == (c("2x1 5x8"),)


def test_the_offer_skips_upgrades_that_do_not_stack() -> None:
    held = Held({up.TRIM: 1, up.SECOND_HELPING: 2})
    for seed in range(30):
        offer = up.offer(held, random.Random(seed))
        assert len(set(offer)) == 3 and up.TRIM not in offer and up.SECOND_HELPING not in offer


def test_an_upgrade_not_on_offer_is_refused() -> None:
    state = run("1x3", "1x5", "20x1", "9x2")
    state.apply(Play(3, 3, 1), 0)
    missing = next(u for u in UPGRADES if u not in state.offer)
    with pytest.raises(IllegalAction, match="not one of the upgrades on offer"):
        state.apply(Pick(missing), 0)
    assert state.phase is Phase.PICK


def test_a_run_without_upgrades_offers_none() -> None:
    state = run("1x3", "1x5", "20x1", "9x2")
    state.upgrades_on = False
    state.apply(Play(3, 3, 1), 0)
    assert state.phase is Phase.PLAY and state.game == 2


def test_shuffle_hidden_keeps_the_spyglass_view() -> None:
    from engine.double_or_nothing import shuffle_hidden

    state = Run(Mode.RUN, 2, seed=3, held=Held({up.SPYGLASS: 1}))
    for seed in range(5):
        assert shuffle_hidden(state, 0, random.Random(seed)).observation(0) == state.observation(0)


def test_random_runs_conserve_cards_between_the_rule_changes() -> None:
    """Random play through doublings and picks: the inventory changes only with an event that says so."""
    doublings = 0
    for seed in range(3):
        state = Run(Mode.RUN, 1, seed)
        rng = random.Random(seed)
        cards = state.inventory()
        for _ in range(600):
            if state.is_over:
                break
            seat = state.to_move()[0]
            events = state.apply(rng.choice(state.legal_actions(seat)), seat)
            if any(getattr(e, "changes_inventory", False) for e in events):
                doublings += 1
                cards = state.inventory()
            assert state.inventory() == cards
    assert doublings >= 2


FIRST_RULES_RECORDS = Path(__file__).parent / "data" / "double_or_nothing_first_rules.json"


def _ends_as_recorded(state, final: dict) -> None:
    """A replayed run's final state is the one its record file noted."""
    assert (state.game, state.games_won, state.winner, state.second_wind_used, state.hand_number) == (
        final["game"], final["games_won"], final["winner"], final["second_wind_used"], final["hand_number"])
    assert [list(x) for x in state.held.as_tuple()] == final["held"]
    assert [d.size for d in state.decks] == final["decks"] and [list(h) for h in state.hands] == final["hands"]


@pytest.mark.parametrize("run_data", json.loads(FIRST_RULES_RECORDS.read_text())["runs"], ids=lambda r: r["upgrade"])
def test_a_record_made_under_the_first_rules_replays_exactly(run_data: dict) -> None:
    """Records saved before the rules 2 (their ``upgrades`` option is ``true``) load and end where they ended."""
    record = load_record(json.dumps(run_data["record"]))
    assert record.options["upgrades"] is True
    state = record.final_state()
    assert state.upgrade_rules == up.FIRST_RULES
    _ends_as_recorded(state, run_data["final"])
    # the same actions under the rules 2 go elsewhere (or are refused): the old rule is what made them replay
    data = dict(run_data["record"], options={**run_data["record"]["options"], "upgrades": up.RULES})
    data.pop("scores", None)
    try:
        newer = load_record(json.dumps(data)).final_state()
    except RecordError:
        return
    assert newer.snapshot()[:-1] != state.snapshot()[:-1]


def test_new_runs_play_under_the_current_rules_and_a_duel_has_none() -> None:
    info = game_info("double-or-nothing")
    assert info.resolve_options({"mode": "run"})["upgrades"] == up.RULES
    assert new_game(2, info.resolve_options({"mode": "run"}), 1).upgrade_rules == up.RULES
    assert new_game(2, info.resolve_options({"mode": "run", "upgrades": True}), 1).upgrade_rules == up.FIRST_RULES
    assert new_game(2, info.resolve_options({"mode": "run", "upgrades": 2}), 1).upgrade_rules == up.SECOND_RULES
    assert new_game(2, info.resolve_options({"mode": "run", "upgrades": 3}), 1).upgrade_rules == up.THIRD_RULES
    assert up.RULES == 4 and info.resolve_options({"mode": "run"})["upgrades"] == 4
    assert not new_game(2, info.resolve_options({"mode": "run", "upgrades": False}), 1).upgrades_on
    with pytest.raises(ValueError, match="upgrade rules"):
        Run(Mode.RUN, 1, 1, upgrade_rules=5)


def test_each_rules_version_names_its_own_effects_and_every_upgrade_says_when_it_helps() -> None:
    assert up.effect(up.SALVAGE, up.SECOND_RULES) == up.SECOND_EFFECTS[up.SALVAGE]
    assert up.effect(up.SALVAGE, up.FIRST_RULES) == up.FIRST_EFFECTS[up.SALVAGE]
    assert up.effect(up.TRIM, up.FIRST_RULES) == up.SECOND_EFFECTS[up.TRIM]  # unchanged from 1 to 2
    assert up.effect(up.TRIM) == UPGRADES[up.TRIM].effect != up.SECOND_EFFECTS[up.TRIM]
    assert set(up.HELPS) == set(UPGRADES)
    assert all(line.startswith("Helps") and line.endswith(".") for line in up.HELPS.values())


SECOND_RULES_RECORDS = Path(__file__).parent / "data" / "double_or_nothing_second_rules.json"


@pytest.mark.parametrize("run_data", json.loads(SECOND_RULES_RECORDS.read_text())["runs"], ids=lambda r: r["upgrade"])
def test_a_record_made_under_the_second_rules_replays_exactly(run_data: dict) -> None:
    """Records saved under rules 2 (``"upgrades": 2``) end where they ended; under rules 3 they would not."""
    record = load_record(json.dumps(run_data["record"]))
    assert record.options["upgrades"] == 2
    state = record.final_state()
    assert state.upgrade_rules == up.SECOND_RULES
    _ends_as_recorded(state, run_data["final"])
    data = dict(run_data["record"], options={**run_data["record"]["options"], "upgrades": up.RULES})
    try:
        newer = load_record(json.dumps(data)).final_state()
    except RecordError:
        return
    assert newer.snapshot()[:-1] != state.snapshot()[:-1]


THIRD_RULES_RECORDS = Path(__file__).parent / "data" / "double_or_nothing_third_rules.json"


def _runner_views(data: dict) -> list[tuple]:
    """A record replayed action by action: the state (its rules aside) and the Spyglass's view after each."""
    from engine.double_or_nothing import action_from_json

    state = load_record(json.dumps(dict(data, actions=[]))).final_state()
    out: list[tuple] = []
    for entry in data["actions"]:
        action = dict(entry)
        seat = action.pop("seat")
        try:
            state.apply(action_from_json(action), seat)
        except IllegalAction:
            return out + [("refused",)]
        out.append((state.snapshot()[:-3], state.observation(0).opponent_lacks))
    return out


@pytest.mark.parametrize("run_data", json.loads(THIRD_RULES_RECORDS.read_text())["runs"], ids=lambda r: r["upgrade"])
def test_a_record_made_under_the_third_rules_replays_exactly(run_data: dict) -> None:
    """Records saved under rules 3 (``"upgrades": 3``, made before rules 4) end where they ended; under rules 4
    their play (or, for the Spyglass, what the runner is shown) goes differently."""
    record = load_record(json.dumps(run_data["record"]))
    assert record.options["upgrades"] == 3
    state = record.final_state()
    assert state.upgrade_rules == up.THIRD_RULES
    _ends_as_recorded(state, run_data["final"])
    assert list(state.observation(0).opponent_lacks or ()) == run_data["final"]["lacks"]
    newer = dict(run_data["record"], options={**run_data["record"]["options"], "upgrades": up.RULES})
    newer.pop("scores", None)
    assert _runner_views(newer) != _runner_views(run_data["record"])
