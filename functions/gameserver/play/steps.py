"""Steps: closing one, committing it, and the idempotent resolve the timers, the sweep and the players share.

"Resolve is idempotent: it claims the turn with a conditional write; a duplicate, late or early call changes
nothing (an early one leaves the turn to its timer and the sweep). It fills missed orders (the default
doctrine snapshotted at the start of the game, else hold), calls the engine, writes the new state, the
per-player views and the events in one transaction, and opens the next turn." (architecture.md)

A step that awaits no member (every seat decided by a stand-in) resolves as soon as it opens, in the same
transaction as the step before it: one request plays on to the next step a member must decide.

Beside the engine's state, a step writes for its seats: the orders of the seats decided when it opens, each
member's views (one per seat they hold), each member's entry in their list of games; and each step's
stand-ins draw from a seed of their own. Every way a game starts or moves on shares these (``start``,
``orders``, ``leave``, ``stop``); the pipeline tells a member from a stand-in (``records.is_member``) and knows no
game and no mode.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, NamedTuple

from gameserver.catalog import engine as engine_of
from gameserver.clock import Clock, iso, parse_iso, whole_second_after
from gameserver.errors import Conflict, ErrorCode
from gameserver.play import events, timers
from gameserver.play.engine import Engine, Orders, Step
from gameserver.play.modes import Deadlines, Mode, companions, mode
from gameserver.play.sweeps import each_due
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import DueStep, StepCommit, StepRead
from gameserver.storage.port import Store
from gameserver.storage.records import (
    Game,
    HiddenState,
    Json,
    MemberViews,
    Play,
    Seat,
    StepRecord,
    Submission,
    is_member,
    stand_in_kind,
)

ATTEMPTS = 4
"""How often a request reads again and retries a write another request beat it to."""
MAX_CHAINED = 60
"""Steps that await no member played in one transaction at most (each writes a record item; a transaction
holds 100 items). A longer chain goes on at the next read or write of the game."""


_UNLOADED: Any = object()


class Loaded:
    """One game as a request reads it, looked up once: the game item, its hidden state (the board), the adapter of
    its game, its mode, and the engine's state loaded from the board (on first use, then kept), with what the
    read brought beside them (a member's views, its mode's companions). Every part of the pipeline a request
    crosses takes this value; none looks the game's engine or mode up again."""

    __slots__ = ("read", "engine", "mode", "_state", "_step")

    def __init__(self, read: StepRead, engine: Engine[Any], mode: Mode, state: Any = _UNLOADED) -> None:
        assert read.game is not None and read.board is not None, "a loaded game has its item and its board"
        self.read = read
        """The game, its board, the member's views and the companions as the store read them (what the mode's
        hooks are given)."""
        self.engine = engine
        self.mode = mode
        self._state = state
        self._step: Step | None = None

    @property
    def game(self) -> Game:
        assert self.read.game is not None
        return self.read.game

    @property
    def board(self) -> HiddenState:
        assert self.read.board is not None
        return self.read.board

    @property
    def views(self) -> MemberViews | None:
        return self.read.views

    @property
    def state(self) -> Any:
        """The engine's state on the board, loaded once."""
        if self._state is _UNLOADED:
            self._state = self.engine.load(self.board.state)
        return self._state

    @property
    def step(self) -> Step:
        """The open step, as the engine names it for the game's players (an open game has one)."""
        if self._step is None:
            step = self.engine.step(self.state, self.game.players)
            if step is None:
                raise ValueError(f"game {self.game.game_id} is open but its engine has no step to play")
            self._step = step
        return self._step

    def moved(self, game: Game, board: HiddenState) -> Loaded:
        """The same game with its item and board changed but not its engine's state (a seat passed to a
        stand-in): the state loaded already is kept."""
        return Loaded(self.read._replace(game=game, board=board), self.engine, self.mode, self._state)


def load(read: StepRead) -> Loaded | None:
    """``read`` with its game's engine and mode looked up (None when the game or its board is missing)."""
    if read.game is None or read.board is None:
        return None
    return Loaded(read, engine_of(read.game.kind), mode(read.game.mode))


def read_step(store: Store, game_id: str, sub: str | None = None, kind: str | None = None,
              game_mode: str | None = None) -> Loaded | None:
    """A game as a step of it needs it, in one read, loaded (None when there is no such game): the game, its
    board, (given ``sub``) that member's views, the companions its mode reads (those of the modes a game of
    ``kind`` may be played in, when the caller knows its kind; those of ``game_mode`` alone, when the caller
    holds the game's item already and so knows its mode)."""
    return load(store.games.read_step(game_id, sub, companions(game_id, kind, game_mode)))


