"""What every game's screenshots begin and end with: a fresh player's app at the title, and the end screen
once its buttons are usable.  Each game's tools keep only their own scenes (:mod:`game.shell.modes`)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Callable

from game.shell.app import App
from game.shell.headless import advance, shoot
from game.shell.modes import table_of
from game.shell.session import GameSetup, SeatConfig

def shot_app(game_id: str, out: Path, data_dir: Path | None, size: tuple[int, int], speed: str = "normal") -> App:
    """A new player's app (a fresh folder in ``data_dir``: first-time screens show) at the title, shot."""
    if data_dir is not None:
        Path(data_dir).mkdir(parents=True, exist_ok=True)  # a new folder named on the command line
    app = App(size, Path(tempfile.mkdtemp(prefix=f"{game_id}-shots-", dir=data_dir)), seed=3, resizable=False)
    app.settings.animation_speed = speed
    app.to_title()
    shoot(app, out, f"{game_id}-title")
    return app


def start_seats(app: App, game_id: str, seats: str, deal: int, **options: Any) -> Any:
    """Start a game of ``seats`` (a line of names, a bot's level after its name: "You Ada:hard") on ``deal``, with
    the game's ``options``; its table."""
    players = [SeatConfig(name.split(":")[0], "ai", name.split(":")[1]) if ":" in name else SeatConfig(name)
               for name in seats.split()]
    app.start_game(GameSetup(players, deal=deal, game=game_id, options=options))
    return table_of(app, game_id)


def shoot_end(app: App, out: Path, name: str, play_out: Callable[[App], bool], guard_s: float) -> None:
    """Play the table to its end screen and shoot it past the screen's ``guard_s`` (its buttons usable)."""
    if play_out(app):
        advance(app, guard_s + 0.2)
        shoot(app, out, name)


def until_shown(app: App, table: Any, wanted: Callable[[Any], bool], limit_s: float, step: float,
                each: Callable[[int], None] | None = None) -> bool:
    """Run frames of ``step`` seconds (``each(frame)`` before each) until a race ``table`` has shown an event
    that is ``wanted`` (its controller's ``show`` is watched), the game is over, or ``limit_s`` has run out."""
    seen: list[Any] = []
    show = table.race.show

    def watch(events: list[Any], at: int) -> None:
        seen.extend(e for e in events if wanted(e))
        show(events, at)

    table.race.show = watch
    frame = 0
    while not seen and frame < limit_s / step and not table.state.is_over:
        if each is not None:
            each(frame)
        app.run(max_frames=1, fixed_dt=step)
        frame += 1
    table.race.show = show
    return bool(seen)


__all__ = ["shot_app", "shoot_end", "start_seats", "until_shown"]
