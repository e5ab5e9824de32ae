"""Double or Nothing's bots (one example per level's rule) and records that replay a whole run."""

from __future__ import annotations

import json

import pytest

import random

from ai.double_or_nothing import LEVELS, Easy, Hard, Runner, Standard, hint, make_bot, make_runner
from engine.double_or_nothing import PASS, Held, Mode, Pick, Play, Run, shuffle_hidden, upgrades as up
from engine.double_or_nothing.counts import parse_counts
from engine.envelope import GameRecord, PlayerInfo
from engine.games import game_info, GAMES, load_record


def after_lead(mine: str, theirs: str, lead: Play, my_deck: str = "", their_deck: str = "", game: int = 1) -> Run:
    """Seat 1 (holding ``theirs``) has led ``lead``; seat 0 holds ``mine`` and answers."""
    decks = ([parse_counts(my_deck)] if my_deck else [], [parse_counts(their_deck)] if their_deck else [])
    state = Run.position((parse_counts(mine), parse_counts(theirs)), decks, turn=1, game=game)  # type: ignore[arg-type]
    state.apply(lead, 1)
    return state


def test_every_level_is_registered_and_made() -> None:
    info = GAMES["double-or-nothing"]
    assert tuple(lv.id for lv in info.levels) == LEVELS
    for level in LEVELS:
        assert info.make_bot(level, seed=1).level == level
    with pytest.raises(ValueError, match="unknown"):
        make_bot("grandmaster")


def test_easy_answers_with_the_weakest_play_that_beats() -> None:
    state = after_lead("2x2 1x3 1x5", "1x1 4x7 4x8", Play(1, 1, 1))
    assert Easy(0).decide(state.observation(0)) == Play(3, 3, 1)


def test_easy_passes_when_nothing_beats() -> None:
    state = after_lead("1x1 1x3", "5x8 1x2", Play(8, 8, 5))
    assert Easy(0).decide(state.observation(0)) == PASS


def test_standard_answers_with_a_stair_rather_than_break_it() -> None:
    state = after_lead("2x3 2x4 1x8", "1x1 4x7 4x8", Play(1, 1, 1), their_deck="20x6")
    assert Easy(0).decide(state.observation(0)) == Play(8, 8, 1)
    state = after_lead("2x3 2x4", "1x1 4x7 4x8", Play(1, 1, 1), their_deck="20x6")
    assert Easy(0).decide(state.observation(0)) == Play(3, 3, 2)
    assert Standard(0).decide(state.observation(0)) == Play(3, 4, 2)


def test_standard_passes_rather_than_break_a_stair_for_a_run() -> None:
    state = after_lead("5x3 2x4", "1x1 1x2 1x3 1x4 4x7 4x8", Play(1, 4, 1), their_deck="20x6")
    assert Easy(0).decide(state.observation(0)) == Play(3, 3, 5)
    assert Standard(0).decide(state.observation(0)) == PASS


def test_standard_breaks_a_stair_when_the_opponent_is_nearly_out() -> None:
    state = after_lead("5x3 2x4", "1x1 1x2 1x3 1x4 1x8", Play(1, 4, 1), their_deck="20x6")
    assert Standard(0).decide(state.observation(0)) == Play(3, 3, 5)


def test_hard_with_small_hands_plays_to_need_the_fewest_plays() -> None:
    state = after_lead("1x2 2x3 1x4", "1x1 4x7 4x8", Play(1, 1, 1), their_deck="20x5")
    assert Easy(0).decide(state.observation(0)) == Play(2, 2, 1)
    assert Standard(0).decide(state.observation(0)) == Play(2, 2, 1)
    assert Hard(0).decide(state.observation(0)) == Play(2, 3, 1)  # leaves 3-4: one run to go


def test_hard_with_big_hands_passes_a_cheap_trick_it_cannot_win() -> None:
    state = after_lead("128x2 64x3 64x5", "64x1 256x7 256x8", Play(1, 1, 64), game=6)
    assert Easy(0).decide(state.observation(0)) == Play(3, 3, 64)
    assert Hard(0).decide(state.observation(0)) == PASS  # empty decks: it can read their hand


def test_hard_with_big_hands_answers_when_the_trick_pays_with_its_fewest_steps_play() -> None:
    """The weighing decides whether to answer; the play is the weakest of those leaving the fewest steps."""
    state = after_lead("128x2 64x3 64x5", "64x1 64x4 64x6", Play(1, 1, 64), game=6)
    bot = Hard(0)
    plays = [a for a in state.observation(0).legal_actions() if isinstance(a, Play)]
    assert bot.weigh_the_trick(state.observation(0), plays) == Play(2, 2, 128)  # worth answering
    assert bot.decide(state.observation(0)) == Play(3, 3, 64)  # with the set that keeps 128x2 and 64x5 whole


