"""Every rule of a round as a short scripted example."""

import pytest

from engine.cards import Card, format_cards, parse_cards
from engine.errors import IllegalAction
from engine.melds import MatchKind
from engine.sprint import (
    DRAW_DISCARD, DRAW_STOCK, CardDiscarded, CardDrawn, Discard, Draw, DrawSkipped, FinalRoundStarted, Lay,
    MatchLaid, Phase, ReplacementDrawn, Round, RoundOver, Source, TurnPassed, seen_by,
)
from engine_helpers import cards_in_play, hand, table


def refused(state: Round, action, reason: str) -> None:
    """``action`` is refused with ``reason`` and the state is left exactly as it was."""
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert state.snapshot() == before


# --- the deal -------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal(players):
    state = Round.deal(players, 42, first_player=players - 1)
    assert [len(state.hand(p)) for p in range(players)] == [6] * players
    assert len(state.discard) == 1
    assert len(state.stock) == 52 - 6 * players - 1
    assert sorted(cards_in_play(state)) == list(range(52))
    assert state.current == players - 1 and state.phase is Phase.DRAW


def test_same_seed_same_deal():
    assert Round.deal(3, 99) == Round.deal(3, 99)
    assert Round.deal(3, 99) != Round.deal(3, 100)


def test_deal_refuses_wrong_player_counts():
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            Round.deal(n, 1)


# --- drawing --------------------------------------------------------------

def test_draw_from_the_stock():
    state = table("7H 8H", "2C 3C", stock="KS QS", discard="4D")
    events = state.apply(DRAW_STOCK)
    assert events == [CardDrawn(0, Source.STOCK, Card("KS"))]
    assert state.hands[0] == hand("7H 8H KS") and state.phase is Phase.BUILD
    assert state.known[0] == 0


def test_draw_from_the_discard_pile_is_known_to_all():
    state = table("7H 8H", "2C 3C", stock="KS", discard="4D 9H")
    state.apply(Draw("discard"))
    assert state.hands[0] == hand("7H 8H 9H")
    assert state.observation(1).known_cards[0] == (Card("9H"),)


def test_empty_piles_cannot_be_drawn_from():
    refused(table("7H 8H", "2C 3C", stock="", discard="4D", final_turns_left=2), DRAW_STOCK, "stock is empty")
    refused(table("7H 8H", "2C 3C", stock="KS", discard=""), DRAW_DISCARD, "discard pile is empty")


def test_only_one_draw_per_turn():
    state = table("7H 8H", "2C 3C", stock="KS QS", discard="4D")
    state.apply(DRAW_STOCK)
    refused(state, DRAW_STOCK, "already drawn")


def test_after_the_stock_runs_out_the_discard_pile_can_still_be_drawn():
    state = table("7H 8H", "2C 3C", stock="KS", discard="4D", current=0)
    state.apply(DRAW_STOCK)  # empties the stock: the final round starts
    events = state.apply(Discard("KS"))
    assert events[-1] == TurnPassed(0, 1, True)
    refused(state, DRAW_STOCK, "stock is empty")
    assert state.legal_actions() == [DRAW_DISCARD]
    events = state.apply(DRAW_DISCARD)
    assert events[0] == CardDrawn(1, Source.DISCARD, Card("KS"))


def test_both_piles_empty_skips_the_draw():
    state = table("7H 8H KS", "2C 3C 4S", stock="", discard="9H", final_turns_left=3)
    state.apply(DRAW_DISCARD)
    events = state.apply(Lay("7H 8H 9H"))  # one card left, no replacements: the turn ends
    assert events == [
        MatchLaid(0, parse_cards("7H 8H 9H"), MatchKind.RUN, 6),
        ReplacementDrawn(0, (), 3),
        TurnPassed(0, 1, False),
        DrawSkipped(1),
    ]
    assert state.current == 1 and state.phase is Phase.BUILD
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, DRAW_DISCARD, "Both piles are empty, so there is nothing to draw")
    state.apply(Discard("2C"))
    assert state.current == 0 and state.phase is Phase.DRAW  # the 2C can be drawn


# --- building -------------------------------------------------------------

def test_lay_scores_and_draws_replacements():
    state = table("7H 8H 9H KS", "2C 3C", stock="AD 2D 3D 4D 5D", discard="4C", phase=Phase.BUILD)
    events = state.apply(Lay("9H 7H 8H"))
    assert events == [
        MatchLaid(0, parse_cards("7H 8H 9H"), MatchKind.RUN, 6),
        ReplacementDrawn(0, parse_cards("AD 2D 3D"), 3),
    ]
    assert state.hands[0] == hand("KS AD 2D 3D")
    assert len(state.stock) == 2 and state.phase is Phase.BUILD


def test_replacements_can_be_used_in_the_same_turn():
    state = table("7H 8H 9H KS", "2C 3C", stock="KD KC 5S 6S", discard="4C", phase=Phase.BUILD)
    state.apply(Lay("7H 8H 9H"))
    assert Lay("KS KD KC") in state.legal_actions()
    events = state.apply(Lay("KS KD KC"))
    assert events[0].points == 6


