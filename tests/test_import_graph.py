"""The import graph of the project has no circle and its layers hold, counting every import.

Imports inside functions count, and so do those under ``if TYPE_CHECKING:``: a
circle held together by deferred or type-only imports is still a circle (it is
what made the old table impossible to take apart).  The graph without the
type-only imports is what runs; the check uses the graph with them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "engine", "ai")


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: Path, modules: set[str], type_only: bool = False, root: Path = ROOT) -> set[str]:
    """The project modules ``path`` imports (a package's ``__init__`` counts for ``from pkg import x``);
    with ``type_only`` those under ``if TYPE_CHECKING:`` too."""
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child) and not type_only:
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.add(alias.name)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                found.add(base)
                for alias in child.names:
                    found.add(f"{base}.{alias.name}")
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    # a module's own parent packages are set up before it runs whatever it imports, so they are no edge
    parents = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    return {m for m in found if m in modules and m != name and m not in parents}


def import_graph(type_only: bool = False) -> dict[str, set[str]]:
    paths = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules, type_only) for p in paths}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a list of modules (first repeated last), or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return None


def test_the_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


KNOWN_CIRCLES: dict[tuple[str, str], str] = {
    # Imports left out of the circle check, each naming its table: none today (a table's parts read the
    # kit's small state objects and Protocols, never their table class).
}
"""Imports (importer, imported) left out of the circle check, each naming its table; nothing else is."""


def test_the_project_has_no_import_cycle_counting_type_only_imports() -> None:
    graph = import_graph(type_only=True)
    assert "game.shell.app" in graph and graph["game.shell.app"], "the graph was read"
    gone = sorted(f"{a} -> {b}" for a, b in KNOWN_CIRCLES if b not in graph.get(a, set()))
    assert not gone, "no longer imported: take it off KNOWN_CIRCLES: " + ", ".join(gone)
    for a, b in KNOWN_CIRCLES:
        graph[a] = graph[a] - {b}
    cycle = find_cycle(graph)
    assert cycle is None, "import circle (type-only imports counted): " + " -> ".join(cycle or [])


def test_the_check_counts_type_only_and_deferred_imports(tmp_path: Path) -> None:
    """A module importing another only under ``if TYPE_CHECKING:``, or inside a function, is an edge."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n")
    (pkg / "b.py").write_text("def f():\n    from pkg import a\n")
    modules = {"pkg.a", "pkg.b", "pkg"}
    names = {path.stem: _imports(path, modules, True, tmp_path) for path in (pkg / "a.py", pkg / "b.py")}
    assert names == {"a": {"pkg.b"}, "b": {"pkg.a"}}
    assert find_cycle({"pkg.a": names["a"], "pkg.b": names["b"]}) is not None


def test_no_module_is_over_500_lines() -> None:
    """Anywhere outside the tests: the game, the engine and the AI."""
    too_long = [f"{p.relative_to(ROOT)}: {n}" for pkg in ("game", "engine", "ai") for p in (ROOT / pkg).rglob("*.py")
                if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500]
    assert not too_long, "split these modules: " + ", ".join(too_long)


LAYERS = (("game.base", "game.rules"), ("game.shell",), ("game.net",), ("game.kit",), ("game.screens", "game.tables"),
          ("game",))
"""The game's layers, bottom first (the engine and the AI sit below them all and import no ``game``):

- primitives: text, card art, the input pump and scenes (``game.base``), and beside them the rules pages
  (``game.rules``: each game's in-game rules text as data; they import only the engine);
- the shell (app, saves, settings, headless modes);
- network play (``game.net``: host, client, protocol; it runs headless on a dedicated host, so it imports only
  the engine, the AI and the shell's storage, and nothing of the kit, which draws);
- the kit (controllers, layout, drawing helpers shared by the tables);
- screens and tables on top; the package itself (its ``__main__``) above them.

A module imports only its own layer and those below it, type-only imports counted."""

