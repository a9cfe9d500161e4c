"""The law: starting a game, applying one command, the turn, the charge, the Retreat, the end.

``apply(state, command)`` returns the next state or raises IllegalCommandError; nothing is changed in
place. Turns flow by themselves: a turn ends when nothing more may be spent in it, the next seat's turn
starts (its win check, the pass of an empty bank) and the draw bound is counted at each full round.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .battle import attack_wins, defence_bonus, flanking_bonus
from .commands import Charge, Command, Deploy, EndTurn, Retreat, Stand, Step, TwoStep
from .errors import IllegalCommandError, SetupError
from .hexgrid import CENTRE, DEFAULT_RADIUS, Cell, adjacent, home_cells, neighbours, on_board, seat_faces
from .legal import Board, has_action, may_end_turn
from .state import (
    MOVE_CAP,
    QUIET_ROUND_LIMIT,
    ROUND_LIMIT,
    STARTING_BANK,
    BattleReport,
    GameState,
    Outcome,
    PendingCharge,
    Phase,
    Reason,
)
from .tokens import STRENGTHS, Token, token_id

CENTRE_HOLD_NEIGHBOURS = 2


def new_game(players: int, radius: int = DEFAULT_RADIUS) -> GameState:
    """A game waiting for every seat's deployment. Refuses a seat count outside 2-6 and a home under six cells."""
    faces = _faces(players)
    if radius < 2 or len(home_cells(0, radius)) < len(STRENGTHS):
        raise SetupError(
            f"radius {radius}: a home must hold six tokens, and it has "
            f"{len(home_cells(0, radius)) if radius >= 2 else 0} cells"
        )
    return GameState(
        players=players,
        radius=radius,
        phase=Phase.DEPLOYMENT,
        tokens={},
        cells={},
        banks=(STARTING_BANK,) * players,
        to_move=None,
        deployments=(None,) * players,
        faces=faces,
    )


def _faces(players: int) -> tuple[int, ...]:
    try:
        return tuple(seat_faces(players))
    except ValueError as problem:
        raise SetupError(str(problem)) from None


def home_of(state: GameState, seat: int) -> tuple[Cell, ...]:
    return home_cells(state.faces[seat - 1], state.radius)


def random_deployment(state: GameState, seat: int, rng: random.Random) -> Deploy:
    """A random deal for a seat (for a seat that lets its deployment deadline pass)."""
    cells = list(home_of(state, seat))
    rng.shuffle(cells)
    return Deploy(seat, tuple(cells[: len(STRENGTHS)]))


def apply(state: GameState, command: Command) -> GameState:
    """The state after ``command``; raises IllegalCommandError naming the command and the rule it breaks."""
    kind = command.kind
    if state.phase is Phase.OVER:
        raise IllegalCommandError(kind, "game-over", "the game is over")
    if not 1 <= command.seat <= state.players:
        raise IllegalCommandError(kind, "no-such-seat", f"there is no seat {command.seat}")
    if state.phase is Phase.DEPLOYMENT:
        if not isinstance(command, Deploy):
            raise IllegalCommandError(kind, "deployment", "every seat deploys before turn 1")
        return _deploy(state, command)
    if isinstance(command, Deploy):
        raise IllegalCommandError(kind, "deployment-over", "the tokens are deployed already")
    draft = _Draft(state)
    if state.pending is not None:
        if not isinstance(command, Retreat | Stand):
            raise IllegalCommandError(
                kind, "answer-pending", f"seat {state.pending.defender_seat} must first Retreat or stand"
            )
        if command.seat != state.pending.defender_seat:
            raise IllegalCommandError(kind, "not-defender", "only the defender's seat answers a charge")
        draft.answer(state.pending, command)
        return draft.freeze()
    if isinstance(command, Retreat | Stand):
        raise IllegalCommandError(kind, "no-charge", "there is no charge to answer")
    if command.seat != state.to_move:
        raise IllegalCommandError(kind, "not-your-turn", f"it is seat {state.to_move}'s turn")
    if isinstance(command, EndTurn):
        if not may_end_turn(state):
            raise IllegalCommandError(
                kind, "must-spend", "sitting on two Moves you must spend at least one"
            )
        draft.end_turn()
    elif isinstance(command, Step):
        draft.step(command)
    elif isinstance(command, TwoStep):
        draft.two_step(command)
    else:
        draft.charge(command)
    return draft.freeze()


