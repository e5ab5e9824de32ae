"""How long Scamper bots take per decision on big hands: the table's budget is p99 <= 20 ms (Expert, which
thinks in slices between frames: p99 <= 50 ms of CPU for the whole decision).

    python -m ai.scamper.timing [--hands 200] [--size 20] [--wilds 4] [--seed 1] [--expert deny_weight=8]

For every contract, random hands of ``size`` cards holding ``wilds`` wilds
(jokers and deuces) from three packs are given to each level, once to decide
whether to take the discard and once to choose a play (lay or discard, the
solver's heaviest work).  ``--size dealt`` gives each hand the round's dealt
size plus the card drawn (the hands bots really hold: from round 4 on, laying
the contract is going out); ``--expert`` times Expert with other weights
(:func:`ai.scamper.arena.variant`, like ``deny_weight=8``).  Prints JSON: median and 99th percentile in ms per
level (wall clock, and the thread's CPU time, steadier on a busy machine), and
the wall time of one call of the solver alone.  Expert's time is its whole
decision (every slice of its ``think``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engine.cards import Card
from engine.melds import JOKER, is_wild, solve
from engine.scamper import CONTRACTS, Observation, Phase, Rules, ScoreSheet, hand_size, pack

from . import BOT_LEVELS, make_bot
from .arena import variant


def hand_with_wilds(rng: random.Random, size: int, wilds: int) -> list[Card]:
    cards = pack(3)
    naturals = [c for c in cards if not is_wild(c)]
    wild_cards = [c for c in cards if is_wild(c)]
    return sorted(rng.sample(naturals, size - wilds) + rng.sample(wild_cards, wilds))


def observation(hand: list[Card], round_no: int, phase: Phase, top: Card) -> Observation:
    return Observation(
        seat=0, num_seats=4, rules=Rules(), round_no=round_no, contract=CONTRACTS[round_no - 1], dealer=3, current=0,
        phase=phase, hand=tuple(hand), melds=(), owners=(), discard_pile=(top,),
        stock_size=60, hand_sizes=(len(hand), 9, 9, 9), down=(False,) * 4, taken=((),) * 4, discarded=((),) * 4, passed=((),) * 4,
        called=False,
        sheet=ScoreSheet((0,) * 4, ()),
    )


def _summary(ts: list[float]) -> dict[str, float]:
    ts = sorted(ts)
    return {"median": round(statistics.median(ts), 3), "p99": round(ts[int(0.99 * (len(ts) - 1))], 3), "n": len(ts)}


def run(hands: int, size: int | None, wilds: int, seed: int, expert: str = "") -> dict[str, object]:
    """The figures (``size`` ``None``: each round's dealt size plus one)."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {level: [] for level in BOT_LEVELS}
    cpu: dict[str, list[float]] = {level: [] for level in BOT_LEVELS}
    solver: list[float] = []
    for i in range(hands):
        round_no = 1 + i % len(CONTRACTS)
        hand = hand_with_wilds(rng, hand_size(CONTRACTS[round_no - 1]) + 1 if size is None else size, wilds)
        top = rng.choice(pack(1))
        start = time.perf_counter()
        solve(hand, CONTRACTS[round_no - 1])
        solver.append((time.perf_counter() - start) * 1000)
        for level in BOT_LEVELS:
            bot = make_bot(level, seed=i, **(variant(expert, level) if expert and level == "expert" else {}))
            for phase, cards in ((Phase.DRAW, hand[:-1]), (Phase.PLAY, hand)):
                obs = observation(cards, round_no, phase, top if top != JOKER else hand[0])
                start, start_cpu = time.perf_counter(), time.thread_time()
                bot.decide(obs)
                times[level].append((time.perf_counter() - start) * 1000)
                cpu[level].append((time.thread_time() - start_cpu) * 1000)
    return {"hand_size": "dealt + 1" if size is None else size, "wilds": wilds, "expert": expert or "default", "hands": hands, "solver_ms": _summary(solver),
            "decision_ms": {level: _summary(ts) for level, ts in times.items()},
            "decision_cpu_ms": {level: _summary(ts) for level, ts in cpu.items()}}


def _size(text: str) -> int | None:
    if text == "dealt":
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of cards or 'dealt'") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.scamper.timing", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--size", type=_size, default=20, help="cards in each hand, or 'dealt' (the round's + 1)")
    parser.add_argument("--wilds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expert", default="", help="Expert's weights as FIELD=VALUE joined by +, like race=refine")
    args = parser.parse_args(argv)
    if args.expert:
        try:
            variant(args.expert, "expert")
        except ValueError as exc:
            parser.error(str(exc))
    print(json.dumps(run(args.hands, args.size, args.wilds, args.seed, args.expert)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