def test_a_duel_at_game_24_played_by_the_hint_against_hard_ends() -> None:
    """Issue 23: the weighing also picked the play, and two such players traded a tiny lead, a huge answer
    and a pass for thousands of actions in hand 1.  Now these Duels end in a few hundred."""
    for seed in range(4):
        state = Run(Mode.DUEL, 24, seed, first=seed % 2)
        hard = Hard(seed)
        actions = 0
        while not state.is_over and actions < 1000:
            seat = state.to_move()[0]
            obs = state.observation(seat)
            state.apply(hint(obs).action if seat == 0 else hard.decide(obs), seat)
            actions += 1
        assert state.is_over, f"seed {seed}: still in hand {state.hand_number} after {actions} actions"


def test_the_runner_answers_whenever_it_can_even_with_big_hands() -> None:
    state = after_lead("128x2 64x3 64x5", "64x1 256x7 256x8", Play(1, 1, 64), game=6)
    assert Hard(0).decide(state.observation(0)) == PASS
    assert Runner(0).decide(state.observation(0)) == Play(3, 3, 64)


def test_the_hint_is_hards_choice_with_its_reason() -> None:
    state = after_lead("1x2 2x3 1x4", "1x1 4x7 4x8", Play(1, 1, 1), their_deck="20x5")
    advice = hint(state.observation(0))
    assert advice.action == Hard(0).decide(state.observation(0)) == Play(2, 3, 1)
    assert advice.reason.startswith("Answer with Run: 2-3") and "about 1 play from empty" in advice.reason
    stuck = after_lead("1x1 1x3", "5x8 1x2", Play(8, 8, 5))
    advice = hint(stuck.observation(0))
    assert advice.action == PASS and advice.reason.startswith("Nothing you hold beats it")
    big = after_lead("128x2 64x3 64x5", "64x1 256x7 256x8", Play(1, 1, 64), game=6)
    advice = hint(big.observation(0))
    assert advice.action == PASS and "risk more cards" in advice.reason
    last = after_lead("2x3", "1x1 4x7 4x8", Play(1, 1, 1), their_deck="20x5")
    assert hint(last.observation(0)).reason == "Play Set: 2 x 3: it empties your hand and wins it."


def test_the_hint_reads_only_what_the_seat_may_see() -> None:
    """Dealing the hidden cards again (the other hand, both decks) never changes the advice: hot-seat safe."""
    state = Run(Mode.DUEL, 6, 4)
    bot = Hard(1)
    for _ in range(40):
        seat = state.to_move()[0]
        obs = state.observation(seat)
        advice = hint(obs)
        for k in range(3):
            other = shuffle_hidden(state, seat, random.Random(k))
            assert other.observation(seat) == obs
            assert hint(other.observation(seat)) == advice
        state.apply(bot.decide(obs), seat)
        if state.is_over:
            break
    with pytest.raises(ValueError, match="seat to move"):
        hint(state.observation(1 - state.to_move()[0]) if not state.is_over else state.observation(0))


def test_every_bot_empties_its_hand_when_it_can() -> None:
    state = after_lead("3x5", "1x1 4x8", Play(1, 1, 1))
    for bot in (Easy(0), Standard(0), Hard(0)):
        assert bot.decide(state.observation(0)) == Play(5, 5, 3)


def test_the_runner_picks_by_its_ranking() -> None:
    state = Run.position((parse_counts("1x3"), parse_counts("1x5")), ([parse_counts("20x1")], [parse_counts("9x2")]),
                         mode=Mode.RUN)
    state.apply(Play(3, 3, 1), 0)
    state.offer = (up.SPYGLASS, up.TOLL, up.TRIM)
    assert Runner(0).decide(state.observation(0)) == Pick(up.TRIM)
    assert Runner(0, picks="first").decide(state.observation(0)) == Pick(up.SPYGLASS)


def _play_run(seed: int, level: str = "standard") -> tuple[GameRecord, Run]:
    players = [PlayerInfo("Runner", "ai", "runner"), PlayerInfo("Standard", "ai", level)]
    record, state = GameRecord.begin(game_info("double-or-nothing"), players, seed, {"mode": "run"})
    assert isinstance(state, Run)
    bots = {0: make_runner(seed), 1: make_bot(level, seed=seed + 1)}
    while not state.is_over:
        seat = state.to_move()[0]
        action = bots[seat].decide(state.observation(seat))
        record.append(seat, action, state.apply(action, seat))
    return record, state


def test_a_record_replays_a_whole_run() -> None:
    record, state = next((r, s) for r, s in map(_play_run, range(40)) if s.games_won >= 2)
    assert any(isinstance(e.action, Pick) for e in record.entries)
    again = load_record(record.dumps())
    assert again.final_state().snapshot() == state.snapshot()
    assert again.to_json()["format"] == "double-or-nothing/1"


def test_duels_between_levels_end_at_a_high_game_number() -> None:
    for level in LEVELS:
        state = Run(Mode.DUEL, 20, seed=4)
        bots = {0: make_bot(level, seed=1), 1: make_bot("standard", seed=2)}
        while not state.is_over:
            seat = state.to_move()[0]
            state.apply(bots[seat].decide(state.observation(seat)), seat)
        assert state.outcome() is not None and sum(state.totals()) == 64 << 19


