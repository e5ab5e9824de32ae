"""The Hint button: the move Master would play, with a reason a player can read."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import ALL_CARDS
from engine.melds import describe_match, triangular
from engine.sprint import Action, Discard, Draw, Lay, Observation, Source

from .handcalc import RANK_MASK, RUN_NEAR1, completes_match, legal_matches


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: str


def hint(obs: Observation, think_ms: int = 150) -> Hint:
    """Suggest an action for the seat of ``obs`` within about ``think_ms``.

    Raises ``ValueError`` when it is not that seat's turn.
    """
    from .master import Master  # local: keeps `import ai.sprint.hints` light

    if not obs.legal_actions():
        raise ValueError("There is nothing to hint: it is not your turn.")
    bot = Master(seed=obs.turn, think_ms=think_ms)
    action = bot.decide(obs)
    return Hint(action, reason(obs, action))


def reason(obs: Observation, action: Action) -> str:
    """One line saying why ``action`` is a good idea."""
    hand = obs.hand_mask
    last_turn = obs.final_turns_left is not None
    if isinstance(action, Lay):
        size = len(action.cards)
        points = triangular(size)
        what = describe_match(action.cards)
        drawn = min(size, obs.stock_size)
        if drawn == 0:
            tail = "and those cards no longer count against you at the end"
        elif drawn == 1:
            tail = "and it draws 1 new card"
        else:
            tail = f"and it draws {drawn} new cards"
        return f"Lay {what}: {points} points, {tail}."
    if isinstance(action, Draw):
        if action.source is Source.DISCARD:
            top = obs.discard_pile[-1]
            if completes_match(hand, top):
                match = _match_with(hand | 1 << top, top)
                return f"Take the {top.name} from the discard pile: it completes {describe_match(_cards(match))}."
            if hand & RANK_MASK[top]:
                return f"Take the {top.name} from the discard pile: it pairs with a card in your hand."
            if hand & RUN_NEAR1[top]:
                return f"Take the {top.name} from the discard pile: it starts a run with your {top.suit_word}."
            if not obs.stock_size:
                return f"Take the {top.name}: the stock is empty."
            return f"Take the {top.name} from the discard pile: it fits your hand better than a blind draw."
        if obs.discard_pile:
            top = obs.discard_pile[-1]
            return f"Draw from the stock: the {top.name} on the discard pile doesn't help your hand."
        return "Draw from the stock."
    assert isinstance(action, Discard)
    card = action.card
    others = hand & ~(1 << card)
    if legal_matches(hand) and not last_turn:
        return f"Discard the {card.name} and keep your pair: it may still grow into three of a kind."
    if last_turn:
        return f"Discard the {card.name}: on your last turn every card left costs a point, and this one can't be laid."
    if not others & (RANK_MASK[card] | RUN_NEAR1[card]):
        return f"Discard the {card.name}: it fits no match in your hand."
    return f"Discard the {card.name}: of your cards it has the fewest chances left to make a match."


def _match_with(hand: int, card: int) -> int:
    bit = 1 << card
    best = 0
    for m in legal_matches(hand):
        if m & bit and m.bit_count() > best.bit_count():
            best = m
    return best


def _cards(mask: int) -> list[int]:
    return [ALL_CARDS[c] for c in range(52) if mask >> c & 1]

