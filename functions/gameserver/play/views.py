"""Games as a member sees them: my game (my views, one per seat I hold), my games, the record once it is over.

A member only ever gets their own views, computed by the engine from their seats' own knowledge; the state
stays on the board. A game a member does not play answers 404, as if it did not exist.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from gameserver.catalog import GAMES
from gameserver.catalog import engine as engine_of
from gameserver.clock import Clock, iso, parse_iso
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.platform.fairplay import order_delay
from gameserver.play.modes import record_opens_at
from gameserver.play.steps import is_due, settle
from gameserver.storage.port import Store
from gameserver.storage.records import Game, Json, MemberViews, Page, Seat, StepRecord


class MyGame(NamedTuple):
    game: Game
    views: MemberViews


def my_game(store: Store, clock: Clock, sub: str, game_id: str, kind: str) -> MyGame:
    """My views of a game: one read, unless a deadline has passed and steps must be resolved first."""
    read = store.games.read_view(game_id, sub)
    game, views = read.game, read.views
    if game is None or views is None or game.kind != kind or not game.seats_of(sub):
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    if is_due(game, clock.now()) and settle(store, clock, game).changed:
        read = store.games.read_view(game_id, sub)
        game, views = read.game, read.views
        assert game is not None and views is not None
    return MyGame(game, views)


def my_games(store: Store, sub: str, kind: str, cursor: str | None, limit: int) -> Page:
    """A page of my games of ``kind`` (``Play`` entries), newest first."""
    return store.games.list_plays(sub, kind, cursor, limit)


def all_my_games(store: Store, sub: str, cursor: str | None, limit: int) -> Page:
    """A page of my games of every game the service hosts (``Play`` entries), newest first."""
    return store.games.list_all_plays(sub, tuple(GAMES), cursor, limit)


class Record(NamedTuple):
    """A finished game's full record (the engine's) and the record of each of its steps (their times): all of
    them, or a page (``cursor`` then names the next one)."""

    game: Game
    record: Json
    steps: list[StepRecord]
    cursor: str | None = None


class Steps(NamedTuple):
    """A page of a game's steps as their records keep them (``cursor`` names the next page)."""

    game: Game
    steps: list[StepRecord]
    cursor: str | None


def record(store: Store, sub: str, game_id: str, kind: str, now: datetime,
           page: tuple[str | None, int] | None = None) -> Record:
    """The record of a finished game, open to its players (409 ``in_play`` before its end, 409
    ``record_closed`` before the time its mode opens it); ``page``: ``(cursor, limit)`` of the steps to read,
    for a game too long to read at once (all of them otherwise)."""
    read = store.games.read_step(game_id)
    game, board = read.game, read.board
    if game is None or board is None or game.kind != kind or not game.seats_of(sub):
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    if game.status != "over":
        raise Conflict("the record opens once the game is over", code=ErrorCode.IN_PLAY)
    opens = record_opens_at(game)
    if opens is not None and iso(now) < opens:
        raise Conflict(f"the record of game {game_id} opens at {opens} (record_opens_at)",
                       code=ErrorCode.RECORD_CLOSED, rule="record-opens-at")
    engine = engine_of(game.kind)
    final = engine.record(engine.load(board.state))
    if page is None:
        return Record(game, final, store.games.step_records(game_id))
    steps = store.games.step_page(game_id, *page)
    return Record(game, final, steps.items, steps.cursor)


def history(store: Store, sub: str, game_id: str, kind: str, cursor: str | None, limit: int) -> Steps:
    """A page of the game's resolved steps, in order, for one of its players, in play or over: the engine's
    public record of each is what the table saw (the orders beside it open with the record)."""
    game = store.games.get(game_id)
    if game is None or game.kind != kind or not game.seats_of(sub):
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    steps = store.games.step_page(game_id, cursor, limit)
    return Steps(game, steps.items, steps.cursor)


def delays(step: StepRecord) -> dict[Seat, int | None]:
    """Each seat's delay in the step, for fair play: whole seconds from its opening to the seat's submission
    (None for a seat that sent nothing; a stand-in decides as the step opens, so its delay is 0)."""
    opened = parse_iso(step.opened_at)
    return {seat: None if sent.sent_at is None or step.missed.get(seat) else order_delay(opened, parse_iso(sent.sent_at))
            for seat, sent in step.submissions.items()}
