"""The app's screens: title, per-game menus, new game, rules, statistics, settings, replays,
and the overlays a table opens (pause, confirm, pass-device, round over)."""

from game.screens.menu import InfoScene, MenuScene  # noqa: F401
from game.screens.new_game import NewGameScene  # noqa: F401
from game.screens.overlays import ConfirmScene, PassDeviceScene, PauseScene  # noqa: F401
from game.screens.round_over import RoundOverScene  # noqa: F401
from game.screens.rules import RulesScene  # noqa: F401
from game.screens.settings import SettingsScene  # noqa: F401
from game.screens.stats import StatsScene  # noqa: F401
from game.screens.title import TitleScene  # noqa: F401
