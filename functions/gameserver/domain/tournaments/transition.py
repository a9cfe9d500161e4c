"""What one tournament transition writes, whoever applied its event (a member's request, a match's step riding
in its game's transaction, the follow-up that catches a match up, the sweep, a freeze).

The pure rules say what changed (``credit_lines``, ``matches_to_create``, ``decided_matches``); this module turns it
into one transaction's writes: the tournament claimed by its version with its ledger lines (fees, refunds,
prizes) and balances; for each match that became playable its game (turn 1 open at once, 12 hours a turn, each
member's default doctrine copied in: "The default doctrine is copied into the game when it starts") and its match
item, both written only if absent, so a match is created once; for each decided match its item (claimed by its
version), the end of its game when it was still open (a forfeit, a freeze, the deadline, no orders), its rating
changes ("A match counts for the game's rating like a duel"), the marks of linked accounts and the feed notices.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gameserver.clock import iso
from gameserver.domain import members
from gameserver.domain.fairplay import link_of
from gameserver.domain.feinthold import KIND
from gameserver.ids import new_seed
from gameserver.platform.fairplay.marks import linked_marks, play_marks
from gameserver.platform.tournaments import (
    MATCH_PACE,
    Match,
    MatchEnding,
    MatchUnrated,
    Tournament,
    TournamentStatus,
    credit_lines,
    decided_matches,
    matches_to_create,
    rate_match,
    rating_moves,
    rating_verdict,
)
from gameserver.play import start, timers
from gameserver.play.modes import RULES, Stop, StopReason
from gameserver.play.stop import end_off_the_board
from gameserver.storage.duels import MonthLine
from gameserver.storage.games import NewGame
from gameserver.storage.members import Notice, NoticeKind
from gameserver.storage.records import Game, LedgerLine
from gameserver.storage.tournaments import (
    Contender,
    MatchWrite,
    StoredMatch,
    StoredTournament,
    TournamentWrite,
)

if TYPE_CHECKING:
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)

MATCH = "match"
"""The pipeline's mode of a tournament match's game."""
SOURCE = "feinthold.tournaments"
"""The EventBridge source of the tournaments' events."""


@dataclass
class Known:
    """What the transition already holds, read with its event: match items and games (by slot), members'
    contenders (``with_defaults``: those read with their default doctrine), and the slots whose game the
    transition's own step ends on the board (their game is not closed again)."""

    matches: dict[int, StoredMatch] = field(default_factory=dict)
    games: dict[int, Game] = field(default_factory=dict)
    contenders: dict[str, Contender] = field(default_factory=dict)
    with_defaults: frozenset[str] = frozenset()
    ended_on_board: frozenset[int] = frozenset()


@dataclass
class Moved:
    """A transition's writes (the tournament's first), and what follows once they commit: the new games' timers,
    the notices' events, the anomalies to log (the ids of matches settled at their round's deadline)."""

    writes: list[Write]
    started: list[NewGame] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    anomalies: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, riders: Sequence[Write]) -> Moved:
        """What follows writes that rode in a step's transaction: their notices and the games they started."""
        return cls(list(riders), started=[w for w in riders if isinstance(w, NewGame)],
                   notices=[n for w in riders if isinstance(w, MatchWrite | TournamentWrite) for n in w.notices])


def ledger_lines(before: Tournament | None, after: Tournament, now: datetime) -> tuple[LedgerLine, ...]:
    """The tournament's new ledger lines as stored."""
    return members.ledger_lines(after.id, 0 if before is None else len(before.credits), credit_lines(before, after),
                                now)


def turn_notices(tournament_id: str, game: Game) -> list[Notice]:
    """"Every turn of a match opens with a feed notice, as in correspondence duels"."""
    return members.step_opened(game, tournament_id)


