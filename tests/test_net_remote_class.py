"""A network client's table class comes from what the game's table declares (the contract's optional hooks).

It used to be guessed from ``hasattr(cls, "summary_facts")``: any table that happened to have such a method
would have been made a Double or Nothing remote table."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from engine.games import game_info, load, playable_games  # noqa: E402
from game.screens.net_table import RemoteDuelTable, RemoteRaceTable, RemoteTurnTable, remote_class  # noqa: E402


def test_each_games_remote_table_is_the_one_its_table_declares() -> None:
    kinds = {}
    for info in playable_games():
        cls = load(info.table)
        made = remote_class(cls, info.realtime)
        assert issubclass(made, cls)
        kinds[info.id] = next(k for k in (RemoteRaceTable, RemoteDuelTable, RemoteTurnTable) if issubclass(made, k))
    assert kinds == {"sprint": RemoteTurnTable, "snap": RemoteRaceTable, "ratscrew": RemoteRaceTable,
                     "scamper": RemoteTurnTable, "double-or-nothing": RemoteDuelTable}
    assert callable(load(game_info("double-or-nothing").table).facts_from_events)


def test_a_method_of_the_same_name_alone_does_not_make_a_summary_table() -> None:
    sprint = load(game_info("sprint").table)
    lookalike = type("Lookalike", (sprint,), {"summary_facts": lambda self: None})
    made = remote_class(lookalike, False)
    assert issubclass(made, RemoteTurnTable) and not issubclass(made, RemoteDuelTable)
    declared = type("Declared", (sprint,), {"facts_from_events": lambda self, first_game, steps: None})
    assert issubclass(remote_class(declared, False), RemoteDuelTable)
