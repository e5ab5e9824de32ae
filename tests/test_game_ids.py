"""No module outside a game's own folders names a game by its id: the registry is the one place.

A game's own folders are ``engine/<game>/``, ``ai/<game>/`` and ``game/tables/<game>/``
(``<game>`` the id with ``_`` for ``-``), and its rules page ``game/rules/<game>.py``
(the one page a game has: a module of the shared rules reader, named like its game).
Everything else reads games from :mod:`engine.games` (exempt: it is where the ids are
declared).  Only string literals used as values count: docstrings and comments may
talk about a game.
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "engine", "ai")
REGISTRY = "engine/games.py"

ALLOWED: dict[str, str] = {
    # file: why it still names a game (each entry is a known offender to fold); none left
}
"""Known offenders: the test fails on any other and on an entry that no longer offends."""


def _stem(game_id: str) -> str:
    return game_id.replace("-", "_")


def _belongs_to_a_game(rel: Path) -> bool:
    parts = rel.parts
    for game in GAMES:
        stem = _stem(game)
        if parts[:2] in (("engine", stem), ("ai", stem)) or parts[:3] == ("game", "tables", stem):
            return True
        if rel.as_posix() == f"game/rules/{stem}.py":
            return True
    return False


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def id_literals(source: str, ids: set[str]) -> list[tuple[int, str]]:
    """``(line, id)`` of each string literal in ``source`` that is exactly a game id (docstrings left out)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and node.value in ids and id(node) not in docs)


def offenders() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel.as_posix() == REGISTRY or _belongs_to_a_game(rel):
                continue
            hits = id_literals(path.read_text(encoding="utf-8"), set(GAMES))
            if hits:
                found[rel.as_posix()] = [f"{rel.as_posix()}:{line}: {value!r}" for line, value in hits]
    return found


def test_the_finder_finds_ids_but_not_docstrings_or_other_words() -> None:
    source = '"""Sprint\'s "sprint" is named here."""\nA = "sprint"\nB = {"snap": 1}\nC = "snappy"\n'
    assert id_literals(source, {"sprint", "snap"}) == [(2, "sprint"), (3, "snap")]


def test_a_game_owns_its_folders_and_its_rules_page_only() -> None:
    assert _belongs_to_a_game(Path("game/tables/snap/view.py"))
    assert _belongs_to_a_game(Path("engine/double_or_nothing/state.py"))
    assert _belongs_to_a_game(Path("ai/sprint/bots.py"))
    assert _belongs_to_a_game(Path("game/rules/double_or_nothing.py"))
    assert not _belongs_to_a_game(Path("ai/snap_arena.py"))  # named like a game, outside its folder
    assert not _belongs_to_a_game(Path("ai/arena.py"))
    assert not _belongs_to_a_game(Path("game/shell/session.py"))
    assert not _belongs_to_a_game(Path("game/screens/new_game.py"))


def test_no_module_outside_a_game_names_a_game_id() -> None:
    found = offenders()
    unexpected = [hit for path, hits in found.items() if path not in ALLOWED for hit in hits]
    assert not unexpected, "name games through engine.games, not by id:\n" + "\n".join(unexpected)
    stale = [path for path in ALLOWED if path not in found]
    assert not stale, "no longer names a game: take it off ALLOWED: " + ", ".join(stale)


OLD_COMMANDS = {"ai/snap_arena.py", "ai/ratscrew_arena.py", "ai/ceiling.py"}
"""Old command lines kept as forwarders to a game's own module (they say so when run); nothing else may."""


