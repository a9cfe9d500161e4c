"""Feint's games as a member sees them, whatever their mode: start one, list mine, a seat's view with its legal
commands and what must be decided next, a command, the history as the table saw it, the record once it is over,
leaving an online game.

The pipeline (``gameserver.play``) plays the game; this module speaks Feint's words. A step is one decision: the
deployment (every seat at once), one command of the seat to move (a turn of two actions is two steps), or a
Retreat decision. The game's command number is the count of steps applied so far ("the count of commands
applied so far, shown in the view"): a command carries the number it follows, and any other is stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from typing_extensions import TypedDict

from gameserver.catalog import FEINT
from gameserver.clock import Clock, Pace
from gameserver.domain.feint.answers import (
    FeintBattle,
    FeintCommandOut,
    FeintDecision,
    FeintFinal,
    FeintGameList,
    FeintGameOut,
    FeintHistory,
    FeintHistoryStep,
    FeintLeft,
    FeintLegalCommand,
    FeintMove,
    FeintNext,
    FeintPlayed,
    FeintPlayer,
    FeintRecord,
    FeintRecordCommand,
    FeintRecordStep,
    FeintReplaced,
    FeintSeatView,
)
from gameserver.domain.feint.words import FeintCommandKind, SeatKey, Strength, TokenId
from gameserver.domain.players import PlayerKind, player, stand_in
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller, Client
from gameserver.ids import new_id, new_seed
from gameserver.play import leave, orders, start, views
from gameserver.play.events import Shown
from gameserver.storage.games import NewGame
from gameserver.storage.records import Game, Json, MemberViews, Seat, StepRecord
from gameserver.words import ClosedBy, GameStatus, Mode

if TYPE_CHECKING:
    from gameserver.play.engines.feint import Feint
    from gameserver.storage.port import Store, Write

KIND = FEINT
UNTIMED = "none"
"""The pace of a game with no deadline (solo, hot-seat, watch)."""


def rules() -> Feint:
    """Feint's adapter, with what the features ask beyond the pipeline (legal commands, the face-up table),
    loaded on first use: importing the engine is not a cold start's cost."""
    from gameserver.play.engines.feint import ENGINE

    return ENGINE


def bot(seat: Seat) -> str:
    """The player name of the bot at ``seat``."""
    return stand_in(PlayerKind.BOT, seat)


def new_game(clock: Clock, *, players: Mapping[Seat, str], mode: str, pace: str = UNTIMED,
             seed: int | None = None, game_id: str | None = None) -> NewGame:
    """A game of ``len(players)`` seats (``"1"``..``"n"`` -> a member's subject or ``bot:<n>``), its deployment open
    (the bots' deployments made). ``seed`` is for tests and the local runner's seeded games only: the API never
    takes one."""
    stand_ins = {seat: rules().bot for seat, who in players.items() if player(who).kind is PlayerKind.BOT}
    return start.new_game(game_id=game_id or new_id(), kind=KIND, mode=mode, players=players, pace=pace,
                          options={"seats": str(len(players))}, seed=new_seed() if seed is None else seed,
                          stand_ins=stand_ins, now=clock.now())


def start_game(store: Store, clock: Clock, *, players: Mapping[Seat, str], mode: str, pace: str = UNTIMED,
               seed: int | None = None, riders: Sequence[Write] = ()) -> NewGame:
    """``new_game`` written with ``riders`` in one transaction."""
    new = new_game(clock, players=players, mode=mode, pace=pace, seed=seed)
    start.begin(store, new, riders)
    return new


def views_of(new: NewGame, sub: str) -> MemberViews:
    return next(v for v in new.views if v.sub == sub)


# ------------------------------------------------------------------ reading
def decision_of(view: Json) -> str:
    """What the open step decides, from any seat's view: ``deployment``, ``retreat`` or ``turn``."""
    if view["phase"] == "deployment":
        return "deployment"
    return "retreat" if view["pending"] is not None else "turn"


def player_json(who: str) -> FeintPlayer:
    seen = player(who)
    return {"kind": seen.kind, "sub": seen.name if seen.kind is PlayerKind.MEMBER else None}


