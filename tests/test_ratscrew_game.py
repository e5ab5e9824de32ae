"""Ratscrew's play: laying and calls, counting out, penalties, turns, ties, the end, records.

Positions are written as text, top card first: ``table("7H 2D | QS | -", stack="KD 7C")``
is three piles (the third empty) and a stack with the king of diamonds on top.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import Card, parse_cards
from engine.envelope import GameRecord, PlayerInfo
from engine.errors import IllegalAction
from engine.games import game_info, load_record
from engine.ratscrew import LAY, SNAP, HouseRules, Ratscrew, new_game, shuffle_hidden
from engine.ratscrew.moves import (
    CardLaid, CountChanged, Event, GameOver, LaidOutOfTurn, PlayerBackIn, PlayerBarred, PlayerOut, PlayersReleased,
    SnapAccepted, SnapWrong, StackWon, TurnPassed,
)
from engine.ratscrew.snaps import Count


def table(piles: str, stack: str = "", turn: int = 0, called: int = 0, count: tuple[int, int, str] | None = None,
          barred: tuple[int, ...] = (), **options: Any) -> Ratscrew:
    """A position from text: piles split by ``|`` (``-`` is empty), every list top card first."""
    def bottom_first(text: str) -> list[Card]:
        return list(reversed(parse_cards(text.replace("-", ""))))

    counting = Count(count[0], count[1], Card(count[2])) if count else None
    return Ratscrew([bottom_first(p) for p in piles.split("|")], HouseRules.from_options(options), turn,
                    bottom_first(stack), called, counting, barred)


def top_first(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in reversed(cards)) or "-"


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- laying and calls -------------------------------------------------------


def test_the_deal_goes_round_from_the_first_player_onto_each_pile_top() -> None:
    state = Ratscrew.deal(list(parse_cards("2C 3C 4C 5C 6C")), 2, first=1)
    assert [top_first(p) for p in state.piles] == ["5C 3C", "6C 4C 2C"]
    assert state.turn == 1
    assert sum(len(p) for p in new_game(5, {}, 7).piles) == 52


def test_calls_run_over_more_than_13_cards_and_only_in_turn_cards_count() -> None:
    state = table("2C 3C 4C 5C 6C 7C 8C 9C | 2D 3D 4D 5D 6D 7D 8D 9D", counting_out=False, standard=False,
                  sandwich=False, calling_out=False)
    calls = []
    for i in range(15):
        if i == 4:
            state.apply(LAY, 1 - state.turn)  # out of turn: under the stack, no call
            assert state.calls_made == 4
        calls.append(of_type(state.apply(LAY, state.turn), CardLaid)[0].call.word)
    assert calls == ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace", "2"]


@pytest.mark.parametrize("calls,expected", [("game", "5"), ("stack", "ace")])
def test_calls_restart_with_each_stack_as_a_house_rule(calls: str, expected: str) -> None:
    state = table("9C 5D | 9H 8S", stack="2C", called=2, calls=calls)
    state.apply(LAY, 0)  # called "3"
    state.apply(LAY, 1)  # called "4": a pair of 9s
    state.apply(SNAP, 1, at=10)
    state.advance(11)
    assert of_type(state.apply(LAY, 1, at=20), CardLaid)[0].call.word == expected


def test_calling_out_holds_only_until_the_next_card() -> None:
    state = table("7H 2C | 4D", stack="9S", called=6, standard=False, sandwich=False)
    assert state.snaps() == ()
    state.apply(LAY, 0)  # the 7th call is "7": 7H
    assert [r.rule for r in state.snaps()] == ["calling_out"]
    state.apply(LAY, 1)
    assert state.snaps() == ()


# --- counting out ---------------------------------------------------------


def test_a_count_that_runs_out_wins_the_stack_at_once() -> None:
    state = table("JH 5C | 3S 2D", stack="9S")  # 3S is called "2": no calling out
    assert of_type(state.apply(LAY, 0), CountChanged) == [CountChanged(0, 1, Card("JH"))]
    events = state.apply(LAY, 1)
    assert of_type(events, StackWon) == [StackWon(0, tuple(parse_cards("9S JH 3S")), "count")]
    assert top_first(state.piles[0]) == "5C 9S JH 3S" and state.stack == [] and state.turn == 0
    assert state.count is None


def test_an_ace_counts_four() -> None:
    state = table("AH 2C 3C | 4D 5D 6D", stack="9S", standard=False, sandwich=False, calling_out=False)
    lefts = [of_type(state.apply(LAY, state.turn), CountChanged)[-1].left for _ in range(4)]
    assert lefts == [4, 3, 2, 1]
    assert of_type(state.apply(LAY, state.turn), StackWon)[0].how == "count"


def test_a_count_at_zero_with_another_snap_showing_is_for_anyone_to_snap() -> None:
    state = table("JH | 4S | 8D", stack="4C")
    state.apply(LAY, 0)
    events = state.apply(LAY, 1)  # 4S JH 4C: a sandwich, and the count is at zero
    assert not of_type(events, StackWon)
    assert state.count == Count(0, 0, Card("JH"))
    assert [r.rule for r in state.snaps()] == ["sandwich", "counting_out"]
    accepted = of_type(state.apply(SNAP, 2, at=100), SnapAccepted)[0]
    assert [str(r) for r in accepted.reasons] == ["Sandwich: 4C JH 4S", "Counting out: JH 4S"]
    assert of_type(state.advance(101), StackWon)[0].player == 2


def test_a_count_at_zero_lapses_when_the_next_card_is_laid() -> None:
    state = table("JH 7C | 4S 8D | 2H", stack="4C")
    state.apply(LAY, 0)
    state.apply(LAY, 1)
    events = state.apply(LAY, 2)  # 2H on 4S JH 4C: the sandwich stays, the count is over
    assert of_type(events, CountChanged) == [CountChanged(None, None, None)]
    assert [r.rule for r in state.snaps()] == ["sandwich"]


def test_a_new_picture_card_restarts_the_count() -> None:
    state = table("KH 2C | 5C 3D | QD 6S", stack="9S")
    state.apply(LAY, 0)
    state.apply(LAY, 1)
    assert state.count == Count(0, 2, Card("KH"))
    state.apply(LAY, 2)
    assert state.count == Count(2, 2, Card("QD"))
    state.apply(LAY, 0)
    events = state.apply(LAY, 1)
    assert of_type(events, StackWon) == [StackWon(2, tuple(parse_cards("9S KH 5C QD 2C 3D")), "count")]


def test_a_position_may_start_with_a_count_just_begun_but_not_beyond_its_start() -> None:
    state = table("5C | 3S", stack="QD 9S", count=(1, 2, "QD"), turn=0)
    state.apply(LAY, 0)
    assert state.count == Count(1, 1, Card("QD"))
    with pytest.raises(ValueError, match="count"):
        table("5C | 3S", stack="QD 9S", count=(1, 3, "QD"))


def test_no_count_when_counting_out_is_switched_off() -> None:
    state = table("JH 5C | 3S 2D", stack="9S", counting_out=False)
    state.apply(LAY, 0)
    assert state.count is None
    assert not of_type(state.apply(LAY, 1), StackWon)


# --- penalties ------------------------------------------------------------


def test_a_wrong_snap_bars_and_a_barred_snap_is_refused_for_nothing() -> None:
    state = table("5C | 3D | 8H", stack="9S 2C")
    events = state.apply(SNAP, 1, at=50)
    assert of_type(events, SnapWrong)[0].why.startswith("Wrong snap: ")
    assert of_type(events, PlayerBarred) == [PlayerBarred(1, "you snapped when there was no snap")]
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="until someone else wins the stack"):
        state.apply(SNAP, 1, at=60)
    assert state.snapshot() == before
    assert state.legal_actions(1) == [LAY]


def test_bars_are_lifted_when_someone_else_wins_the_stack() -> None:
    state = table("9C 5C | 3D | 8H", stack="9S 2C", barred=(1,))
    state.apply(LAY, 0)
    state.apply(SNAP, 2, at=10)
    events = state.advance(11)
    assert of_type(events, PlayersReleased) == [PlayersReleased((1,), "the stack was won")]
    assert state.barred == [None, None, None]


def test_a_barred_player_who_wins_by_counting_out_stays_barred() -> None:
    state = table("JH 5C | 3S 2D | 4H", stack="9S", barred=(0, 2))
    state.apply(LAY, 0)
    events = state.apply(LAY, 1)
    assert of_type(events, StackWon)[0].player == 0
    assert of_type(events, PlayersReleased) == [PlayersReleased((2,), "the stack was won")]
    assert state.barred[0] is not None


def test_a_player_with_an_empty_pile_keeps_others_barred_since_they_may_still_snap() -> None:
    state = table("5C | 3D | -", stack="9S 2C", barred=(0,), turn=0)
    assert state.barred[2] is None
    events = state.apply(SNAP, 1)  # seat 2 has no cards but may still snap its way back in
    assert not of_type(events, PlayersReleased)
    assert state.barred[0] is not None and state.barred[1] is not None and state.barred[2] is None


def test_a_wrong_snapper_stays_barred_when_the_others_empty_their_piles() -> None:
    """The issue's case: B snaps wrongly, A lays his last card; B may not win the stack he was barred from."""
    state = table("5C | 8D 3D", stack="9S 2C", turn=0)
    state.apply(SNAP, 1, at=10)  # no snap showing: B is barred
    state.apply(LAY, 0, at=20)  # A lays his last card
    assert not any(state.piles[0]) and state.barred[1] is not None
    with pytest.raises(IllegalAction, match="until someone else wins the stack"):
        state.apply(SNAP, 1, at=30)


