"""Screenshots as declarations: a game's tools declare a :class:`Plan` (the steps to play and shoot at each size)
and the plan is the game's ``Scenarios.shots`` (:mod:`game.shell.modes`); this runner plays the steps through the
real loop, headless.  The kit's steps for its own screens and tables are in :mod:`game.kit.scenarios`.

A step is any callable of a :class:`Shot` (the app being shot, its folder and size, the game's table): the ones
here start games, wait, press, click and shoot; a game writes its own steps only for what is truly its own (its
special positions, a move it makes happen).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame

from game.shell.app import App
from game.shell.headless import DT, advance, click as click_at, press, shoot, until as run_until
from game.shell.modes import configure, table_of
from game.shell.session import GameSetup, SeatConfig

Size = tuple[int, int]
Sizes = tuple[Size, ...]
Step = Callable[["Shot"], Any]
Test = Callable[["Shot"], bool]


class Done(Exception):
    """Raised by a step: this size's shots end here."""


@dataclass
class Shot:
    """One size's shooting: the game, the folder, the size (``scaled``: one of the extra sizes only, not a main
    one), the app once a step made it and the game's table once a step opened one."""

    game: str
    out: Path
    data_dir: Path | None
    size: Size
    scaled: bool = False
    app: Any = None
    table: Any = None

    def found(self) -> Any:
        """The game's table on the app's stack, now :attr:`table`."""
        self.table = table_of(self.app, self.game)
        return self.table


@dataclass(frozen=True)
class Plan:
    """A game's screenshots: ``steps`` at each size, ``scaled`` at a size given only as a scale size (None: the
    same steps); ``always``: sizes shot whatever is asked (unless the call says ``always=False``: one size asked for
    by ``--size``).  Called as ``shots(out, data_dir, sizes=, scale_sizes=, always=)``."""

    game: str
    steps: Sequence[Step]
    scaled: Sequence[Step] | None = None
    sizes: Sizes = ((1280, 720), (1920, 1080))
    scale_sizes: Sizes = ()
    always: Sizes = ()

    def __call__(self, out: Path, data_dir: Path | None, sizes: Sizes | None = None,
                 scale_sizes: Sizes | None = None, always: bool = True) -> None:
        main = self.sizes if sizes is None else tuple(sizes)
        extra = self.scale_sizes if scale_sizes is None else tuple(scale_sizes)
        for size in dict.fromkeys(main + extra + (self.always if always else ())):
            scaled = size not in main and size not in self.always
            run(Shot(self.game, Path(out), data_dir, size, scaled), self.steps if not scaled or self.scaled is None
                else self.scaled)


def run(shot: Shot, steps: Sequence[Step]) -> None:
    """Play ``steps`` in turn (until one says :class:`Done`)."""
    try:
        for step in steps:
            step(shot)
    except Done:
        pass


# --- the app ----------------------------------------------------------------------------


def fresh(speed: str = "normal") -> Step:
    """A new player's app (a fresh folder in the data folder: first-time screens show) at the title, shot."""
    def step(s: Shot) -> None:
        if s.data_dir is not None:
            Path(s.data_dir).mkdir(parents=True, exist_ok=True)  # a new folder named on the command line
        folder = Path(tempfile.mkdtemp(prefix=f"{s.game}-shots-", dir=s.data_dir))
        s.app = App(s.size, folder, seed=3, resizable=False)
        s.app.settings.animation_speed = speed
        s.app.to_title()
        shoot(s.app, s.out, f"{s.game}-title")
    return step


def app(seed: int = 3, folder: Callable[[Shot], Path] | None = None, **settings: Any) -> Step:
    """An app in the data folder (or ``folder(shot)``), with ``settings`` (``think_ms`` is the app's)."""
    def step(s: Shot) -> None:
        where = s.data_dir if folder is None else folder(s)
        s.app = configure(App(s.size, where, seed=seed, resizable=False), settings)
    return step


def settings(**values: Any) -> Step:
    """Settings by name (``think_ms`` on the app, the rest on its settings)."""
    return lambda s: configure(s.app, values)


def applied(**values: Any) -> Step:
    """Settings by name, then applied (as the settings screen applies them: card size, colours)."""
    def step(s: Shot) -> None:
        configure(s.app, values).apply_settings()
    return step


def title(s: Shot) -> None:
    s.app.to_title()


# --- games ------------------------------------------------------------------------------


def start_seats(app: App, game_id: str, seats: str, deal: int | None, **options: Any) -> Any:
    """Start a game of ``seats`` (a line of names, a bot's level after its name: "You Ada:hard") on ``deal``, with
    the game's ``options``; its table."""
    players = [SeatConfig(name.split(":")[0], "ai", name.split(":")[1]) if ":" in name else SeatConfig(name)
               for name in seats.split()]
    app.start_game(GameSetup(players, deal=deal, game=game_id, options=options))
    return table_of(app, game_id)


