"""The pygame-ce front end: app loop, scene stack, table, card art and headless modes.

Nothing here runs at import time; ``game.shell.cli.main()`` starts everything.  Only pygame's
greeting is turned off, so that every command under ``game`` (``python -m game.shell.probe --json``,
the durability run) prints nothing but its own output.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
