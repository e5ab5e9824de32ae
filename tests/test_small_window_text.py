"""Text that used to be cut with "..." in the smallest window (960x600), drawn whole now."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from engine.snap import new_game  # noqa: E402
from game.base.text import MIN_TEXT_PX  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.snap import view as snap_view  # noqa: E402


def matching_deal() -> int:
    """A two-seat deal whose first two flips match."""
    return next(seed for seed in range(1, 5000) if (g := new_game(2, {}, seed)).down[0][-1].rank == g.down[1][-1].rank)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.run(max_frames=1, fixed_dt=1 / 60)


def test_snaps_status_with_a_time_limit_fits_its_panel_at_960x600(pg, tmp_path):
    """"Time left 2:59  ·  Click your pile or press A to flip. Space: Snap!" was cut: with the clock on the line
    the keys are said shortly."""
    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.to_title()
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "hard")], game="snap",
                      options={"time_limit": 3, "tie_ms": 150})
    setup.deal = matching_deal()
    app.start_game(setup)
    table = app.stack.top
    lay, text = table.layout, app.text
    room = lay.status.w - round(24 * lay.scale)

    def fits() -> tuple[str, str]:
        lines = snap_view.status_lines(table)
        for line in lines:
            assert text.font(MIN_TEXT_PX).size(line)[0] <= room, line
        return lines

    first, second = fits()
    assert second.startswith("Time left 3:00") and "A: flip" in second and "Space: Snap!" in second
    key(app, pygame.K_a)  # You flip; Ada's flip matches it
    for _ in range(300):
        if table.state.snap_piles():
            break
        app.run(max_frames=1, fixed_dt=1 / 60)
    key(app, pygame.K_SPACE)  # You call: the verdict waits out the 150 ms tie window
    assert table.state.claims
    assert "Flips wait" in fits()[1]


def test_the_next_chip_keeps_the_name_when_next_and_the_name_dont_both_fit(pg):
    """Sprint's five seats at 960x600: "next: Cleo" was cut to "next: C..."; the name alone fits (the ring says next)."""
    from game.kit.layout import TableLayout
    from game.kit.turnorder import draw_turn_order, turn_order_rects
    from game.kit.ui import Text

    text, drawn = Text(), []
    blit = text.blit
    text.blit = lambda surface, line, *a, **k: drawn.append(line) or blit(surface, line, *a, **k)
    surface = pygame.Surface((960, 600))
    names = ["You", "Ada", "Ben", "Cleo", "Dev"]
    for size in ((960, 600), (1920, 1080)):
        lay = TableLayout(*size, num_players=5, bottom_seat=0)
        rect, scale, order = lay.turn_order, lay.scale, [0, 3, 4, 1, 2]
        drawn.clear()
        draw_turn_order(surface, text, rect, names, order, scale)
        chip = turn_order_rects(rect, 5, scale)[1]
        assert drawn[1] in ("Cleo", "next: Cleo") and text.font(MIN_TEXT_PX).size(drawn[1])[0] <= chip.w - chip.h // 2
    assert drawn[1] == "next: Cleo"  # where there is room, the word stays


def test_a_last_round_strip_says_the_round_ends_after_the_seats_still_to_play(pg):
    """Sprint's last round showed three of five names and nothing more: a newcomer read it as players missing.
    Now a last chip says the round ends there, whole at 960x600 and 1920x1080."""
    from types import SimpleNamespace

    from game.kit.layout import TableLayout
    from game.kit.turnorder import ROUND_ENDS, draw_turn_order, turn_order_rects
    from game.kit.ui import Text
    from game.tables.sprint.view import _order_look

    text, drawn = Text(), []
    blit = text.blit
    text.blit = lambda surface, line, *a, **k: drawn.append(line) or blit(surface, line, *a, **k)
    names = ["You", "Ada", "Ben", "Cleo", "Dev"]
    for size in ((960, 600), (1920, 1080)):
        lay = TableLayout(*size, num_players=5, bottom_seat=0)
        t = SimpleNamespace(model=SimpleNamespace(current=3, final_left=3, over=False), layout=lay,
                            state=SimpleNamespace(num_players=5), name=lambda p: names[p])
        look = _order_look(t)
        assert look[2] == (3, 4, 0) and look[-1] is True  # three turns left, then the end
        drawn.clear()
        draw_turn_order(pygame.Surface(size), text, *look)
        end = turn_order_rects(lay.turn_order, 4, lay.scale)[3]
        assert drawn[-1] == ROUND_ENDS and text.font(MIN_TEXT_PX).size(ROUND_ENDS)[0] <= end.w - end.h // 2
        t.model.final_left = None  # an ordinary turn: everyone, no end chip
        assert _order_look(t)[2] == (3, 4, 0, 1, 2) and _order_look(t)[-1] is False


def test_snaps_keys_line_fits_at_960x600_and_offers_the_flip_only_on_your_turn(pg, tmp_path):
    """"Click your pile or press A to flip. Space: Snap!  D: Snap Pot!" was cut at 960x600 ("D: Snap..."), and it
    offered the flip on the others' turns too, where pressing it is refused."""
    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.to_title()
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "hard")], game="snap", options={})
    setup.deal = matching_deal()
    app.start_game(setup)
    table = app.stack.top
    lay, text = table.layout, app.text
    room = lay.status.w - round(24 * lay.scale)
    seen = set()
    for _ in range(600):
        first, second = snap_view.status_lines(table)
        assert text.font(MIN_TEXT_PX).size(second)[0] <= room, second
        assert second.endswith("Space: Snap!  D: Snap Pot!"), second
        if not table.state.claims:
            mine = table.state.turn == 0
            assert ("A or click your pile: flip" in second) == mine, (first, second)
            seen.add(mine)
        if seen == {True, False}:
            break
        if table.state.turn == 0 and not table.state.claims:
            key(app, pygame.K_a)
        app.run(max_frames=1, fixed_dt=1 / 60)
    assert seen == {True, False}