LAYER_EXCEPTIONS = {
    ("game.shell.app", "game.screens"): "the app opens the title and a game's menu (to be handed in from above)",
    ("game.shell.app", "game.screens.game_menu"): "the same",
    ("game.shell.rest", "game.screens.game_menu"): "the resting loop names the screens that rest",
    ("game.shell.rest", "game.screens.new_game"): "the same",
    ("game.shell.rest", "game.screens.replays"): "the same",
    ("game.shell.rest", "game.screens.rules"): "the same",
    ("game.shell.rest", "game.screens.settings"): "the same",
    ("game.shell.rest", "game.screens.stats"): "the same",
    ("game.shell.rest", "game.screens.overlays"): "the same",
    ("game.shell.rest", "game.screens.lobby"): "the same (a table joined over the network: --idle-cpu net-ID)",
}
"""Known upward imports, each with its reason: the test fails on any other, and on one that is gone."""

NOT_YET_CHECKED: set[str] = set()
"""Modules left out of the layer check while they are being moved (none now: every module is checked)."""


def layer_of(module: str) -> int | None:
    """The layer index of a module of ``game`` (the longest matching prefix), ``None`` outside ``game``."""
    best: tuple[int, int] | None = None
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (index, len(prefix))
    return None if best is None else best[0]


def upward_imports(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Each ``(importer, imported)`` where a module of ``game`` imports from a layer above its own."""
    found = set()
    for module, imported in graph.items():
        mine = layer_of(module)
        if mine is None:
            continue
        for other in imported:
            theirs = layer_of(other)
            if theirs is not None and theirs > mine and other != "game":
                found.add((module, other))
    return found


def test_the_layer_finder_sees_an_upward_import() -> None:
    graph = {"game.shell.app": {"game.kit.ui", "game.base.text"}, "game.kit.ui": {"game.base.text"},
             "game.base.text": set(), "game.tables.snap.table": {"game.kit.ui", "game.shell.app"}}
    assert upward_imports(graph) == {("game.shell.app", "game.kit.ui")}


def test_the_layers_hold_counting_type_only_imports() -> None:
    found = {(a, b) for a, b in upward_imports(import_graph(type_only=True)) if a not in NOT_YET_CHECKED}
    unexpected = sorted(f"{a} imports {b}" for a, b in found - set(LAYER_EXCEPTIONS))
    assert not unexpected, "an import goes up the layers (base, rules < shell < net < kit < screens, tables):\n" + "\n".join(unexpected)
    gone = sorted(f"{a} -> {b}" for a, b in set(LAYER_EXCEPTIONS) - found)
    assert not gone, "no longer imported: take it off LAYER_EXCEPTIONS: " + ", ".join(gone)


def test_the_engine_and_the_ai_import_nothing_of_the_game() -> None:
    """Below every layer of ``game``: the engine imports neither the AI nor the game, the AI not the game."""
    above = {"engine": ("ai", "game"), "ai": ("game",)}
    wrong = sorted(f"{module} imports {other}" for module, imported in import_graph(type_only=True).items()
                   for other in imported for top in above.get(module.split(".")[0], ())
                   if other == top or other.startswith(top + "."))
    assert not wrong, "\n".join(wrong)



def test_network_play_imports_no_screen_table_kit_or_pygame() -> None:
    """game/net runs headless (the dedicated host): it may import the engine, the AI and the shell's storage."""
    graph = import_graph(type_only=True)
    allowed = ("engine", "ai", "game.shell", "game.net")
    wrong = sorted(f"{module} imports {other}" for module, imported in graph.items() if module.startswith("game.net")
                   for other in imported if other != "game" and not any(other == a or other.startswith(a + ".") for a in allowed))
    assert not wrong, "\n".join(wrong)
    for path in (ROOT / "game" / "net").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        names += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [n for n in names if n.split(".")[0] == "pygame"], path
