"""Sprint's match: several rounds with a running score sheet, kept in Sprint's own options.

The ``match`` option (declared in the registry) says how many rounds; the
``played`` entry of the setup's options holds each earlier round's totals per
seat.  A saved game keeps both in its ``setup`` object (``"match"``,
``"played"``), as it always has, so older saves still resume mid-match.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.envelope import is_int

from game.shell.session import GameSetup

MATCH = "match"
PLAYED = "played"
MATCH_LENGTHS = (3, 5)
"""The match lengths a saved game may name (1 is a single round, no sheet)."""


def match_rounds(setup: GameSetup) -> int:
    """How many rounds the match has (1: a single round)."""
    rounds = setup.options.get(MATCH, 1)
    return rounds if is_int(rounds) and rounds > 0 else 1


def played(setup: GameSetup) -> list[tuple[int, ...]]:
    """The match's earlier rounds: each seat's total (empty in its first round)."""
    return list(setup.options.get(PLAYED, ()))


def next_round(setup: GameSetup, totals: tuple[int, ...]) -> GameSetup:
    """The setup of the match's next round (a new deal), with this round's totals on the sheet;
    after the last round, the first round of a new match."""
    rows = played(setup) + [tuple(totals)]
    if len(rows) >= match_rounds(setup):
        rows = []
    return dataclasses.replace(setup, deal=None, options={**setup.options, PLAYED: rows})


def saved_setup(setup: GameSetup) -> dict[str, Any]:
    """What a saved game keeps of the match: its length and the rounds before this one (nothing for one round)."""
    if match_rounds(setup) <= 1:
        return {}
    return {MATCH: match_rounds(setup), PLAYED: [list(row) for row in played(setup)]}


def restore_setup(setup: GameSetup, chosen: dict[str, Any]) -> None:
    """Put a saved game's match back on ``setup`` if it is whole and fits its seats (else a single round)."""
    rounds, rows = chosen.get(MATCH), chosen.get(PLAYED)
    if rounds in MATCH_LENGTHS and isinstance(rows, list) and len(rows) < rounds and all(
            isinstance(row, list) and len(row) == len(setup.seats)
            and all(is_int(v) and abs(v) < 1_000_000 for v in row) for row in rows):
        setup.options[MATCH] = rounds
        setup.options[PLAYED] = [tuple(row) for row in rows]
