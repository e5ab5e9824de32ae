"""Turn bots take a person's time over each move, through the real loop (time from dt): Sprint, Scamper, Double or Nothing."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.scheduler import AI_SPEEDS, MAX_PAUSE_S, human_pause  # noqa: E402
from engine.games import game_info  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402

from game.tables.double_or_nothing import view as double_or_nothing_view
from game.tables.scamper import view as scamper_view
from game.tables.sprint import view as sprint_view  # noqa: E402

DT = 1 / 30
VIEWS = {"sprint": sprint_view, "scamper": scamper_view, "double-or-nothing": double_or_nothing_view}


def watch(game: str, tmp_path, seconds: float = 40.0):
    """Two bots (Ada, Ben) at Normal speed for ``seconds`` of game time: each move's (choices, pause, speed) and what
    the status line said on every frame a bot was on its move with the table still."""
    app = App((1280, 720), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "normal"
    app.to_title()
    info = game_info(game)
    options = {"mode": "duel"} if game == "double-or-nothing" else {}
    seats = [SeatConfig("Ada", "ai", info.default_level), SeatConfig("Ben", "ai", info.default_level)]
    app.start_game(GameSetup(seats, None, 7, game, info.resolve_options(options)))
    table = app.stack.top
    hook = table.driver
    sched = hook.driver
    moves: list[tuple[int, float, float]] = []
    said: list[tuple[str, str]] = []
    update = hook.update

    def spy(dt, state, busy):
        action = update(dt, state, busy)
        if action is not None:
            moves.append((*sched.last, sched.delay))
        elif sched.thinking and not busy and not table.motion.busy:
            said.append((table.name(sched.thinking_seat), VIEWS[game].status_lines(table)[0]))
        return action

    hook.update = spy
    app.run(max_frames=int(seconds / DT), fixed_dt=DT)
    return moves, said


@pytest.mark.parametrize("game", ["sprint", "scamper", "double-or-nothing"])
def test_a_bots_pause_grows_with_its_choices_and_the_table_says_it_is_thinking(pg, tmp_path, game):
    moves, said = watch(game, tmp_path)
    assert len(moves) >= 6
    for choices, waited, delay in moves:
        assert waited <= MAX_PAUSE_S + DT  # never more than about 3 s for one move
        assert waited == pytest.approx(human_pause(choices, delay), abs=2.5 * DT)  # a person's pause, from dt
    full = [(c, w) for c, w, d in moves if d == AI_SPEEDS["normal"]]  # a turn's first move: the whole pause
    few, many = min(full), max(full)
    assert few[0] < many[0] and few[1] < many[1]  # more to weigh, a longer think
    assert said and all(line == f"{name} is thinking..." for name, line in said)


def test_a_forced_move_is_quick_and_a_wide_choice_slow():
    normal = AI_SPEEDS["normal"]
    assert human_pause(1, normal) < 0.5 < 1.5 < human_pause(16, normal) <= MAX_PAUSE_S
