"""The store in memory: every area of the storage port on plain dictionaries, with the same conditions as the
DynamoDB adapter (the contract tests in ``tests/storage`` hold the two to the same behaviour), so that the
domain's tests run fast without moto.

A transaction checks every write's conditions first and applies them only if all hold; one lock makes each
call atomic, as DynamoDB's transactions are.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import singledispatchmethod
from typing import TYPE_CHECKING, Any, TypeVar

from gameserver.clock import iso
from gameserver.platform.daily import FrontOfTheDay
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.fairplay.marks import Mark, MarkStatus
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.platform.tournaments import TournamentStatus, match_id
from gameserver.storage.audit import AuditLine
from gameserver.storage.cursors import InvalidCursor, decode_json, encode_json
from gameserver.storage.daily import (
    AlreadyStarted,
    BoardLine,
    DayRead,
    DaySummary,
    DueFront,
    FrontEntry,
    FrontStart,
    FrontStopped,
    MonthLine,
)
from gameserver.storage.doctrines import Doctrines, SlotDoctrine
from gameserver.storage.duels import (
    MIN_RATED_FOR_BOARD,
    OPEN_DUELS,
    BoardPage,
    DueDuel,
    DuelCompanion,
    DuelRead,
    DuelWrite,
    PairRecent,
    Ratings,
    Standing,
    StoredDuel,
    board_sk,
    proposals_to,
)
from gameserver.storage.duels import MonthLine as DuelMonthLine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import EventWrite, with_feed_events
from gameserver.storage.fairplay import Marks, Seen
from gameserver.storage.games import DueStep, GameClose, NewGame, StepCommit, StepRead
from gameserver.storage.invitations import Invitation, InvitationAccepted
from gameserver.storage.lobby import Table, TableWrite
from gameserver.storage.members import Notices
from gameserver.storage.memory_base import (
    Apply,
    Check,
    DayBoardInMemory,
    Tables,
    apply_credits,
    check_credits,
    page_of,
    page_of_desc,
    put_marks,
    put_notices,
)
from gameserver.storage.memory_challenges import ChallengeTables, MemoryChallenges
from gameserver.storage.memory_events import EventTables, MemoryEvents
from gameserver.storage.memory_front1901 import Front1901Tables, MemoryFront1901
from gameserver.storage.memory_moderation import MemoryModeration
from gameserver.storage.memory_seasons import MemorySeasons, SeasonTables
from gameserver.storage.port import area_of
from gameserver.storage.records import (
    Game,
    HiddenState,
    LedgerLine,
    MemberViews,
    Page,
    Play,
    Profile,
    Seat,
    StepRecord,
    Submission,
)
from gameserver.storage.tournaments import (
    OPEN_TOURNAMENTS,
    Bracket,
    Contender,
    DueTournament,
    MatchCompanion,
    MatchRead,
    MatchWrite,
    StoredMatch,
    StoredTournament,
    TournamentCompanion,
    TournamentRead,
    TournamentWrite,
)

if TYPE_CHECKING:
    from gameserver.storage.games import Companion
    from gameserver.storage.port import Store, Write

VALUES_A_DAY = 32
"""Device ids and addresses kept for one member and one day (as ``storage.dynamodb.fairplay``)."""
SIGHTINGS_KEPT = 30
"""Days of sightings a member keeps (the linked-accounts window)."""

T = TypeVar("T")


@dataclass
class _Tables(Tables):
    """Everything the store holds: the shared records, and each area module's own."""

    seasons: SeasonTables = field(default_factory=SeasonTables)
    challenges: ChallengeTables = field(default_factory=lambda: ChallengeTables())
    front1901: Front1901Tables = field(default_factory=lambda: Front1901Tables())
    events: EventTables = field(default_factory=EventTables)


class MemoryStore:
    """Every area of the store in memory (the ``Store`` protocol)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.tables = _Tables()
        self.games = _Games(self)
        self.invitations = _Invitations(self)
        self.members = _Members(self)
        self.duels = _Duels(self)
        self.doctrines = _Doctrines(self)
        self.daily = _Daily(self)
        self.fairplay = _FairPlay(self)
        self.lobby = _Lobby(self)
        self.audit = _Audit(self)
        self.limits = _Limits(self)
        self.tournaments = _Tournaments(self)
        self.moderation = MemoryModeration(self)
        self.seasons = MemorySeasons(self, self.tables.seasons)
        self.challenges = MemoryChallenges(self, self.tables.challenges)
        self.front1901 = MemoryFront1901(self, self.tables.front1901)
        self.events = MemoryEvents(self, self.tables.events)

    # ---------------------------------------------------------------- transactions
    def transact(self, writes: Sequence[Write]) -> None:
        with self.lock:
            steps = [self._write(write) for write in with_feed_events(writes)]
            for check, _ in steps:
                check()
            for _, apply in steps:
                apply()

    def _write(self, write: Write) -> tuple[Check, Apply]:
        """A write's check and its effect, from the area it names (``area_of``), which registers the writes it
        knows (its ``write_steps``)."""
        steps = getattr(getattr(self, area_of(type(write).__module__), None), "write_steps", None)
        if steps is None:
            raise TypeError(f"no memory write for {type(write).__name__}")
        found: tuple[Check, Apply] = steps(write)
        return found

    def companion(self, companion: Companion) -> Any:
        """A companion of a step's read as held, from the area it names (``area_of``, as a write does)."""
        found = getattr(getattr(self, area_of(type(companion).__module__), None), "companion", None)
        if found is None:
            raise TypeError(f"no memory item for {type(companion).__name__}")
        return found(companion)


