"""Errors a caller can act on. The API turns each into ``{"error": {"code", "message", "field"?, "rule"?}}``
with its HTTP status; nothing a client gets wrong ever becomes a 500."""

from __future__ import annotations

import enum
import json
from typing import Any


class ErrorCode(enum.StrEnum):
    """Every ``code`` an error answers with: what a client can branch on (the message is for people)."""

    BAD_REQUEST = "bad_request"
    """A malformed request (a path or query parameter of the wrong form)."""
    INVALID = "invalid"
    """Well-formed, but not a thing the service can do: the field and the rule say why."""
    ILLEGAL_ORDERS = "illegal_orders"
    """The engine refused the orders: the field names the order, the rule the rule."""
    FORBIDDEN = "forbidden"
    """Not yours to do."""
    NOT_FOUND = "not_found"
    """No such thing of yours (what is not yours answers the same as what does not exist)."""
    CONFLICT = "conflict"
    """Not now."""
    BUSY = "busy"
    """Another write met this one; nothing was written: send the request again."""
    INVITATION_ANSWERED = "invitation_answered"
    """The invitation was answered already."""
    TURN_CLOSED = "turn_closed"
    """That step (turn, phase) is not open."""
    SUBMISSIONS_USED = "submissions_used"
    """The orders of this step were sent as often as the rules allow."""
    INVALID_CURSOR = "invalid_cursor"
    """A pagination cursor this list did not hand out."""
    INSUFFICIENT_CREDITS = "insufficient_credits"
    """The balance is below the stake or fee."""
    GAME_OVER = "game_over"
    """The game is over."""
    NOT_YOUR_TURN = "not_your_turn"
    """The seat has nothing to decide in this step."""
    NOT_ON_THE_BOARD = "not_on_the_board"
    """The result is not on the board."""
    NO_RANKED_RESULT = "no_ranked_result"
    """No ranked result: the rule says why."""
    MODERATORS_ONLY = "moderators_only"
    """Only moderators may do this."""
    MARK_CLOSED = "mark_closed"
    """The mark was closed already."""
    INVITATION_EXPIRED = "invitation_expired"
    """The invitation has expired."""
    INVALID_DOCTRINE = "invalid_doctrine"
    """The doctrine breaks its schema: the field and the rule say where."""
    INVALID_DEVICE_ID = "invalid_device_id"
    """X-Device-Id is not an opaque id of 1 to 64 letters, digits or . _ : -."""
    IN_PLAY = "in_play"
    """The game is in play: its record opens once it is over."""
    RECORD_CLOSED = "record_closed"
    """The game is over but its record is not open yet: a Daily Front's opens once the day's board is final
    (the game's ``record_opens_at``)."""
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    """This Idempotency-Key was used with a different body."""
    IDEMPOTENCY_IN_PROGRESS = "idempotency_in_progress"
    """A request with this Idempotency-Key is still in progress."""
    FRONT_ALREADY_STARTED = "front_already_started"
    """One Daily Front a day: it was started already."""
    DUEL_REFUSED = "duel_refused"
    """The duel's rules refuse this now: the rule says which."""
    DUEL_LAPSED = "duel_lapsed"
    """The proposal lapsed before this answer."""
    DUEL_CHANGED = "duel_changed"
    """The duel changed meanwhile: read it again."""
    TOURNAMENT_FULL = "tournament_full"
    """Every seat of the tournament is taken (the last seat started it)."""
    TOURNAMENT_CANCELLED = "tournament_cancelled"
    """The tournament was cancelled (not full within 7 days, or everyone left)."""
    TOURNAMENT_FINISHED = "tournament_finished"
    """The tournament is over."""
    ALREADY_JOINED = "already_joined"
    """I am in this tournament already."""
    TOURNAMENT_REFUSED = "tournament_refused"
    """The tournament's rules refuse this now: the rule says which."""
    DOCTRINES_FULL = "doctrines_full"
    """Three doctrines at most: replace or delete one."""
    STALE_COMMAND = "stale_command"
    """The command follows another number than the game's count of commands applied: read the game again."""
    TABLE_CLOSED = "table_closed"
    """The table is not open: its game started, or it closed before it was full (cancelled)."""
    TABLE_FULL = "table_full"
    """Every seat of the table is taken or kept for an invited member."""
    ALREADY_SEATED = "already_seated"
    """You sit at this table already."""
    RATINGS_FROZEN = "ratings_frozen"
    """The moderators froze the ratings of a member this needs: no new duels, tournaments or challenges."""
    ALREADY_FROZEN = "already_frozen"
    """The member's ratings are frozen already."""
    NOT_FROZEN = "not_frozen"
    """The member's ratings are not frozen."""
    ILLEGAL_PROPOSAL = "illegal_proposal"
    """A Front 1901 proposal the negotiation's rules refuse: the field and the rule say which."""
    CHALLENGE_ALREADY_STARTED = "challenge_already_started"
    """One attempt a day at Front 1901's daily challenge: it was started already."""
    OWN_DOCTRINE = "own_doctrine"
    """A member cannot challenge their own doctrine."""
    DOCTRINE_WITHDRAWN = "doctrine_withdrawn"
    """The doctrine was withdrawn by its author: no new challenge until it is published again."""
    DOCTRINE_HIDDEN = "doctrine_hidden"
    """A moderator hid the doctrine: it stays hidden, neither published again nor withdrawn."""
    CHALLENGE_IN_PROGRESS = "challenge_in_progress"
    """A challenge of this doctrine by you is still in progress: one at a time."""
    RATE_LIMITED = "rate_limited"
    """A per-member limit was reached (the rule names it): wait Retry-After seconds."""
    MALFORMED_JSON = "malformed_json"
    """The body is not valid JSON."""
    PAYLOAD_TOO_LARGE = "payload_too_large"
    """The body is longer than any request of the API (256 KB): it was not read."""
    UNAUTHENTICATED = "unauthenticated"
    """No verified token."""
    METHOD_NOT_ALLOWED = "method_not_allowed"
    """The path does not take this method."""
    HTTP_ERROR = "http_error"
    """Another HTTP error of the framework."""
    INTERNAL = "internal"
    """The service failed; the request can be retried."""

    @property
    def status(self) -> int:
        """The HTTP status every error of this code answers with (KeyError for ``HTTP_ERROR``)."""
        return _STATUS_OF[self]


