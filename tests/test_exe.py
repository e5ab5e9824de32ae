"""The deliverable: build the one-file executable from the spec and run its self-test.

Slow (a PyInstaller build takes a minute or two), so it runs once per suite; it
is what proves on every change that the double-click executable still works.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.shell.datafolder import APP_NAME

ROOT = Path(__file__).resolve().parent.parent
NAME = APP_NAME + (".exe" if sys.platform == "win32" else "")  # the spec names the file as the data folder is named


@pytest.fixture(scope="module")
def executable(tmp_path_factory):
    pyinstaller = shutil.which("pyinstaller", path=str(Path(sys.executable).parent))
    if pyinstaller is None:
        pytest.fail("pyinstaller is missing: it is a dev extra, installed by `make test`")
    work = tmp_path_factory.mktemp("exe")
    result = subprocess.run(
        [pyinstaller, "--noconfirm", "--distpath", str(work / "dist"), "--workpath", str(work / "build"),
         str(ROOT / "build_exe.spec")],
        cwd=work, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    path = work / "dist" / NAME
    assert path.is_file()
    return path


def _run(path, *args, env_extra=None, timeout=120):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    env.update(env_extra or {})
    return subprocess.run([str(path), *args], capture_output=True, text=True, timeout=timeout, env=env, cwd=path.parent)


def test_executable_runs_its_selftest(executable, tmp_path):
    result = _run(executable, "--selftest", "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    # the frozen app writes nothing next to itself
    assert sorted(p.name for p in executable.parent.iterdir()) == [NAME]


def test_executable_finds_sdl_to_sleep_in(executable, tmp_path):
    """At rest the frozen app sleeps in SDL's own wait: ctypes is bundled and pygame's SDL is found in its layout."""
    import json

    result = _run(executable, "--idle-cpu", "title", "--seconds", "1", "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert json.loads(result.stdout.strip().splitlines()[-1])["sdl_found"]


def test_executable_size(executable):
    assert executable.stat().st_size <= 15 * 1024 * 1024  # the size budget (15 MiB); unused modules are excluded in the spec


def test_missing_display_is_a_readable_message(executable, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY") and not k.startswith("SDL_")}
    env["SDL_AUDIODRIVER"] = "dummy"
    result = subprocess.run([str(executable), "--data-dir", str(tmp_path)], capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 1
    assert "No display was found" in result.stderr and "Traceback" not in result.stderr


def test_unknown_flag_is_a_readable_message(executable):
    result = _run(executable, "--no-such-flag")
    assert result.returncode == 2
    assert "unrecognized arguments: --no-such-flag" in result.stderr
    assert "Traceback" not in result.stderr