def seats(line: str, deal: int | None, **options: Any) -> Step:
    """A game of the seats in ``line`` (see :func:`start_seats`) on ``deal``, with the game's ``options``."""
    def step(s: Shot) -> None:
        s.table = start_seats(s.app, s.game, line, deal, **options)
    return step


def made(open_table: Callable[[App], Any]) -> Step:
    """The table ``open_table(app)`` makes (a game's special position)."""
    def step(s: Shot) -> None:
        s.table = open_table(s.app)
    return step


def start(setup: Callable[[], GameSetup]) -> Step:
    """A game of ``setup()`` (made when the step runs: a setup's deal is filled in as it starts)."""
    def step(s: Shot) -> None:
        s.app.start_game(setup())
        s.found()
    return step


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


def shown(wanted: Callable[[Any], bool], limit_s: float, step: float = DT, each: Step | None = None,
          every: int = 1) -> Test:
    """Run the race table's loop until it shows an event that is ``wanted`` (see :func:`until_shown`; ``each``
    before every ``every``-th frame); whether it did.  A step, or a test for :func:`when`."""
    def test(s: Shot) -> bool:
        def act(frame: int) -> None:
            if frame % every == 0 and each is not None:
                each(s)
        return until_shown(s.app, s.found(), wanted, limit_s, step, act if each is not None else None)
    return test


def end(name: str, play_out: Callable[[App], bool], guard_s: float) -> Step:
    """Play the table to its end screen and shoot it past the screen's ``guard_s`` (its buttons usable)."""
    def step(s: Shot) -> None:
        if play_out(s.app):
            advance(s.app, guard_s + 0.2)
            shoot(s.app, s.out, name)
    return step


# --- time, input, pictures --------------------------------------------------------------


def photo(name: str) -> Step:
    """Shoot the screen as ``name-WxH.png``."""
    return lambda s: shoot(s.app, s.out, name)


def wait(seconds: float) -> Step:
    """Run the loop for ``seconds`` (frames of 1/60 s)."""
    return lambda s: advance(s.app, seconds)


def until(test: Test, limit: float = 60.0, each: Step | None = None, every: int = 1) -> Step:
    """Run the loop until ``test(shot)`` (``limit`` seconds at most), ``each`` before every ``every``-th frame."""
    if each is None:
        return lambda s: run_until(s.app, lambda: test(s), limit)

    def step(s: Shot) -> None:
        frames = 0
        while not test(s) and frames < limit / DT:
            if frames % every == 0:
                each(s)
            s.app.step(DT, pygame.event.get())
            frames += 1
    return step


def my_turn(s: Shot) -> bool:
    """Whether it is the table's bottom player's turn (a :func:`until` test)."""
    return bool(s.table.my_turn())


def first_tip(setup: Callable[[], GameSetup], name: str) -> tuple[Step, ...]:
    """A first game of ``setup()`` (every first-game tip on again) at the bottom player's turn, its tip shot as
    ``name``, then closed for good (the shots after it show none)."""
    return (settings(tips_seen=False, tips_closed=[]), start(setup), until(my_turn), photo(name),
            lambda s: s.table.close_tip())


def keys(*pressed: int) -> Step:
    """Press each key in turn, a frame after each."""
    def step(s: Shot) -> None:
        for key in pressed:
            press(s.app, key)
    return step


def post(*typed: int) -> Step:
    """Post key presses (with their characters) without running the loop."""
    def step(s: Shot) -> None:
        for key in typed:
            text = chr(key) if 32 <= key < 127 else ""
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    return step


def click(where: Callable[[Shot], tuple[int, int]]) -> Step:
    """Click at ``where(shot)`` (a frame after it)."""
    return lambda s: click_at(s.app, where(s))


def when(test: Test, *then: Step) -> Step:
    """``then``'s steps, if ``test(shot)`` (which may run the loop itself)."""
    def step(s: Shot) -> None:
        if test(s):
            run_all(s, then)
    return step


def only(test: Test) -> Step:
    """This size's shots end here unless ``test(shot)``."""
    def step(s: Shot) -> None:
        if not test(s):
            raise Done
    return step


def repeat(times: int, *steps: Step) -> Step:
    """``steps`` ``times`` times over."""
    def step(s: Shot) -> None:
        for _ in range(times):
            run_all(s, steps)
    return step


def run_all(s: Shot, steps: Sequence[Step]) -> None:
    for step in steps:
        step(s)
