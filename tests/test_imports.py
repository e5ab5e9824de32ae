"""The engine and the AI never import pygame (they run headless, in tools and in search)."""

import subprocess
import sys


def _modules_after_import(package: str) -> set[str]:
    code = f"import sys, {package}, pkgutil, importlib\n"
    code += f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
    code += "    importlib.import_module(m.name)\n"
    code += "print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_engine_never_imports_pygame():
    modules = _modules_after_import("engine")
    assert "engine.sprint" in modules and "engine.records" in modules
    assert not any(m == "pygame" or m.startswith("pygame.") for m in modules)
