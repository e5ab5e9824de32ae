"""Melds with wilds from several packs (engine.melds.wild and engine.melds.contracts), on literal hands."""

import pytest

from engine.cards import Card, parse_cards
from engine.melds import (
    Contract, IllegalMeld, MatchKind, add_place, add_to_meld, arrange, contract_lays, contract_reason, max_wilds,
    read_meld, solve, swap_wild,
)


def meld(text: str):
    return read_meld(parse_cards(text))


@pytest.mark.parametrize("text,kind,naturals", [
    ("7H 7H 7S", MatchKind.SET, 3),          # suits may repeat: several packs
    ("7H X1 7S", MatchKind.SET, 2),
    ("7H 7S 2C", MatchKind.SET, 2),          # a deuce is wild in a set
    ("X1 5H 6H", MatchKind.RUN, 2),          # the joker stands for 4H
    ("2D 3D 4D", MatchKind.RUN, 3),          # a deuce in its own place is natural
    ("2D 3D X1", MatchKind.RUN, 2),
    ("QS KS AS", MatchKind.RUN, 3),
    ("8C 9C TC JC QC 2H X1", MatchKind.RUN, 5),
])
def test_melds_with_wilds(text, kind, naturals):
    m = meld(text)
    assert (m.kind, m.naturals) == (kind, naturals)


@pytest.mark.parametrize("text,reason", [
    ("2D 2H 2S", "Three 2s are never a set of three"),
    ("2D X1 2S", "Three 2s are never a set of three"),
    ("2D 2H X1 X1", "Too many wilds: a meld of 4 may hold at most 1 wild"),
    ("X1 X1 X1", "wilds alone"),
    ("5H 6H X1 X1", "Too many wilds: a meld of 4 may hold at most 1 wild"),
    ("7H 7S X1 2C X1", "Too many wilds: a meld of 5 may hold at most 2 wilds"),
    ("KS AS X1", "past the ace"),
    ("AS 2S 3S", "aces are high only"),
    ("7H 9H 8H", "not in sequence"),
    ("7H 8D 9H", "neither a set"),
    ("7H 7S", "at least 3 cards"),
])
def test_refused_melds_say_why(text, reason):
    with pytest.raises(IllegalMeld, match=reason):
        meld(text)


@pytest.mark.parametrize("text,naturals", [("2D 2H 2S 2C", 4), ("2D 2H X1 2S", 3), ("2C 2C 2D 2D 2H X1 2S X1", 6)])
def test_in_a_set_of_2s_the_deuces_are_natural(text, naturals):
    m = meld(text)
    assert (m.kind, m.rank, m.naturals) == (MatchKind.SET, 2, naturals)
    assert arrange(parse_cards(text)).kind is MatchKind.SET


def test_a_set_of_2s_takes_deuces_as_naturals_and_swaps_its_joker_for_one():
    deuces = meld("2D 2H 2S X1")
    grown = add_to_meld(deuces, Card("2C"))
    assert grown.naturals == 4 and grown.wilds == 1
    swapped, wild = swap_wild(deuces, 3, Card("2C"))
    assert wild == Card("X1") and swapped.naturals == 4
    with pytest.raises(IllegalMeld, match="natural card"):
        swap_wild(deuces, 0, Card("2C"))
    with pytest.raises(IllegalMeld, match="only a 2 or a wild"):
        add_to_meld(deuces, Card("8H"))
    assert meld("7H 7S 2C").wilds == 1  # in any other set a deuce is still wild


def test_the_contract_search_lays_a_set_of_2s_where_it_meets_the_contract():
    two_sets = Contract.of(("set", 3), ("set", 3))
    lays = contract_lays(parse_cards("2D 2H 2S 2C 9D 9S 9C KD"), two_sets)
    assert lays == [(tuple(parse_cards("2C 2D 2H 2S")), tuple(parse_cards("9C 9D 9S")))]
    eight = solve(parse_cards("2D 2H 2S 2C 2C X1 X1 X1 KD"), Contract.of(("set", 8)))
    assert eight.met and eight.melds() == (tuple(parse_cards("2C 2C 2D 2H 2S X1 X1 X1")),)
    assert eight.targets[0].wants(Card("2H")) and not eight.targets[0].wants(Card("9H"))


def test_the_contract_search_keeps_deuces_wild_when_plain_sets_do_as_well():
    plan = solve(parse_cards("2D 2H 2S 7S 7C 9D 9S KD"), Contract.of(("set", 3), ("set", 3)))
    assert plan.met and {t.rank for t in plan.targets} == {7, 9} and len(plan.wilds) == 2
    assert not solve(parse_cards("2D 2H 7S KD"), Contract.of(("set", 3))).targets[0].of_deuces


def test_majority_table():
    assert [max_wilds(n) for n in range(3, 9)] == [1, 1, 2, 2, 3, 3]


def test_a_deuce_of_another_suit_is_wild_in_the_deuce_place():
    assert meld("2H 3D 4D").wild_places == (0,)
    assert meld("2D 3D 4D").wild_places == ()


