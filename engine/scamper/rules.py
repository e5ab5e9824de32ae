"""Legality: small named predicates, composed into :func:`refusal` and :func:`legal_actions`.

Everything here works on what the player to move may know (:class:`~engine.scamper.seen.Seen`, the fields of
its observation): what a player knows is enough to know what is legal.
Each predicate returns a reason a player can read, or ``None``.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from ..cards import STANDARD_SIZE, Card, format_cards
from ..melds import (
    Contract, IllegalMeld, MatchKind, Meld, add_to_meld, contract_lays, contract_reason, is_wild, read_meld, swap_wild,
)
from .actions import (
    CALL, DRAW_DISCARD, DRAW_STOCK, PASS, Action, AddToMeld, CallScamper, Discard, Draw, LayContract, LayMeld,
    PassCard, Source, SwapWild,
)
from .seen import Seen
from .table import Phase

CONTRACT_LAYS_OFFERED = 3
"""How many ways to lay the contract :func:`legal_actions` lists (any other valid lay is accepted too)."""

Reason = str | None

# --- the predicates ------------------------------------------------------------


def in_phase(obs: Seen, *phases: Phase) -> Reason:
    if obs.phase in phases:
        return None
    if obs.phase is Phase.OPENING:
        return "First take the face-up card or pass it to the left."
    if obs.phase is Phase.DRAW:
        return "Draw a card first, from the stock or the discard pile."
    if Phase.DRAW in phases:
        return "You have already drawn this turn: lay, add, swap or discard."
    return "Not now."


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> Reason:
    """Whether ``hand`` holds every card of ``cards``, counting repeats."""
    missing = Counter(cards) - Counter(hand)
    if missing:
        return f"You don't hold {format_cards(sorted(missing.elements()))}."
    return None


def keeps_a_card(hand: Sequence[Card], used: int) -> Reason:
    if used >= len(hand):
        return "Keep one card to discard: you go out by discarding your last card."
    return None


def is_down(obs: Seen) -> Reason:
    if obs.is_down:
        return None
    return f"Lay this round's contract ({obs.contract.describe()}) before anything else."


def not_down_yet(obs: Seen) -> Reason:
    if obs.is_down:
        return "Your contract is already down: lay single melds now."
    return None


def meld_exists(obs: Seen, index: int) -> Reason:
    if 0 <= index < len(obs.melds):
        return None
    return f"There is no meld {index + 1} on the table."


def reads_as_meld(cards: Sequence[Card]) -> Reason:
    try:
        read_meld(cards)
    except IllegalMeld as exc:
        return str(exc)
    return None


def meets_contract(contract: Contract, melds: Sequence[Sequence[Card]]) -> Reason:
    laid = []
    for cards in melds:
        try:
            laid.append(read_meld(cards))
        except IllegalMeld as exc:
            return f"{format_cards(cards)}: {exc}"
    return contract_reason(laid, contract)


def takes_card(obs: Seen, action: AddToMeld) -> Reason:
    try:
        add_to_meld(obs.melds[action.meld], action.card, action.low, obs.rules.keep_majority)
    except IllegalMeld as exc:
        return str(exc)
    return None


def swappable(obs: Seen, action: SwapWild) -> Reason:
    if obs.owners[action.meld] == obs.seat:
        return "Wilds can be swapped out of other players' melds only, not your own."
    try:
        swap_wild(obs.melds[action.meld], action.place, action.card)
    except IllegalMeld as exc:
        return str(exc)
    return None


def may_discard(hand: Sequence[Card], card: Card) -> Reason:
    """A wild may be discarded only as the last card (or when the hand holds nothing but wilds)."""
    if is_wild(card) and len(hand) > 1 and not all(is_wild(c) for c in hand):
        return "Wilds can't be discarded, except as your last card when going out."
    return None


def may_call(obs: Seen) -> Reason:
    if not obs.rules.advanced:
        return '"Scamper!" is called only with the Advanced rules.'
    if obs.called:
        return 'You have already called "Scamper!" this turn.'
    if len(obs.hand) != 2:
        return 'Call "Scamper!" when your discard will leave you one card.'
    return None


def first(*checks: Callable[[], Reason]) -> Reason:
    """The first reason among ``checks``, evaluated in order."""
    for check in checks:
        reason = check()
        if reason is not None:
            return reason
    return None


# --- composed -------------------------------------------------------------------


def refusal(obs: Seen, action: object) -> Reason:
    """Why ``obs.seat`` may not play ``action`` now, or ``None`` if it may."""
    if obs.phase is Phase.OVER:
        return "The game is over."
    if not obs.my_turn:
        return "It is not your turn."
    if isinstance(action, Draw):
        if obs.phase is Phase.OPENING and action.source is Source.STOCK:
            return "At the opening take the face-up card, or pass it to the left."
        return first(
            lambda: in_phase(obs, Phase.OPENING, Phase.DRAW),
            lambda: "The discard pile is empty: draw from the stock." if action.source is Source.DISCARD
            and not obs.discard_pile else None,
        )
    if isinstance(action, PassCard):
        if obs.phase is not Phase.OPENING:
            return "Only the first player passes the face-up card, at the opening."
        return None
    if isinstance(action, LayContract):
        used = [c for m in action.melds for c in m]
        return first(
            lambda: in_phase(obs, Phase.PLAY), lambda: not_down_yet(obs), lambda: holds(obs.hand, used),
            lambda: meets_contract(obs.contract, action.melds), lambda: keeps_a_card(obs.hand, len(used)),
        )
    if isinstance(action, LayMeld):
        return first(
            lambda: in_phase(obs, Phase.PLAY), lambda: is_down(obs), lambda: holds(obs.hand, action.cards),
            lambda: reads_as_meld(action.cards), lambda: keeps_a_card(obs.hand, len(action.cards)),
        )
    if isinstance(action, AddToMeld):
        return first(
            lambda: in_phase(obs, Phase.PLAY), lambda: is_down(obs), lambda: holds(obs.hand, (action.card,)),
            lambda: meld_exists(obs, action.meld), lambda: keeps_a_card(obs.hand, 1), lambda: takes_card(obs, action),
        )
    if isinstance(action, SwapWild):
        return first(
            lambda: in_phase(obs, Phase.PLAY), lambda: is_down(obs), lambda: holds(obs.hand, (action.card,)),
            lambda: meld_exists(obs, action.meld), lambda: swappable(obs, action),
        )
    if isinstance(action, CallScamper):
        return first(lambda: in_phase(obs, Phase.PLAY), lambda: may_call(obs))
    if isinstance(action, Discard):
        return first(
            lambda: in_phase(obs, Phase.PLAY), lambda: holds(obs.hand, (action.card,)),
            lambda: may_discard(obs.hand, action.card),
        )
    return f"{action!r} is not an action of this game."


def legal_actions(obs: Seen) -> list[Action]:
    """The legal actions of the player to move, in a fixed order.

    Opening: take, pass.  Draw: stock, discard.  Play, before going down: a few
    ways to lay the contract, the call, the discards.  Once down: single melds,
    lay-offs, swaps, the call, the discards.  (Lays are a selection; any valid
    lay is accepted.)
    """
    if not obs.my_turn:
        return []
    if obs.phase is Phase.OPENING:
        return [DRAW_DISCARD, PASS]
    if obs.phase is Phase.DRAW:
        return [DRAW_STOCK, DRAW_DISCARD] if obs.discard_pile else [DRAW_STOCK]
    hand = obs.hand
    distinct = sorted(set(hand))
    actions: list[Action] = []
    if not obs.is_down:
        for lay in contract_lays(hand, obs.contract, CONTRACT_LAYS_OFFERED):
            if sum(len(m) for m in lay) < len(hand):
                actions.append(LayContract(lay))
    else:
        actions += _single_melds(hand)
        if len(hand) > 1:
            actions += _lay_offs(obs, distinct)
        actions += _swaps(obs, distinct)
    if may_call(obs) is None:
        actions.append(CALL)
    actions += [Discard(c) for c in distinct if may_discard(hand, c) is None]
    return actions


SINGLE_MELDS = (Contract.of(("set", 3)), Contract.of(("run", 3)))
"""The smallest melds a player who is down may lay one at a time."""


def _single_melds(hand: Sequence[Card]) -> list[Action]:
    out: list[Action] = []
    if len(hand) > 3:
        for contract in SINGLE_MELDS:
            out += [LayMeld(lay[0]) for lay in contract_lays(hand, contract, 2)]
    return out


def _could_take(meld: Meld, card: Card) -> bool:
    """A quick filter before the full check."""
    if is_wild(card):
        return True
    if meld.kind is MatchKind.SET:
        return card.rank == meld.rank
    return card.suit == meld.suit and card.rank in (meld.rank - 1, meld.high + 1)


def _lay_offs(obs: Seen, distinct: Sequence[Card]) -> list[Action]:
    out: list[Action] = []
    keep = obs.rules.keep_majority
    for index, meld in enumerate(obs.melds):
        for card in distinct:
            if not _could_take(meld, card):
                continue
            for low in ((False,) if meld.kind is MatchKind.SET else (False, True)):
                try:
                    add_to_meld(meld, card, low, keep)
                except IllegalMeld:
                    continue
                out.append(AddToMeld(index, card, low))
    return out


def _swaps(obs: Seen, distinct: Sequence[Card]) -> list[Action]:
    out: list[Action] = []
    held = set(distinct)
    for index, meld in enumerate(obs.melds):
        if obs.owners[index] == obs.seat:
            continue
        for place in meld.wild_places:
            wanted = meld.natural_for(place)
            if wanted is not None:
                if wanted in held:
                    out.append(SwapWild(index, place, wanted))
                continue
            out += [SwapWild(index, place, card) for card in distinct  # a set of 2s takes a deuce
                    if card < STANDARD_SIZE and card.rank == meld.rank]
    return out