def _play_key(play: Play) -> str:
    return f"{play.kind}#{play.created_at}#{play.game_id}"


class _Area:
    def __init__(self, store: MemoryStore) -> None:
        self.store = store

    @property
    def t(self) -> _Tables:
        return self.store.tables


# -------------------------------------------------------------------- games
class _Games(_Area):
    # ---------------------------------------------------------------- writes (checked, then applied)
    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        raise TypeError(f"no memory write for {type(write).__name__}")

    @write_steps.register
    def _new_game(self, write: NewGame) -> tuple[Check, Apply]:
        def check_new() -> None:
            if write.game.game_id in self.t.games:
                raise WriteConflict(f"game {write.game.game_id} exists")

        return check_new, lambda: self._put_game(write.game, write.board, write.views, write.plays)

    @write_steps.register(StepCommit)
    @write_steps.register(GameClose)
    def _claimed(self, write: StepCommit | GameClose) -> tuple[Check, Apply]:
        t = self.t

        def check_claim() -> None:
            stored = t.games.get(write.game.game_id)
            if stored is None or stored.version != write.before_version:
                raise WriteConflict(f"game {write.game.game_id} changed meanwhile")
            for record in getattr(write, "records", ()):
                if (record.game_id, record.step) in t.steps:
                    raise WriteConflict(f"step {record.step} of {record.game_id} is recorded already")

        def apply_claim() -> None:
            self._put_game(write.game, write.board, write.views, write.plays)
            for record in getattr(write, "records", ()):
                t.steps[(record.game_id, record.step)] = record
            for sub in getattr(write, "dropped", ()):
                t.views.pop((write.game.game_id, sub), None)

        return check_claim, apply_claim

    def _put_game(self, game: Game, board: HiddenState, views: Iterable[MemberViews], plays: Iterable[Play]) -> None:
        t = self.t
        t.games[game.game_id] = game
        t.boards[game.game_id] = copy.deepcopy(board)
        for view in views:
            t.views[(view.game_id, view.sub)] = copy.deepcopy(view)
        for play in plays:
            t.plays[(play.sub, _play_key(play))] = play

    def get(self, game_id: str) -> Game | None:
        return self.t.games.get(game_id)

    def board(self, game_id: str) -> HiddenState | None:
        return copy.deepcopy(self.t.boards.get(game_id))

    def read_view(self, game_id: str, sub: str) -> StepRead:
        with self.store.lock:
            game = self.t.games.get(game_id)
            if game is None:
                return StepRead(game=None)
            return StepRead(game=game, views=copy.deepcopy(self.t.views.get((game_id, sub))))

    def read_step(self, game_id: str, sub: str | None = None, companions: Sequence[Companion] = ()) -> StepRead:
        with self.store.lock:
            game = self.t.games.get(game_id)
            if game is None:
                return StepRead(game=None)
            views = copy.deepcopy(self.t.views.get((game_id, sub))) if sub else None
            return StepRead(game=game, board=copy.deepcopy(self.t.boards.get(game_id)), views=views,
                            companions={c: self.store.companion(c) for c in companions})

    def save_submission(self, game: Game, seat: Seat, submission: Submission, events: EventWrite | None = None
                        ) -> Game:
        with self.store.lock:
            others = [other for other in game.awaiting if other != seat]
            if not others:
                raise ValueError(f"seat {seat}'s orders complete step {game.step}: they resolve it, not wait")
            stored = self.t.games.get(game.game_id)
            if (stored is None or stored.step != game.step or stored.status != "open"
                    or stored.submissions[seat].count != game.submissions[seat].count
                    or all(stored.submissions[other].sent for other in others)
                    or (events is not None and stored.version != game.version)):
                raise WriteConflict(f"step {game.step} of game {game.game_id} changed meanwhile")
            written = replace(stored, version=stored.version + 1,
                              submissions={**stored.submissions, seat: submission})
            self.t.games[game.game_id] = written
            self._told(events)
            return written

    def save_action(self, game: Game, action: dict[str, Any], events: EventWrite | None = None) -> Game:
        with self.store.lock:
            stored = self.t.games.get(game.game_id)
            if stored is None or stored.step != game.step or stored.status != "open" \
                    or stored.version != game.version:
                raise WriteConflict(f"step {game.step} of game {game.game_id} changed meanwhile")
            written = replace(stored, version=stored.version + 1, actions=(*game.actions, copy.deepcopy(action)))
            self.t.games[game.game_id] = written
            self._told(events)
            return written

    def _told(self, events: EventWrite | None) -> None:
        """The events written with a game's update (its check is the update's own)."""
        if events is not None:
            self.store.events.write_steps(events)[1]()

    def list_plays(self, sub: str, kind: str, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((key, play) for (who, key), play in self.t.plays.items()
                          if who == sub and play.kind == kind), key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, f"plays#{sub}#{kind}")

    def list_all_plays(self, sub: str, kinds: Sequence[str], cursor: str | None, limit: int) -> Page:
        ordered = sorted(((f"{play.created_at}#{play.game_id}", play) for (who, _), play in self.t.plays.items()
                          if who == sub and play.kind in kinds), key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, f"all-plays#{sub}#{','.join(kinds)}")

    def step_records(self, game_id: str) -> list[StepRecord]:
        return [record for (gid, _), record in sorted(self.t.steps.items()) if gid == game_id]

    def step_page(self, game_id: str, cursor: str | None, limit: int) -> Page:
        ordered = [(f"{step:06d}", record) for (gid, step), record in sorted(self.t.steps.items()) if gid == game_id]
        return page_of(ordered, cursor, limit, f"steps#{game_id}")

    def due_steps(self, now: str, limit: int) -> list[DueStep]:
        due = [DueStep(g.game_id, g.step, g.deadline) for g in self.t.games.values()
               if g.status == "open" and g.deadline is not None and g.deadline <= now]
        return sorted(due, key=lambda entry: entry.due_at)[:limit]


