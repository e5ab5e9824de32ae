"""Opponents for Double or Nothing: Easy, Standard and Hard, and the Runner for studies.

:func:`make_bot` is the registry's ``bots`` entry, :func:`hint` the table's Hint; bots decide from an
:class:`~engine.double_or_nothing.Observation` alone.  ``python -m ai.arena
--game double-or-nothing`` measures them (:mod:`.arena`).  Importing does no work.
"""

from __future__ import annotations

from typing import Any

from .bots import RUNNER_RANKING, Bot, Easy, Hard, Runner, Standard
from .hints import PlayHint, hint

LEVELS = ("easy", "standard", "hard")

_BOTS: dict[str, type[Bot]] = {"easy": Easy, "standard": Standard, "hard": Hard}


def make_bot(level: str, seed: int | None = None, **settings: Any) -> Bot:
    """A bot of ``level`` (``settings`` such as the app's think time are accepted and unused)."""
    try:
        return _BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown Double or Nothing level {level!r}: choose one of {', '.join(LEVELS)}") from None


def make_runner(seed: int | None = None, picks: str = "ranked") -> Runner:
    """The bot that plays the runner's side of a Run and picks its upgrades."""
    return Runner(seed, picks=picks)


__all__ = ["LEVELS", "make_bot", "make_runner", "Bot", "Easy", "Standard", "Hard", "Runner", "RUNNER_RANKING", "hint", "PlayHint"]
