"""The hint display: the AI's advice in words, and which place on the table to light up."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Hint:
    """``text`` says why; ``glow`` names the place to light ("stock", "discard"...), if any."""

    text: str | None = None
    glow: str | None = None

    def show(self, text: str, glow: str | None = None) -> None:
        self.text, self.glow = text, glow

    def clear(self) -> None:
        self.text = self.glow = None

    def status_line(self, fallback: str, prefix: str = "Hint: ") -> str:
        """The second status line: the hint while there is one, else ``fallback``."""
        return prefix + self.text if self.text else fallback
