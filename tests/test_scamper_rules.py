"""Scamper Sets N' Runs: one test per rule of the issue, on games written as text."""

import pytest

from engine.cards import Card, parse_cards
from engine.errors import IllegalAction
from engine.melds import solve
from engine.scamper import (
    CALL, CONTRACTS, DRAW_DISCARD, DRAW_STOCK, PASS, AddToMeld, Discard, LayContract, LayMeld, Phase, Rules,
    ScamperGame, SwapWild, card_points, draw_for_dealer, hand_size, new_game, packs_for,
)
from engine.scamper.events import (
    AddedToMeld, PassedFaceUp, PenaltyGiven, RoundDealt, RoundScored, RoundVoided, StockRenewed, WentOut, WildSwapped,
)
from scamper_helpers import cards, game

# Per round: the contract laid with naturals, met only with wilds, not met, with too many wilds.
CONTRACT_CASES = {
    1: (["7H 7S 7C", "9D 9S 9C"], ["7H 7S X1", "9D 2C 9C"], ["7H 7S 7C", "9D TD JD"], ["7H X1 2C", "9D 9S 9C"]),
    2: (["3H 4H 5H", "9S TS JS"], ["3H X1 5H", "9S TS 2D"], ["3H 4H 5H", "9S 9D 9C"], ["X1 4H 2C", "9S TS JS"]),
    3: (["8C 8D 8H", "5S 6S 7S 8S"], ["8C X1 8H", "5S 6S 2H 8S"], ["8C 8D 8H", "5S 6S 7S"],
        ["8C 8D 8H", "5S X1 2H 8S"]),
    4: (["4C 4D 4H", "JC JD JS", "KH KS KC"], ["4C 2S 4H", "JC X1 JS", "KH KS 2D"], ["4C 4D 4H", "JC JD JS"],
        ["4C 4D 4H", "JC X1 2S", "KH KS KC"]),
    5: (["QC QD QH", "3D 4D 5D 6D 7D"], ["QC QD X1", "3D X1 5D 2C 7D"], ["QC QD QH", "3D 4D 5D 6D"],
        ["QC QD QH", "3D X1 X1 2C 7D"]),
    6: (["5C 5D 5H", "TC TD TS", "9H TH JH QH"], ["5C 5D 2S", "TC X1 TS", "9H TH X1 QH"],
        ["5C 5D 5H", "TC TD TS", "9H 9C 9D"], ["5C 5D 5H", "TC TD TS", "9H X1 2S QH"]),
    7: (["6C 6D 6S", "7H 8H 9H TH JH QH KH"], ["6C 6D X1", "7H 8H 2S TH X1 QH 2C"],
        ["6C 6D 6S", "7H 8H 9H TH JH QH"], ["6C 6D 6S", "7H X1 2S TH X1 QH 2C"]),
    8: (["3C 4C 5C 6C", "8D 9D TD JD QD"], ["3C X1 5C 6C", "8D 2S TD X1 QD"], ["3C 4C 5C 6C", "8D 9D TD JD"],
        ["3C X1 2H 6C", "8D 9D TD JD QD"]),
    9: (["4S 5S 6S 7S 8S 9S TS JS"], ["4S X1 6S 2H 8S 9S X1 JS"], ["4S 5S 6S 7S 8S 9S TS"],
        ["4S X1 6S 2H 8S X1 X1 JS"]),
    10: (["9C 9C 9D 9D 9H 9H 9S 9S"], ["9C 9C 9D X1 9H 2S 9S X1"], ["9C 9C 9D 9D 9H 9H 9S"],
         ["9C 9C 9D X1 9H 2S X1 X1"]),
}


def _lay(round_no: int, melds: list[str]):
    state = game(" ".join(melds) + " KD", "3C 3C", round_no=round_no)
    return state, LayContract(tuple(parse_cards(m) for m in melds))


