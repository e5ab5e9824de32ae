"""``python -m game``: start the app."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.shell.cli import main  # noqa: E402

raise SystemExit(main())
