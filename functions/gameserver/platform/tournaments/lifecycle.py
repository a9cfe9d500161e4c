"""The life of a tournament as a pure state machine: a tournament and an event in, the next tournament out.

    open --join (the last seat)--> playing --the final decided--> finished
      |                              (matches: waiting -> playing -> won / void)
      +-leave, freeze: the entry out (fee back); nobody left: cancelled
      +-not full within 7 days: cancelled (every fee back)

Rules (seed, "Knockout tournaments"): "A tournament of 4 or 8 members is created and joined on the tournaments page,
with an entry fee; the seeds follow the game's duel rating. Each match is a game in correspondence [...] created as
soon as both its players are known [...]. A match counts for the game's rating like a duel; abandoning means losing
the match. [...] A match without a result (no orders sent by either side) sends nobody to the next round; a player
whose ratings the moderators freeze loses their matches by forfeit."
Platform decisions (specs/platform.md, "Tournaments"): the creator joins on creation; a match with no orders from
either side in its first two turns is void at once; "A freeze before the tournament is full removes the entry and
returns the fee. A freeze during it ends the member's current match at once as a forfeit, and every later opponent
of theirs advances without playing. Both players of a match frozen: the match is void, with no Elo change."

Every transition that moves credits appends its ledger lines to the tournament (``credit_lines``); every match it
makes playable is in ``matches_to_create`` and every match it decides in ``decided_matches``. An event the state
refuses raises ``TournamentRuleError`` (its ``rule`` names the 409 or 422): a replayed or late event changes
nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from gameserver.platform.duels.credits import CreditKind, LedgerLine
from gameserver.platform.tournaments.bracket import (
    SIZES,
    Seeding,
    feeders,
    first_round_seeds,
    round_of,
    seed_order,
    slots,
)
from gameserver.platform.tournaments.prizes import prize_lines, refund_lines
from gameserver.platform.tournaments.results import (
    MatchEnding,
    Outcome,
    Tallies,
    abandon_result,
    game_result,
    time_up_result,
)
from gameserver.platform.tournaments.tournament import (
    Entry,
    Match,
    MatchStatus,
    Tournament,
    TournamentEnding,
    TournamentStatus,
)

#: A name's length, in characters after NFC normalisation. Our choice: long enough for "Winter Cup", short
#: enough for a line of the tournaments list.
NAME_LENGTH = range(3, 41)
#: What a name may hold besides letters, their marks and digits (Unicode categories L, M, N: any script):
#: single spaces inside and common punctuation. No symbols, no controls, nothing that could pass for markup.
NAME_PUNCTUATION = frozenset(" -_'.,!?&()#:")

#: Joining a tournament whose seats are all taken (full and started are one state: the last seat starts it).
TOURNAMENT_FULL = "tournament-full"
#: "joining twice".
JOIN_ONCE = "join-once"
#: "joining without the fee": the fee is more than the member's balance.
FEE_WITHIN_BALANCE = "fee-within-balance"
#: A member frozen out of this tournament cannot come back into it.
MEMBER_FROZEN = "member-frozen"
#: Joining or leaving at or after the fill deadline: the tournament is being cancelled.
BEFORE_FILL_DEADLINE = "before-fill-deadline"
#: "a member may leave before it is full".
LEAVE_BEFORE_FULL = "leave-before-full"
#: Leaving a tournament one is not in.
LEAVE_ENTERED = "leave-entered"
#: The sweep's cancellation before the 7 days are over.
OPEN_UNTIL_FILL_DEADLINE = "open-until-fill-deadline"
#: A match event naming a slot the bracket does not have.
MATCH_IN_BRACKET = "match-in-bracket"
#: A match event naming someone who is not one of the match's players.
MATCH_PLAYER_ONLY = "match-player-only"
#: The deadline's settlement before the round's 5 days are over.
MATCH_OPEN_UNTIL_DEADLINE = "match-open-until-deadline"
#: A freeze of members of whom none has an entry (open) or is still in play (playing).
FREEZE_IN_PLAY = "freeze-in-play"


class TournamentRuleError(ValueError):
    """An event the tournament's rules refuse in its current state; ``rule`` names the rule for the API's error."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Join:
    """A member takes a seat: their fee goes into the pot.

    ``balance``: the member's balance now. ``seeding``: every member's ``Seeding`` (the joiner's included),
    needed only when this join takes the last seat (``seats_left == 1``): the bracket is drawn then.
    """

    member: str
    at: datetime
    balance: int
    seeding: Mapping[str, Seeding] | None = None


@dataclass(frozen=True)
class Leave:
    """A member leaves before the tournament is full: their fee comes back."""

    member: str
    at: datetime


@dataclass(frozen=True)
class FillDeadlinePasses:
    """Not full 7 days after its creation (the sweep, from the due index): cancelled, every fee returned.
    Refused before the deadline and once the tournament is full."""

    at: datetime


@dataclass(frozen=True)
class GameOver:
    """A match's game ended on the board: ``winner`` None for a draw.

    ``tallies``: both players' right predictions and combats won (needed for a draw). ``too_fast``: the players
    judged faster than a human in the game (``gameserver.platform.fairplay``).
    """

    slot: int
    at: datetime
    winner: str | None
    tallies: Mapping[str, Tallies] = field(default_factory=dict)
    too_fast: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Abandon:
    """A player abandons the match's game: "abandoning means losing the match"."""

    slot: int
    by: str
    at: datetime
    too_fast: frozenset[str] = frozenset()


@dataclass(frozen=True)
class NoOrders:
    """No orders from either side in the match's first two turns (or by the end of a shorter game): the match is
    void at once, nobody goes on."""

    slot: int
    at: datetime


@dataclass(frozen=True)
class Stop:
    """A moderator stops the match's game: void, nobody goes on."""

    slot: int
    at: datetime


@dataclass(frozen=True)
class RoundDeadlinePasses:
    """A match still played when its round's 5 days ran out (the sweep): settled by the tiebreak on its game's
    state (``tallies`` of both players, ``too_fast`` as in ``GameOver``), flagged ``DEADLINE`` (an anomaly).
    Refused before the deadline."""

    slot: int
    at: datetime
    tallies: Mapping[str, Tallies]
    too_fast: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Freeze:
    """Moderators froze the ratings of ``members`` (usually one; accounts frozen by one action come together, so
    that a match between two of them is void with no Elo change).

    Open: their entries are removed, fees returned. Playing: each one's current match is lost by forfeit at once
    (if it is being played), and every later opponent of theirs advances without playing."""

    members: frozenset[str]
    at: datetime


TournamentEvent = Join | Leave | FillDeadlinePasses | GameOver | Abandon | NoOrders | Stop | RoundDeadlinePasses | Freeze


def check_name(name: str) -> str:
    """The name as stored (NFC): 3 to 40 characters, letters (with their marks) and digits of any script, single
    spaces inside and the punctuation ``- _ ' . , ! ? & ( ) # :``."""
    name = unicodedata.normalize("NFC", name)
    if len(name) not in NAME_LENGTH:
        raise TournamentRuleError(
            f"a tournament's name has {NAME_LENGTH.start} to {NAME_LENGTH.stop - 1} characters, not {len(name)}",
            "name-length",
        )
    odd = [char for char in name if not (unicodedata.category(char)[0] in "LMN" or char in NAME_PUNCTUATION)]
    if odd or name != name.strip() or "  " in name:
        raise TournamentRuleError(
            "a tournament's name holds letters, digits, single spaces inside and - _ ' . , ! ? & ( ) # :",
            "name-characters",
        )
    return name


def _fee_within(balance: int, fee: int) -> None:
    if fee > balance:
        raise TournamentRuleError(f"the entry fee is {fee} credits; the balance is {balance}", FEE_WITHIN_BALANCE)


def _fee_line(tournament_id: str, member: str, fee: int) -> tuple[LedgerLine, ...]:
    return (LedgerLine(member, -fee, CreditKind.FEE, tournament_id),) if fee else ()


def create(
    tournament_id: str, creator: str, name: str, size: int, fee: int, at: datetime, balance: int
) -> Tournament:
    """A new tournament, open for 7 days; "The creator joins on creation": their fee goes into the pot at once."""
    if size not in SIZES:
        raise TournamentRuleError(f"a tournament has 4 or 8 members, not {size}", "size-4-or-8")
    if fee < 0:
        raise TournamentRuleError(f"an entry fee is 0 or more credits, not {fee}", "fee-not-negative")
    name = check_name(name)
    _fee_within(balance, fee)
    return Tournament(
        tournament_id,
        name,
        creator,
        size,
        fee,
        at,
        entries=(Entry(creator, at),),
        credits=_fee_line(tournament_id, creator, fee),
    )


def _expect(tournament: Tournament, *statuses: TournamentStatus, action: str) -> None:
    if tournament.status not in statuses:
        raise TournamentRuleError(
            f"cannot {action} tournament {tournament.id}: it is {tournament.status}", f"{action}-when-{tournament.status}"
        )


def _before_fill_deadline(tournament: Tournament, at: datetime, action: str) -> None:
    if at >= tournament.fill_deadline:
        raise TournamentRuleError(
            f"cannot {action} tournament {tournament.id}: it was not full by {tournament.fill_deadline.isoformat()}",
            BEFORE_FILL_DEADLINE,
        )


def _cancel(tournament: Tournament, ending: TournamentEnding, at: datetime) -> Tournament:
    return replace(
        tournament,
        status=TournamentStatus.CANCELLED,
        ending=ending,
        ended_at=at,
        credits=tournament.credits + refund_lines(tournament.id, tournament.fee, tournament.members),
        entries=(),
    )


def _remove(tournament: Tournament, members: frozenset[str], at: datetime) -> Tournament:
    """Entries out before the tournament is full, each fee back; cancelled when nobody is left."""
    removed = replace(
        tournament,
        entries=tuple(entry for entry in tournament.entries if entry.member not in members),
        credits=tournament.credits
        + refund_lines(tournament.id, tournament.fee, (member for member in tournament.members if member in members)),
    )
    return removed if removed.entries else _cancel(removed, TournamentEnding.EMPTIED, at)


def _start(tournament: Tournament, at: datetime, seeding: Mapping[str, Seeding] | None) -> Tournament:
    """The last seat taken: the seeds, the bracket, every first-round match playable at once."""
    missing = set(tournament.members) - set(seeding or {})
    if seeding is None or missing:
        raise ValueError(f"the last seat of tournament {tournament.id} needs the seeding of {sorted(missing)}")
    seeds = seed_order({member: seeding[member] for member in tournament.members})
    matches = []
    for slot in slots(tournament.size):
        if round_of(tournament.size, slot) == 1:
            upper, lower = first_round_seeds(tournament.size, slot)
            matches.append(Match(slot, (seeds[upper - 1], seeds[lower - 1]), MatchStatus.PLAYING, opened_at=at))
        else:
            matches.append(Match(slot))
    return replace(tournament, status=TournamentStatus.PLAYING, seeds=seeds, started_at=at, matches=tuple(matches))


def _with_match(tournament: Tournament, match: Match) -> Tournament:
    matches = list(tournament.matches)
    matches[match.slot - 1] = match
    return replace(tournament, matches=tuple(matches))


def _advance(tournament: Tournament, at: datetime) -> Tournament:
    """Carry every decided match's winner on, slot by slot (each round after the one before).

    A waiting match shows its players as they become known. Once both its feeders are decided: two players who
    can play make it playable now; one (the other feeder void, or its winner frozen since) goes on without
    playing; none makes it void too. Then, the final decided, the tournament ends.
    """
    size = tournament.size
    for slot in slots(size):
        match = tournament.match(slot)
        if round_of(size, slot) == 1 or match.status is not MatchStatus.WAITING:
            continue  # the first round's players are seeds; a match playing or decided keeps its players
        upper, lower = (tournament.match(feeder) for feeder in feeders(size, slot))
        match = replace(match, players=(upper.winner, lower.winner))
        if upper.status.decided and lower.status.decided:
            present = [player for player in match.players if player is not None and player not in tournament.frozen]
            if len(present) == 2:
                match = replace(match, status=MatchStatus.PLAYING, opened_at=at)
            elif present:
                match = replace(match, status=MatchStatus.WON, winner=present[0], ending=MatchEnding.WALKOVER, ended_at=at)
            else:
                match = replace(match, status=MatchStatus.VOID, ending=MatchEnding.NO_PLAYERS, ended_at=at)
        tournament = _with_match(tournament, match)
    return _end(tournament, at) if tournament.final.status.decided else tournament


def _end(tournament: Tournament, at: datetime) -> Tournament:
    """The final decided: the pot paid (70/30, the whole pot without a final opponent) or every fee returned."""
    final = tournament.final
    if final.winner is None:
        ending = TournamentEnding.VOID_FINAL
        lines = refund_lines(tournament.id, tournament.fee, tournament.seeds)
    elif final.ending is MatchEnding.WALKOVER:
        ending = TournamentEnding.TITLE_WITHOUT_FINAL
        lines = prize_lines(tournament.id, tournament.pot, final.winner, None)
    else:
        ending = TournamentEnding.WON
        finalist = final.loser
        paid = finalist if finalist not in tournament.frozen | final.too_fast else None
        lines = prize_lines(tournament.id, tournament.pot, final.winner, paid)
    return replace(
        tournament,
        status=TournamentStatus.FINISHED,
        winner=final.winner,
        ending=ending,
        ended_at=at,
        credits=tournament.credits + lines,
    )


def _playing_match(tournament: Tournament, slot: int, action: str) -> Match:
    _expect(tournament, TournamentStatus.PLAYING, action=action)
    if slot not in slots(tournament.size):
        raise TournamentRuleError(f"tournament {tournament.id} has no match {slot}", MATCH_IN_BRACKET)
    match = tournament.match(slot)
    if match.status is not MatchStatus.PLAYING:
        raise TournamentRuleError(
            f"cannot {action} match {slot} of tournament {tournament.id}: it is {match.status}",
            f"{action}-when-match-{match.status}",
        )
    return match


def _players_only(match: Match, *named: str) -> None:
    strangers = set(named) - set(match.pair)
    if strangers:
        raise TournamentRuleError(f"{sorted(strangers)} do not play match {match.slot}", MATCH_PLAYER_ONLY)


def _seed_numbers(tournament: Tournament) -> dict[str, int]:
    return {member: seed for seed, member in enumerate(tournament.seeds, start=1)}


def _decided(match: Match, outcome: Outcome, at: datetime) -> Match:
    return replace(
        match,
        status=MatchStatus.WON if outcome.winner is not None else MatchStatus.VOID,
        winner=outcome.winner,
        ending=outcome.ending,
        tiebreak=outcome.tiebreak,
        ended_at=at,
    )


def _decide(tournament: Tournament, match: Match, outcome: Outcome, at: datetime) -> Tournament:
    return _advance(_with_match(tournament, _decided(match, outcome, at)), at)


def _current_match(tournament: Tournament, member: str) -> Match | None:
    """The match a member still in the tournament plays or waits for (None once out of it)."""
    for match in tournament.matches:
        if not match.status.decided and member in match.players:
            return match
    return None


def _freeze(tournament: Tournament, members: frozenset[str], at: datetime) -> Tournament:
    if tournament.status is TournamentStatus.OPEN:
        entered = members & set(tournament.members)
        if not entered:
            raise TournamentRuleError(f"none of {sorted(members)} is in tournament {tournament.id}", FREEZE_IN_PLAY)
        return _remove(replace(tournament, frozen=tournament.frozen | members), entered, at)
    _expect(tournament, TournamentStatus.PLAYING, action="freeze")
    in_play = frozenset(
        member
        for member in members
        if member not in tournament.frozen and _current_match(tournament, member) is not None
    )
    if not in_play:
        raise TournamentRuleError(f"none of {sorted(members)} plays on in tournament {tournament.id}", FREEZE_IN_PLAY)
    tournament = replace(tournament, frozen=tournament.frozen | in_play)
    for member in sorted(in_play):
        match = _current_match(tournament, member)
        if match is None or match.status is not MatchStatus.PLAYING:
            continue  # waiting: their side stays empty, the later opponent goes on without playing (_advance)
        first, second = match.pair
        opponent = second if member == first else first
        if opponent in tournament.frozen:
            outcome = Outcome(None, MatchEnding.BOTH_FROZEN)
        else:
            outcome = Outcome(opponent, MatchEnding.FROZEN)
        tournament = _with_match(tournament, _decided(match, outcome, at))
    return _advance(tournament, at)


def apply(tournament: Tournament, event: TournamentEvent) -> Tournament:
    """The tournament after ``event``; raises TournamentRuleError when the rules refuse the event now."""
    match event:
        case Join(member=member, at=at, balance=balance, seeding=seeding):
            if tournament.status is TournamentStatus.PLAYING:
                raise TournamentRuleError(f"every seat of tournament {tournament.id} is taken", TOURNAMENT_FULL)
            _expect(tournament, TournamentStatus.OPEN, action="join")
            _before_fill_deadline(tournament, at, "join")
            if member in tournament.frozen:
                raise TournamentRuleError(f"{member} was frozen out of tournament {tournament.id}", MEMBER_FROZEN)
            if member in tournament.members:
                raise TournamentRuleError(f"{member} is already in tournament {tournament.id}", JOIN_ONCE)
            _fee_within(balance, tournament.fee)
            joined = replace(
                tournament,
                entries=(*tournament.entries, Entry(member, at)),
                credits=tournament.credits + _fee_line(tournament.id, member, tournament.fee),
            )
            return _start(joined, at, seeding) if len(joined.entries) == joined.size else joined
        case Leave(member=member, at=at):
            if tournament.status is TournamentStatus.PLAYING:
                raise TournamentRuleError(f"tournament {tournament.id} is full", LEAVE_BEFORE_FULL)
            _expect(tournament, TournamentStatus.OPEN, action="leave")
            _before_fill_deadline(tournament, at, "leave")
            if member not in tournament.members:
                raise TournamentRuleError(f"{member} is not in tournament {tournament.id}", LEAVE_ENTERED)
            return _remove(tournament, frozenset({member}), at)
        case FillDeadlinePasses(at=at):
            _expect(tournament, TournamentStatus.OPEN, action="fill-deadline")
            if at < tournament.fill_deadline:
                raise TournamentRuleError(
                    f"tournament {tournament.id} stays open until {tournament.fill_deadline.isoformat()}",
                    OPEN_UNTIL_FILL_DEADLINE,
                )
            return _cancel(tournament, TournamentEnding.NOT_FULL, at)
        case GameOver(slot=slot, at=at, winner=winner, tallies=tallies, too_fast=too_fast):
            played = _playing_match(tournament, slot, "game-over")
            _players_only(played, *([] if winner is None else [winner]), *too_fast, *tallies)
            outcome = game_result(played.pair, _seed_numbers(tournament), winner, tallies, too_fast)
            return _decide(tournament, replace(played, tallies=dict(tallies), too_fast=too_fast), outcome, at)
        case Abandon(slot=slot, by=by, at=at, too_fast=too_fast):
            played = _playing_match(tournament, slot, "abandon")
            _players_only(played, by, *too_fast)
            return _decide(tournament, replace(played, too_fast=too_fast), abandon_result(played.pair, by, too_fast), at)
        case NoOrders(slot=slot, at=at):
            played = _playing_match(tournament, slot, "no-orders")
            return _decide(tournament, played, Outcome(None, MatchEnding.NO_ORDERS), at)
        case Stop(slot=slot, at=at):
            played = _playing_match(tournament, slot, "stop")
            return _decide(tournament, played, Outcome(None, MatchEnding.STOPPED), at)
        case RoundDeadlinePasses(slot=slot, at=at, tallies=tallies, too_fast=too_fast):
            played = _playing_match(tournament, slot, "round-deadline")
            if at < tournament.match_deadline(slot):
                raise TournamentRuleError(
                    f"match {slot} has until {tournament.match_deadline(slot).isoformat()}", MATCH_OPEN_UNTIL_DEADLINE
                )
            _players_only(played, *too_fast, *tallies)
            outcome = time_up_result(played.pair, _seed_numbers(tournament), tallies, too_fast)
            return _decide(tournament, replace(played, tallies=dict(tallies), too_fast=too_fast), outcome, at)
        case Freeze(members=members, at=at):
            return _freeze(tournament, members, at)
    raise TypeError(f"not a tournament event: {event!r}")

