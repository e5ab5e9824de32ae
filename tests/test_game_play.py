"""The table driven through the real loop with posted mouse events (SDL dummy drivers)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from engine.sprint.records import Record  # noqa: E402
from engine.sprint import Discard, Lay, Phase  # noqa: E402
from game.screens import PassDeviceScene  # noqa: E402
from game.tables.sprint.round_over import RoundOverScene  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import DT, frame, click, drag, hand_over, wait  # noqa: E402


def card_point(table, card):
    """A point on the visible left strip of a card in the bottom hand."""
    r = table.card_rect(card)
    return (r.x + 6, r.centery)


def play_turn_by_clicks(app, table, use_drag=False):
    """The bottom human plays a whole turn with the mouse: draw, lay every match, discard."""
    L = table.layout
    state = table.state
    assert table.my_turn()
    if state.phase is Phase.DRAW:
        if state.stock:
            if use_drag:
                drag(app, L.stock.center, L.hand_area.center)
            else:
                click(app, L.stock.center)
        else:
            click(app, L.discard.center)
        wait(app, lambda: table.my_turn() or state.current != table.viewer or state.is_over)
    while table.my_turn() and state.phase is Phase.BUILD:
        lays = [a for a in state.legal_actions() if isinstance(a, Lay)]
        if lays:
            for card in lays[0].cards:
                click(app, card_point(table, card))
            assert table.selected == set(lays[0].cards)
            n = len(lays[0].cards)
            assert table.buttons()[0].label == f"Lay +{n * (n + 1) // 2}"
            click(app, L.buttons["lay"].center)
        else:
            card = max(table.model.hands[table.viewer], key=lambda c: c.rank)
            if use_drag:
                drag(app, card_point(table, card), L.discard.center)
            else:
                click(app, card_point(table, card))
                click(app, L.discard.center)
        wait(app, lambda: table.my_turn() or state.current != table.viewer or state.is_over)


def test_full_two_player_round_against_apprentice_by_clicks(app):
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "apprentice")], first=0, deal=42)
    app.start_game(setup)
    table = app.stack.top
    assert isinstance(table, TableScene)
    turns = 0
    while not isinstance(app.stack.top, RoundOverScene):
        if table.my_turn():
            play_turn_by_clicks(app, table, use_drag=turns % 2 == 1)
            turns += 1
        else:
            frame(app)
        assert turns < 60
    assert table.state.is_over and turns >= 3
    assert any(p == 0 for p, _ in table.record.actions) and any(p == 1 for p, _ in table.record.actions)
    assert Record.loads(table.record.dumps()).final_state() == table.state
    # the model the table shows caught up with the engine
    for p in range(2):
        assert sorted(table.model.hands[p]) == sorted(table.state.hand(p))
    stats = app.stats.line("sprint-snap-score", "apprentice")
    assert stats.played == 1
    # Play again deals a new round with the same seats
    app.stack.top.on_button("again")
    frame(app)
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    assert [p.name for p in again.record.players] == ["You", "Ada"] and again.record.seed != table.record.seed


def hidden_cards(state, except_seat=None):
    """Cards in hands that their holders' opponents may not see (not taken from the discard pile)."""
    out = set()
    for p in range(state.num_players):
        if p != except_seat:
            out |= set(state.hand(p)) - set(state.observation(p).known_cards[p])
    return out


def check_privacy(app, table, log):
    """After each drawn frame: no face of a hidden card except the bottom seat's (none on the pass screen)."""
    faces = set(app.art.faces_blitted)
    top = app.stack.top
    if isinstance(top, PassDeviceScene):
        leaked = faces & hidden_cards(table.state)
        log.append("pass")
    else:
        leaked = faces & hidden_cards(table.state, table.viewer)
    owners = {p for p in range(table.state.num_players) if leaked & set(table.state.hand(p))}
    assert not leaked, f"hidden cards drawn face up: {sorted(map(str, leaked))} of seats {owners} (viewer {table.viewer}, {type(top).__name__}, actions {len(table.record.actions)})"


