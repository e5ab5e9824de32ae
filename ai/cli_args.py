"""Argument types shared by the command lines (the arenas' and studies' in ``ai``, the game's in ``game.shell``)."""

from __future__ import annotations

import argparse
import json
from typing import Any, Callable


def positive_int(text: str) -> int:
    """A whole number of at least 1, else a message argparse shows."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def print_report(parser: argparse.ArgumentParser, make: Callable[[], dict[str, Any]]) -> int:
    """Print the JSON report ``make`` builds (a study's command line), or its ValueError as the parser's error."""
    try:
        report = make()
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps(report))
    return 0


def deal_flags(parser: argparse.ArgumentParser, seats: int, deals: int) -> None:
    """The flags of a Scamper study played on the arena's deals: ``--seats``, ``--deals``, ``--seed``, ``--rounds``,
    ``--jobs``."""
    parser.add_argument("--seats", type=int, default=seats, choices=range(2, 11), metavar="2-10")
    parser.add_argument("--deals", type=positive_int, default=deals, help="deals to play (at least 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, each playing whole deals")
