"""Feint behind the engine port: seats ``"1"``..``"n"``; a step is one decision.

- The deployment: every seat that has not deployed, at once ("Deployments are secret and independent"):
  members awaited, bots decided when it opens, from their own seat's view.
- One command of the seat to move: a turn of two actions is two steps, sharing one deadline (their ``clock``
  is the turn's), so a step's number is the game's command number (the count of steps applied so far, plus 1).
- A Retreat decision: the defender's seat, with a deadline of its own.

A seat that lets its deadline pass, with no stand-in: "A turn whose deadline passes is a pass (at the cap the
banked Move is simply not added); a Retreat decision whose deadline passes is a stand"; a missed deployment is a
random deal from the game's seed. A bot (``bot:<n>``) is ``Bot(seat, seed)`` given its seat's view only, the
seed drawn from the game's seed, the step and the seat.

Also what Feint's features ask beyond the port (the legal commands of a seat's view with each charge's bonuses
and cost, the face-up table of a watch game), so that this module stays the one that imports ``rules.feint``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gameserver.catalog import FEINT
from gameserver.errors import IllegalOrders, InvalidInput, wire
from gameserver.play.engine import BaseEngine, Orders, Outcome, Started, Step, StepKind
from gameserver.storage.records import Json, Seat, is_member
from rules.feint import (
    Bot,
    Charge,
    GameState,
    IllegalCommandError,
    Phase,
    Reason,
    Stand,
    Token,
    apply,
    defence_bonus,
    expire,
    flanking_bonus,
    legal_commands,
    new_game,
    parse_command,
    random_deployment,
    state_from_json,
    state_to_json,
    to_json,
    view,
)
from rules.feint import Outcome as Ending
from rules.feint.state import PendingCharge

MIN_SEATS, MAX_SEATS = 2, 6
""""2-6 seats, the member at seat 1, as the seed says" (the board has six faces)."""
EXPIRE = "expire"
"""The wire name of a missed turn: ``{"seat": 2, "expire": {}}`` ends the turn as the rules end one whose
deadline passed (``rules.feint.expire``)."""
DEAL = "deal"
"""The wire name of a random deployment asked for by the seat itself (``{"deal": {"seed": n}}``)."""
BOT = {"bot": "feint"}
"""A bot's stand-in, as a game's board keeps it: ``Bot(seat, seed)``, its seed drawn per step."""


def seat_count(options: Mapping[str, str]) -> int:
    """The number of seats a game's options ask for (``seats``: 2 to 6); ``InvalidInput`` otherwise."""
    text = options.get("seats", "")
    if not text.isdigit() or not MIN_SEATS <= int(text) <= MAX_SEATS:
        raise InvalidInput(f"a game of Feint has {MIN_SEATS} to {MAX_SEATS} seats, not {text or 'none'}",
                           field="seats", rule="two-to-six-seats")
    return int(text)


def _refused(error: IllegalCommandError) -> IllegalOrders:
    return IllegalOrders(error.message, field="command", rule=error.rule)