class _Invitations(_Area):
    def write_steps(self, write: InvitationAccepted) -> tuple[Check, Apply]:
        invitations = self.t.invitations

        def check_pending() -> None:
            stored = invitations.get(write.invitation.invitation_id)
            if stored is None or stored.status != "pending":
                raise WriteConflict(f"invitation {write.invitation.invitation_id} was answered")

        return check_pending, lambda: invitations.__setitem__(write.invitation.invitation_id, write.invitation)

    def put(self, invitation: Invitation) -> None:
        with self.store.lock:
            if invitation.invitation_id in self.t.invitations:
                raise WriteConflict(f"invitation {invitation.invitation_id} exists")
            self.t.invitations[invitation.invitation_id] = invitation

    def get(self, invitation_id: str) -> Invitation | None:
        return self.t.invitations.get(invitation_id)

    def answer(self, invitation: Invitation) -> None:
        with self.store.lock:
            stored = self.t.invitations.get(invitation.invitation_id)
            if stored is None or stored.status != "pending":
                raise WriteConflict(f"invitation {invitation.invitation_id} was already answered")
            self.t.invitations[invitation.invitation_id] = invitation

    def listed(self, sub: str, received: bool, limit: int) -> list[Invitation]:
        if received:
            found = [i for i in self.t.invitations.values() if i.invitee == sub and i.status == "pending"]
        else:
            found = [i for i in self.t.invitations.values() if i.inviter == sub]
        return sorted(found, key=lambda i: (i.created_at, i.invitation_id), reverse=True)[:limit]


# -------------------------------------------------------------------- members
class _Members(_Area):
    def write_steps(self, write: Notices) -> tuple[Check, Apply]:
        return (lambda: None), lambda: put_notices(self.t, write.notices)

    def get_profile(self, sub: str) -> Profile | None:
        return self.t.profiles.get(sub)

    def create_profile(self, profile: Profile, grant: LedgerLine) -> bool:
        with self.store.lock:
            if profile.sub in self.t.profiles:
                return False
            self.t.profiles[profile.sub] = profile
            self.t.ledger[(grant.sub, f"{grant.at}#{grant.line_id}")] = grant
            return True

    def balances(self, subs: tuple[str, ...]) -> dict[str, int]:
        return {sub: self.t.profiles[sub].credits for sub in subs if sub in self.t.profiles}

    def ledger(self, sub: str, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((key, line) for (who, key), line in self.t.ledger.items() if who == sub),
                         key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, f"ledger#{sub}")

    def feed(self, sub: str, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((key, notice) for (who, key), notice in self.t.feed.items() if who == sub),
                         key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, f"feed#{sub}")


