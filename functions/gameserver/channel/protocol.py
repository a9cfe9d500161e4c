"""The channel's messages, typed once: what a client sends (``ClientMessage``, by ``action``: API Gateway's
route selection reads ``$request.body.action``) and what the server sends (``ServerMessage``, by ``type``).
docs/api/channel.json is generated from these (``python -m gameserver.channel.schema``)."""

from __future__ import annotations

import enum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from gameserver.platform.feed import FeedNoticeOut

SUBPROTOCOL = "feinthold.v1"
"""The subprotocol the server answers with; the client offers it with its token (``bearer.<JWT>``)."""
TOKEN_PREFIX = "bearer."

Position = Annotated[str, Field(max_length=200, description=(
    "a position in a stream (`seq`): positions of one stream sort as text in the order their events were "
    "committed; a game's are 12 digits, the feed's the notice's place in the feed"))]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------- what a client sends
class Subscribe(Strict):
    """Listen to one game of mine (``game_id``, optionally naming my ``seat``) or to my feed (``feed``)."""

    action: Literal["subscribe"]
    game_id: str | None = Field(default=None, min_length=1, max_length=100)
    seat: str | None = Field(default=None, min_length=1, max_length=20,
                             description="a seat of mine in the game (refused like an unknown game if not)")
    feed: bool = False
    after: Position | None = Field(default=None, description=(
        "the last position I got: every stored event past it is sent first, in order, once; "
        "\"\" for every stored event; none: only new ones"))


class Unsubscribe(Strict):
    action: Literal["unsubscribe"]
    game_id: str | None = Field(default=None, min_length=1, max_length=100)
    feed: bool = False


class Ping(Strict):
    """Keeps the connection open (API Gateway closes one idle for 10 minutes); answered ``pong``."""

    action: Literal["ping"]


class Authorize(Strict):
    """A fresh token for the connection, before the one it opened with expires."""

    action: Literal["authorize"]
    token: str = Field(min_length=1, max_length=8192)


ClientMessage = Annotated[Subscribe | Unsubscribe | Ping | Authorize, Field(discriminator="action")]


# ---------------------------------------------------------------- what the server sends
class Resolved(BaseModel):
    step: int
    label: str
    closed_by: Literal["orders", "deadline"]


class Message(BaseModel):
    """A Front 1901 message to me, as my view lists it."""

    id: int
    kind: str
    sender: str = Field(alias="from")


class GameChange(BaseModel):
    """My view of a game changed: fetch it with ``If-None-Match: <etag>`` (a 304 if I hold it already)."""

    type: Literal["game"]
    game_id: str
    kind: Literal["feinthold", "feint", "front1901"]
    etag: str = Field(description="the ETag my GET of the game now answers")
    status: str
    my_turn: bool = Field(description="a decision of mine is awaited")
    turn: int | str = Field(description="the open turn (Feinthold's turn, Feint's command number, Front 1901's "
                                        "phase)")
    deadline: str | None
    resolved: list[Resolved] | None = Field(default=None, description="the steps this change resolved")
    opponent_sent: bool | None = Field(default=None, description="Feinthold: the opponent's orders are in")
    decision: Literal["turn", "retreat", "deployment"] | None = Field(
        default=None, description="Feint: the decision waiting on me (a Retreat, my turn, my deployment)")
    messages: list[Message] | None = Field(default=None, description="Front 1901: the phase's messages to me")


class NoticeEvent(BaseModel):
    """A notice of my feed, as the feed shows it."""

    type: Literal["notice"]
    notice: FeedNoticeOut


class EventMessage(BaseModel):
    type: Literal["event"]
    stream: str = Field(description="`game:{game_id}` or `feed`")
    seq: Position
    at: str
    event: Annotated[GameChange | NoticeEvent, Field(discriminator="type")]


class Subscribed(BaseModel):
    """The subscription is live: every missed event was sent before this, ``seq`` is the last of them."""

    type: Literal["subscribed"]
    stream: str
    seq: Position


class Unsubscribed(BaseModel):
    type: Literal["unsubscribed"]
    stream: str


class Pong(BaseModel):
    type: Literal["pong"]


class Authorized(BaseModel):
    type: Literal["authorized"]
    expires: int = Field(description="epoch seconds: the new token's expiry")


class ErrorCode(enum.StrEnum):
    INVALID_MESSAGE = "invalid_message"
    NOT_FOUND = "not_found"
    SEQUENCE_FROM_FUTURE = "sequence_from_future"
    UNKNOWN_SEQUENCE = "unknown_sequence"
    UNAUTHORIZED = "unauthorized"
    TOKEN_EXPIRED = "token_expired"


class ErrorMessage(BaseModel):
    type: Literal["error"]
    code: ErrorCode
    message: str
    field: str | None = None


ServerMessage = Annotated[EventMessage | Subscribed | Unsubscribed | Pong | Authorized | ErrorMessage,
                          Field(discriminator="type")]
