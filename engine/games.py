"""The collection's games, registered in one table.

Adding a game means adding its rules module, its bots and its table layout, then
one entry here.  The app's menus list :data:`GAMES`; only playable games are shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import sprint


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    rules_module: str  # import path of the engine module
    playable: bool = True
    blurb: str = ""


GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            sprint.GAME_ID, "Sprint, Snap, Score", sprint.MIN_PLAYERS, sprint.MAX_PLAYERS, "engine.sprint",
            blurb="A quick rummy: lay sets and runs, draw replacements, score big matches.",
        ),
    )
}