def command_json(wire: Json) -> Json:
    """An engine wire command (``{"seat": 1, "step": {...}}``) as the API shows it (``{"kind": "step", ...}``)."""
    (kind, body), = ((k, v) for k, v in wire.items() if k != "seat")
    return {"kind": kind, **body}


def replaced_json(game: Game) -> list[FeintReplaced]:
    return [{"seat": int(r.seat), "member": r.before, "by": player_json(r.after), "number": r.step - 1, "at": r.at}
            for r in game.replaced]


def next_json(game: Game, view: Json, sub: str) -> FeintNext | None:
    """Who must decide next and what ("so the client can draw its curtain"): the seats the open step awaits that
    have not sent, those of them that are the caller's, the deadline."""
    if game.status != "open":
        return None
    waiting = [seat for seat in game.awaiting if not game.submissions[seat].sent]
    return {"kind": FeintDecision(decision_of(view)), "seats": [int(s) for s in waiting],
            "mine": [int(s) for s in waiting if game.players[s] == sub], "deadline": game.deadline,
            "opened_at": game.opened_at}


class Outcome(TypedDict):
    """How a game stands, as the answers of a game, its record and a watch game spread it."""

    winner: int | None
    draw: bool


def outcome_json(game: Game) -> Outcome:
    return {"winner": None if game.winner in (None, "draw") else int(game.winner), "draw": game.winner == "draw"}


def with_deployments_sent(game: Game, seat: Seat, view: Json) -> Json:
    """The deployment "secret and independent" is applied once every seat has sent theirs: until then the
    view shows which seats have deployed and, for the viewer, its own deployment (docs/rules/feint.md), from the
    deployments sent so far."""
    if view["phase"] != "deployment" or game.status != "open":
        return view
    sent = {s: game.submissions[s].orders for s in game.awaiting if game.submissions[s].sent}
    deployed = {s: done or s in sent for s, done in view["deployed"].items()}
    mine = view["my_deployment"]
    if mine is None and seat in sent:
        mine = command_json(sent[seat])["cells"]
    return {**view, "deployed": deployed, "my_deployment": mine}


def game_response(game: Game, mine: MemberViews, seat: Seat | None = None) -> FeintGameOut:
    """A member's game as Feint's API shows it: one seat's view (``seat``, else the first of theirs with a
    decision to make, else their first), what it may do now, and who decides next. Never another seat's view,
    even of a seat the member also holds."""
    held = list(mine.views)
    if seat is None:
        deciding = [s for s in held if s in game.awaiting and not game.submissions[s].sent]
        seat = (deciding or held)[0]
    if seat not in mine.views:
        raise NotFound(f"no seat {seat} of yours in game {game.game_id}", field="seat")
    view = mine.views[seat]
    sent = game.submissions.get(seat)
    deciding_now = game.status == "open" and seat in game.awaiting and sent is not None and not sent.sent
    return {
        "game_id": game.game_id,
        "mode": Mode(game.mode),
        "status": GameStatus(game.status),
        "pace": None if game.pace == UNTIMED else Pace(game.pace),
        "number": game.epoch,
        "seat": int(seat),
        "my_seats": [int(s) for s in held],
        "players": {SeatKey(s): player_json(who) for s, who in game.players.items()},
        "next": next_json(game, view, mine.sub),
        **outcome_json(game),
        "sent": command_json(sent.orders) if sent is not None and sent.sent and game.status == "open" else None,
        # the engine's view and legal commands (rules.feint), as FeintSeatView and FeintLegalCommand describe them
        "view": cast("FeintSeatView", with_deployments_sent(game, seat, view)),
        "legal": [cast("FeintLegalCommand", {**entry, "command": command_json(entry["command"])})
                  for entry in rules().legal(view)] if deciding_now else [],
        "replaced": replaced_json(game),
        "created_at": game.created_at,
    }


