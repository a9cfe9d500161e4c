"""Every feed notice tells its member live, on both stores, whichever write carries it: the store's transaction
writes one feed event per notice (``storage.events.with_feed_events``), at the notice's place in the feed and
carrying the notice as ``GET /v1/feed`` shows it; a transaction that fails writes none, and a notice written
again is the same event."""

from __future__ import annotations

from datetime import timedelta

import pytest
from gameserver.platform.feed import notice_json
from gameserver.platform.seasons import PrizePlan, SeasonClose, Stage, Title, TitleAward
from gameserver.platform.tournaments import match_id
from gameserver.storage.challenges import FeedNotice, NoticeWrite
from gameserver.storage.duels import DuelWrite
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import FEED
from gameserver.storage.games import NewGame
from gameserver.storage.members import Notice, NoticeKind, Notices
from gameserver.storage.seasons import CloseStatus, CloseWrite, HistoryLine
from gameserver.storage.tournaments import MatchWrite, StoredMatch, TournamentWrite
from test_contract_challenges import T0, started, stored_doctrine
from test_contract_games import board, game
from test_contract_platform import AT, duel, escrow, member
from test_contract_seasons_moderation import FIXED, SEASON, paid, payment
from test_contract_tournaments import created


def told(store, sub: str) -> list[tuple[str, dict]]:
    """The member's feed events: each one's position and what it says."""
    return [(event.seq, event.body) for event in store.events.events_after(sub, FEED, "")]


def test_a_season_close_tells_each_prize_and_title_once(store):
    member(store, "ann")
    store.transact([paid(payment())])
    with pytest.raises(WriteConflict):
        store.transact([paid(payment(), "l2")])
    (prize,) = store.members.feed("ann", None, 5).items
    assert told(store, "ann") == [(prize.order, {"type": "notice", "notice": notice_json(prize)})]
    assert told(store, "ann")[0][1]["notice"]["credits"] == 150
    award = TitleAward(SEASON, Title.FRONT, "bob")
    titled = SeasonClose(SEASON, (PrizePlan(SEASON, "feinthold", (payment(),)),), FIXED, (award,), FIXED)
    notice = Notice("bob", award.id, SEASON, 0, AT, None, NoticeKind.SEASON_TITLE)
    store.transact([CloseWrite(titled, None, CloseStatus.CLOSED, None, fixes=Stage.TITLES,
                               titles=((award, HistoryLine("bob", SEASON, AT, title=str(Title.FRONT)), notice),))])
    assert told(store, "bob") == [(notice.order, {"type": "notice", "notice": notice_json(notice)})]


def test_an_authors_notice_of_challenges_tells_the_author_once(store):
    from gameserver.platform.challenges import AuthorNotice

    doctrine = stored_doctrine(store)
    started(store, doctrine, game="g1")
    read = store.challenges.read_waiting("d1")
    feed = FeedNotice(AuthorNotice("d1", "ann", T0 + timedelta(minutes=1), read.waiting), "Iron Wall")
    store.transact([NoticeWrite(read.state, feed)])
    with pytest.raises(WriteConflict):  # told already: the write and its event are refused together
        store.transact([NoticeWrite(read.state, feed)])
    assert told(store, "ann") == [(feed.order, {"type": "notice", "notice": notice_json(feed)})]
    assert told(store, "ann")[0][1]["notice"]["challenged"] == 1
    assert told(store, "bob") == []


def test_a_duels_notice_tells_its_member_once(store):
    member(store, "ann")
    member(store, "bob")
    d = duel()
    store.transact([DuelWrite(d, None, AT, lines=escrow(d))])
    notice = Notice("bob", "d1", "d1", 1, AT, "2026-12-02T09:00:00Z")
    store.transact([DuelWrite(d, 1, AT, notices=[notice])])
    with pytest.raises(WriteConflict):
        store.transact([DuelWrite(d, 1, AT, notices=[notice])])
    assert told(store, "bob") == [(notice.order, {"type": "notice", "notice": notice_json(notice)})]
    assert told(store, "ann") == []


def test_a_tournaments_and_a_matchs_notices_tell_their_members_once(store):
    member(store, "ann")
    created(store)
    game_id = match_id("t1", 1)
    opened = Notice("ann", game_id, "t1", 1, AT, "2026-12-01T21:00:00Z")
    store.transact([NewGame(game(game_id), board(game_id), [], []),
                    MatchWrite(StoredMatch("t1", 1, ("ann", "bob")), None, notices=[opened])])
    won = Notice("ann", game_id, "t1", 0, AT, None, NoticeKind.MATCH_WON)
    store.transact([TournamentWrite(store.tournaments.read("t1").stored.tournament, 1, AT, notices=[won])])
    assert told(store, "ann") == sorted([(n.order, {"type": "notice", "notice": notice_json(n)})
                                         for n in (opened, won)])
    # Notices alone (a table's seat kept) tell the same way, and a notice written again is the same event.
    seat = Notice("bob", "tb1", "", 0, AT, None, NoticeKind.TABLE_INVITE, "feint")
    store.transact([Notices((seat,))])
    store.transact([Notices((seat,))])
    assert told(store, "bob") == [(seat.order, {"type": "notice", "notice": notice_json(seat)})]
