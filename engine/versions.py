"""Rule versions in records: an old record replays under the rules it was played with.

When a rule changes the play of a game, the change comes with an option whose
``legacy`` value (:class:`engine.core.Option`) names the old rules; its default
names the new.  Records store every option they were played with, so a record
that lacks the option was written before it existed: :class:`VersionedRecord`
reads it with the ``legacy`` value and it replays exactly as it was played.
New games, scripts and tools get the default.  (Double or Nothing's
``upgrades`` option is the same idea on an option that already existed.)
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .core import Option
from .envelope import GameRecord


def with_legacy(options: Sequence[Option], given: Any) -> Any:
    """``given`` (a record's options) with the ``legacy`` value of each versioned option it lacks."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        return given  # the record's own check says what is wrong
    out = dict(given)
    for option in options:
        if option.legacy is not None and option.key not in out:
            out[option.key] = option.legacy
    return out


class VersionedRecord(GameRecord):
    """A game's record whose versioned options take their ``legacy`` values when missing."""

    @classmethod
    def from_json(cls, data: Any, info: Any) -> GameRecord:
        if isinstance(data, dict):
            data = {**data, "options": with_legacy(info.options, data.get("options", {}))}
        return super().from_json(data, info)


__all__ = ["VersionedRecord", "with_legacy"]
