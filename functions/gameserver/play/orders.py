"""A seat's orders: checked on that seat's view, stored with one conditional write, and when every awaited
seat has sent (always, when the others are decided by stand-ins), the step resolves in the same request.

"You can change your orders as long as the opponent has not sent theirs (5 submissions per turn at most)":
a seat may send again while another awaited seat has yet to, up to the cap (``MAX_SUBMISSIONS``). Once every
awaited seat has sent, the step resolves at once, so a replacement is only ever possible while another has not
sent. Replays of an Idempotency-Key count toward no cap: the storage never reaches this check for them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from gameserver.clock import Clock, iso
from gameserver.errors import Conflict, ErrorCode, InvalidInput, NotFound
from gameserver.identity import Client
from gameserver.play import events
from gameserver.play.engine import Orders
from gameserver.play.steps import ATTEMPTS, Loaded, close, commit, is_due, member_views, read_step, settle
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store
from gameserver.storage.records import Game, Json, MemberViews, Seat, Submission

MAX_SUBMISSIONS = 5


class SubmissionCapError(ValueError):
    """A 6th submission for the same turn."""

    rule = "five-submissions-per-turn"

    def __init__(self, turn: int) -> None:
        super().__init__(f"at most {MAX_SUBMISSIONS} submissions of orders for turn {turn}; they were all used")
        self.turn = turn


def next_submission(turn: int, submissions_so_far: int) -> int:
    """The number of this submission (1..5), to store with the orders in the write's condition; refuses the 6th."""
    if submissions_so_far < 0:
        raise ValueError(f"a submission count is 0 or more, not {submissions_so_far}")
    if submissions_so_far >= MAX_SUBMISSIONS:
        raise SubmissionCapError(turn)
    return submissions_so_far + 1


StepName = int | str
"""A step as a request names it: its number, or its label in a game whose labels each name one step (Front
1901's phases, ``S1901M``)."""


class StepClosed(Conflict):
    """Orders for a step that is not the open one (a stale or early step number): ``open_step`` is the open
    one's number, so that a game may say it in its own words (Feint: a stale command number)."""

    code = ErrorCode.TURN_CLOSED

    def __init__(self, message: str, *, field: str, open_step: int) -> None:
        super().__init__(message, field=field)
        self.open_step = open_step


class Submitted(NamedTuple):
    """A submission's answer: the game as it now stands, the member's views, this submission's number, and
    whether it resolved the step."""

    game: Game
    views: MemberViews
    seat: Seat
    submission: int
    resolved: bool


def submit(store: Store, clock: Clock, sub: str, game_id: str, step: StepName, orders: Orders, client: Client, *,
           kind: str, step_field: str, seat: Seat | None = None) -> Submitted:
    """Send (or replace) ``sub``'s orders for step ``step`` of their game of ``kind`` (``seat``: which of their
    seats, when they hold several). ``step_field``: the request's name for the step, which a refusal names."""
    for _ in range(ATTEMPTS):
        loaded = read_step(store, game_id, kind=kind)
        if loaded is None or loaded.game.kind != kind or not loaded.game.seats_of(sub):
            raise NotFound(f"no game {game_id} of yours", field="game_id")
        if is_due(loaded.game, clock.now()):
            settled = settle(store, clock, loaded).loaded
            if settled is None or settled.board.epoch != settled.game.epoch:
                continue
            loaded = settled
        game, engine = loaded.game, loaded.engine
        if game.status != "open":
            raise Conflict(f"game {game_id} is over", code=ErrorCode.GAME_OVER)
        word = str(loaded.step.kind)
        if not _is_open(game, step):
            raise StepClosed(f"{word} {step} is not open; {word} {_named(game, step)} is", field=step_field,
                             open_step=game.step)
        mine = _seat(game, sub, seat)
        sent = game.submissions[mine]
        if sent.sent and not engine.replaces:
            raise Conflict(f"seat {mine}'s orders for {word} {step} are sent", code=ErrorCode.SUBMISSIONS_USED,
                           rule="one-submission-per-step")
        try:
            count = next_submission(game.step, sent.count)
        except SubmissionCapError as error:
            raise Conflict(str(error), code=ErrorCode.SUBMISSIONS_USED, rule=error.rule) from error
        checked = engine.check(loaded.state, mine, orders)
        submission = Submission(orders=checked, count=count, sent_at=iso(clock.now()), device=client.device,
                                address=client.address)
        try:
            if all(game.submissions[other].sent for other in game.awaiting if other != mine):
                closed = close(loaded, clock.now(), {mine: submission})
                after = commit(store, clock, closed)
                if is_due(closed.after, clock.now()):
                    return _played_on(store, clock, sub, after, mine, count)
                return Submitted(closed.after, _views_of(closed.commit.views, sub), mine, count, True)
            written = replace(game, version=game.version + 1, submissions={**game.submissions, mine: submission})
            every = member_views(loaded.engine, written, loaded.state, game.epoch)
            stored = store.games.save_submission(game, mine, submission,
                                                 events.of_change(written, every, submission.sent_at or ""))
        except WriteConflict:
            continue
        return Submitted(stored, next(v for v in every if v.sub == sub), mine, count, False)
    raise Conflict("the game changed while your orders were being stored; send them again", code=ErrorCode.BUSY)


