"""A month's close on the store: "Close each month exactly once, pay the duel prizes, award the three titles"
(issue 16).

Platform decisions (specs/platform.md): "At 00:00 UTC on the 1st a schedule closes the month that ended, exactly
once however often it fires." "The close has two stages of the same exactly-once job: at 00:00 UTC on the 1st the
duel prizes; at 00:30 UTC the titles". Issue 16: "A month the schedule missed is closed by the next delivery or by
an operator command"; "a close that fails halfway resumes where it stopped and pays nobody twice".

How (docs/platform.md, "Seasons"):
- ``close_through(store, clock, month)`` closes every month not closed yet up to ``month``, the oldest first, and
  stops at the first one left unfinished (its titles not due yet): the schedule's delivery, its retries, the
  sweep and the operator's command all call it; a month closed already is left as it is without reading a board.
- The prize stage reads each game's month board page by page (``PAGE`` lines a request, stopping at the tenth
  place), leaves out members frozen then, and fixes the plans in one write conditioned on the stage being absent
  (``CloseWrite.fixes``). Each payment is then its own transaction (the payment's item, written once, the
  balance, the ledger line, the member's history line and notice): a close killed between two payments pays the
  rest on its next run, and a run racing it finds the payment's item there and pays nothing.
- The close item stays on the due index at the titles' time: the minute sweep takes the title stage then (and
  pays whatever a killed run left unpaid at the latest by then).
- The title stage reads the month's boards (challengers, doctrines, the Daily Front's month table) in order, frozen
  members passed over, and writes the titles with their history lines and notices in the stage's one write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain.moderation.freezes import frozen_members
from gameserver.ids import new_id
from gameserver.platform.challenges.boards import ChallengerLine, DoctrineLine
from gameserver.platform.daily.month import MonthRow
from gameserver.platform.duels.credits import CreditKind
from gameserver.platform.duels.leaderboard import DuelStanding
from gameserver.platform.seasons import (
    PrizePayment,
    SeasonClose,
    Stage,
    TitleAward,
    check_season,
    close_prizes,
    close_titles,
    months_to_close,
    season_of,
    season_start,
)
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.errors import WriteConflict
from gameserver.storage.members import Notice, NoticeKind
from gameserver.storage.port import Store
from gameserver.storage.records import LedgerLine
from gameserver.storage.seasons import CloseStatus, CloseWrite, HistoryLine, PrizePaid, StoredClose

PAGE = 100
"""Board lines a request reads at the close: memory holds one page and the places found, never the board."""
DUEL_GAMES = ("feinthold",)
"""The games with a duel board (each pays its own prizes): duels are Feinthold's."""

Line = TypeVar("Line")


def pages(read: Callable[[str | None], tuple[list[Line], str | None]]) -> Iterator[Line]:
    """Every line of a paged list, one page in memory at a time; ``read(cursor)`` gives a page and the next
    cursor (None at the end)."""
    cursor: str | None = None
    while True:
        lines, cursor = read(cursor)
        yield from lines
        if cursor is None:
            return


def duel_board(store: Store, season: str, page: int = PAGE) -> Iterator[DuelStanding]:
    """The month's duel board in its order (members with 8 rated duels or more)."""
    def read(cursor: str | None) -> tuple[list[DuelStanding], str | None]:
        board = store.duels.month_board(season, cursor, page)
        return [DuelStanding(line.sub, line.rating, line.rated, parse_iso(line.account_created))
                for line in board.lines], board.cursor

    return pages(read)


def front_table(store: Store, season: str, page: int = PAGE) -> Iterator[MonthRow]:
    """The Daily Front's month table in its order (more points, then more wins)."""
    after: str | None = None
    while True:
        lines = store.daily.month_after(season, after, page)
        yield from (MonthRow(line.member, line.points, line.wins, line.ranked_days) for line in lines)
        if len(lines) < page:
            return
        after = lines[-1].key


def challenger_board(store: Store, season: str, page: int = PAGE) -> Iterator[ChallengerLine]:
    """The month's challenge leaderboard in its order (members with 8 rated challenges or more)."""
    def read(cursor: str | None) -> tuple[list[ChallengerLine], str | None]:
        board = store.challenges.challenger_board(season, cursor, page)
        return list(board.lines), board.cursor

    return pages(read)


def doctrine_board(store: Store, season: str, page: int = PAGE) -> Iterator[DoctrineLine]:
    """The month's doctrine board in its order (public doctrines that faced 10 rated challenges or more; hidden
    and withdrawn ones left out by the store, and passed over again by the title's rule)."""
    def read(cursor: str | None) -> tuple[list[DoctrineLine], str | None]:
        board = store.challenges.doctrine_board(season, cursor, page)
        return list(board.lines), board.cursor

    return pages(read)


