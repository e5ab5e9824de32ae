"""The arena's statistics: intervals over deals, point margins and behaviour counts.

In a duplicate run the games of one deal are paired: the same cards went to
every player in turn, so the luck of the deal cancels within the deal.  The
honest interval of a player's score share therefore treats the *deal* as the
unit: each deal's games are averaged first, then a Student t interval is taken
over the per-deal means (:func:`deal_interval`).  Treating every game as an
independent trial (the Wilson interval) ignores that pairing and is wider.

Everything here is pure arithmetic on plain numbers, so it is easy to test on
constructed samples.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

Z95 = 1.959963984540054


def _t_two_sided_mass(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom (exact for integer ``df``).

    The closed forms of Abramowitz and Stegun 26.7.3/4, in terms of theta = atan(t / sqrt(df)).
    """
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2:
        term = total = math.cos(theta) if df > 1 else 0.0
        for k in range(3, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return (2.0 / math.pi) * (theta + s * total)
    term = total = 1.0
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return s * total


def t_quantile(df: int, confidence: float = 0.95) -> float:
    """The two-sided critical value of Student's t: P(|T| <= q) = ``confidence``."""
    if df < 1:
        raise ValueError("a t interval needs at least one degree of freedom")
    if df > 2000:  # the series gets long; the Cornish-Fisher expansion is exact to 1e-9 here
        z = Z95 if confidence == 0.95 else _normal_quantile(0.5 + confidence / 2)
        return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
    lo, hi = 0.0, 1.0
    while _t_two_sided_mass(hi, df) < confidence:
        hi *= 2.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if _t_two_sided_mass(mid, df) < confidence:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _normal_quantile(p: float) -> float:
    lo, hi = -10.0, 10.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if 0.5 * math.erfc(-mid / math.sqrt(2)) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of ``values`` and its Student t interval.

    With fewer than two values (or no spread) the interval is the mean itself.
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1, confidence) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def per_deal_means(deals: Iterable[object], values: Sequence[float]) -> list[float]:
    """The mean of ``values`` within each deal, in order of first appearance."""
    sums: dict[object, float] = {}
    counts: dict[object, int] = {}
    for deal, value in zip(deals, values):
        sums[deal] = sums.get(deal, 0.0) + value
        counts[deal] = counts.get(deal, 0) + 1
    return [sums[d] / counts[d] for d in sums]


def game_shares(scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Each player's share of one game: 1 for a win alone, 1/k for a k-way shared win, else 0."""
    out = [0.0] * len(scores)
    for j in winners:
        out[j] = 1.0 / len(winners)
    return out


def game_margins(scores: Sequence[int], lower_wins: bool = False) -> list[float]:
    """Each player's points ahead of the mean of the others' (against the field; for two players, the rival).

    Where the lowest score wins (``lower_wins``) a point fewer is a point ahead.
    """
    n = len(scores)
    total = sum(scores)
    sign = -1 if lower_wins else 1
    return [sign * (s - (total - s) / (n - 1)) for s in scores]


def deal_report(
    num_players: int, deals: Sequence[object], scores: Sequence[Sequence[int]], winners: Sequence[Sequence[int]],
    lower_wins: bool = False,
) -> dict[str, object]:
    """Per-player intervals over deals: ``ci95_deal`` of the score share, ``margin`` and its interval.

    ``deals[i]`` names the deal of game ``i`` (its deal seed), ``scores[i]`` and
    ``winners[i]`` are by player index.
    """
    shares = [game_shares(s, w) for s, w in zip(scores, winners)]
    margins = [game_margins(s, lower_wins) for s in scores]
    ci_deal = []
    margin = []
    margin_ci = []
    for j in range(num_players):
        _, lo, hi = mean_interval(per_deal_means(deals, [g[j] for g in shares]))
        ci_deal.append([round(lo, 4), round(hi, 4)])
        mean, mlo, mhi = mean_interval(per_deal_means(deals, [g[j] for g in margins]))
        margin.append(round(mean, 3))
        margin_ci.append([round(mlo, 3), round(mhi, 3)])
    return {
        "deals": len(set(deals)),
        "ci95_deal": ci_deal,
        "margin": margin,
        "margin_ci95_deal": margin_ci,
    }


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, center - half), min(1.0, center + half))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    k = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[k]


def decision_report(times: Mapping[str, Sequence[float]], order: Sequence[str] = ()) -> dict[str, dict[str, float]]:
    """``{player: {p50, p99, max, decisions}}`` of decision times in ms; players in ``order`` first."""
    out: dict[str, dict[str, float]] = {}
    for name in sorted(times, key=lambda n: (order.index(n) if n in order else len(order), n)):
        ts = sorted(times[name])
        out[name] = {
            "p50": round(percentile(ts, 0.50), 3),
            "p99": round(percentile(ts, 0.99), 3),
            "max": round(ts[-1] if ts else 0.0, 3),
            "decisions": len(ts),
        }
    return out


def add_counts(into: dict[str, dict[str, tuple[int, int]]], name: str, counts: Mapping[str, Sequence[int]]) -> None:
    """Add one bot's behaviour counts (``behaviour -> (fired, opportunities)``) to ``into[name]``."""
    mine = into.setdefault(name, {})
    for behaviour, (fired, chances) in counts.items():
        f, c = mine.get(behaviour, (0, 0))
        mine[behaviour] = (f + fired, c + chances)


def tally(counts: dict[str, list[int]], behaviour: str, fired: bool) -> None:
    """Count one opportunity for ``behaviour`` in a bot's ``counts`` (``name -> [fired, opportunities]``)."""
    c = counts.setdefault(behaviour, [0, 0])
    c[0] += fired
    c[1] += 1


def behaviour_report(counts: Mapping[str, Mapping[str, Sequence[int]]]) -> dict[str, dict[str, dict[str, float]]]:
    """``{level: {behaviour: {fired, opportunities, rate}}}`` from ``{level: {behaviour: (fired, opportunities)}}``."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for level in counts:
        out[level] = {}
        for name, (fired, chances) in sorted(counts[level].items()):
            out[level][name] = {
                "fired": fired,
                "opportunities": chances,
                "rate": round(fired / chances, 4) if chances else 0.0,
            }
    return out
