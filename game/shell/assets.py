"""The one place that resolves asset paths, from source or from a frozen build."""

from __future__ import annotations

import sys
from pathlib import Path


def asset_root() -> Path:
    """The ``assets/`` folder: beside the package in source, under ``sys._MEIPASS`` when frozen."""
    frozen_base = getattr(sys, "_MEIPASS", None)
    if frozen_base is not None:
        return Path(frozen_base) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("sounds", "deal.wav")``."""
    return asset_root().joinpath(*parts)
