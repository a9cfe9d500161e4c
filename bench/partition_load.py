"""The in-memory store, counted as DynamoDB would bill it: every call of the storage port the domain makes is
one request (``storage/port.py``: "every method is one DynamoDB request unless it says otherwise"), charged to
the partitions it names, with the capacity docs/storage.md measured for it.

``CountingStore`` wraps a ``MemoryStore`` (it holds no data of its own: every call goes to the store it wraps
and its answer comes back unchanged) and records, per simulated second and partition key, the requests and the
read and write units. A partition key is written as DynamoDB's: the table's own (``GAME#{id}``,
``MEMBER#{sub}``, ``FRONT#{day}``) or an index partition (``gsi1:front#{day}#3``, ``due:DUE#2``): a global
secondary index has partitions of its own, with the same limits as the table's.

Capacity comes from the measured figures of the ``bench/*_requests.py`` scripts, as docs/storage.md quotes
them (a Feinthold step commit ~26 WCU, a Front 1901 one ~45, a Feint one ~21; a view read 2 RCU; a step read
3 RCU; ...), not from the in-memory records' sizes. Where the size of what is read grows with the number of
members (a day board's keys read by the summary rebuild, the summary item itself), the touch says so
(``sized``): the scaled figure multiplies its units by the member count's ratio too.
"""

from __future__ import annotations

import hashlib
import inspect
import time
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

WCU_LIMIT = 1_000
"""A partition's write units a second (table or index partition)."""
RCU_LIMIT = 3_000
"""A partition's read units a second."""


@dataclass(frozen=True)
class Touch:
    """What one request costs one partition."""

    key: str
    rcu: float = 0.0
    wcu: float = 0.0
    sized: bool = False
    """The units grow with the number of members (a read of a whole day board, of the board's summary)."""


OWN_PREFIXES = ("MEMBER#", "GAME#", "DUEL#", "CHALLENGE#", "PAIR#", "TABLE#", "TOURNEY#", "INVITATION#",
                "DOCTRINE#m")
"""Partitions of one member, one game, one duel: their load does not grow with the number of members."""


def shared(key: str) -> bool:
    return not key.startswith(OWN_PREFIXES)


def _crc_shard(text: str, shards: int = 4) -> int:
    return zlib.crc32(text.encode()) % shards


def _member_shard(sub: str, shards: int = 8) -> int:
    return int(hashlib.sha256(sub.encode()).hexdigest(), 16) % shards


# ----------------------------------------------------------------------------- the games area
STEP_WCU = {"feinthold": 26, "front1901": 45, "feint": 21}
"""A step commit's write units on its game's partition (bench/feinthold via spine_requests, front1901_requests,
feint_requests): the game, board, views, step records, doubled by the transaction."""
NEW_GAME_WCU = {"feinthold": 12, "front1901": 18, "feint": 10}
"""A new game's units on its partition (pattern 5; pattern 67: 18 for Front 1901)."""
PLAY_WCU = 2.0
"""A member's play line in a transaction (1 KB, doubled)."""
INDEX_WCU = 1.0
"""An index entry written (a sparse index's small projection, or a board key)."""


def _members(players: dict[Any, str]) -> list[str]:
    return [p for p in players.values() if ":" not in p]


def _game_touches(game: Any, wcu: float) -> list[Touch]:
    touches = [Touch(f"GAME#{game.game_id}", wcu=wcu)]
    touches += [Touch(f"MEMBER#{sub}", wcu=PLAY_WCU) for sub in _members(game.players)]
    if game.status == "open" and game.deadline:
        # The due index's key changes with the deadline: the index deletes the old entry and puts the new.
        touches.append(Touch(f"due:DUE#{_crc_shard(game.game_id)}", wcu=2 * INDEX_WCU))
    if game.status == "over" and game.finished_at:
        touches.append(Touch(f"gsi1:FINISHED#{game.kind}#{game.finished_at[:10]}", wcu=2.0))
    return touches


def _due_query(prefix: str, shards: int, found: Any) -> list[Touch]:
    """A sweep's query of a due index, one per shard: half a read unit each, and ~200 bytes per item found."""
    items = len(found) if hasattr(found, "__len__") else 0
    each = max(0.5, items * 200 / 4096 / 2 / shards)
    return [Touch(f"due:{prefix}{n}", rcu=each) for n in range(shards)]


# ----------------------------------------------------------------------------- reads by method
Reader = Callable[[dict[str, Any], Any], list[Touch]]

