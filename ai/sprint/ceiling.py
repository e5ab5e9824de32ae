"""How much strength the game leaves to win: a study of the arena's targets.

    python -m ai.sprint.ceiling --games 4000 --seed 1 --jobs 2 --json
    python -m ai.sprint.ceiling --games 4000 --master-games 400 --think-ms 100 --jobs 2 --json

The AI issue sets three targets for two players (score share, duplicate deals):
Standard beats Apprentice by 0.75, the Strategist beats Standard by 0.55 and
Master beats the Strategist by 0.60.  In Sprint, Snap, Score the luck of the
draw decides most rounds, and this study asks how much of those targets the
game leaves within reach, with variants that play better within their rules,
break a rule, or cheat on purpose.  Each row of the report names the target it
bears on.

* ``standard-tiebreak`` plays Standard's three rules and makes the choice they
  leave open (which of several equally large matches to lay first) with a
  better tie-break: the match that leaves the best matches and the most
  promising cards.  Against Apprentice it suggests how little room the rules
  leave (the other open choice, the suit among tied highest ranks, comes up in
  well under one discard in a thousand).
* ``standard-keeper`` keeps Standard's first two rules but breaks the third:
  it discards the card worth least to its hand (the Strategist's measure of
  partners and live outs) instead of the highest one.  It shows what the
  Standard target would ask of Standard's rules: beating Apprentice by more
  costs the Strategist its edge over Standard.
* ``strategist-oracle`` is the Strategist, except that it *sees the next
  player's hand* and, whenever it has a choice, discards a card that completes
  no match for them.  Not feeding the next player is the main thing knowing
  their hand offers; this simple oracle (it still ranks the safe cards by its
  usual estimates) puts a number on what reading the opponent can be worth.
* ``master-oracle`` is Master searching worlds in which *the opponents' hands
  are the true ones* (only the stock order stays hidden): roughly what perfect
  inference could add to Master's search.  It is slow; ``--master-games`` runs it.

The oracles are study tools, never opponents: they are not levels, the table
never makes them, and the arena hands the live state only to a bot that has a
``watch_table`` method and is not one of the levels.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from engine.sprint import Action, Discard, Observation, Phase, Round

from . import LEVELS
from . import arena
from .bots import Bot, Standard, Strategist, card_value
from .handcalc import DISCARDS, RANK_OF, best_partition, bits, completes_match, lay_of, legal_matches
from .master import Master, WorldSampler

STUDY_LEVELS = ("standard-tiebreak", "standard-keeper", "strategist-oracle", "master-oracle")


class TiebreakStandard(Standard):
    """Standard's three rules; among equally large matches, the one that leaves the best hand."""

    level = "standard-tiebreak"

    def choose(self, obs: Observation) -> Action:
        if obs.phase is Phase.DRAW or not obs.legal_actions():
            return super().choose(obs)
        hand = obs.hand_mask
        matches = legal_matches(hand)
        if not matches:
            return super().choose(obs)
        size = max(m.bit_count() for m in matches)
        unseen = obs.unseen_mask()

        def leaves(match: int) -> tuple[int, float]:
            rest = hand & ~match
            points = best_partition(rest, obs.stock_size)[0] if rest.bit_count() > 1 else 0
            return (points, sum(card_value(c, rest, unseen) for c in bits(rest)))

        return lay_of(max((m for m in matches if m.bit_count() == size), key=leaves))


class KeeperStandard(Standard):
    """Standard's draw and lay rules; discards the card worth least to its hand, not the highest."""

    level = "standard-keeper"

    def choose(self, obs: Observation) -> Action:
        action = super().choose(obs)
        if type(action) is not Discard:
            return action
        hand = obs.hand_mask
        unseen = obs.unseen_mask()
        return DISCARDS[min(bits(hand), key=lambda c: (card_value(c, hand, unseen), -RANK_OF[c]))]


class OracleStrategist(Strategist):
    """The Strategist, seeing the next player's hand: it never feeds them a match it can avoid."""

    level = "strategist-oracle"
    table: Round | None = None

    def watch_table(self, state: Round) -> None:
        self.table = state

    def _discard(self, obs: Observation, hand: int, unseen: int) -> int:
        if self.table is None:
            raise RuntimeError("an oracle needs watch_table() before it plays")
        nxt = self.table.hands[(obs.seat + 1) % obs.num_players]
        cards = bits(hand)
        safe = [c for c in cards if not completes_match(nxt, c)] or cards
        return min(safe, key=self._discard_order(obs, hand, unseen))


