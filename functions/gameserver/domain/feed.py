"""A member's feed (the notifications): the steps of mine that opened, my games that ended, what happened to my
tournament matches and to my published doctrines, the seats kept for me at a table, my season's prizes and
titles; the page the feed answers is declared here, its notices where they are built (``platform.feed``, which
the live channel's events read too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.identity import Caller
from gameserver.platform.feed import FeedNoticeOut, notice_json
from gameserver.words import NextCursor

if TYPE_CHECKING:
    from gameserver.storage.port import Store


class FeedOut(TypedDict):
    """A page of my feed, newest first."""

    notices: Annotated[list[FeedNoticeOut], Field(description="newest first")]
    cursor: NextCursor


def my_feed(store: Store, caller: Caller, cursor: str | None, limit: int) -> FeedOut:
    """What the notifications said, newest first: the steps of mine that opened, my games that ended, what
    happened to my tournament matches and to my published doctrines, the seats kept for me at a table."""
    page = store.members.feed(caller.sub, cursor, limit)
    return {"notices": [notice_json(n) for n in page.items], "cursor": page.cursor}
