"""The pygame-ce front end: app loop, scene stack, table, card art and headless modes.

Nothing here runs at import time; ``game.shell.cli.main()`` starts everything.
"""