def test_full_three_human_hotseat_round_by_clicks(app):
    app.start_game(GameSetup.hotseat(["Ann", "Bea", "Cid"]))
    table = app.stack.find(TableScene)
    passes = []
    seen_viewers = set()
    turns = 0
    while not isinstance(app.stack.top, RoundOverScene):
        top = app.stack.top
        if isinstance(top, PassDeviceScene):
            passes.append(top.seat)
            # the pass screen hides every hand: no card face of any hand on it
            assert not set(app.art.faces_blitted) & hidden_cards(table.state)
            hand_over(app)
            assert table.viewer == passes[-1]
        elif table.my_turn():
            seen_viewers.add(table.viewer)
            play_turn_by_clicks(app, table)
            turns += 1
        else:
            frame(app)
        check_privacy(app, table, [])
        assert turns < 100
    assert seen_viewers == {0, 1, 2}
    # one hand-over before the deal, then one before every later turn
    assert len(passes) == turns
    assert passes[:4] == [table.record.first_player, (table.record.first_player + 1) % 3,
                          (table.record.first_player + 2) % 3, table.record.first_player]
    assert Record.loads(table.record.dumps()).final_state() == table.state
    over = app.stack.top
    assert not over.revealed  # hands stay hidden until someone asks
    assert not set(app.art.faces_blitted) & hidden_cards(table.state)
    over.on_button("reveal")
    frame(app)
    assert set(app.art.faces_blitted) & hidden_cards(table.state) or not hidden_cards(table.state)


def test_every_frame_of_a_hotseat_hand_over_keeps_hands_hidden(app):
    """Ann -> a bot -> Bea, with normal-speed animations: every frame is checked, including flights."""
    app.settings.animation_speed = "normal"
    app.settings.ai_speed = "fast"
    setup = GameSetup([SeatConfig("Ann"), SeatConfig("Bot", "ai", "standard"), SeatConfig("Bea")], first=0, deal=9)
    app.start_game(setup)
    table = app.stack.find(TableScene)
    log = []
    drawn_frames = 0

    last = [app.frames]

    def hook(a, i):
        """Check the frame just drawn (if one was)."""
        nonlocal drawn_frames
        if a.frames != last[0]:
            last[0] = a.frames
            drawn_frames += 1
            check_privacy(a, table, log)

    wait(app, lambda: isinstance(app.stack.top, PassDeviceScene))
    hand_over(app)
    assert table.viewer == 0
    wait(app, table.my_turn)
    # Ann draws from the stock and discards; the bot plays; Bea gets the device
    frames_before = app.frames
    click(app, table.layout.stock.center)
    while not isinstance(app.stack.top, PassDeviceScene):
        if table.my_turn():
            card = table.model.hands[0][0]
            click(app, card_point(table, card))
            click(app, table.layout.discard.center)
        app.run(max_frames=1, fixed_dt=DT, hook=None)
        hook(app, 0)
        assert app.frames - frames_before < 2000
    # the pass screen stays up (and hides everything) until Bea clicks
    for _ in range(30):
        frame(app)
        hook(app, 0)
    assert isinstance(app.stack.top, PassDeviceScene) and table.viewer == 0
    # Ann's turn is over: the device goes to Bea before the bot moves, so Ann's hand is gone at once
    assert [p for p, _ in table.record.actions] == [0, 0]
    click(app, (640, 360))
    hook(app, 0)
    assert table.viewer == 2
    # the bot plays while Bea watches: its stock draws fly face down; then it is Bea's turn
    while not table.my_turn():
        frame(app)
        hook(app, 0)
        assert app.frames - frames_before < 3000
    assert 1 in [p for p, _ in table.record.actions]
    assert "pass" in log and drawn_frames > 40
    # Bea now sees her own hand face up, and Ann's cards never again
    assert set(app.art.faces_blitted) >= set(table.state.hand(2))
    assert not set(app.art.faces_blitted) & set(table.state.hand(0))


