"""Issue 22's Double or Nothing readings: a pass from a short deck, and a run cleared at game 32."""

from __future__ import annotations

from engine.double_or_nothing import MAX_GAME, PASS, Mode, Play, Run
from engine.double_or_nothing.counts import parse_counts as c
from engine.double_or_nothing.events import Drew, Passed, RunOver


def table(mine: str, theirs: str, my_deck: str, their_deck: str, **kw: object) -> Run:
    decks = ([c(b) for b in my_deck.split("/") if b.strip()], [c(b) for b in their_deck.split("/") if b.strip()])
    return Run.position((c(mine), c(theirs)), decks, **kw)  # type: ignore[arg-type]


def test_a_pass_from_a_short_deck_draws_what_is_left() -> None:
    state = table("3x1 2x5", "1x2 4x6", "1x1", "1x3")  # game 1: a pass draws 2, the deck holds 1
    state.apply(Play(5, 5, 2), 0)
    events = state.apply(PASS, 1)
    assert Drew(1, 1, c("1x3"), "pass") in events
    assert state.hands[1] == c("1x2 1x3 4x6") and state.decks[1].size == 0
    assert not state.is_over and any(isinstance(e, Passed) for e in events)


def test_a_pass_from_an_empty_deck_draws_nothing_and_play_goes_on() -> None:
    state = table("3x1 2x5", "1x2 4x6", "1x1", "")
    state.apply(Play(5, 5, 2), 0)
    events = state.apply(PASS, 1)
    assert Drew(1, 0, c(""), "pass") in events and state.hands[1] == c("1x2 4x6") and not state.is_over


def test_winning_game_32_clears_the_run() -> None:
    assert MAX_GAME == 32
    hand = 10 << (MAX_GAME - 1)  # game 32's hands; the computer's deck is too small for the next one
    state = table("1x3", "1x5", f"{hand}x1", "9x2", mode=Mode.RUN, game=MAX_GAME)
    events = state.apply(Play(3, 3, 1), 0)
    over = [e for e in events if isinstance(e, RunOver)]
    assert over and over[0].cleared and over[0].reached == MAX_GAME
    assert state.is_over and state.winner == 0