ONE_QUERY_A_SHARD = {"daily.board_after", "daily.month_after", "daily.board_keys", "daily.count_better",
                     "front1901.board_after", "front1901.board_keys", "front1901.count_better"}
"""Methods that send one query per shard they touch (the others are one request, a BatchGetItem or a
transaction, whatever the partitions they name); every ``due_*`` method too (one query a due-index shard)."""


def requests_of(operation: str, touches: list[Touch]) -> int:
    """DynamoDB requests one call of ``operation`` sends (its first page; a board read at size pages on)."""
    if operation in ONE_QUERY_A_SHARD or operation.rpartition(".")[2] in (
            "due_steps", "due_fronts", "due_duels", "due", "due_freezes", "due_challenges", "queued", "waiting",
            "tables_to_start"):
        return max(1, len({t.key for t in touches}))
    return 1


def _day(args: dict[str, Any]) -> str:
    return str(args["day"])


READS: dict[str, Reader] = {
    # games
    "games.get": lambda a, r: [Touch(f"GAME#{a['game_id']}", rcu=1)],
    "games.board": lambda a, r: [Touch(f"GAME#{a['game_id']}", rcu=3)],
    "games.read_view": lambda a, r: [Touch(f"GAME#{a['game_id']}", rcu=2)],
    "games.read_step": lambda a, r: [Touch(f"GAME#{a['game_id']}", rcu=3)] + [
        Touch(f"{type(c).__name__.removesuffix('Companion').upper()}#{getattr(c, 'duel_id', None) or getattr(c, 'tournament_id', '')}",
              rcu=1) for c in a.get("companions", ())],
    "games.save_submission": lambda a, r: [Touch(f"GAME#{a['game'].game_id}", wcu=2)],
    "games.save_action": lambda a, r: [Touch(f"GAME#{a['game'].game_id}", wcu=2)],
    "games.list_plays": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    "games.list_all_plays": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1) for _ in a["kinds"]],
    "games.step_records": lambda a, r: [Touch(f"GAME#{a['game_id']}", rcu=7)],
    "games.step_page": lambda a, r: [Touch(f"GAME#{a['game_id']}", rcu=7)],
    "games.due_steps": lambda a, r: _due_query("DUE#", 4, r),
    # members
    "members.get_profile": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    "members.create_profile": lambda a, r: [Touch(f"MEMBER#{a['profile'].sub}", wcu=4)],
    "members.balances": lambda a, r: [Touch(f"MEMBER#{s}", rcu=1) for s in a["subs"]],
    "members.ledger": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    "members.feed": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    # the Daily Front
    "daily.put_front": lambda a, r: [Touch(f"FRONT#{a['front'].day}", wcu=1)],
    "daily.get_front": lambda a, r: [Touch(f"FRONT#{_day(a)}", rcu=1)],
    "daily.read_day": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1 + a.get("default_doctrine", False))] + (
        [Touch(f"FRONT#{_day(a)}", rcu=1)] if a.get("front", True) else []),
    "daily.month_line": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    "daily.board_after": lambda a, r: [Touch(f"gsi1:front#{_day(a)}#{n}", rcu=0.5 * max(1, a["limit"] / 8 * 1.25 * 400 / 2048))
                                       for n in range(8)],
    "daily.month_after": lambda a, r: [Touch(f"gsi1:frontmonth#{a['month']}#{n}", rcu=0.5 * max(1, a["limit"] / 8 * 1.25 * 400 / 2048))
                                       for n in range(8)],
    # The summary rebuild reads every key of the day's board: 4,900 RCU at 100,000 results (pattern 33b).
    "daily.board_keys": lambda a, r: _board_read("front", a, r),
    "daily.get_summary": lambda a, r: _summary(f"FRONT#{_day(a)}", r, strong=False),
    "daily.put_summary": lambda a, r: _summary_write(f"FRONT#{_day(a)}", a["stored"]),
    "daily.read_rank": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)] + _summary(
        f"FRONT#{_day(a)}", getattr(r, "summary", None), strong=True),
    "daily.finish": lambda a, r: _front_entry(a["entry"], 4 + 2 * (a.get("month") is not None)),
    "daily.due_fronts": lambda a, r: _due_query("FRONTDUE#", 4, r),
    "daily.count_better": lambda a, r: [Touch(f"gsi1:front#{_day(a)}#{n}", rcu=3.5) for n in range(8)],
    # Front 1901's daily challenge
    "front1901.put_challenge": lambda a, r: [Touch(f"F1901DAY#{a['challenge'].day}", wcu=1)],
    "front1901.get_challenge": lambda a, r: [Touch(f"F1901DAY#{_day(a)}", rcu=1)],
    "front1901.read_day": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1 + a.get("seen", False))] + (
        [Touch(f"F1901DAY#{_day(a)}", rcu=1)] if a.get("challenge", True) else []),
    "front1901.starters": lambda a, r: [Touch(f"F1901DAY#{_day(a)}", rcu=max(1, len(a["values"])))],
    "front1901.finish": lambda a, r: [Touch(f"MEMBER#{a['entry'].member}", wcu=4),
                                      Touch(f"gsi1:challenge#{a['entry'].day}#{_member_shard(a['entry'].member)}", wcu=INDEX_WCU)],
    "front1901.board_after": lambda a, r: [Touch(f"gsi1:challenge#{_day(a)}#{n}", rcu=1) for n in range(8)],
    "front1901.board_keys": lambda a, r: _board_read("challenge", a, r),
    "front1901.get_summary": lambda a, r: _summary(f"F1901DAY#{_day(a)}", r, strong=False),
    "front1901.put_summary": lambda a, r: _summary_write(f"F1901DAY#{_day(a)}", a["stored"]),
    "front1901.read_rank": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)] + _summary(
        f"F1901DAY#{_day(a)}", getattr(r, "summary", None), strong=True),
    "front1901.count_better": lambda a, r: [Touch(f"gsi1:challenge#{_day(a)}#{n}", rcu=3.5) for n in range(8)],
    # duels
    "duels.read": lambda a, r: [Touch(f"DUEL#{a['duel_id']}", rcu=1)] + (
        [Touch(f"GAME#{a['duel_id']}", rcu=1)] if a.get("game") else []) + [
        Touch(f"MEMBER#{s}", rcu=1) for s in a.get("profiles", ())],
    "duels.standing": lambda a, r: [Touch(f"MEMBER#{s}", rcu=3) for s in a["subs"]] + [
        Touch(f"PAIR#{'#'.join(sorted(a['subs']))}", rcu=1)],
    "duels.proposals": lambda a, r: [Touch(f"gsi1:{a['partition']}", rcu=1)],
    "duels.open_of": lambda a, r: [Touch(f"gsi1:DUELSOF#{a['sub']}", rcu=1)],
    "duels.due_duels": lambda a, r: _due_query("DUELDUE#", 4, r),
    "duels.month_board": lambda a, r: [Touch(f"gsi1:DUELBOARD#feinthold#{a['month']}", rcu=2)],
    # doctrines
    "doctrines.doctrines": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    "doctrines.put": lambda a, r: [Touch(f"MEMBER#{a['sub']}", wcu=2 + 2 * a.get("is_default", False))],
    "doctrines.delete": lambda a, r: [Touch(f"MEMBER#{a['sub']}", wcu=2)],
    "doctrines.set_default": lambda a, r: [Touch(f"MEMBER#{a['sub']}", wcu=2)],
    # fair play
    "fairplay.record_sighting": lambda a, r: [Touch(f"MEMBER#{a['sub']}", wcu=1)],
    "limits.take": lambda a, r: [Touch(f"MEMBER#{a['sub']}", wcu=1)],
    "fairplay.marks": lambda a, r: [Touch(f"gsi1:MARKS#{a.get('status', 'open')}", rcu=1)],
    "fairplay.marks_of": lambda a, r: [Touch(f"MEMBER#{a['member']}", rcu=1)],
    "fairplay.find_mark": lambda a, r: [Touch(f"MEMBER#{a['member']}", rcu=1)],
    # tournaments
    "tournaments.read": lambda a, r: [Touch(f"TOURNEY#{a['tournament_id']}", rcu=2)] + [
        Touch(f"MEMBER#{s}", rcu=1) for s in a.get("profiles", ())],
    "tournaments.bracket": lambda a, r: [Touch(f"TOURNEY#{a['tournament_id']}", rcu=2)],
    "tournaments.read_match": lambda a, r: [Touch(f"TOURNEY#{a['tournament_id']}", rcu=1)],
    "tournaments.contenders": lambda a, r: [Touch(f"MEMBER#{s}", rcu=3) for s in a["subs"]],
    "tournaments.open_tournaments": lambda a, r: [Touch("gsi1:TOURNEYS#open", rcu=1)],
    "tournaments.of_member": lambda a, r: [Touch(f"gsi2:ENTRANT#{a['sub']}", rcu=1)],
    "tournaments.due": lambda a, r: _due_query("TOURNEYDUE#", 4, r),
    # the lobby
    "lobby.get_table": lambda a, r: [Touch(f"TABLE#{a['table_id']}", rcu=1)],
    "lobby.open_tables": lambda a, r: [Touch(f"gsi1:{a['game'].upper()}TABLES#open", rcu=1)],
    "lobby.tables_to_start": lambda a, r: _due_query("TABLESTART#", 1, r),
    # moderation, audit, seasons
    "moderation.freezes": lambda a, r: [Touch(f"MEMBER#{s}", rcu=0.5) for s in a["subs"]],
    "moderation.frozen": lambda a, r: [Touch("gsi1:FROZEN", rcu=1)],
    "moderation.due_freezes": lambda a, r: _due_query("FREEZEDUE#", 1, r),
    "audit.of_member": lambda a, r: [Touch(f"gsi2:AUDITOF#{a['member']}", rcu=1)],
    "audit.lines": lambda a, r: [Touch("gsi1:AUDIT", rcu=1)],
    "seasons.read": lambda a, r: [Touch(f"SEASON#{a['season']}", rcu=1)],
    "seasons.closes": lambda a, r: [Touch("gsi1:SEASONS", rcu=0.5)],
    "seasons.history": lambda a, r: [Touch(f"MEMBER#{a['member']}", rcu=1)],
    "seasons.due": lambda a, r: _due_query("SEASONDUE#", 1, r),
    # challenges
    "challenges.doctrine": lambda a, r: [Touch(f"DOCTRINE#{a['doctrine_id']}", rcu=1)],
    "challenges.doctrines": lambda a, r: [Touch(f"DOCTRINE#{d}", rcu=1) for d in a["doctrine_ids"]],
    "challenges.put_house": lambda a, r: [Touch(f"DOCTRINE#{a['stored'].doctrine.id}", wcu=1)],
    "challenges.published": lambda a, r: [Touch("gsi1:PUBLISHED", rcu=1)],
    "challenges.read_start": lambda a, r: [Touch(f"DOCTRINE#{a['doctrine_id']}", rcu=2),
                                           Touch(f"MEMBER#{a['challenger']}", rcu=3)],
    "challenges.read_challenge": lambda a, r: [Touch(f"CHALLENGE#{a['challenge_id']}", rcu=2)],
    "challenges.read_end": lambda a, r: [Touch(f"CHALLENGE#{a['challenge_id']}", rcu=1),
                                         Touch(f"MEMBER#{a['challenger']}", rcu=5),
                                         Touch(f"DOCTRINE#{a['doctrine_id']}", rcu=2)],
    "challenges.due_challenges": lambda a, r: _due_query("CHALLENGEDUE#", 4, r),
    "challenges.queued": lambda a, r: _due_query("DOCQUEUE#", 4, r),
    "challenges.read_queue": lambda a, r: [Touch(f"DOCTRINE#{a['doctrine_id']}", rcu=3)],
    "challenges.waiting": lambda a, r: _due_query("AUTHORDUE#", 4, r),
    "challenges.read_waiting": lambda a, r: [Touch(f"DOCTRINE#{a['doctrine_id']}", rcu=2)],
    "challenges.delay_waiting": lambda a, r: [Touch(f"DOCTRINE#{a['doctrine_id']}", wcu=len(a["events"]))],
    "challenges.challenger_rating": lambda a, r: [Touch(f"MEMBER#{a['sub']}", rcu=1)],
    "challenges.challenger_board": lambda a, r: [Touch(f"gsi1:CHALLENGERS#{a['month']}", rcu=2)],
    "challenges.doctrine_board": lambda a, r: [Touch(f"gsi1:DOCBOARD#{a['month']}", rcu=2)],
    # invitations
    "invitations.put": lambda a, r: [Touch(f"INVITATION#{a['invitation'].invitation_id}", wcu=1)],
    "invitations.get": lambda a, r: [Touch(f"INVITATION#{a['invitation_id']}", rcu=1)],
    "invitations.answer": lambda a, r: [Touch(f"INVITATION#{a['invitation'].invitation_id}", wcu=1)],
    "invitations.listed": lambda a, r: [Touch(f"gsi1:INVITEE#{a['sub']}", rcu=1)],
}


