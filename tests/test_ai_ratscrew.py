"""Ratscrew bots' pure part: valid snaps from an observation, recognition factors, when to lay."""

from __future__ import annotations

import pytest

from ai.ratscrew import RECOGNITION, RatscrewBot, make_bot, recognition_factor, valid_snaps
from engine.cards import Card, parse_cards
from engine.games import GAMES
from engine.ratscrew import LAY, SNAP, Observation, Ratscrew, SnapReason


def seen(piles: str, stack: str, seat: int, turn: int = 0, barred: tuple[int, ...] = ()) -> Observation:
    """Seat ``seat``'s observation of a position written top card first (piles split by ``|``)."""
    def bottom_first(text: str) -> list[Card]:
        return list(reversed(parse_cards(text.replace("-", ""))))

    state = Ratscrew([bottom_first(p) for p in piles.split("|")], None, turn, bottom_first(stack), barred=barred)
    return state.observation(seat)


def factor(rule: str, top_first: str, stack: str) -> float:
    cards = tuple(reversed(parse_cards(stack)))
    return recognition_factor(SnapReason(rule, tuple(reversed(parse_cards(top_first)))), cards)


def test_a_dark_queen_is_seen_faster_than_a_pair_and_a_sandwich_deep_down_slowest() -> None:
    queen = factor("dark_queen", "QS", "QS 2D 9H")
    pair = factor("standard", "7H 7C", "7H 7C 2D")
    sandwich = factor("sandwich", "7H 2D 7C", "7H 2D 7C")
    deep = factor("sandwich", "7H 2D 7C", "3S 4D 5C 6H 8S 7H 2D 7C")
    assert queen < pair < sandwich < deep
    assert deep == pytest.approx(RECOGNITION["sandwich"] * (1 + 5 * 0.08))


def test_valid_snaps_come_quickest_first_with_their_cards() -> None:
    obs = seen("2C | 3C", "QS 5D QH", seat=1)
    assert [(str(r), round(f, 2)) for r, f in valid_snaps(obs)] == [("Dark queen: QS", 0.8), ("Sandwich: QH 5D QS", 1.25)]
    assert RatscrewBot("hard").claims(obs) == [(SNAP, 0.8)]


@pytest.mark.parametrize("obs", [
    seen("2C | 3C", "QS", seat=1, barred=(1,)),  # barred
    seen("2C | 3C", "", seat=1),  # nothing to snap
    seen("2C | 3C", "9S 4D", seat=1),  # no snap showing
])
def test_no_claim_when_a_snap_would_be_refused_or_wrong(obs: Observation) -> None:
    assert RatscrewBot().claims(obs) == []


def test_no_second_claim_while_its_snap_waits() -> None:
    state = Ratscrew([list(parse_cards("2C")), list(parse_cards("3C"))], stack=list(parse_cards("9S 9D")))
    state.apply(SNAP, 1, at=10)
    assert RatscrewBot().claims(state.observation(1)) == []
    assert RatscrewBot().claims(state.observation(0)) == [(SNAP, 1.0)]


def test_a_bot_wants_to_lay_on_its_turn_only_while_it_has_cards_and_no_claim_waits() -> None:
    bot = make_bot("easy", seed=1)
    assert bot.wants_to_lay(seen("2C | 3C", "", seat=0)) and not bot.wants_to_lay(seen("2C | 3C", "", seat=1))
    assert not bot.wants_to_lay(seen("- | 3C", "4H", seat=0, turn=1))
    state = Ratscrew([list(parse_cards("2C")), list(parse_cards("3C"))], stack=list(parse_cards("9S 9D")))
    state.apply(SNAP, 1, at=10)
    assert not bot.wants_to_lay(state.observation(0)) and state.why_illegal(LAY, 0, 10) is not None


def test_the_registry_makes_every_level() -> None:
    info = GAMES["ratscrew"]
    for level in info.levels:
        assert isinstance(info.make_bot(level.id, seed=3), RatscrewBot)
    with pytest.raises(ValueError):
        make_bot("grandmaster")
