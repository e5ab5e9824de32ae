"""Scenes on a stack: the top scene gets input and time; overlays draw over the scenes below."""

from __future__ import annotations

from typing import Any

import pygame

App = Any
"""The app a scene runs in (:class:`game.shell.app.App`, a layer above: named, not imported)."""


class Scene:
    """One screen.  ``draw`` changes nothing: the same state always draws the same picture."""

    opaque = True  # False for overlays that let the scene below show through

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current state."""

    def is_animating(self) -> bool:
        """True while something moves or a bot is working, so the loop keeps drawing at 60 fps."""
        return False

    def enter(self) -> None:
        """Called when pushed."""

    def exit(self) -> None:
        """Called when popped."""

    def pause(self) -> None:
        """Called when another scene is pushed over this one."""

    def resume(self) -> None:
        """Called when the scene above is popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.version = 0  # bumped on every push or pop, so the app redraws at once

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.version += 1
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        self.version += 1
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        self.version += 1
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` alone."""
        self.version += 1
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle_event(event) if top else False

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(surface)

    def is_animating(self) -> bool:
        return bool(self.top and self.top.is_animating())

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)