def _entries(summary: Any) -> int:
    return int(getattr(summary, "entries", 0) or 0)


def _summary(key: str, summary: Any, strong: bool) -> list[Touch]:
    """A summary item is ~13.5 KB at 100,000 results (docs/storage.md): 4 strong read units there. Its
    minimum unit, and the part that grows with the board."""
    half = 1.0 if strong else 0.5
    return [Touch(key, rcu=half), Touch(key, rcu=half * 4 * _entries(summary) / 100_000, sized=True)]


def _summary_write(key: str, stored: Any) -> list[Touch]:
    """A summary written: 14 WCU at 100,000 results (pattern 33b)."""
    return [Touch(key, wcu=1.0), Touch(key, wcu=14 * _entries(stored) / 100_000, sized=True)]


def _board_read(board: str, args: dict[str, Any], shards: Any) -> list[Touch]:
    """Every key of a day's board, shard by shard (the summary's rebuild): ~0.049 RCU a result (pattern 33b:
    ~4,900 RCU at 100,000 results, eventually consistent, the items' whole size charged)."""
    results = sum(len(keys) for keys in shards)  # shards are drawn by a hash of the member: even at size
    return [t for n in range(len(shards)) for t in (
        Touch(f"gsi1:{board}#{_day(args)}#{n}", rcu=0.5),
        Touch(f"gsi1:{board}#{_day(args)}#{n}", rcu=0.049 * results / len(shards), sized=True))]


