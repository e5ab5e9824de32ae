"""How long Scamper bots take per decision on big hands: the table's budget is p99 <= 20 ms (Expert, which
thinks in slices between frames: p99 <= 50 ms of CPU for the whole decision).

    python -m ai.scamper.timing [--hands 200] [--size 20] [--wilds 4] [--seed 1]

For every contract, random hands of ``size`` cards holding ``wilds`` wilds
(jokers and deuces) from three packs are given to each level, once to decide
whether to take the discard and once to choose a play (lay or discard, the
solver's heaviest work).  Prints JSON: median and 99th percentile in ms per
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
from engine.scamper import CONTRACTS, Observation, Phase, Rules, ScoreSheet, pack

from . import BOT_LEVELS, make_bot


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


def run(hands: int, size: int, wilds: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    times: dict[str, list[float]] = {level: [] for level in BOT_LEVELS}
    cpu: dict[str, list[float]] = {level: [] for level in BOT_LEVELS}
    solver: list[float] = []
    for i in range(hands):
        round_no = 1 + i % len(CONTRACTS)
        hand = hand_with_wilds(rng, size, wilds)
        top = rng.choice(pack(1))
        start = time.perf_counter()
        solve(hand, CONTRACTS[round_no - 1])
        solver.append((time.perf_counter() - start) * 1000)
        for level in BOT_LEVELS:
            bot = make_bot(level, seed=i)
            for phase, cards in ((Phase.DRAW, hand[:-1]), (Phase.PLAY, hand)):
                obs = observation(cards, round_no, phase, top if top != JOKER else hand[0])
                start, start_cpu = time.perf_counter(), time.thread_time()
                bot.decide(obs)
                times[level].append((time.perf_counter() - start) * 1000)
                cpu[level].append((time.thread_time() - start_cpu) * 1000)
    return {"hand_size": size, "wilds": wilds, "hands": hands, "solver_ms": _summary(solver),
            "decision_ms": {level: _summary(ts) for level, ts in times.items()},
            "decision_cpu_ms": {level: _summary(ts) for level, ts in cpu.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.scamper.timing", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--wilds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.hands, args.size, args.wilds, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