def test_an_illegal_action_shows_the_engine_reason_and_changes_nothing(app):
    app.start_game(GameSetup(deal=3, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    before = table.state.snapshot()
    hand = table.model.hands[0]
    # a lay before drawing: refused with the engine's reason
    click(app, card_point(table, hand[0]))
    click(app, card_point(table, hand[1]))
    click(app, table.layout.buttons["lay"].center)
    assert table.toast is not None
    reason = table.toast[0]
    assert reason == table.selection_lay()[1]
    assert table.state.snapshot() == before and not table.record.actions
    # a discard before drawing: the engine says draw first
    table.selected = {hand[0]}
    drag(app, card_point(table, hand[0]), table.layout.discard.center)
    assert table.toast[0] == table.state.why_illegal(Discard(hand[0])) is not None
    assert table.state.snapshot() == before


def test_sorting_and_reordering_only_change_the_view(app):
    app.start_game(GameSetup(deal=8, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    before = table.state.snapshot()
    click(app, table.layout.buttons["sort_suit"].center)
    hand = table.model.hands[0]
    assert hand == sorted(hand, key=lambda c: (c.suit, c.rank))
    click(app, table.layout.buttons["sort_rank"].center)
    assert hand == sorted(hand, key=lambda c: (c.rank, c.suit))
    first = hand[0]
    drag(app, card_point(table, first), (table.layout.hand_rects(len(hand))[-1].right - 5, table.layout.hand_area.centery))
    assert table.model.hands[0][-1] == first
    assert table.state.snapshot() == before


def test_hint_button_uses_the_ai_hint(app):
    app.start_game(GameSetup(deal=8, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    click(app, table.layout.buttons["hint"].center)
    assert table.hint_text and table.hint_glow in ("stock", "discard")


def test_pause_overlay_stops_the_table_and_resumes(app):
    app.settings.ai_speed = "normal"
    app.start_game(GameSetup(deal=8, first=1))
    table = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frame(app)
    assert app.stack.top is not table
    frame(app, 200)
    assert not table.record.actions  # nothing happens behind the pause menu
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frame(app)
    assert app.stack.top is table
    wait(app, lambda: bool(table.record.actions))


def test_resizing_recomputes_the_layout(app):
    app.start_game(GameSetup(deal=8, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    app.screen = pygame.display.set_mode((1920, 1080))
    app.stack.resize(app.size)
    frame(app)
    assert table.layout.w == 1920 and table.layout.hand_card[1] > 200
    click(app, table.layout.stock.center)
    wait(app, lambda: table.state.phase is Phase.BUILD and table.my_turn())


def test_an_idle_table_draws_nothing_until_something_changes(app):
    app.start_game(GameSetup(deal=8, first=0))
    table = app.stack.top
    wait(app, table.my_turn)
    frame(app, 60)  # let the last motion settle
    assert not any(app.step(DT, []) for _ in range(30))
    hand = table.model.hands[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_point(table, hand[2]), rel=(0, 0), buttons=(0, 0, 0)))
    assert app.step(DT, pygame.event.get())  # hover lifts the card: frames until it settles
    frame(app, 60)
    assert not app.step(DT, [])


def _two_humans(app):
    app.start_game(GameSetup([SeatConfig("Ann"), SeatConfig("Bea")], first=0))
    return app.stack.scenes[-2] if isinstance(app.stack.top, PassDeviceScene) else app.stack.top


def test_no_action_is_taken_before_the_first_hand_over(app):
    table = _two_humans(app)
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)])
    frame(app, 5)
    assert table.record.actions == []  # the key landed before anyone had the device
    hand_over(app)
    wait(app, table.my_turn)
    assert sorted(table.model.hands[0]) == sorted(table.state.hand(0))


def test_the_pass_screen_ignores_stray_input_from_the_last_player(app):
    table = _two_humans(app)
    frame(app)
    assert isinstance(app.stack.top, PassDeviceScene)
    # a double click or a held key of the player who just finished: swallowed at first
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1),
                  pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)):
        pygame.event.post(event)
        frame(app)
    assert isinstance(app.stack.top, PassDeviceScene)
    frame(app, 40)
    # a drag that started on the table and ends here is not a click
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1))
    frame(app)
    assert isinstance(app.stack.top, PassDeviceScene) and table.pending_pass
    click(app, (640, 360))
    assert not isinstance(app.stack.top, PassDeviceScene)


def test_the_hand_over_forgets_what_the_last_player_was_doing(app):
    table = _two_humans(app)
    hand_over(app)
    wait(app, table.my_turn)
    card = table.model.hands[0][0]
    table.selected.add(card)
    table.show_toast(f"{card} is not a match", True)
    table.drag = {"what": "hand", "card": card, "offset": (0, 0)}
    table.open_pass(1)
    assert table.toast is None and table.drag is None and not table.selected


def test_a_hand_over_drops_the_last_players_cards_waiting_to_be_made_ahead(app):
    """Cards coming into a player's hand are encoded ahead on quiet frames (game.kit.handprime): a job still waiting
    when the device goes to the next player is dropped, never blitted (even off screen) in the next one's turn."""
    setup = GameSetup([SeatConfig("Ann"), SeatConfig("Bea")], first=0, deal=9)
    app.start_game(setup)
    table = app.stack.find(TableScene)
    wait(app, lambda: isinstance(app.stack.top, PassDeviceScene))
    hand_over(app)
    wait(app, table.my_turn)
    anns = list(table.model.hands[0])
    table.primer.add(lambda: table.layer.surface, anns, table.layout.hand_card, True, first=True)  # as a draw queues
    table.hand_over_to(1)
    assert table.viewer == 1 and not [job for job in table.primer.pending if job[1] in anns]
