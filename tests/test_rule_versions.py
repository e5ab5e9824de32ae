"""Rule versions: records made before a rule changed replay exactly under the rules they were played with.

The files in ``tests/data/before_issue22`` were written by the game as it was
before issue 22 (commit 59dc041, bots replaced by random legal play): Scamper
at 9 seats (five packs then, six now) and with the Advanced rules off (no
first dealer's -20 then), Snap with each kind of pile, and Ratscrew.  Their
options lack ``edition`` (and Snap's ``late_ms``), so they are read with the
first rules (:mod:`engine.versions`); each replays to the scores it recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import EDITION
from engine.envelope import RecordError
from engine.games import GAMES, load_record
from engine.versions import with_legacy

OLD = Path(__file__).parent / "data" / "before_issue22"


@pytest.mark.parametrize("path", sorted(OLD.glob("*.json")), ids=lambda p: p.stem)
def test_a_record_from_before_the_rule_changes_replays_exactly(path: Path) -> None:
    data = json.loads(path.read_text())
    assert EDITION not in data["options"]
    record = load_record(path.read_text())  # checks the recorded scores against the replay
    assert record.scores is not None and list(record.scores) == data["scores"]
    assert record.options[EDITION] == 1
    if data["format"].startswith("snap/"):
        assert record.options["late_ms"] == 0
    again = load_record(record.dumps())  # written back, it names its rules and still replays the same
    assert again.options == record.options and again.final_state().snapshot() == record.final_state().snapshot()


@pytest.mark.parametrize("name", ["scamper_9_seats", "scamper_plain_first_dealer"])
def test_read_with_the_current_rules_an_old_scamper_record_would_not_replay(name: str) -> None:
    data = json.loads((OLD / f"{name}.json").read_text())
    data["options"][EDITION] = 2
    with pytest.raises(RecordError):
        load_record(json.dumps(data))


def test_new_games_play_the_current_rules_and_write_them_down() -> None:
    for game in ("snap", "ratscrew", "scamper"):
        info = GAMES[game]
        options = info.resolve_options({})
        assert options[EDITION] == 2
        assert with_legacy(info.options, options) == options  # a record that names its rules keeps them
    assert GAMES["snap"].resolve_options({})["late_ms"] == 250


def test_with_legacy_fills_only_missing_versioned_options() -> None:
    options = GAMES["snap"].options
    assert with_legacy(options, {}) == {EDITION: 1, "late_ms": 0}
    assert with_legacy(options, {"late_ms": 100, "variant": "shared"}) == {"late_ms": 100, "variant": "shared", EDITION: 1}
    assert with_legacy(options, None) == {EDITION: 1, "late_ms": 0}
    assert with_legacy(options, ["not", "an", "object"]) == ["not", "an", "object"]


@pytest.mark.parametrize("path", sorted(OLD.glob("*.json")), ids=lambda p: p.stem)
def test_a_new_deal_after_an_old_record_gets_the_current_rules(path: Path) -> None:
    """Play again after resuming or watching an old record deals under today's rules, not the first ones."""
    from game.shell.session import GameSetup

    record = load_record(path.read_text())
    setup = GameSetup.from_record(record)
    fresh, _state = setup.start(__import__("random").Random(1))
    info = record.info
    assert fresh.options[EDITION] == info.resolve_options({})[EDITION] == 2
    for option in info.options:
        if option.legacy is not None:
            assert fresh.options[option.key] == option.default
    replay = GameSetup.from_record(record).open(__import__("random").Random(1), replay=record)[0]
    assert replay.options[EDITION] == 1  # watching it again still replays it as it was played


def test_the_new_game_screen_offers_no_rules_edition() -> None:
    for game in ("snap", "ratscrew", "scamper"):
        keys = [option.key for option in GAMES[game].menu_options]
        assert EDITION not in keys and len(keys) == len(GAMES[game].options) - 1