# -------------------------------------------------------------------- duels
class _Duels(_Area):
    def companion(self, companion: DuelCompanion) -> StoredDuel | None:
        """The duel, as a step of its game reads it."""
        found = self.t.duels.get(companion.duel_id)
        return None if found is None else found[0]

    def read(self, duel_id: str, *, game: bool = False, profiles: tuple[str, ...] = (),
             defaults: tuple[str, ...] = ()) -> DuelRead:
        with self.store.lock:
            stored = self.t.duels.get(duel_id)
            default_of = self.t.defaults
            return DuelRead(
                stored[0] if stored else None,
                self.t.games.get(duel_id) if game else None,
                {sub: self.t.profiles[sub].credits for sub in profiles if sub in self.t.profiles},
                {sub: copy.deepcopy(default_of[sub][1]) if sub in default_of else None for sub in defaults},
            )

    def standing(self, subs: tuple[str, str], month: str) -> Standing:
        with self.store.lock:
            return Standing(
                {sub: self.ratings_of(sub) for sub in subs},
                {sub: self.t.duel_months.get((sub, month)) for sub in subs},
                {sub: self.t.profiles[sub].created_at if sub in self.t.profiles else "" for sub in subs},
                self.t.recent.get(_pair(*subs), PairRecent()),
                {sub: copy.deepcopy(self.t.seen.get(sub, {})) for sub in subs},
            )

    def ratings_of(self, sub: str) -> Ratings:
        game, game_version = self.t.game_ratings.get(sub, (Glicko2Rating(), 0))
        elo, elo_version = self.t.elo_ratings.get(sub, (EloRating(), 0))
        return Ratings(game, game_version, elo, elo_version)

    def proposals(self, partition: str, cursor: str | None, limit: int) -> tuple[list[StoredDuel], str | None]:
        listed = []
        for stored, _ in self.t.duels.values():
            duel = stored.duel
            if str(duel.status) != "proposed":
                continue
            if (OPEN_DUELS if duel.opponent is None else proposals_to(duel.opponent)) == partition:
                listed.append((f"{duel.proposed_at.isoformat()}#{duel.id}", stored))
        page = page_of(sorted(listed, key=lambda pair: pair[0]), cursor, limit, f"proposals#{partition}")
        return page.items, page.cursor

    def open_of(self, sub: str) -> list[str]:
        return sorted(duel_id for duel_id, (stored, _) in self.t.duels.items()
                      if not stored.duel.status.closed and sub in stored.duel.members)

    def due_duels(self, now: str, limit: int) -> list[DueDuel]:
        due = [DueDuel(stored.duel.id, due_at) for stored, due_at in self.t.duels.values()
               if due_at is not None and not stored.duel.status.closed and due_at <= now]
        return sorted(due, key=lambda entry: entry.due_at)[:limit]

    def month_board(self, month: str, cursor: str | None, limit: int) -> BoardPage:
        ordered = sorted((board_sk(line), line) for (_, m), line in self.t.duel_months.items()
                         if m == month and line.rated >= MIN_RATED_FOR_BOARD)
        before = 0
        if cursor:
            data = decode_json(cursor)
            if not isinstance(data, dict) or not isinstance(data.get("before"), int):
                raise InvalidCursor()
            before = data["before"]
        page = page_of(ordered, cursor, limit, f"duelboard#{month}")
        next_cursor = None
        if page.cursor is not None:
            next_cursor = encode_json({**decode_json(page.cursor), "before": before + len(page.items)})
        return BoardPage(page.items, before, next_cursor)

    def write_steps(self, change: DuelWrite) -> tuple[Check, Apply]:
        t = self.t

        def check() -> None:
            stored = t.duels.get(change.duel.id)
            if change.before_version is None:
                if stored is not None:
                    raise WriteConflict(f"duel {change.duel.id} exists")
            elif stored is None or stored[0].version != change.before_version:
                raise WriteConflict(f"duel {change.duel.id} changed meanwhile")
            check_credits(t, change.lines)
            check_ratings(t, change.ratings, change.months)
            pair = None if change.duel.opponent is None else _pair(change.duel.proposer, change.duel.opponent)
            if change.recent is not None and pair is not None and \
                    t.recent.get(pair, PairRecent()).version != change.recent.version:
                raise WriteConflict("the pair's recent duels changed meanwhile")

        def apply() -> None:
            version = 1 if change.before_version is None else change.before_version + 1
            due = change.due_at if not change.duel.status.closed else None
            t.duels[change.duel.id] = (StoredDuel(change.duel, version, change.rating_changes,
                                                  dict(change.delays or {})), due)
            apply_credits(t, change.lines)
            put_notices(t, change.notices)
            apply_ratings(t, change.ratings, change.months)
            if change.recent is not None and change.duel.opponent is not None:
                t.recent[_pair(change.duel.proposer, change.duel.opponent)] = PairRecent(
                    change.recent.duels, change.recent.version + 1)
            self.store.fairplay.put_marks(change.marks)

        return check, apply


