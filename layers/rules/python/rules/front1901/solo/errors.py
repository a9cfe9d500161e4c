"""What a member can do wrong in a solo game, as exceptions a service maps to a 4xx."""

from __future__ import annotations


class SoloError(ValueError):
    """An action the rules refuse: ``field`` names the input at fault, ``rule`` the rule it breaks (a short
    slug); ``str()`` reads as a sentence for the member."""

    def __init__(self, field: str, rule: str, message: str) -> None:
        super().__init__(f"{field}: {message} [{rule}]")
        self.field = field
        self.rule = rule
        self.message = message
