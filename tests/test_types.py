"""The engine and the AI are fully typed: ``mypy --strict engine ai`` stays clean."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_and_ai_pass_mypy_strict(tmp_path):
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    assert mypy, "mypy is a dev extra, installed by `make test`"
    result = subprocess.run([mypy, "--strict", "--cache-dir", str(tmp_path), "engine", "ai"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:]
