"""Front 1901's solo games as a member plays them: start one, list mine, read it (the position, the phase, my
legal orders, my draft, this phase's messages and answers, my agreements), submit a phase's orders (played at
once with the AI powers' and on through the phases that need nothing of me), negotiate (a proposal answered at
once, my answer to an AI's proposal, a cancellation), save a draft, the help tools, a past phase, the history,
the record once it is over, and stopping.

The pipeline (``gameserver.play``) plays the game; this module speaks Front 1901's words. A step is one decision
of the member, named by its phase (``S1901M``): a request names the phase it is about, and any other than the
open one is a 409 ``turn_closed``. Each call is one read of the game's items and at most one write (the step's
transaction, or an action appended to the game item), plus what idempotency adds.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, cast

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.catalog import FRONT1901
from gameserver.clock import Clock
from gameserver.domain.front1901.answers import (
    Front1901Action,
    Front1901DraftOut,
    Front1901Estimate,
    Front1901Estimates,
    Front1901Final,
    Front1901GameList,
    Front1901GameOut,
    Front1901History,
    Front1901OrdersOut,
    Front1901PhasePlayed,
    Front1901ProposalOut,
    Front1901Record,
    Front1901RecordStep,
    Front1901ResultKind,
    Front1901Suggestion,
    Front1901Suggestions,
    Front1901TableFinal,
    Front1901TableView,
    Front1901Threat,
    Front1901Threats,
    Front1901View,
)
from gameserver.domain.front1901.words import Front1901Length, Front1901Level, Front1901Power
from gameserver.domain.players import PlayerKind, stand_in
from gameserver.domain.solo import MODE
from gameserver.errors import Conflict, ErrorCode, InvalidInput, NotFound, wire
from gameserver.identity import Caller, Client
from gameserver.ids import new_id, new_seed
from gameserver.play import orders, start, stop, views
from gameserver.play.events import Shown
from gameserver.play.modes import Stop, StopReason
from gameserver.play.steps import Loaded, read_step
from gameserver.storage.games import NewGame
from gameserver.storage.records import Game, HiddenState, Json, MemberViews, StepRecord
from gameserver.words import GameStatus, Mode, NextCursor, Timestamp

if TYPE_CHECKING:
    from gameserver.play.engines.front1901 import Front1901
    from gameserver.storage.port import Store, Write

KIND = FRONT1901
UNTIMED = "none"
"""The pace of a game with no deadline: "Nobody waits on the member: a solo game has no deadline"."""
STEP_FIELD = "phase"
"""How a request names the step it is about: its phase (``S1901M``)."""


def rules() -> Front1901:
    """Front 1901's adapter, with what the features ask beyond the pipeline (help, the view as the phase stands),
    loaded on first use: importing the engine is not a cold start's cost."""
    from gameserver.play.engines.front1901 import ENGINE

    return ENGINE


def ai_player(level: str) -> str:
    """The player name of an AI power at ``level``."""
    return stand_in(PlayerKind.AI, level)


def drawn_power(seed: int) -> str:
    """"The member picks a power (or lets the game draw one)": drawn from the game's seed, so that it is stored
    with it."""
    return rules().powers[seed % len(rules().powers)]


def new_game(clock: Clock, caller: Caller, *, power: str | None, level: str, length: str, mode: str = MODE.name,
             seed: int | None = None, setup: str | None = None, game_id: str | None = None) -> NewGame:
    """A game of ``caller`` at ``power`` (None: drawn) against six AI powers at ``level``, ``length`` ``full`` or
    ``short``, its first phase open. ``seed`` (drawn here unless given: the API never takes one) is stored on the
    game's board; ``setup`` (the local runner's admin only) is a position, agreements and trust values to start
    from."""
    seed = new_seed() if seed is None else seed
    power = power or drawn_power(seed)
    if power not in rules().powers:
        raise InvalidInput(f"no power {wire(power)}: one of {', '.join(rules().powers)}", field="power",
                           rule="unknown-power")
    players = {seat: caller.sub if seat == power else ai_player(level) for seat in rules().powers}
    options = {"power": power, "level": level, "length": length, **({"setup": setup} if setup is not None else {})}
    return start.new_game(game_id=game_id or new_id(), kind=KIND, mode=mode, players=players, pace=UNTIMED, options=options,
                          seed=seed, stand_ins={}, now=clock.now())


