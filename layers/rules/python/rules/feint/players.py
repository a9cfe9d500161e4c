"""Who gives a seat's commands, and the loop that plays a game between them.

A player answers three questions, each from its seat's view only: ``setup`` (the deployment), ``next``
(the next command of its turn) and ``defend`` (Retreat or stand when one of its tokens is charged).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from .commands import Command, Deploy, Retreat, Stand
from .game import apply, new_game
from .hexgrid import DEFAULT_RADIUS
from .legal import legal_commands
from .state import GameState, Phase
from .tokens import STRENGTHS
from .view import SeatView, view

COMMANDS_PER_GAME_LIMIT = 20_000
"""A guard for the game loop: far above what the draw bound allows (300 rounds, a few commands a turn)."""


class Player(Protocol):
    def setup(self, seat_view: SeatView) -> Deploy: ...

    def next(self, seat_view: SeatView) -> Command: ...

    def defend(self, seat_view: SeatView) -> Retreat | Stand: ...


class RandomPlayer:
    """Deploys at random and picks uniformly among the legal commands: the yardstick for the bot."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def setup(self, seat_view: SeatView) -> Deploy:
        cells = list(seat_view.home)
        self.rng.shuffle(cells)
        return Deploy(self.seat, tuple(cells[: len(STRENGTHS)]))

    def next(self, seat_view: SeatView) -> Command:
        return self.rng.choice(legal_commands(seat_view, self.seat))

    def defend(self, seat_view: SeatView) -> Retreat | Stand:
        answer = self.rng.choice(legal_commands(seat_view, self.seat))
        assert isinstance(answer, Retreat | Stand)
        return answer


class GameLoopError(RuntimeError):
    """The loop found a game that does not end (the draw bound should make that impossible)."""


def seat_to_answer(state: GameState) -> int:
    """The seat whose command the game waits for."""
    if state.pending is not None:
        return state.pending.defender_seat
    assert state.to_move is not None
    return state.to_move


def play_game(
    players: Mapping[int, Player], radius: int = DEFAULT_RADIUS, state: GameState | None = None
) -> GameState:
    """Plays one game to its end between ``players`` (seat -> player) and returns the final state."""
    if state is None:
        state = new_game(len(players), radius)
    for seat in state.seats():
        if state.phase is Phase.DEPLOYMENT:
            state = apply(state, players[seat].setup(view(state, seat)))
    for _ in range(COMMANDS_PER_GAME_LIMIT):
        if state.phase is not Phase.PLAY:
            return state
        seat = seat_to_answer(state)
        seat_view = view(state, seat)
        player = players[seat]
        command = player.defend(seat_view) if state.pending is not None else player.next(seat_view)
        state = apply(state, command)
    raise GameLoopError(f"no end after {COMMANDS_PER_GAME_LIMIT} commands")
