"""Engine speed, one command line for every game: ``python -m engine.bench [--game ID] ...``.

Each game's bench is the ``main(argv)`` its registry entry names (``engine/<game>/bench.py``);
without ``--game`` it runs the default game's.
"""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.bench [--game ID] ...``: that game's benchmark (default Sprint)."""
    from .games import run_tool

    return run_tool("bench", "python -m engine.bench", argv) or 0


if __name__ == "__main__":
    raise SystemExit(main())