# -------------------------------------------------------------------- seats

def step_seed(seed: int, step: int, seat: Seat | None = None) -> int:
    """The seed a step's stand-ins (or its AI powers) draw from: fixed by the game's seed, the step and the seat,
    so a game replays exactly from its seed and the members' orders."""
    digest = hashlib.sha256(f"{seed}:{step}:{seat or ''}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def opening_submissions(engine: Engine[Any], state: Any, step: Step, game: Game, board: HiddenState, number: int,
                        opened_at: str) -> dict[Seat, Submission]:
    """A fresh step's submissions: nothing yet from the seats it awaits; the seats decided when it opens have
    sent theirs ("A house AI [...] sends its own as soon as the turn opens"), computed from their own view."""
    submissions: dict[Seat, Submission] = {}
    for seat, who in game.players.items():
        if seat in step.awaiting:
            submissions[seat] = Submission()
        elif seat in step.decided_at_open:
            orders = engine.stand_in(state, seat, board.stand_ins.get(seat), step_seed(board.seed, number, seat))
            submissions[seat] = Submission(orders=orders, count=1, sent_at=opened_at, device=stand_in_kind(who))
    return submissions


def members(game: Game) -> dict[str, tuple[Seat, ...]]:
    """Each member of the game and the seats they hold, in seat order."""
    held: dict[str, list[Seat]] = {}
    for seat, who in game.players.items():
        if is_member(who):
            held.setdefault(who, []).append(seat)
    return {sub: tuple(seats) for sub, seats in held.items()}


def member_views(engine: Engine[Any], game: Game, state: Any, epoch: int) -> list[MemberViews]:
    """Each member's views of ``state``: one per seat they hold, each the engine's view of that seat alone."""
    return [MemberViews(game.game_id, sub, epoch, {seat: engine.view(state, seat) for seat in seats})
            for sub, seats in members(game).items()]


def plays_of(game: Game) -> list[Play]:
    """Each member's entry in their list of games, as of ``game``."""
    return [
        Play(sub=sub, game_id=game.game_id, kind=game.kind, created_at=game.created_at, seats=seats,
             players=dict(game.players), mode=game.mode, status=game.status, step=game.step, label=game.label,
             deadline=game.deadline, winner=game.winner, result=game.result)
        for sub, seats in members(game).items()
    ]


class Closed(NamedTuple):
    """Everything the resolved steps write, in one transaction, the engine's state after them, and the game as
    it was loaded (its mode commits it)."""

    before: Loaded
    commit: StepCommit
    state: Any

    @property
    def after(self) -> Game:
        return self.commit.game

    @property
    def board(self) -> HiddenState:
        return self.commit.board


def is_due(game: Game, now: datetime) -> bool:
    """An open step to resolve now: its deadline has passed, or it awaits no member (a chain of stand-ins'
    steps cut at ``MAX_CHAINED``)."""
    if game.status != "open":
        return False
    # Deadlines are whole UTC seconds in one ISO form (``clock.iso``): as text they compare as times.
    return not game.awaiting or (game.deadline is not None and game.deadline <= iso(now))


def deadline(game_mode: str | Mode, pace: str, step: int, opened: datetime, brief: bool = False) -> str | None:
    """When step ``step`` opened at ``opened`` resolves without the missing orders (None: its mode has none);
    its mode says how long a step of its paces lasts (``brief``: the step's shorter kind)."""
    found = mode(game_mode) if isinstance(game_mode, str) else game_mode
    if found.deadlines is Deadlines.NONE:
        return None
    return iso(whole_second_after(opened + found.step_time(pace, step, brief)))


