"""A learned model of a Scamper hand's SPEED, fitted from games bots play: a study tool, bounded and seeded.

    nice -n 15 python -m ai.scamper.speed --games 60 --seed 8301 --explore 0.25 \
        --players expert,hard --players expert,hard,expert,hard

What is left of the ninth attempt at Expert (README, Scamper's bots): Expert
choosing its discard and its take by this model was not better than Expert's
own yardstick, so the game does not use it.  Plays games as
:mod:`ai.scamper.learn` does (the same tables, deal seeds, ``--explore``,
``--save`` and ``--load``) and, at every discard a ``--learner`` seat makes
before it is down, records the situation (:func:`ai.scamper.pace.situation`),
the kept hand's terms (:func:`~ai.scamper.pace.hand_terms`: what the yardstick's draws are made
of) and how many of its own turns later it could first lay its contract
(``None`` if the round ended first: it was caught).  For each horizon ``k`` of
`ai.scamper.pace.HORIZONS` it fits by Newton's method a logistic model of P(the hand can
lay its contract within ``k`` of its own turns, before the round ends) from the
chance of drawing what it lacks in ``k`` draws (:func:`~ai.scamper.pace.hit_chance`) and the
situation, every fifth game held out; :func:`~ai.scamper.pace.expected_turns` sums them.  It
prints JSON: per horizon the base rate and the held-out log loss of the model
and of one of the situation and the yardstick's draws alone, the mean error of
the expected turns on the held-out games, and the weights (:data:`~ai.scamper.pace.WEIGHTS` holds
those of the command above).
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from engine.scamper import Discard, LayContract, Phase, ScamperGame, new_game
from engine.scamper.events import RoundVoided

from .arena import player_bot
from .learn import fit, study_main
from .odds import DEAD, Yardstick
from .pace import CAP, HORIZONS, expected_turns, features, hand_terms, situation

Raw = tuple[list[float], list[float], float, "int | None"]
"""One discard: the situation's terms, the kept hand's terms, its yardstick draws, and the own turns until the seat
could lay its contract (``None``: the round ended first)."""


def game_samples(levels: Sequence[str], learner: str, seed: int, options: dict[str, Any],
                 bot_seed: int, explore: float = 0.0) -> list[Raw]:
    """One game's samples (:data:`Raw`) for each of ``learner``'s discards before it is down; ``explore`` as in
    :func:`ai.scamper.learn.game_samples`."""
    rng = random.Random(bot_seed)
    state = new_game(len(levels), options, seed)
    assert isinstance(state, ScamperGame)
    bots = [player_bot(level, bot_seed * 31 + seat) for seat, level in enumerate(levels)]
    pending: dict[int, list[tuple[list[float], list[float], float, int]]] = {}
    turns: dict[int, int] = {}
    out: list[Raw] = []
    while not state.is_over:
        seat = state.to_move()[0]
        obs = state.observation(seat)
        action = bots[seat].decide(obs)
        if levels[seat] == learner and obs.phase is Phase.PLAY and not obs.is_down:
            if len(obs.discarded[seat]) + 1 > turns.get(seat, -1):
                turns[seat] = len(obs.discarded[seat]) + 1  # this turn's number (a turn may take several actions)
                if any(isinstance(a, LayContract) for a in obs.legal_actions()):
                    out += [(c, t, d, turns[seat] - at) for c, t, d, at in pending.pop(seat, [])]
            if isinstance(action, Discard):
                if explore and rng.random() < explore:
                    action = rng.choice([a for a in obs.legal_actions() if isinstance(a, Discard)])
                rest = list(obs.hand)
                rest.remove(action.card)
                stick = Yardstick.of(obs)
                kept = sorted(rest)
                pending.setdefault(seat, []).append((situation(obs), hand_terms(stick, kept), stick.draws(kept),
                                                     turns[seat]))
        lines = len(state.sheet.lines)
        events = state.apply(action, seat)
        if any(isinstance(e, RoundVoided) for e in events):
            pending.clear()
            turns.clear()
        if len(state.sheet.lines) > lines:
            out += [(c, t, d, None) for rows in pending.values() for c, t, d, _ in rows]
            pending.clear()
            turns.clear()
    return out


def _ready(turns: int | None, k: int) -> float:
    return float(turns is not None and turns <= k)


def _log_loss(rows: Sequence[tuple[list[float], float]], weights: Sequence[float]) -> float:
    total = 0.0
    for x, y in rows:
        z = max(-30.0, min(30.0, sum(a * b for a, b in zip(weights, x))))
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


def _draws_only(context: Sequence[float], draws: float) -> list[float]:
    """The baseline's features: the situation and the yardstick's draws (capped)."""
    capped = min(draws, 25.0) if draws < DEAD else 25.0
    return list(context) + [capped / 10, math.log1p(capped)]


def run(by_game: Sequence[Sequence[Raw]], ridge: float = 1e-3) -> dict[str, Any]:
    """The fit's report (see the module's text): every fifth game held out."""
    seen = [r for g, rows in enumerate(by_game) if g % 5 != 4 for r in rows]
    held = [r for g, rows in enumerate(by_game) if g % 5 == 4 for r in rows]
    if not seen:
        raise ValueError("no samples to fit")
    report: dict[str, Any] = {"samples": len(seen), "held_out": len(held),
                              "never_ready": round(sum(r[3] is None for r in seen) / len(seen), 3)}
    weights = []
    by_k = {}
    for k in HORIZONS:
        rows = [(features(c, t, k), _ready(n, k)) for c, t, _, n in seen]
        w = fit([(x, y, 1.0) for x, y in rows], ridge, rounds=12)
        base = fit([(_draws_only(c, d), _ready(n, k), 1.0) for c, _, d, n in seen], ridge, rounds=12)
        weights.append(w)
        test = [(features(c, t, k), _ready(n, k)) for c, t, _, n in held]
        test_base = [(_draws_only(c, d), _ready(n, k)) for c, _, d, n in held]
        by_k[str(k)] = {"rate": round(sum(y for _, y in rows) / len(rows), 3),
                        "log_loss_held_out": round(_log_loss(test, w), 4) if held else None,
                        "draws_only_held_out": round(_log_loss(test_base, base), 4) if held else None}
    report["by_horizon"] = by_k
    errors = [(expected_turns(c, t, weights) - min(n if n is not None else CAP, CAP)) for c, t, _, n in held]
    report["expected_turns_bias_held_out"] = round(sum(errors) / len(errors), 3) if errors else None
    report["weights"] = [[round(v, 4) for v in w] for w in weights]
    return report


def main(argv: list[str] | None = None) -> int:
    return study_main(argv, "python -m ai.scamper.speed", __doc__, game_samples, run, default_games=30)


if __name__ == "__main__":
    raise SystemExit(main())
