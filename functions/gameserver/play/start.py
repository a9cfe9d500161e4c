"""Starting a game: the one place it happens, whatever the game and the mode.

``new_game`` builds everything a new game is (the game item with its first step open, the board, the members'
views and list entries); ``begin`` writes it, with the writes its mode starts it with (an invitation
accepted, stakes put in escrow, a member's entry of the day) in the same transaction, then starts the first step's timer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from gameserver.catalog import engine as engine_of
from gameserver.clock import iso
from gameserver.play import events, timers
from gameserver.play.steps import deadline, member_views, opening_submissions, plays_of
from gameserver.storage.games import NewGame
from gameserver.storage.records import Game, HiddenState, Json, Seat

if TYPE_CHECKING:
    from gameserver.storage.port import Store, Write

FIRST_STEP = 1


def new_game(*, game_id: str, kind: str, mode: str, players: Mapping[Seat, str], pace: str,
             options: Mapping[str, str], seed: int, stand_ins: Mapping[Seat, Json | None],
             now: datetime) -> NewGame:
    """A game of ``kind`` played in ``mode``, its first step open at ``now``. ``players``: seat -> player (a
    member's subject or a stand-in); ``stand_ins``: what plays a seat when its player does not; ``seed`` draws
    everything random in the game (kept secret on its board)."""
    engine = engine_of(kind)
    started = engine.start(seed, options)
    state = started.state
    seats = {seat: players[seat] for seat in engine.seats(started.options)}
    step = engine.step(state, seats)
    if step is None:
        raise ValueError(f"a new {kind} game has no step to play")
    opened_at = iso(now)
    board = HiddenState(game_id=game_id, epoch=0, state=engine.dump(state), seed=seed,
                  stand_ins={seat: stand_ins.get(seat) for seat in seats})
    draft = Game(
        game_id=game_id, kind=kind, mode=mode, players=seats, pace=pace, status="open", step=FIRST_STEP,
        label=step.label, epoch=0, version=1, created_at=opened_at, opened_at=opened_at,
        deadline=deadline(mode, pace, FIRST_STEP, now, step.brief), submissions={},
        awaiting=tuple(seat for seat in seats if seat in step.awaiting), options=dict(started.options),
    )
    game = replace(draft, submissions=opening_submissions(engine, state, step, draft, board, FIRST_STEP, opened_at))
    return NewGame(game=game, board=board, views=member_views(engine, game, state, 0), plays=plays_of(game))


def begin(store: Store, new: NewGame, riders: Sequence[Write] = ()) -> None:
    """Write ``new`` with ``riders`` in one transaction (``WriteConflict``, or the subclass a rider names,
    when any part was refused: then nothing is written), then start its first step's timer."""
    store.transact(events.added([new, *riders]))
    timers.step_opened(new.game)
