"""A knockout tournament as a plain value: its entries, seeds and matches, how it ended, its ledger lines."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gameserver.platform.duels.credits import POT_KINDS, CreditKind, LedgerLine, appended_lines
from gameserver.platform.tournaments.bracket import final_slot, match_id, round_of
from gameserver.platform.tournaments.results import MatchEnding, Tallies, Tiebreak
from gameserver.platform.tournaments.schedule import fill_deadline, round_deadline


class TournamentStatus(enum.StrEnum):
    OPEN = "open"
    """Taking entries: each entry's fee is in the pot."""
    PLAYING = "playing"
    """Full: the last seat taken seeded the bracket; its matches are played."""
    FINISHED = "finished"
    """The final is decided: a winner paid from the pot, or a void final that returned every fee."""
    CANCELLED = "cancelled"
    """Ended before it was full: every fee returned."""

    @property
    def ended(self) -> bool:
        """Nothing more happens to the tournament."""
        return self in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


class TournamentEnding(enum.StrEnum):
    """How a tournament came to its end."""

    WON = "won"
    """The final had two players: 70% of the pot to the winner, 30% to the finalist."""
    TITLE_WITHOUT_FINAL = "title-without-final"
    """The winner reached the title without a final opponent: "takes the whole pot"."""
    VOID_FINAL = "void-final"
    """The final was void, nobody won: "returns every entry fee"."""
    NOT_FULL = "not-full"
    """"Not full within 7 days: cancelled, every fee returned"."""
    EMPTIED = "emptied"
    """Every member left (or was frozen out) before it was full: nothing left to wait for."""


class MatchStatus(enum.StrEnum):
    WAITING = "waiting"
    """At least one of its players is not known yet: no game."""
    PLAYING = "playing"
    """Both players known: its game is created (with the match's id) and played."""
    WON = "won"
    """Decided: its winner goes on."""
    VOID = "void"
    """Decided without a winner: nobody goes on."""

    @property
    def decided(self) -> bool:
        return self in (MatchStatus.WON, MatchStatus.VOID)


@dataclass(frozen=True)
class Match:
    """One match of the bracket, in its slot (``gameserver.platform.tournaments.bracket``)."""

    slot: int
    players: tuple[str | None, str | None] = (None, None)
    """Its first and second player as they become known (None: not known yet, or nobody comes)."""
    status: MatchStatus = MatchStatus.WAITING
    opened_at: datetime | None = None
    """When both players became known: the match's game is created then."""
    winner: str | None = None
    ending: MatchEnding | None = None
    tiebreak: Tiebreak | None = None
    tallies: dict[str, Tallies] = field(default_factory=dict)
    """The players' tallies, when a draw or the deadline needed them."""
    too_fast: frozenset[str] = frozenset()
    """Players whose orders were faster than a human's in the match's game."""
    ended_at: datetime | None = None

    @property
    def pair(self) -> tuple[str, str]:
        """Both players of a match that was played."""
        first, second = self.players
        if first is None or second is None:
            raise ValueError(f"match {self.slot} does not have two players")
        return first, second

    @property
    def loser(self) -> str | None:
        """The other player of a won match that had two (the finalist, for the final)."""
        if self.winner is None or None in self.players:
            return None
        first, second = self.pair
        return second if self.winner == first else first

    @property
    def played(self) -> bool:
        """The match had its game (it became playable), whatever its end."""
        return self.opened_at is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "slot": self.slot,
            "players": list(self.players),
            "status": str(self.status),
            "opened_at": _iso(self.opened_at),
            "winner": self.winner,
            "ending": None if self.ending is None else str(self.ending),
            "tiebreak": None if self.tiebreak is None else str(self.tiebreak),
            "tallies": {
                member: {"predictions": tally.predictions, "combats": tally.combats}
                for member, tally in sorted(self.tallies.items())
            },
            "too_fast": sorted(self.too_fast),
            "ended_at": _iso(self.ended_at),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        first, second = data["players"]
        return cls(
            slot=int(data["slot"]),
            players=(first, second),
            status=MatchStatus(data["status"]),
            opened_at=_time(data["opened_at"]),
            winner=data["winner"],
            ending=None if data["ending"] is None else MatchEnding(data["ending"]),
            tiebreak=None if data["tiebreak"] is None else Tiebreak(data["tiebreak"]),
            tallies={
                member: Tallies(int(tally["predictions"]), int(tally["combats"]))
                for member, tally in data["tallies"].items()
            },
            too_fast=frozenset(data["too_fast"]),
            ended_at=_time(data["ended_at"]),
        )


@dataclass(frozen=True)
class Entry:
    member: str
    joined_at: datetime