def test_when_everyone_who_may_snap_is_barred_all_are_released() -> None:
    state = table("5C | 3D | -", stack="9S 2C", barred=(0, 2), turn=0)
    events = state.apply(SNAP, 1)
    assert of_type(events, PlayersReleased) == [PlayersReleased((0, 1, 2), "everyone who may snap was barred")]
    assert state.barred == [None, None, None]


def test_first_rules_records_release_when_everyone_holding_cards_is_barred() -> None:
    state = table("5C | 3D | -", stack="9S 2C", barred=(0,), turn=0, edition=1)
    events = state.apply(SNAP, 1)
    assert of_type(events, PlayersReleased) == [PlayersReleased((0, 1), "everyone still in was barred")]
    assert state.barred == [None, None, None]


def test_a_card_laid_out_of_turn_goes_under_the_stack_with_no_call() -> None:
    state = table("5C | JD 3D", stack="9S 2C", called=2, turn=0)
    events = state.apply(LAY, 1)
    assert of_type(events, LaidOutOfTurn) == [LaidOutOfTurn(1, Card("JD"))]
    assert top_first(state.stack) == "9S 2C JD"
    assert state.calls_made == 2 and state.count is None and state.turn == 0
    assert state.barred[1] == "you laid a card out of turn"


def test_a_card_laid_out_of_turn_leaves_the_count_alone() -> None:
    state = table("5C | 3D 4D | 7H", stack="KS 2C", count=(2, 1, "KS"), called=8, turn=0)
    state.apply(LAY, 1)
    assert state.count == Count(2, 1, Card("KS")) and state.top_call is not None and state.top_call.word == "8"


