"""The contract every real-time engine keeps with the bots' scheduler: an observation carries the state's version,
and whatever a seat sees changes only with a new version (``ai.reflex.run_until`` skips making the observation of a
bot that saw the version already, so a change without a new version would go unseen)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ai.reflex import run_until
from engine.envelope import PlayerInfo
from engine.games import playable_games

RACES = [info.id for info in playable_games() if info.realtime]


def _seen(observation: Any) -> dict[str, Any]:
    """What a seat sees, without the version and the moment it last changed."""
    return {f.name: getattr(observation, f.name) for f in dataclasses.fields(observation)
            if f.name not in ("version", "since")}


@pytest.mark.parametrize("game", RACES)
@pytest.mark.parametrize("seed", [3, 11])
def test_what_a_seat_sees_changes_only_with_a_new_version(game: str, seed: int) -> None:
    from engine.games import game_info

    info = game_info(game)
    players = [PlayerInfo(f"P{i}") for i in range(3)]
    _, state = info.record_type().begin(info, players, seed, info.resolve_options({}))
    bots = {seat: info.make_bot("hard", seed=seed * 10 + seat) for seat in range(3)}
    last: dict[int, tuple[int, dict[str, Any]]] = {}
    changes = 0
    for step in range(1, 3001):
        run_until(state, bots, step * 40)
        for seat in range(3):
            observation = state.observation(seat)
            assert observation.version == state.version, (game, step, seat)
            seen = _seen(observation)
            if seat in last:
                version, before = last[seat]
                if seen != before:
                    changes += 1
                    assert observation.version != version, (game, step, seat, "changed without a new version")
            last[seat] = (observation.version, seen)
        if state.is_over:
            break
    assert changes > 50  # the game really moved
