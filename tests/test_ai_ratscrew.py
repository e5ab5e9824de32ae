"""Ratscrew's bots: what they see and claim, their reflexes through the shared scheduler, records, ai.reaction, the arena.

Positions are written top card first; piles split by ``|`` (``-`` is empty).
Nothing here reads a clock: every time is game time, every bot is seeded.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import replace

import pytest

from ai.arena import main as arena_main
from ai.ratscrew import RECOGNITION, RatscrewBot, make_bot, recognition_factor, valid_snaps
from ai.ratscrew.arena import play
from ai.reaction import main as reaction_main
from ai.reflex import REFLEXES, Intent, Played, Reflexes, ReflexScheduler, Urge, level_reflexes, run_until
from engine.cards import Card, parse_cards
from engine.envelope import GameRecord, PlayerInfo
from engine.games import GAMES, game_info, load_record
from engine.ratscrew import LAY, SNAP, Observation, Ratscrew, SnapReason
from engine.ratscrew.moves import CardLaid, LaidOutOfTurn, SnapAccepted, SnapWrong, StackWon

STEADY_400 = Reflexes(mu=400, sigma=0, tau=0, miss=0, false_rate=0, pace_mu=500, pace_sigma=0, pace_tau=0)


def position(piles: str, stack: str = "", turn: int = 0, barred: tuple[int, ...] = ()) -> Ratscrew:
    def bottom_first(text: str) -> list[Card]:
        return list(reversed(parse_cards(text.replace("-", ""))))

    return Ratscrew([bottom_first(p) for p in piles.split("|")], None, turn, bottom_first(stack), barred=barred)


def seen(piles: str, stack: str, seat: int, turn: int = 0, barred: tuple[int, ...] = ()) -> Observation:
    return position(piles, stack, turn, barred).observation(seat)


def factor(rule: str, top_first: str, stack: str) -> float:
    cards = tuple(reversed(parse_cards(stack)))
    return recognition_factor(SnapReason(rule, tuple(reversed(parse_cards(top_first)))), cards)


# --- what a bot sees -------------------------------------------------------


def test_a_dark_queen_is_seen_faster_than_a_pair_and_a_sandwich_deep_down_slowest() -> None:
    queen = factor("dark_queen", "QS", "QS 2D 9H")
    pair = factor("standard", "7H 7C", "7H 7C 2D")
    sandwich = factor("sandwich", "7H 2D 7C", "7H 2D 7C")
    deep = factor("sandwich", "7H 2D 7C", "3S 4D 5C 6H 8S 7H 2D 7C")
    assert queen < pair < sandwich < deep
    assert deep == pytest.approx(RECOGNITION["sandwich"] * (1 + 5 * 0.08))


def test_each_pattern_showing_is_its_own_claim_with_its_recognition_scale() -> None:
    obs = seen("2C | 3C", "QS 5D QH", seat=1)
    assert [(str(r), round(f, 2)) for r, f in valid_snaps(obs)] == [("Dark queen: QS", 0.8), ("Sandwich: QH 5D QS", 1.25)]
    intents = RatscrewBot().reactions(obs)
    assert [(i.action, i.urge, i.cue[0] if isinstance(i.cue, tuple) else None, round(i.scale, 2)) for i in intents] == [
        (SNAP, Urge.CLAIM, "dark_queen", 0.8), (SNAP, Urge.CLAIM, "sandwich", 1.25)]


@pytest.mark.parametrize("obs, mistake", [
    (seen("2C | 3C", "QS", seat=1, barred=(1,)), False),  # barred: a snap would be refused
    (seen("2C | 3C", "", seat=1), False),  # nothing to snap: refused at no cost, so no blunder either
    (seen("2C | 3C", "9S 4D", seat=1), True),  # no snap showing: only a mistaken snap
])
def test_no_claim_when_a_snap_would_be_refused_or_wrong(obs: Observation, mistake: bool) -> None:
    intents = RatscrewBot().reactions(obs)
    assert not [i for i in intents if i.urge is Urge.CLAIM]
    assert (Intent(SNAP, Urge.MISTAKE) in intents) is mistake


def test_no_second_claim_while_its_snap_waits() -> None:
    state = position("2C | 3C", "9S 9D")
    state.apply(SNAP, 1, at=10)
    assert RatscrewBot().reactions(state.observation(1)) == []
    assert [i.urge for i in RatscrewBot().reactions(state.observation(0))] == [Urge.CLAIM]


def test_a_bot_lays_on_its_turn_only_while_it_has_cards_and_no_claim_waits() -> None:
    bot = RatscrewBot()
    assert bot.wants_to_lay(seen("2C | 3C", "", seat=0)) and not bot.wants_to_lay(seen("2C | 3C", "", seat=1))
    assert not bot.wants_to_lay(seen("- | 3C", "4H", seat=0, turn=1))
    state = position("2C | 3C", "9S 9D")
    state.apply(SNAP, 1, at=10)
    assert not bot.wants_to_lay(state.observation(0)) and state.why_illegal(LAY, 0, 10) is not None


def test_the_registry_makes_every_level_on_the_reflex_core() -> None:
    info = GAMES["ratscrew"]
    assert [lv.id for lv in info.levels] == ["easy", "medium", "hard", "custom", "matched-gentle", "matched-even",
                                             "matched-tough"]
    for level in ("easy", "medium", "hard"):
        bot = info.make_bot(level, seed=3)
        assert isinstance(bot, ReflexScheduler) and isinstance(bot.bot, RatscrewBot) and bot.reflexes == REFLEXES[level]
    assert info.make_bot("custom", seed=3, mean_ms=700).reflexes == level_reflexes("custom", 700)
    assert isinstance(info.make_bot("matched-even", seed=3).bot, RatscrewBot)  # the Matched level: tests/test_matched.py
    with pytest.raises(ValueError):
        make_bot("grandmaster")


# --- timing through the scheduler ------------------------------------------


def _first_claim_ms(obs: Observation, seeds: range) -> list[int]:
    """A fresh medium bot per seed sees ``obs``: how long after the change each one snapped (misses left out)."""
    delays = []
    for seed in seeds:
        bot = make_bot("medium", seed=seed)
        bot.observe(obs)
        delays += [t.at - obs.since for t in bot.due(obs.since + 60_000) if t.urge is Urge.CLAIM]
    return delays


def test_a_dark_queen_is_claimed_faster_on_average_than_a_sandwich_deep_in_the_stack() -> None:
    queen = _first_claim_ms(seen("2C | 3C", "QS 9H 4D", seat=1), range(300))
    deep = _first_claim_ms(seen("2C | 3C", "3S 4D 5C 6H 8S 7H 2D 7C", seat=1), range(300))
    assert len(queen) > 250 and len(deep) > 250  # medium misses 6%
    table = REFLEXES["medium"].mean_ms
    assert statistics.fmean(queen) == pytest.approx(table * 0.8, rel=0.06)
    assert statistics.fmean(deep) == pytest.approx(table * 1.25 * 1.4, rel=0.06)
    assert statistics.fmean(queen) < statistics.fmean(deep) / 1.8


def _bot_seat_0(state: Ratscrew, reflexes: Reflexes, inputs: list[tuple[int, object, int]]) -> list[Played]:
    return run_until(state, {0: ReflexScheduler(RatscrewBot(), reflexes, seed=1)}, 5000, inputs)


def test_a_pattern_still_showing_keeps_its_moment_and_a_new_one_gets_its_own() -> None:
    """A pair shows at 1000 (seen at 1400); a dark queen laid over it at 1100 would be seen at 1420."""
    state = position("9C | 7D KH | QS 2H", "7S 5C", turn=1)
    played = _bot_seat_0(state, replace(STEADY_400, pace_mu=60_000), [(1, LAY, 1000), (2, LAY, 1100)])
    snaps = [p for p in played if p.seat == 0]
    assert [(p.at, p.urge) for p in snaps] == [(1400, Urge.CLAIM)]
    assert isinstance(snaps[0].events[0], SnapAccepted)
    quick = position("9C | 7D KH | QS 2H", "7S 5C", turn=1)
    played = _bot_seat_0(quick, replace(STEADY_400, pace_mu=60_000), [(1, LAY, 1000), (2, LAY, 1010)])
    assert [p.at for p in played if p.seat == 0] == [1330]  # the queen (at 1010 + 320) before the pair (1400)


def test_a_bot_that_wins_the_stack_by_counting_out_lays_again() -> None:
    state = position("JD 5C 9H | 4S 8D", turn=0)
    played = _bot_seat_0(state, STEADY_400, [(1, LAY, 800)])
    assert [(p.seat, p.at) for p in played if p.seat is not None] == [(0, 500), (1, 800), (0, 1300)]
    assert any(isinstance(e, StackWon) and e.how == "count" for p in played for e in p.events)


def _bot_game(levels: tuple[str, ...], seed: int, bots: dict[int, ReflexScheduler] | None = None,
              max_ms: int = 600_000) -> tuple[Ratscrew, list[Played], GameRecord]:
    players = [PlayerInfo(f"Bot {i}", "ai", lv) for i, lv in enumerate(levels)]
    record, state = GameRecord.begin(game_info("ratscrew"), players, seed)
    assert isinstance(state, Ratscrew)
    bots = bots or {s: make_bot(lv, seed=seed * 10 + s) for s, lv in enumerate(levels)}
    log: list[Played] = []
    now = 0
    while not state.is_over and now < max_ms:
        now += 250
        for p in run_until(state, bots, now):
            log.append(p)
            if p.seat is not None and p.refused is None:
                record.append(p.seat, p.action, list(p.events), p.at)
            elif p.seat is None:
                record.note_time(p.at)  # a snap settled
        if not state.is_over:
            record.note_time(now)  # (run_until tells a finished game no more time)
    return state, log, record


def test_bots_claim_only_valid_snaps_except_their_sampled_false_snaps() -> None:
    state, log, _ = _bot_game(("easy", "medium", "hard", "easy"), 5)
    snaps = [p for p in log if p.action == SNAP]
    wrong = [p for p in snaps if any(isinstance(e, SnapWrong) for e in p.events)]
    claims = [p for p in snaps if p.urge is Urge.CLAIM]
    assert len(claims) > 20 and wrong  # both happen in a long game of easy bots
    assert all(p.urge is Urge.MISTAKE for p in wrong)
    assert all(p.refused is not None or any(isinstance(e, SnapAccepted) for e in p.events) for p in claims)
    assert not any(isinstance(e, LaidOutOfTurn) for p in log for e in p.events)


def test_without_false_calls_a_level_never_snaps_wrongly() -> None:
    careful = {s: ReflexScheduler(RatscrewBot(), replace(REFLEXES["easy"], false_rate=0.0), seed=s) for s in range(3)}
    state, log, _ = _bot_game(("easy",) * 3, 8, careful, max_ms=300_000)
    assert sum(isinstance(e, CardLaid) for p in log for e in p.events) > 100
    assert not any(isinstance(e, SnapWrong) for p in log for e in p.events)


def test_a_game_played_by_bots_replays_from_its_record() -> None:
    state, log, record = _bot_game(("hard", "medium", "easy"), 11)
    assert state.is_over and len(record.entries) > 50
    again = load_record(record.dumps())
    assert again.final_state().snapshot() == state.snapshot()


# --- the tools -------------------------------------------------------------


def test_reaction_tool_for_ratscrew_prints_the_agreed_keys_and_matches_the_scaled_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert reaction_main(["--game", "ratscrew", "--level", "hard", "--samples", "400", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"mean_ms", "median_ms", "p90_ms", "miss_rate", "false_rate", "mean_scale", "expected_mean_ms"} <= result.keys()
    assert result["game"] == "ratscrew" and result["samples"] >= 400 and result["mean_scale"] > 1.0
    assert result["mean_ms"] == pytest.approx(result["expected_mean_ms"], rel=0.05)
    assert result["expected_mean_ms"] == pytest.approx(400 * result["mean_scale"], abs=0.1)


def test_arena_json_keys_on_a_tiny_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--game", "ratscrew", "--players", "hard,easy", "--games", "2", "--seed", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"games", "finished", "capped", "stalled", "median_lays", "max_lays_played", "median_game_s", "players"} <= result.keys()
    assert result["finished"] + len(result["capped"]) + len(result["stalled"]) == 2
    player_keys = {"level", "wins", "win_share", "stacks_won", "snaps_by_rule", "counted_out", "wrong_snaps",
                   "fastest_snap_ms", "average_snap_ms"}
    assert [p["level"] for p in result["players"]] == ["hard", "easy"] and all(player_keys <= p.keys() for p in result["players"])
    assert sum(p["wins"] for p in result["players"]) == result["finished"]
    snapped = result["players"][0]
    assert sum(snapped["snaps_by_rule"].values()) == snapped["stacks_won"] > 0
    assert 100 <= snapped["fastest_snap_ms"] <= snapped["average_snap_ms"]


def test_the_arena_step_changes_how_often_bots_are_asked_not_what_happens() -> None:
    """With a long step one batch of run_until holds a bot's snap and its next moves: each snap keeps its own cue."""
    often, seldom = (play(["hard", "easy", "easy"], 2, seed=3, step_ms=step) for step in (37, 20_000))
    assert often == seldom and often["players"][0]["stacks_won"] > 10


def test_arena_stops_games_at_the_cap_and_lists_them() -> None:
    result = play(["medium", "medium"], 2, seed=4, max_lays=10)
    assert result["capped"] == [0, 1] and result["finished"] == 0 and result["max_lays_played"] == 10