# ----------------------------------------------------------------------------- transactions' writes
def _lines(lines: Iterable[Any]) -> list[Touch]:
    return [Touch(f"MEMBER#{getattr(line, 'sub', None) or line.member}", wcu=4) for line in lines]  # the balance's update and the line, doubled


def _notices(notices: Iterable[Any]) -> list[Touch]:
    return [Touch(f"MEMBER#{getattr(n, 'sub', None) or getattr(n, 'member', '')}", wcu=2) for n in notices]


def _marks(marks: Iterable[Any]) -> list[Touch]:
    return [t for m in marks for t in (Touch(f"MEMBER#{m.member}", wcu=2), Touch("gsi1:MARKS#open", wcu=INDEX_WCU))]


def _duel(w: Any) -> list[Touch]:
    duel = w.duel
    touches = [Touch(f"DUEL#{duel.id}", wcu=4)] + _lines(w.lines) + _notices(w.notices) + _marks(w.marks)
    touches += [Touch(f"MEMBER#{sub}", wcu=4) for sub in w.ratings]
    touches += [t for line, _ in w.months for t in (Touch(f"MEMBER#{line.sub}", wcu=2),) + (
        (Touch(f"gsi1:DUELBOARD#feinthold#{line.month}", wcu=INDEX_WCU),) if line.rated >= 8 else ())]
    if w.recent is not None:
        touches.append(Touch(f"PAIR#{'#'.join(sorted((duel.proposer, duel.opponent or '')))}", wcu=2))
    if w.due_at:
        touches.append(Touch(f"due:DUELDUE#{_crc_shard(duel.id)}", wcu=2 * INDEX_WCU))
    if getattr(duel, "status", None) is not None and str(getattr(duel.status, "value", duel.status)) == "proposed":
        touches.append(Touch("gsi1:DUELS#open", wcu=INDEX_WCU))
    return touches


