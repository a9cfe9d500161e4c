"""The seasons' and moderation's storage contract, on both stores: a close claimed by its version and by the stage
it fixes being absent, a prize paid once with its ledger line, history line and notice, the closes listed latest
first and due on the index; a freeze written once, listed, guarded against, settled and removed by its own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from gameserver.platform.seasons import PrizePayment, PrizePlan, SeasonClose, Stage, Title, TitleAward
from gameserver.storage.errors import WriteConflict
from gameserver.storage.members import Notice, NoticeKind
from gameserver.storage.moderation import (
    AccountFrozen,
    Freeze,
    FreezeSettled,
    FreezeWrite,
    NotFrozen,
    Unfreeze,
)
from gameserver.storage.records import LedgerLine
from gameserver.storage.seasons import CloseStatus, CloseWrite, HistoryLine, PrizePaid
from test_contract_platform import AT, member

SEASON = "2026-11"
FIXED = datetime(2026, 12, 1, 0, 0, 5, tzinfo=UTC)


def payment(place: int = 1, sub: str = "ann", credits: int = 150) -> PrizePayment:
    return PrizePayment(SEASON, "feinthold", place, sub, credits)


def paid(pay: PrizePayment, line_id: str = "l1") -> PrizePaid:
    return PrizePaid(pay, LedgerLine(pay.member, pay.credits, "prize", AT, line_id, pay.season),
                     HistoryLine(pay.member, pay.season, AT, game=pay.game, place=pay.place, credits=pay.credits),
                     Notice(pay.member, pay.id, pay.season, 0, AT, None, NoticeKind.SEASON_PRIZE))


def test_a_close_is_claimed_by_its_version_and_a_stage_is_fixed_once(store):
    plan = PrizePlan(SEASON, "feinthold", (payment(),))
    fixed = SeasonClose(SEASON, prizes=(plan,), prizes_at=FIXED)
    store.transact([CloseWrite(fixed, None, CloseStatus.CLOSING, "2026-12-01T00:30:00Z", fixes=Stage.PRIZES)])
    with pytest.raises(WriteConflict):  # a racing first run
        store.transact([CloseWrite(fixed, None, CloseStatus.CLOSING, None, fixes=Stage.PRIZES)])
    with pytest.raises(WriteConflict):  # the stage is there already, even at the right version
        store.transact([CloseWrite(fixed, 1, CloseStatus.CLOSING, None, fixes=Stage.PRIZES)])
    assert store.seasons.read(SEASON).stored.close == fixed
    assert store.seasons.due("2026-12-01T00:29:59Z", 5) == []
    assert store.seasons.due("2026-12-01T00:30:00Z", 5) == [SEASON]
    award = TitleAward(SEASON, Title.FRONT, "bob")
    titled = SeasonClose(SEASON, (plan,), FIXED, (award,), FIXED)
    history = HistoryLine("bob", SEASON, AT, title=str(Title.FRONT))
    notice = Notice("bob", award.id, SEASON, 0, AT, None, NoticeKind.SEASON_TITLE)
    store.transact([CloseWrite(titled, 1, CloseStatus.CLOSED, None, fixes=Stage.TITLES,
                               titles=((award, history, notice),))])
    with pytest.raises(WriteConflict):
        store.transact([CloseWrite(titled, 2, CloseStatus.CLOSED, None, fixes=Stage.TITLES)])
    stored = store.seasons.read(SEASON).stored
    assert stored.close == titled and stored.version == 2 and stored.status is CloseStatus.CLOSED
    assert store.seasons.due("2026-12-02T00:00:00Z", 5) == []
    assert store.seasons.history("bob", None, 5).items == [history]
    assert store.members.feed("bob", None, 5).items == [notice]
    store.transact([CloseWrite(SeasonClose("2026-12"), None, CloseStatus.CLOSING, None)])
    assert [c.close.season for c in store.seasons.closes(None, 5).items] == ["2026-12", SEASON]


def test_a_prize_is_paid_once_with_its_ledger_line_history_and_notice(store):
    member(store, "ann")
    store.transact([paid(payment())])
    with pytest.raises(WriteConflict):  # the same place again, even with a ledger line of its own
        store.transact([paid(payment(), "l2")])
    assert store.members.balances(("ann",)) == {"ann": 250}
    read = store.seasons.read(SEASON)
    assert set(read.paid) == {payment().id} and read.paid[payment().id].payment == payment()
    assert [line.kind for line in store.members.ledger("ann", None, 5).items] == ["prize", "grant"]
    assert [line.credits for line in store.seasons.history("ann", None, 5).items] == [150]
    assert [n.kind for n in store.members.feed("ann", None, 5).items] == [NoticeKind.SEASON_PRIZE]


def test_a_freeze_is_written_once_guarded_against_settled_and_removed_by_its_own(store):
    freeze = Freeze("ann", AT, "mod", settle_at="2026-12-01T09:01:00Z")
    store.transact([FreezeWrite(freeze)])
    with pytest.raises(WriteConflict):
        store.transact([FreezeWrite(freeze)])
    assert store.moderation.freezes(("ann", "bob")) == {"ann": freeze}
    assert store.moderation.frozen(None, 5).items == [freeze]
    with pytest.raises(AccountFrozen) as refused:
        store.transact([NotFrozen(("ann", "bob"))])
    assert refused.value.member == "ann"
    store.transact([NotFrozen(("bob",))])
    assert [f.member for f in store.moderation.due_freezes("2026-12-01T09:01:00Z", 5)] == ["ann"]
    with pytest.raises(WriteConflict):  # another freeze's
        store.transact([FreezeSettled("ann", "2026-12-01T08:00:00Z")])
    store.transact([FreezeSettled("ann", AT)])
    assert store.moderation.due_freezes("2026-12-02T00:00:00Z", 5) == []
    with pytest.raises(WriteConflict):
        store.transact([Unfreeze("ann", "2026-12-01T08:00:00Z")])
    store.transact([Unfreeze("ann", AT)])
    assert store.moderation.freezes(("ann",)) == {} and store.moderation.frozen(None, 5).items == []


def test_a_members_duels_not_closed_are_listed_until_they_close(store):
    from dataclasses import replace as changed

    from gameserver.platform.duels import DuelStatus
    from gameserver.storage.duels import DuelWrite
    from test_contract_platform import duel

    member(store, "ann")
    member(store, "bob")
    proposed = duel(stake=0)
    store.transact([DuelWrite(proposed, None, AT)])
    assert store.duels.open_of("ann") == store.duels.open_of("bob") == ["d1"]  # proposed to bob
    playing = changed(proposed, status=DuelStatus.PLAYING)
    store.transact([DuelWrite(playing, 1, AT)])
    assert store.duels.open_of("bob") == ["d1"] and store.duels.open_of("cyd") == []
    store.transact([DuelWrite(changed(playing, status=DuelStatus.CANCELLED), 2, AT)])
    assert store.duels.open_of("ann") == store.duels.open_of("bob") == []


def test_the_audit_log_lists_every_line_and_a_members_marks_page_newest_first(store):
    from gameserver.platform.fairplay.marks import Mark, MarkKind
    from gameserver.storage.audit import AuditAction, AuditLine
    from gameserver.storage.fairplay import Marks

    lines = [AuditLine("mod", f"2026-12-01T09:00:0{n}Z", AuditAction.FREEZE, sub, sub, "why", f"a{n}")
             for n, sub in enumerate(["ann", "bob", "ann"])]
    store.transact(lines)
    first = store.audit.lines(None, 2)
    assert [line.audit_id for line in first.items] == ["a2", "a1"] and first.cursor
    assert [line.audit_id for line in store.audit.lines(first.cursor, 2).items] == ["a0"]
    assert [line.audit_id for line in store.audit.of_member("ann", None, 5).items] == ["a2", "a0"]
    marks = (Mark("ann", MarkKind.TOO_FAST, "g1", "2026-12-01T09:00:00Z"),
             Mark("ann", MarkKind.RELOAD_STORM, "g2", "2026-12-01T10:00:00Z"))
    store.transact([Marks(marks)])
    store.transact([Marks(marks[:1])])  # written again: the same item
    page = store.fairplay.marks_of("ann", None, 1)
    assert [m.kind for m in page.items] == [MarkKind.RELOAD_STORM] and page.cursor
    assert [m.kind for m in store.fairplay.marks_of("ann", page.cursor, 5).items] == [MarkKind.TOO_FAST]
    assert store.fairplay.marks_of("bob", None, 5).items == []


def test_a_stopped_front_is_written_only_while_it_plays(store):
    from dataclasses import replace as changed

    from gameserver.storage.daily import FrontStart, FrontStopped
    from gameserver.storage.games import NewGame
    from test_contract_games import board, game
    from test_contract_platform import DAY, entry

    store.transact([NewGame(game("g1"), board("g1"), [], []), FrontStart(entry("ann"))])
    stopped = changed(entry("ann"), status="finished", not_ranked="stopped", finished_at=AT)
    store.transact([FrontStopped(stopped)])
    assert store.daily.read_day(DAY, "ann", front=False).entry == stopped
    with pytest.raises(WriteConflict):  # finished already
        store.transact([FrontStopped(stopped)])
