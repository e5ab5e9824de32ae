"""The race games' Matched level (ai.matched): the estimate, the speed it picks, the judged share, the profile's file form."""

from __future__ import annotations

import random

import pytest

from ai.matched import (
    PRIOR_MS, STRENGTHS, MatchedScheduler, ReactionProfile, contest_share, family, matched_mean, stay_curve, strength_of,
)
from ai.matched_study import study
from ai.reaction import main as reaction_main
from engine.games import GAMES
from game.shell.stats import Statistics
from game.shell.storage import DataError


def censored_profile(human_ms: float, bot_ms: float, n: int, seed: int) -> ReactionProfile:
    """What a Matched bot sees of a person of mean ``human_ms`` racing a bot of ``bot_ms``: the calls they won, and
    the matches the bot (or a later card) took first."""
    rng = random.Random(seed)
    human, bot = family(human_ms), family(bot_ms)
    profile = ReactionProfile()
    for _ in range(n):
        h = None if rng.random() < human.miss else human.reaction(rng)
        b = None if rng.random() < bot.miss else bot.reaction(rng)
        end = min(t for t in (b, rng.uniform(1500, 4000)) if t is not None)
        if h is not None and h <= end:
            profile.add("calls", h)
        else:
            profile.add("lost", end)
    return profile


@pytest.mark.parametrize("human_ms", [300, 650, 1000])
def test_the_estimate_converges_on_censored_data(human_ms):
    """Half the calls are lost to the bot (only "slower than this" is known), yet the fit finds the person's mean."""
    estimates = [censored_profile(human_ms, human_ms, 100, seed).mean_ms for seed in range(8)]
    assert abs(sum(estimates) / len(estimates) - human_ms) < 0.04 * human_ms
    assert all(abs(e - human_ms) < 0.12 * human_ms for e in estimates)
    # the calls alone would make them look quicker than they are: the lost matches are what keep it honest
    calls_only = ReactionProfile(calls=censored_profile(human_ms, human_ms, 100, 1).calls)
    assert calls_only.mean_ms < 0.93 * human_ms


def test_with_no_data_a_person_is_the_prior_and_a_few_calls_move_it():
    assert ReactionProfile().mean_ms == PRIOR_MS
    quick = ReactionProfile(calls=[300, 320, 280, 310, 290])
    assert quick.mean_ms < 400


@pytest.mark.parametrize("strength", list(STRENGTHS))
@pytest.mark.parametrize("human_ms", [300, 700, 1000])
def test_its_speed_wins_the_chosen_share_of_contests(strength, human_ms):
    target = STRENGTHS[strength]
    bot = matched_mean(human_ms, target)
    assert abs(contest_share(bot, human_ms) - target) < 0.02
    # and the share by sampling both sides agrees with the sums
    rng = random.Random(3)
    b, h = family(bot), family(human_ms)
    wins = sum(b.reaction(rng) < h.reaction(rng) for _ in range(6000)) / 6000
    assert abs(wins - target) < 0.03
    assert (bot < human_ms) == (target > 0.5) or target == 0.5


def test_matches_that_go_soon_favour_the_quicker_side():
    """A match covered after ~500 ms is a contest only when someone is quick: a slower bot must then be nearer."""
    stay = stay_curve([500] * 30, [])
    assert stay is not None and stay[10] == 1.0 and stay[-1] == 0.0
    assert contest_share(700, 600, stay) < contest_share(700, 600)
    assert matched_mean(600, 0.35, stay) < matched_mean(600, 0.35)


@pytest.mark.parametrize("game", ["snap", "ratscrew"])
def test_a_short_seeded_simulation_lands_near_the_target(game):
    """A person far from the prior (900 ms) against Tough: the share of 50 contests, over 4 seeds."""
    result = study(GAMES[game], "tough", 900, 50, seed=11, seeds=4)
    assert abs(result["contested_share"]["50"] - 0.65) < 0.08, result
    assert all(abs(m - 900) < 150 for m in result["estimated_mean_ms"]), result
    # a bot that stayed at the prior's speed would win far more than half against this person
    assert contest_share(matched_mean(PRIOR_MS, 0.5), 900) > 0.8


def test_the_command_prints_the_share_at_each_checkpoint(capsys):
    assert reaction_main(["--game", "snap", "--matched", "gentle", "--human-mean", "500", "--contests", "20",
                          "--json"]) == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert list(out["contested_share"]) == ["20"] and out["target"] == 0.35
    assert reaction_main(["--game", "snap", "--matched", "fierce", "--json"]) == 2


def test_levels_and_their_bots():
    for game in ("snap", "ratscrew"):
        info = GAMES[game]
        assert [lv.id for lv in info.levels if lv.id.startswith("matched-")] == [
            "matched-gentle", "matched-even", "matched-tough"]
        you = ReactionProfile(calls=[900] * 20)
        bot = info.make_bot("matched-tough", seed=1, opponents={0: you})
        assert isinstance(bot, MatchedScheduler) and bot.target == 0.65
        assert bot.reflexes.mean_ms < 900  # quicker than you, to win two in three
        assert "Learns your speed" in info.level("matched-even").blurb and "half" in info.level("matched-even").blurb
    assert strength_of("matched-even") == "even" and strength_of("medium") is None


def test_several_humans_it_races_the_fastest():
    slow, fast = ReactionProfile(calls=[1000] * 30), ReactionProfile(calls=[350] * 30)
    bot = GAMES["snap"].make_bot("matched-even", seed=1, opponents={0: slow, 2: fast})
    assert abs(bot.reflexes.mean_ms - fast.mean_ms) < 40


def test_profiles_are_kept_in_the_statistics_and_a_bad_one_is_refused():
    stats = Statistics()
    stats.profiles["Ann"] = ReactionProfile(calls=[400, 450], lost=[600], gone=[900], taken=[400], offset=-12)
    again = Statistics.from_json(stats.to_json())
    assert again.profiles["Ann"] == stats.profiles["Ann"] and again.profiles["Ann"].offset == -12
    old = Statistics().to_json()
    assert "profiles" not in old and Statistics.from_json(old).profiles == {}  # an older file has none
    bad = stats.to_json()
    bad["profiles"]["Ann"]["calls"] = [400, "fast"]
    with pytest.raises(DataError, match="calls"):
        Statistics.from_json(bad)


def test_a_matched_bot_is_named_in_one_form_at_every_table():
    """Ratscrew showed "Ada (Matched-Even)", Snap "Matched (Even) bot": both now come from level_title."""
    from types import SimpleNamespace

    from game.kit.scorepanel import level_title, seat_label
    from game.tables.snap.table import SnapTable

    ada = SimpleNamespace(name="Ada", kind="ai", level="matched-even", extra={})
    assert level_title("matched-even") == "Matched Even" and level_title("medium") == "Medium"
    assert seat_label(ada) == "Ada (Matched Even)"  # Ratscrew's, Sprint's, Scamper's seats
    snap = SimpleNamespace(record=SimpleNamespace(players=[ada]), replaying=False, solo=None)
    assert SnapTable.seat_keys_line(snap, 0) == "Matched Even bot"