def test_partial_replacement_draw_empties_the_stock_and_starts_the_final_round():
    state = table("7H 8H 9H TH KS", "2C 3C", "4S 5S", stock="AD 2D", discard="4C", phase=Phase.BUILD)
    events = state.apply(Lay("7H 8H 9H TH"))
    assert events[1] == ReplacementDrawn(0, parse_cards("AD 2D"), 4)
    assert events[2] == FinalRoundStarted(0, 3)
    assert state.stock == [] and state.final_turns_left == 4


def test_after_a_replacement_draw_empties_the_stock_everyone_gets_one_turn():
    state = table("7H 8H 9H KS", "2C 3C 4C 9S", "5D 6D 7D", stock="AD 2D", discard="4S", current=1, phase=Phase.BUILD)
    state.apply(Lay("2C 3C 4C"))  # player 1 empties the stock with a partial replacement draw
    assert state.final_turns_left == 4
    turns = []
    while not state.is_over:
        turns.append(state.current)
        if state.phase is Phase.DRAW:
            state.apply(DRAW_DISCARD)
        state.apply([a for a in state.legal_actions() if isinstance(a, Discard)][-1])
    assert turns == [1, 2, 0, 1]


def test_a_two_card_hand_cannot_lay_a_pair():
    state = table("7H 7D", "2C 3C", stock="KS", discard="4C", phase=Phase.BUILD)
    refused(state, Lay("7H 7D"), "With only 2 cards in hand you can't lay a pair")
    assert all(not isinstance(a, Lay) for a in state.legal_actions())


def test_a_lay_that_would_empty_the_hand_is_refused():
    state = table("7H 8H 9H", "2C 3C", stock="KS", discard="4C", phase=Phase.BUILD)
    refused(state, Lay("7H 8H 9H"), "At least one card must stay in your hand")
    assert Lay("7H 8H 9H") not in state.legal_actions()


def test_counted_before_the_replacement_draw():
    state = table("7H 8H 9H 9D", "2C 3C", stock="KS KD KC", discard="4C", phase=Phase.BUILD)
    assert Lay("7H 8H 9H") in state.legal_actions()
    assert Lay("9H 9D") in state.legal_actions()


def test_lays_are_validated():
    state = table("7H 8H 9D KS", "2C 3C", stock="KD", discard="4C", phase=Phase.BUILD)
    refused(state, Lay("7H 8H 9D"), "neither a set nor a run")
    refused(state, Lay("7H 8H 9H"), "You don't hold 9H")
    draw_first = table("7H 8H 9H KS", "2C 3C", stock="KD", discard="4C")
    refused(draw_first, Lay("7H 8H 9H"), "Draw a card first")


def test_aces_are_high_only_in_play():
    state = table("QS KS AS 2S 5D", "2C 3C", stock="KD 4H 4C", discard="4D", phase=Phase.BUILD)
    refused(state, Lay("KS AS 2S"), "aces are high only")
    assert state.apply(Lay("QS KS AS"))[0].points == 6


# --- discarding and ending a turn ----------------------------------------

def test_discard_ends_the_turn():
    state = table("7H 8H KS", "2C 3C", stock="QD", discard="4C", phase=Phase.BUILD)
    events = state.apply(Discard("KS"))
    assert events == [CardDiscarded(0, Card("KS")), TurnPassed(0, 1, True)]
    assert state.discard[-1] == Card("KS") and state.current == 1 and state.phase is Phase.DRAW
    refused(table("7H 8H", "2C", stock="QD", discard="4C", phase=Phase.BUILD), Discard("AS"), "You don't hold AS")
    refused(table("7H 8H", "2C", stock="QD", discard="4C"), Discard("7H"), "Draw a card first")


def test_one_card_left_ends_the_turn_without_a_discard():
    # the lay leaves one card and the empty stock gives no replacements
    state = table("7H 8H 9H KS", "2C 3C", stock="", discard="4C", phase=Phase.BUILD, final_turns_left=2)
    events = state.apply(Lay("7H 8H 9H"))
    assert events[-1] == TurnPassed(0, 1, False)
    assert state.hands[0] == hand("KS") and state.discard == [Card("4C")]


def test_a_one_card_hand_with_both_piles_empty_passes_at_once():
    state = table("KS", "2C 3C", "5H 6H", stock="", discard="", current=0, final_turns_left=3)
    # player 0 can do nothing: the draw is skipped and the one-card turn ends
    assert state.current == 1 and state.phase is Phase.BUILD
    state.apply(Discard("2C"))
    assert state.current == 2


# --- the end of the round -------------------------------------------------

