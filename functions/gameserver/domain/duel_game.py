"""A duel's game: starting it, following it turn by turn, ending it (off the board too), rating the result.

"The default doctrine is copied into the game when it starts; later edits do not reach a game in progress."
The game is an ordinary game of the spine (``mode="duel"``, the duel's id); after each of its committed turns
the spine calls ``turn_committed``, which catches the duel up (``sync``). ``sync`` is idempotent: a turn already
applied is refused by the duel's rules, and every write is claimed by the duel's version.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain import notices
from gameserver.domain.ids import new_seed
from gameserver.domain.words import as_side
from gameserver.duels import (
    Duel,
    DuelStatus,
    TurnResolved,
    apply,
    credit_lines,
    rate_duel,
    rating_verdict,
    turn_deadline,
)
from gameserver.duels.rated import DAILY_LIMIT_WINDOW
from gameserver.fairplay.links import Link
from gameserver.fairplay.marks import linked_marks
from gameserver.storage import port
from gameserver.storage.duels import (
    DuelStorage,
    DuelWrite,
    GameUpdate,
    MonthLine,
    NewGame,
    Notice,
    PairRecent,
    Ratings,
    StoredDuel,
    decode_duel,
)
from gameserver.storage.records import Game, LedgerLine, Submission, TurnRecord

log = logging.getLogger(__name__)

MODE = "duel"
KIND = "feinthold"
_ATTEMPTS = 4


def duel_storage(store: Any) -> DuelStorage:
    """The duel side of the spine's adapter: same client, same table."""
    return DuelStorage(store.client, store.table)


def ledger_lines(before: Duel | None, after: Duel, now: datetime) -> tuple[LedgerLine, ...]:
    """The duel's new ledger lines as stored: ids follow the line's place in the duel, so they never repeat."""
    done = 0 if before is None else len(before.credits)
    return tuple(
        LedgerLine(sub=line.member, amount=line.amount, kind=str(line.kind), at=iso(now),
                   line_id=f"{after.id}-{done + index}", ref=line.ref)
        for index, line in enumerate(credit_lines(before, after))
    )


# ------------------------------------------------------------------ the game of a duel
def new_game(duel: Duel, now: datetime, defaults: dict[str, dict[str, Any] | None]) -> NewGame:
    """Turn 1 of the duel's game; each member's default doctrine "is copied into the game when it starts"."""
    from rules.feinthold import new_game as first_turn

    from gameserver.domain import boards
    from gameserver.storage.records import Board

    assert duel.opponent is not None, "a duel starts once accepted"
    seed = new_seed()
    state = first_turn(seed)
    first, second = (duel.proposer, duel.opponent) if secrets.randbits(1) else (duel.opponent, duel.proposer)
    players = {"south": first, "north": second}
    doctrines = {side: defaults.get(sub) for side, sub in players.items()}
    opened_at = iso(now)
    game = Game(
        game_id=duel.id, kind=KIND, mode=MODE, players=players, pace=str(duel.pace), status="open",
        turn=state.turn, epoch=0, version=1, created_at=opened_at, opened_at=opened_at,
        deadline=iso(turn_deadline(duel.pace, 1, now)),
        submissions={side: Submission() for side in players}, layout=state.layout.id,
    )
    board = Board(game_id=duel.id, epoch=0, state=state.to_json(), seed=seed, doctrines=doctrines)
    return NewGame(game, board, boards.member_views(duel.id, players, state, 0), boards.plays_of(game))


def game_closed(ds: DuelStorage, game: Game, duel: Duel, now: datetime) -> GameUpdate:
    """The game of a duel that ended off the board (a forfeit, no orders): over, the forfeit's winner named.

    The board's state is marked over too (a forfeit's winner, or none for a cancellation), so the members'
    views say the game is over and its record opens, with the turns that were played."""
    from rules.feinthold import GameState

    from gameserver.domain import boards

    board = ds.game_board(game.game_id)
    if board is None or board.epoch != game.epoch:
        raise port.Conflict(f"the board of game {game.game_id} is not at the game's epoch")
    winner_side = game.side_of(duel.winner) if duel.winner else None
    winner = None if winner_side is None else as_side(winner_side)
    state = replace(GameState.from_json(board.state), over=True, winner=winner)
    closed = replace(game, status="over", version=game.version + 1, deadline=None, winner=winner,
                     finished_at=iso(now), submissions={side: Submission() for side in game.players})
    return GameUpdate(game.version, closed, boards.plays_of(closed), replace(board, state=state.to_json()),
                      boards.member_views(game.game_id, game.players, state, game.epoch))


