"""The engine and the AI never import pygame (they run headless, in tools and in search)."""

import subprocess

import pytest
import sys


def _modules_after_import(package: str) -> set[str]:
    code = f"import sys, {package}, pkgutil, importlib\n"
    code += f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
    code += "    importlib.import_module(m.name)\n"
    code += "print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("package,core", [("engine", "engine.sprint"), ("ai", "ai.sprint.bots")])
def test_never_imports_pygame(package, core):
    modules = _modules_after_import(package)
    assert core in modules
    assert not any(m == "pygame" or m.startswith("pygame.") for m in modules)