@dataclass(frozen=True)
class Tournament:
    """Everything the platform rules need about one tournament.

    ``credits`` holds every ledger line of this tournament so far, in order: the storage writes the new ones in
    the same transaction as the tournament (see ``credit_lines``), so a tournament can never pay twice.
    """

    id: str
    name: str
    creator: str
    size: int
    fee: int
    created_at: datetime
    status: TournamentStatus = TournamentStatus.OPEN
    entries: tuple[Entry, ...] = ()
    """The members in, in the order they joined (while open: leaving removes an entry)."""
    frozen: frozenset[str] = frozenset()
    """Members frozen while it mattered here: every account a freeze named while open (the entered ones removed,
    none of them may join), each one still playing when frozen after (forfeiting)."""
    seeds: tuple[str, ...] = ()
    """The members by seed, seed 1 first, once full."""
    started_at: datetime | None = None
    """When the last seat was taken: the bracket's calendar starts then."""
    matches: tuple[Match, ...] = ()
    """Every match of the bracket by slot (slot 1 first), once full."""
    winner: str | None = None
    ending: TournamentEnding | None = None
    ended_at: datetime | None = None
    credits: tuple[LedgerLine, ...] = ()

    @property
    def members(self) -> tuple[str, ...]:
        return tuple(entry.member for entry in self.entries)

    @property
    def seats_left(self) -> int:
        """Seats still free: the join that takes the last one (1 left) needs every member's ``Seeding``."""
        return self.size - len(self.entries) if self.status is TournamentStatus.OPEN else 0

    @property
    def pot(self) -> int:
        """The credits in the pot: fees in, refunds and prizes out."""
        return -sum(line.amount for line in self.credits if line.kind in POT_KINDS)

    @property
    def prizes(self) -> tuple[LedgerLine, ...]:
        return tuple(line for line in self.credits if line.kind is CreditKind.TOURNAMENT_PRIZE)

    @property
    def fill_deadline(self) -> datetime:
        """When it is cancelled if not full: 7 days after its creation."""
        return fill_deadline(self.created_at)

    def seed(self, member: str) -> int:
        """The member's seed (1 = the best)."""
        return self.seeds.index(member) + 1

    def match(self, slot: int) -> Match:
        if not self.matches:
            raise ValueError(f"tournament {self.id} has no bracket yet")
        return self.matches[slot - 1]

    @property
    def final(self) -> Match:
        return self.match(final_slot(self.size))

    @property
    def finalist(self) -> str | None:
        """The final's loser, once the final was won against an opponent."""
        return self.final.loser if self.matches else None

    def match_id(self, slot: int) -> str:
        """The id of the match in ``slot``, also the id of its game."""
        return match_id(self.id, slot)

    def round_deadline(self, round_number: int) -> datetime:
        if self.started_at is None:
            raise ValueError(f"tournament {self.id} has not started")
        return round_deadline(self.started_at, round_number)

    def match_deadline(self, slot: int) -> datetime:
        """When the match in ``slot`` must be over: its round's deadline."""
        return self.round_deadline(round_of(self.size, slot))

    @property
    def playable(self) -> tuple[Match, ...]:
        """The matches being played: each must have its game (the sweep re-creates a missing one by its id)."""
        return tuple(match for match in self.matches if match.status is MatchStatus.PLAYING)

    @property
    def due_at(self) -> datetime | None:
        """When the sweep must look at the tournament next (its key in the due index): the fill deadline while
        open, the earliest deadline of a match being played, None once ended."""
        if self.status is TournamentStatus.OPEN:
            return self.fill_deadline
        if self.status is TournamentStatus.PLAYING:
            return min(self.match_deadline(match.slot) for match in self.playable)
        return None

    def to_json(self) -> dict[str, Any]:
        """A plain JSON form (times as ISO strings, sets as sorted lists) for storage."""
        return {
            "id": self.id,
            "name": self.name,
            "creator": self.creator,
            "size": self.size,
            "fee": self.fee,
            "created_at": self.created_at.isoformat(),
            "status": str(self.status),
            "entries": [[entry.member, entry.joined_at.isoformat()] for entry in self.entries],
            "frozen": sorted(self.frozen),
            "seeds": list(self.seeds),
            "started_at": _iso(self.started_at),
            "matches": [match.to_json() for match in self.matches],
            "winner": self.winner,
            "ending": None if self.ending is None else str(self.ending),
            "ended_at": _iso(self.ended_at),
            "credits": [[line.member, line.amount, str(line.kind), line.ref] for line in self.credits],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        return cls(
            id=data["id"],
            name=data["name"],
            creator=data["creator"],
            size=int(data["size"]),
            fee=int(data["fee"]),
            created_at=datetime.fromisoformat(data["created_at"]),
            status=TournamentStatus(data["status"]),
            entries=tuple(Entry(member, datetime.fromisoformat(at)) for member, at in data["entries"]),
            frozen=frozenset(data["frozen"]),
            seeds=tuple(data["seeds"]),
            started_at=_time(data["started_at"]),
            matches=tuple(Match.from_json(match) for match in data["matches"]),
            winner=data["winner"],
            ending=None if data["ending"] is None else TournamentEnding(data["ending"]),
            ended_at=_time(data["ended_at"]),
            credits=tuple(
                LedgerLine(member, int(amount), CreditKind(kind), ref) for member, amount, kind, ref in data["credits"]
            ),
        )


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def credit_lines(before: Tournament | None, after: Tournament) -> tuple[LedgerLine, ...]:
    """The ledger lines a transition adds: what the storage writes with the new tournament, in one transaction."""
    return appended_lines(() if before is None else before.credits, after.credits)


def _statuses(tournament: Tournament | None) -> dict[int, MatchStatus]:
    return {} if tournament is None else {match.slot: match.status for match in tournament.matches}


def matches_to_create(before: Tournament | None, after: Tournament) -> tuple[Match, ...]:
    """The matches a transition made playable (both players just known): the games the wiring creates now, each
    with the id ``after.match_id(match.slot)``. A transition happens once (a replayed event is refused), so each
    match is in the answer of exactly one transition."""
    earlier = _statuses(before)
    return tuple(
        match
        for match in after.matches
        if match.status is MatchStatus.PLAYING and earlier.get(match.slot, MatchStatus.WAITING) is MatchStatus.WAITING
    )


def decided_matches(before: Tournament | None, after: Tournament) -> tuple[Match, ...]:
    """The matches a transition decided (several at once when a result carries a winner on without playing, or
    voids matches up the bracket): for their notices and rating changes (``rate_match``), and to close the game
    of a match that was still being played (a freeze, the deadline). A match whose ending is ``DEADLINE`` is an
    anomaly to log."""
    earlier = _statuses(before)
    return tuple(
        match
        for match in after.matches
        if match.status.decided and not earlier.get(match.slot, MatchStatus.WAITING).decided
    )
