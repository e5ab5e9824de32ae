"""Every Scamper round ends: random play over many rounds, 2 to 10 seats, every stock-out option.

Issue 22: with "add a pack" or "shuffle the discards" a round could run for
ever once the hands held only wilds (they can't be discarded, so a drawn
natural goes straight back and the stock is renewed again and again).  The
rule that ends it: a renewed stock that runs out with nothing laid, added or
swapped since it was renewed voids the deal, which is dealt again.

The players here are short random policies, cheap enough to play well over a
thousand rounds in seconds: mostly they lay what they can and keep the cards
that help the contract (so rounds end by someone going out), now and then
they act at random.  Every round must end within a cap of actions, and every
deal within a smaller one.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.melds import Contract, MatchKind, contract_lays
from engine.scamper import (
    CONTRACTS, DRAW_DISCARD, DRAW_STOCK, PASS, Action, AddToMeld, Discard, LayContract, LayMeld, Phase, Rules,
    ScamperGame, StockOut, SwapWild,
)
from engine.scamper.events import RoundDealt, RoundScored, RoundVoided, StockRenewed
from engine.scamper.rules import may_discard

ROUND_CAP = 40_000
"""No round may take more actions than this (the issue's stuck round reached 200,000)."""

DEAL_CAP = 20_000
"""No deal may take more (a deal ends by someone going out or by being voided)."""

ROUNDS_EACH = 80
"""Rounds per seat count and stock-out option: 9 x 3 x 80 = 2,160 rounds."""

PROGRESS = (LayContract, LayMeld, AddToMeld, SwapWild)


def helpful(hand: list, contract: Contract) -> Counter[int]:
    """A cheap score per natural card: sets want its rank again, runs want it in its suit's best window."""
    plain = [int(c) for c in hand if c < 52 and c % 13]
    score: Counter[int] = Counter()
    if any(r.kind is MatchKind.SET for r in contract.requirements):
        ranks = Counter(c % 13 for c in plain)
        for c in plain:
            score[c] += 2 * ranks[c % 13]
    runs = [r.size for r in contract.requirements if r.kind is MatchKind.RUN]
    if runs:
        size = max(runs)
        windows = []
        for suit in range(4):
            have = [0] * 13
            for c in plain:
                if c // 13 == suit:
                    have[c % 13] = 1
            count = sum(have[1:1 + size])
            best, most = 1, count
            for low in range(2, 14 - size):
                count += have[low + size - 1] - have[low - 1]
                if count > most:
                    best, most = low, count
            windows.append((most, suit, best))
        for most, suit, low in sorted(windows, reverse=True)[:len(runs)]:
            for c in plain:
                if c // 13 == suit and low <= c % 13 < low + size:
                    score[c] += 3 + most
    return score


def choose(state: ScamperGame, rng: random.Random, careful: bool) -> Action:
    """A careful move (lay what it can, keep what helps) or a careless one (draw and discard at random)."""
    if state.phase is Phase.OPENING:
        return rng.choice((DRAW_DISCARD, PASS))
    p = state.current
    hand = state.hands[p]
    contract = CONTRACTS[state.round_index]
    if state.phase is Phase.DRAW:
        if careful and state.discard and not state.down[p]:
            top = state.discard[-1]
            return DRAW_DISCARD if helpful(hand + [top], contract)[int(top)] > 6 else DRAW_STOCK
        return DRAW_STOCK if not state.discard or rng.random() < 0.8 else DRAW_DISCARD
    if rng.random() < (0.95 if careful else 0.3):
        if not state.down[p]:
            lays = [lay for lay in contract_lays(hand, contract, 1) if sum(map(len, lay)) < len(hand)]
            if lays:
                return LayContract(lays[0])
        else:
            progress = [a for a in state.legal_actions() if isinstance(a, PROGRESS)]
            if progress:
                return rng.choice(progress)
    cards = sorted({c for c in hand if may_discard(hand, c) is None})
    if not careful or state.down[p]:
        return Discard(rng.choice(cards))
    score = helpful(hand, contract)
    return Discard(min(cards, key=lambda c: (score[int(c)] if c < 52 and c % 13 else 100, rng.random())))


def play_round(state: ScamperGame, rng: random.Random, careless: float) -> tuple[int, int, int]:
    """Play the round under way to its end: (actions, longest deal, stuck deals voided); asserts the caps."""
    deal = longest = stuck = 0
    for step in range(1, ROUND_CAP + 1):
        events = state.apply(choose(state, rng, rng.random() >= careless))
        deal += 1
        stuck += sum(1 for e in events if isinstance(e, RoundVoided) and e.stuck)
        if any(isinstance(e, RoundScored) for e in events):
            return step, max(longest, deal), stuck
        if any(isinstance(e, RoundDealt) for e in events):
            longest, deal = max(longest, deal), 0
        assert deal <= DEAL_CAP, f"a deal of round {state.contract_no} ran past {DEAL_CAP} actions"
    raise AssertionError(f"round {state.contract_no} ran past {ROUND_CAP} actions")


def dealt_round(seats: int, option: str, round_index: int, seed: int) -> ScamperGame:
    """A game of ``seats`` dealt at contract ``round_index + 1`` (the rounds before don't matter here)."""
    state = ScamperGame(seats, Rules(stock_out=StockOut(option)), seed)
    state.round_index = round_index
    state._deal(None)
    return state


@pytest.mark.parametrize("option", [o.value for o in StockOut])
@pytest.mark.parametrize("seats", range(2, 11))
def test_every_round_ends(seats: int, option: str) -> None:
    rng = random.Random(seats * 100 + len(option))
    cards_before = None
    for k in range(ROUNDS_EACH):
        state = dealt_round(seats, option, k % 10, rng.getrandbits(32))
        cards_before = sum(state.inventory().values())
        actions, longest, _ = play_round(state, rng, careless=0.1)
        assert actions <= ROUND_CAP and longest <= DEAL_CAP
        assert len(state.lines) == 1 and state.lines[0].round_no == k % 10 + 1
        if option != StockOut.ADD_PACK.value:
            assert sum(state.inventory().values()) == cards_before


@pytest.mark.parametrize("option", [StockOut.ADD_PACK.value, StockOut.RESHUFFLE.value])
def test_the_issues_stuck_table_is_dealt_again_instead_of_renewed_for_ever(option: str) -> None:
    """Round 10 (a set of 8), three seats, players who never go down: hands fill with wilds.

    Under the first rules the stock was renewed for ever; now each deal ends
    after at most one quiet renewal, and the remedy is what ends it.
    """
    rng = random.Random(3000073)
    state = dealt_round(3, option, 9, 3000073)
    renewals = stuck = 0
    for _ in range(3000):
        if state.phase is Phase.DRAW:
            action: Action = DRAW_STOCK
        elif state.phase is Phase.OPENING:
            action = PASS
        else:
            hand = state.hands[state.current]
            action = Discard(rng.choice(sorted({c for c in hand if may_discard(hand, c) is None})))
        events = state.apply(action)
        renewals += sum(1 for e in events if isinstance(e, StockRenewed))
        voided = [e for e in events if isinstance(e, RoundVoided)]
        if voided:
            assert voided == [RoundVoided(10, stuck=True)]
            stuck += 1
            assert renewals == stuck  # one renewal per deal, then the quiet one voids it
    assert stuck >= 2 and state.contract_no == 10


def test_the_issues_reproduction_with_bots_ends() -> None:
    """Three seats (easy, standard, standard), Advanced, "add a pack", deal 3000073, bots seeded as the arena
    seeds them: with the code before issue 22 round 10 never ended (still going after 30,000 decisions).
    Now a hand of wilds may lay a set of 2s, and a stuck deal is dealt again."""
    from ai.scamper import make_bot
    from engine.scamper import new_game

    seed = 3000073
    state = new_game(3, {"advanced": True, "stock_out": "add-pack"}, seed)
    bots = [make_bot(level, seed=seed * 31 + seat) for seat, level in enumerate(("easy", "standard", "standard"))]
    for _ in range(ROUND_CAP):
        if state.is_over:
            break
        seat = state.current
        state.apply(bots[seat].decide(state.observation(seat)), seat)
    assert state.is_over and len(state.lines) == 10