def writes(store: Store, before: StoredTournament | None, after: Tournament, now: datetime, *,
           known: Known | None = None, joined: tuple[str, ...] = (), left: tuple[str, ...] = ()) -> Moved:
    """Everything the transition from ``before`` to ``after`` writes, in one transaction (the tournament's write
    first). Reads what ``known`` lacks: the contenders of the members whose match starts or is rated (one request
    for all), the items and games of decided matches. ``WriteConflict`` when what it read moved meanwhile."""
    known = known or Known()
    earlier = None if before is None else before.tournament
    created = matches_to_create(earlier, after)
    decided = decided_matches(earlier, after)
    rated = [m for m in decided if m.played and rating_verdict(m, linked=False) is not MatchUnrated.NO_RESULT]
    contenders = _contenders(store, known, created, rated, now)
    change = TournamentWrite(after, None if before is None else before.version, iso(now),
                             lines=ledger_lines(earlier, after, now), joined=joined, left=left)
    moved = Moved([change])
    for match in created:
        _start(moved, after, match, contenders, now)
    for match in decided:
        _decide(store, moved, after, match, known, contenders)
    if after.status is TournamentStatus.FINISHED and (earlier is None or not earlier.status.ended) and after.winner:
        change.notices.append(_notice(after, after.final, after.winner, NoticeKind.TOURNAMENT_WON))
    moved.notices = Moved.of(moved.writes).notices
    return moved


def after_commit(moved: Moved) -> None:
    """What follows a committed transition: the new games' first turn timers, the notices' events on the bus,
    and a line in the log for each match settled at its round's deadline (it cannot happen unless something is
    broken: 8 turns of 12 hours fit in the round's 5 days)."""
    from gameserver.domain import notices

    for started in moved.started:
        timers.step_opened(started.game)
    notices.publish(moved.notices, SOURCE, "tournament_id")
    for game_id in moved.anomalies:
        log.warning("anomaly: match %s was still open at its round's deadline; settled by the tiebreak", game_id,
                    extra={"match_id": game_id})


def _contenders(store: Store, known: Known, created: Sequence[Match], rated: Sequence[Match], now: datetime
                ) -> dict[str, Contender]:
    """The contenders the transition needs: the players of new matches with their default doctrines, those of
    rated matches with their ratings, month lines and sightings; one request for all that ``known`` lacks."""
    defaults = {player for match in created for player in match.pair}
    players = defaults | {player for match in rated for player in match.pair}
    missing = tuple(sorted(s for s in players if s not in known.contenders
                           or (s in defaults and s not in known.with_defaults)))
    found = dict(known.contenders)
    if missing:
        month = iso(rated[0].ended_at or now)[:7] if rated else iso(now)[:7]
        found.update(store.tournaments.contenders(missing, month, defaults=tuple(s for s in missing if s in defaults)))
    return found


def _notice(tournament: Tournament, match: Match, sub: str, kind: NoticeKind) -> Notice:
    at = match.ended_at or match.opened_at or tournament.created_at
    return Notice(sub, tournament.match_id(match.slot), tournament.id, 0, iso(at), None, kind)


def _start(moved: Moved, tournament: Tournament, match: Match, contenders: dict[str, Contender], now: datetime
           ) -> None:
    """A match whose players are both known: its game (turn 1 open, no ready room) and its item, both new."""
    first, second = match.pair if secrets.randbits(1) else tuple(reversed(match.pair))
    players = {"south": first, "north": second}
    new = start.new_game(game_id=tournament.match_id(match.slot), kind=KIND, mode=MATCH, players=players,
                         pace=str(MATCH_PACE), options={}, seed=new_seed(),
                         stand_ins={side: contenders[sub].default for side, sub in players.items()}, now=now)
    notices = [_notice(tournament, match, sub, NoticeKind.MATCH_CREATED) for sub in match.pair]
    moved.writes.append(MatchWrite(StoredMatch(tournament.id, match.slot, match.pair), None,
                                   due_at=new.game.deadline, notices=notices + turn_notices(tournament.id, new.game)))
    moved.writes.append(new)
    moved.started.append(new)