def start_game(store: Store, clock: Clock, caller: Caller, *, power: str | None, level: str, length: str,
               mode: str = MODE.name, seed: int | None = None, setup: str | None = None,
               game_id: str | None = None, riders: Sequence[Write] = ()) -> NewGame:
    """``new_game`` written with ``riders`` (a daily challenge's entry) in one transaction."""
    new = new_game(clock, caller, power=power, level=level, length=length, mode=mode, seed=seed, setup=setup,
                   game_id=game_id)
    start.begin(store, new, riders)
    return new


def create_solo_game(store: Store, clock: Clock, caller: Caller, *, power: str | None, level: str, length: str,
                     seed: int | None = None, setup: str | None = None) -> Front1901GameOut:
    """A solo game of mine: "a member may have several games at once"."""
    new = start_game(store, clock, caller, power=power, level=level, length=length, seed=seed, setup=setup)
    return game_response(new.game, _views_of(new.views, caller.sub))


def _views_of(all_views: Sequence[MemberViews], sub: str) -> MemberViews:
    return next(v for v in all_views if v.sub == sub)


# ------------------------------------------------------------------ reading
def power_of(game: Game, sub: str) -> str:
    return game.seats_of(sub)[0]


def view_now(game: Game, mine: MemberViews) -> Json:
    """My view as the phase stands: the view written when it opened, with the phase's actions (messages,
    agreements, the draft) on it."""
    view = mine.views[power_of(game, mine.sub)]
    return rules().shown(view, game.actions) if game.status == "open" else view


def game_response(game: Game, mine: MemberViews) -> Front1901GameOut:
    """My game as Front 1901's API shows it: the game, how it is played, and my view as the phase stands."""
    return {
        "game_id": game.game_id,
        "mode": Mode(game.mode),
        "status": GameStatus(game.status),
        "level": Front1901Level(game.options["level"]),
        "length": Front1901Length(game.options["length"]),
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "deadline": game.deadline if game.status == "open" else None,
        # the engine's view (rules.front1901), as Front1901View and Front1901TableView describe it
        "view": cast("Front1901TableView | Front1901View", view_now(game, mine)),
    }


def read_game(store: Store, clock: Clock, caller: Caller, game_id: str) -> Front1901GameOut:
    """My game: one read."""
    mine = views.my_game(store, clock, caller.sub, game_id, KIND)
    return game_response(mine.game, mine.views)


def list_games(store: Store, caller: Caller, cursor: str | None, limit: int) -> Front1901GameList:
    """My games of Front 1901, newest first."""
    page = views.my_games(store, caller.sub, KIND, cursor, limit)
    return {
        "games": [{"game_id": p.game_id, "mode": Mode(p.mode), "status": GameStatus(p.status),
                   "power": Front1901Power(p.seats[0]), "phase": p.label,
                   "result": None if p.result is None else Front1901ResultKind(p.result), "created_at": p.created_at}
                  for p in page.items],
        "cursor": page.cursor,
    }


def _mine(store: Store, caller: Caller, game_id: str) -> Loaded:
    """My game's step as help reads it (the game, its board, my views): one read; a game that is not mine is a
    404 like one that does not exist."""
    loaded = read_step(store, game_id, caller.sub, KIND)
    if loaded is None or loaded.views is None or loaded.game.kind != KIND or not loaded.game.seats_of(caller.sub):
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    return loaded


def _open(loaded: Loaded) -> tuple[Game, HiddenState]:
    game, board = loaded.game, loaded.board
    if game.status != "open":
        raise Conflict(f"game {game.game_id} is over", code=ErrorCode.GAME_OVER)
    return game, board


# ------------------------------------------------------------------ a phase's orders
def submit_orders(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, sent: list[str],
                  client: Client) -> Front1901OrdersOut:
    """My orders for ``phase``, in either notation: each read (an order that cannot be read is a 422 naming it),
    the void ones reported with their reason, the convoys added for armies sent across the sea; then the AI
    powers decide, the phase is adjudicated, and every phase that needs nothing of me is played, up to my next
    decision or the end. The answer: each phase played (orders, results, summary, what changed) and my game."""
    done = orders.submit(store, clock, caller.sub, game_id, phase, sent, client, kind=KIND, step_field=STEP_FIELD)
    shown = game_response(done.game, done.views)
    played = shown["view"]["last"]
    return {"phase": phase, "void": played[0]["void"] if played else [],
            "convoys": played[0]["convoys"] if played else [], "played": played, "game": shown}


