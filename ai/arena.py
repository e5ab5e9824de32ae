"""The arena: bots of any game play each other headless, one command line for every game.

    python -m ai.arena --game ID --players A,B[,..] --games N --seed S [--duplicate] [--record-dir DIR] [--jobs N] --json

The command line is :mod:`ai.arena_cli`; each game's part is the ``ARENA`` its
registry entry names (``ai/<game>/arena.py``); the seating, the report and its
statistics are shared (:mod:`ai.arenakit`, :mod:`ai.stats`).  Without ``--game``
it runs the default game's arena.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """``python -m ai.arena [--game ID] ...``: the one arena command line (:mod:`ai.arena_cli`)."""
    from .arena_cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