class Feint(BaseEngine[GameState]):
    kind = FEINT
    bot: Json = BOT
    expire: str = EXPIRE
    deal: str = DEAL

    def seats(self, options: Mapping[str, str]) -> tuple[Seat, ...]:
        return tuple(str(seat) for seat in range(1, seat_count(options) + 1))

    def start(self, seed: int, options: Mapping[str, str]) -> Started:
        seats = seat_count(options)
        return Started(new_game(seats), {"seats": str(seats)})

    def step(self, state: GameState, players: Mapping[Seat, str]) -> Step | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.DEPLOYMENT:
            acting = [str(s) for s in state.seats() if state.deployments[s - 1] is None]
            label, kind, clock = "deployment", StepKind.DEPLOYMENT, None
        elif state.pending is not None:
            acting = [str(state.pending.defender_seat)]
            label, kind, clock = f"{state.turn}/retreat", StepKind.RETREAT, None
        else:
            acting = [str(state.to_move)]
            label, kind, clock = str(state.turn), StepKind.TURN, f"turn:{state.turn}"
        members = frozenset(seat for seat in acting if is_member(players[seat]))
        return Step(label=label, kind=kind, awaiting=members, decided_at_open=frozenset(acting) - members,
                    clock=clock)

    def check(self, state: GameState, seat: Seat, orders: Orders) -> Orders:
        """``orders``, the seat's command in the engine's wire form without its seat (``{"step": {"token":
        "1a", "to": [0, 4]}}``; ``{"deal": {"seed": n}}`` asks for a random deployment, dealt from ``n``), as the
        command applied to the game, which refuses it naming the rule. Every rule it is checked against is
        public (cells, owners, banks, the Moves spent this turn): this is the check on the seat's view."""
        number = int(seat)
        try:
            if not isinstance(orders, dict):
                raise IllegalCommandError("command", "format", f"a command is an object, not {wire(orders)}")
            deal = orders.get(DEAL)
            if isinstance(deal, dict) and isinstance(deal.get("seed"), int) and len(orders) == 1:
                command: Any = random_deployment(state, number, random.Random(deal["seed"]))
            else:
                command = parse_command({**orders, "seat": number})
            apply(state, command)
        except IllegalCommandError as error:
            raise _refused(error) from error
        return to_json(command)

    def stand_in(self, state: GameState, seat: Seat, stand_in: Json | None, seed: int) -> Orders:
        """A bot's command from its seat's view; with no stand-in, what the rules do for a seat that sent
        nothing: a random deal, a stand, a pass."""
        number = int(seat)
        if stand_in is not None:
            return to_json(Bot(number, seed).pick(view(state, number)))
        if state.phase is Phase.DEPLOYMENT:
            return to_json(random_deployment(state, number, random.Random(seed)))
        if state.pending is not None:
            return to_json(Stand(number))
        return {"seat": number, EXPIRE: {}}

    def advance(self, state: GameState, orders: Mapping[Seat, Orders], actions: Sequence[Json]) -> GameState:
        """Each seat's command in seat order (the deployment's last one starts turn 1)."""
        for seat in sorted(orders, key=int):
            sent = orders[seat]
            state = expire(state) if EXPIRE in sent else apply(state, parse_command(sent))
        return state

    def step_record(self, before: GameState, after: GameState, orders: Mapping[Seat, Orders]) -> Json:
        """The step as the table saw it: the command (a deployment's cells withheld: they say which strength
        went where), every token that moved or was lost, the battle and the strengths it revealed, the banks
        after. No face-down strength."""
        commands = [{"seat": int(seat), "deploy": {}} if "deploy" in orders[seat] else orders[seat]
                    for seat in sorted(orders, key=int)]
        moves = [{"token": token.id, "from": _cell(before.tokens[token.id].cell if token.id in before.tokens
                                                   else None), "to": _cell(token.cell)}
                 for token in after.tokens.values()
                 if token.id not in before.tokens or before.tokens[token.id].cell != token.cell]
        settled = after.battles + after.retreats > before.battles + before.retreats
        decision = (StepKind.DEPLOYMENT if before.phase is Phase.DEPLOYMENT
                    else StepKind.RETREAT if before.pending is not None else StepKind.TURN)
        revealed = {token.id: token.strength for token in after.tokens.values()
                    if token.revealed and not (token.id in before.tokens and before.tokens[token.id].revealed)}
        return {
            "decision": str(decision),
            "commands": commands,
            "moves": moves,
            "battle": after.last_report.to_json() if settled and after.last_report is not None else None,
            "revealed": revealed,
            "banks": {str(seat): after.bank(seat) for seat in after.seats()},
        }

    def view(self, state: GameState, seat: Seat) -> Json:
        return view(state, int(seat)).to_json()

    def outcome(self, state: GameState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome(None if state.outcome is None else str(state.outcome.winner))

    def record(self, state: GameState) -> Json:
        """Every token with its strength and where it ended (``cell`` null once lost), and how the game ended."""
        full = state_to_json(state)
        return {name: full[name] for name in ("players", "radius", "tokens", "banks", "turn", "round", "battles",
                                              "retreats", "outcome")}

    def stop(self, state: GameState, winner: Seat | None) -> GameState:
        """Ended off the board: with no result, or with ``winner`` as the seat left standing."""
        ending = None if winner is None else Ending((int(winner),), Reason.LAST_STANDING)
        return replace(state, phase=Phase.OVER, to_move=None, pending=None, outcome=ending)

    def dump(self, state: GameState) -> Json:
        return state_to_json(state)

    def load(self, data: Json) -> GameState:
        return state_from_json(data)

    # ---------------------------------------------------------------- what Feint's features ask
    @staticmethod
    def legal(seat_view: Json) -> list[Json]:
        """Every command the seat of ``seat_view`` (a stored view, ``view().to_json()``) may give now, each with
        its cost in Moves, and a charge with the flanking bonus and the defender's defence bonus "as the panel
        shows before you commit": computed from the view alone, as the seat itself could."""
        table = _Table.of(seat_view)
        seat = int(seat_view["seat"])
        found: list[Json] = []
        for command in legal_commands(table, seat):
            entry: Json = {"command": to_json(command), "cost": _cost(command)}
            if isinstance(command, Charge):
                target = table.tokens[command.target]
                assert target.cell is not None
                cells = [table.tokens[t].cell for t in command.tokens]
                entry["flanking_bonus"] = flanking_bonus(target.cell, [c for c in cells if c is not None])
                entry["defence_bonus"] = defence_bonus(target, table.tokens, table.cells, table.radius)
            found.append(entry)
        return found

    @staticmethod
    def face_up(state: GameState) -> Json:
        """The table of a watch game (bots only), every strength shown: a seat's view without its seat."""
        shown = view(state, 1, face_up=True).to_json()
        for own in ("seat", "home", "my_deployment"):
            shown.pop(own)
        return shown


def _cell(cell: tuple[int, int] | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def _cost(command: Any) -> int:
    """Moves a command spends: a step, a Retreat or a token charging 1 each; a two-step 2; the rest none."""
    kind = command.kind
    if kind == "charge":
        return len(command.tokens)
    return {"step": 1, "two_step": 2, "retreat": 1}.get(kind, 0)


@dataclass(frozen=True)
class _Table:
    """A stored seat view read back as the public table ``legal_commands`` reads (``rules.feint.legal.Table``)."""

    radius: int
    phase: Phase
    tokens: dict[str, Token]
    cells: dict[tuple[int, int], str]
    banks: tuple[int, ...]
    to_move: int | None
    spent: int
    pending: PendingCharge | None

    @classmethod
    def of(cls, seen: Json) -> _Table:
        tokens = {t["id"]: Token(t["id"], t["seat"], t["strength"], None if t["cell"] is None else
                                 (t["cell"][0], t["cell"][1]), t["revealed"]) for t in seen["tokens"]}
        pending = seen["pending"]
        return cls(
            radius=seen["radius"], phase=Phase(seen["phase"]), tokens=tokens,
            cells={t.cell: t.id for t in tokens.values() if t.cell is not None},
            banks=tuple(seen["banks"][str(s)] for s in range(1, seen["players"] + 1)),
            to_move=seen["to_move"], spent=seen["spent"],
            pending=None if pending is None else PendingCharge(pending["seat"], tuple(pending["tokens"]),
                                                               pending["target"], pending["walk_in"],
                                                               pending["defender_seat"]),
        )


ENGINE = Feint()
