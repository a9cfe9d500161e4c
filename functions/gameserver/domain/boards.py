"""What a game writes for its players beside the engine's state: each member's view of the board, each member's
entry in their list of games, and the submissions a fresh turn starts with.

Shared by every way a game starts or moves on (``games``, ``turns``, ``duel_game``, ``daily_front``); it knows
no game mode, so each of them can use it without importing the others.
"""

from __future__ import annotations

from typing import Any

from rules.feinthold import SIDES, GameState, check_orders, other, view

from gameserver.domain import house
from gameserver.domain.words import as_side
from gameserver.storage.records import HOUSE_PREFIX, Game, Play, SideView, Submission

HOUSE_DEVICE = "house"
"""The device a house AI's submission is recorded from."""


def doctrine_submissions(
    players: dict[str, str], doctrines: dict[str, Any], state: GameState, opened_at: str
) -> dict[str, Submission]:
    """A fresh turn's submissions: nothing from members; a house AI "sends its own as soon as the turn opens",
    computed from its own view only."""
    submissions: dict[str, Submission] = {}
    for side in SIDES:
        snapshot = doctrines.get(side)
        if players[side].startswith(HOUSE_PREFIX) and snapshot is not None and not state.over:
            side_view = view(state, side)
            orders = check_orders(side_view, house.doctrine_orders(snapshot, side_view)).to_json()
            submissions[side] = Submission(orders=orders, count=1, sent_at=opened_at, device=HOUSE_DEVICE)
        else:
            submissions[side] = Submission()
    return submissions


def member_views(game_id: str, players: dict[str, str], state: GameState, epoch: int) -> list[SideView]:
    return [
        SideView(game_id=game_id, sub=sub, side=side, epoch=epoch, view=view(state, as_side(side)).to_json())
        for side, sub in players.items()
        if not sub.startswith(HOUSE_PREFIX)
    ]


def plays_of(game: Game) -> list[Play]:
    """Each member's entry in their list of games, as of ``game``."""
    return [
        Play(
            sub=sub,
            game_id=game.game_id,
            kind=game.kind,
            created_at=game.created_at,
            side=side,
            opponent=game.players[other(as_side(side))],
            mode=game.mode,
            status=game.status,
            turn=game.turn,
            deadline=game.deadline,
            winner=game.winner,
        )
        for side, sub in game.members().items()
    ]