class TrueHandsSampler(WorldSampler):
    """Worlds with the opponents' true hands; only the stock order is shuffled."""

    def __init__(self, obs: Observation, table: Round) -> None:
        super().__init__(obs)
        self.hands = [obs.hand_mask if p == obs.seat else table.hands[p] for p in range(obs.num_players)]
        held = 0
        for p, hand in enumerate(self.hands):
            if p != obs.seat:
                held |= hand
        self.rest = [c for c in self.unseen if not held >> c & 1]

    def sample(self, rng: random.Random) -> Round:
        stock = self.rest[:]
        rng.shuffle(stock)
        return self.world(self.hands[:], stock)


class OracleMaster(Master):
    """Master searching worlds where the opponents hold their true hands."""

    level = "master-oracle"
    table: Round | None = None

    def watch_table(self, state: Round) -> None:
        self.table = state

    def sampler(self, obs: Observation) -> WorldSampler:
        if self.table is None:
            raise RuntimeError("an oracle needs watch_table() before it plays")
        return TrueHandsSampler(obs, self.table)


def study_bot(level: str, seed: int | None = None, think_ms: int = 1000) -> Bot:
    """A level's bot as the arena plays it, or one of the study's variants (Master's budget in CPU time)."""
    if level == "standard-tiebreak":
        return TiebreakStandard(seed)
    if level == "standard-keeper":
        return KeeperStandard(seed)
    if level == "strategist-oracle":
        return OracleStrategist(seed)
    if level == "master-oracle":
        oracle = OracleMaster(seed, think_ms=think_ms)
        oracle.clock = time.thread_time
        return oracle
    return arena.arena_bot(level, seed, think_ms)


STUDIES = (
    ("Standard's rules, better tie-breaks, vs Apprentice", ("standard-tiebreak", "apprentice"), 0.75),
    ("Standard vs Apprentice, for reference (Standard's target)", ("standard", "apprentice"), 0.75),
    ("Standard discarding by card value (not its rule) vs Apprentice", ("standard-keeper", "apprentice"), 0.75),
    ("Strategist vs that Standard (Strategist's target)", ("strategist", "standard-keeper"), 0.55),
    ("Strategist seeing the next hand, never feeding it if it can help it, vs Strategist (Master's target)", ("strategist-oracle", "strategist"), 0.60),
)
MASTER_TARGETS = {2: 0.60, 3: 0.38, 5: 0.23}
"""Master's share targets by table size (two players: the first AI issue's; 3 and 5: the ladder issue's)."""


def master_study(players: int) -> tuple[str, tuple[str, ...], float]:
    """Master searching the true hands against ``players - 1`` Strategists, and Master's target there."""
    rivals = "Strategist" if players == 2 else f"{players - 1} Strategists"
    return (f"Master searching the true opponent hands vs {rivals} (Master's target)",
            ("master-oracle",) + ("strategist",) * (players - 1), MASTER_TARGETS[players])


def run(games: int, seed: int, jobs: int, master_games: int = 0, think_ms: int = 100,
        master_players: int = 2) -> list[dict[str, Any]]:
    """Play every study; each entry: what it is, the arena report, and the target it bears on.

    ``master_games`` are rounds (with more than two players each deal is played once per rotation).
    """
    plan: list[tuple[str, tuple[str, ...], float, int]] = [(what, players, target, games) for what, players, target in STUDIES]
    if master_games:
        what, players, target = master_study(master_players)
        plan.append((what, players, target, master_games))
    out = []
    for what, players, target, n in plan:
        report = arena.run(players, n, seed, True, think_ms, jobs, factory=study_bot, known=LEVELS + STUDY_LEVELS)
        out.append({"study": what, "target": target, **report})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ai.sprint.ceiling",
        description="Measure how far the best rule-keeping and the cheating variants get above their rivals.",
    )
    parser.add_argument("--games", type=int, default=4000, help="rounds per quick study (default 4000)")
    parser.add_argument("--master-games", type=int, default=0, help="rounds of the slow Master study (default 0: skip)")
    parser.add_argument("--think-ms", type=int, default=100, help="Master's think budget per decision (default 100)")
    parser.add_argument("--master-players", type=int, choices=sorted(MASTER_TARGETS), default=2,
                        help="players at the Master study's table: Master and the rest Strategists (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")
    args = parser.parse_args(argv)
    for name in ("games", "jobs", "think_ms"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.master_games < 0:
        parser.error("--master-games can't be negative")
    studies = run(args.games, args.seed, args.jobs, args.master_games, args.think_ms, args.master_players)
    if args.json:
        print(json.dumps(studies))
        return 0
    for s in studies:
        lo, hi = s["ci95_deal"][0]
        print(f"{s['study']}: share {s['score_share'][0]:.3f} [{lo:.3f}, {hi:.3f}] over {s['games']} rounds"
              f" (target {s['target']:.2f}), margin {s['margin'][0]:+.2f} points a round")
    return 0


if __name__ == "__main__":
    sys.exit(main())
