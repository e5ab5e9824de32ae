"""Messages that read right both for the player called "You" and for everyone named.

A single human at the table is called "You": a template written for names
("Ada wins", "Ada's deck") reads wrong for them ("You wins", "You's deck").
Every table builds such lines with these few helpers.
"""

from __future__ import annotations

YOU = "You"

IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
"""Third-person verbs whose "you" form is not the verb without its s."""


def verb(name: str, third: str) -> str:
    """``third`` ("wins", "passes", "is") as ``name`` takes it: "wins" for Ada, "win" for You."""
    if name != YOU:
        return third
    if third in IRREGULAR:
        return IRREGULAR[third]
    if third.endswith("ies"):
        return third[:-3] + "y"  # empties -> empty
    if third.endswith(("sses", "shes", "ches", "xes", "zes")):
        return third[:-2]  # passes -> pass
    return third[:-1] if third.endswith("s") else third


def says(name: str, third: str) -> str:
    """``name`` and its verb agreeing: "Ada lays", "You lay"."""
    return f"{name} {verb(name, third)}"


def ordinal(n: int) -> str:
    """A place as words read it: "1st", "2nd", "3rd", "4th", "11th", "21st"."""
    tail = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def whose(name: str, capital: bool = False) -> str:
    """``name``'s, as a possessive: "Ada's", "your" (``capital``: "Your")."""
    if name == YOU:
        return "Your" if capital else "your"
    return f"{name}'s"


def whom(name: str) -> str:
    """``name`` as the object of a sentence: "for Ada", "for you"."""
    return "you" if name == YOU else name


def played_for(ms: int) -> str:
    """Game time in a player's words: "40 s", "3 min 05 s", "1 h 02 min"."""
    seconds = max(0, ms) // 1000
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    return f"{minutes // 60} h {minutes % 60:02d} min"


__all__ = ["YOU", "played_for", "says", "verb", "whom", "whose"]


def winners_title(names: list[str], what: str = "") -> str:
    """An end screen's title: "You win!", "Ada wins the game!", "Shared win: Ada and You"."""
    if len(names) == 1:
        return f"{says(names[0], 'wins')}{what}!"
    return f"Shared win{what}: " + " and ".join(names)
