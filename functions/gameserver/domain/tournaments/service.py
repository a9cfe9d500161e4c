"""Knockout tournaments wired to storage: creating, joining, leaving, reading, abandoning a match, the freeze
moderation calls, the tournaments' own deadlines.

The rules are the pure ``gameserver.platform.tournaments`` state machine: each request reads the tournament,
applies one event, and writes what the transition moved (``transition.writes``: the tournament and its ledger
lines, the matches it starts or decides, their games, ratings and notices) in one transaction claimed by the
tournament's version. A refused event is a 409 naming the rule; a replayed or late one changes nothing.

"Joining a full, started or cancelled tournament, joining twice, or joining without the fee: a 409 that says
which"; "Two members taking the last seat at once: exactly one gets it" (the version claim).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso, parse_iso
from gameserver.domain.feinthold import KIND, rules
from gameserver.domain.moderation.guards import Refused, guard, refusal, refuse_frozen
from gameserver.domain.tournaments import match as matches
from gameserver.domain.tournaments import transition
from gameserver.domain.tournaments.transition import Known, Moved
from gameserver.errors import Conflict, ErrorCode, InvalidInput, NotFound
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.tournaments import (
    Abandon,
    FillDeadlinePasses,
    Freeze,
    Join,
    Leave,
    Match,
    MatchEnding,
    MatchStatus,
    MatchUnrated,
    RoundDeadlinePasses,
    Seeding,
    Tallies,
    Tiebreak,
    Tournament,
    TournamentEnding,
    TournamentEvent,
    TournamentRuleError,
    TournamentStatus,
    apply,
    create,
    decided_matches,
    round_of,
)
from gameserver.play import steps
from gameserver.play import stop as play_stop
from gameserver.play.modes import Stop as PlayStop
from gameserver.play.modes import StopReason
from gameserver.play.sweeps import each_due
from gameserver.storage.duels import InsufficientCredits
from gameserver.storage.errors import WriteConflict
from gameserver.storage.moderation import AccountFrozen
from gameserver.storage.tournaments import (
    Contender,
    DueTournament,
    StoredMatch,
    StoredTournament,
    TournamentWrite,
)
from gameserver.words import DecimalText, NextCursor, ServerNow, Timestamp

if TYPE_CHECKING:
    from gameserver.storage.port import Store
    from gameserver.storage.records import Game

log = logging.getLogger(__name__)

MAX_FEE = 1_000_000
"""The largest entry fee (as a duel's stake): more than any balance, so a bound, not a rule."""
_INVALID = {"size-4-or-8": "size", "fee-not-negative": "fee", "name-length": "name", "name-characters": "name"}
"""Rules that refuse what a creation asks (a 422 naming the field), not the moment it comes at."""
_CODES = {
    "tournament-full": ErrorCode.TOURNAMENT_FULL,
    "join-once": ErrorCode.ALREADY_JOINED,
    "fee-within-balance": ErrorCode.INSUFFICIENT_CREDITS,
}


# ------------------------------------------------------------------ answers
class TournamentSize(enum.IntEnum):
    """How many members a knockout tournament seats (``platform.tournaments.SIZES``)."""

    FOUR = 4
    EIGHT = 8


class TournamentEntryOut(TypedDict):
    """A member in an open tournament."""

    member: str
    joined_at: Timestamp


class TournamentSeedOut(TypedDict):
    """A member's seed."""

    seed: Annotated[int, Field(description="1 is the best: the game's duel rating, ties by the oldest account")]
    member: str


class MatchPlayerOut(TypedDict):
    """A player of a match."""

    member: str
    seed: int


class MatchTallyOut(TypedDict):
    """What a drawn match's tiebreaks count, per player."""

    member: str
    predictions: Annotated[int, Field(description="right predictions in the match's game")]
    combats: Annotated[int, Field(description="combats won in the match's game")]


class GameRatingChangeOut(TypedDict):
    """How a member's game rating moved: each figure's change."""

    member: str
    rating: DecimalText
    deviation: DecimalText
    volatility: DecimalText


class EloChangeOut(TypedDict):
    """How a member's Elo moved."""

    member: str
    points: int


class MatchRatingOut(TypedDict):
    """What a decided match did to the ratings."""

    rated: bool
    why: Annotated[MatchUnrated | None, Field(description="why it moved no rating")]
    game: Annotated[list[GameRatingChangeOut], Field(description="the game's Glicko-2 duel rating (not for a frozen "
                                                                 "player's forfeit)")]
    elo: Annotated[list[EloChangeOut], Field(description="the common duel Elo")]


class MatchOut(TypedDict):
    """A match of the bracket."""

    slot: Annotated[int, Field(description="1 to size - 1, in the order the matches are played; the last is the "
                                           "final")]
    round: int
    game_id: Annotated[str | None, Field(description="its game (orders go to /v1/feinthold/games/{game_id}/...), "
                                                     "once both players are known; none for a match decided "
                                                     "without playing")]
    players: Annotated[list[MatchPlayerOut | None], Field(description="its two players as they become known")]
    status: MatchStatus
    opened_at: Timestamp | None
    deadline: Annotated[Timestamp, Field(description="its round's deadline: 5 days a round from the start")]
    winner: str | None
    ending: MatchEnding | None
    tiebreak: Annotated[Tiebreak | None, Field(description="what sent the winner of a drawn match through")]
    tallies: list[MatchTallyOut]
    too_fast: Annotated[list[str], Field(description="players whose orders were faster than a human's")]
    ended_at: Timestamp | None
    rating: Annotated[MatchRatingOut | None, Field(description="once decided: the rating changes, or why none")]


class TournamentPrizeOut(TypedDict):
    """A prize the pot paid."""

    member: str
    amount: int


class TournamentSummary(TypedDict):
    """A tournament, in a list."""

    tournament_id: str
    name: str
    creator: str
    size: TournamentSize
    fee: int
    status: TournamentStatus
    created_at: Timestamp
    fill_deadline: Annotated[Timestamp | None, Field(description="while open: not full by then, it is cancelled and "
                                                                 "every fee returned")]
    members: int
    seats_left: int
    pot: Annotated[int, Field(description="the credits in the pot: fees in, refunds and prizes out")]
    started_at: Timestamp | None
    winner: str | None
    ending: TournamentEnding | None
    ended_at: Timestamp | None
    version: Annotated[int, Field(description="bumped by every change of the tournament")]


class TournamentOut(TournamentSummary):
    """A tournament: entries, seeds, the bracket, the pot and its prizes."""

    now: NotRequired[ServerNow]
    entries: Annotated[list[TournamentEntryOut], Field(description="while open: the members in, in the order they "
                                                                   "joined")]
    seeds: list[TournamentSeedOut]
    matches: Annotated[list[MatchOut], Field(description="the bracket, by slot, once full")]
    finalist: str | None
    prizes: list[TournamentPrizeOut]


class TournamentList(TypedDict):
    """A page of tournaments."""

    tournaments: list[TournamentSummary]
    cursor: NextCursor


def tournament_json(stored: StoredTournament, items: dict[int, StoredMatch] | None = None) -> TournamentOut:
    """A tournament's page: its entries, seeds, bracket (each match with its game id, status, result and, once
    decided, rating changes), pot and prizes."""
    tournament = stored.tournament
    seeds = {member: seed for seed, member in enumerate(tournament.seeds, start=1)}
    return {
        **summary_json(stored),
        "entries": [{"member": e.member, "joined_at": iso(e.joined_at)} for e in tournament.entries],
        "seeds": [{"seed": seed, "member": member} for member, seed in seeds.items()],
        "matches": [
            {
                "slot": match.slot,
                "round": round_of(tournament.size, match.slot),
                "game_id": tournament.match_id(match.slot) if match.played else None,
                "players": [None if p is None else {"member": p, "seed": seeds[p]} for p in match.players],
                "status": match.status,
                "opened_at": _iso(match.opened_at),
                "deadline": iso(tournament.match_deadline(match.slot)),
                "winner": match.winner,
                "ending": match.ending,
                "tiebreak": match.tiebreak,
                "tallies": [{"member": m, "predictions": t.predictions, "combats": t.combats}
                            for m, t in sorted(match.tallies.items())],
                "too_fast": sorted(match.too_fast),
                "ended_at": _iso(match.ended_at),
                "rating": _rating_json((items or {}).get(match.slot)),
            }
            for match in tournament.matches
        ],
        "finalist": tournament.finalist,
        "prizes": [{"member": line.member, "amount": line.amount} for line in tournament.prizes],
    }


def summary_json(stored: StoredTournament) -> TournamentSummary:
    """A tournament as the lists show it."""
    tournament = stored.tournament
    return {
        "tournament_id": tournament.id,
        "name": tournament.name,
        "creator": tournament.creator,
        "size": TournamentSize(tournament.size),
        "fee": tournament.fee,
        "status": tournament.status,
        "created_at": iso(tournament.created_at),
        "fill_deadline": iso(tournament.fill_deadline) if tournament.status is TournamentStatus.OPEN else None,
        "members": len(tournament.entries) if tournament.status is TournamentStatus.OPEN else len(tournament.seeds),
        "seats_left": tournament.seats_left,
        "pot": tournament.pot,
        "started_at": _iso(tournament.started_at),
        "winner": tournament.winner,
        "ending": tournament.ending,
        "ended_at": _iso(tournament.ended_at),
        "version": stored.version,
    }


def _rating_json(stored: StoredMatch | None) -> MatchRatingOut | None:
    """The match's rating changes as its decision wrote them (``transition``), read back from the store's JSON."""
    changes = None if stored is None else stored.rating_changes
    if changes is None:
        return None
    why = changes.get("why")
    return {
        "rated": changes["rated"],
        "why": None if why is None else MatchUnrated(why),
        "game": [{"member": m, "rating": c["rating"], "deviation": c["deviation"], "volatility": c["volatility"]}
                 for m, c in sorted(changes.get("game", {}).items())],
        "elo": [{"member": m, "points": p} for m, p in sorted(changes.get("elo", {}).items())],
    }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else iso(moment)


def _refused(error: TournamentRuleError) -> Conflict | InvalidInput:
    if error.rule in _INVALID:
        return InvalidInput(str(error), field=_INVALID[error.rule], rule=error.rule)
    code = _CODES.get(error.rule)
    if code is None and error.rule.endswith(f"-when-{TournamentStatus.CANCELLED}"):
        code = ErrorCode.TOURNAMENT_CANCELLED
    elif code is None and error.rule.endswith(f"-when-{TournamentStatus.FINISHED}"):
        code = ErrorCode.TOURNAMENT_FINISHED
    return Conflict(str(error), rule=error.rule, code=code or ErrorCode.TOURNAMENT_REFUSED,
                    field="fee" if code is ErrorCode.INSUFFICIENT_CREDITS else None)


def _write(store: Store, moved: Moved) -> None:
    """A transition's writes in one transaction: a short balance is the fee's 409, another write first a retry
    (``WriteConflict``)."""
    change = moved.writes[0]
    assert isinstance(change, TournamentWrite)
    try:
        store.transact(moved.writes)
    except InsufficientCredits as error:
        raise Conflict(f"your balance is below the entry fee of {change.tournament.fee} credits", field="fee",
                       rule="fee-within-balance", code=ErrorCode.INSUFFICIENT_CREDITS) from error
    except AccountFrozen as error:
        raise refusal(store, error, Refused.TOURNAMENTS) from error


# ------------------------------------------------------------------ creating, listing, reading
def create_tournament(store: Store, clock: Clock, caller: Caller, *, size: int, fee: int, name: str
                      ) -> TournamentOut:
    """A new tournament, open for 7 days; "The creator joins on creation": my fee goes into its pot at once."""
    if not 0 <= fee <= MAX_FEE:
        raise InvalidInput(f"an entry fee is 0 to {MAX_FEE} credits", field="fee", rule="fee-not-negative")
    now = clock.now()
    balance = store.members.balances((caller.sub,)).get(caller.sub, 0)
    try:
        tournament = create(new_id(), caller.sub, name, size, fee, now, balance)
    except TournamentRuleError as error:
        refuse_frozen(store, (caller.sub,), Refused.TOURNAMENTS)
        raise _refused(error) from error
    moved = transition.writes(store, None, tournament, now, joined=(caller.sub,))
    moved.writes.append(guard(caller.sub))
    try:
        _write(store, moved)
    except WriteConflict as error:
        raise Conflict("the tournament could not be stored; send it again", code=ErrorCode.BUSY) from error
    transition.after_commit(moved)
    return tournament_json(StoredTournament(tournament, 1))


def list_tournaments(store: Store, clock: Clock, cursor: str | None, limit: int) -> TournamentList:
    """Tournaments taking entries, newest first; one past its fill deadline is left out before the sweep
    cancels it."""
    found, next_cursor = store.tournaments.open_tournaments(cursor, limit)
    now = clock.now()
    return {"tournaments": [summary_json(s) for s in found if now < s.tournament.fill_deadline],
            "cursor": next_cursor}


def my_tournaments(store: Store, caller: Caller, cursor: str | None, limit: int) -> TournamentList:
    """The tournaments I am in (or was in when they ended), the latest joined first."""
    found, next_cursor = store.tournaments.of_member(caller.sub, cursor, limit)
    return {"tournaments": [summary_json(s) for s in found], "cursor": next_cursor}


def read_tournament(store: Store, tournament_id: str) -> TournamentOut:
    """A tournament's page, for any member (the tournaments page is public): one query of its partition."""
    bracket = store.tournaments.bracket(tournament_id)
    if bracket.stored is None:
        raise NotFound(f"no tournament {tournament_id}", field="tournament_id")
    return tournament_json(bracket.stored, bracket.matches)


# ------------------------------------------------------------------ entries
def join_tournament(store: Store, clock: Clock, caller: Caller, tournament_id: str) -> TournamentOut:
    """Take a seat: my fee goes into the pot. The last seat seeds the bracket (the game's duel rating, best
    first; ties: the oldest account) and creates every first-round match at once."""
    for _ in range(steps.ATTEMPTS):
        read = store.tournaments.read(tournament_id, profiles=(caller.sub,))
        if read.stored is None:
            raise NotFound(f"no tournament {tournament_id}", field="tournament_id")
        before, now = read.stored.tournament, clock.now()
        known = Known()
        if before.seats_left == 1 and caller.sub not in before.members:
            everyone = (*before.members, caller.sub)
            found = store.tournaments.contenders(everyone, iso(now)[:7], defaults=everyone)
            known = Known(contenders=found, with_defaults=frozenset(everyone))
        seeding = {sub: _seeding(c) for sub, c in known.contenders.items()} or None
        try:
            after = apply(before, Join(caller.sub, now, read.balances.get(caller.sub, 0), seeding))
        except TournamentRuleError as error:
            refuse_frozen(store, (caller.sub,), Refused.TOURNAMENTS)
            raise _refused(error) from error
        moved = transition.writes(store, read.stored, after, now, known=known, joined=(caller.sub,))
        moved.writes.append(guard(caller.sub))
        try:
            _write(store, moved)
        except WriteConflict:
            continue
        transition.after_commit(moved)
        return tournament_json(StoredTournament(after, read.stored.version + 1))
    raise Conflict("the tournament changed while your request was being stored; send it again",
                   code=ErrorCode.BUSY)


def _seeding(contender: Contender) -> Seeding:
    """"the seeds follow the game's duel rating": the Glicko-2 rating now, then the account's age."""
    return Seeding(contender.ratings.game.rating, parse_iso(contender.created))


def leave_tournament(store: Store, clock: Clock, caller: Caller, tournament_id: str) -> TournamentOut:
    """Leave before it is full: my fee comes back (the last member out cancels it)."""
    return _move(store, clock, tournament_id, lambda now, _: Leave(caller.sub, now), left=(caller.sub,))


def _move(store: Store, clock: Clock, tournament_id: str,
          event_of: Callable[[datetime, StoredTournament], TournamentEvent], *, left: tuple[str, ...] = (),
          known_of: Callable[[StoredTournament], Known] | None = None) -> TournamentOut:
    """Apply one event to the tournament and write what it moved, claimed by its version (a lost race reads
    again)."""
    for _ in range(steps.ATTEMPTS):
        held = store.tournaments.read(tournament_id).stored
        if held is None:
            raise NotFound(f"no tournament {tournament_id}", field="tournament_id")
        now = clock.now()
        try:
            after = apply(held.tournament, event_of(now, held))
        except TournamentRuleError as error:
            raise _refused(error) from error
        try:
            moved = transition.writes(store, held, after, now, known=known_of(held) if known_of else None,
                                      left=left)
            _write(store, moved)
        except WriteConflict:
            continue
        transition.after_commit(moved)
        return tournament_json(StoredTournament(after, held.version + 1))
    raise Conflict("the tournament changed while your request was being stored; send it again",
                   code=ErrorCode.BUSY)


# ------------------------------------------------------------------ a match
def abandon_match(store: Store, clock: Clock, caller: Caller, tournament_id: str, slot: int) -> TournamentOut:
    """"Abandoning means losing the match": the other player goes on, and the game ends."""
    for _ in range(steps.ATTEMPTS):
        read = store.tournaments.read_match(tournament_id, slot)
        if read.tournament is None:
            raise NotFound(f"no tournament {tournament_id}", field="tournament_id")
        stored, game = read.match, read.game
        if stored is not None and game is not None and not stored.decided and game.epoch > stored.turns_passed:
            matches.sync(store, clock, tournament_id, slot)  # the match lags its game: catch it up first
            continue
        now = clock.now()
        fast = frozenset() if stored is None else matches.too_fast(stored)
        try:
            after = apply(read.tournament.tournament, Abandon(slot, caller.sub, now, fast))
        except TournamentRuleError as error:
            raise _refused(error) from error
        known = Known(matches={} if stored is None else {slot: stored}, games={} if game is None else {slot: game})
        try:
            moved = transition.writes(store, read.tournament, after, now, known=known)
            _write(store, moved)
        except WriteConflict:
            continue
        transition.after_commit(moved)
        return tournament_json(StoredTournament(after, read.tournament.version + 1))
    raise Conflict("the match changed while your request was being stored; send it again", code=ErrorCode.BUSY)


# ------------------------------------------------------------------ moderation
def freeze(store: Store, clock: Clock, members: Iterable[str]) -> dict[str, str]:
    """What a freeze of ``members``' ratings (moderation, one action) does to their tournaments: "A freeze
    before the tournament is full removes the entry and returns the fee. A freeze during it ends the member's
    current match at once as a forfeit, and every later opponent of theirs advances without playing."

    Returns each tournament's outcome: ``frozen`` (written), ``untouched`` (none of them plays on in it: a
    member already out keeps their results), ``ended``, ``contended``. Safe to call twice: a freeze already
    applied leaves the tournament ``untouched``."""
    frozen = frozenset(members)
    outcomes: dict[str, str] = {}
    for tournament_id in _tournaments_of(store, frozen):
        outcomes[tournament_id] = _freeze_one(store, clock, tournament_id, frozen)
    return outcomes


def _tournaments_of(store: Store, members: frozenset[str]) -> list[str]:
    """Every tournament any of ``members`` has an entry in, not yet ended (all pages)."""
    found: dict[str, None] = {}
    for sub in sorted(members):
        cursor: str | None = None
        while True:
            page, cursor = store.tournaments.of_member(sub, cursor, 50)
            found.update({s.tournament.id: None for s in page if not s.tournament.status.ended})
            if cursor is None:
                break
    return list(found)


def _freeze_one(store: Store, clock: Clock, tournament_id: str, members: frozenset[str]) -> str:
    """The freeze of ``members`` in one tournament. A match it ends while its game is in play ends through that
    game's stop (``play.stop``: the game's end, and the match mode's part, the tournament's ``Freeze``, in one
    transaction); the rest (an entry out before the tournament is full, later opponents advancing while a frozen
    member waits) is the tournament's transition alone."""
    for _ in range(steps.ATTEMPTS):
        held = store.tournaments.read(tournament_id).stored
        if held is None or held.tournament.status.ended:
            return "ended"
        now = clock.now()
        before = held.tournament
        try:
            after = apply(before, Freeze(members, now))
        except TournamentRuleError:
            return "untouched"
        played = [match for match in decided_matches(before, after) if match.played]
        if played and _stop_frozen(store, clock, before, played[0], members):
            return "frozen"
        left = tuple(sorted(members & set(before.members))) if before.status is TournamentStatus.OPEN else ()
        try:
            moved = transition.writes(store, held, after, now, left=left)
            store.transact(moved.writes)
        except WriteConflict:
            continue
        transition.after_commit(moved)
        return "frozen"
    return "contended"


def _stop_frozen(store: Store, clock: Clock, tournament: Tournament, match: Match, members: frozenset[str]) -> bool:
    """The game of ``match``, which the freeze of ``members`` ends, stopped: its frozen player by the freeze,
    the winner its other player unless frozen too. False when the game has ended on the board meanwhile (the
    tournament's transition alone then decides the match)."""
    (by, *_) = sorted(members & set(match.pair))

    def frozen(game: Game) -> PlayStop:
        winner = game.seat_of(match.winner) if match.winner else None
        return PlayStop(StopReason.FROZEN, by, winner, members)

    try:
        play_stop.stop(store, clock, tournament.match_id(match.slot), frozen, kind=KIND)
    except Conflict as error:
        if error.code is ErrorCode.GAME_OVER:
            return False
        raise
    return True


# ------------------------------------------------------------------ the sweep
def sweep(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    """What the tournaments' due index says has come: a fill deadline passed (cancelled, every fee returned), a
    round's deadline with a match still open (settled by the tiebreak, an anomaly), a match behind its game
    (its game's turn resolved if due, then the match caught up); each on its own (``play.sweeps.each_due``)."""

    def settle_due(due: DueTournament) -> str:
        if due.slot is None:
            return settle_deadlines(store, clock, due.tournament_id)
        game = store.tournaments.read_match(due.tournament_id, due.slot).game
        if game is not None and steps.is_due(game, clock.now()):
            steps.resolve(store, clock, game.game_id, game.step)
        return matches.sync(store, clock, due.tournament_id, due.slot)

    return each_due(store.tournaments.due(iso(clock.now()), limit), settle_due,
                    lambda due: f"tournament {due.tournament_id}" + ("" if due.slot is None else f" match {due.slot}"))


def settle_deadlines(store: Store, clock: Clock, tournament_id: str) -> str:
    """The tournament's own deadline: "Not full within 7 days: cancelled, every fee returned"; a match still
    open when its round's 5 days ran out "is settled by the same tiebreak on its state and logged as an
    anomaly". ``cancelled``, ``settled``, ``early`` (nothing due yet), ``ended``, ``missing``."""
    held = store.tournaments.read(tournament_id).stored
    if held is None:
        return "missing"
    tournament, now = held.tournament, clock.now()
    if tournament.status is TournamentStatus.OPEN:
        try:
            _move(store, clock, tournament_id, lambda at, _: FillDeadlinePasses(at))
        except Conflict:
            return "early"
        return "cancelled"
    late = [m.slot for m in tournament.playable if tournament.match_deadline(m.slot) <= now]
    if tournament.status.ended or not late:
        return "ended" if tournament.status.ended else "early"
    for slot in late:
        try:
            _move(store, clock, tournament_id, _time_up(store, slot))
        except Conflict:
            continue  # decided meanwhile (its game ended, a freeze): nothing left to settle
    return "settled"


def _time_up(store: Store, slot: int) -> Callable[[datetime, StoredTournament], TournamentEvent]:
    """The deadline's event for a match still open: both players' tallies from its game's state, fair play's
    verdict from its turns."""
    return lambda at, held: _time_up_event(store, held.tournament, slot, at)


def _time_up_event(store: Store, tournament: Tournament, slot: int, at: datetime) -> TournamentEvent:
    read = store.tournaments.read_match(tournament.id, slot)
    board = store.games.board(tournament.match_id(slot))
    if read.game is None or board is None or read.match is None or \
            tournament.match(slot).status is not MatchStatus.PLAYING:
        raise TournamentRuleError(f"match {slot} has nothing left to settle", "round-deadline-when-match-decided")
    counts = rules().tallies(rules().load(board.state))
    tallies = {read.game.players[side]: Tallies(*count) for side, count in counts.items()}
    return RoundDeadlinePasses(slot, at, tallies, matches.too_fast(read.match))