_STATUSES: dict[int, tuple[ErrorCode, ...]] = {
    # The request cannot be read at all: not JSON, or a token of ours (a cursor, a device id) it did not get
    # from us.
    400: (ErrorCode.BAD_REQUEST, ErrorCode.MALFORMED_JSON, ErrorCode.INVALID_CURSOR, ErrorCode.INVALID_DEVICE_ID),
    401: (ErrorCode.UNAUTHENTICATED,),
    403: (ErrorCode.FORBIDDEN, ErrorCode.MODERATORS_ONLY, ErrorCode.RATINGS_FROZEN),
    404: (ErrorCode.NOT_FOUND, ErrorCode.NO_RANKED_RESULT),
    405: (ErrorCode.METHOD_NOT_ALLOWED,),
    413: (ErrorCode.PAYLOAD_TOO_LARGE,),
    # Not now: the request was understood and may succeed at another moment (or, for busy, at once).
    409: (ErrorCode.CONFLICT, ErrorCode.BUSY, ErrorCode.INVITATION_ANSWERED, ErrorCode.INVITATION_EXPIRED,
          ErrorCode.TURN_CLOSED, ErrorCode.SUBMISSIONS_USED, ErrorCode.INSUFFICIENT_CREDITS, ErrorCode.GAME_OVER,
          ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_ON_THE_BOARD, ErrorCode.MARK_CLOSED, ErrorCode.IN_PLAY,
          ErrorCode.RECORD_CLOSED,
          ErrorCode.IDEMPOTENCY_IN_PROGRESS, ErrorCode.FRONT_ALREADY_STARTED,
          ErrorCode.DUEL_REFUSED, ErrorCode.DUEL_LAPSED, ErrorCode.DUEL_CHANGED, ErrorCode.DOCTRINES_FULL,
          ErrorCode.TOURNAMENT_FULL, ErrorCode.TOURNAMENT_CANCELLED, ErrorCode.TOURNAMENT_FINISHED,
          ErrorCode.ALREADY_JOINED, ErrorCode.TOURNAMENT_REFUSED, ErrorCode.STALE_COMMAND, ErrorCode.TABLE_CLOSED,
          ErrorCode.TABLE_FULL, ErrorCode.ALREADY_SEATED, ErrorCode.DOCTRINE_WITHDRAWN, ErrorCode.DOCTRINE_HIDDEN,
          ErrorCode.CHALLENGE_IN_PROGRESS, ErrorCode.CHALLENGE_ALREADY_STARTED, ErrorCode.ALREADY_FROZEN,
          ErrorCode.NOT_FROZEN),
    # Understood, and never right: a value breaks its schema or a rule, whenever it is sent.
    422: (ErrorCode.INVALID, ErrorCode.ILLEGAL_ORDERS, ErrorCode.INVALID_DOCTRINE,
          ErrorCode.IDEMPOTENCY_KEY_REUSED, ErrorCode.OWN_DOCTRINE, ErrorCode.ILLEGAL_PROPOSAL),
    429: (ErrorCode.RATE_LIMITED,),
    500: (ErrorCode.INTERNAL,),
}
"""Each code's one status. ``HTTP_ERROR`` has none of its own: it answers with the framework's."""
_STATUS_OF: dict[ErrorCode, int] = {code: status for status, codes in _STATUSES.items() for code in codes}


def wire(value: Any) -> str:
    """A value as the wire writes it, for a message: ``"12h"`` (JSON), never Python's ``<Pace.TWELVE_HOURS: '12h'>``
    or ``'12h'``."""
    return json.dumps(value.value if isinstance(value, enum.Enum) else value, default=str)


class DomainError(Exception):
    """An error a caller can act on; its HTTP status is its code's (``ErrorCode.status``)."""

    code = ErrorCode.BAD_REQUEST

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None,
                 code: ErrorCode | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule
        if code is not None:
            self.code = code

    @property
    def status(self) -> int:
        return self.code.status


class InvalidInput(DomainError):
    """Well-formed, but not a thing the service can do (an unknown layout, inviting oneself)."""

    code = ErrorCode.INVALID


class IllegalOrders(DomainError):
    """The engine refused the order set as a whole; ``field`` names the order (``orders[2]``), ``rule`` the rule."""

    code = ErrorCode.ILLEGAL_ORDERS


class Forbidden(DomainError):
    code = ErrorCode.FORBIDDEN


class NotFound(DomainError):
    """Also what a member gets for a game they do not play: its existence is nobody else's business."""

    code = ErrorCode.NOT_FOUND


class Conflict(DomainError):
    """The request came at the wrong moment: the turn is closed, the game is in play or over, the invitation
    was answered, the submissions of this turn are used up."""

    code = ErrorCode.CONFLICT