def turn_notices(duel: Duel, game: Game) -> list[Notice]:
    if game.status != "open":
        return []
    return [Notice(sub, game.game_id, duel.id, game.turn, game.opened_at, game.deadline) for sub in duel.members]


def riding_write(store: Any, clock: Clock, before: Game, after: Game, record: TurnRecord) -> DuelWrite | None:
    """The duel's update for the turn ``before`` -> ``after`` of its game, to ride in the turn's own transaction
    (the spine's budget: a turn is 1 read + 1 transaction), built from the duel item the turn's read brought
    along, so the transaction's claim on the duel's version covers it.

    None when it cannot ride, and the hook catches the duel up once the turn has committed, as it always could:
    the duel was not read with this version of the game, is not in play, lags its game (catching up reads the
    turn records), or ends off the board (no orders at all, which also closes the game); or building it failed
    (the final turn's reads of the 24-hour window and the ratings)."""
    read_with = getattr(store, "duel_read_with", None)
    item = read_with(before) if read_with is not None else None
    if item is None:
        return None
    try:
        stored = decode_duel(item)
        duel = stored.duel
        if duel.status is not DuelStatus.PLAYING or duel.turns_passed != before.epoch \
                or record.turn != before.epoch + 1:
            return None
        delays = _delays(stored, after, [record])
        closing = closing_read(duel_storage(store), duel, parse_iso(record.resolved_at)) \
            if after.status == "over" else None
        ended = apply(duel, _turn_resolved(duel, after, record, delays, closing))
        now = clock.now()
        change = DuelWrite(ended, stored.version, iso(now), lines=ledger_lines(duel, ended, now), delays=delays)
        if ended.status is DuelStatus.PLAYING:
            change.due_at = after.deadline
            change.notices = turn_notices(ended, after)
        elif after.status == "open":
            return None
        else:
            rate(duel_storage(store), ended, change, closing)
    except Exception:
        log.exception("duel %s does not ride turn %s; the hook catches it up", before.game_id, record.turn)
        return None
    return change


