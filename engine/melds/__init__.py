"""Melds: the one place that decides what a set, a run or a contract is.

Glossary
    meld      cards laid together on the table: a set or a run.
    match     Sprint, Snap, Score's word for a meld (one pack, no wilds).
    set       cards of one rank, e.g. ``7H 7D 7C``.  Sprint: 2-4 cards, suits differ;
              Scamper: 3 or more, suits may repeat (several packs are mixed); a set
              of 2s needs 4 or more, and its deuces are natural there.
    run       cards of one suit in unbroken rank order, e.g. ``7H 8H 9H``.  Aces are
              high only: ``QS KS AS`` is a run, ``KS AS 2S`` and ``AS 2S 3S`` are not.
    wild      a card that stands for any card a meld needs (Scamper: jokers and
              deuces).  A deuce in its own place in a run of its suit (the 2 of
              ``2D 3D 4D``) is natural, not wild.
    natural   any card that is not wild in its place.
    place     a position in a meld; a run's place ``i`` stands for one exact card,
              a set's places all stand for its rank.
    majority  naturals must outnumber wilds when a meld is laid (3 cards: 1 wild at
              most, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3).
    lay-off   adding a card to a meld already on the table.
    swap      putting a natural from hand in the place of the wild that stands for it,
              taking the wild.
    contract  the melds a round asks for (Scamper: "two sets of 3"), laid all at once.
    plan      a way a hand meets a contract, or comes closest, with what it lacks.
    mask      a 52-bit int with bit ``n`` set for card ``n`` (see :mod:`engine.cards`):
              Sprint's one-pack hands.

Modules: :mod:`~engine.melds.matches` (Sprint's masks and tables),
:mod:`~engine.melds.wild` (melds with wilds from several packs) and
:mod:`~engine.melds.contracts` (contracts and the search for them).  Games with
different meld rules pass parameters (:class:`MeldRules`, ``keep_majority``).
"""

from __future__ import annotations

from .contracts import Contract, Plan, Requirement, Target, contract_lays, contract_reason, run_to_end, solve, solve_steps
from .matches import (
    RANK_COLUMN,
    SPRINT_MELDS,
    SUIT_BITS,
    IllegalMatch,
    MatchKind,
    MeldRules,
    check_match,
    describe_match,
    match_kind,
    matches_in,
    triangular,
    why_not_match,
)
from .wild import (
    JOKER,
    MELD_MIN,
    IllegalMeld,
    Meld,
    add_place,
    add_to_meld,
    arrange,
    is_wild,
    max_wilds,
    read_meld,
    swap_wild,
)

__all__ = [
    "RANK_COLUMN", "SPRINT_MELDS", "SUIT_BITS", "IllegalMatch", "MatchKind", "MeldRules", "check_match",
    "describe_match", "match_kind", "matches_in", "triangular", "why_not_match",
    "JOKER", "MELD_MIN", "IllegalMeld", "Meld", "add_place", "add_to_meld", "arrange", "is_wild", "max_wilds",
    "read_meld", "swap_wild",
    "Contract", "Plan", "Requirement", "Target", "contract_lays", "contract_reason", "run_to_end", "solve", "solve_steps",
]
