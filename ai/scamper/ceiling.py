"""How far Scamper's Expert could go knowing what the rules hide: a study of the ceiling, never a level.

    python -m ai.scamper.ceiling --sight 1 --seats 4 --deals 48 --seed 38001
    python -m ai.scamper.ceiling --predict --seats 4 --deals 6 --seed 38501

A *sighted* Expert (``sighted:S``) is Expert in every way but one: when it
weighs whether the next player would take a card it might discard (Expert's
guess from 32 dealt hands, :func:`~ai.scamper.odds.take_odds_steps`), for each
card, with chance ``S``, it is told the truth instead: whether that player,
holding its real hand, would take the card by Hard's rule.  It cheats; it
exists to measure what knowing the next player's takes is worth.  ``sighted:0``
plays exactly as Expert (the same random stream, the same actions).  The truth
is Hard's rule whoever the next player is: at 2 and 4 seats that is Hard.

The first form plays Expert and the sighted Expert on the same deals against
Hard (:func:`ai.scamper.pair.run`: per side ``score_share`` and
``margin_per_round`` with 95% per-deal intervals, and ``b_minus_a``).  The
second (``--predict``) plays Expert against Hard and scores Expert's guesses,
card by card, against the truth at every discard it makes before it is down
(not at the hands it only imagines, asking whether a card it takes would go
straight back):
``base_rate`` (the share of cards the next player would take), ``auc`` (the
chance a card it would take is guessed likelier than one it would not), mean
``log_loss`` (guesses clipped to [0.001, 0.999]), and the mean guess for each (``mean_guess_taken``,
``mean_guess_not_taken``).  Both are bounded by ``--deals`` and seeded.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import replace
from functools import partial
from typing import Any, Sequence

from engine.melds import is_wild
from engine.scamper import Action, Observation, Phase, ScamperGame

from ..cli_args import deal_flags, print_report
from . import Expert, Hard
from ..arenakit import play_all
from .arena import STUDY_PLAYERS, play_deal
from .pair import run as pair_run, side


class Sighted(Expert):
    """Expert told, for a share ``sight`` of the cards it weighs, whether the next player would really take them."""

    level = "sighted"

    def __init__(self, seed: int | None = None, sight: float = 1.0, recording: bool = False) -> None:
        super().__init__(seed)
        self.sight = sight
        self.recording = recording
        self.coin = random.Random(None if seed is None else seed * 7919 + 1)
        self.state: ScamperGame | None = None
        self.judge = Hard(0)
        self.guesses: list[tuple[float, bool]] = []  # (Expert's guess, the truth) for --predict
        self._deciding: Observation | None = None

    def watch_table(self, state: ScamperGame) -> None:
        self.state = state

    def choose(self, obs: Observation) -> Action:
        self._deciding = obs  # a guess is recorded for this observation, not for a hand it only imagines
        try:
            return super().choose(obs)
        finally:
            self._deciding = None

    def truth(self, obs: Observation) -> dict[int, bool]:
        """Whether the next player, as it really is, would take each natural of this seat's hand (Hard's rule)."""
        assert self.state is not None, "a sighted Expert plays only where it is handed the game (the arena)"
        nxt = (obs.seat + 1) % obs.num_seats
        theirs = self.state.observation(nxt)
        out = {}
        for card in sorted(set(obs.hand)):
            if not is_wild(card):
                offered = replace(theirs, discard_pile=obs.discard_pile + (card,), phase=Phase.DRAW, current=nxt)
                out[int(card)] = self.judge.wants_top(offered)
        return out

    def _take_odds(self, obs: Observation) -> dict[int, float]:
        guess = super()._take_odds(obs)
        if obs.down[(obs.seat + 1) % obs.num_seats] or (self.sight <= 0 and not self.recording):
            return guess
        truth = self.truth(obs)
        if self.recording and obs is self._deciding and not obs.is_down:
            self.guesses += [(guess.get(card, 0.0), taken) for card, taken in truth.items()]
        odds = dict(guess)
        for card, taken in truth.items():
            if self.coin.random() < self.sight:
                odds[card] = 1.0 if taken else 0.0
        return odds


RECORDERS: list[Sighted] = []
"""The recording sighted Experts this process made (``--predict`` reads their guesses)."""


def _sighted(suffix: str, seed: int) -> Sighted:
    """``sighted:S`` (told a share S of the cards), ``sighted:record`` (told none, its guesses kept)."""
    recording = suffix == "record"
    try:
        sight = 0.0 if recording else float(suffix) if suffix else 1.0
    except ValueError:
        sight = math.nan
    if not 0.0 <= sight <= 1.0:
        raise ValueError(f"sighted:{suffix}: the share of cards told must be a number from 0 to 1")
    bot = Sighted(seed, sight, recording)
    if recording:
        RECORDERS.append(bot)
    return bot


STUDY_PLAYERS["sighted"] = _sighted


def sighted_side(deal: int, player: str, against: str, seats: int, seed: int,
                 options: dict[str, Any]) -> tuple[float, float]:
    """:func:`ai.scamper.pair.side` from this module, so worker processes know the sighted player."""
    return side(deal, player, against, seats, seed, options)


def auc(pairs: Sequence[tuple[float, bool]]) -> float:
    """The chance a card that is taken gets a higher guess than one that is not (ties count half)."""
    ranked = sorted(pairs, key=lambda p: p[0])
    rank_sum, i = 0.0, 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(1 for k in range(i, j) if ranked[k][1])
        i = j
    pos = sum(1 for _, taken in pairs if taken)
    neg = len(pairs) - pos
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg) if pos and neg else math.nan


def deal_guesses(deal: int, seats: int, seed: int, options: dict[str, Any]) -> list[tuple[float, bool]]:
    """Expert's guesses and the truth at its discards before it is down, over one deal (every rotation)."""
    RECORDERS.clear()
    play_deal(deal, ["sighted:record", "hard"] * (seats // 2) + ["hard"] * (seats % 2), seed, options)
    return [pair for bot in RECORDERS for pair in bot.guesses]


def predict(seats: int, deals: int, seed: int, options: dict[str, Any], jobs: int = 1) -> dict[str, Any]:
    """Expert's guesses of the next player's takes against the truth (``--predict``; see the module's text)."""
    found = play_all(partial(deal_guesses, seats=seats, seed=seed, options=options), range(deals), jobs)
    pairs = [pair for guesses in found for pair in guesses]
    if not pairs:
        raise ValueError("no discards were weighed: play more deals or rounds")
    taken = [g for g, t in pairs if t]
    not_taken = [g for g, t in pairs if not t]
    loss = -sum(math.log(_clipped(g) if t else 1 - _clipped(g)) for g, t in pairs)
    return {"game": "scamper", "seats": seats, "deals": deals, "seed": seed, "cards": len(pairs),
            "base_rate": round(len(taken) / len(pairs), 4), "auc": round(auc(pairs), 4),
            "log_loss": round(loss / len(pairs), 4),
            "mean_guess_taken": round(sum(taken) / max(1, len(taken)), 4),
            "mean_guess_not_taken": round(sum(not_taken) / max(1, len(not_taken)), 4)}


def _clipped(guess: float) -> float:
    """A guess kept within [0.001, 0.999] for the log loss (a card nobody's hand wanted is guessed 0)."""
    return min(max(guess, 1e-3), 1 - 1e-3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.scamper.ceiling", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sight", type=float, default=None, help="share of cards the sighted Expert is told (0-1, "
                        "default 1; not with --predict)")
    parser.add_argument("--predict", action="store_true", help="score Expert's guesses against the truth instead")
    deal_flags(parser, seats=4, deals=24)
    args = parser.parse_args(argv)
    if args.predict and args.sight is not None:
        parser.error("--sight is for the paired run: --predict plays Expert itself")
    sight = 1.0 if args.sight is None else args.sight
    if not 0.0 <= sight <= 1.0:
        parser.error(f"--sight is a share of the cards, from 0 to 1, not {args.sight:g}")
    options = {"rounds": args.rounds, "stock_out": "replay"}
    if args.predict:
        return print_report(parser, lambda: predict(args.seats, args.deals, args.seed, options, args.jobs))
    return print_report(parser, lambda: pair_run("expert", f"sighted:{sight:g}", "hard", args.seats, args.deals,
                                                  args.seed, options, args.jobs, play=sighted_side))


if __name__ == "__main__":
    raise SystemExit(main())