def test_a_runner_holding_upgrades_plays_legally() -> None:
    held = Held({up.TRIM: 1, up.ROUND_THE_BEND: 1, up.STAIRMASTER: 2, up.TIEBREAKER: 1, up.SPYGLASS: 1})
    state = Run(Mode.RUN, 3, seed=8, held=held)
    bots = {0: make_runner(1), 1: make_bot("hard", seed=2)}
    played = 0
    while not state.is_over and state.game == 3 and played < 400:
        seat = state.to_move()[0]
        state.apply(bots[seat].decide(state.observation(seat)), seat)  # apply refuses anything illegal
        played += 1
    assert played > 20


def test_the_arena_reports_each_level_against_the_one_below(capsys: pytest.CaptureFixture[str]) -> None:
    from ai.arena import main

    assert main(["--game", "double-or-nothing", "--studies", "duels,upgrades", "--duels", "2",
                 "--upgrade-games", "1", "--upgrade-game", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    pairs = [(p["level"], p["vs"], p["games"]) for p in report["duels"]["pairs"]]
    assert pairs == [("standard", "easy", 4), ("hard", "standard", 4)]
    assert set(report["upgrades"]["effects"]) == set(up.UPGRADES) and report["upgrades"]["rules"] == up.RULES
    assert main(["--game", "double-or-nothing", "--studies", "upgrades", "--upgrade-games", "1", "--upgrade-game", "1",
                 "--upgrade-rules", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["upgrades"]["rules"] == up.SECOND_RULES


def test_the_upgrade_study_measures_only_the_upgrades_named(capsys: pytest.CaptureFixture[str]) -> None:
    from ai.arena import main

    flags = ["--game", "double-or-nothing", "--studies", "upgrades", "--upgrade-games", "3", "--upgrade-game", "1"]
    assert main([*flags, "--upgrades", "reinforcements,toll"]) == 0
    some = json.loads(capsys.readouterr().out)["upgrades"]
    assert list(some["effects"]) == [up.REINFORCEMENTS, up.TOLL]
    assert main(flags) == 0
    every = json.loads(capsys.readouterr().out)["upgrades"]
    assert some["baseline"] == every["baseline"] and some["effects"]["toll"] == every["effects"]["toll"]
    with pytest.raises(SystemExit):
        main([*flags, "--upgrades", "reinforcement"])
    assert "unknown upgrade 'reinforcement'" in capsys.readouterr().err


def test_the_arena_measures_duel_lengths_by_game_number(capsys: pytest.CaptureFixture[str]) -> None:
    from ai.arena import main

    assert main(["--game", "double-or-nothing", "--studies", "lengths", "--pairings", "hint-hard,easy-easy",
                 "--length-games", "1,24", "--length-duels", "2", "--max-actions", "1000", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)["lengths"]
    assert set(report) == {"hint-hard", "easy-easy"}
    for per_game in report.values():
        assert set(per_game) == {"1", "24"} and per_game["1"]["ratio"] == 1.0
        assert all(row["duels"] == 2 and row["unfinished"] == 0 and row["median"] > 0 for row in per_game.values())
    with pytest.raises(SystemExit):
        main(["--game", "double-or-nothing", "--studies", "lengths", "--pairings", "hard-master"])


def test_the_bench_prints_actions_per_second_by_game_number(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.bench import main

    assert main(["--game", "double-or-nothing", "--game-number", "1,30", "--seconds", "0.01", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["actions_per_s"]) == {"1", "30"}
    assert all(rate > 0 for rate in report["actions_per_s"].values())


def test_the_hint_and_the_runner_read_the_spyglass_near_a_hands_end() -> None:
    """Of the plays that leave as few steps, the one the opponent can't answer; with no number shown, the weakest."""
    def position(theirs: str, dealt_lacks: tuple[int, ...] | None = None) -> Run:
        state = Run.position((parse_counts("1x2 1x7"), parse_counts(theirs)),
                             ([parse_counts("5x1 5x3")], [parse_counts("5x4 5x6")]), mode=Mode.RUN,
                             held=Held({up.SPYGLASS: 1}))
        if dealt_lacks is not None:
            state.dealt_lacks = dealt_lacks
        return state

    near_out = position("1x5").observation(0)  # one card: the Spyglass shows it holds only 5s
    assert near_out.opponent_lacks == (1, 2, 3, 4, 6, 7, 8) and near_out.opponent_lacks_now
    assert hint(near_out).action == Play(7, 7, 1) and Runner(3).decide(near_out) == Play(7, 7, 1)
    unknown = position("1x5 1x6", dealt_lacks=()).observation(0)  # dealt every number, not yet near out
    assert unknown.opponent_lacks == ()
    assert hint(unknown).action == Play(2, 2, 1) and Runner(3).decide(unknown) == Play(2, 2, 1)
