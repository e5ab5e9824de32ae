"""A table's own name for an attribute of one of its parts (its controller, its pointer): one line, not a property.

``state = Forward("turns")`` on a table class reads ``table.turns.state`` (and
writes it, where a tool or a test sets it); ``driver = Forward("turns", "source")``
gives it another name.  The part stays the owner: the table holds no copy.
"""

from __future__ import annotations

from typing import Any


class Forward:
    """The attribute ``name`` of the part held as ``part`` (the attribute's own name by default)."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part = part
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        if table is None:
            return self
        return getattr(getattr(table, self.part), self.name)

    def __set__(self, table: Any, value: Any) -> None:
        setattr(getattr(table, self.part), self.name, value)


__all__ = ["Forward"]
