"""Snap: a real-time matching game for 2 to 6 players (our reading of the rules, fixed by the project).

* 1 to 3 decks (by default 1 up to four players, 2 above), dealt face down,
  one at a time, round-robin starting on the dealer's left (seat 0; the dealer
  is the last seat).  Seat 0 flips first, then clockwise.
* **Own piles** (the default): each flip goes onto the flipper's own face-up
  pile.  A snap is two or more piles whose tops share a rank; "Snap!" takes
  every pile whose top matches another.  A player out of face-down cards turns
  their face-up pile over, shuffled, when they next flip (or pay).
  **Shared pile**: every flip goes onto one pile; a snap is its top card
  matching the card under it; "Snap!" takes the whole pile.
* Winnings are shuffled and go under the winner's face-down cards.
* Ties: correct calls of the same word at most ``tie_ms`` after the first are
  simultaneous (:mod:`engine.realtime`).  A tie puts the disputed cards on the
  snap pot, face up: every pile's other cards first, then the matching cards
  on top.  When a face-up top matches the
  pot's top card, "Snap Pot!" takes the pot and the matching piles; a tie on it
  puts those piles on the pot too.  While a call is judged nobody flips.  If
  the match is gone when the window closes (another call took it) the call
  lapses, unpunished; so does a correct call that comes at most ``late_ms``
  (250 by default) after its match was taken or covered: a reaction already
  under way.  A call for a match that never was pays.
* Errors: "Snap!" with no snap showing, "Snap Pot!" with no pot match, or the
  wrong word, costs one face-down card (turning the own pile over if needed)
  to each player still in, starting on the caller's left; the cards go under
  their face-down cards.  Who can't pay in full pays what they can and is out.
  Anyone left with no cards at all is out, at once (in the shared pile, that is
  flipping your last card).
* The end: the last player in wins.  When flipping alone can never show a
  match again (:meth:`SnapGame.match_possible`: every card that could still
  match is locked in the snap pot), the game is a draw between the players
  still in, in both variants.  An optional time limit ends the game
  with the most cards (face down plus own pile) winning.  With auto-flip on,
  nobody flips by hand: the engine flips for the player whose turn it is, N
  seconds after the last flip or judged call.  If the last players go out at
  the same moment, they share a draw.

Records made before the late-call grace and the edition-2 rules (the shared
pile's draw, the pot's order) replay under the first rules (``late_ms`` 0,
``edition`` 1; see :mod:`engine.versions`).

Time is data: every action carries ``at`` (ms since the start) and timers run
through ``advance``/``next_deadline``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping

from ..cards import Card, parse_cards, shuffled, standard_deck, whole_decks
from ..core import EDITION as EDITION_KEY
from ..core import Option, edition_option
from ..realtime import TIE_WINDOW_OPTION
from .actions import (
    SHARED, SNAP, SNAP_POT, Action, CallLapsed, Called, Eliminated, Event, FalseCall, Flip, Flipped, GameOver,
    PenaltyPaid, PileTurnedOver, SeatStats, Snap, SnapPot, SnapTied, SnapWon, action_from_json, action_to_json,
    describe_action,
)
from .game import EDITION, LATE_MS, OWN, SHARED_PILE, Observation, Phase, SnapGame, pot_piles, snap_piles

MIN_PLAYERS = 2
MAX_PLAYERS = 6

OPTIONS: tuple[Option, ...] = (
    Option("variant", "Piles", ((OWN, "Own piles"), (SHARED_PILE, "Shared pile")), OWN,
           "Own piles: everyone flips onto their own pile. Shared pile: everyone flips onto one pile."),
    Option("decks", "Decks", (("auto", "1 up to 4 players, 2 above"), (1, "1 deck"), (2, "2 decks"), (3, "3 decks")), "auto"),
    TIE_WINDOW_OPTION,
    Option("time_limit", "Time limit", ((0, "Off"), (3, "3 minutes"), (5, "5 minutes"), (10, "10 minutes")), 0,
           "When time is up, the most cards wins."),
    Option("auto_flip", "Auto-flip", ((0, "Off"), (2, "Every 2 s"), (3, "Every 3 s"), (5, "Every 5 s")), 0,
           "Cards flip by themselves: everyone just watches and calls (good for small children)."),
    Option("late_ms", "Late calls", ((LATE_MS, f"Free within {LATE_MS} ms"), (100, "Free within 100 ms"),
                                     (500, "Free within 500 ms"), (0, "Always pay")), LATE_MS,
           "A correct call that comes just after the match was taken (or covered) costs nothing.", legacy=0),
    edition_option(EDITION, "no draw with the shared pile; a tie's cards went to the pot pile by pile"),
)


def decks_for(num_seats: int, decks: Any) -> int:
    return (1 if num_seats <= 4 else 2) if decks == "auto" else int(decks)


def _timing(options: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "variant": options["variant"],
        "tie_ms": options["tie_ms"],
        "time_limit_ms": options["time_limit"] * 60_000 or None,
        "auto_flip_ms": options["auto_flip"] * 1000 or None,
        "late_ms": options["late_ms"],
        "edition": options[EDITION_KEY],
    }


def deal(cards: list[Card], num_seats: int) -> list[list[Card]]:
    """Round-robin from seat 0, each card onto the top of its pile (lists hold the top last)."""
    piles: list[list[Card]] = [[] for _ in range(num_seats)]
    for i, card in enumerate(cards):
        piles[i % num_seats].append(card)
    return piles


def new_game(num_seats: int, options: Mapping[str, Any], seed: int) -> SnapGame:
    """A shuffled deal of the options' decks."""
    from ..core import resolve_options

    options = resolve_options(OPTIONS, options)
    rng = random.Random(seed)
    cards = shuffled(standard_deck(decks_for(num_seats, options["decks"])), rng)
    return SnapGame(deal(cards, num_seats), rng=rng, **_timing(options))


