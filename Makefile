# Two commands do everything on a fresh machine with python3 and make:
#   make play   set up .venv (first time only) and start the game
#   make test   set up .venv (first time only) and run every test headless
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CARDROOM_LOOPBACK_ONLY=1

.PHONY: play test bench arena durability exe clean

# Reinstall only when the project's metadata or its list of packages changed (the
# install is editable, so source edits need nothing; a new package must be mapped).
$(STAMP): pyproject.toml $(wildcard */__init__.py)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m game

test: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m engine.bench

arena: $(STAMP)
	$(BIN)/python -m ai.arena --players strategist,standard --games 2000 --seed 1 --duplicate --jobs 2 --json

# kill -9 each game 100 times: nothing it showed may be lost, nothing set aside, offered twice or finished offered.
durability: $(STAMP)
	$(BIN)/python -m game.shell.durability --kills 100 --json

# The one-file executable: dist/TheCardRoom (.exe on Windows).
exe: $(STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --distpath dist --workpath build build_exe.spec

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