def _pair(a: str, b: str) -> tuple[str, str]:
    first, second = sorted((a, b))
    return first, second


Rated = dict[str, tuple[Ratings, Glicko2Rating, EloRating]]
"""sub -> (the ratings as read, the new game rating, the new Elo): a rated game's end."""


def check_ratings(t: _Tables, ratings: Rated, months: Sequence[tuple[DuelMonthLine, int]]) -> None:
    """Ratings move only from the versions read, month lines only from the rated counts read."""
    for sub, (read, _, _) in ratings.items():
        if t.game_ratings.get(sub, (None, 0))[1] != read.game_version or \
                t.elo_ratings.get(sub, (None, 0))[1] != read.elo_version:
            raise WriteConflict(f"the ratings of {sub} changed meanwhile")
    for month, read_rated in months:
        held = t.duel_months.get((month.sub, month.month))
        if (held.rated if held else 0) != read_rated:
            raise WriteConflict(f"the month line of {month.sub} changed meanwhile")


def apply_ratings(t: _Tables, ratings: Rated, months: Sequence[tuple[DuelMonthLine, int]]) -> None:
    for sub, (read, game, elo) in ratings.items():
        t.game_ratings[sub] = (game, read.game_version + 1)
        t.elo_ratings[sub] = (elo, read.elo_version + 1)
    for month, _ in months:
        t.duel_months[(month.sub, month.month)] = month


# -------------------------------------------------------------------- doctrines
class _Doctrines(_Area):
    def doctrines(self, sub: str) -> Doctrines:
        default = self.t.defaults.get(sub)
        return Doctrines(copy.deepcopy(self.t.doctrines.get(sub, {})), default[0] if default else None)

    def put(self, sub: str, slot: int, doctrine: dict[str, Any], at: str, *, new: bool, is_default: bool) -> None:
        with self.store.lock:
            slots = self.t.doctrines.setdefault(sub, {})
            default = self.t.defaults.get(sub)
            if (slot in slots) == new:
                raise WriteConflict(f"slot {slot} of {sub} is {'taken' if new else 'free'}")
            if is_default != (default is not None and default[0] == slot):
                raise WriteConflict(f"the default doctrine of {sub} changed meanwhile")
            slots[slot] = SlotDoctrine(copy.deepcopy(doctrine), at)
            if is_default:
                self.t.defaults[sub] = (slot, copy.deepcopy(doctrine))

    def delete(self, sub: str, slot: int, *, is_default: bool) -> None:
        with self.store.lock:
            slots = self.t.doctrines.get(sub, {})
            default = self.t.defaults.get(sub)
            if slot not in slots or is_default != (default is not None and default[0] == slot):
                raise WriteConflict(f"the doctrines of {sub} changed meanwhile")
            del slots[slot]
            if is_default:
                del self.t.defaults[sub]

    def set_default(self, sub: str, slot: int, doctrine: dict[str, Any], updated_at: str) -> None:
        with self.store.lock:
            held = self.t.doctrines.get(sub, {}).get(slot)
            if held is None or held.updated_at != updated_at:
                raise WriteConflict(f"doctrine {slot} of {sub} changed meanwhile")
            self.t.defaults[sub] = (slot, copy.deepcopy(doctrine))


