"""``python -m game``: start the app."""

from game.app import main

raise SystemExit(main())
