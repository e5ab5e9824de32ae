"""Celtic-Egyptian Ratscrew for 2 to 6 players: the rules module (game id ``ratscrew``, records ``ratscrew/1``).

How a game goes (our reading of the kata, fixed by issue 13):

* The whole deck is dealt round-robin, face down, from the first player (drawn
  from the seed), each card onto the top of its pile; that player starts and
  play runs clockwise (seat numbers upward).
* On your turn you lay your pile's top card face up on the stack and the game
  calls for it: ace, 2, ... king, then ace again (calls run over the whole game,
  or restart with each stack as a house rule; only cards laid in turn are called).
* Anyone may snap at any time.  The snap rules (:mod:`.snaps`, each a house
  rule) are calling out, pair, sandwich, dark queen and counting out.  The
  earliest valid snap wins the stack; snaps at the very same millisecond go to
  the player nearest the left (the next seat clockwise) of whoever laid the top
  card in turn, that player last.  The stack goes face down under the winner's
  pile as one packet (its top card at the pile's bottom) and it is their turn.
* A count (counting out) that runs out with no other snap showing gives the
  stack to whoever laid its picture card, at once.  With nobody left to lay and
  no snap showing, the stack goes back to whoever laid the last card.
* A wrong snap, or laying out of turn (the card goes under the stack, or is
  kept as a house rule), bars the player from snapping until someone else wins
  the stack (a barred player who wins a stack by counting out stays barred).
  A player with an empty pile may still snap, so bars are lifted early only
  when every player is barred (issue 22; the first rules, option ``edition``
  1 for records made before, released everyone once all players still
  holding cards were barred).  A
  barred player's snap, and any snap on an empty stack (a race lost by a
  millisecond), is refused and costs nothing.
* Empty piles are skipped; the game ends when one player holds every card.

The state is :class:`~.game.Ratscrew` (the engine protocol's ``GameState``);
the script hooks for ``python -m engine.script`` are in :mod:`.script`.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..cards import shuffled, standard_deck
from .game import EMPTY_STACK, MAX_SEATS, MIN_SEATS, Observation, Phase, Ratscrew, shuffle_hidden
from .house import OPTIONS, HouseRules
from .moves import LAY, SNAP, Action, Event, Lay, Snap, action_from_json, action_to_json, describe_action
from .script import event_to_json, script_action, script_start, script_state
from .snaps import SNAP_RULES, Count, SnapReason, SnapRule, StackView, call_for, find_snaps

GAME_ID = "ratscrew"


def new_game(num_seats: int, options: Mapping[str, Any], seed: int) -> Ratscrew:
    """A new game: a shuffled deck dealt from a first player, both drawn from ``seed``."""
    rng = random.Random(seed)
    deck = shuffled(standard_deck(), rng)
    return Ratscrew.deal(deck, num_seats, HouseRules.from_options(options), rng.randrange(num_seats))


WIRE_HIDDEN: tuple[tuple[str, str], ...] = (("piles", "seat_piles"),)
"""What of the state some seats may not see, for network play: (field, how it is hidden) (see :mod:`engine.wire`)."""


__all__ = [
    "WIRE_HIDDEN",
    "EMPTY_STACK", "GAME_ID", "MIN_SEATS", "MAX_SEATS", "OPTIONS", "SNAP_RULES", "Action", "Count", "Event",
    "HouseRules", "LAY", "Lay", "Observation", "Phase", "Ratscrew", "SNAP", "Snap", "SnapReason", "SnapRule",
    "StackView",
    "action_from_json", "action_to_json", "call_for", "describe_action", "event_to_json", "find_snaps",
    "new_game", "script_action", "script_start", "script_state", "shuffle_hidden",
]