def _challenge_finish(w: Any) -> list[Touch]:
    c = w.stored.challenge
    touches = [Touch(f"CHALLENGE#{c.id}", wcu=2), Touch(f"MEMBER#{c.challenger}", wcu=2)]
    if w.queued is not None:
        touches += [Touch(f"MEMBER#{c.challenger}", wcu=4), Touch(f"DOCTRINE#{c.doctrine}", wcu=2),
                    Touch(f"due:DOCQUEUE#{_crc_shard(c.doctrine)}", wcu=INDEX_WCU)]
    if w.month is not None and w.month.line.rated >= 8:
        touches.append(Touch(f"gsi1:CHALLENGERS#{w.month.month}", wcu=INDEX_WCU))
    return touches + [Touch(f"DOCTRINE#{e.event.doctrine}", wcu=2) for e in w.waiting] + _marks(w.marks)


def _rating_step(w: Any) -> list[Touch]:
    d = w.stored.doctrine
    touches = [Touch(f"DOCTRINE#{d.id}", wcu=2 + 2 * len(w.done)), Touch("gsi1:PUBLISHED", wcu=INDEX_WCU)]
    touches += [Touch(f"CHALLENGE#{a.game}", wcu=2) for a in w.applied]
    touches += [Touch(f"gsi1:DOCBOARD#{m.month}", wcu=INDEX_WCU) for m in w.months if m.line.faced >= 10]
    touches += [Touch(f"due:DOCQUEUE#{_crc_shard(d.id)}", wcu=INDEX_WCU) for _ in w.done]
    return touches