def expire(state: GameState) -> GameState:
    """The deadline passed: a Retreat decision is a stand; a turn is a pass (at the cap the Move is lost)."""
    if state.phase is not Phase.PLAY:
        raise IllegalCommandError("expire", "no-deadline", f"nothing to expire in phase {state.phase.value}")
    draft = _Draft(state)
    if state.pending is not None:
        draft.answer(state.pending, Stand(state.pending.defender_seat))
    else:
        draft.end_turn()
    return draft.freeze()


def _deploy(state: GameState, command: Deploy) -> GameState:
    """Six of the seven home cells, any arrangement; turn 1 starts when every seat has deployed."""
    seat = command.seat
    if state.deployments[seat - 1] is not None:
        raise IllegalCommandError("deploy", "deployed", f"seat {seat} has deployed already")
    if len(command.cells) != len(STRENGTHS):
        raise IllegalCommandError("deploy", "six-tokens", "deploy exactly six tokens: 0 1 2 2 3 4")
    if len(set(command.cells)) != len(command.cells):
        raise IllegalCommandError("deploy", "one-per-cell", "two tokens never share a cell")
    home = home_of(state, seat)
    outside = [c for c in command.cells if c not in home]
    if outside:
        raise IllegalCommandError("deploy", "home", f"{list(outside[0])} is not in seat {seat}'s home")
    deployments = list(state.deployments)
    deployments[seat - 1] = command.cells
    if any(d is None for d in deployments):
        return replace(state, deployments=tuple(deployments))
    tokens: dict[str, Token] = {}
    for s, placed in enumerate(deployments, start=1):
        assert placed is not None
        # Ids follow the order of the cells, which is public, never the order of the strengths.
        by_cell = sorted(zip(placed, STRENGTHS, strict=True))
        for i, (cell, strength) in enumerate(by_cell):
            tid = token_id(s, i)
            tokens[tid] = Token(tid, s, strength, cell)
    started = replace(
        state,
        phase=Phase.PLAY,
        tokens=tokens,
        cells={t.cell: t.id for t in tokens.values() if t.cell is not None},
        deployments=(),
        round=1,
    )
    draft = _Draft(started)
    draft.start_turn(1, check_win=True)
    return draft.freeze()


def start_position(
    players: int,
    tokens: list[Token],
    banks: dict[int, int],
    to_move: int,
    radius: int = DEFAULT_RADIUS,
) -> GameState:
    """A mid-game position (deployment skipped): the start of ``to_move``'s turn, nothing spent yet.

    The win rules are not checked on loading; the turn's other start rules apply (an empty bank, or no
    legal step or charge, passes at once).
    """
    faces = _faces(players)
    cells: dict[Cell, str] = {}
    by_id: dict[str, Token] = {}
    for t in tokens:
        if t.id in by_id:
            raise SetupError(f"token id {t.id} twice")
        if not 1 <= t.seat <= players:
            raise SetupError(f"token {t.id}: no seat {t.seat}")
        if t.strength not in STRENGTHS:
            raise SetupError(f"token {t.id}: strength {t.strength} is not one of 0 1 2 3 4")
        if t.cell is not None:
            if not on_board(t.cell, radius):
                raise SetupError(f"token {t.id}: {list(t.cell)} is off the board")
            if t.cell in cells:
                raise SetupError(f"token {t.id}: {list(t.cell)} already holds {cells[t.cell]}")
            cells[t.cell] = t.id
        by_id[t.id] = t
    seats_in = {t.seat for t in by_id.values() if t.cell is not None}
    if len(seats_in) < 2:
        raise SetupError("a position needs tokens of at least two seats on the board")
    if to_move not in seats_in:
        raise SetupError(f"to_move {to_move}: that seat has no token on the board")
    bank_values = tuple(banks.get(s, STARTING_BANK) for s in range(1, players + 1))
    if any(not 0 <= b <= MOVE_CAP for b in bank_values):
        raise SetupError(f"banks {bank_values}: a bank holds 0 to {MOVE_CAP} Moves")
    state = GameState(
        players=players,
        radius=radius,
        phase=Phase.PLAY,
        tokens=by_id,
        cells=cells,
        banks=bank_values,
        to_move=None,
        round=1,
        faces=faces,
    )
    draft = _Draft(state)
    draft.start_turn(to_move, check_win=False)
    return draft.freeze()