def shuffle_hidden(state: SnapGame, seat: int, rng: random.Random) -> SnapGame:
    """A copy with every face-down card dealt again at random (the pile sizes stay)."""
    other = state.clone()
    hidden = [c for pile in other.down for c in pile]
    rng.shuffle(hidden)
    for pile in other.down:
        pile[:] = hidden[: len(pile)]
        del hidden[: len(pile)]
    return other


# --- engine.script hooks ----------------------------------------------------


def script_start(num_seats: int, options: Mapping[str, Any], seed: int, deck: list[Card] | None,
                 state: Mapping[str, Any] | None) -> SnapGame:
    """A scripted start: an unshuffled ``deck`` dealt round-robin, or a written ``state`` (piles top first)."""
    timing = _timing(options)
    rng = random.Random(seed)
    if deck is not None:
        if not 1 <= whole_decks(deck) <= 3:
            raise ValueError("a Snap deck is 1 to 3 whole 52-card decks (each card once per deck, no jokers)")
        return SnapGame(deal(deck, num_seats), rng=rng, **timing)
    if not isinstance(state, Mapping):
        raise ValueError("expected an object with down, up, shared, pot, turn and eliminated")

    def cards(value: Any, key: str) -> list[Card]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise ValueError(f"{key}: expected a list of card codes, top card first")
        return list(reversed(parse_cards(value)))

    def piles(key: str) -> list[list[Card]]:
        value = state.get(key, [[] for _ in range(num_seats)])
        if not isinstance(value, list) or len(value) != num_seats:
            raise ValueError(f"{key}: expected one list of card codes per player")
        return [cards(p, f"{key}[{i}]") for i, p in enumerate(value)]

    down, up = piles("down"), piles("up")
    shared, pot = cards(state.get("shared", []), "shared"), cards(state.get("pot", []), "pot")
    held = Counter(c for pile in down + up + [shared, pot] for c in pile)
    if not held or any(c.is_joker or n > 3 for c, n in held.items()):
        raise ValueError("the cards in play must come from 1 to 3 decks: each card at most 3 times, no jokers")
    turn = state.get("turn", 0)
    out = state.get("eliminated", [])
    if not isinstance(out, list) or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < num_seats
                                            for s in out) or len(set(out)) != len(out):
        raise ValueError(f"eliminated: expected a list of different seats from 0 to {num_seats - 1}")
    if len(out) > num_seats - 2 or any(down[s] or up[s] for s in out):
        raise ValueError("eliminated: at least two players are still in, and a player who is out holds no cards")
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < num_seats or turn in out:
        raise ValueError("turn: expected the seat of a player still in")
    return SnapGame(down, up=up, shared=shared, pot=pot, turn=turn, out=out, rng=rng, **timing)


def script_state(state: SnapGame) -> dict[str, Any]:
    """The public picture, every pile top first (the shape ``script_start`` reads back)."""

    def codes(pile: list[Card]) -> list[str]:
        return [str(c) for c in reversed(pile)]

    out: dict[str, Any] = {"down": [codes(p) for p in state.down]}
    if state.variant == OWN:
        out["up"] = [codes(p) for p in state.up]
    else:
        out["shared"] = codes(state.shared)
    out.update(pot=codes(state.pot), turn=state.turn, eliminated=[s for s in range(state.num_seats) if not state.is_in(s)],
               calls=[{"call": w.kind, "seats": list(w.seats)} for w in state.claims.windows],
               winner=list(state.winners) if state.is_over else None)
    if state.is_over:
        out["end"] = state.end_reason
    return out


WIRE_HIDDEN: tuple[tuple[str, str], ...] = (("down", "seat_piles"), ("rng", "drop_rng"))
"""What of the state some seats may not see, for network play: (field, how it is hidden) (see :mod:`engine.wire`)."""


__all__ = [
    "WIRE_HIDDEN",
    "SnapGame", "Observation", "Phase", "OPTIONS", "new_game", "deal", "decks_for", "shuffle_hidden",
    "action_to_json", "action_from_json", "describe_action", "script_start", "script_state",
    "Flip", "Snap", "SnapPot", "Action", "Event", "Flipped", "PileTurnedOver", "Called", "SnapWon", "SnapTied",
    "CallLapsed", "FalseCall", "PenaltyPaid", "Eliminated", "GameOver", "SeatStats", "SHARED", "SNAP", "SNAP_POT",
    "OWN", "SHARED_PILE", "snap_piles", "pot_piles", "MIN_PLAYERS", "MAX_PLAYERS",
]