def test_a_card_laid_out_of_turn_is_kept_as_a_house_rule() -> None:
    state = table("5C | JD 3D", stack="9S 2C", out_of_turn="kept")
    events = state.apply(LAY, 1)
    assert of_type(events, LaidOutOfTurn) == [LaidOutOfTurn(1, None)]
    assert top_first(state.piles[1]) == "JD 3D" and top_first(state.stack) == "9S 2C"
    assert state.barred[1] is not None


# --- turns, the stack won, the end ----------------------------------------


def test_empty_piles_are_skipped() -> None:
    state = table("5C 6C | - | 3D", stack="9S")
    assert of_type(state.apply(LAY, 0), TurnPassed) == [TurnPassed(2)]
    assert of_type(state.apply(LAY, 2), PlayerOut) == [PlayerOut(2)]
    assert state.turn == 0


def test_the_stack_goes_face_down_under_the_pile_and_the_snapper_lays_next() -> None:
    state = table("2C 3C | - | 8H", stack="7S 7D 4H")
    state.apply(SNAP, 1, at=5)
    events = state.advance(6)
    assert of_type(events, PlayerBackIn) == [PlayerBackIn(1)]
    assert top_first(state.piles[1]) == "4H 7D 7S"  # the stack's top card is now the pile's bottom
    assert state.turn == 1


def test_a_player_out_of_cards_can_snap_back_in_but_not_lay() -> None:
    state = table("2C | - ", stack="9S 9D")
    assert state.legal_actions(1) == [SNAP]
    with pytest.raises(IllegalAction, match="no cards"):
        state.apply(LAY, 1)


def test_the_game_ends_when_one_player_holds_every_card() -> None:
    state = table("7H | -", stack="7C 2D")
    state.apply(LAY, 0)
    state.apply(SNAP, 0, at=300)
    events = state.advance(301)
    assert of_type(events, GameOver) == [GameOver(0)]
    assert state.is_over and state.to_move() == () and state.legal_actions(1) == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (3, 0)


def test_with_no_one_left_to_lay_and_no_snap_the_last_layer_takes_the_stack() -> None:
    state = table("5C | 3D", stack="9S", turn=1, standard=False, sandwich=False, calling_out=False)
    state.apply(LAY, 1)
    events = state.apply(LAY, 0)
    assert of_type(events, StackWon) == [StackWon(0, tuple(parse_cards("9S 3D 5C")), "last card")]
    assert of_type(events, GameOver) == [GameOver(0)]


# --- time and ties --------------------------------------------------------


