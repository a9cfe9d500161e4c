"""What a seat may do now, computed from public information only.

Everything a command is checked against (cells, owners, banks, the Moves spent this turn) is public, so
these functions take either the game state or a seat's view: a bot lists its options from its view.
"""

from __future__ import annotations

from typing import Protocol

from .commands import Charge, Command, EndTurn, Retreat, Stand, Step, TwoStep
from .hexgrid import Cell, neighbours
from .state import MOVE_CAP, PendingCharge, Phase
from .tokens import Token


class Board(Protocol):
    """Where the tokens stand: enough for geometry questions."""

    @property
    def radius(self) -> int: ...
    @property
    def tokens(self) -> dict[str, Token]: ...
    @property
    def cells(self) -> dict[Cell, str]: ...


class Table(Board, Protocol):
    """The public surface shared by GameState and SeatView."""

    @property
    def phase(self) -> Phase: ...
    @property
    def banks(self) -> tuple[int, ...]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def spent(self) -> int: ...
    @property
    def pending(self) -> PendingCharge | None: ...


def own_tokens(table: Table, seat: int) -> list[Token]:
    return [t for t in table.tokens.values() if t.seat == seat and t.cell is not None]


def empty_neighbours(table: Table, cell: Cell) -> list[Cell]:
    cells = table.cells
    return [n for n in neighbours(cell, table.radius) if n not in cells]


def has_action(table: Board, seat: int, bank: int) -> bool:
    """Whether the seat has any legal step or charge with ``bank`` Moves (a two-step through a friend
    implies a single step of that friend, so steps and one-token charges are enough to look at)."""
    if bank < 1:
        return False
    cells, tokens, radius = table.cells, table.tokens, table.radius
    for t in tokens.values():
        if t.seat != seat or t.cell is None:
            continue
        for n in neighbours(t.cell, radius):
            tid = cells.get(n)
            if tid is None or tokens[tid].seat != seat:
                return True
    return False


def turn_start_bank(table: Table) -> int:
    """The bank the seat to move had when its turn began (nothing is gained within a turn)."""
    assert table.to_move is not None
    return table.banks[table.to_move - 1] + table.spent


def may_end_turn(table: Table) -> bool:
    """"Sitting on two Moves you must spend at least one": no end_turn at the cap before spending."""
    return not (table.spent == 0 and turn_start_bank(table) >= MOVE_CAP)


def retreat_cells(table: Table, pending: PendingCharge) -> list[Cell]:
    """Where the defender may slip out to: its empty adjacent cells, if its owner has a Move."""
    defender = table.tokens[pending.target]
    if table.banks[defender.seat - 1] < 1 or defender.cell is None:
        return []
    return empty_neighbours(table, defender.cell)


def legal_commands(table: Table, seat: int) -> list[Command]:
    """Every command ``seat`` may give now (both walk-in choices of a two-token charge included)."""
    if table.phase is not Phase.PLAY:
        return []
    pending = table.pending
    if pending is not None:
        if seat != pending.defender_seat:
            return []
        return [Stand(seat), *(Retreat(seat, c) for c in retreat_cells(table, pending))]
    if seat != table.to_move:
        return []
    bank = table.banks[seat - 1]
    commands: list[Command] = []
    if may_end_turn(table):
        commands.append(EndTurn(seat))
    if bank < 1:
        return commands
    whole_turn = table.spent == 0 and bank >= 2
    cells, tokens, radius = table.cells, table.tokens, table.radius
    targets: dict[str, list[str]] = {}
    for t in own_tokens(table, seat):
        assert t.cell is not None
        for n in neighbours(t.cell, radius):
            tid = cells.get(n)
            if tid is None:
                commands.append(Step(seat, t.id, n))
                if whole_turn:
                    commands.extend(
                        TwoStep(seat, t.id, n, m) for m in neighbours(n, radius) if m not in cells
                    )
            elif tokens[tid].seat == seat:
                if whole_turn:
                    commands.extend(
                        TwoStep(seat, t.id, n, m) for m in neighbours(n, radius) if m not in cells
                    )
            else:
                targets.setdefault(tid, []).append(t.id)
                commands.append(Charge(seat, (t.id,), tid))
    if whole_turn:
        for target, attackers in targets.items():
            for i, a in enumerate(attackers):
                for b in attackers[i + 1 :]:
                    commands.append(Charge(seat, (a, b), target))
                    commands.append(Charge(seat, (a, b), target, walk_in=b))
    return commands
