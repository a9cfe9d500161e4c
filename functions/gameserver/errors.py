"""Errors a caller can act on. The API turns each into ``{"error": {"code", "message", "field"?, "rule"?}}``
with its HTTP status; nothing a client gets wrong ever becomes a 500."""

from __future__ import annotations


class DomainError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule
        if code is not None:
            self.code = code


class InvalidInput(DomainError):
    """Well-formed, but not a thing the service can do (an unknown layout, inviting oneself)."""

    status = 422
    code = "invalid"


class IllegalOrders(DomainError):
    """The engine refused the order set as a whole; ``field`` names the order (``orders[2]``), ``rule`` the rule."""

    status = 422
    code = "illegal_orders"


class Forbidden(DomainError):
    status = 403
    code = "forbidden"


class NotFound(DomainError):
    """Also what a member gets for a game they do not play: its existence is nobody else's business."""

    status = 404
    code = "not_found"


class Conflict(DomainError):
    """The request came at the wrong moment: the turn is closed, the game is in play or over, the invitation
    was answered, the submissions of this turn are used up."""

    status = 409
    code = "conflict"
