"""Scamper's timing (python -m ai.scamper.timing): race-round hand sizes and Expert with other weights."""

import pytest

from ai.scamper import timing
from engine.scamper import CONTRACTS, hand_size


def test_the_timing_times_hands_of_the_dealt_size_and_expert_with_other_weights(capsys):
    report = timing.run(hands=2, size=None, wilds=1, seed=1, expert="deny_weight=8")
    assert report["hand_size"] == "dealt + 1" and report["expert"] == "deny_weight=8"
    assert report["decision_cpu_ms"]["expert"]["n"] == 4  # each hand: the draw, then the play
    with pytest.raises(SystemExit):
        timing.main(["--expert", "bogus=1"])
    assert "unknown variant 'bogus=1'" in capsys.readouterr().err


def test_a_dealt_size_hand_holds_the_rounds_cards_and_the_one_drawn(monkeypatch):
    sizes = []
    real = timing.hand_with_wilds

    def spy(rng, size, wilds):
        sizes.append(size)
        return real(rng, size, wilds)

    monkeypatch.setattr(timing, "hand_with_wilds", spy)
    timing.run(hands=10, size=None, wilds=1, seed=2)
    assert sizes == [hand_size(contract) + 1 for contract in CONTRACTS]
