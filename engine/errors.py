"""Errors shared by every game's rules module."""


class IllegalAction(ValueError):
    """An action the rules refuse; the message is a reason a player can read.

    The state is left exactly as it was before the action was tried.
    """
