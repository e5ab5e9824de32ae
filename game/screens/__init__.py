"""The app's screens: title, per-game menus, new game, rules, statistics, settings, replays,
and the overlays a table opens (pause, confirm, pass-device, round over)."""

from game.screens.menus import (  # noqa: F401
    ConfirmScene, MenuScene, NewGameScene, PauseScene, RoundOverScene, RulesScene,
    SettingsScene, StatsScene, TitleScene,
)
from game.kit.passdevice import PassDeviceScene  # noqa: F401  (moved to the table kit; re-exported)
