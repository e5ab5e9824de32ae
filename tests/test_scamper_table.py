"""Scamper's table through the real loop headless (SDL dummy drivers): turns with the mouse, Lay, lay-offs by drag,
refusals with the engine's reason, the opening pass, resume exactly, replay, hot-seat privacy, the score sheet."""

import os
from collections import Counter

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import games  # noqa: E402
from engine.scamper import AddToMeld, Discard, LayContract, SwapWild  # noqa: E402
from engine.scamper.table import Phase  # noqa: E402
from game.kit.passdevice import PassDeviceScene  # noqa: E402
from game.kit.matchsheet import SheetScene, StandingsScene, draw_sheet  # noqa: E402
from game.kit.scoresheet import ScoreSheet, SheetRow  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.scamper import tools as tools  # noqa: E402
from game.tables.scamper.table import ScamperTable  # noqa: E402
from game_helpers import click, drag, frame, make_app, open_scamper, wait  # noqa: E402
from scamper_helpers import find_position  # noqa: E402


def _setup(seats=2, rounds=1, options=None, humans=1):
    s = GameSetup([SeatConfig(n) for n in ("You", "Bob", "Cat")[:humans]], game="scamper")
    s.seats += [SeatConfig(f"Bot {i}", "ai", "standard") for i in range(seats - humans)]
    s.options = {"rounds": rounds, **(options or {})}
    s.deal = 17
    return s


def _find(setup, want, seeds=range(1, 40)):
    """A record where seat 0 is to play and ``want(state)`` holds, played by bots."""
    return find_position(setup, lambda s: bool(want(s)) or None, seeds=seeds)[0]


_open = open_scamper


def _hand_pos(table, sprite):
    r = table.hand_targets()[sprite.id]
    return (r.x + 8, r.y + 20)


def _select(app, table, cards):
    left = list(cards)
    for sprite in list(table.my_hand):
        if sprite.card in left:
            left.remove(sprite.card)
            click(app, _hand_pos(table, sprite))
    assert not left


def _button(table, key):
    return next(b for b in table.buttons() if b.key == key)


