"""Game records: the on-disk format, round trips, and clear messages for bad files."""

import json
import random

import pytest

from engine.sprint.records import FORMAT, PlayerInfo, Record, RecordError
from engine.sprint import Round


def finished_record(seed=123, players=2):
    rng = random.Random(seed)
    record, state = Record.new(
        [PlayerInfo("Ann"), PlayerInfo("Bot", "ai", "standard")] + [PlayerInfo(f"P{i}") for i in range(players - 2)],
        seed,
    )
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        record.append(state.current, action, state.apply(action))
    return record, state


def test_the_format_on_disk():
    record, state = finished_record()
    data = json.loads(record.dumps())
    assert data["format"] == FORMAT and data["seed"] == 123 and data["first_player"] == 0
    assert data["players"] == [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "standard"}]
    assert len(data["deal"]["hands"]) == 2 and len(data["deal"]["discard"]) == 1
    assert data["actions"][0] == {"player": 0, "type": "draw", "source": data["actions"][0]["source"]}
    assert data["scores"] == list(state.result.scores)
    # the deal is the seed's deal, stock top first
    fresh = Round.deal(2, 123)
    assert data["deal"]["stock"][0] == str(fresh.stock[-1])


def test_round_trip_gives_the_identical_state():
    for seed in range(20):
        record, state = finished_record(seed, 2 + seed % 4)
        again = Record.loads(record.dumps())
        assert again.final_state() == state
        assert again.to_json() == record.to_json()


def test_a_round_in_progress_round_trips():
    record, state = Record.new([PlayerInfo("A"), PlayerInfo("B"), PlayerInfo("C")], 8, first_player=2)
    for _ in range(10):
        action = state.legal_actions()[0]
        record.append(state.current, action, state.apply(action))
    data = record.to_json()
    assert "scores" not in data
    assert Record.from_json(data).final_state() == state


def test_extra_fields_are_kept():
    record, _ = finished_record()
    data = record.to_json()
    data["settings"] = {"think_ms": 1000}
    data["players"][1]["colour"] = "red"
    assert Record.from_json(data).to_json() == data


def _broken(mutate):
    record, _ = finished_record()
    data = record.to_json()
    mutate(data)
    with pytest.raises(RecordError) as err:
        Record.from_json(data)
    return str(err.value)


def test_bad_records_name_the_first_bad_field():
    assert _broken(lambda d: d.update(format="rummy/1")).startswith("format:")
    assert "newer version" in _broken(lambda d: d.update(format="sprint-snap-score/2"))
    assert _broken(lambda d: d.update(seed="x")).startswith("seed:")
    assert _broken(lambda d: d.update(players=[d["players"][0]])).startswith("players:")
    assert _broken(lambda d: d["players"][1].pop("level")).startswith("players[1].level:")
    assert _broken(lambda d: d["players"][0].update(kind="robot")).startswith("players[0].kind:")
    assert _broken(lambda d: d.update(first_player=5)).startswith("first_player:")
    assert _broken(lambda d: d["deal"]["hands"][1].__setitem__(2, "ZZ")).startswith("deal.hands[1][2]:")
    assert "dealt twice" in _broken(lambda d: d["deal"]["stock"].__setitem__(0, d["deal"]["discard"][0]))
    assert _broken(lambda d: d["deal"]["stock"].pop()).startswith("deal: the deal is missing")
    assert _broken(lambda d: d["actions"][0].update(type="jump")).startswith("actions[0].type:")
    assert _broken(lambda d: d["actions"][0].update(source="sky")).startswith("actions[0].source:")
    # the game, not the record, says who may act: Sprint refuses out of turn
    assert _broken(lambda d: d["actions"][1].update(player=1)).startswith("actions[1]: player 1 can't")
    assert _broken(lambda d: d["actions"][1].update(player=1)).endswith("It is not your turn.")
    assert _broken(lambda d: d.update(scores=[99, 0])).startswith("scores: recorded")


def test_an_illegal_action_is_named_with_its_reason():
    def mutate(d):
        d["actions"][1] = {"player": 0, "type": "lay", "cards": ["7H", "8H", "9D"]}
    message = _broken(mutate)
    assert message.startswith("actions[1]: player 0 can't lay")