# ------------------------------------------------------------------ negotiation and the draft
def _act(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, action: Json, awaited: bool = True
         ) -> orders.Acted:
    return orders.act(store, clock, caller.sub, game_id, phase, action, kind=KIND, step_field=STEP_FIELD,
                      awaited=awaited)


def send_proposal(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, to: str, proposal: Json
                  ) -> Front1901ProposalOut:
    """A proposal to an AI power, answered at once (``answer``, ``reason``, ``message``): "at most 3 to a power a
    phase; an exact repeat returns the stored answer" and does not count. At a table, to another member: left open
    for their reply (``answer`` None)."""
    acted = _act(store, clock, caller, game_id, phase, {"kind": "propose", "to": to, "proposal": proposal})
    return {"to": Front1901Power(to), "proposal": acted.action["proposal"], "answer": acted.action.get("answer"),
            "game": game_response(acted.game, acted.views)}


def send_message(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, to: str | None, text: str
                 ) -> Front1901GameOut:
    """A table's text message: to one power (private) or to all (``to`` None); in any phase, whether or not I
    have orders to give in it."""
    acted = _act(store, clock, caller, game_id, phase, {"kind": "say", "to": to, "text": text}, awaited=False)
    return game_response(acted.game, acted.views)


class Front1901Reported(TypedDict):
    report_id: str
    message_id: int


Front1901Report = TypedDict("Front1901Report", {
    "report_id": str,
    "game_id": str,
    "phase": str,
    "message_id": int,
    "from": Front1901Power,
    "to": Annotated[Front1901Power | None, Field(description="null: a text to every power")],
    "text": str,
    "reporter": str,
    "reported_at": Timestamp,
})
Front1901Report.__doc__ = """A reported message, as moderators read it."""


class Front1901Reports(TypedDict):
    reports: list[Front1901Report]
    cursor: NextCursor


def report_message(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, message_id: int
                   ) -> Front1901Reported:
    """I report a text I was sent (to me, or to all) in the open phase or any earlier one, the game over or not:
    moderators read reported messages, and those only. Reporting it again is the same report."""
    from gameserver.clock import iso
    from gameserver.storage.errors import WriteConflict
    from gameserver.storage.front1901 import MessageReported, ReportedMessage

    mine = views.my_game(store, clock, caller.sub, game_id, KIND)
    game = mine.game
    power = power_of(game, caller.sub)
    if game.status == "open" and game.label == phase:
        shown = view_now(game, mine.views)["messages"]
    else:
        shown = _played(store, game_id, power, phase)["messages"]
    message = next((m for m in shown if m["id"] == message_id and m["from"] != power and m["kind"] == "text"), None)
    if message is None:
        raise NotFound(f"no message {message_id} to you in phase {phase}", field="message_id")
    report = ReportedMessage(game_id, phase, message_id, message["from"], message["to"], message["text"], caller.sub,
                             iso(clock.now()))
    with contextlib.suppress(WriteConflict):  # reported already: the same report
        store.transact([MessageReported(report)])
    return {"report_id": report.report_id, "message_id": message_id}


def reported_messages(store: Store, cursor: str | None, limit: int) -> Front1901Reports:
    """Moderators: the reported messages, the latest first (the only messages a moderator reads)."""
    page = store.front1901.reported_messages(cursor, limit)
    return {"reports": [{"report_id": r.report_id, "game_id": r.game_id, "phase": r.phase, "message_id": r.message_id,
                         "from": Front1901Power(r.sender), "to": None if r.recipient is None else Front1901Power(r.recipient), "text": r.text, "reporter": r.reporter,
                         "reported_at": r.reported_at} for r in page.items], "cursor": page.cursor}


def reclaim_seat(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str) -> Front1901GameOut:
    """I take back the seat an AI power keeps for me: mine again from the next phase (409 ``not-kept`` when I
    play it)."""
    acted = orders.act(store, clock, caller.sub, game_id, phase, {"kind": "reclaim"}, kind=KIND, step_field=STEP_FIELD,
                       awaited=False)
    return game_response(acted.game, acted.views)


def cast_vote(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, vote: str, to: str | None
              ) -> Front1901GameOut:
    """My vote of the phase at a table: ``draw``, ``concede`` (to a power) or ``none``; counted as the phase closes.
    Every surviving member votes, so a member with nothing to order in the phase (a retreat, a winter) votes too."""
    acted = _act(store, clock, caller, game_id, phase, {"kind": "vote", "vote": vote, "to": to}, awaited=False)
    return game_response(acted.game, acted.views)


