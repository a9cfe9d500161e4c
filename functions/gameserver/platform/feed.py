"""A member's feed notice as the feed shows it (``GET /v1/feed``) and as the live event of it carries it
(``play.events``): one shape for both, from the stored notice alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameserver.clock import iso
from gameserver.platform.ids import is_match_id
from gameserver.storage.members import Notice, NoticeKind

if TYPE_CHECKING:
    from gameserver.storage.challenges import FeedNotice


def notice_json(notice: Notice | FeedNotice) -> dict[str, Any]:
    """A notice as the feed shows it: a tournament match's game id names its tournament, a table invitation's
    its table, any other's ``ref`` a duel's (or nothing); an author's notice counts its doctrine's challenges."""
    if not isinstance(notice, Notice):
        return challenges_json(notice)
    if notice.kind in (NoticeKind.SEASON_PRIZE, NoticeKind.SEASON_TITLE):
        return season_json(notice)
    in_tournament = is_match_id(notice.game_id)
    at_table = notice.kind == NoticeKind.TABLE_INVITE
    return {"kind": notice.kind, "game": notice.game, "game_id": None if at_table else notice.game_id,
            "table_id": notice.game_id if at_table else None,
            "duel_id": None if in_tournament else notice.ref or None,
            "tournament_id": notice.ref if in_tournament else None,
            "turn": notice.step or None,
            "opened_at": notice.opened_at, "deadline": notice.deadline}


def season_json(notice: Notice) -> dict[str, Any]:
    """A season's notice: its ``game_id`` is the prize's id (``{season}#{game}#{place}``) or the title's
    (``{season}#{title}``), its ``ref`` the season."""
    from gameserver.platform.seasons import PRIZES

    _, *what = notice.game_id.split("#")
    prize = notice.kind == NoticeKind.SEASON_PRIZE
    place = int(what[1]) if prize else None
    return {"kind": notice.kind, "season": notice.ref, "at": notice.opened_at, "game": what[0] if prize else None,
            "place": place, "credits": PRIZES[place - 1] if place else None, "title": None if prize else what[0]}


def challenges_json(notice: FeedNotice) -> dict[str, Any]:
    from gameserver.platform.challenges import NoticeKind as Told  # an author's notice: the challenges' words

    told = notice.notice
    return {"kind": "doctrine-challenges", "doctrine_id": told.doctrine, "name": notice.name, "at": iso(told.at),
            **{str(kind): told.count(kind) for kind in Told}, "games": list(told.games)}