# -------------------------------------------------------------------- the Daily Front
class _Daily(DayBoardInMemory, _Area):
    # ---------------------------------------------------------------- writes (checked, then applied)
    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        raise TypeError(f"no memory write for {type(write).__name__}")

    @write_steps.register
    def _started(self, write: FrontStart) -> tuple[Check, Apply]:
        entries = self.t.entries

        def check_first() -> None:
            if (write.entry.member, write.entry.day) in entries:
                raise AlreadyStarted(f"{write.entry.member} already has a Front on {write.entry.day}")

        return check_first, lambda: entries.__setitem__((write.entry.member, write.entry.day), write.entry)

    @write_steps.register
    def _stopped(self, write: FrontStopped) -> tuple[Check, Apply]:
        entries, stopped = self.t.entries, write.entry

        def check_playing() -> None:
            held = entries.get((stopped.member, stopped.day))
            if held is None or held.status != "playing" or held.game_id != stopped.game_id:
                raise WriteConflict(f"{stopped.member}'s Front of {stopped.day} changed meanwhile")

        return check_playing, lambda: entries.__setitem__((stopped.member, stopped.day), stopped)

    def put_front(self, front: FrontOfTheDay) -> bool:
        with self.store.lock:
            if front.day in self.t.fronts:
                return False
            self.t.fronts[front.day] = front
            return True

    def get_front(self, day: date) -> FrontOfTheDay | None:
        return self.t.fronts.get(day)

    def read_day(self, day: date, sub: str, *, front: bool = True, default_doctrine: bool = False,
                 frozen: bool = False) -> DayRead:
        default = self.t.defaults.get(sub) if default_doctrine else None
        return DayRead(self.t.fronts.get(day) if front else None, self.t.entries.get((sub, day)),
                       copy.deepcopy(default[1]) if default else None,
                       frozen and sub in self.t.freezes)

    def month_line(self, sub: str, month: str) -> MonthLine | None:
        return self.t.front_months.get((sub, month))

    def due_fronts(self, now: str, limit: int) -> list[DueFront]:
        due = [DueFront(entry.day, entry.member, entry.due_at) for entry in self.t.entries.values()
               if entry.status == "playing" and entry.due_at is not None and entry.due_at <= now]
        return sorted(due, key=lambda front: front.due_at)[:limit]

    def finish(self, entry: FrontEntry, month: MonthLine | None = None, marks: tuple[Mark, ...] = ()) -> None:
        with self.store.lock:
            held = self.t.entries.get((entry.member, entry.day))
            if held is None or held.status != "playing" or held.game_id != entry.game_id:
                raise WriteConflict(f"{entry.member}'s Front of {entry.day} changed meanwhile")
            self._check_month(month)
            self.t.entries[(entry.member, entry.day)] = entry
            self._put_month(month)
            self.store.fairplay.put_marks(marks)

    def remove(self, removed: FrontEntry, month: MonthLine, audit: AuditLine) -> None:
        with self.store.lock:
            held = self.t.entries.get((removed.member, removed.day))
            if held is None or held.board_key is None or held.game_id != removed.game_id:
                raise WriteConflict(f"{removed.member}'s Front of {removed.day} changed meanwhile")
            self._check_month(month)
            if month.version == 0:
                raise WriteConflict(f"{removed.member}'s month line is not stored")
            self.t.entries[(removed.member, removed.day)] = removed
            self._put_month(month)
            self.t.audit.append(audit)

    def _check_month(self, month: MonthLine | None) -> None:
        if month is None:
            return
        held = self.t.front_months.get((month.member, month.month))
        if (held.version if held else 0) != month.version:
            raise WriteConflict(f"{month.member}'s month line changed meanwhile")

    def _put_month(self, month: MonthLine | None) -> None:
        if month is not None:
            self.t.front_months[(month.member, month.month)] = replace(month, version=month.version + 1)

    def _board(self, day: date) -> list[tuple[str, FrontEntry]]:
        return sorted((e.board_key, e) for (_, d), e in self.t.entries.items()
                      if d == day and e.board_key is not None)

    def board_after(self, day: date, after: str | None, limit: int) -> list[BoardLine]:
        return [BoardLine(key=key, name=e.name, outcome=e.outcome or "", turns=e.turns, seconds=e.seconds,
                          positions=e.positions, income=e.income)
                for key, e in self._board(day) if after is None or key > after][:limit]

    def month_after(self, month: str, after: str | None, limit: int) -> list[MonthLine]:
        ordered = sorted((line.key, line) for (_, m), line in self.t.front_months.items()
                         if m == month and line.ranked_days)
        return [line for key, line in ordered if after is None or key > after][:limit]

    def _summaries(self) -> dict[date, DaySummary]:
        return self.t.summaries

    def _lock(self) -> AbstractContextManager[Any]:
        return self.store.lock

    def read_rank(self, day: date, sub: str) -> tuple[FrontEntry | None, DaySummary | None]:
        return self.t.entries.get((sub, day)), self.t.summaries.get(day)



# -------------------------------------------------------------------- fair play, audit
class _FairPlay(_Area):
    def write_steps(self, write: Marks) -> tuple[Check, Apply]:
        return (lambda: None), lambda: self.put_marks(write.marks)

    def sightings(self, subs: tuple[str, ...]) -> dict[str, Seen]:
        with self.store.lock:
            return {sub: {d: set(v) for d, v in self.t.seen[sub].items()} for sub in subs if self.t.seen.get(sub)}

    def record_sighting(self, sub: str, day: date, device: str | None, address: str | None) -> bool:
        with self.store.lock:
            days = self.t.seen.setdefault(sub, {})
            today = days.get(day, set())
            if len(today) >= VALUES_A_DAY:
                return False
            values = {Link(kind, value) for kind, value in ((LinkKind.DEVICE, device), (LinkKind.ADDRESS, address))
                      if value}
            days[day] = today | values
            for old in [d for d in days if d <= day - timedelta(days=SIGHTINGS_KEPT + 1)]:
                del days[old]
            return True

    def put_marks(self, marks: Iterable[Mark]) -> None:
        put_marks(self.t, marks)

    def marks(self, cursor: str | None, limit: int, status: MarkStatus = MarkStatus.OPEN
              ) -> tuple[list[Mark], str | None]:
        ordered = sorted(((f"{m.at}#{m.member}#{m.mark_id}", m) for m in self.t.marks.values()
                          if m.status is status), key=lambda pair: pair[0], reverse=True)
        page = page_of_desc(ordered, cursor, limit, f"marks#{status}")
        return page.items, page.cursor

    def marks_of(self, member: str, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((f"{m.at}#{m.mark_id}", m) for (who, _), m in self.t.marks.items() if who == member),
                         key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, f"marks-of#{member}")

    def find_mark(self, member: str, mark_id: str) -> Mark | None:
        return self.t.marks.get((member, mark_id))

    def close_mark(self, closed: Mark, audit: AuditLine) -> None:
        with self.store.lock:
            held = self.t.marks.get((closed.member, closed.mark_id))
            if held is None or held.status is not MarkStatus.OPEN:
                raise WriteConflict(f"mark {closed.mark_id} of {closed.member} changed meanwhile")
            self.t.marks[(closed.member, closed.mark_id)] = closed
            self.t.audit.append(audit)