@pytest.mark.parametrize("round_no", range(1, 11))
@pytest.mark.parametrize("which", [0, 1])
def test_every_contract_met_with_naturals_and_only_with_wilds(round_no, which):
    melds = CONTRACT_CASES[round_no][which]
    state, action = _lay(round_no, melds)
    state.apply(action)
    assert state.down[0] and state.hands[0] == cards("KD") and len(state.melds) == len(melds)
    plan = solve(parse_cards(" ".join(melds) + " KD"), CONTRACTS[round_no - 1])
    assert plan.met, "the solver finds the lay too"


@pytest.mark.parametrize("round_no", range(1, 11))
@pytest.mark.parametrize("which,reason", [(2, "contract is"), (3, "Too many wilds")])
def test_every_contract_refused_when_not_met_or_with_too_many_wilds(round_no, which, reason):
    state, action = _lay(round_no, CONTRACT_CASES[round_no][which])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert state.snapshot() == before


def test_the_contract_must_leave_a_card_to_discard():
    state = game("7H 7S 7C 9D 9S 9C", "3C 3C")
    with pytest.raises(IllegalAction, match="Keep one card"):
        state.apply(LayContract((cards("7H 7S 7C"), cards("9D 9S 9C"))))


def test_a_deuce_in_its_own_place_is_natural():
    state = game("2D 3D 4D 9S TS X1 KC", "3C 3C", round_no=2)
    state.apply(LayContract((parse_cards("2D 3D 4D"), parse_cards("9S TS X1"))))
    assert state.melds[0].naturals == 3 and state.melds[0].wilds == 0
    with pytest.raises(IllegalAction, match="Three 2s are never a set of three"):
        game("2D 2H 2S 5C", "3C", round_no=1, melds=((0, "7H 7S 7C"),)).apply(LayMeld(parse_cards("2D 2H 2S")))


def test_a_set_of_four_2s_may_be_laid_and_meets_a_set_in_the_contract():
    state = game("2D 2H 2S 2C 9D 9S 9C KD", "3C 3C", round_no=1)
    assert LayContract((parse_cards("2C 2D 2H 2S"), parse_cards("9C 9D 9S"))) in state.legal_actions()
    state.apply(LayContract((parse_cards("2D 2H 2S 2C"), parse_cards("9D 9S 9C"))))
    assert state.down[0] and state.melds[0].naturals == 4 and state.hands[0] == cards("KD")
    other = game("KD 2C", "3C", melds=((1, "2D 2H 2S X1"), (0, "7H 7S 7C")))
    assert SwapWild(0, 3, Card("2C")) in other.legal_actions()
    other.apply(SwapWild(0, 3, Card("2C")))
    assert other.hands[0] == cards("KD X1")


def test_once_down_lay_more_melds_and_add_to_anyones_melds():
    state = game("8H 8C 8D 4H 5S KD", "3C 3C", melds=((0, "7H 7S 7C"), (1, "5H 6H 7H")))
    state.apply(LayMeld(parse_cards("8H 8C 8D")))
    events = state.apply(AddToMeld(1, Card("4H"), low=True))
    assert events == [AddedToMeld(0, 1, Card("4H"), True)]
    assert str(state.melds[1]) == "4H 5H 6H 7H"
    with pytest.raises(IllegalAction, match="needs the 8 of hearts"):
        state.apply(AddToMeld(1, Card("5S")))
    with pytest.raises(IllegalAction, match="only a 7 or a wild"):
        state.apply(AddToMeld(0, Card("KD")))


def test_lay_offs_wait_for_the_contract():
    state = game("4H 5S KD", "3C 3C", melds=((1, "5H 6H 7H"),))
    with pytest.raises(IllegalAction, match="Lay this round's contract"):
        state.apply(AddToMeld(0, Card("4H"), low=True))
    assert not any(isinstance(a, AddToMeld) for a in state.legal_actions())


