"""The engine protocol: what every game of the collection implements.

A game is a rules module (pure, seeded, no pygame, no clock) that builds a
:class:`GameState` with ``new_game(num_seats, options, seed)``.  The state is
played through one legality surface, the same for turn games and real-time
games:

* ``to_move()``: the seats that may act now (turn games: the current player;
  real-time games: every seat still in, since anyone may call at any moment);
* ``legal_actions(seat)`` in a fixed order, ``why_illegal(action, seat)``;
* ``apply(action, seat, at)``: validate, play, return events for the UI to
  animate; a refused action raises :class:`~engine.errors.IllegalAction` with a
  reason a player can read and leaves the state untouched;
* ``advance(at)`` and ``next_deadline()``: timers (a tie window closing, a count
  running out).  Time is data: ``at`` is milliseconds since the game began, and
  the engine never reads a clock.  Turn games have no deadlines;
* ``observation(seat)``: only what that seat may know; ``seen_by(event, seat)``
  the same for events;
* ``outcome()``: placings and scores once the game is over;
* ``inventory()``: every card wherever it is, for the conservation checks that
  the random-simulation test runs on every registered game.

Records of every game share one envelope (:mod:`engine.envelope`); the
registry (:mod:`engine.games`) lists the games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Hashable, Mapping, Protocol, Sequence, runtime_checkable

Ms = int
"""Milliseconds since the game (or the round) began."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score and a placing (1 = first) per seat.

    Equal scores share a placing.  ``draw`` is true when every seat still
    placed shares first place and no one was knocked out ahead of them (a
    game the engine declared drawn).
    """

    scores: tuple[int, ...]
    placings: tuple[int, ...]
    draw: bool = False

    @classmethod
    def from_scores(cls, scores: Sequence[int], lower_wins: bool = False, draw: bool = False) -> Outcome:
        """Placings from scores: highest first, or lowest first when ``lower_wins``."""
        key = [(-s if not lower_wins else s) for s in scores]
        placings = tuple(1 + sum(1 for other in key if other < mine) for mine in key)
        return cls(tuple(scores), placings, draw)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.placings) if place == 1)


@dataclass(frozen=True, slots=True)
class Option:
    """A per-game option shown on its New game screen and stored in its records.

    ``legacy``: the value a record written before this option existed replays
    with (``None``: the default); see :mod:`engine.versions`.
    """

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, label shown)
    default: Any
    help: str = ""
    legacy: Any = None
    shown_when: tuple[str, Any] | None = None  # (another option's key, its value): offered only then

    def applies(self, values: Mapping[str, Any]) -> bool:
        """Whether this option means anything with the other options at ``values`` (else it isn't offered)."""
        return self.shown_when is None or values.get(self.shown_when[0]) == self.shown_when[1]

    def check(self, value: Any) -> str | None:
        """Why ``value`` is not one of this option's choices, or ``None``."""
        if any(value == v and type(value) is type(v) for v, _ in self.choices):
            return None
        names = ", ".join(repr(v) for v, _ in self.choices)
        return f"{self.label}: expected one of {names}, got {value!r}"


EDITION = "edition"
"""The key of a game's rules-version option (see :func:`edition_option`)."""


def edition_option(current: int, changes: str) -> Option:
    """Which version of a game's rules is played: ``current`` (the default) or the first.

    Records made before the option existed replay under the first rules
    (``legacy`` 1, :mod:`engine.versions`); ``changes`` says what changed.
    """
    return Option(EDITION, "Rules", ((current, "Current"), (1, "First version")), current,
                  f"First version: as the game was first released, so older records replay exactly ({changes}).",
                  legacy=1)


def resolve_options(options: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option's value: the given one where valid, else the default.

    Raises ``ValueError`` naming the first unknown key or bad value.
    """
    given = dict(given or {})
    known = {o.key for o in options}
    for key in given:
        if key not in known:
            raise ValueError(f"unknown option {key!r}")
    out: dict[str, Any] = {}
    for option in options:
        value = given.get(option.key, option.default)
        reason = option.check(value)
        if reason is not None:
            raise ValueError(reason)
        out[option.key] = value
    return out


@dataclass(frozen=True, slots=True)
class Level:
    """A bot level as menus show it."""

    id: str
    name: str
    blurb: str
    thinks: bool = False  # its bot searches within a think budget per move (the app's think-time setting)


@runtime_checkable
class GameState(Protocol):
    """One game in progress.  Only the engine, referees and records see all of it."""

    @property
    def num_seats(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""
        ...

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """``seat``'s legal actions in a fixed order; ``None``: the one seat to move (turn games)."""
        ...

    def why_illegal(self, action: object, seat: int | None = None, at: Ms = 0) -> str | None: ...

    def apply(self, action: Any, seat: int | None = None, at: Ms = 0) -> list[Any]:
        """Validate and play; raise ``IllegalAction`` with a reason and change nothing if refused."""
        ...

    def advance(self, at: Ms) -> list[Any]:
        """Run the timers that fall due up to ``at``; return what happened."""
        ...

    def next_deadline(self) -> Ms | None:
        """When :meth:`advance` next has something to do, or ``None``."""
        ...

    def observation(self, seat: int) -> Any: ...

    def seen_by(self, event: Any, seat: int) -> Any:
        """``event`` as ``seat`` may see it (hidden cards masked)."""
        ...

    def outcome(self) -> Outcome | None: ...

    def inventory(self) -> Counter[Hashable]:
        """Every card of the game, wherever it is, as a multiset (for conservation checks)."""
        ...

    def clone(self) -> GameState: ...

    def snapshot(self) -> Hashable:
        """Everything that defines the state, as a comparable value."""
        ...


class RulesModule(Protocol):
    """What a game's rules module provides (checked by the registry's tests)."""

    def new_game(self, num_seats: int, options: Mapping[str, Any], seed: int) -> GameState: ...

    def action_to_json(self, action: Any) -> dict[str, Any]: ...

    def action_from_json(self, data: Mapping[str, Any]) -> Any:
        """An action from its JSON form; raises ``ValueError`` saying what is wrong."""
        ...

    def describe_action(self, action: Any) -> str: ...
