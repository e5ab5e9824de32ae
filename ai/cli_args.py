"""Argument types shared by the command lines (the arenas' and studies' in ``ai``, the game's in ``game.shell``)."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """A whole number of at least 1, else a message argparse shows."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value
