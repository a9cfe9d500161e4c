"""Who plays a seat, and what a game writes for its seats beside the engine's state: the orders of the seats
decided when a step opens, each member's views (one per seat they hold), each member's entry in their list of
games; and the seed each step's stand-ins draw from.

A seat is played by a member (their subject, as the JWT names them) or a stand-in, stored as ``{kind}:{name}``;
the kinds are the games' and modes' own (``gameserver.domain.players``), the pipeline tells only the one from
the other. A member's subject never contains a colon (Cognito's are UUIDs; the local runner's are plain names),
so the two cannot be mistaken for each other.

Shared by every way a game starts or moves on (``start``, ``steps``); it knows no game and no mode.
"""

from __future__ import annotations

import hashlib
from typing import Any

from gameserver.play.engine import Engine, Step
from gameserver.storage.records import Game, HiddenState, MemberViews, Play, Seat, Submission

STAND_IN = ":"
"""What separates a stand-in's kind from its name; no member's subject holds it."""


def is_member(text: str) -> bool:
    return STAND_IN not in text


def stand_in_kind(text: str) -> str:
    """A stand-in's kind, as its stored name says it (``house`` for ``house:ram``)."""
    return text.partition(STAND_IN)[0]


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