def test_wilds_are_added_freely_or_kept_in_the_minority():
    free = game("X1 X1 KD", "3C", melds=((0, "7H 7S 2C"), (1, "5H 6H 7H")))
    free.apply(AddToMeld(0, Card("X1")))
    assert free.melds[0].wilds == 2
    kept = game("X1 X1 KD", "3C", melds=((0, "7H 7S 2C"), (1, "5H 6H 7H")), keep_majority=True)
    with pytest.raises(IllegalAction, match="Too many wilds"):
        kept.apply(AddToMeld(0, Card("X1")))
    kept.apply(AddToMeld(1, Card("X1")))
    assert str(kept.melds[1]) == "5H 6H 7H X1"


def test_swapping_a_natural_for_a_wild_in_another_players_meld():
    state = game("4H 7D KD", "3C 3C", melds=((0, "9S 9S 9C"), (1, "X1 5H 6H"), (0, "7H 2C 7S")))
    events = state.apply(SwapWild(1, 0, Card("4H")))
    assert events == [WildSwapped(0, 1, 0, Card("4H"), Card("X1"))]
    assert str(state.melds[1]) == "4H 5H 6H" and state.hands[0] == cards("X1 7D KD")
    with pytest.raises(IllegalAction, match="other players' melds only"):
        state.apply(SwapWild(2, 1, Card("7D")))


def test_no_wild_discard_except_the_last_card():
    state = game("X1 KD", "3C 3C", melds=((0, "9S 9S 9C"),))
    with pytest.raises(IllegalAction, match="Wilds can't be discarded"):
        state.apply(Discard(Card("X1")))
    assert Discard(Card("X1")) not in state.legal_actions()


def test_a_hand_of_nothing_but_wilds_discards_one():
    state = game("X1 2C 2D", "3C 3C")  # not down, three wilds left: one of them has to go
    assert set(state.legal_actions()) >= {Discard(Card("X1")), Discard(Card("2C")), Discard(Card("2D"))}
    state.apply(Discard(Card("2C")))
    assert state.hands[0] == cards("X1 2D") and state.discard[-1] == Card("2C")


def test_going_out_with_a_wild():
    state = game("X1", "AS KD 7C", melds=((0, "9S 9S 9C"),), rounds=2)
    events = state.apply(Discard(Card("X1")))
    assert WentOut(0) in events
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (0, 35) and scored.went_out == 0
    assert state.sheet.lines[0].cards_left == (0, 3)
    dealt = next(e for e in events if isinstance(e, RoundDealt))
    assert dealt.round_no == 2 and dealt.dealer == (state.first_dealer + 1) % 2
    assert state.current == (dealt.dealer + 1) % 2 and state.phase is Phase.OPENING


def test_card_points():
    assert [card_points(c) for c in parse_cards("X1 2C AS KD 8H 7C 3S")] == [50, 20, 20, 10, 10, 5, 5]


def test_lowest_total_wins_after_the_last_round():
    state = game("KD", "X1 2C AS", "3S", rounds=1)
    events = state.apply(Discard(Card("KD")))
    assert state.first_dealer == 2  # who starts on -20
    assert events[-1].totals == (0, 90, 5 - 20)
    assert state.is_over and state.outcome().placings == (2, 3, 1)


def test_the_opening_pass():
    state = new_game(3, {}, seed=5)
    first, left = state.current, (state.current + 1) % 3
    face_up = state.discard[-1]
    assert state.phase is Phase.OPENING and state.legal_actions() == [DRAW_DISCARD, PASS]
    with pytest.raises(IllegalAction, match="take the face-up card, or pass it"):
        state.apply(DRAW_STOCK)
    events = state.apply(PASS)
    assert events[0] == PassedFaceUp(first, left, face_up)
    assert len(state.hands[left]) == 10 and len(state.hands[first]) == 9 and not state.discard
    assert state.current == first and state.phase is Phase.PLAY
    assert state.observation(2).taken[left] == (face_up,)