# -------------------------------------------------------------------- tournaments
class _Tournaments(_Area):
    def companion(self, companion: TournamentCompanion | MatchCompanion) -> StoredTournament | StoredMatch | None:
        """A match's tournament, or the match, as a step of its game reads it."""
        if isinstance(companion, MatchCompanion):
            held = self.t.tourney_matches.get((companion.tournament_id, companion.slot))
            return None if held is None else held[0]
        return self.t.tournaments.get(companion.tournament_id)

    def read(self, tournament_id: str, *, profiles: tuple[str, ...] = ()) -> TournamentRead:
        with self.store.lock:
            return TournamentRead(self.t.tournaments.get(tournament_id),
                                  {sub: self.t.profiles[sub].credits for sub in profiles if sub in self.t.profiles})

    def bracket(self, tournament_id: str) -> Bracket:
        with self.store.lock:
            return Bracket(self.t.tournaments.get(tournament_id),
                           {slot: match for (tid, slot), (match, _) in self.t.tourney_matches.items()
                            if tid == tournament_id})

    def read_match(self, tournament_id: str, slot: int) -> MatchRead:
        with self.store.lock:
            held = self.t.tourney_matches.get((tournament_id, slot))
            match = None if held is None else held[0]
            return MatchRead(self.t.tournaments.get(tournament_id), match,
                             self.t.games.get(match_id(tournament_id, slot)))

    def contenders(self, subs: tuple[str, ...], month: str, *, defaults: tuple[str, ...] = ()
                   ) -> dict[str, Contender]:
        with self.store.lock:
            duels = self.store.duels
            return {sub: Contender(
                duels.ratings_of(sub), self.t.duel_months.get((sub, month)),
                self.t.profiles[sub].created_at if sub in self.t.profiles else "",
                copy.deepcopy(self.t.seen.get(sub, {})),
                copy.deepcopy(self.t.defaults[sub][1]) if sub in defaults and sub in self.t.defaults else None,
            ) for sub in subs}

    def open_tournaments(self, cursor: str | None, limit: int) -> tuple[list[StoredTournament], str | None]:
        listed = sorted(((f"{iso(s.tournament.created_at)}#{s.tournament.id}", s) for s in self.t.tournaments.values()
                         if s.tournament.status is TournamentStatus.OPEN), key=lambda pair: pair[0], reverse=True)
        page = page_of_desc(listed, cursor, limit, OPEN_TOURNAMENTS)
        return page.items, page.cursor

    def of_member(self, sub: str, cursor: str | None, limit: int) -> tuple[list[StoredTournament], str | None]:
        listed = sorted(((f"{joined}#{tid}", self.t.tournaments[tid]) for (who, tid), joined
                         in self.t.tourney_entries.items() if who == sub), key=lambda pair: pair[0], reverse=True)
        page = page_of_desc(listed, cursor, limit, f"entrant#{sub}")
        return page.items, page.cursor

    def due(self, now: str, limit: int) -> list[DueTournament]:
        due = [DueTournament(tid, None, iso(stored.tournament.due_at)) for tid, stored in self.t.tournaments.items()
               if stored.tournament.due_at is not None and iso(stored.tournament.due_at) <= now]
        due += [DueTournament(tid, slot, due_at) for (tid, slot), (match, due_at) in self.t.tourney_matches.items()
                if due_at is not None and not match.decided and due_at <= now]
        return sorted(due, key=lambda entry: entry.due_at)[:limit]

    @singledispatchmethod
    def write_steps(self, write: Any) -> tuple[Check, Apply]:
        raise TypeError(f"no memory write for {type(write).__name__}")

    @write_steps.register
    def _tournament_steps(self, change: TournamentWrite) -> tuple[Check, Apply]:
        t = self.t
        tournament = change.tournament

        def check() -> None:
            _check_version(t.tournaments.get(tournament.id), change.before_version, f"tournament {tournament.id}")
            check_credits(t, change.lines)
            for sub in change.joined:
                if (sub, tournament.id) in t.tourney_entries:
                    raise WriteConflict(f"{sub} is in tournament {tournament.id} already")
            for sub in change.left:
                if (sub, tournament.id) not in t.tourney_entries:
                    raise WriteConflict(f"{sub} is not in tournament {tournament.id}")
            check_ratings(t, change.ratings, change.months)

        def apply() -> None:
            version = 1 if change.before_version is None else change.before_version + 1
            t.tournaments[tournament.id] = StoredTournament(tournament, version)
            apply_credits(t, change.lines)
            joined_at = {entry.member: iso(entry.joined_at) for entry in tournament.entries}
            for sub in change.joined:
                t.tourney_entries[(sub, tournament.id)] = joined_at[sub]
            for sub in change.left:
                del t.tourney_entries[(sub, tournament.id)]
            put_notices(t, change.notices)
            apply_ratings(t, change.ratings, change.months)
            self.store.fairplay.put_marks(change.marks)

        return check, apply

    @write_steps.register
    def _match_steps(self, change: MatchWrite) -> tuple[Check, Apply]:
        t = self.t
        match = change.match
        key = (match.tournament_id, match.slot)

        def check() -> None:
            held = t.tourney_matches.get(key)
            _check_version(None if held is None else held[0], change.before_version, f"match {match.game_id}")

        def apply() -> None:
            version = 1 if change.before_version is None else change.before_version + 1
            t.tourney_matches[key] = (replace(match, version=version), None if match.decided else change.due_at)
            put_notices(t, change.notices)

        return check, apply


