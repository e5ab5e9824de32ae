"""Scamper bots: they decide from the observation alone; each level's habits on literal hands."""

import pytest

from ai.scamper import LEVELS, make_bot
from engine.cards import Card
from engine.games import GAMES
from engine.scamper import CALL, DRAW_DISCARD, DRAW_STOCK, PASS, Discard, LayContract, Phase, SwapWild, new_game
from scamper_helpers import cards, game


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally(level):
    for seats in (2, 5):
        state = new_game(seats, {"rounds": 2, "advanced": True}, seed=seats)
        bots = [make_bot(level, seed=s) for s in range(seats)]
        for _ in range(5000):
            if state.is_over:
                break
            seat = state.current
            state.apply(bots[seat].decide(state.observation(seat)), seat)
        assert state.is_over and len(state.sheet.lines) == 2


def test_the_registry_makes_the_bots():
    info = GAMES["scamper"]
    assert [lv.id for lv in info.levels] == list(LEVELS)
    assert info.make_bot("hard", seed=1).level == "hard"
    with pytest.raises(ValueError):
        make_bot("master")


def test_standard_takes_the_discard_its_plan_wants_and_passes_a_useless_one():
    wanted = game("7H 7S 9D 9S 4C KD QC JH", "3C", discard="9C", phase=Phase.DRAW)
    assert make_bot("standard").decide(wanted.observation(0)) == DRAW_DISCARD
    useless = game("7H 7S 9D 9S 4C KD QC JH", "3C", discard="5H", phase=Phase.OPENING)
    assert make_bot("standard").decide(useless.observation(0)) == PASS
    assert make_bot("standard").decide(game("7H 7S", "3C", discard="5H", phase=Phase.DRAW).observation(0)) == DRAW_STOCK


@pytest.mark.parametrize("level", ["standard", "hard"])
def test_goes_down_when_the_contract_is_met(level):
    state = game("7H 7S X1 9D 9S 9C KD QC 4C", "3C")
    action = make_bot(level).decide(state.observation(0))
    assert isinstance(action, LayContract)
    state.apply(action)
    assert state.down[0]


@pytest.mark.parametrize("level", ["standard", "hard"])
def test_discard_keeps_what_the_contract_needs(level):
    state = game("7H 7S 9D 9S 5C KD AC 4H 3D", "3C")
    assert make_bot(level).decide(state.observation(0)) == Discard(Card("AC"))  # the dearest card the plan can spare


def test_hard_does_not_feed_the_next_player():
    state = game("7H 7S 9D 9S 6C KD QC", "5H 6H 7H 8H", melds=((1, "QS QD QH"), (1, "8H 9H TH")))
    assert make_bot("hard").decide(state.observation(0)) == Discard(Card("KD"))
    assert make_bot("standard").decide(state.observation(0)) != Discard(Card("KD"))


def test_hard_swaps_naturals_for_wilds_and_sheds_them():
    state = game("4H KD QC", "3C", melds=((0, "9S 9S 9C"), (1, "X1 5H 6H")))
    assert make_bot("hard").decide(state.observation(0)) == SwapWild(1, 0, Card("4H"))


def test_bots_always_call_scamper():
    state = game("KD QD", "3C", melds=((0, "9S 9S 9C"),), advanced=True)
    assert make_bot("standard").decide(state.observation(0)) == CALL


def test_no_taking_a_card_only_to_throw_it_back():
    # round 10 (a set of 8), a hand clogged with wilds: the 4D would go straight back, and two bots
    # doing that to each other would never empty the stock
    state = game("2C 4D 2H 4H 2S 4S X1 X1", "3C", discard="4D", round_no=10, phase=Phase.DRAW)
    assert make_bot("hard").decide(state.observation(0)) == DRAW_STOCK


def test_arena_and_bench_run_through_the_registry(capsys):
    import json

    from ai.arena import main as arena_main
    from engine.bench import main as bench_main

    assert arena_main(["--game", "scamper", "--players", "hard,easy", "--deals", "1", "--rounds", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["level"] for r in report["results"]] == ["hard", "easy"] and report["games"] == 2
    assert {"score_share", "ci95", "margin_per_round"} <= set(report["results"][0])
    assert bench_main(["--game", "scamper", "--seconds", "0.05"]) == 0
    assert "decisions_per_s" in json.loads(capsys.readouterr().out)


def test_t_interval_averages_per_deal():
    from ai.scamper.arena import t_interval, t_quantile

    assert abs(t_quantile(10) - 2.228) < 0.01 and abs(t_quantile(30) - 2.042) < 0.005
    assert t_interval([0.5, 0.5, 0.5]) == (0.5, 0.5)
    low, high = t_interval([0.0, 1.0, 0.5, 0.5])
    assert low < 0.5 < high


LONG_STOCK = " ".join(["5C", "6D", "8S", "TH", "JC", "3D"] * 8)  # 48 cards
HOLDABLE = "7H 7S 7C 9D 9S 9C KD QC 4C 6H"  # two sets of 3 laid would still leave KD QC 4C 6H


def test_hard_holds_its_contract_while_nobody_else_is_down_and_the_stock_is_long():
    state = game(HOLDABLE, "3C 5H 8D JS QH 4D AS TC", stock=LONG_STOCK)
    bot = make_bot("hard")
    action = bot.decide(state.observation(0))
    assert isinstance(action, Discard) and action.card in cards("KD QC 4C 6H")  # keeps both sets, sheds a spare
    assert bot.counts["hold"] == [1, 1]
    without = make_bot("hard", hold=False)
    assert isinstance(without.decide(state.observation(0)), LayContract)
    assert without.counts["hold"] == [0, 1]


@pytest.mark.parametrize("why, changes", [
    ("another player is down", {"melds": ((1, "QS QD QH"),)}),
    ("the stock is short", {"stock": "5C 6D 8S TH"}),
    ("laying sheds too much to risk (two jokers)", {"hand": "7H 7S X1 9D 9S X1 KD QC 4C 6H"}),
    ("laying leaves too little to hold for", {"hand": "7H 7S 7C 9D 9S 9C KD 4C 6H"}),
])
def test_hard_goes_down_at_once_when_holding_does_not_pay(why, changes):
    hand = changes.pop("hand", HOLDABLE)
    state = game(hand, "3C 5H 8D JS QH 4D AS TC", **{"stock": LONG_STOCK, **changes})
    bot = make_bot("hard")
    assert isinstance(bot.decide(state.observation(0)), LayContract), why
    assert bot.counts["hold"] == [0, 1]


def test_hard_goes_down_and_out_in_one_turn_after_holding():
    state = game("7H 7S 7C 9D 9S 9C KD KS KH 4C", "3C 5H 8D JS QH 4D AS TC", stock=LONG_STOCK)
    bot = make_bot("hard")
    lay = bot.decide(state.observation(0))
    assert isinstance(lay, LayContract)  # laying leaves one card: down now, and out this turn
    state.apply(lay)
    for _ in range(5):
        if state.current != 0 or len(state.sheet.lines) == 1:
            break
        state.apply(bot.decide(state.observation(0)))
    assert state.sheet.lines[-1].went_out == 0


def test_hard_decides_from_its_observation_alone():
    import random

    from engine.scamper import shuffle_hidden

    state = new_game(4, {"rounds": 2}, seed=3)
    rng = random.Random(5)
    for step in range(600):
        if state.is_over:
            break
        seat = state.current
        other = shuffle_hidden(state, seat, rng)
        assert other.observation(seat) == state.observation(seat)
        action = make_bot("hard", seed=step).decide(state.observation(seat))
        assert make_bot("hard", seed=step).decide(other.observation(seat)) == action
        state.apply(action, seat)


def test_arena_reports_how_often_hard_holds(capsys):
    import json

    from ai.scamper.arena import main

    assert main(["--players", "hard,hard:nohold", "--deals", "1", "--rounds", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["level"] for r in report["results"]] == ["hard", "hard:nohold"]
    held, never = report["behaviours"]["hard"]["hold"], report["behaviours"]["hard:nohold"]["hold"]
    assert held["opportunities"] > 0 and never["fired"] == 0 and never["opportunities"] > 0
    assert 0 <= held["rate"] <= 1


def test_arena_refuses_unknown_players():
    import argparse

    from ai.scamper.arena import _players

    assert _players("hard,hard:nohold,hard:hold=30/3/100") == ["hard", "hard:nohold", "hard:hold=30/3/100"]
    assert _players("expert,hard,expert:nohold") == ["expert", "hard", "expert:nohold"]
    for bad in ("hard,master", "hard,standard:nohold", "hard,hard:sometimes", "hard,hard:hold=30/3"):
        with pytest.raises(argparse.ArgumentTypeError):
            _players(bad)


def test_arena_judges_a_level_in_several_seats_as_one_side(capsys):
    import json

    from ai.scamper.arena import main

    assert main(["--players", "hard,standard,hard,standard", "--deals", "1", "--rounds", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    hard, standard = report["sides"]
    assert (hard["level"], hard["seats"], standard["level"]) == ("hard", 2, "standard")
    assert abs(hard["score_share"] + standard["score_share"] - 1) < 1e-9
    assert hard["margin_per_round"] == -standard["margin_per_round"]
    by_player = [r["margin_per_round"] for r in report["results"] if r["level"] == "hard"]
    assert abs(hard["margin_per_round"] - 0.75 * sum(by_player)) < 0.02  # the same points, averaged by side
    assert main(["--players", "hard,standard", "--deals", "1", "--rounds", "1"]) == 0
    assert "sides" not in json.loads(capsys.readouterr().out)


def test_the_old_arena_form_gives_the_same_report_in_worker_processes():
    from ai.scamper.arena import run

    options = {"rounds": 1, "stock_out": "replay"}
    alone = run(["hard", "standard", "hard", "standard"], 2, 3, options)
    shared = run(["hard", "standard", "hard", "standard"], 2, 3, options, jobs=2)
    for report in (alone, shared):
        assert report.pop("decision_ms")["hard"]["decisions"] > 0
    assert shared == alone and alone["games"] == 8 and len(alone["sides"]) == 2