def close(loaded: Loaded, now: datetime, sent: Mapping[Seat, Submission] | None = None) -> Closed:
    """Resolve the loaded game's open step on what was sent (``sent`` adds submissions not stored yet) and open
    the next one, playing on through the steps that await no member. Pure: nothing is written here."""
    game, board, engine = loaded.game, loaded.board, loaded.engine
    lazy = loaded.mode.deadlines is Deadlines.LAZY
    before_state = state = loaded.state
    step = loaded.step
    submissions = {**game.submissions, **(sent or {})}
    missed = {seat: not submission.sent for seat, submission in submissions.items()}
    state, played = _played(engine, state, step, board, game.step, submissions, game.actions)
    closed_by = "deadline" if any(missed[seat] for seat in step.awaiting) else "orders"
    # A step closed by its deadline opens the next at that deadline when nobody is waiting on a member (a game
    # settled lazily replays its deadlines as they fell); otherwise the next step opens now.
    opened = min(parse_iso(game.deadline), now) if closed_by == "deadline" and lazy and game.deadline else now
    records = [StepRecord(game_id=game.game_id, step=game.step, label=game.label, opened_at=game.opened_at,
                          deadline=game.deadline, resolved_at=iso(now), closed_by=closed_by,
                          submissions=submissions, missed=missed, record=engine.step_record(before_state, state, played),
                          actions=game.actions)]
    number, previous = game.step, step
    while True:
        number += 1
        following = engine.step(state, game.players)
        if following is None or following.awaiting or len(records) >= MAX_CHAINED:
            break
        # Every seat of this step is decided by a stand-in: it resolves as it opens.
        opened_at = iso(opened)
        chained = opening_submissions(engine, state, following, game, board, number, opened_at)
        after, played = _played(engine, state, following, board, number, chained, ())
        records.append(StepRecord(game_id=game.game_id, step=number, label=following.label, opened_at=opened_at,
                                  deadline=None, resolved_at=opened_at, closed_by="orders", submissions=chained,
                                  missed={seat: False for seat in chained},
                                  record=engine.step_record(state, after, played)))
        state, previous = after, following
    epoch = game.epoch + len(records)
    outcome = engine.outcome(state)
    if outcome is not None:
        after_game = replace(game, status="over", step=number - 1, label=records[-1].label, epoch=epoch,
                             version=game.version + 1, deadline=None, winner=outcome.winner, result=outcome.result,
                             awaiting=(), actions=(),
                             finished_at=iso(now), submissions={seat: Submission() for seat in submissions})
    else:
        assert following is not None
        opened_at = iso(opened)
        shared_clock = following.clock is not None and following.clock == previous.clock and len(records) == 1
        after_game = replace(
            game, step=number, label=following.label, epoch=epoch, version=game.version + 1, opened_at=opened_at,
            actions=(),
            deadline=game.deadline if shared_clock else deadline(loaded.mode, game.pace, number, opened,
                                                                 following.brief),
            awaiting=_in_seat_order(game, following.awaiting),
            submissions=opening_submissions(engine, state, following, game, board, number, opened_at),
        )
    after_board = replace(board, epoch=epoch, state=engine.dump(state))
    commit = StepCommit(before_version=game.version, game=after_game, board=after_board,
                        views=member_views(engine, after_game, state, epoch), records=records,
                        plays=plays_of(after_game))
    return Closed(before=loaded, commit=commit, state=state)


def _played(engine: Engine[Any], state: Any, step: Step, board: HiddenState, number: int,
            submissions: Mapping[Seat, Submission], actions: Sequence[Json]) -> tuple[Any, dict[Seat, Orders]]:
    """The state after ``step`` and the orders it was played with: the seats that sent, their stand-ins for those
    that did not (a missed turn "is played without your orders: your default doctrine plays in your place,
    otherwise your troops stay in place"), then the seats decided at the close, after the step's actions, given
    none of the others' orders."""
    orders: dict[Seat, Orders] = {}
    for seat in step.awaiting | step.decided_at_open:
        submission = submissions.get(seat, Submission())
        orders[seat] = submission.orders if submission.sent else engine.stand_in(
            state, seat, board.stand_ins.get(seat), step_seed(board.seed, number, seat))
    if step.decided_at_close:
        orders.update(engine.decide(state, step.decided_at_close, actions, step_seed(board.seed, number)))
    return engine.advance(state, orders, actions), orders


def _in_seat_order(game: Game, seats: frozenset[Seat]) -> tuple[Seat, ...]:
    return tuple(seat for seat in game.players if seat in seats)


def commit(store: Store, clock: Clock, closed: Closed) -> Loaded:
    """Write closed steps (one transaction, claimed by the game's version) with the writes the game's mode
    rides on it, then start the next step's timer and run the mode's follow-up. Returns the game as the next
    step of the same request starts from, without a read (the companions as the mode's writes left them)."""
    loaded = closed.before
    game_mode = loaded.mode
    riders = game_mode.writes_with_step(store, clock, closed.commit, loaded.read)
    store.transact(events.added([closed.commit, *riders]))
    if game_mode.deadlines is Deadlines.TIMED:
        timers.step_opened(closed.after, game_mode)
    game_mode.after_step(store, clock, closed.commit, riders)
    if closed.after.status == "over":
        game_mode.after_end(store, clock, closed.commit)
    after = StepRead(game=closed.after, board=closed.board, companions=game_mode.companions_as_written(riders))
    return Loaded(after, loaded.engine, game_mode, closed.state)


