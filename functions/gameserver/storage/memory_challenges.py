"""The challenges area of the in-memory store (``MemoryStore.challenges``), with the same conditions as the
DynamoDB adapter (``storage.dynamodb.challenges``): the contract tests hold the two to one behaviour. Kept in
its own module beside ``storage.memory``, which owns the lock, the transactions and the other areas."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import singledispatchmethod
from typing import Any

from gameserver.clock import iso
from gameserver.platform.challenges import (
    MIN_CHALLENGES_FACED,
    MIN_RATED_CHALLENGES,
    AppliedResult,
    AuthorEvent,
    ChallengerLine,
    DoctrineLine,
    QueuedResult,
)
from gameserver.platform.ratings import Glicko2Rating
from gameserver.storage.challenges import (
    BoardPage,
    ChallengeFinish,
    ChallengeRead,
    ChallengeStart,
    DoctrineRatingWrite,
    DoctrineWrite,
    EndRead,
    NoticeState,
    NoticeWrite,
    QueueRead,
    StartRead,
    StoredChallenge,
    StoredDoctrine,
    Versus,
    VersusChanged,
    Waiting,
    WaitingRead,
    challenger_board_key,
    doctrine_board_key,
    event_key,
    listing_key,
    queue_key,
)
from gameserver.storage.cursors import InvalidCursor, decode_json, encode_json
from gameserver.storage.errors import WriteConflict
from gameserver.storage.memory_base import Apply, Check, Held, page_of, put_marks
from gameserver.storage.records import Page


@dataclass
class ChallengeTables:
    published: dict[str, StoredDoctrine] = field(default_factory=dict)
    challenges: dict[str, tuple[StoredChallenge, str | None]] = field(default_factory=dict)
    """Each challenge and, while it plays, when the sweep finishes it at the latest."""
    versus: dict[tuple[str, str], Versus] = field(default_factory=dict)
    ratings: dict[str, tuple[Glicko2Rating, int]] = field(default_factory=dict)
    challenger_months: dict[tuple[str, str], ChallengerLine] = field(default_factory=dict)
    doctrine_months: dict[tuple[str, str], DoctrineLine] = field(default_factory=dict)
    queue: dict[tuple[str, str], QueuedResult] = field(default_factory=dict)
    changes: dict[str, AppliedResult] = field(default_factory=dict)
    """Each game's change of its doctrine's rating, by game."""
    waiting: dict[tuple[str, str], Waiting] = field(default_factory=dict)
    notices: dict[str, NoticeState] = field(default_factory=dict)


def _months_of(results: tuple[QueuedResult, ...]) -> set[str]:
    return {iso(result.ended_at)[:7] for result in results}


class MemoryChallenges:
    def __init__(self, store: Held, tables: ChallengeTables) -> None:
        self.store = store
        self.c = tables

    # ---------------------------------------------------------------- reads
    def doctrine(self, doctrine_id: str) -> StoredDoctrine | None:
        return self.c.published.get(doctrine_id)

    def doctrines(self, doctrine_ids: tuple[str, ...]) -> dict[str, StoredDoctrine]:
        return {i: self.c.published[i] for i in doctrine_ids if i in self.c.published}

    def put_house(self, stored: StoredDoctrine) -> bool:
        with self.store.lock:
            if stored.doctrine.id in self.c.published:
                return False
            self.c.published[stored.doctrine.id] = replace(stored, version=1)
            return True

    def published(self, cursor: str | None, limit: int) -> Page:

        ordered = sorted((listing_key(s), s) for s in self.c.published.values() if s.doctrine.listed)
        return page_of(ordered, cursor, limit, "published")

    def _seen(self, subs: tuple[str | None, ...]) -> dict[str, Any]:
        return {sub: copy.deepcopy(self.store.tables.seen.get(sub, {})) for sub in subs if sub is not None}

    def _versus(self, challenger: str, doctrine_id: str) -> Versus:
        return self.c.versus.get((challenger, doctrine_id), Versus(challenger, doctrine_id))

    def read_start(self, challenger: str, doctrine_id: str) -> StartRead:
        with self.store.lock:
            stored = self.c.published.get(doctrine_id)
            author = stored.doctrine.author if stored else None
            default = self.store.tables.defaults.get(challenger)
            return StartRead(stored, self._versus(challenger, doctrine_id),
                             copy.deepcopy(default[1]) if default else None, self._seen((challenger, author)),
                             self.c.notices.get(doctrine_id, NoticeState(doctrine_id)),
                             self._frozen((challenger, author)))

    def read_challenge(self, challenge_id: str) -> ChallengeRead:
        with self.store.lock:
            found = self.c.challenges.get(challenge_id)
            return ChallengeRead(found[0] if found else None, self.c.changes.get(challenge_id),
                                 self.store.tables.games.get(challenge_id))

    def read_end(self, challenge_id: str, challenger: str, doctrine_id: str, author: str | None,
                 month: str) -> EndRead:
        with self.store.lock:
            found = self.c.challenges.get(challenge_id)
            rating, version = self.c.ratings.get(challenger, (Glicko2Rating(), 0))
            profile = self.store.tables.profiles.get(challenger)
            return EndRead(found[0] if found else None, self._versus(challenger, doctrine_id), rating, version,
                           self.c.challenger_months.get((challenger, month)), self.c.published.get(doctrine_id),
                           self._seen((challenger, author)), profile.created_at if profile else "",
                           self.c.notices.get(doctrine_id, NoticeState(doctrine_id)), self._frozen((challenger, author)))

    def _frozen(self, subs: tuple[str | None, ...]) -> frozenset[str]:
        return frozenset(sub for sub in subs if sub is not None and sub in self.store.tables.freezes)

    def due_challenges(self, now: str, limit: int) -> list[str]:
        due = sorted((at, cid) for cid, (_, at) in self.c.challenges.items() if at is not None and at <= now)
        return [cid for _, cid in due[:limit]]

    def queued(self, now: str, limit: int) -> list[str]:
        first: dict[str, str] = {}
        for (doctrine, key), _ in sorted(self.c.queue.items()):
            if key[:20] <= now:
                first[doctrine] = min(first.get(doctrine, key), key)
        return [d for _, d in sorted((at, d) for d, at in first.items())][:limit]

    def read_queue(self, doctrine_id: str, limit: int) -> QueueRead:
        with self.store.lock:
            queued = tuple(r for (d, _), r in sorted(self.c.queue.items()) if d == doctrine_id)[:limit]
            return QueueRead(self.c.published.get(doctrine_id), queued,
                             frozenset(r.game for r in queued if r.game in self.c.changes),
                             {m: line for (d, m), line in self.c.doctrine_months.items()
                              if d == doctrine_id and m in _months_of(queued)})

    def waiting(self, now: str, limit: int) -> list[str]:
        first: dict[str, str] = {}
        for (doctrine, _), waiting in self.c.waiting.items():
            if waiting.due_at <= now:
                first[doctrine] = min(first.get(doctrine, waiting.due_at), waiting.due_at)
        return [d for _, d in sorted((at, d) for d, at in first.items())][:limit]

    def read_waiting(self, doctrine_id: str) -> WaitingRead:
        with self.store.lock:
            events = tuple(w.event for (d, _), w in sorted(self.c.waiting.items()) if d == doctrine_id)
            return WaitingRead(self.c.published.get(doctrine_id),
                               self.c.notices.get(doctrine_id, NoticeState(doctrine_id)), events)

    def delay_waiting(self, doctrine_id: str, events: tuple[AuthorEvent, ...], due_at: str) -> None:
        with self.store.lock:
            for event in events:
                held = self.c.waiting.get((doctrine_id, event_key(event)))
                if held is not None:
                    self.c.waiting[(doctrine_id, event_key(event))] = replace(held, due_at=due_at)

    def challenger_rating(self, sub: str) -> tuple[Glicko2Rating, int]:
        return self.c.ratings.get(sub, (Glicko2Rating(), 0))

    def _board(self, ordered: list[tuple[str, Any]], cursor: str | None, limit: int, on: str,
               shown: Callable[[Any], bool] = lambda line: True) -> BoardPage:
        """A page of ``ordered`` as the index gives it, keeping the lines ``shown`` (a page may hold fewer than
        ``limit`` and still have a next one, as on DynamoDB); the cursor counts the lines shown before."""

        before = 0
        if cursor:
            data = decode_json(cursor)
            if not isinstance(data, dict) or not isinstance(data.get("before"), int):
                raise InvalidCursor()
            before = data["before"]
        page = page_of(ordered, cursor, limit, on)
        lines = [line for line in page.items if shown(line)]
        following = None
        if page.cursor is not None:
            following = encode_json({**decode_json(page.cursor), "before": before + len(lines)})
        return BoardPage(lines, before, following)

    def challenger_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        ordered = sorted((challenger_board_key(line), line) for (_, m), line in self.c.challenger_months.items()
                         if m == month and line.rated_challenges >= MIN_RATED_CHALLENGES)
        return self._board(ordered, cursor, limit, f"challengers#{month}")

    def doctrine_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        ordered = sorted((doctrine_board_key(line), line) for (_, m), line in self.c.doctrine_months.items()
                         if m == month and line.faced >= MIN_CHALLENGES_FACED)

        def public(line: DoctrineLine) -> bool:
            now = self.c.published.get(line.doctrine)
            return now is not None and now.doctrine.listed

        page = self._board(ordered, cursor, limit, f"doctrines#{month}", public)
        return replace(page, names={line.doctrine: self.c.published[line.doctrine].doctrine.name
                                    for line in page.lines})

    # ---------------------------------------------------------------- writes (checked, then applied)
    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        """A write of the challenges' area in a transaction: its checks, then its writes (one method a kind)."""
        raise TypeError(f"no memory write for {type(write).__name__}")

    def _check_doctrine(self, stored: StoredDoctrine) -> None:
        held = self.c.published.get(stored.doctrine.id)
        if (held.version if held else 0) != stored.version:
            raise WriteConflict(f"doctrine {stored.doctrine.id} changed meanwhile")

    @write_steps.register
    def _doctrine_write(self, write: DoctrineWrite) -> tuple[Check, Apply]:
        def apply() -> None:
            self.c.published[write.stored.doctrine.id] = replace(write.stored, version=write.stored.version + 1)

        return lambda: self._check_doctrine(write.stored), apply

    def _check_versus(self, versus: Versus) -> None:
        held = self.c.versus.get((versus.challenger, versus.doctrine))
        if (held.version if held else 0) != versus.version:
            raise VersusChanged(f"{versus.challenger}'s challenges of {versus.doctrine} changed meanwhile")

    def _put_versus(self, versus: Versus) -> None:
        self.c.versus[(versus.challenger, versus.doctrine)] = replace(versus, version=versus.version + 1)

    def _put_waiting(self, waiting: tuple[Waiting, ...]) -> None:
        for entry in waiting:
            self.c.waiting[(entry.event.doctrine, event_key(entry.event))] = entry

    @write_steps.register
    def _start(self, write: ChallengeStart) -> tuple[Check, Apply]:
        def check() -> None:
            if write.challenge.id in self.c.challenges:
                raise WriteConflict(f"challenge {write.challenge.id} exists")
            self._check_versus(write.versus)

        def apply() -> None:
            self.c.challenges[write.challenge.id] = (StoredChallenge(write.challenge, 1), write.due_at)
            self._put_versus(write.versus)
            self._put_waiting(write.waiting)

        return check, apply

    @write_steps.register
    def _finish(self, write: ChallengeFinish) -> tuple[Check, Apply]:
        stored, challenger = write.stored, write.stored.challenge.challenger

        def check() -> None:
            held = self.c.challenges.get(stored.challenge.id)
            if held is None or held[0].version != stored.version:
                raise WriteConflict(f"challenge {stored.challenge.id} changed meanwhile")
            self._check_versus(write.versus)
            if stored.challenger_change is not None and self.c.ratings.get(challenger, (None, 0))[1] != \
                    write.rating_version:
                raise WriteConflict(f"the challenge rating of {challenger} changed meanwhile")
            if write.month is not None:
                held_line = self.c.challenger_months.get((challenger, write.month.month))
                if (held_line.rated_challenges if held_line else 0) != write.month.read_rated:
                    raise WriteConflict(f"the month line of {challenger} changed meanwhile")

        def apply() -> None:
            self.c.challenges[stored.challenge.id] = (replace(stored, version=stored.version + 1), None)
            self._put_versus(write.versus)
            if stored.challenger_change is not None:
                self.c.ratings[challenger] = (stored.challenger_change.after, write.rating_version + 1)
            if write.month is not None:
                self.c.challenger_months[(challenger, write.month.month)] = write.month.line
            if write.queued is not None:
                self.c.queue[(write.queued.doctrine, queue_key(write.queued))] = write.queued
            self._put_waiting(write.waiting)
            put_marks(self.store.tables, write.marks)

        return check, apply

    @write_steps.register
    def _rating_step(self, write: DoctrineRatingWrite) -> tuple[Check, Apply]:
        doctrine = write.stored.doctrine.id

        def check() -> None:
            self._check_doctrine(write.stored)
            for applied in write.applied:
                if applied.game in self.c.changes:
                    raise WriteConflict(f"game {applied.game} moved its doctrine's rating already")
            for month in write.months:
                held = self.c.doctrine_months.get((doctrine, month.month))
                if (held.faced if held else 0) != month.read_faced:
                    raise WriteConflict(f"the month line of doctrine {doctrine} changed meanwhile")

        def apply() -> None:
            self.c.published[doctrine] = replace(write.stored, version=write.stored.version + 1)
            for applied in write.applied:
                self.c.changes[applied.game] = applied
            for result in write.done:
                self.c.queue.pop((doctrine, queue_key(result)), None)
            for month in write.months:
                self.c.doctrine_months[(doctrine, month.month)] = month.line

        return check, apply

    @write_steps.register
    def _notice(self, write: NoticeWrite) -> tuple[Check, Apply]:
        state, notice = write.state, write.feed.notice

        def check() -> None:
            held = self.c.notices.get(state.doctrine)
            if (held.version if held else 0) != state.version:
                raise WriteConflict(f"the notices of doctrine {state.doctrine} changed meanwhile")

        def apply() -> None:
            self.c.notices[state.doctrine] = replace(state, last_sent=notice.at, version=state.version + 1)
            self.store.tables.feed[(notice.author, write.feed.order)] = write.feed
            for event in notice.told:
                self.c.waiting.pop((state.doctrine, event_key(event)), None)

        return check, apply