def test_the_earliest_snap_wins_and_a_late_one_costs_nothing() -> None:
    state = table("5C | 3D | 8H | 6S", stack="7S 7D", turn=2)
    state.apply(SNAP, 0, at=499)
    assert state.next_deadline() == 500
    with pytest.raises(IllegalAction, match="nothing to snap"):
        state.apply(SNAP, 3, at=500)  # the stack went to seat 0 first
    events = state.advance(500)
    assert of_type(events, StackWon)[0].player == 0 and state.barred == [None] * 4


@pytest.mark.parametrize("order", [(0, 3), (3, 0)])
def test_an_exact_tie_goes_to_the_player_nearest_the_layers_left(order: tuple[int, int]) -> None:
    state = table("5C | 4D | 8H | 6S", stack="4H 9H", turn=1)
    state.apply(LAY, 1, at=100)  # 4D on 4H: a pair, laid by seat 1
    for seat in order:
        state.apply(SNAP, seat, at=700)
    assert state.next_deadline() == 701
    won = of_type(state.advance(701), StackWon)[0]
    assert won == StackWon(3, tuple(parse_cards("9H 4H 4D")), "snap", (0,))  # 2 is left of 1, then 3, then 0


def test_a_refused_action_after_a_claim_changes_nothing() -> None:
    state = table("5C | 4D | 8H", stack="4H", turn=1)
    state.apply(LAY, 1, at=100)
    state.apply(SNAP, 0, at=200)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="just been snapped"):
        state.apply(LAY, 2, at=200)
    with pytest.raises(IllegalAction, match="already snapped"):
        state.apply(SNAP, 0, at=200)
    with pytest.raises(IllegalAction, match="nothing to snap"):
        state.apply(SNAP, 2, at=201)  # 201: the stack has gone to seat 0
    assert state.snapshot() == before


# --- observations and records ---------------------------------------------


def test_observations_show_the_stack_and_only_the_sizes_of_piles() -> None:
    state = new_game(4, {}, 3)
    other = shuffle_hidden(state, 0, random.Random(1))
    assert other.piles != state.piles and other.observation(2) == state.observation(2)
    obs = state.observation(2)
    assert obs.pile_sizes == (13, 13, 13, 13) and obs.stack == () and obs.next_call.word == "ace"


def test_the_observation_has_a_new_version_and_its_moment_whenever_something_public_changes() -> None:
    state = table("2C 5H | 2D 9S", turn=0)
    assert (state.observation(1).version, state.observation(1).since) == (0, 0)
    with pytest.raises(IllegalAction):
        state.apply(SNAP, 1, at=100)  # nothing to snap: refused, which changes nothing
    assert state.observation(0).version == 0
    state.apply(LAY, 0, at=400)
    assert (state.observation(1).version, state.observation(1).since) == (1, 400)
    state.apply(LAY, 1, at=900)  # 2D on 2C: a pair
    state.apply(SNAP, 0, at=1200)
    assert (state.observation(1).version, state.observation(1).since) == (3, 1200)
    assert state.advance(1150) == [] and state.observation(1).version == 3  # time alone changes nothing
    state.advance(5000)  # the claim settles; it counts as happening the millisecond after the snap
    assert (state.observation(1).version, state.observation(1).since) == (4, 1201)
    assert state.observation(0).pile_sizes == (3, 1)


def test_a_record_replays_to_the_same_state() -> None:
    """Lays, ties at one millisecond, laying out of turn and wrong snaps, written out and read back."""
    record, state = GameRecord.begin(game_info("ratscrew"), [PlayerInfo("Ann"), PlayerInfo("Bo"), PlayerInfo("Cy")], 11,
                                     {"sandwich": False})
    happened: set[str] = set()
    at = 0
    for step in range(300):
        at += 90
        record.note_time(at)
        happened.update("tie" for e in state.advance(at) if isinstance(e, StackWon) and e.beaten)
        if state.snaps():
            moves = [(SNAP, step % 3), (SNAP, (step + 1) % 3)]  # two snaps at the same millisecond
        elif step % 11 == 0:
            moves = [(LAY, (state.turn + 1) % 3), (SNAP, state.turn)]  # out of turn, then a wrong snap
        else:
            moves = [(LAY, state.turn)]
        for action, seat in moves:
            if action in state.legal_actions(seat):
                events = state.apply(action, seat, at)
                record.append(seat, action, events, at)
                happened.update(type(e).__name__ for e in events)
    assert {"tie", "LaidOutOfTurn", "SnapWrong", "StackWon"} <= happened
    again = load_record(record.dumps())
    assert again.options["sandwich"] is False
    assert again.final_state().snapshot() == state.snapshot()