def _front_entry(entry: Any, wcu: float) -> list[Touch]:
    touches = [Touch(f"MEMBER#{entry.member}", wcu=wcu),
               Touch(f"due:FRONTDUE#{_crc_shard(f'{entry.member}#{entry.day}')}", wcu=INDEX_WCU)]
    if getattr(entry, "board_key", None):
        touches += [Touch(f"gsi1:front#{entry.day}#{_member_shard(entry.member)}", wcu=INDEX_WCU),
                    Touch(f"gsi1:frontmonth#{str(entry.day)[:7]}#{_member_shard(entry.member)}", wcu=INDEX_WCU)]
    return touches


WRITES: dict[str, Callable[[Any], list[Touch]]] = {
    "NewGame": lambda w: _game_touches(w.game, NEW_GAME_WCU.get(w.game.kind, 12)),
    "StepCommit": lambda w: _game_touches(w.game, STEP_WCU.get(w.game.kind, 26)),
    "GameClose": lambda w: _game_touches(w.game, 10),
    "InvitationAccepted": lambda w: [Touch(f"INVITATION#{w.invitation.invitation_id}", wcu=2)],
    "DuelWrite": _duel,
    "FrontStart": lambda w: _front_entry(w.entry, 2),
    "FrontStopped": lambda w: _front_entry(w.entry, 4),
    "AuditLine": lambda w: [Touch(f"AUDIT#{w.at[:7]}", wcu=2), Touch("gsi1:AUDIT", wcu=INDEX_WCU)],
    "TournamentWrite": lambda w: [Touch(f"TOURNEY#{w.tournament.id}", wcu=6)] + _lines(w.lines)
    + _notices(w.notices) + [Touch(f"MEMBER#{s}", wcu=2) for s in (*w.joined, *w.left)] + _marks(w.marks),
    "MatchWrite": lambda w: [Touch(f"TOURNEY#{w.match.tournament_id}", wcu=4)] + _notices(w.notices) + (
        [Touch(f"due:TOURNEYDUE#{_crc_shard(w.match.tournament_id)}", wcu=2 * INDEX_WCU)] if w.due_at else []),
    "Notices": lambda w: _notices(w.notices),
    # The live channel's events, in their own table (docs/events.md): an item per member and stream, in the
    # transaction of the change it tells.
    "EventWrite": lambda w: [Touch(f"EVENTS#{e.sub}#{e.stream}", wcu=2) for e in w.events],
    "TableWrite": lambda w: [Touch(f"TABLE#{w.table.table_id}", wcu=4)],
    "Marks": lambda w: _marks(w.marks),
    "FreezeWrite": lambda w: [Touch(f"MEMBER#{w.freeze.member}", wcu=2), Touch("gsi1:FROZEN", wcu=INDEX_WCU)],
    "Unfreeze": lambda w: [Touch(f"MEMBER#{w.member}", wcu=2), Touch("gsi1:FROZEN", wcu=INDEX_WCU)],
    "FreezeSettled": lambda w: [Touch(f"MEMBER#{w.member}", wcu=2)],
    "NotFrozen": lambda w: [Touch(f"MEMBER#{m}", rcu=0.5) for m in w.members],
    "CloseWrite": lambda w: [Touch(f"SEASON#{w.close.season}", wcu=4), Touch("gsi1:SEASONS", wcu=INDEX_WCU)]
    + [Touch(f"MEMBER#{title[0].member}", wcu=4) for title in w.titles],
    "PrizePaid": lambda w: [Touch(f"SEASON#{w.payment.season}", wcu=2), Touch(f"MEMBER#{w.line.sub}", wcu=8)],
    "DoctrineWrite": lambda w: [Touch(f"DOCTRINE#{w.stored.doctrine.id}", wcu=3),
                                Touch("gsi1:PUBLISHED", wcu=INDEX_WCU)],
    "ChallengeStart": lambda w: [Touch(f"CHALLENGE#{w.challenge.id}", wcu=2),
                                 Touch(f"MEMBER#{w.challenge.challenger}", wcu=2),
                                 Touch(f"due:CHALLENGEDUE#{_crc_shard(w.challenge.id)}", wcu=INDEX_WCU)]
    + [Touch(f"DOCTRINE#{e.event.doctrine}", wcu=2) for e in w.waiting],
    "ChallengeFinish": _challenge_finish,
    "DoctrineRatingWrite": _rating_step,
    "NoticeWrite": lambda w: [Touch(f"DOCTRINE#{w.state.doctrine}", wcu=2),
                              Touch(f"MEMBER#{w.feed.notice.sub}", wcu=2)],
    "Front1901DayStart": lambda w: [Touch(f"MEMBER#{w.entry.member}", wcu=2)]
    + [Touch(f"F1901DAY#{w.entry.day}", wcu=2) for _ in w.starters],
}