def test_not_json():
    with pytest.raises(RecordError, match="not a JSON record"):
        Record.loads("{oops")
    with pytest.raises(RecordError, match="JSON object"):
        Record.loads("[1, 2]")


def test_action_after_the_end_is_named():
    record, _ = finished_record()
    data = record.to_json()
    data["actions"].append({"player": 0, "type": "draw", "source": "stock"})
    data.pop("scores")
    with pytest.raises(RecordError, match=r"actions\[\d+\]: the round is already over"):
        Record.from_json(data)


def test_deeply_nested_json_is_a_record_error():
    with pytest.raises(RecordError):
        Record.loads("[" * 100000 + "]" * 100000)


JUNK = [None, True, 0, -1, 10**30, 1.5, "", "x", "²", [], [1], {}, {"a": 1}]


def _paths(value, path=()):
    """Every place in a JSON value, as key paths."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _paths(v, path + (i,))


def test_any_wrong_value_anywhere_is_a_record_error():
    """Fuzz: replace each field (or drop it) with junk; only RecordError may come out."""
    record, _ = finished_record(seed=4)
    base = record.to_json()
    base["actions"] = base["actions"][:6]
    base.pop("scores")
    base["scores"] = None
    for path in list(_paths(base))[1:]:
        for junk in JUNK + ["drop"]:
            data = json.loads(json.dumps(base))
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            if junk == "drop":
                if isinstance(parent, dict):
                    del parent[path[-1]]
                else:
                    parent.pop(path[-1])
            else:
                parent[path[-1]] = junk
            try:
                Record.from_json(data)
            except RecordError as exc:
                assert str(exc)
            # loading may also succeed (e.g. a dropped optional field)
    data = json.loads(json.dumps(base))
    for junk in JUNK:
        data["scores"] = junk
        if junk is None:
            continue
        with pytest.raises(RecordError, match="scores"):
            Record.from_json(data)


@pytest.mark.parametrize("field", ["seed", "first_player", "player"])
def test_a_number_too_long_to_convert_is_a_record_error(field):
    text = finished_record()[0].dumps()
    huge = "9" * 5000
    if field == "player":
        text = text.replace('"player":0', f'"player":{huge}', 1)
    else:
        text = text.replace(f'"{field}":', f'"{field}":{huge},"was":', 1)
    with pytest.raises(RecordError):
        Record.loads(text)
    with pytest.raises(RecordError):
        Record.loads(text.encode())


def test_a_newer_format_with_an_absurd_version_number_is_not_a_crash():
    from engine.sprint.records import is_newer_format

    assert not is_newer_format("sprint-snap-score/" + "9" * 5000)
    assert is_newer_format("sprint-snap-score/2") and not is_newer_format("sprint-snap-score/01")
    with pytest.raises(RecordError):
        Record.loads(json.dumps({"format": "sprint-snap-score/" + "9" * 5000}))


def test_the_seed_must_give_the_deal():
    assert "seed:" in _broken(lambda d: d.update(seed=d["seed"] + 1))
    record, state = finished_record(seed=77, players=4)
    data = record.to_json()
    data["first_player"] = 3  # who starts does not change the deal
    data["actions"], data["scores"] = [], None
    assert Record.from_json(data).deal == record.deal
    data["seed"] = None  # a deal written out by hand has no seed to check
    assert Record.from_json(data).deal == record.deal


def test_names_and_levels_are_bounded():
    from engine.sprint.records import MAX_NAME_LENGTH

    assert _broken(lambda d: d["players"][0].update(name="A" * (MAX_NAME_LENGTH + 1))).startswith("players[0].name:")
    assert _broken(lambda d: d["players"][1].update(level="s" * 200_000)).startswith("players[1].level:")
    record, _ = finished_record()
    data = record.to_json()
    data["players"][0]["name"] = "N" * MAX_NAME_LENGTH
    assert Record.from_json(data).players[0].name == "N" * MAX_NAME_LENGTH