def resolve(store: Store, clock: Clock, game_id: str, step: int, game_mode: str | None = None) -> str:
    """Resolve step ``step`` of ``game_id`` if it is still open and due; say what happened.

    ``resolved``; ``stale`` (the game is past that step, or over: a duplicate or late call); ``early`` (its
    deadline has not come and someone has yet to send: left to its timer and the sweep); ``missing``;
    ``contended``. One read and one transaction; a lost race reads again and finds the step ``stale``.
    ``game_mode``: the game's mode when the caller knows it (its timer does), so the read asks for that mode's
    companions alone.
    """
    return _resolve(store, clock, game_id, step, game_mode)[0]


def _resolve(store: Store, clock: Clock, game_id: str, step: int, game_mode: str | None = None
             ) -> tuple[str, Loaded | None]:
    for _ in range(ATTEMPTS):
        loaded = read_step(store, game_id, game_mode=game_mode)
        if loaded is not None and game_mode is not None and loaded.game.mode != game_mode:
            # Not the mode the caller was told: its own companions were not read. Never so for a game's own
            # timer (a game keeps its mode); a read with every mode's costs a few read units, not a request.
            loaded = read_step(store, game_id)
        if loaded is None:
            return "missing", None
        game = loaded.game
        if game.status != "open" or game.step != step:
            return "stale", None
        now = clock.now()
        everyone_sent = all(game.submissions[seat].sent for seat in game.awaiting)
        if not everyone_sent and not is_due(game, now):
            return "early", None
        closed = close(loaded, now)
        try:
            after = commit(store, clock, closed)
        except WriteConflict:
            continue
        return "resolved", after
    return "contended", None


class Settled(NamedTuple):
    """A game as it stands after its due steps were resolved, and whether any was: ``loaded`` as the last step
    left it (None when it had to be read again after a lost write and was not), ``game`` its item."""

    loaded: Loaded | None
    game: Game
    changed: bool


def settle(store: Store, clock: Clock, at: Loaded | Game) -> Settled:
    """Resolve every step of the game ``at`` holds whose deadline has passed ("every read or write of such a
    game first resolves each turn whose deadline has passed"); a game item alone (a view's read) is read again
    first when a step is due. A game that keeps changing under it (``ATTEMPTS`` lost writes in a row) is busy:
    the caller tries again, the sweep the next minute."""
    changed = False
    now = clock.now()
    loaded = at if isinstance(at, Loaded) else None
    game: Game | None = at.game if isinstance(at, Loaded) else at
    lost = 0
    while game is not None and is_due(game, now):
        if loaded is None or loaded.board.epoch != game.epoch:
            loaded = read_step(store, game.game_id, kind=game.kind, game_mode=game.mode)
            game = None if loaded is None else loaded.game
            if loaded is None or game is None or not is_due(game, now):
                break
        try:
            closed = close(loaded, now)
            loaded = commit(store, clock, closed)
        except WriteConflict:
            lost += 1
            if lost == ATTEMPTS:
                raise Conflict(f"game {game.game_id} kept changing while its due steps were resolved; try again",
                               code=ErrorCode.BUSY) from None
            game, loaded = store.games.get(game.game_id), None
            continue
        game, changed, lost = closed.after, True, 0
    assert game is not None, "a game settled is a game stored"
    return Settled(loaded, game, changed)


def sweep(store: Store, clock: Clock, limit: int = 100) -> dict[str, int]:
    """Resolve what the due index says is overdue: the timers' safety net, and how games nobody waits on end
    (each game on its own: ``play.sweeps.each_due``)."""

    def resolve_due(due: DueStep) -> str:
        outcome, after = _resolve(store, clock, due.game_id, due.step)
        if after is not None and is_due(after.game, clock.now()):
            # A game left open for several deadlines: its later steps are due as well.
            settle(store, clock, after)
        return outcome

    return each_due(store.games.due_steps(iso(clock.now()), limit), resolve_due,
                    lambda due: f"step {due.step} of game {due.game_id}")
