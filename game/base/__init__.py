"""Primitives at the bottom of the game's layers: text, card art, the input pump and the wait for input, scenes.

They import nothing of ``game`` above them (shell, kit, screens, tables); everything else may use them.
"""
