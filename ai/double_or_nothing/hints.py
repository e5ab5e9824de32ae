"""The table's Hint for Double or Nothing: Hard's choice from the asking seat's own observation, with a reason.

The hint sees only what the player may see (an :class:`Observation`), so it is
hot-seat safe; it is seeded, so the same position always gets the same advice.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.double_or_nothing import Observation, Pass, Phase, Play
from engine.double_or_nothing.counts import sub
from engine.double_or_nothing.plays import describe

from .bots import Hard, finishing
from .reading import steps

HINT_SEED = 15


@dataclass(frozen=True, slots=True)
class PlayHint:
    """``action`` is a :class:`Play` or the pass; ``reason`` says why in one short line."""

    action: Play | Pass
    reason: str


def hint(obs: Observation) -> PlayHint:
    """What Hard would do in ``obs`` (the seat to move, in the play phase), and why."""
    if not obs.my_turn or obs.phase is not Phase.PLAY:
        raise ValueError("a hint is for the seat to move, while playing")
    plays = [a for a in obs.legal_actions() if isinstance(a, Play)]
    action = Hard(HINT_SEED).choose_play(obs, plays)
    return PlayHint(action, _reason(obs, plays, action))


def _reason(obs: Observation, plays: list[Play], action: Play | Pass) -> str:
    draw = obs.pass_sizes[obs.seat]
    if not isinstance(action, Play):
        if not plays:
            return f"Nothing you hold beats it: pass. You draw {draw:,} and they lead."
        return f"Pass: answering would risk more cards than the trick is worth. You draw {draw:,} and they lead."
    what = describe(action)
    if action is finishing(plays, obs):
        return f"Play {what}: it empties your hand and wins it."
    verb = "Lead" if obs.top is None else "Answer with"
    left = steps(sub(obs.hand, action.counts()))
    plural = "s" if left != 1 else ""
    return f"{verb} {what}: it leaves your hand about {left} play{plural} from empty, the fewest of any choice."