def reply_to_message(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, message_id: int,
                     accept: bool) -> Front1901GameOut:
    """My answer to an AI power's proposal: accepted (an agreement) or declined."""
    acted = _act(store, clock, caller, game_id, phase, {"kind": "reply", "message": message_id, "accept": accept})
    return game_response(acted.game, acted.views)


def end_agreement(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, agreement_id: int
                  ) -> Front1901GameOut:
    """I cancel a lasting agreement during negotiation: "it ends before that phase's orders, is not a break, and
    the other side is told"."""
    acted = _act(store, clock, caller, game_id, phase, {"kind": "cancel", "agreement": agreement_id})
    return game_response(acted.game, acted.views)


def save_draft(store: Store, clock: Clock, caller: Caller, game_id: str, phase: str, draft: list[str]
               ) -> Front1901DraftOut:
    """A draft of my orders, kept with the phase (read as the orders are: void ones and convoys said); the
    strength estimate reads it."""
    acted = _act(store, clock, caller, game_id, phase, {"kind": "draft", "orders": draft})
    return {"draft": acted.action["draft"], "game": game_response(acted.game, acted.views)}


# ------------------------------------------------------------------ help
def _draft_of(actions: Sequence[Json], power: str) -> list[str]:
    """My last draft of the phase (at a table, never another member's)."""
    drafts = [action["orders"] for action in actions if action["kind"] == "draft" and action.get("by", power) == power]
    return list(drafts[-1]) if drafts else []


def _seat_of(game: Game, sub: str) -> str | None:
    """The power help is for: a table's member's (the solo game's engine knows its member)."""
    return power_of(game, sub) if "members" in game.options else None


def estimates(store: Store, caller: Caller, game_id: str) -> Front1901Estimates:
    """The strength estimate under each order of my saved draft: its strength, the strongest opposition, the
    chance of success against the AI's likely orders."""
    game, board = _open(_mine(store, caller, game_id))
    draft = _draft_of(game.actions, power_of(game, caller.sub))
    return {"phase": game.label, "draft": draft,
            # the help tools' answers are the engine's (rules.front1901), as Front1901Estimate says
            "estimates": cast("list[Front1901Estimate]",
                              rules().estimates(board.state, game.actions, draft, _seat_of(game, caller.sub)))}


def threats(store: Store, caller: Caller, game_id: str) -> Front1901Threats:
    """Per province, the powers and how many of their units can move or support into it next phase; my centres
    under threat first."""
    game, board = _open(_mine(store, caller, game_id))
    return {"phase": game.label, "threats": cast("list[Front1901Threat]", rules().threats(
        board.state, game.actions, _seat_of(game, caller.sub)))}


def suggestions(store: Store, caller: Caller, game_id: str) -> Front1901Suggestions:
    """What the ``normal`` level would order for my power now, each order with its reason."""
    game, board = _open(_mine(store, caller, game_id))
    return {"phase": game.label, "orders": cast("list[Front1901Suggestion]", rules().suggestions(
        board.state, game.actions, _seat_of(game, caller.sub)))}


# ------------------------------------------------------------------ the past
def _phases(step: StepRecord, power: str) -> list[Json]:
    """The phases a step played as its member sees them: every order and result, my messages."""
    return [rules().public(phase, power) for phase in step.record["phases"]]


def past_phase(store: Store, caller: Caller, game_id: str, phase: str) -> Front1901PhasePlayed:
    """One past phase as I saw it: every power's orders and results, the summary, what changed, my messages."""
    game = store.games.get(game_id)
    if game is None or game.kind != KIND or not game.seats_of(caller.sub):
        raise NotFound(f"no game {game_id} of yours", field="game_id")
    return cast("Front1901PhasePlayed", _played(store, game_id, power_of(game, caller.sub), phase))


def _played(store: Store, game_id: str, power: str, phase: str) -> Json:
    """A played phase as ``power``'s member saw it (404 ``not-played`` for one not played yet)."""
    for step in store.games.step_records(game_id):
        for shown in _phases(step, power):
            if shown["phase"] == phase:
                return shown
    raise NotFound(f"phase {phase} of game {game_id} has not been played", field="phase", rule="not-played")