class Acted(NamedTuple):
    """An action's answer: the game as it now stands, the action as the step recorded it, and the member's
    views as the step's opening wrote them (the step's actions are on the game: what a view shows of them is
    its game's to say)."""

    game: Game
    action: Json
    views: MemberViews


def act(store: Store, clock: Clock, sub: str, game_id: str, step: StepName, action: Json, *, kind: str,
        step_field: str, seat: Seat | None = None, awaited: bool = True) -> Acted:
    """An action of ``sub``'s seat inside step ``step`` (a proposal, an answer, a cancellation): checked and
    answered by the engine on the step as it stands, appended with one conditional write on the game's step
    and version. An action the step has recorded already, exactly (a proposal repeated), changes nothing:
    nothing is written. An action never resolves the step: the orders do. One read (the game, its board and
    the member's views) and one write. ``awaited`` False: an action from a seat of theirs the step does not await
    (a Front 1901 member reclaiming the seat an AI power keeps for them); the engine says which it takes."""
    for _ in range(ATTEMPTS):
        loaded = read_step(store, game_id, sub, kind)
        if loaded is None or loaded.views is None or loaded.game.kind != kind or not loaded.game.seats_of(sub):
            raise NotFound(f"no game {game_id} of yours", field="game_id")
        game, views = loaded.game, loaded.views
        if is_due(game, clock.now()):
            # The step's deadline passed: it resolves first, and the action is judged on the step now open
            # (read again, with the member's views of it).
            settle(store, clock, loaded)
            continue
        if game.status != "open":
            raise Conflict(f"game {game_id} is over", code=ErrorCode.GAME_OVER)
        if not _is_open(game, step):
            raise StepClosed(f"step {step} is not open; step {_named(game, step)} is", field=step_field,
                             open_step=game.step)
        acting = _seat(game, sub, seat) if awaited else (seat or game.seats_of(sub)[0])
        if acting not in game.seats_of(sub):
            raise NotFound(f"no seat {acting} of yours in game {game.game_id}", field="seat")
        recorded = loaded.engine.act(loaded.state, acting, action, game.actions)
        if recorded in game.actions:
            return Acted(game, recorded, views)
        written = replace(game, version=game.version + 1, actions=(*game.actions, recorded))
        told = events.of_change(written, member_views(loaded.engine, written, loaded.state, game.epoch),
                                iso(clock.now()))
        try:
            return Acted(store.games.save_action(game, recorded, told), recorded, views)
        except WriteConflict:
            continue
    raise Conflict("the game changed while your action was being stored; send it again", code=ErrorCode.BUSY)


def _is_open(game: Game, step: StepName) -> bool:
    return step == (game.label if isinstance(step, str) else game.step)


def _named(game: Game, step: StepName) -> str:
    """The open step, named as the request named its own."""
    return game.label if isinstance(step, str) else str(game.step)


def _seat(game: Game, sub: str, seat: Seat | None) -> Seat:
    """The seat ``sub`` sends for: the one named, else the one of theirs the step awaits, else their first. A
    member with several seats that have yet to send for the step (a hot-seat deployment) names the one."""
    held = game.seats_of(sub)
    if seat is not None:
        if seat not in held:
            raise NotFound(f"no seat {seat} of yours in game {game.game_id}", field="seat")
        chosen = seat
    else:
        waiting = [s for s in held if s in game.awaiting and not game.submissions[s].sent]
        if len(waiting) > 1:
            raise InvalidInput(f"name the seat you send for: {', '.join(waiting)} are yours to decide", field="seat",
                               rule="name-the-seat")
        chosen = next((s for s in held if s in game.awaiting), held[0])
    if chosen not in game.awaiting:
        raise Conflict(f"seat {chosen} has nothing to decide in this step", field="seat", code=ErrorCode.NOT_YOUR_TURN)
    return chosen


def _played_on(store: Store, clock: Clock, sub: str, after: Loaded, seat: Seat, count: int) -> Submitted:
    """The steps no member awaits after this submission ran past one transaction (``MAX_CHAINED``: a member whose
    seats are all out, the others' stand-ins playing on): they are played to the next step a member decides, or
    to the end, in this same request, then the member's views are read back."""
    settle(store, clock, after)
    mine = store.games.read_view(after.game.game_id, sub)
    assert mine.game is not None and mine.views is not None
    return Submitted(mine.game, mine.views, seat, count, True)


def _views_of(views: list[MemberViews], sub: str) -> MemberViews:
    return next(v for v in views if v.sub == sub)