def _decide(store: Store, moved: Moved, tournament: Tournament, match: Match, known: Known,
            contenders: dict[str, Contender]) -> None:
    """A decided match: its item and the end of its game (when it was played), its ratings, its notices."""
    change = moved.writes[0]
    assert isinstance(change, TournamentWrite)
    for player in (p for p in match.players if p is not None):
        kind = NoticeKind.MATCH_VOID if match.winner is None else (
            NoticeKind.MATCH_WON if player == match.winner else NoticeKind.MATCH_LOST)
        change.notices.append(_notice(tournament, match, player, kind))
    if match.ending is MatchEnding.DEADLINE:
        moved.anomalies.append(tournament.match_id(match.slot))
    if not match.played:
        return  # won without playing, or nobody to play it: no game, no item
    stored, game = known.matches.get(match.slot), known.games.get(match.slot)
    if stored is None or (game is None and match.slot not in known.ended_on_board):
        read = store.tournaments.read_match(tournament.id, match.slot)
        stored, game = stored or read.match, game or read.game
    if stored is None:
        raise ValueError(f"match {match.slot} of tournament {tournament.id} was played without its item")
    rating_changes = _rate(change, tournament, match, contenders)
    if match.ended_at is not None:
        change.marks = (*change.marks, *play_marks(tournament.match_id(match.slot), stored.delays,
                                                   stored.turns_passed, iso(match.ended_at)))
    moved.writes.append(MatchWrite(replace(stored, decided=True, rating_changes=rating_changes), stored.version))
    if match.slot not in known.ended_on_board and game is not None and game.status == "open":
        assert match.ended_at is not None, "a decided match has its end"
        winner = game.seat_of(match.winner) if match.winner else None
        moved.writes.append(end_off_the_board(store, game, Stop(StopReason.FORFEIT, RULES, winner), match.ended_at))


def _rate(change: TournamentWrite, tournament: Tournament, match: Match, contenders: dict[str, Contender]
          ) -> dict[str, Any]:
    """A decided match's rating changes, rated or why not (stored with its item: what a void would take back).
    "Between linked accounts [...] the result stands, unrated, and both get marks"."""
    if rating_verdict(match, linked=False) is MatchUnrated.NO_RESULT:
        return {"rated": False, "why": str(MatchUnrated.NO_RESULT)}
    first, second = pair = match.pair
    ended = match.ended_at
    assert ended is not None, "a decided match has its end"
    link = link_of({sub: contenders[sub].seen for sub in pair}, pair, ended)
    if link is not None:
        change.marks = (*change.marks, *linked_marks(tournament.match_id(match.slot), pair, link, iso(ended)))
    linked = link is not None
    verdict = rating_verdict(match, linked)
    if verdict is not None:
        return {"rated": False, "why": str(verdict)}
    ratings = {sub: contenders[sub].ratings for sub in pair}
    changes = rate_match(match, linked, {s: r.game for s, r in ratings.items()}, {s: r.elo for s, r in ratings.items()})
    moves = rating_moves(match, linked)
    assert changes is not None and moves is not None
    month = iso(ended)[:7]
    for sub in (first, second):
        game_rating = changes.game[sub].apply(ratings[sub].game) if sub in changes.game else ratings[sub].game
        change.ratings[sub] = (ratings[sub], game_rating, changes.elo[sub].apply(ratings[sub].elo))
        if moves.rated_duel:
            line = contenders[sub].month
            rated = line.rated if line is not None and line.month == month else 0
            change.months.append((MonthLine(sub, month, rated + 1, game_rating.rating, contenders[sub].created),
                                  rated))
    return {"rated": True, "game": {s: c.to_json() for s, c in changes.game.items()},
            "elo": {s: c.points for s, c in changes.elo.items()}}

