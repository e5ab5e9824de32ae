"""Two players against the same opponents on the same deals, judged by their paired per-deal differences.

    python -m ai.scamper.pair --a expert --b expert:deny_weight=8 --against hard --seats 2 --deals 40 --seed 7001

Each deal of the arena's ``--deals`` form (:func:`ai.scamper.arena.play_deal`:
the same deal and bot seeds, once per rotation of the seats) is played twice:
``--a`` against ``--against``, then ``--b`` against it, the two alternating in
the seats (``a,hard`` at two seats, ``a,hard,a,hard`` at four).  Both games of
a deal get the same cards, so the luck of the deal cancels in the difference:
a change that alters few decisions is judged with a much narrower interval than
two unpaired runs give (games still drift apart after the first choice that
differs).  It prints JSON: per side its ``score_share`` (games won by its
seats) and ``margin_per_round`` (the opponents' mean round points minus its
own), each with a per-deal 95% interval, and ``b_minus_a`` (the mean per-deal
difference of each, with its 95% interval); with ``--rows``, every deal's
figures too.  Give Expert's weights as a variant (:func:`ai.scamper.arena.variant`).
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any, Callable, Sequence

from ..arenakit import play_all
from ..cli_args import deal_flags, print_report
from ..stats import mean_interval
from .arena import _players, play_deal


def seating(player: str, against: str, seats: int) -> list[str]:
    """``player`` and ``against`` alternating round the table, ``player`` first."""
    return [player if seat % 2 == 0 else against for seat in range(seats)]


def side(deal: int, player: str, against: str, seats: int, seed: int, options: dict[str, Any]) -> tuple[float, float]:
    """``player``'s share of the games won and mean margin per round on ``deal`` (its seats together)."""
    players = seating(player, against, seats)
    result = play_deal(deal, players, seed, options)
    if seats == 2:
        return result.shares[0], result.margins[0]
    return result.side_share[player], result.side_margin[player]


def _interval(values: Sequence[float]) -> dict[str, Any]:
    mean, low, high = mean_interval(values)
    return {"mean": round(mean, 4), "ci95": [round(low, 4), round(high, 4)]}


def run(a: str, b: str, against: str, seats: int, deals: int, seed: int, options: dict[str, Any], jobs: int = 1,
        rows: bool = False, play: Callable[..., tuple[float, float]] = side) -> dict[str, Any]:
    """The paired study's report (see the module's text); ``play`` is :func:`side` or a study's own (one that
    registers the study's players wherever it runs)."""
    if a == against or b == against or a == b:
        raise ValueError("name three different players: --a, --b and --against")
    found = {}
    for name in (a, b):
        found[name] = play_all(partial(play, player=name, against=against, seats=seats, seed=seed, options=options),
                               range(deals), jobs)
    report: dict[str, Any] = {"game": "scamper", "a": a, "b": b, "against": against, "seats": seats,
                              "players": {name: seating(name, against, seats) for name in (a, b)},
                              "deals": deals, "seed": seed, "options": options}
    for name in (a, b):
        report[name] = {"score_share": _interval([s for s, _ in found[name]]),
                        "margin_per_round": _interval([m for _, m in found[name]])}
    report["b_minus_a"] = {
        "score_share": _interval([sb - sa for (sa, _), (sb, _) in zip(found[a], found[b])]),
        "margin_per_round": _interval([mb - ma for (_, ma), (_, mb) in zip(found[a], found[b])]),
    }
    if rows:
        report["rows"] = [{"deal": deal, a: list(found[a][deal]), b: list(found[b][deal])} for deal in range(deals)]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.scamper.pair", description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="the first player, e.g. expert")
    parser.add_argument("--b", required=True, help="the second, e.g. expert:deny_weight=8")
    parser.add_argument("--against", default="hard", help="the opponents' level (default hard)")
    deal_flags(parser, seats=2, deals=40)
    parser.add_argument("--rows", action="store_true", help="print every deal's figures too")
    args = parser.parse_args(argv)
    try:
        _players(",".join((args.a, args.b, args.against)))
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    options = {"rounds": args.rounds, "stock_out": "replay"}
    return print_report(parser, lambda: run(args.a, args.b, args.against, args.seats, args.deals, args.seed, options,
                                            args.jobs, args.rows))


if __name__ == "__main__":
    raise SystemExit(main())