def read_game(store: Store, clock: Clock, caller: Caller, game_id: str, seat: Seat | None) -> FeintGameOut:
    """A seat's view of my game: one read (a deadline passed: its steps resolved first)."""
    mine = views.my_game(store, clock, caller.sub, game_id, KIND)
    return game_response(mine.game, mine.views, seat)


def list_games(store: Store, caller: Caller, cursor: str | None, limit: int) -> FeintGameList:
    """My games of Feint, newest first (a game I left says ``left``)."""
    page = views.my_games(store, caller.sub, KIND, cursor, limit)
    return {
        "games": [{"game_id": p.game_id, "mode": Mode(p.mode), "status": GameStatus(p.status),
                   "seats": [int(s) for s in p.seats],
                   "players": {SeatKey(s): player_json(who) for s, who in p.players.items()},
                   "number": p.step if p.status == "over" else p.step - 1, "deadline": p.deadline,
                   "winner": None if p.winner in (None, "draw") else int(p.winner), "draw": p.winner == "draw",
                   "created_at": p.created_at} for p in page.items],
        "cursor": page.cursor,
    }


# ------------------------------------------------------------------ a command
def send_command(store: Store, clock: Clock, caller: Caller, game_id: str, number: int, seat: Seat | None,
                 command: Json, client: Client) -> FeintCommandOut:
    """A command of my seat (``seat``, else the one of mine the step awaits), following command ``number``:
    checked on the game, applied, then every step no member awaits played in the same request (the bots' turns),
    up to my next decision. Replays of the same Idempotency-Key answer the stored response; of two commands with
    the same number, one is applied and the other is stale."""
    kind, body = command["kind"], {name: value for name, value in command.items() if name != "kind"}
    # A deal is dealt by the engine from a seed drawn here, never the member's: it is stored as the deploy it made.
    wire = {kind: {"seed": new_seed()}} if kind == rules().deal else {kind: body}
    try:
        sent = orders.submit(store, clock, caller.sub, game_id, number + 1, wire, client, kind=KIND,
                             step_field="number", seat=seat)
    except orders.StepClosed as error:
        applied = error.open_step - 1
        raise Conflict(f"command number {number} is not the game's: {applied} commands have been applied",
                       field="number", rule="command-number", code=ErrorCode.STALE_COMMAND) from error
    return {"number": sent.game.epoch, "applied": sent.resolved,
            "game": game_response(sent.game, sent.views, sent.seat)}


# ------------------------------------------------------------------ the history and the record
def played_json(step: StepRecord, seat: str, wire: Json) -> FeintPlayed:
    """One seat's command of a step as the history shows it: a deployment without its cells, a missed turn a
    pass."""
    kind = next(k for k in wire if k != "seat")
    shown = {"deploy": "deploy", rules().expire: "pass"}.get(kind, kind)
    return {"seat": int(seat), "kind": FeintCommandKind(shown), "command": None if shown in ("deploy", "pass") else command_json(wire),
            "missed": step.missed.get(str(seat), False)}


def history_entry(step: StepRecord) -> FeintHistoryStep:
    """A resolved step as the table saw it: no face-down strength, no deployment's cells."""
    public = step.record  # the engine's public record of the step (rules.feint)
    return {
        "number": step.step,
        "label": step.label,
        "kind": FeintDecision(public["decision"]),
        "commands": [played_json(step, str(wire["seat"]), wire) for wire in public["commands"]],
        "moves": cast("list[FeintMove]", public["moves"]),
        "battle": cast("FeintBattle | None", public["battle"]),
        "revealed": cast("dict[TokenId, Strength]", public["revealed"]),
        "banks": cast("dict[SeatKey, int]", public["banks"]),
        "resolved_at": step.resolved_at,
        "closed_by": ClosedBy(step.closed_by),
    }


def game_history(store: Store, caller: Caller, game_id: str, cursor: str | None, limit: int) -> FeintHistory:
    """A page of my game's history, in order, in play or over: every command and battle as the table saw it,
    and every seat whose player changed."""
    found = views.history(store, caller.sub, game_id, KIND, cursor, limit)
    return {"game_id": game_id, "steps": [history_entry(step) for step in found.steps],
            "replaced": replaced_json(found.game), "cursor": found.cursor}