def test_the_opening_take():
    state = new_game(2, {}, seed=5)
    face_up = state.discard[-1]
    state.apply(DRAW_DISCARD)
    assert face_up in state.hands[state.current] and state.phase is Phase.PLAY


def _stock_empty(option: str) -> ScamperGame:
    return game("KD QD", "3C 3C", stock="", discard="4C 5C 6C", melds=((0, "9S 9S 9C"),), stock_out=option)


def test_stock_out_replays_the_round():
    state = _stock_empty("replay")
    events = state.apply(Discard(Card("QD")))
    assert isinstance(events[1], RoundVoided) and isinstance(events[2], RoundDealt)
    assert state.contract_no == 1 and state.replays == 1 and state.phase is Phase.OPENING
    assert not state.melds and sum(state.inventory().values()) == 2 * 54


def test_stock_out_adds_a_pack():
    state = _stock_empty("add-pack")
    events = state.apply(Discard(Card("QD")))
    assert events[1] == StockRenewed("add-pack", 54, True)
    assert len(state.stock) == 54 and state.current == 1 and state.phase is Phase.DRAW


def test_stock_out_shuffles_the_discards():
    state = _stock_empty("reshuffle")
    events = state.apply(Discard(Card("QD")))
    assert events[1] == StockRenewed("reshuffle", 3, False)
    assert sorted(state.stock) == cards("4C 5C 6C") and state.discard == cards("QD")


def _stuck_after_renewal(option: str, **options) -> ScamperGame:
    """The issue's stuck table: round 10, hands of wilds; the stock has been renewed once and runs out again."""
    state = game("X1 2C 2D 8H", "X1 2S 2H X1 2C 2D", stock="5C", discard="4C 5C 6C", round_no=10,
                 phase=Phase.DRAW, stock_out=option, **options)
    state.quiet_stock = True  # renewed, and nobody has laid, added or swapped since
    return state


@pytest.mark.parametrize("option", ["add-pack", "reshuffle"])
def test_a_renewed_stock_that_runs_out_with_nothing_laid_added_or_swapped_voids_the_deal(option):
    state = _stuck_after_renewal(option)
    state.apply(DRAW_STOCK)
    events = state.apply(Discard(Card("8H")))  # a hand of wilds sends the natural straight back
    assert RoundVoided(10, stuck=True) in events and not any(isinstance(e, StockRenewed) for e in events)
    assert state.contract_no == 10 and state.replays == 1 and state.phase is Phase.OPENING
    assert not state.quiet_stock


@pytest.mark.parametrize("option", ["add-pack", "reshuffle"])
def test_a_meld_lay_off_or_swap_since_the_renewal_earns_another_stock(option):
    state = game("KD QD 9C", "3C 3C", stock="", discard="4C 5C 6C", melds=((0, "9S 9S 9C"),), stock_out=option)
    state.quiet_stock = True
    state.apply(AddToMeld(0, Card("9C")))
    assert not state.quiet_stock
    events = state.apply(Discard(Card("QD")))
    assert any(isinstance(e, StockRenewed) for e in events) and state.quiet_stock


def test_the_first_stock_out_of_a_deal_always_renews():
    state = _stock_empty("add-pack")
    assert not state.quiet_stock
    assert isinstance(state.apply(Discard(Card("QD")))[1], StockRenewed)


def test_first_rules_renew_a_stuck_stock_for_ever():
    state = _stuck_after_renewal("add-pack", edition=1)
    state.apply(DRAW_STOCK)
    events = state.apply(Discard(Card("8H")))
    assert StockRenewed("add-pack", 54, True) in events and state.contract_no == 10


def test_scamper_call_with_the_advanced_rules():
    quiet = game("KD QD 9C", "3C 3C", melds=((0, "9S 9S 9C"),), advanced=True)
    quiet.apply(AddToMeld(0, Card("9C")))
    events = quiet.apply(Discard(Card("QD")))
    assert PenaltyGiven(0, 20, 'one card left and "Scamper!" not called') in events
    called = game("KD QD", "3C 3C", melds=((0, "9S 9S 9C"),), advanced=True)
    assert CALL in called.legal_actions()
    called.apply(CALL)
    assert not any(isinstance(e, PenaltyGiven) for e in called.apply(Discard(Card("QD"))))
    with pytest.raises(IllegalAction, match="Advanced rules"):
        game("KD QD", "3C").apply(CALL)