def holds_centre(board: Board, seat: int) -> bool:
    """The centre cell and at least two of its six neighbours held by ``seat``."""
    tid = board.cells.get(CENTRE)
    if tid is None or board.tokens[tid].seat != seat:
        return False
    held = 0
    for n in neighbours(CENTRE, board.radius):
        nid = board.cells.get(n)
        if nid is not None and board.tokens[nid].seat == seat:
            held += 1
    return held >= CENTRE_HOLD_NEIGHBOURS


class _Draft:
    """A working copy of the state while one command is applied."""

    __slots__ = ("state", "tokens", "cells", "banks", "changes")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.tokens: dict[str, Token] = dict(state.tokens)
        self.cells: dict[Cell, str] = dict(state.cells)
        self.banks: list[int] = list(state.banks)
        self.changes: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        return self.changes[name] if name in self.changes else getattr(self.state, name)

    def freeze(self) -> GameState:
        return replace(self.state, tokens=self.tokens, cells=self.cells, banks=tuple(self.banks), **self.changes)

    @property
    def radius(self) -> int:
        return self.state.radius

    # -- moving tokens ---------------------------------------------------------------------------

    def own_token(self, kind: str, seat: int, tid: str) -> Token:
        token = self.tokens.get(tid)
        if token is None:
            raise IllegalCommandError(kind, "no-such-token", f"there is no token {tid}")
        if token.seat != seat:
            raise IllegalCommandError(kind, "not-your-token", f"token {tid} belongs to seat {token.seat}")
        if token.cell is None:
            raise IllegalCommandError(kind, "token-lost", f"token {tid} was lost")
        return token

    def place(self, token: Token, to: Cell | None) -> None:
        if token.cell is not None and self.cells.get(token.cell) == token.id:
            del self.cells[token.cell]
        moved = replace(token, cell=to)
        self.tokens[token.id] = moved
        if to is not None:
            self.cells[to] = token.id

    def spend(self, kind: str, seat: int, moves: int) -> None:
        if self.banks[seat - 1] < moves:
            raise IllegalCommandError(
                kind, "no-moves", f"{moves} Move{'s' * (moves > 1)} needed, {self.banks[seat - 1]} in the bank"
            )
        self.banks[seat - 1] -= moves
        self.changes["spent"] = self.get("spent") + moves

    def step(self, command: Step) -> None:
        """"A Move steps one token to an adjacent cell" — an empty one: two tokens never share a cell."""
        token = self.own_token("step", command.seat, command.token)
        assert token.cell is not None
        self.check_target_cell("step", command.to)
        if not adjacent(token.cell, command.to):
            raise IllegalCommandError("step", "not-adjacent", f"{list(command.to)} is not next to {token.id}")
        self.spend("step", command.seat, 1)
        self.place(token, command.to)
        self.after_move(command.seat)

    def two_step(self, command: TwoStep) -> None:
        """"Friendly tokens can pass through each other — that is what the two-Move step through a friend is."

        Two Moves, the whole turn: the cell in between is empty or friendly, never an enemy; the end cell
        is empty and is not the start cell.
        """
        token = self.own_token("two_step", command.seat, command.token)
        assert token.cell is not None
        if self.get("spent") != 0:
            raise IllegalCommandError("two_step", "whole-turn", "a two-step takes the whole turn")
        if not on_board(command.via, self.state.radius):
            raise IllegalCommandError("two_step", "off-board", f"{list(command.via)} is off the board")
        if not adjacent(token.cell, command.via) or not adjacent(command.via, command.to):
            raise IllegalCommandError(
                "two_step", "not-adjacent", "the path must be two steps, each to an adjacent cell"
            )
        between = self.cells.get(command.via)
        if between is not None and self.tokens[between].seat != command.seat:
            raise IllegalCommandError(
                "two_step", "through-enemy", f"{list(command.via)} holds an enemy token: pass through friends only"
            )
        if command.to == token.cell:
            raise IllegalCommandError("two_step", "same-cell", "a two-step must end away from its start")
        self.check_target_cell("two_step", command.to)
        self.spend("two_step", command.seat, 2)
        self.place(token, command.to)
        self.after_move(command.seat)

    def check_target_cell(self, kind: str, cell: Cell) -> None:
        if not on_board(cell, self.state.radius):
            raise IllegalCommandError(kind, "off-board", f"{list(cell)} is off the board")
        if cell in self.cells:
            raise IllegalCommandError(
                kind, "occupied", f"{list(cell)} holds {self.cells[cell]}: two tokens never share a cell"
            )

    def after_move(self, seat: int) -> None:
        """A turn ends by itself when nothing more may be spent in it."""
        bank = self.banks[seat - 1]
        if self.get("spent") >= MOVE_CAP or bank == 0 or not has_action(self, seat, bank):
            self.end_turn()

    # -- charge, Retreat, Battle ----------------------------------------------------------------

    def charge(self, command: Charge) -> None:
        """"Move one or two tokens into an occupied cell and you have committed to a Battle."

        One Move per token; two tokens must both be adjacent to the same enemy token and take the whole
        turn; a one-token charge may follow a step. A charge always ends the turn.
        """
        seat = command.seat
        if not 1 <= len(command.tokens) <= 2:
            raise IllegalCommandError("charge", "one-or-two", "a charge commits one or two tokens")
        if len(set(command.tokens)) != len(command.tokens):
            raise IllegalCommandError("charge", "one-or-two", "a token is named twice")
        attackers = [self.own_token("charge", seat, tid) for tid in command.tokens]
        target = self.tokens.get(command.target)
        if target is None or target.cell is None:
            raise IllegalCommandError("charge", "no-such-token", f"there is no token {command.target} on the board")
        if target.seat == seat:
            raise IllegalCommandError("charge", "friendly", f"{target.id} is your own token")
        for a in attackers:
            assert a.cell is not None
            if not adjacent(a.cell, target.cell):
                raise IllegalCommandError("charge", "not-in-contact", f"{a.id} is not next to {target.id}")
        if command.walker not in command.tokens:
            raise IllegalCommandError("charge", "walk-in", f"{command.walker} is not one of the attackers")
        if len(attackers) == 2 and self.get("spent") != 0:
            raise IllegalCommandError("charge", "whole-turn", "a two-token charge takes the whole turn")
        self.spend("charge", seat, len(attackers))
        pending = PendingCharge(seat, command.tokens, target.id, command.walker, target.seat)
        if self.banks[target.seat - 1] >= 1 and any(
            n not in self.cells for n in neighbours(target.cell, self.state.radius)
        ):
            self.changes["pending"] = pending
        else:
            self.fight(pending)

    def answer(self, pending: PendingCharge, command: Retreat | Stand) -> None:
        self.changes["pending"] = None
        if isinstance(command, Stand):
            self.fight(pending)
        else:
            self.retreat(pending, command)

    def retreat(self, pending: PendingCharge, command: Retreat) -> None:
        """"The defender may spend a Move to slip out to an empty adjacent cell ... an attacker walks into
        the ground that was given up. But nothing is revealed.\""""
        defender = self.tokens[pending.target]
        assert defender.cell is not None
        if not adjacent(defender.cell, command.to):
            raise IllegalCommandError("retreat", "not-adjacent", f"{list(command.to)} is not next to {defender.id}")
        self.check_target_cell("retreat", command.to)
        self.banks[defender.seat - 1] -= 1
        given_up = defender.cell
        self.place(defender, command.to)
        self.place(self.tokens[pending.walk_in], given_up)
        self.changes["retreats"] = self.get("retreats") + 1
        self.changes["fought_this_round"] = True
        self.changes["last_report"] = BattleReport(
            pending.tokens, defender.id, command.to, None, None, 0, 0, (), pending.walk_in
        )
        self.end_turn()

    def fight(self, pending: PendingCharge) -> None:
        """Both sides reveal for good; higher total wins, ties to the defender; the loser loses everything
        it committed; the winner keeps theirs and one walks into the vacated cell."""
        defender = self.tokens[pending.target]
        attackers = [self.tokens[tid] for tid in pending.tokens]
        assert defender.cell is not None and defender.strength is not None
        flank = flanking_bonus(defender.cell, [a.cell for a in attackers if a.cell is not None])
        bonus = defence_bonus(defender, self.tokens, self.cells, self.state.radius)
        attack = sum(a.strength or 0 for a in attackers) + flank
        defence = defender.strength + bonus
        for t in (*attackers, defender):
            self.tokens[t.id] = replace(self.tokens[t.id], revealed=True)
        if attack_wins(attack, defence):
            ground = defender.cell
            self.place(self.tokens[defender.id], None)
            self.place(self.tokens[pending.walk_in], ground)
            lost: tuple[str, ...] = (defender.id,)
        else:
            for a in attackers:
                self.place(self.tokens[a.id], None)
            lost = pending.tokens
        self.changes["battles"] = self.get("battles") + 1
        self.changes["fought_this_round"] = True
        self.changes["last_report"] = BattleReport(
            pending.tokens,
            defender.id,
            None,
            attack,
            defence,
            flank,
            bonus,
            lost,
            pending.walk_in if lost == (defender.id,) else "",
        )
        standing = self.seats_in()
        if len(standing) == 1:
            self.finish(Outcome(tuple(standing), Reason.LAST_STANDING))
            return
        self.end_turn()

    # -- the turn ---------------------------------------------------------------------------------

    def seats_in(self) -> list[int]:
        """Seats with tokens on the board: a seat with none is out and play skips it."""
        return sorted({t.seat for t in self.tokens.values() if t.cell is not None})

    def finish(self, outcome: Outcome) -> None:
        self.changes.update(outcome=outcome, phase=Phase.OVER, to_move=None, pending=None, spent=0)

    def end_turn(self) -> None:
        """Bank +1 Move, capped at 2, then the next seat still in; a full round counts toward the draw."""
        seat = self.get("to_move")
        assert isinstance(seat, int)
        while True:
            self.banks[seat - 1] = min(MOVE_CAP, self.banks[seat - 1] + 1)
            self.changes["spent"] = 0
            seats = self.seats_in()
            later = [s for s in seats if s > seat]
            nxt = later[0] if later else seats[0]
            if nxt <= seat and self.close_round():
                return
            if self.start_turn(nxt, check_win=True):
                return
            seat = nxt

    def close_round(self) -> bool:
        """Count a full round; True when the draw bound ends the game."""
        quiet = 0 if self.get("fought_this_round") else self.get("quiet_rounds") + 1
        done = self.get("round")
        assert isinstance(done, int)
        self.changes.update(quiet_rounds=quiet, fought_this_round=False, round=done + 1)
        if quiet >= QUIET_ROUND_LIMIT:
            self.finish(Outcome(tuple(self.seats_in()), Reason.QUIET_ROUNDS))
            return True
        if done >= ROUND_LIMIT:
            self.finish(Outcome(tuple(self.seats_in()), Reason.ROUND_LIMIT))
            return True
        return False

    def start_turn(self, seat: int, *, check_win: bool) -> bool:
        """Open ``seat``'s turn. True when it waits for the seat's commands or the game ended; False when
        the turn passed at once (an empty bank, or no legal step or charge) and the next seat is due."""
        self.changes["to_move"] = seat
        self.changes["turn"] = self.get("turn") + 1
        if check_win and holds_centre(self, seat):
            self.finish(Outcome((seat,), Reason.CENTRE_HOLD))
            return True
        bank = self.banks[seat - 1]
        if bank == 0 or not has_action(self, seat, bank):
            if not check_win:
                # A loaded position passes too, and the seats after it start their turns normally.
                self.end_turn()
                return True
            return False
        return True
