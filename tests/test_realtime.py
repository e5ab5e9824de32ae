"""The game-neutral real-time core: tie windows per kind of claim, and the order of time."""

from __future__ import annotations

import pytest

from engine.realtime import Claim, Claims, earliest, why_untimely


def test_a_window_gathers_claims_up_to_tie_ms_after_the_first_and_closes_just_past_it() -> None:
    claims = Claims(tie_ms=40)
    claims.add(Claim(0, "slap", 1000))
    claims.add(Claim(2, "slap", 1040))
    assert claims.next_deadline() == 1041 and claims.has_called(2, "slap") and not claims.has_called(1, "slap")
    assert claims.close_due(1040) == []
    (window,) = claims.close_due(1041)
    assert window.seats == (0, 2) and window.is_tie and not claims


def test_kinds_have_their_own_windows_closed_earliest_first() -> None:
    claims = Claims(tie_ms=10)
    claims.add(Claim(1, "snap-pot", 500))
    claims.add(Claim(0, "snap", 495))
    assert [w.kind for w in claims.close_due(600)] == ["snap", "snap-pot"]


def test_tie_window_is_a_setting_from_0_to_150() -> None:
    with pytest.raises(ValueError):
        Claims(tie_ms=151)
    instant = Claims(tie_ms=0)
    instant.add(Claim(0, "snap", 7))
    assert instant.next_deadline() == 8


def test_time_never_runs_back_and_due_timers_come_first() -> None:
    assert why_untimely(100, 100, None) is None
    assert "already reached" in (why_untimely(99, 100, None) or "")
    assert "advanced" in (why_untimely(141, 100, 141) or "")
    assert earliest(None, 7, 3) == 3 and earliest(None) is None
