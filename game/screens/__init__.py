"""The app's screens: title, per-game menus, new game, rules, statistics, settings, replays,
and the overlays a table opens (pause, confirm); each table brings its own end screen."""

from game.kit.passdevice import PassDeviceScene  # noqa: F401  (the table kit's; re-exported)
from game.screens.menu import InfoScene, MenuScene  # noqa: F401
from game.screens.new_game import NewGameScene  # noqa: F401
from game.screens.overlays import ConfirmScene, PauseScene  # noqa: F401
from game.screens.rules import RulesScene  # noqa: F401
from game.screens.settings import SettingsScene  # noqa: F401
from game.screens.stats import StatsScene  # noqa: F401
from game.screens.title import TitleScene  # noqa: F401
