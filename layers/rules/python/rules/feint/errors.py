"""What a player can do wrong, as exceptions a caller can show to that player."""

from __future__ import annotations


class IllegalCommandError(ValueError):
    """A command the rules refuse.

    ``command`` names the command (``step``, ``charge``...), ``rule`` the rule it breaks (a short slug
    such as ``must-spend`` or ``not-in-contact``); ``str()`` reads as a sentence for the player.
    """

    def __init__(self, command: str, rule: str, message: str) -> None:
        super().__init__(f"{command}: {message} [{rule}]")
        self.command = command
        self.rule = rule
        self.message = message


class SetupError(ValueError):
    """A game or position the rules cannot start from (seat count, radius, a malformed position)."""
