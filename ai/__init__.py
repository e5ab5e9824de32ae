"""The games' opponents: one package per game (:mod:`ai.sprint`, :mod:`ai.snap`, :mod:`ai.ratscrew`,
:mod:`ai.scamper`, :mod:`ai.double_or_nothing`) over the shared core here (the one arena, its statistics,
the turn scheduler and the real-time reflexes).

Importing this package does no work and never imports pygame.
"""
