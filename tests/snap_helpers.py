"""Snap positions written as text: piles top first, like ``engine.script`` prints them."""

from __future__ import annotations

from typing import Any

from engine.core import resolve_options
from engine.snap import OPTIONS, SnapGame, script_start


def snap_game(down: list[str], up: list[str] | None = None, *, pot: str = "", shared: str = "", turn: int = 0,
              out: tuple[int, ...] = (), seed: int = 0, **options: Any) -> SnapGame:
    """``snap_game(["2C 3D", "4S"], ["7H", "7S"], pot="KH")``: each seat's face-down and face-up piles, top first."""
    state = {"down": [p.split() for p in down], "up": [p.split() for p in (up or [""] * len(down))],
             "shared": shared.split(), "pot": pot.split(), "turn": turn, "eliminated": list(out)}
    return script_start(len(down), resolve_options(OPTIONS, options), seed, None, state)


def tops(pile: list[Any]) -> str:
    """A pile as codes, top first."""
    return " ".join(str(c) for c in reversed(pile))