def test_arrange_puts_wilds_in_the_gaps_and_deuces_in_their_place():
    assert str(arrange(parse_cards("9H X1 7H"))) == "7H X1 9H"
    assert str(arrange(parse_cards("4D X1 2D"))) == "2D X1 4D"
    assert arrange(parse_cards("X1 7H 7D")).kind is MatchKind.SET


def test_what_a_wild_stands_for():
    run = meld("X1 5H 6H")
    assert run.stands_for(0) == "4 of hearts"
    assert meld("7H X1 7S").stands_for(1) == "a 7"


def test_adding_to_runs_and_sets():
    run = meld("5H 6H 7H")
    assert str(add_to_meld(run, Card("8H"))) == "5H 6H 7H 8H"
    assert str(add_to_meld(run, Card("4H"), low=True)) == "4H 5H 6H 7H"
    assert add_place(run, Card("4H")) is True
    assert add_place(run, Card("9H")) is None
    with pytest.raises(IllegalMeld, match="needs the 8 of hearts"):
        add_to_meld(run, Card("9H"))
    with pytest.raises(IllegalMeld, match="nothing goes above an ace"):
        add_to_meld(meld("QS KS AS"), Card("X1"))
    with pytest.raises(IllegalMeld, match="only a 7 or a wild"):
        add_to_meld(meld("7H 7S 7C"), Card("8H"))


def test_wilds_are_added_freely_unless_the_majority_is_kept():
    m = meld("7H 7S X1")
    m = add_to_meld(add_to_meld(add_to_meld(m, Card("X1")), Card("2C")), Card("2D"))
    assert m.wilds == 4 and m.naturals == 2
    with pytest.raises(IllegalMeld, match="Too many wilds"):
        add_to_meld(meld("7H 7S X1"), Card("X1"), keep_majority=True)


def test_swapping_a_natural_for_a_wild():
    run, wild = swap_wild(meld("X1 5H 6H"), 0, Card("4H"))
    assert (str(run), wild) == ("4H 5H 6H", Card("X1"))
    group, wild = swap_wild(meld("7H 2C 7S"), 1, Card("7D"))
    assert (str(group), wild) == ("7H 7D 7S", Card("2C"))
    with pytest.raises(IllegalMeld, match="stands for 4 of hearts"):
        swap_wild(meld("X1 5H 6H"), 0, Card("4D"))
    with pytest.raises(IllegalMeld, match="natural card"):
        swap_wild(meld("X1 5H 6H"), 1, Card("5H"))


TWO_SETS = Contract.of(("set", 3), ("set", 3))
SET_AND_RUN = Contract.of(("set", 3), ("run", 4))


def test_contract_met_by_bigger_and_extra_melds():
    laid = [meld("7H 7S 7C 7D"), meld("9H 9S X1"), meld("3C 4C 5C")]
    assert contract_reason(laid, TWO_SETS) is None
    assert "contract is a set of 3 and a run of 4" in contract_reason(laid, SET_AND_RUN)


@pytest.mark.parametrize("hand,contract,missing,wilds", [
    ("7H 7S 7C 9D 9S 9C KH", TWO_SETS, 0, 0),                # met
    ("7H 7S X1 9D 9S 2C KH", TWO_SETS, 0, 2),                # met only with wilds
    ("7H 7S 9D 9S KH QH", TWO_SETS, 2, 0),                   # not met: a card short in each
    ("7H X1 9D 2S X1 KH", TWO_SETS, 2, 2),                   # too many wilds: naturals can't be outnumbered
    ("5H 6H 8H X1 KS KD KC", SET_AND_RUN, 0, 1),
    ("2D 3D 4D 5D QS QS 2H", SET_AND_RUN, 0, 1),             # 2D natural in its run, 2H wild in the set
])
def test_solver_on_literal_hands(hand, contract, missing, wilds):
    plan = solve(parse_cards(hand), contract)
    assert plan is not None and (plan.missing, len(plan.wilds)) == (missing, wilds)
    if plan.met:
        laid = [read_meld(m) for m in plan.melds()]
        assert contract_reason(laid, contract) is None


def test_solver_names_what_it_lacks():
    plan = solve(parse_cards("5H 7H 8H KS KD 3C"), SET_AND_RUN)
    assert plan.missing == 2
    assert plan.wants(Card("6H")) and plan.wants(Card("KC")) and plan.wants(Card("X1"))
    assert not plan.wants(Card("9D"))


def test_contract_lays_are_all_valid():
    lays = contract_lays(parse_cards("7H 7S 7C X1 9D 9S 9C 2H"), TWO_SETS, limit=5)
    assert lays
    for lay in lays:
        assert contract_reason([read_meld(m) for m in lay], TWO_SETS) is None


def test_progress_in_words():
    plan = solve(parse_cards("7H 7S 7C 5H 6H X1 2C"), Contract.of(("set", 3), ("run", 5)))
    assert plan.progress() == ["a run of 5: 5H 6H 7H X1 2C done", "a set of 3: 7C 7S, needs 1 more"]
    plan = solve(parse_cards("7H 7S 7C 9D 9S 2C KD"), TWO_SETS)
    assert plan.progress() == ["a set of 3: 7C 7H 7S done", "a set of 3: 9D 9S 2C done"]