# ----------------------------------------------------------------------------- the ledger of touches
@dataclass
class Load:
    """Every touch recorded, by simulated second and partition, split by who made it: members' requests
    (their number grows with the members) or the scheduled sweep's (one a minute whatever the members)."""

    requests: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    """Requests by operation (``games.read_step``, ``transact``)."""
    member_units: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0.0, 0.0, 0.0]))
    """key -> [rcu, wcu, rcu that grows with size, wcu that grows with size], members' requests, the whole day."""
    sweep_runs: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0.0, 0.0, 0.0]))
    """key -> the largest minute's units of the sweep, same columns."""
    _sweep_minute: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0.0, 0.0, 0.0]))
    own_seconds: dict[tuple[int, str], list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0.0]))
    """(second, key) -> [rcu, wcu] of the partitions of one member or one game."""
    unmodelled: set[str] = field(default_factory=set)
    members_total: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])
    """Every partition's units of members' requests, same columns as ``member_units``."""
    sweep_total: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])
    """Every partition's units of the sweep's requests, same columns."""
    store_requests: int = 0
    sweep_requests: int = 0
    store_cpu_s: float = 0.0
    """CPU time spent inside the in-memory store's reads (its own sorting and scanning: not DynamoDB's, whose
    time is the round trips)."""
    transactions: int = 0
    timers: int = 0
    """Step Functions executions started: each step opened with a deadline in a mode that times its steps."""
    events: int = 0
    """Events put on the EventBridge bus: the notices of the kinds ``domain.notices`` publishes."""

    def record(self, operation: str, touches: list[Touch], second: int, in_sweep: bool, weight: int,
               requests: int = 1) -> None:
        self.requests[operation] += weight * requests
        self.store_requests += weight * requests
        self.sweep_requests += weight * requests * in_sweep
        self.transactions += weight * (operation == "transact")
        total = self.sweep_total if in_sweep else self.members_total
        for t in touches:
            total[2 if t.sized else 0] += t.rcu * weight
            total[3 if t.sized else 1] += t.wcu * weight
            if not shared(t.key):
                cell = self.own_seconds[(second, t.key)]
                cell[0] += t.rcu * weight
                cell[1] += t.wcu * weight
                continue
            row = (self._sweep_minute if in_sweep else self.member_units)[t.key]
            row[2 if t.sized else 0] += t.rcu * weight
            row[3 if t.sized else 1] += t.wcu * weight

    def sweep_done(self) -> None:
        """One sweep's minute is over: keep, per key, the largest minute."""
        for key, row in self._sweep_minute.items():
            best = self.sweep_runs[key]
            if row[0] + row[2] + row[1] + row[3] > best[0] + best[2] + best[1] + best[3]:
                self.sweep_runs[key] = list(row)
        self._sweep_minute.clear()


def day_units(load: Load, sample: int, members: int) -> tuple[float, float]:
    """Read and write units of a day of ``members``: the members' scaled (and what grows with size once
    more), the sweep's fixed minute as it is, what grows with the boards scaled."""
    ratio = members / sample
    m, s = load.members_total, load.sweep_total
    return ((m[0] + m[2] * ratio) * ratio + s[0] + s[2] * ratio,
            (m[1] + m[3] * ratio) * ratio + s[1] + s[3] * ratio)


@dataclass(frozen=True)
class KeyLoad:
    key: str
    rcu: float
    wcu: float

    @property
    def share(self) -> float:
        """The larger of its read and write shares of a partition's limits."""
        return max(self.rcu / RCU_LIMIT, self.wcu / WCU_LIMIT)


