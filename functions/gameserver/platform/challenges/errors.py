"""The one error of the challenge rules: something the rules refuse, with the rule's name for the API."""

from __future__ import annotations


class ChallengeRuleError(ValueError):
    """A publication, a withdrawal, a hiding or a challenge the rules refuse; ``rule`` names the rule broken
    (a service maps it to a 403, 409 or 422)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule
