"""A challenge's game (the ``challenge`` mode): starting it, ending it, reading it and what its doctrine did.

Rules: "A member can publish a doctrine: the others then challenge it in a rated game, like the three house AIs."
Issue 15: "a member challenges a published doctrine or a house AI at blitz or rapid pace (their choice); the
game runs like a game against a house AI (its orders computed when each turn opens, lazy deadlines); the
member's side and the layout drawn from the game's seed."

The challenge has its game's id. The doctrine's side is played by a stand-in: a house AI's doctrine with this
game's noise (``house:ram``), or the member's doctrine at the version the challenge copied (``doctrine:{id}``);
the challenger's default doctrine is copied in to play the turns they miss. Nobody waits on the member, so
deadlines are lazy. The step that ends the game ends the challenge (``after_end``); if that fails, the
challenge's own place on the due index (the latest its game can end) makes the sweep end it, and reading the
challenge does too. The end is one transaction: the challenge, the member's challenges of the doctrine, and when
it counts the challenger's rating and month line and the doctrine's queued result (``ratings`` applies it).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, cast

from gameserver.clock import Clock, Pace, game_length, iso, parse_iso
from gameserver.domain.challenges.answers import (
    ChallengeOut,
    ChallengeStarted,
    DoctrineTrace,
    RatingMove,
    SideResult,
    TraceTurn,
)
from gameserver.domain.challenges.publication import (
    glicko_json,
    house_of,
    house_stored,
    linked,
    refused,
    visible_to,
)
from gameserver.domain.feinthold import game_response, open_game, rules, views_of
from gameserver.domain.moderation.guards import Refused, guard, refusal
from gameserver.domain.players import PlayerKind, player, stand_in
from gameserver.errors import Conflict, ErrorCode, Forbidden, InvalidInput, NotFound, wire
from gameserver.identity import Caller
from gameserver.ids import new_id, new_seed
from gameserver.platform.challenges import (
    WEEK,
    AppliedResult,
    AuthorEvent,
    Challenge,
    ChallengeEnd,
    ChallengerLine,
    ChallengeRuleError,
    ChallengeStatus,
    ChallengeUnrated,
    events,
    finish,
    next_notice_at,
    settle,
    start,
    stop,
)
from gameserver.platform.duels.lifecycle import LAST_TURN
from gameserver.platform.fairplay import order_delay
from gameserver.platform.fairplay.marks import Mark, linked_marks, play_marks
from gameserver.platform.ratings import Glicko2Change, Glicko2Rating
from gameserver.play import steps
from gameserver.play.modes import Deadlines, Mode, register
from gameserver.play.sweeps import SWEEP_MARGIN
from gameserver.storage.challenges import (
    ChallengeFinish,
    ChallengerChange,
    ChallengerMonth,
    ChallengeStart,
    NoticeState,
    StoredChallenge,
    VersusChanged,
    Waiting,
)
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import GameClose, StepCommit, StepRead
from gameserver.storage.moderation import AccountFrozen
from gameserver.storage.records import Game, StepRecord
from gameserver.words import HouseAi, Side

if TYPE_CHECKING:
    from gameserver.play.modes import Stop
    from gameserver.storage.port import Store, Write

log = logging.getLogger(__name__)



class ChallengeMode(Mode):
    name = "challenge"
    deadlines = Deadlines.LAZY

    def after_end(self, store: Store, clock: Clock, commit: StepCommit) -> None:
        """The step that ends the game ends the challenge. A failure is logged, never raised: the step stands,
        and the challenge's place on the due index (or the next read of it) ends it later."""
        try:
            finish_challenge(store, clock, commit.game)
        except Exception:
            log.exception("challenge %s not ended after its game; the sweep will", commit.game.game_id)

    def writes_with_stop(self, store: Store, clock: Clock, close: GameClose, read: StepRead, stop: Stop
                         ) -> Sequence[Write] | None:
        """Issue 16: "a challenge is unrated": the challenge stopped with its game, no rating moves."""
        return stopped_challenge(store, clock, close.game)


MODE = register(ChallengeMode())


def _due(event: AuthorEvent, notices: NoticeState | None) -> Waiting:
    """An author's event, looked at from when its notice can go (within the hour after the last one, later)."""
    due = next_notice_at([event], None if notices is None else notices.last_sent)
    assert due is not None
    return Waiting(event, iso(due))


def _kept(challenges: tuple[Challenge, ...], now: datetime) -> tuple[Challenge, ...]:
    """What the member's ``Versus`` keeps: the challenge in progress and those that counted in the last 7 days
    (a later window's start is later still: nothing older can ever count again)."""
    return tuple(c for c in challenges if c.status is ChallengeStatus.PLAYING
                 or (c.counts and c.ended_at is not None and c.ended_at > now - WEEK))


# ------------------------------------------------------------------ starting
def start_challenge(store: Store, clock: Clock, caller: Caller, doctrine_id: str, pace: str) -> ChallengeStarted:
    """Challenge a published doctrine or a house AI at blitz or rapid pace: whether it is rated is fixed now
    (and said in the answer); my side and the layout are drawn from the game's seed."""
    try:
        chosen = Pace(pace)
    except ValueError as error:
        raise InvalidInput(f"unknown pace {wire(pace)}; a challenge is played at blitz or 5m", field="pace") from error
    for _ in range(steps.ATTEMPTS):
        read = store.challenges.read_start(caller.sub, doctrine_id)
        stored, house = read.doctrine, house_of(doctrine_id)
        if stored is None and house is not None:
            house_stored(store, clock, house)
            continue
        if stored is None or not visible_to(stored.doctrine, caller.sub):
            raise NotFound(f"no published doctrine {doctrine_id}", field="doctrine_id")
        doctrine, now = stored.doctrine, clock.now()
        try:
            frozen = read.frozen
            challenge = start(new_id(), caller.sub, doctrine, chosen, now, read.versus.challenges,
                              linked=linked(read.seen, caller.sub, doctrine.author, now) is not None,
                              challenger_frozen=caller.sub in frozen,
                              author_frozen=doctrine.author is not None and doctrine.author in frozen)
        except ChallengeRuleError as error:
            raise refused(error) from error
        seed = new_seed()
        mine = random.Random(seed).choice(rules().seats({}))
        theirs = rules().other(mine)
        if house is not None:
            opponent = stand_in(PlayerKind.HOUSE, house.value)
            plays, options = rules().house_doctrine(house.value, seed), {"house_ai": house.value}
        else:
            assert doctrine.author is not None
            opponent = stand_in(PlayerKind.DOCTRINE, doctrine.id)
            plays, options = dict(doctrine.rules), {"doctrine": doctrine.id, "author": doctrine.author}
        versus = replace(read.versus, challenges=(*_kept(read.versus.challenges, now), challenge))
        waiting = tuple(_due(event, read.notices) for event in events(None, challenge))
        begun = ChallengeStart(challenge, versus, iso(now + game_length(chosen, LAST_TURN) + SWEEP_MARGIN), waiting)
        try:
            new = open_game(store, clock, game_id=challenge.id, players={mine: caller.sub, theirs: opponent},
                            mode=MODE.name, pace=str(chosen), seed=seed, options=options,
                            stand_ins={mine: read.default_doctrine, theirs: plays}, riders=(begun, guard(caller.sub)))
        except AccountFrozen as error:
            raise refusal(store, error, Refused.CHALLENGES) from error
        except VersusChanged:
            continue  # another challenge of this doctrine started or ended meanwhile: the next read says which
        except WriteConflict as error:
            raise Conflict("your challenge was not started: another write met it; try again",
                           code=ErrorCode.BUSY) from error
        return {**challenge_json(StoredChallenge(challenge, 1), None),
                "game": game_response(new.game, views_of(new, caller.sub))}
    raise Conflict("your challenges of this doctrine kept changing; try again", code=ErrorCode.BUSY)


# ------------------------------------------------------------------ ending
def parties(game: Game) -> tuple[str, str, str | None]:
    """The challenger, the doctrine's id and its author (None for a house AI), from the challenge's game."""
    found = {player(who).kind: player(who).name for who in game.players.values()}
    challenger = found[PlayerKind.MEMBER]
    if PlayerKind.HOUSE in found:
        return challenger, f"house-{found[PlayerKind.HOUSE]}", None
    return challenger, found[PlayerKind.DOCTRINE], game.options["author"]


def own_delays(records: list[StepRecord], side: str) -> dict[int, int]:
    """The challenger's order delay for each turn they sent their own orders for: a turn missed (played by
    their default doctrine, or by nobody) has none."""
    return {record.step: order_delay(parse_iso(record.opened_at), parse_iso(sent.sent_at))
            for record in records
            if not record.missed[side] and (sent := record.submissions[side]).sent_at is not None}


def _score(game: Game, side: str) -> float:
    if game.winner == "draw":
        return 0.5
    return 1.0 if game.winner == side else 0.0


def finish_challenge(store: Store, clock: Clock, game: Game) -> str:
    """End the challenge of a finished game, once: ``recorded``, ``already`` (ended before), ``playing`` (its
    game is not over), ``missing``. Its result counts or not (``platform.challenges.finish``); when it counts,
    the challenger's rating moves now and the doctrine's result is queued."""
    if game.status != "over" or game.finished_at is None:
        return "playing"
    challenger, doctrine_id, author = parties(game)
    side = game.seat_of(challenger)
    assert side is not None
    ended = parse_iso(game.finished_at)
    month = iso(ended)[:7]
    records = store.games.step_records(game.game_id)
    delays = own_delays(records, side)
    for _ in range(steps.ATTEMPTS):
        end = store.challenges.read_end(game.game_id, challenger, doctrine_id, author, month)
        if end.stored is None:
            return "missing"
        if end.stored.challenge.status is not ChallengeStatus.PLAYING:
            return "already"
        link = linked(end.seen, challenger, author, ended)
        before = end.stored.challenge
        frozen = end.frozen
        after = finish(before, ChallengeEnd(ended, _score(game, side), len(records), delays, linked=link is not None,
                                            challenger_frozen=challenger in frozen,
                                            author_frozen=author is not None and author in frozen))
        settlement = settle(after, end.rating, end.doctrine.rating if end.doctrine else Glicko2Rating())
        change = month_line = None
        if settlement is not None:
            change = ChallengerChange(settlement.challenger_before, settlement.challenger_change)
            created = parse_iso(end.account_created) if end.account_created else ended
            line = end.month or ChallengerLine(challenger, end.rating.rating, 0, created)
            month_line = ChallengerMonth(month, line.after(change.after),
                                         end.month.rated_challenges if end.month else 0)
        marks: tuple[Mark, ...] = ()
        if link is not None and author is not None:
            marks = linked_marks(game.game_id, (challenger, author), link, iso(ended))
        marks = (*marks, *play_marks(game.game_id, {challenger: delays}, len(records), iso(ended)))
        write = ChallengeFinish(
            StoredChallenge(after, end.stored.version, change),
            replace(end.versus, challenges=_kept((*(c for c in end.versus.challenges if c.id != after.id), after),
                                                 clock.now())),
            end.rating_version, None if settlement is None else settlement.queued, month_line,
            tuple(_due(event, end.notices) for event in events(before, after)), marks)
        try:
            store.transact([write])
        except WriteConflict:
            continue
        return "recorded"
    raise WriteConflict(f"the end of challenge {game.game_id} kept meeting other writes")


def stopped_challenge(store: Store, clock: Clock, game: Game) -> tuple[Write, ...] | None:
    """The challenge of ``game``, stopped off the board: no rating moves. None when the challenge has ended
    already (read again)."""
    challenger, doctrine_id, author = parties(game)
    now = clock.now()
    end = store.challenges.read_end(game.game_id, challenger, doctrine_id, author, iso(now)[:7])
    if end.stored is None or end.stored.challenge.status is not ChallengeStatus.PLAYING:
        return None
    before = end.stored.challenge
    after = stop(before, now)
    versus = replace(end.versus, challenges=_kept((*(c for c in end.versus.challenges if c.id != after.id), after),
                                                  now))
    return (ChallengeFinish(StoredChallenge(after, end.stored.version, None), versus, end.rating_version,
                            waiting=tuple(_due(event, end.notices) for event in events(before, after))),)


def catch_up(store: Store, clock: Clock, challenge_id: str) -> str:
    """A challenge nobody ended: its game's due turns resolved (lazily, as they fell), then its end if the game is
    over. What the sweep and a read of the challenge do; safe twice, late or out of order."""
    loaded = steps.read_step(store, challenge_id)
    if loaded is None:
        return "missing"
    game = loaded.game
    if steps.is_due(game, clock.now()):
        game = steps.settle(store, clock, loaded).game
    outcome = finish_challenge(store, clock, game)
    # The step that ended the game just now ended the challenge too (the mode's follow-up): this call did it.
    return "recorded" if outcome == "already" and loaded.game.status == "open" and game.status == "over" else outcome


# ------------------------------------------------------------------ reading
def _result(challenge: Challenge) -> SideResult | None:
    if challenge.score is None:
        return None
    return {1.0: SideResult.WON, 0.5: SideResult.DRAWN, 0.0: SideResult.LOST}[challenge.score]


def _change_json(before: Glicko2Rating, change: Glicko2Change, after: Glicko2Rating) -> RatingMove:
    return {"before": glicko_json(before.to_json()), "change": glicko_json(change.to_json()),
            "after": glicko_json(after.to_json())}


def challenge_json(stored: StoredChallenge, doctrine_change: AppliedResult | None) -> ChallengeOut:
    """A challenge as its challenger and the doctrine's author see it: never the doctrine's rules."""
    challenge = stored.challenge
    house = house_of(challenge.doctrine)
    mine = stored.challenger_change
    return {
        "challenge_id": challenge.id,
        "game_id": challenge.id,
        "challenger": challenge.challenger,
        "doctrine_id": challenge.doctrine,
        "doctrine_version": challenge.version,
        "house_ai": None if house is None else HouseAi(house.value),
        "author": challenge.author,
        "pace": Pace(challenge.pace),
        "status": challenge.status,
        "started_at": iso(challenge.started_at),
        "ended_at": None if challenge.ended_at is None else iso(challenge.ended_at),
        "rated": challenge.rated,
        "counted": None if challenge.status is ChallengeStatus.PLAYING else challenge.counts,
        "why": None if challenge.why is None else ChallengeUnrated(challenge.why),
        "result": _result(challenge),
        "challenger_rating": None if mine is None else _change_json(mine.before, mine.change, mine.after),
        "doctrine_rating": None if doctrine_change is None else _change_json(
            doctrine_change.before, doctrine_change.change, doctrine_change.after),
    }


def _of(store: Store, clock: Clock, caller: Caller, challenge_id: str
        ) -> tuple[StoredChallenge, AppliedResult | None, Game]:
    """The challenge, if ``caller`` is its challenger or the doctrine's author (else the 404 of no challenge);
    a challenge whose game should be over is ended first."""
    read = store.challenges.read_challenge(challenge_id)
    stored, game = read.stored, read.game
    if stored is None or game is None or caller.sub not in (stored.challenge.challenger, stored.challenge.author):
        raise NotFound(f"no challenge {challenge_id} of yours", field="challenge_id")
    if stored.challenge.status is ChallengeStatus.PLAYING and (game.status == "over" or steps.is_due(
            game, clock.now())):
        catch_up(store, clock, challenge_id)
        read = store.challenges.read_challenge(challenge_id)
        assert read.stored is not None and read.game is not None
        stored, game = read.stored, read.game
    return stored, read.doctrine_change, game


def read_challenge(store: Store, clock: Clock, caller: Caller, challenge_id: str) -> ChallengeOut:
    """A challenge: where it stands, rated or why not, its result and both rating changes once made."""
    stored, change, _ = _of(store, clock, caller, challenge_id)
    return challenge_json(stored, change)


def doctrine_trace(store: Store, clock: Clock, caller: Caller, challenge_id: str) -> DoctrineTrace:
    """What each rule of the challenged doctrine did, turn by turn, once the game is over: its author's alone
    (the challenger's too for a house AI, whose rules are public). 403 for the challenger of a member's
    doctrine, 409 ``in_play`` before the end (the trace shows what the doctrine saw)."""
    stored, _, game = _of(store, clock, caller, challenge_id)
    challenge = stored.challenge
    if not (challenge.author is None or caller.sub == challenge.author):
        raise Forbidden("a member's doctrine and what its rules did are its author's alone",
                        rule="doctrine-rules-private")
    if game.status != "over":
        raise Conflict("the trace opens once the game is over", code=ErrorCode.IN_PLAY)
    board = store.games.board(challenge_id)
    assert board is not None
    side = next(seat for seat, who in game.players.items() if who != challenge.challenger)
    doctrine = board.stand_ins[side]
    assert doctrine is not None
    return {"challenge_id": challenge_id, "doctrine_id": challenge.doctrine, "side": Side(side),
            # the engine's trace (rules.feinthold.doctrine), described by TraceTurn
            "turns": cast("list[TraceTurn]", rules().doctrine_trace(board.state, doctrine, side))}