def test_a_human_turn_with_the_mouse_draw_then_discard_by_drag(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup()
    app.start_game(setup)
    table = app.stack.top
    wait(app, table.my_turn)
    if table.state.phase is Phase.OPENING:
        click(app, _button(table, "pass").rect.center)
    else:
        click(app, table.layout.stock.center)
    wait(app, table.my_turn)
    assert table.state.phase is Phase.PLAY
    hand = table.state.hands[0]
    card = next(c for c in hand if Discard(c) in table.state.legal_actions())
    sprite = table.my_hand.find(card)
    before = len(table.record.actions)
    drag(app, _hand_pos(table, sprite), table.layout.discard.center)
    assert isinstance(table.record.actions[before][1], Discard)
    wait(app, lambda: not table.motion.busy)
    assert tools.table_mismatches(table, table.state) == []


def test_lay_names_the_contract_and_lays_it(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3)
    record = _find(setup, lambda s: s.phase is Phase.PLAY and any(isinstance(a, LayContract) for a in s.legal_actions()))
    table = _open(app, setup, record)
    lay = next(a for a in table.state.legal_actions() if isinstance(a, LayContract))
    _select(app, table, [c for m in lay.melds for c in m])
    button = _button(table, "lay")
    assert button.enabled and button.label.startswith("Lay ")
    click(app, button.rect.center)
    assert table.state.down[0]
    wait(app, lambda: not table.motion.busy)
    assert tools.table_mismatches(table, table.state) == []
    assert len(table.model.melds_of(0)) == len(lay.melds)


def test_a_selection_that_is_not_a_meld_is_refused_with_the_engines_reason(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3)
    record = _find(setup, lambda s: s.phase is Phase.PLAY and not s.down[0])
    table = _open(app, setup, record)
    hand = list(table.state.hands[0])
    _select(app, table, hand[:2])
    p = table.proposal()
    button = _button(table, "lay")
    assert not button.enabled and p.reason
    before = table.state.snapshot()
    click(app, button.rect.center)
    assert table.toast is not None and table.toast.text == p.reason
    assert table.state.snapshot() == before


def test_drag_a_card_onto_a_meld_adds_it_and_the_meld_lights(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3)
    record = _find(setup, lambda s: s.phase is Phase.PLAY and any(
        isinstance(a, (AddToMeld, SwapWild)) for a in s.legal_actions()))
    table = _open(app, setup, record)
    action = next(a for a in table.state.legal_actions() if isinstance(a, (AddToMeld, SwapWild)))
    sprite = table.my_hand.find(action.card)
    rects = table.meld_rects()[action.meld]
    target = rects[action.place].center if isinstance(action, SwapWild) else rects[-1].center
    start = _hand_pos(table, sprite)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    frame(app)
    assert action.meld in table.lit_melds()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    frame(app)
    played = table.record.actions[-1][1]
    assert isinstance(played, (AddToMeld, SwapWild)) and played.meld == action.meld
    wait(app, lambda: not table.motion.busy)
    assert tools.table_mismatches(table, table.state) == []


def test_resume_opens_the_game_exactly_where_it_was_saved(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(4, rounds=2)
    app.start_game(setup)
    table = app.stack.top
    wait(app, table.my_turn)
    click(app, table.layout.discard.center if table.state.phase is not Phase.DRAW else table.layout.stock.center)
    wait(app, table.my_turn)
    app.saves.flush()
    saved_state = table.state.clone()
    app2 = make_app(tmp_path)
    resumed = app2.resume("scamper")
    assert isinstance(resumed, ScamperTable)
    assert resumed.state == saved_state
    assert tools.table_mismatches(resumed, saved_state) == []


def test_a_record_replays_on_the_table_to_its_final_state(pg, tmp_path):
    app = make_app(tmp_path)
    setup = GameSetup.all_ai(["easy", "standard", "hard"], game="scamper")
    setup.options = {"rounds": 1}
    info = setup.info
    bots = {i: info.make_bot(s.level, seed=i) for i, s in enumerate(setup.seats)}
    record, state = info.record_type().begin(info, setup.players(), 5, setup.options)
    while not state.is_over:
        p = state.current
        a = bots[p].decide(state.observation(p))
        record.append(p, a, state.apply(a, p))
    app.start_game(GameSetup.from_record(record), replay=games.load_record(record.dumps()))
    table = app.stack.top
    assert table.replaying
    wait(app, lambda: isinstance(app.stack.top, StandingsScene), 120)
    assert table.state == record.final_state()


def test_hot_seat_shows_only_the_bottom_players_hand(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3, humans=2)
    app.start_game(setup)
    table = app.stack.top
    wait(app, lambda: isinstance(app.stack.top, PassDeviceScene))
    app.art.begin_frame()
    app.dirty = True
    frame(app)
    assert app.art.faces_blitted == []  # the pass screen covers the table
    frame(app, int(PassDeviceScene.GUARD_S * 60) + 2)
    click(app, (640, 360))
    wait(app, lambda: not table.motion.busy)
    app.art.begin_frame()
    app.dirty = True
    frame(app)
    other = 1 - table.viewer
    public = Counter(table.state.hands[table.viewer]) + Counter(table.state.discard[-2:])
    for meld in table.state.melds:
        public.update(meld.cards)
    shown = Counter(app.art.faces_blitted)
    assert not shown - public, f"hidden cards shown: {shown - public}; seat {other} holds {table.state.hands[other]}"


def test_the_round_sheet_and_the_standings(pg, tmp_path):
    data = ScoreSheet(["Ann", "Bob", "Cat"], [SheetRow("two sets of 3", (0, 25, 40), {0: "out"}, 1, (0, 3, 5)),
                                              SheetRow("two runs of 3", (30, 0, 5), {1: "out"}, 2)],
                      lower_wins=True, rounds=10)
    assert data.totals() == [30, 25, 45]
    assert data.standings() == [(1, 1), (2, 0), (3, 2)]
    tie = ScoreSheet(["A", "B"], [SheetRow("x", (5, 5), number=1)], lower_wins=True)
    assert tie.standings() == [(1, 0), (1, 1)]
    app = make_app(tmp_path)
    surface = pygame.Surface((800, 500))
    draw_sheet(surface, app.text, surface.get_rect(), data, 0.7, highlight_last=True)
    went_on = []
    app.stack.push(SheetScene(app, data, "Round 2", "Bob went out.", "Deal the next round", lambda: went_on.append(1)))
    frame(app)
    click(app, app.stack.top.buttons[0].rect.center)
    assert went_on == [1]


@pytest.mark.parametrize("seats, size, scale", [(4, (900, 400), 0.75), (10, (900, 400), 0.75), (10, (1840, 820), 1.5)])
def test_a_cells_two_numbers_are_named_over_each_column(pg, tmp_path, seats, size, scale):
    """Each cell held two unlabelled numbers ("+5   5"): "round" and "total" now head each column, whole, each
    centred over its number, at 4 and 10 seats (the sheet's rect at 960x600 and 1920x1080)."""
    from game.kit.matchsheet import CELL_WORDS

    app = make_app(tmp_path)
    names = [f"P{k}" for k in range(seats)]
    data = ScoreSheet(names, [SheetRow("two sets of 3", tuple(range(5, 5 + seats)), {}, 1)], lower_wins=True, rounds=10)
    drawn = []
    blit = app.text.blit
    app.text.blit = lambda target, line, px, pos, *a, **k: (drawn.append((line, pos, k.get("max_w", a[2] if len(a) > 2 else None), px)),
                                                            blit(target, line, px, pos, *a, **k))[1]
    draw_sheet(pygame.Surface(size), app.text, pygame.Rect((0, 0), size), data, scale)
    for words in CELL_WORDS:
        heads = [d for d in drawn if d[0] == words]
        assert len(heads) == seats and all(app.text.font(px).size(words)[0] <= w for _, _, w, px in heads)
    cells: dict = {}
    for line, pos, _, _ in drawn:
        cells.setdefault(line, pos[0])  # the first: the round's row (the totals row comes last)
    first = [pos[0] for line, pos, _, _ in drawn if line in CELL_WORDS][:2]
    assert first == [cells["+5"], cells["5"]]  # over the round's points, over the running total


@pytest.mark.parametrize("size, scale", [((960, 430), 0.75), ((1900, 860), 1.5)])
def test_the_out_ring_leaves_the_word_room_and_stays_inside_its_row(pg, tmp_path, size, scale):
    """The ring round "out" on the score sheet touched the word on both sides and ran over the row's rules."""
    from game.kit.matchsheet import OUT_MARK, PAPER

    app = make_app(tmp_path)
    data = ScoreSheet(["Ann", "Bob", "Cy", "Di"], [SheetRow("two sets of 3", (5, 0, 15, 25), {1: "out"}, 1)],
                      lower_wins=True, rounds=10)
    surface = pygame.Surface(size)
    draw_sheet(surface, app.text, surface.get_rect(), data, scale)
    marks = pygame.mask.from_threshold(surface, OUT_MARK, (60, 60, 60, 255)).get_bounding_rects()
    ring = max(marks, key=lambda r: r.w * r.h)
    word = [r for r in marks if r is not ring and ring.contains(r)]
    assert len(word) >= 2, marks  # the letters, inside the ring
    word = word[0].unionall(word[1:])
    line = max(1, round(2 * scale))
    assert word.left - ring.left >= line + 3 and ring.right - word.right >= line + 3, (ring, word)

    def paper_run(y, step):  # paper pixels between the ring and the next rule, up or down the ring's middle
        n = 0
        while surface.get_at((ring.centerx, y + n * step))[:3] == PAPER:
            n += 1
        return n

    assert paper_run(ring.top - 1, -1) >= 2 and paper_run(ring.bottom, 1) >= 2, ring


def test_selftest_plays_a_full_ten_round_eight_seat_game(pg, tmp_path):
    assert modes.selftest("scamper", tmp_path) == 0


def _play_by_mouse(app, table, action):
    """Do ``action`` the way a player would: clicks, a selection and Lay, drags."""
    from engine.scamper import CallScamper, Draw, LayMeld, PassCard, Source

    if isinstance(action, Draw):
        click(app, (table.layout.stock if action.source is Source.STOCK else table.layout.discard).center)
    elif isinstance(action, PassCard):
        click(app, _button(table, "pass").rect.center)
    elif isinstance(action, CallScamper):
        click(app, _button(table, "call").rect.center)
    elif isinstance(action, (LayContract, LayMeld)):
        cards = [c for m in action.melds for c in m] if isinstance(action, LayContract) else list(action.cards)
        _select(app, table, cards)
        click(app, _button(table, "lay").rect.center)
    elif isinstance(action, (AddToMeld, SwapWild)):
        rects = table.meld_rects()[action.meld]
        target = rects[action.place].center if isinstance(action, SwapWild) else rects[0 if action.low else -1].center
        drag(app, _hand_pos(table, table.my_hand.find(action.card)), target)
    else:
        drag(app, _hand_pos(table, table.my_hand.find(action.card)), table.layout.discard.center)


def _play_game(app, setup, humans_are):
    """Play ``setup`` to the standings, every human seat's moves (chosen by ``humans_are`` bots) made with the mouse."""
    from game.tables.scamper.table import ScamperTable

    app.start_game(setup)
    table = app.stack.top
    deciders = {i: setup.info.make_bot(humans_are, seed=i) for i in setup.humans}
    for _ in range(4000):
        top = app.stack.top
        if isinstance(top, StandingsScene):
            return table
        if isinstance(top, PassDeviceScene):
            frame(app, int(PassDeviceScene.GUARD_S * 60) + 2)
            click(app, top.button.rect.center)
            continue
        if isinstance(top, SheetScene):
            click(app, top.buttons[0].rect.center)
            continue
        if isinstance(top, ScamperTable) and table.my_turn() and not table._hand_moving():
            table.fan.selected.clear()
            before = len(table.record.actions)
            action = deciders[table.viewer].decide(table.state.observation(table.viewer))
            _play_by_mouse(app, table, action)
            assert len(table.record.actions) > before, f"{action} was not played by the mouse: {table.toast}"
            continue
        frame(app)
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("level", ["easy", "standard", "hard"])
def test_a_whole_game_against_each_level_with_the_mouse(pg, tmp_path, level):
    app = make_app(tmp_path)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", level), SeatConfig("Ben", "ai", level)], game="scamper")
    setup.options = {"rounds": 2, "advanced": True}
    setup.deal = 3
    table = _play_game(app, setup, "standard")
    assert table.state.is_over and len(table.state.sheet.lines) == 2
    assert games.load_record(table.record.dumps()).final_state() == table.state


def test_a_whole_hot_seat_game(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3, rounds=1, humans=2)
    table = _play_game(app, setup, "standard")
    assert table.state.is_over


def test_resume_in_a_later_round_with_melds_down_is_exact(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3, rounds=3)
    record = _find(setup, lambda s: s.contract_no >= 2 and s.phase is Phase.DRAW and len(s.melds) >= 2)
    table = _open(app, setup, record)
    click(app, table.layout.stock.center)  # an action: the game is saved
    wait(app, lambda: not table.motion.busy)
    app.saves.flush()
    app2 = make_app(tmp_path)
    resumed = app2.resume("scamper")
    assert resumed.state == table.state and resumed.state.contract_no >= 2
    assert tools.table_mismatches(resumed, table.state) == []
    assert [list(m.cards) for m in resumed.model.melds] == [list(m.cards) for m in table.state.melds]
    # the saved game's discards played with no animation are on the layer already: none waits to be made ahead
    # (193 did after 400 actions, starving the quiet frames' log rows and hand for seconds)
    assert not resumed.primer.pending


def test_the_screenshot_plans_round_over_shot_is_the_round_over_sheet(pg, tmp_path, monkeypatch):
    """It showed the plain table: the sheet of round 1 in play has no line, so no round's end was told."""
    from game.shell import shots

    tops: dict = {}
    monkeypatch.setattr(shots, "shoot", lambda app, out, name: tops.setdefault(name, app.stack.top))
    tools.SHOTS(tmp_path, None, sizes=((960, 600),), always=False)
    sheet = tops["scamper-round-over"]
    assert isinstance(sheet, SheetScene) and sheet.title == "Round 1 of 10" and "went out" in sheet.subtitle
    assert sheet.data.rows and isinstance(tops["scamper-sheet"], SheetScene)


def test_the_sheets_start_line_says_it_is_the_first_dealers_bonus(pg, tmp_path, monkeypatch):
    """The sheet's first line read "Start" with a bare -20 in one column: it is the first dealer's bonus."""
    from game.tables.scamper.play import open_sheet

    app = make_app(tmp_path)
    app.start_game(_setup(3))
    table = app.stack.top
    wait(app, lambda: not table.motion.busy)
    dealer = next(s for s, v in enumerate(table.state.sheet.start) if v)
    open_sheet(table)
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda target, words, *a, **k: drawn.append((words, rect := real(target, words, *a, **k))) or rect)
    app.dirty = True
    frame(app)
    (label,) = [r for words, r in drawn if words == "First dealer's bonus"]
    assert not [words for words, _ in drawn if words == "Start"]
    values = [r for words, r in drawn if words == str(table.state.sheet.start[dealer])]  # its line and the total
    assert any(abs(r.centery - label.centery) <= 2 for r in values) and table.state.sheet.start[dealer] == -20


def test_a_seat_headers_facts_are_apart_by_the_one_separator(pg, tmp_path):
    """The headers read "dealer␣␣10 cards␣␣-20 pts", with no separator; Sprint's say "6 cards  ·  13 pts"."""
    from game.kit.scorepanel import SEPARATOR, card_count
    from game.tables.scamper.view import header_right

    app = make_app(tmp_path)
    app.start_game(_setup(3))
    table = app.stack.top
    wait(app, lambda: not table.motion.busy)
    st = table.state
    for seat in range(3):
        parts = (["dealer"] if seat == st.dealer else []) + (
            [] if seat == table.viewer else [card_count(len(table.model.held[seat]))]) + [f"{st.sheet.totals[seat]} pts"]
        assert header_right(table, seat) == SEPARATOR.join(parts)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_log_takes_the_room_the_piles_leave_and_nothing_overlaps(size):
    """Scamper's log was a third of the middle band, so nearly every line ("You added the 8 of spades to Ada's 4 8s.")
    wrapped while the piles had room to spare; Sprint keeps its turn order across the middle (no wide log)."""
    from game.kit.layout import TableLayout

    assert ScamperTable.wide_log
    for n, share in ((2, 0.4), (5, 0.4), (10, 0.2)):
        layout, narrow = TableLayout(*size, n, 0, wide_log=True), TableLayout(*size, n, 0)
        assert layout.log_panel.w >= share * size[0] and layout.log_panel.w > narrow.log_panel.w, (n, layout.log_panel)
        own = layout.spots[0].panel
        assert own.right + layout.margin <= layout.stock.x and layout.discard.right + layout.margin <= layout.log_panel.x
        panels = [s.panel for s in layout.spots.values()] + [layout.log_panel]
        assert not any(a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1:])
        assert all(pygame.Rect(0, 0, *size).contains(p) for p in panels)