def _check_version(held: StoredTournament | StoredMatch | None, before_version: int | None, what: str) -> None:
    """A write claimed by the version read: the item is still at it (None: it must not exist yet)."""
    if before_version is None:
        if held is not None:
            raise WriteConflict(f"{what} exists")
    elif held is None or held.version != before_version:
        raise WriteConflict(f"{what} changed meanwhile")
class _Lobby(_Area):
    def write_steps(self, write: TableWrite) -> tuple[Check, Apply]:
        tables = self.t.tables

        def check_table() -> None:
            held = tables.get(write.table.table_id)
            if (held.version if held else 0) != write.table.version:
                raise WriteConflict(f"table {write.table.table_id} changed meanwhile")

        return check_table, lambda: tables.__setitem__(write.table.table_id,
                                                       replace(write.table, version=write.table.version + 1))

    def get_table(self, table_id: str) -> Table | None:
        return self.t.tables.get(table_id)

    def open_tables(self, game: str, now: str, cursor: str | None, limit: int) -> Page:
        ordered = sorted((f"{table.closes_at}#{table.table_id}", table) for table in self.t.tables.values()
                         if table.game == game and table.listed and table.closes_at > now)
        return page_of(ordered, cursor, limit, f"open-tables#{game}")

    def tables_to_start(self, now: str, limit: int) -> list[str]:
        due = sorted((table.starts_at, table.table_id) for table in self.t.tables.values()
                     if table.status == "open" and table.starts_at is not None and table.starts_at <= now)
        return [table_id for _, table_id in due[:limit]]


class _Limits(_Area):
    """A member's counts of the expensive limits, per window (as ``storage.dynamodb.limits``'s items)."""

    def __init__(self, store: MemoryStore) -> None:
        super().__init__(store)
        self._counts: dict[tuple[str, str, int], tuple[int, int]] = {}

    def take(self, sub: str, limit: str, window_start: int, expires_at: int, cap: int) -> bool:
        with self.store.lock:
            key = (sub, limit, window_start)
            if key not in self._counts:  # a new window: the counts expired by its start go (DynamoDB's TTL)
                for old in [k for k, (_, ends) in self._counts.items() if ends <= window_start]:
                    del self._counts[old]
            count, _ = self._counts.get(key, (0, expires_at))
            if count >= cap:
                return False
            self._counts[key] = (count + 1, expires_at)
            return True


class _Audit(_Area):
    def write_steps(self, write: AuditLine) -> tuple[Check, Apply]:
        return (lambda: None), lambda: self.t.audit.append(write)

    def of_member(self, member: str, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((f"{line.at}#{line.audit_id}", line) for line in self.t.audit if line.member == member),
                         key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, f"audit#{member}")

    def lines(self, cursor: str | None, limit: int) -> Page:
        ordered = sorted(((f"{line.at}#{line.audit_id}", line) for line in self.t.audit),
                         key=lambda pair: pair[0], reverse=True)
        return page_of_desc(ordered, cursor, limit, "audit")


if TYPE_CHECKING:  # the type checker holds the memory store to the port, as it does the DynamoDB one (services)
    _conforms: Store = MemoryStore()