def peak_loads(load: Load, sample: int, members: int, peak_factor: float) -> list[KeyLoad]:
    """Each partition's units a second at the profile's peak with ``members`` active members, from a simulated
    day of ``sample``: a shared key's members' units scale with the member count (and those that grow with size
    once more), spread over the day at ``peak_factor`` times its mean; the sweep's largest minute is counted as
    landing within one second (its queries run back to back). A member's or a game's own partition does not
    grow: its busiest simulated second is its figure. Hottest first."""
    ratio = members / sample
    mean_to_peak = peak_factor / 86_400
    keys = set(load.member_units) | set(load.sweep_runs)
    found = []
    for key in keys:
        m = load.member_units.get(key, [0.0] * 4)
        s = load.sweep_runs.get(key, [0.0] * 4)
        rcu = (m[0] + m[2] * ratio) * ratio * mean_to_peak + s[0] + s[2] * ratio
        wcu = (m[1] + m[3] * ratio) * ratio * mean_to_peak + s[1] + s[3] * ratio
        found.append(KeyLoad(key, rcu, wcu))
    own: dict[str, list[float]] = {}
    for (_, key), (rcu, wcu) in load.own_seconds.items():
        best = own.setdefault(key, [0.0, 0.0])
        best[0], best[1] = max(best[0], rcu), max(best[1], wcu)
    hottest_own = sorted(own.items(), key=lambda kv: -max(kv[1][0] / RCU_LIMIT, kv[1][1] / WCU_LIMIT))[:5]
    found += [KeyLoad(key, rcu, wcu) for key, (rcu, wcu) in hottest_own]
    return sorted(found, key=lambda k: -k.share)


def pattern(key: str) -> str:
    """A key with its day, month, shard or id put back to a placeholder: how a table of keys names its kind."""
    import re

    key = re.sub(r"\d{4}-\d{2}-\d{2}", "{day}", key)
    key = re.sub(r"\d{4}-\d{2}", "{month}", key)
    key = re.sub(r"#\d+$", "#{n}", key)
    return re.sub(r"^(MEMBER|GAME|DUEL|CHALLENGE|TABLE|TOURNEY)#.*", r"\1#{id}", key)


# ----------------------------------------------------------------------------- the wrapper
class _Area:
    def __init__(self, inner: Any, name: str, counter: CountingStore) -> None:
        self._inner, self._name, self._counter = inner, name, counter

    def __getattr__(self, method: str) -> Any:
        target = getattr(self._inner, method)
        if not callable(target):
            return target
        operation = f"{self._name}.{method}"
        signature = inspect.signature(target)

        def counted(*args: Any, **kwargs: Any) -> Any:
            began = time.thread_time()
            result = target(*args, **kwargs)
            self._counter.load.store_cpu_s += time.thread_time() - began
            bound = signature.bind(*args, **kwargs)
            named = dict(bound.arguments)
            reader = READS.get(operation)
            if reader is None:
                self._counter.load.unmodelled.add(operation)
                touches: list[Touch] = []
            else:
                touches = reader(named, result)
            self._counter.count(operation, touches, requests_of(operation, touches))
            return result

        return counted


class CountingStore:
    """A ``Store`` that is the ``MemoryStore`` it wraps, each call counted in ``load`` at the clock's second."""

    AREAS = ("games", "invitations", "members", "duels", "doctrines", "daily", "fairplay", "tournaments", "lobby",
             "front1901", "audit", "moderation", "seasons", "challenges", "limits")

    def __init__(self, inner: Any, now: Callable[[], float]) -> None:
        self.inner = inner
        self.now = now
        self.load = Load()
        self.in_sweep = False
        self.weight = 1
        """Requests each call stands for: a poll answered once and counted as the polls it stands for."""
        self._areas = {name: _Area(getattr(inner, name), name, self) for name in self.AREAS}

    def __getattr__(self, name: str) -> Any:
        areas = self.__dict__.get("_areas", {})
        if name in areas:
            return areas[name]
        return getattr(self.inner, name)

    def count(self, operation: str, touches: list[Touch], requests: int = 1) -> None:
        self.load.record(operation, touches, int(self.now()), self.in_sweep, self.weight, requests)

    def _follow_ups(self, write: Any) -> None:
        """What a committed write starts outside DynamoDB: a step's timer, the bus's events."""
        from gameserver.domain.notices import DETAIL_TYPES
        from gameserver.play.modes import Deadlines, mode

        game = getattr(write, "game", None)
        if type(write).__name__ in ("NewGame", "StepCommit") and game is not None and game.status == "open" \
                and game.deadline and mode(game.mode).deadlines is Deadlines.TIMED:
            self.load.timers += 1
        kinds = {str(kind) for kind in DETAIL_TYPES}
        self.load.events += sum(1 for n in getattr(write, "notices", ()) or () if str(getattr(n, "kind", "")) in kinds)

    def transact(self, writes: Any) -> None:
        try:
            self.inner.transact(writes)
        finally:
            touches: list[Touch] = []
            for write in writes:
                self._follow_ups(write)
                model = WRITES.get(type(write).__name__)
                if model is None:
                    self.load.unmodelled.add(f"transact.{type(write).__name__}")
                else:
                    touches += model(write)
            self.count("transact", touches)

