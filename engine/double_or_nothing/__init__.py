"""Double or Nothing: a two-sided climbing game where every won game doubles the stakes.

The rules module of the collection (:mod:`engine.core`): :func:`new_game`,
the action codec, :func:`describe_action` and :func:`shuffle_hidden`.  The
state is :class:`~.run.Run`; plays and their strength are in :mod:`.plays`,
the count arithmetic in :mod:`.counts`, the upgrades in :mod:`.upgrades`.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..core import Option
from .counts import Deck, draw_from, sub
from .plays import Kind, Play, describe
from .actions import PASS, Action, Mode, Pass, Phase, Pick
from .observation import Observation
from .hidden import wire_stand_ins
from .run import MAX_GAME, Run
from . import upgrades as up
from .upgrades import UPGRADES, Held

GAME_ID = "double-or-nothing"

DUEL_GAMES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 30, 32)

OPTIONS = (
    Option("mode", "Mode", (("run", "The Run"), ("duel", "Duel")), "run",
           "The Run: you against the computer, game after game, with upgrades. Duel: one game for two seats."),
    Option("game_number", "Duel game", tuple((g, f"Game {g}") for g in DUEL_GAMES), 1,
           "Which game a Duel is played at (hands of 10 x 2^(game-1) cards). A Run always starts at game 1.",
           shown_when=("mode", "duel")),
    Option("upgrades", "Upgrades", ((4, "On"), (False, "Off"), (3, "On, third rules"), (2, "On, second rules"),
                                    (True, "On, first rules")), 4,
           "Whether a Run offers upgrades after each game won. \"First\", \"second\" and \"third rules\": the "
           "upgrades as they were before (records made then say true, 2 or 3 here and replay under them).",
           shown_when=("mode", "run")),
)


def new_game(num_seats: int, options: Mapping[str, Any], seed: int) -> Run:
    """A Run from game 1, or a Duel at the chosen game; the first hand dealt from ``seed``."""
    if num_seats != 2:
        raise ValueError(f"Double or Nothing is for 2 seats, not {num_seats}")
    mode = Mode(options.get("mode", "run"))
    game = int(options.get("game_number", 1)) if mode is Mode.DUEL else 1
    chosen = options.get("upgrades", up.RULES)
    rules = up.FIRST_RULES if chosen is True else chosen if chosen in (up.SECOND_RULES, up.THIRD_RULES) else up.RULES
    return Run(mode, game, seed, upgrades_on=chosen is not False, upgrade_rules=rules)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a record writes it (without the seat)."""
    if isinstance(action, Play):
        return {"type": "play", "lo": action.lo, "hi": action.hi, "copies": action.copies}
    if isinstance(action, Pick):
        return {"type": "pick", "upgrade": action.upgrade}
    return {"type": "pass"}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """An action from its record form; ``ValueError`` saying what is wrong."""
    kind = data.get("type")
    if kind == "pass":
        return PASS
    if kind == "pick":
        upgrade = data.get("upgrade")
        if not isinstance(upgrade, str) or upgrade not in UPGRADES:
            raise ValueError(f"upgrade: expected one of {', '.join(UPGRADES)}, got {str(upgrade)[:30]!r}")
        return Pick(str(upgrade))
    if kind == "play":
        for key in ("lo", "hi", "copies"):
            value = data.get(key)
            if type(value) is not int:
                raise ValueError(f"{key}: expected a whole number, got {str(value)[:20]!r}")
        return Play(data["lo"], data["hi"], data["copies"])
    raise ValueError(f"type: expected 'play', 'pass' or 'pick', got {str(kind)[:20]!r}")


def describe_action(action: Action) -> str:
    """An action in a player's words."""
    if isinstance(action, Play):
        return describe(action)
    if isinstance(action, Pick):
        upgrade = UPGRADES.get(action.upgrade)
        return f"take {upgrade.name if upgrade else action.upgrade}"
    return "pass"


def shuffle_hidden(state: Run, seat: int, rng: random.Random) -> Run:
    """A copy of ``state`` with everything ``seat`` can't see dealt again at random.

    The other hand (kept as it is when ``seat`` holds the Spyglass) and every
    batch of both decks trade cards; every size stays.
    """
    other = state.clone()
    them = 1 - seat
    keep_hand = seat == 0 and state.mode is Mode.RUN and state.held.has("spyglass")
    pool = sub(sub(other.totals(), other.hands[seat]), other.area[0])
    pool = sub(pool, other.area[1])
    if keep_hand:
        pool = sub(pool, other.hands[them])
    else:
        hand = draw_from(pool, sum(other.hands[them]), rng)
        other.hands[them] = hand
        pool = sub(pool, hand)
    for deck in other.decks:
        batches = []
        for batch in deck.batches:
            taken = draw_from(pool, sum(batch), rng)
            pool = sub(pool, taken)
            batches.append(taken)
        rebuilt = Deck(batches)
        deck.batches, deck.size = rebuilt.batches, rebuilt.size
    return other


def end_words(state: Run) -> str | None:
    """How a finished Run ended, for the Replays list ("Run ended at game 3, 2 games won"); a Duel: None (its
    winner says it).  A lost run's opponent is not its winner: the runner went as far as the run went."""
    if state.mode is not Mode.RUN or state.winner is None:
        return None
    won = f"{state.games_won} game{'s' if state.games_won != 1 else ''} won"
    return f"Run cleared: all {won}" if state.winner == 0 else f"Run ended at game {state.game}, {won}"


WIRE_HIDDEN: tuple[tuple[str, str], ...] = (("hands", "stand_in"), ("decks", "stand_in"), ("rng", "drop_rng"))
"""What of the state some seats may not see, for network play: (field, how it is hidden) (see :mod:`engine.wire`)."""


__all__ = [
    "WIRE_HIDDEN", "wire_stand_ins",
    "GAME_ID", "OPTIONS", "MAX_GAME", "Run", "Mode", "Phase", "Observation", "Play", "Pass", "Pick", "PASS",
    "Kind", "Action", "Held", "UPGRADES", "new_game", "action_to_json", "action_from_json", "describe_action",
    "shuffle_hidden", "end_words",
]
