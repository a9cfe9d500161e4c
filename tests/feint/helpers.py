"""Building positions for the Feint tests."""

from __future__ import annotations

from rules.feint import GameState, Token, start_position


def tok(tid: str, seat: int, cell: tuple[int, int], strength: int, revealed: bool = False) -> Token:
    return Token(tid, seat, strength, cell, revealed)


def position(
    tokens: list[Token], banks: dict[int, int] | None = None, to_move: int = 1, players: int = 2
) -> GameState:
    return start_position(players, tokens, banks or {s: 1 for s in range(1, players + 1)}, to_move)


FAR_1 = tok("a_far", 1, (-3, 5), 2)
FAR_2 = tok("b_far", 2, (3, -5), 2)
