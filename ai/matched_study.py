"""Judge the Matched level: ``python -m ai.reaction --game snap --matched even --human-mean 600 --contests 100 --json``.

A simulated human (seat 0: the game's own bot with the reflexes of a person of
mean ``--human-mean``, sigma and tau to match, :func:`ai.matched.family`) plays
a fresh Matched bot (seat 1) two-handed, game after game, through the same
scheduler and :func:`ai.reflex.run_until` as the table, until ``--contests``
contested calls were seen.  The bot learns the human into one profile kept
across the games, as the table keeps it in the statistics; it starts knowing
nothing.

A **contest** is a match both sides would call (neither missed it: each rolled
a reaction for it at the moment it showed) and that one of them did call: the
first of the two calls was played.  It goes the bot's way when the bot's call
came first (the same millisecond counts half).  ``contested_share`` maps 20, 50
and 100 (those up to ``--contests``, and ``--contests`` itself) to the bot's
share of the first that many contests.  With ``--seeds K`` the figures are the
means over seeds ``--seed`` .. ``--seed + K - 1``, each run on its own (a new
human); ``per_seed`` lists each run's shares.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from typing import Any

from engine.games import GameInfo

from .matched import STRENGTHS, MatchedScheduler, ReactionProfile, family
from .reflex import Intent, Played, ReflexScheduler, Urge, run_until

CHECKPOINTS = (20, 50, 100)
STEP_MS = 200  # how often the loop looks (bots act at their own sampled moments, whatever the step)
MAX_GAME_MS = 3_600_000
STALL_MS = 2000  # nothing can happen (the table's rule): after this, everyone looks again


def checkpoints(contests: int) -> list[int]:
    return sorted({c for c in CHECKPOINTS if c <= contests} | {contests})


def run(info: GameInfo, strength: str, human_mean: float, contests: int, seed: int) -> dict[str, Any]:
    """One simulated human against a fresh Matched bot until ``contests`` contests: the bot's wins in order."""
    rng = random.Random(seed)
    profile = ReactionProfile()
    outcomes: list[float] = []
    games = 0
    while len(outcomes) < contests:
        games += 1
        state = info.rules().new_game(2, info.resolve_options(), rng.getrandbits(32))
        human = ReflexScheduler(info.make_bot("medium").bot, family(human_mean), rng.getrandbits(32))
        bot = info.make_bot(f"matched-{strength}", seed=rng.getrandbits(32), opponents={0: profile})
        assert isinstance(bot, MatchedScheduler)
        seats: dict[int, ReflexScheduler] = {0: human, 1: bot}
        played: list[Played] = []
        now = idle = 0
        while not state.is_over and now <= MAX_GAME_MS:
            now += STEP_MS
            if now % 2000 == 0 and len(outcomes) + len(_contests(human, bot, played)) >= contests:
                break
            played += run_until(state, seats, now)
            stuck = state.next_deadline() is None and all(s.next_due() is None for s in seats.values())
            idle = idle + STEP_MS if stuck else 0
            if idle >= STALL_MS:
                idle = 0
                for seat, s in seats.items():
                    s.version, s.decided = None, {}
                    s.observe(replace(state.observation(seat), since=now))
        outcomes += _contests(human, bot, played)
    outcomes = outcomes[:contests]
    return {"outcomes": outcomes, "games": games, "estimated_mean_ms": round(profile.mean_ms),
            "bot_mean_ms": round(bot.reflexes.mean_ms)}


def _contests(human: ReflexScheduler, bot: ReflexScheduler, played: list[Played]) -> list[float]:
    """The contests of one game in the order they were decided: 1 the bot's, 0 the human's, 0.5 the same ms."""
    calls = {(p.seat, p.at) for p in played if p.urge is Urge.CLAIM and p.refused is None}
    planned: dict[tuple[Intent, int], int | None] = {(i, since): at for i, since, at in human.tally.rolled}
    out: list[tuple[int, float]] = []
    for intent, since, bot_at in bot.tally.rolled:
        human_at = planned.get((intent, since))
        if bot_at is None or human_at is None:
            continue
        first = min(bot_at, human_at)
        if (1, first) in calls and bot_at == first or (0, first) in calls and human_at == first:
            out.append((first, 1.0 if bot_at < human_at else 0.0 if human_at < bot_at else 0.5))
    return [share for _, share in sorted(out, key=lambda pair: pair[0])]


def study(info: GameInfo, strength: str, human_mean: float, contests: int, seed: int = 1, seeds: int = 1) -> dict[str, Any]:
    """The JSON object of ``python -m ai.reaction --matched`` (see the module docstring)."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown Matched strength {strength!r}: choose one of {', '.join(STRENGTHS)}")
    if not 150 <= human_mean <= 3000:
        raise ValueError(f"a human's mean reaction is 150 to 3000 ms, not {human_mean}")
    if contests < 1:
        raise ValueError("--contests is at least 1")
    runs = [run(info, strength, human_mean, contests, seed + k) for k in range(max(1, seeds))]
    marks = checkpoints(contests)
    shares = [{str(c): round(statistics.fmean(r["outcomes"][:c]), 4) for c in marks} for r in runs]
    return {
        "game": info.id, "matched": strength, "target": STRENGTHS[strength], "human_mean": human_mean,
        "contests": contests, "seed": seed, "seeds": max(1, seeds),
        "contested_share": {str(c): round(statistics.fmean(s[str(c)] for s in shares), 4) for c in marks},
        "per_seed": shares,
        "estimated_mean_ms": [r["estimated_mean_ms"] for r in runs],
        "bot_mean_ms": [r["bot_mean_ms"] for r in runs],
        "games": [r["games"] for r in runs],
    }


__all__ = ["study", "run", "checkpoints"]
