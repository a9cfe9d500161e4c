"""Feinthold games as a member sees them: create one against a house AI, list mine, read my view, send my
orders, read the record once it is over.

A member only ever gets their own view, computed by the engine from their side's observations; the state
stays in the board. A game a member does not play answers 404, as if it did not exist.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from gameserver.clock import Clock, iso
from gameserver.domain.errors import Conflict, DomainError, IllegalOrders, InvalidInput, NotFound
from gameserver.domain.ids import new_id, new_seed
from gameserver.domain.pace import TURN_SECONDS, turn_deadline
from gameserver.domain.words import as_side
from gameserver.identity import Caller
from gameserver.storage import port
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.port import Storage
from gameserver.storage.records import HOUSE_PREFIX, Board, Game, Invitation, SideView, Submission

KIND = "feinthold"
MAX_SUBMISSIONS = 5
""""You can change your orders as long as the opponent has not sent theirs (5 submissions per turn at most)"."""
SIDE_NAMES = ("south", "north")


@dataclass(frozen=True)
class Client:
    """Where a request came from: kept with every submission for fair play."""

    device: str | None = None
    address: str | None = None


def _opponent(side: str) -> str:
    return "north" if side == "south" else "south"


def start_game(
    store: Storage,
    clock: Clock,
    *,
    players: dict[str, str],
    mode: str,
    pace: str,
    layout: str | None = None,
    seed: int | None = None,
    house_ai: str | None = None,
    accept: Invitation | None = None,
) -> Game:
    """Create a game and open its first turn, in one transaction. ``seed`` is for tests and the local runner's
    seeded games only: the API never takes one."""
    game, _views = open_game(
        store, clock, players=players, mode=mode, pace=pace, layout=layout, seed=seed, house_ai=house_ai,
        accept=accept,
    )
    return game


def open_game(
    store: Storage,
    clock: Clock,
    *,
    players: dict[str, str],
    mode: str,
    pace: str,
    layout: str | None,
    seed: int | None,
    house_ai: str | None = None,
    accept: Invitation | None = None,
) -> tuple[Game, list[SideView]]:
    """``start_game``, also handing back the members' first views (so the caller's answer needs no read)."""
    from rules.feinthold import LayoutError, new_game

    from gameserver.domain import boards, house, timers

    if pace not in TURN_SECONDS:
        raise InvalidInput(f"unknown pace {pace!r}", field="pace")
    seed = new_seed() if seed is None else seed
    try:
        state = new_game(seed, layout)
    except (LayoutError, KeyError, ValueError) as error:
        raise InvalidInput(f"unknown layout {layout!r}", field="layout") from error
    game_id = new_id()
    now = clock.now()
    opened_at = iso(now)
    doctrines: dict[str, Any] = {side: None for side in SIDE_NAMES}
    if house_ai is not None:
        ai_side = next(side for side, p in players.items() if p.startswith(HOUSE_PREFIX))
        doctrines[ai_side] = house.house_doctrine(house_ai, seed)
    board = Board(game_id=game_id, epoch=0, state=state.to_json(), seed=seed, doctrines=doctrines)
    game = Game(
        game_id=game_id,
        kind=KIND,
        mode=mode,
        players=dict(players),
        pace=pace,
        status="open",
        turn=state.turn,
        epoch=0,
        version=1,
        created_at=opened_at,
        opened_at=opened_at,
        deadline=iso(turn_deadline(pace, now)),
        submissions=boards.doctrine_submissions(players, doctrines, state, opened_at),
        layout=state.layout.id,
        house_ai=house_ai,
    )
    accepted = None
    if accept is not None:
        accepted = replace(accept, status="accepted", game_id=game_id, answered_at=opened_at)
    views = boards.member_views(game_id, players, state, 0)
    try:
        store.create_game(game, board, views, boards.plays_of(game), accepted)
    except port.Conflict as error:
        raise Conflict("the invitation was answered meanwhile", code="invitation_answered") from error
    timers.turn_opened(game)
    return game, views


def create_house_game(
    store: Storage,
    clock: Clock,
    caller: Caller,
    *,
    house_ai: str,
    pace: str,
    layout: str | None = None,
    side: str | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """A game against a house AI; layout and side random unless chosen."""
    from gameserver.domain.house import HOUSE_AIS

    if house_ai not in HOUSE_AIS:
        raise InvalidInput(f"unknown house AI {house_ai!r}; one of {', '.join(HOUSE_AIS)}", field="house_ai")
    if side is not None and side not in SIDE_NAMES:
        raise InvalidInput(f"unknown side {side!r}", field="side")
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    mine = side or rng.choice(SIDE_NAMES)
    players = {mine: caller.sub, _opponent(mine): HOUSE_PREFIX + house_ai}
    game, views = open_game(
        store, clock, players=players, mode="house", pace=pace, layout=layout, seed=seed, house_ai=house_ai
    )
    return game_response(game, mine_of(views, caller.sub))


def list_games(store: Storage, caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    try:
        page = store.list_plays(caller.sub, KIND, cursor, limit)
    except InvalidCursor as error:
        raise DomainError(str(error), field="cursor", code="invalid_cursor") from error
    return {
        "games": [
            {
                "game_id": p.game_id,
                "mode": p.mode,
                "side": p.side,
                "opponent": opponent_json(p.opponent),
                "status": p.status,
                "turn": p.turn,
                "deadline": p.deadline,
                "winner": p.winner,
                "created_at": p.created_at,
            }
            for p in page.items
        ],
        "cursor": page.cursor,
    }


def read_game(store: Storage, clock: Clock, caller: Caller, game_id: str) -> dict[str, Any]:
    """My view of a game: one read, unless a deadline has passed and turns must be resolved first."""
    game, my_view = store.read_view(game_id, caller.sub)
    if game is None or my_view is None:
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    if _overdue(game, clock):
        from gameserver.domain import turns

        _, _, changed = turns.settle(store, clock, game)
        if changed:
            game, my_view = store.read_view(game_id, caller.sub)
            assert game is not None and my_view is not None
    return game_response(game, my_view)


def _overdue(game: Game, clock: Clock) -> bool:
    return game.status == "open" and game.deadline is not None and game.deadline <= iso(clock.now())


def submit_orders(
    store: Storage,
    clock: Clock,
    caller: Caller,
    game_id: str,
    turn: int,
    raw_orders: list[Any],
    client: Client,
) -> dict[str, Any]:
    """Send (or replace) my orders for ``turn``: checked on my view, stored with one conditional write; if
    every side has now sent (always, against a house AI), the turn resolves in the same request."""
    from rules.feinthold import GameState, IllegalOrderError, check_orders, view

    from gameserver.domain import turns

    for _ in range(3):
        game, board, _ = store.read_for_turn(game_id)
        side = game.side_of(caller.sub) if game else None
        if game is None or board is None or side is None:
            raise NotFound(f"no game {game_id} of yours", field="game_id")
        if _overdue(game, clock):
            game, board, _ = turns.settle(store, clock, game, board)
            if board is None or board.epoch != game.epoch:
                continue
        if game.status != "open":
            raise Conflict(f"game {game_id} is over", code="game_over")
        if turn != game.turn:
            raise Conflict(f"turn {turn} is not open; turn {game.turn} is", field="turn", code="turn_closed")
        mine, theirs = game.submissions[side], game.submissions[_opponent(side)]
        if mine.count >= MAX_SUBMISSIONS:
            raise Conflict(
                f"orders already sent {MAX_SUBMISSIONS} times this turn", code="submissions_used", rule="submissions"
            )
        state = GameState.from_json(board.state)
        try:
            checked = check_orders(view(state, as_side(side)), raw_orders)
        except IllegalOrderError as error:
            field = f"orders[{error.index}]" if error.index is not None else "orders"
            raise IllegalOrders(str(error), field=field, rule=error.rule) from error
        submission = Submission(
            orders=checked.to_json(),
            count=mine.count + 1,
            sent_at=iso(clock.now()),
            device=client.device,
            address=client.address,
        )
        try:
            if theirs.sent:
                closed = turns.close_turn(game, board, clock.now(), {side: submission})
                turns.commit(store, closed)
                return {"turn": turn, "submission": submission.count, "resolved": True,
                        "game": game_response(closed.after, mine_of(closed.views, caller.sub))}
            stored = store.save_submission(game, side, submission, opponent_must_wait=True)
        except port.Conflict:
            continue
        return {"turn": turn, "submission": stored.submissions[side].count, "resolved": False,
                "game": game_response(stored, SideView(game_id, caller.sub, side, game.epoch,
                                                       view(state, as_side(side)).to_json()))}
    raise Conflict("the game changed while your orders were being stored; send them again", code="busy")


def game_record(store: Storage, caller: Caller, game_id: str) -> dict[str, Any]:
    """The full record of a finished game, open to its players: every side's orders and reports and the board
    after every turn (the engine's record), with when each turn opened and when each side sent."""
    from rules.feinthold import GameState, record

    game, board, _ = store.read_for_turn(game_id)
    if game is None or board is None or game.side_of(caller.sub) is None:
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    if game.status != "over":
        raise Conflict("the record opens once the game is over", code="in_play")
    timings = [
        {
            "turn": r.turn,
            "opened_at": r.opened_at,
            "deadline": r.deadline,
            "resolved_at": r.resolved_at,
            "closed_by": r.closed_by,
            "sent": {
                side: {"sent_at": sub.sent_at, "submissions": sub.count, "missed": r.missed[side]}
                for side, sub in r.submissions.items()
            },
        }
        for r in store.turn_records(game_id)
    ]
    full = record(GameState.from_json(board.state))
    full.pop("seed", None)  # a game's seed stays secret even after it: it also drew the house AI's noise
    return {
        "game_id": game_id,
        "players": {side: opponent_json(p) for side, p in game.players.items()},
        "winner": game.winner,
        "record": full,
        "turns": timings,
    }


def mine_of(views: list[SideView], sub: str) -> SideView:
    return next(v for v in views if v.sub == sub)


def opponent_json(player: str) -> dict[str, str | None]:
    if player.startswith(HOUSE_PREFIX):
        return {"kind": "house", "name": player.removeprefix(HOUSE_PREFIX), "sub": None}
    return {"kind": "member", "name": None, "sub": player}


def game_response(game: Game, my_view: SideView) -> dict[str, Any]:
    side = my_view.side
    mine, theirs = game.submissions[side], game.submissions[_opponent(side)]
    return {
        "game_id": game.game_id,
        "mode": game.mode,
        "status": game.status,
        "turn": game.turn,
        "opened_at": game.opened_at,
        "deadline": game.deadline,
        "pace": game.pace,
        "side": side,
        "opponent": opponent_json(game.players[_opponent(side)]),
        "opponent_sent": theirs.sent,
        "my_orders": mine.orders if mine.sent else None,
        "my_submissions": mine.count,
        "winner": game.winner,
        "view": my_view.view,
    }