def _final_turns_played(players: int, emptier: int) -> list[int]:
    """Who takes turns after ``emptier`` draws the last stock card."""
    hands = ["2C 3D 4H 5S 6C 7D", "8H 9S TC JD QH KS", "AC 2D 3H 4S 5C 6D", "7H 8S 9C TD JH QS", "KC AD 2H 3S 4C"]
    state = table(*hands[:players], stock="AS", discard="5D", current=emptier)
    events = state.apply(DRAW_STOCK)
    assert FinalRoundStarted(emptier, players) in events
    turns = [emptier]
    while not state.is_over:
        if state.phase is Phase.DRAW:
            state.apply(DRAW_DISCARD)
        events = state.apply(state.legal_actions()[-1])  # discard the highest card
        if isinstance(events[-1], RoundOver):
            break
        turns.append(state.current)
    return turns


def test_final_round_two_players():
    assert _final_turns_played(2, 0) == [0, 1, 0]
    assert _final_turns_played(2, 1) == [1, 0, 1]


def test_final_round_five_players():
    assert _final_turns_played(5, 3) == [3, 4, 0, 1, 2, 3]


def test_scores_and_shared_wins():
    state = table("7H 8H 9H KS", "2C 2D 2H 5S", stock="AD", discard="4C", phase=Phase.BUILD)
    state.apply(Lay("7H 8H 9H"))  # +6, draws AD and empties the stock
    state.apply(Discard("AD"))
    state.apply(DRAW_DISCARD)  # player 1 takes the AD
    state.apply(Lay("2C 2D 2H"))  # +6, no replacements
    events = state.apply(Discard("AD"))
    assert state.current == 0
    state.apply(DRAW_DISCARD)
    events = state.apply(Discard("AD"))
    over = events[-1]
    assert isinstance(over, RoundOver) and state.is_over
    assert over.scores == (6 - 1, 6 - 1)
    assert over.winners == (0, 1)
    assert over.lines[0].match_points == (6,) and over.lines[0].cards_left == 1
    refused(state, DRAW_STOCK, "The round is over")
    assert state.legal_actions() == []


# --- what a seat may see --------------------------------------------------

def test_observation_hides_the_stock_and_unknown_cards():
    state = Round.deal(3, 5)
    obs = state.observation(1)
    assert obs.hand == state.hand(1)
    assert obs.hand_sizes == (6, 6, 6) and obs.stock_size == len(state.stock)
    fields = set(obs.__dataclass_fields__)
    assert "stock" not in fields and "hands" not in fields
    # what seat 1 sees is the same whatever the stock order and others' hands are
    other = state.clone()
    other.stock.reverse()
    other.hands[0], other.hands[2] = other.hands[2], other.hands[0]
    assert other.observation(1) == obs


def test_known_cards_follow_the_card():
    state = table("7H 8H KS", "2C 3C 4C", stock="QD 5S", discard="9H")
    state.apply(DRAW_DISCARD)
    assert state.observation(1).known_cards[0] == (Card("9H"),)
    state.apply(Lay("7H 8H 9H"))
    assert state.observation(1).known_cards[0] == ()
    assert state.observation(1).unseen_mask() & hand("9H") == 0


def test_legal_actions_are_in_a_fixed_order():
    state = table("7H 8H 9H 9D KS", "2C 3C", stock="QD", discard="4C", phase=Phase.BUILD)
    assert [str(a) for a in state.legal_actions()] == [
        "lay 9D 9H", "lay 7H 8H 9H", "discard 9D", "discard 7H", "discard 8H", "discard 9H", "discard KS",
    ]
    assert format_cards(state.hand(0)) == "9D 7H 8H 9H KS"


def test_unknown_objects_are_refused():
    refused(table("7H 8H", "2C", stock="QD", discard="4C"), "draw", "not an action")


def test_stock_draws_are_face_down_for_the_other_seats():
    state = table("7H 8H 9H KS", "2C 3C", stock="AD 2D 3D 4D 5D", discard="4C")
    drawn = state.apply(DRAW_STOCK)[0]
    assert seen_by(drawn, 0) == drawn
    assert seen_by(drawn, 1) == CardDrawn(0, Source.STOCK, None)
    laid, replacement = state.apply(Lay("7H 8H 9H"))
    assert seen_by(laid, 1) == laid
    assert seen_by(replacement, 1) == ReplacementDrawn(0, (None, None, None), 3)
    assert seen_by(replacement, 0) == replacement
    taken = table("7H 8H", "2C 3C", stock="AD", discard="4C").apply(DRAW_DISCARD)[0]
    assert seen_by(taken, 1) == taken  # the discard pile is face up


def test_the_constructor_refuses_an_inconsistent_final_round():
    with pytest.raises(ValueError, match="final round has begun"):
        table("KS", "2C", stock="", discard="")
    with pytest.raises(ValueError, match="only when the stock is empty"):
        table("KS", "2C", stock="AD", discard="", final_turns_left=2)


def test_observation_of_a_seat_not_at_the_table():
    with pytest.raises(ValueError, match="not at this table"):
        Round.deal(2, 1).observation(2)