@pytest.mark.parametrize("lower_wins", [True, False])
def test_the_leader_is_marked_in_gold_not_red_on_the_paper_sheet(pg, tmp_path, lower_wins):
    """The winning (lowest) total and "1st" were red on the standings, which reads as a penalty in Scamper; Sprint's
    sheet (highest wins) marks its leader the same way."""
    from game.kit.matchsheet import LEADER_INK, MARGIN_RED

    app = make_app(tmp_path)
    data = ScoreSheet(["Ann", "Bob", "Cat"], [SheetRow("two sets of 3", (0, 25, 40), {0: "out"}, 1)],
                      lower_wins=lower_wins, rounds=10)
    app.stack.push(StandingsScene(app, data, "Ann wins!", lambda: None, lambda: None))
    frame(app)
    surface = app.screen
    reds = pygame.mask.from_threshold(surface, MARGIN_RED, (8, 8, 8, 255)).get_bounding_rects()
    assert all(r.h > 10 * r.w for r in reds), reds  # the margin line alone
    gold = pygame.mask.from_threshold(surface, LEADER_INK, (8, 8, 8, 255)).get_bounding_rects()
    assert len(gold) >= 3, gold  # "1st" and the leader's total


def test_the_crowded_ten_seat_table_shows_melds_that_fit_the_rounds_contract(pg, tmp_path):
    """The 10-seat screenshot showed sets under "Round 2 of 10: two runs of 3": the crowd laid sets whatever the
    round; each seat now goes down with the round's contract."""
    from engine.melds import MatchKind
    from engine.melds.contracts import contract_reason
    from engine.scamper import CONTRACTS

    app = make_app(tmp_path, (960, 600))
    table = tools.open_position(app, *tools.position(10, 6, seed=30, level="standard"), crowd=24)
    state = table.state
    contract = CONTRACTS[state.round_index]
    assert len(state.melds) >= 24 and {r.kind for r in contract.requirements} == {MatchKind.RUN}  # round 2: runs
    for seat in set(state.owners):
        melds = [m for m, owner in zip(state.melds, state.owners) if owner == seat]
        assert all(m.kind is MatchKind.RUN for m in melds), (seat, [m.describe() for m in melds])
        assert contract_reason(melds, contract) is None, (seat, [m.describe() for m in melds])
    assert len(table.model.melds) == len(state.melds) and table.model.owners == state.owners