def test_first_dealer_by_high_card_and_the_advanced_bonus():
    dealer, draws = draw_for_dealer(4, seed=3)
    turned = {}
    for seat, card in draws:
        if not card.is_joker and card.rank != 2:
            turned[seat] = card.rank
    assert turned[dealer] == max(turned.values())
    assert draw_for_dealer(4, seed=3) == (dealer, draws)
    state = new_game(4, {"advanced": True}, seed=3)
    assert state.first_dealer == dealer and state.sheet.totals[dealer] == -20
    assert state.current == (dealer + 1) % 4


@pytest.mark.parametrize("advanced", [False, True])
def test_the_first_dealer_starts_on_minus_20_in_every_game(advanced):
    state = new_game(4, {"advanced": advanced}, seed=3)
    assert state.sheet.totals == tuple(-20 if s == state.first_dealer else 0 for s in range(4))
    first_rules = new_game(4, {"advanced": advanced, "edition": 1}, seed=3)
    assert min(first_rules.sheet.totals) == (-20 if advanced else 0)


@pytest.mark.parametrize("seats,packs", [(2, 2), (3, 2), (4, 3), (6, 3), (7, 4), (8, 4), (9, 6), (10, 6)])
def test_packs_by_seats_and_eight_cards_each(seats, packs):
    assert packs_for(seats) == packs
    state = new_game(seats, {}, seed=seats)
    assert sum(state.inventory().values()) == packs * 54
    assert state.inventory()[Card("X1")] == 2 * packs
    assert all(len(h) == 8 for h in state.hands)


@pytest.mark.parametrize("seats", [9, 10])
def test_first_rules_deal_five_packs_to_9_or_10(seats):
    assert packs_for(seats, edition=1) == 5
    assert sum(new_game(seats, {"edition": 1}, seed=seats).inventory().values()) == 5 * 54


def test_big_contracts_deal_enough_cards():
    assert [hand_size(c) for c in CONTRACTS] == [8, 8, 8, 9, 8, 10, 10, 9, 8, 8]


def test_observation_hides_others_hands_and_shows_the_sheet():
    state = new_game(3, {}, seed=2)
    obs = state.observation(0)
    assert obs.hand == tuple(state.hands[0]) and obs.hand_sizes == (8, 8, 8)
    assert obs.sheet.lines == () and obs.contract is CONTRACTS[0]
    assert not hasattr(obs, "stock")


def test_rules_from_options_refuse_bad_values():
    assert Rules.from_options({}) == Rules()
    with pytest.raises(ValueError, match="Rounds"):
        Rules.from_options({"rounds": 11})


def test_rules_pages_examples_agree_with_the_engine():
    from engine.melds import IllegalMeld, arrange
    from game.rules.scamper import SCAMPER_RULES

    checked = 0
    for section in SCAMPER_RULES:
        for example in section.examples:
            shown = parse_cards(example.cards)
            if len(shown) < 3 or "caught" in example.caption or "your" in example.caption:
                continue
            try:
                arrange(shown)
                valid = True
            except IllegalMeld:
                valid = False
            assert valid == example.ok, example
            checked += 1
    assert checked >= 5


def test_the_ace_is_never_low_example_fails_only_for_its_ace():
    """It showed A♠ 3♠ 4♠, which has a gap at 2 and is no run however the ace is read: it shows A-2-3 of a suit."""
    from game.rules.scamper import SCAMPER_RULES

    example = next(e for s in SCAMPER_RULES for e in s.examples if "never low" in e.caption)
    assert not example.ok and example.cards.split() == ["AS", "2S", "3S"]