def game_history(store: Store, caller: Caller, game_id: str, cursor: str | None, limit: int) -> Front1901History:
    """A page of my game's history, from 1901: every phase's orders, results and centres, my messages."""
    found = views.history(store, caller.sub, game_id, KIND, cursor, limit)
    power = power_of(found.game, caller.sub)
    return {"game_id": game_id, "phases": [cast("Front1901PhasePlayed", shown) for step in found.steps
                                           for shown in _phases(step, power)],
            "cursor": found.cursor}


def record_step(step: StepRecord, power: str, table: bool = False) -> Front1901RecordStep:
    """A step as the record keeps it: my orders as sent, my actions in their order (proposals with their answers,
    replies, cancellations: with the seed, what replays the game), each phase whole (every message, the AI
    powers' to each other too) and the position it led to. A table's record is the member's own even once over:
    their proposals, replies and cancellations, and each phase as they saw it (never a message between others)."""
    sent = step.submissions.get(power)
    kept = ("propose", "reply", "cancel")
    return {
        "phase": step.label,
        "orders": list(sent.orders["orders"]) if sent is not None and sent.sent else [],
        # what the member sent and the engine's phases (rules.front1901), as the record's lines describe them
        "actions": [cast("Front1901Action", _action_json(action)) for action in step.actions
                    if action["kind"] in kept and action.get("by", power) == power],
        "phases": [cast("Front1901PhasePlayed", rules().public(phase, power)) for phase in step.record["phases"]]
        if table else list(step.record["phases"]),
        "position": {"units": step.record["position"]["units"], "centres": step.record["position"]["centers"]},
        "opened_at": step.opened_at,
        "resolved_at": step.resolved_at,
    }


def _action_json(action: Json) -> Json:
    """A recorded action as the record shows it: what the member sent (and the answer a proposal got)."""
    shown = {name: value for name, value in action.items() if name not in ("effects", "by")}
    if action["kind"] == "reply":
        shown = {"kind": "reply", "message_id": action["message"], "accept": action["accept"]}
    elif action["kind"] == "cancel":
        shown = {"kind": "cancel", "agreement_id": action["agreement"]}
    return shown


def game_record(store: Store, clock: Clock, caller: Caller, game_id: str, cursor: str | None, limit: int
                ) -> Front1901Record:
    """The record of my finished game (409 ``in_play`` while in play; ``record_closed`` before its mode opens
    it): how it ended, and a page of its steps, every phase whole with every AI power's messages."""
    found = views.record(store, caller.sub, game_id, KIND, clock.now(), (cursor, limit))
    power = power_of(found.game, caller.sub)
    return {"game_id": game_id, "mode": Mode(found.game.mode),
            "final": cast("Front1901TableFinal | Front1901Final", found.record),  # the engine's (rules.front1901)
            "steps": [record_step(step, power, "members" in found.game.options) for step in found.steps],
            "cursor": found.cursor}


# ------------------------------------------------------------------ stopping
def stop_game(store: Store, clock: Clock, caller: Caller, game_id: str) -> Front1901GameOut:
    """I stop my game: ``abandoned``, or ``won`` kept when I have won a full game already (past 18 centres);
    then its mode's follow-up (a daily challenge's result on the day's board). One read and one transaction.
    A table's game is not one member's to stop (409 ``table-plays-on``): it plays on, an AI power keeping the
    seat of a member who misses two phases."""

    def may_stop(game: Game) -> bool:
        if game.kind != KIND or not game.seats_of(caller.sub):
            return False
        if "members" in game.options:
            raise Conflict("a table's game plays on without you: miss two phases and an AI power keeps your seat",
                           field="game_id", rule="table-plays-on")
        return True

    close, _ = stop.stop(store, clock, game_id, Stop(StopReason.ABANDONED, caller.sub), may_stop=may_stop, kind=KIND)
    return game_response(close.game, _views_of(close.views, caller.sub))


def _told(body: Json) -> dict[str, Any]:
    """What a live event tells of my game: the phase, and the messages of it to me (each by its id, kind and
    sender, as my view lists them: the AI powers' proposals and news)."""
    view = body["view"]
    return {"turn": view["phase"], "deadline": None,
            "messages": [{"id": m["id"], "kind": m["kind"], "from": m["from"]} for m in view["messages"]]}


SHOWN = Shown(body=lambda game, mine: cast("dict[str, Any]", game_response(game, mine)), told=_told)
"""Front 1901's game on the wire, for the live events (``play.events``)."""