def record_step(step: StepRecord, players: Mapping[Seat, str]) -> FeintRecordStep:
    """A resolved step as the record keeps it: every seat's whole command (a deployment's cells too, except a
    deal the deadline made), when it was sent and its delay (fair play), whether it was missed."""
    delays = views.delays(step)
    commands: list[FeintRecordCommand] = []
    for public in step.record["commands"]:
        seat = str(public["seat"])
        sent = step.submissions.get(seat)
        whole = sent.orders if sent is not None and sent.sent else public
        shown = played_json(step, seat, whole)
        withheld = shown["kind"] == "pass" or whole.get("deploy") == {}
        commands.append({**shown, "command": None if withheld else command_json(whole),
                         "sent_at": sent.sent_at if sent is not None else None, "delay": delays.get(seat),
                         "by": player(players[seat]).kind})
    return {
        "number": step.step,
        "label": step.label,
        "kind": FeintDecision(step.record["decision"]),
        "opened_at": step.opened_at,
        "deadline": step.deadline,
        "resolved_at": step.resolved_at,
        "closed_by": ClosedBy(step.closed_by),
        "commands": commands,
        "moves": cast("list[FeintMove]", step.record["moves"]),
        "battle": cast("FeintBattle | None", step.record["battle"]),
    }


def game_record(store: Store, clock: Clock, caller: Caller, game_id: str, cursor: str | None, limit: int
                ) -> FeintRecord:
    """The record of my finished game (409 while in play): every token with its strength, how it ended, and a
    page of its steps with every command whole, when it was sent and its delay."""
    found = views.record(store, caller.sub, game_id, KIND, clock.now(), (cursor, limit))
    return record_response(found.game, found.record, found.steps, found.cursor)


def record_response(game: Game, final: Json, steps: Sequence[StepRecord], cursor: str | None) -> FeintRecord:
    return {
        "game_id": game.game_id,
        "mode": Mode(game.mode),
        "players": {SeatKey(s): player_json(who) for s, who in game.players.items()},
        **outcome_json(game),
        "final": cast("FeintFinal", final),  # the engine's final table (rules.feint)
        "steps": [record_step(step, _players_at(game, step.step)) for step in steps],
        "replaced": replaced_json(game),
        "cursor": cursor,
    }


def _players_at(game: Game, step: int) -> dict[Seat, str]:
    """Who played each seat in step ``step``: the players now, less the replacements made after it opened."""
    players = dict(game.players)
    for change in reversed(game.replaced):
        if change.step > step:
            players[change.seat] = change.before
    return players


# ------------------------------------------------------------------ leaving
def leave_game(store: Store, clock: Clock, caller: Caller, game_id: str, modes: Sequence[str]) -> FeintLeft:
    """I leave my game (of one of ``modes``): a bot takes each of my seats over from the open step on, and the
    game goes on without me (its history says so)."""

    def allowed(game: Game) -> None:
        if game.mode not in modes:
            raise Conflict(f"a {game.mode} game is not left: it waits for you", code=ErrorCode.CONFLICT,
                           rule="leave-online-only")

    after = leave.leave(store, clock, caller.sub, game_id, kind=KIND,
                        stand_in_of=lambda seat: (bot(seat), rules().bot), check=allowed)
    return {"game_id": game_id, "status": GameStatus(after.status), "number": after.epoch, "replaced": replaced_json(after)}


def _told(body: Json) -> dict[str, Any]:
    """What a live event tells of my game: the command number, the deadline of the decision open, and the
    decision waiting on me (a Retreat, my turn, my deployment), from ``next`` as my answer shows it."""
    coming = body["next"]
    return {"turn": body["number"], "deadline": coming["deadline"] if coming else None,
            "decision": coming["kind"] if coming and coming["mine"] else None}


SHOWN = Shown(body=lambda game, mine: cast("dict[str, Any]", game_response(game, mine)), told=_told)
"""Feint's game on the wire (the seat my answer shows by default), for the live events (``play.events``)."""