def module_paths(source: str, stems: set[str]) -> list[tuple[int, str]]:
    """``(line, path)`` of each import, and each string naming a module (``a.b`` or ``a.b:C``), with a game's package
    as one of its parts (docstrings left out)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    names: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append((node.lineno, node.module))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if " " not in node.value and "." in node.value:
                names.append((node.lineno, node.value.partition(":")[0]))
    return sorted((line, name) for line, name in names if stems & set(name.split(".")))


def test_the_module_path_finder_finds_imports_and_class_paths() -> None:
    source = 'import ai.snap.bots\nfrom engine.sprint import Round\nX = "engine.snap.counts:Deck"\nY = "a snap.b"\n'
    assert module_paths(source, {"snap", "sprint"}) == [(1, "ai.snap.bots"), (2, "engine.sprint"), (3, "engine.snap.counts")]


def test_no_module_outside_a_game_imports_or_names_a_game_s_modules() -> None:
    stems = {_stem(game) for game in GAMES}
    found = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel.as_posix() in (REGISTRY, *OLD_COMMANDS) or _belongs_to_a_game(rel):
                continue
            found += [f"{rel.as_posix()}:{line}: {name}" for line, name in module_paths(path.read_text(encoding="utf-8"), stems)]
    assert not found, "reach a game's modules through engine.games, not by name:\n" + "\n".join(found)


def test_who_starts_is_a_registry_flag_the_setup_obeys() -> None:
    import random

    from game.shell.session import GameSetup, SeatConfig

    choosers = [info.id for info in GAMES.values() if info.who_starts]
    assert choosers, "a game lets the players choose who starts"
    for game in choosers:
        seats = [SeatConfig("You"), SeatConfig("Ada", "ai", GAMES[game].default_level)]
        record, _ = GameSetup(seats, first=1, deal=7, game=game).start(random.Random(1))
        assert record.first_player == 1
        randomly, _ = GameSetup(seats, first=None, deal=7, game=game).start(random.Random(1))
        assert randomly.first_player == random.Random(7).randrange(2)  # as before: the deal number picks


def test_a_saved_game_keeps_the_think_budget_of_every_thinking_level(monkeypatch) -> None:
    """Which levels take a think budget is the registry's per-level flag, not a level id."""
    import dataclasses
    import random
    from types import SimpleNamespace

    import engine.games as games
    from game.shell.resume import round_data
    from game.shell.session import GameSetup, SeatConfig

    sprint = next(info for info in GAMES.values() if info.who_starts)
    assert [lv.id for lv in sprint.levels if lv.thinks] == ["master"]
    levels = tuple(dataclasses.replace(lv, thinks=lv.id == "standard") for lv in sprint.levels)
    monkeypatch.setitem(games.GAMES, sprint.id, dataclasses.replace(sprint, levels=levels))
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard"), SeatConfig("Ben", "ai", "master")],
                      deal=3, game=sprint.id)
    record, state = setup.start(random.Random(1))
    data = round_data(SimpleNamespace(record=record, state=state, setup=setup, app=SimpleNamespace(think_ms=700)))
    assert [p.get("think_ms") for p in data["players"]] == [None, 700, None]


def test_the_shared_setup_has_no_game_s_fields_sprint_s_match_lives_in_its_options() -> None:
    import dataclasses

    from game.shell.session import GameSetup, SeatConfig
    from game.tables.sprint.match import match_rounds, next_round, played, restore_setup, saved_setup

    assert {f.name for f in dataclasses.fields(GameSetup)} == {"seats", "first", "deal", "game", "options"}
    assert not any(hasattr(GameSetup, name) for name in ("match_rounds", "next_round", "played"))
    sprint = next(info for info in GAMES.values() if info.who_starts)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], game=sprint.id)
    restore_setup(setup, {"first": 1, "deal": 5, "match": 3, "played": [[12, -3]]})  # a save's setup, as ever
    assert match_rounds(setup) == 3 and played(setup) == [(12, -3)]
    assert saved_setup(setup) == {"match": 3, "played": [[12, -3]]}
    second = next_round(setup, (4, 9))
    assert played(second) == [(12, -3), (4, 9)] and second.deal is None and played(setup) == [(12, -3)]
    assert played(next_round(second, (1, 1))) == []  # after the last round a new match starts


def test_every_game_has_the_one_shape() -> None:
    """``engine/<game>/``, ``ai/<game>/``, ``game/tables/<game>/`` (its scene in ``table.py``, drawing in
    ``view.py``, its part of the headless modes in ``tools.py``) and ``game/rules/<game>.py``; every part the
    registry names lies in them."""
    for info in GAMES.values():
        stem = _stem(info.id)
        folders = [f"engine/{stem}/", f"ai/{stem}/"] + ([f"game/tables/{stem}/"] if info.playable else [])
        for folder in folders:
            assert (ROOT / folder / "__init__.py").is_file(), f"{info.id}: no package {folder}"
        if info.playable:
            for name in ("table", "view", "tools"):
                assert (ROOT / f"game/tables/{stem}/{name}.py").is_file(), f"{info.id}: no game/tables/{stem}/{name}.py"
            assert (ROOT / f"game/rules/{stem}.py").is_file(), f"{info.id}: no rules page game/rules/{stem}.py"
        parts = (info.rules_module, info.script, info.bots, info.arena, info.bench, info.table, info.tools, info.rules_pages)
        for path in filter(None, parts):
            where = _module_file(path)
            assert any(where.startswith(f) for f in folders + [f"game/rules/{stem}.py"]), \
                f"{info.id}: {path} lies outside the game's folders"


def _module_file(path: str) -> str:
    """``"ai.snap.arena:ARENA"`` as ``"ai/snap/arena.py"`` (a package as its ``__init__.py``)."""
    module = path.partition(":")[0].replace(".", "/")
    return f"{module}/__init__.py" if (ROOT / module).is_dir() else f"{module}.py"