def last_closed(store: Store) -> str | None:
    """The month after which closes go on (months close in order, so only the latest close is read): the latest
    close if it is finished, the month before it if it is under way; None before the first close."""
    page = store.seasons.closes(None, 1)
    if not page.items:
        return None
    latest: StoredClose = page.items[0]
    season = latest.close.season
    return season if latest.status is CloseStatus.CLOSED else season_of(season_start(season) - timedelta(days=1))


def close_through(store: Store, clock: Clock, month: str) -> dict[str, str]:
    """Close every month not closed yet up to ``month``, oldest first (``close_season``'s outcome for each); a
    month left unfinished (its titles not due yet) stops the later ones."""
    check_season(month)
    outcomes: dict[str, str] = {}
    for season in months_to_close(last_closed(store), month):
        outcomes[season] = close_season(store, clock, season)
        if outcomes[season] != "closed":
            break
    return outcomes


def close_season(store: Store, clock: Clock, season: str) -> str:
    """Take ``season``'s close as far as the clock allows: ``not-due`` (before 00:00 UTC on the 1st after it),
    ``prizes`` (the prizes fixed and paid, the titles not due yet), ``closed``."""
    check_season(season)
    for _ in range(ATTEMPTS):
        now = clock.now()
        read = store.seasons.read(season)
        stored = read.stored
        if stored is not None and stored.status is CloseStatus.CLOSED:
            return "closed"
        if now < Stage.PRIZES.opens_at(season):
            return "not-due"
        close, version = (SeasonClose(season), None) if stored is None else (stored.close, stored.version)
        try:
            if not close.done(Stage.PRIZES):
                close = close_prizes(close, {game: duel_board(store, season) for game in DUEL_GAMES},
                                     frozen_members(store), now)
                store.transact([CloseWrite(close, version, CloseStatus.CLOSING, iso(Stage.TITLES.opens_at(season)),
                                           fixes=Stage.PRIZES)])
                version = 1 if version is None else version + 1
            pay_prizes(store, clock, close.to_pay(read.paid))
            if now < Stage.TITLES.opens_at(season):
                return "prizes"
            titled = close_titles(close, challenger_board(store, season), doctrine_board(store, season),
                                  front_table(store, season), _account_created(store), frozen_members(store), now)
            store.transact([CloseWrite(titled, version, CloseStatus.CLOSED, None, fixes=Stage.TITLES,
                                       titles=tuple(_title_writes(titled.titles or (), iso(now))))])
        except WriteConflict:
            continue  # another run moved the close on: read it again
        return "closed"
    raise WriteConflict(f"the close of {season} kept changing; the next delivery or sweep goes on")


def pay_prizes(store: Store, clock: Clock, payments: tuple[PrizePayment, ...]) -> int:
    """Each payment in its own transaction; one already written (a racing run paid it) is left as it is. How
    many this call paid."""
    paid = 0
    for payment in payments:
        at = iso(clock.now())
        line = LedgerLine(payment.member, payment.credits, str(CreditKind.PRIZE), at, new_id(), payment.season)
        history = HistoryLine(payment.member, payment.season, at, game=payment.game, place=payment.place,
                              credits=payment.credits)
        notice = Notice(payment.member, payment.id, payment.season, 0, at, None, NoticeKind.SEASON_PRIZE,
                        payment.game)
        try:
            store.transact([PrizePaid(payment, line, history, notice)])
        except WriteConflict:
            continue
        paid += 1
    return paid


def _title_writes(awards: tuple[TitleAward, ...], at: str) -> Iterator[tuple[TitleAward, HistoryLine, Notice]]:
    for award in awards:
        history = HistoryLine(award.member, award.season, at, title=str(award.title), doctrine=award.doctrine)
        yield award, history, Notice(award.member, award.id, award.season, 0, at, None, NoticeKind.SEASON_TITLE)


def _account_created(store: Store) -> Callable[[str], datetime]:
    """When a member's account was made (asked only for the tied first rows of the Daily Front's table)."""
    def created(member: str) -> datetime:
        profile = store.members.get_profile(member)
        return parse_iso(profile.created_at) if profile is not None else datetime.max.replace(tzinfo=UTC)

    return created


def due(store: Store, clock: Clock, limit: int = 10) -> dict[str, int]:
    """The sweep's part: every close whose next stage is due (the titles at 00:30, prizes a killed run left
    unpaid) taken on, each on its own (``play.sweeps.each_due``); how many ended ``closed``, ``prizes``..."""
    from gameserver.play.sweeps import each_due

    def take(season: str) -> str:
        return close_through(store, clock, season).get(season, "closed")

    return each_due(store.seasons.due(iso(clock.now()), limit), take, lambda season: f"the close of {season}")