def riding_items(store: Any, change: DuelWrite) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The duel item as ``change`` writes it, and every transaction item of ``change`` (the duel's first)."""
    items, _ = duel_storage(store).transaction_items(change)
    return items[0]["Put"]["Item"], items


def turn_committed(store: Any, clock: Clock, game: Game, record: TurnRecord) -> None:
    """The hook the spine calls after a duel's turn committed. A failure is logged, never raised: the turn
    stands, and the duel's deadline in the due index (or the next read) catches the duel up."""
    try:
        sync(store, clock, game.game_id, record)
    except Exception:
        log.exception("duel %s not caught up after turn %s; the sweep will", game.game_id, record.turn)


def sync(store: Any, clock: Clock, duel_id: str, record: TurnRecord | None = None) -> str:
    """Catch the duel up with its game: one ``TurnResolved`` per turn the game resolved since, then the end
    (payout, ratings) or, if neither member ever sent orders, the cancellation that also closes the game.

    ``synced``, ``current`` (nothing to do), ``closed`` (the duel has ended), ``missing``."""
    ds = duel_storage(store)
    for _ in range(_ATTEMPTS):
        stored, game, _, _ = ds.read(duel_id, game=True)
        if stored is None or game is None:
            return "missing"
        if stored.duel.status is not DuelStatus.PLAYING:
            return "closed"
        if game.epoch <= stored.duel.turns_passed:
            return "current"
        before = stored.duel
        wanted = range(before.turns_passed + 1, game.epoch + 1)
        if record is not None and list(wanted) == [record.turn]:
            records = [record]
        else:
            records = [r for r in store.turn_records(duel_id) if r.turn in wanted]
        delays = _delays(stored, game, records)
        ordered = sorted(records, key=lambda r: r.turn)
        closing = closing_read(ds, before, parse_iso(ordered[-1].resolved_at)) \
            if game.status == "over" and ordered else None
        after = before
        for turn_record in ordered:
            after = apply(after, _turn_resolved(after, game, turn_record, delays, closing))
            if after.status.closed:
                break
        now = clock.now()
        change = DuelWrite(after, stored.version, iso(now), lines=ledger_lines(before, after, now), delays=delays)
        if after.status is DuelStatus.PLAYING:
            change.due_at = game.deadline
            change.notices = turn_notices(after, game)
        else:
            if game.status == "open":
                try:
                    change.game_update = game_closed(ds, game, after, now)
                except port.Conflict:
                    continue
            rate(ds, after, change, closing)
        try:
            ds.write(change)
        except port.Conflict:
            continue
        notices.publish(change.notices)
        return "synced"
    return "contended"


def _delays(stored: StoredDuel, game: Game, records: list[TurnRecord]) -> dict[str, dict[int, int]]:
    """Each member's order delays per turn (whole seconds from the opening to their last submission)."""
    from gameserver.fairplay import order_delay

    delays = {sub: dict(turns) for sub, turns in stored.delays.items()}
    for turn_record in records:
        for side, submission in turn_record.submissions.items():
            if submission.sent and submission.sent_at:
                delays.setdefault(game.players[side], {})[turn_record.turn] = order_delay(
                    parse_iso(turn_record.opened_at), parse_iso(submission.sent_at)
                )
    return delays


def _turn_resolved(duel: Duel, game: Game, record: TurnRecord, delays: dict[str, dict[int, int]],
                   closing: Closing | None = None) -> TurnResolved:
    """``closing``: what the end read (read only when the game is over), whose link makes the duel unrated."""
    from gameserver.fairplay import faster_than_a_human

    last = record.turn == game.epoch and game.status == "over"
    senders = frozenset(game.players[side] for side, missed in record.missed.items() if not missed)
    too_fast = frozenset(
        sub for sub in duel.members if faster_than_a_human(delays.get(sub, {}), record.turn, last)
    )
    winner = game.players.get(game.winner) if last and game.winner in game.players else None
    return TurnResolved(record.turn, parse_iso(record.resolved_at), senders=senders, too_fast=too_fast,
                        over=last, winner=winner, linked=closing is not None and closing.link is not None)


# ------------------------------------------------------------------ the end: linked accounts, ratings
@dataclass(frozen=True)
class Closing:
    """What a duel's end reads, in one BatchGetItem, before its last event is applied: both members' ratings,
    month lines and account creation, the pair's recent duels (the 24-hour rule), and what links the two
    members (linked accounts, judged at the end's time), if anything."""

    ratings: dict[str, Ratings]
    months: dict[str, MonthLine | None]
    created: dict[str, str]
    recent: PairRecent
    link: Link | None


def closing_read(ds: DuelStorage, duel: Duel, at: datetime) -> Closing:
    """The end's read of a duel in play (``at``: the end's time, whose month is the board's). "Between linked
    accounts a duel is unrated": the link is passed with the end's event (``TurnResolved``, ``Abandon``)."""
    from gameserver.domain.sightings import link_of

    assert duel.opponent is not None, "a duel in play has two members"
    members = (duel.proposer, duel.opponent)
    ratings, months, created, recent, seen = ds.standing(members, iso(at)[:7])
    return Closing(ratings, months, created, recent, link_of(seen, members, at))


def rate(ds: DuelStorage, duel: Duel, change: DuelWrite, closing: Closing | None) -> None:
    """A finished duel moves both members' game rating and common Elo, unless a rule says it is unrated; the
    changes are stored with the duel (and each member's line of the month's board). Between linked accounts
    each member gets a mark for moderators, in the same transaction. ``closing``: the end's read, made before
    the end's event (None only when no played duel can finish: a finished one without it is refused)."""
    if not duel.status.finished or duel.finished_at is None or duel.opponent is None:
        return
    month = iso(duel.finished_at)[:7]
    if closing is None:
        raise ValueError(f"duel {duel.id} finished without its end's read: linked accounts were not judged")
    ratings, months, created, recent = closing.ratings, closing.months, closing.created, closing.recent
    if duel.linked and closing.link is not None:
        change.marks = linked_marks(duel.id, (duel.proposer, duel.opponent), closing.link, iso(duel.finished_at))
    # The pair's duels that can still count for a later one: a duel caught up late may have finished a little
    # before one already written, so those within two windows stay.
    kept = [d for d in recent.duels if d.id != duel.id and d.finished_at is not None
            and d.finished_at > duel.finished_at - 2 * DAILY_LIMIT_WINDOW]
    change.recent = PairRecent((*kept, duel), recent.version)
    verdict = rating_verdict(duel, kept)
    if verdict is not None:
        change.rating_changes = {"rated": False, "why": str(verdict)}
        return
    changes = rate_duel(duel, {s: r.game for s, r in ratings.items()}, {s: r.elo for s, r in ratings.items()})
    change.rating_changes = {"rated": True, "game": {s: c.to_json() for s, c in changes.game.items()},
                             "elo": {s: c.points for s, c in changes.elo.items()}}
    for sub in duel.members:
        game_rating = changes.game[sub].apply(ratings[sub].game)
        change.ratings[sub] = (ratings[sub], game_rating, changes.elo[sub].apply(ratings[sub].elo))
        line = months[sub]
        change.months.append((MonthLine(sub, month, (line.rated if line else 0) + 1, game_rating.rating,
                                        created[sub]), line.rated if line else 0))
