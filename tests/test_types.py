"""The engine and the AI are fully typed: ``mypy --strict engine ai`` stays clean; so does the game's setup."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def strict(tmp_path: Path, *paths: str) -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    assert mypy, "mypy is a dev extra, installed by `make test`"
    result = subprocess.run([mypy, "--strict", "--cache-dir", str(tmp_path), *paths], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:]


def test_engine_and_ai_pass_mypy_strict(tmp_path):
    strict(tmp_path, "engine", "ai")


def test_the_game_setup_passes_mypy_strict(tmp_path):
    """game/shell/session.py (what every new game, resume and network game is set up from) is typed too."""
    strict(tmp_path, "game/shell/session.py")
