"""Front 1901 behind the engine port: one member's power against six AI powers (``rules.front1901.solo``).

- A step is one decision of the member: the phase that needs them (every movement phase; a retreat or an
  adjustment phase when they have something to do), labelled by it (``S1901M``, ``F1902R``, ``W1902A``), with
  the phases after it that need nothing of them played in the same step ("Retreat and adjustment phases in
  which the member has nothing to do are played at once"): ``submit`` plays them. So every step awaits the
  member, and its record holds each phase it played.
- The six AI powers are decided when the step closes, after the phase's negotiation (its actions), from the
  game alone: ``decide`` is given no orders, and ``ai_orders`` takes none. ``advance`` plays them as decided.
- Actions inside a step: the member's proposals, answers to the AI powers' proposals, cancellations, and the
  draft of their orders. The board keeps the game as the phase opened; each action is replayed on it, in order,
  whenever the step is read (they cost a tenth of a millisecond each), and at the close. A recorded action says
  what it changed of the member's view (the messages written, the agreements made and ended), so a view stored
  when the phase opened shows the phase as it stands (``shown``).
- A member's orders are read in either notation; an order that cannot be read (an unknown province) is refused
  naming it, an illegal one is void with its reason and the set accepted; an army ordered to a coast it can
  reach only across the sea gets the convoy orders of the member's fleets along a route.

A table (options ``members``: the powers members sit at, ``press`` ``full`` or ``gunboat``) is the same game with
several members' seats (``rules.front1901.solo.new_table``): a step awaits every member with orders to give, the
AI powers decided at its close; each action names the member who acts (``by``) and says what it changed of each
member's view; a seat whose player is an AI power (passed to it after missed phases) is decided with the AI
powers, and its member's orders again take it back. Also what Front 1901's features ask beyond the port (help, the view as the phase stands, the powers and
levels), so that this module stays the one that imports ``rules.front1901``.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gameserver.catalog import FRONT1901
from gameserver.errors import Conflict, DomainError, ErrorCode, IllegalOrders, InvalidInput, NotFound
from gameserver.play.engine import BaseEngine, Orders, Outcome, Started, Step, StepKind
from gameserver.storage.records import Json, Seat, is_member
from rules.front1901 import (
    ARMY_MOVES,
    POWERS,
    IllegalOrderError,
    Move,
    OrderSyntaxError,
    Position,
    PositionError,
    UnitKind,
    Waive,
    alive,
    check_movement_order,
    legal_adjustment_orders,
    legal_movement_orders,
    legal_retreat_orders,
    parse_order,
    play,
)
from rules.front1901.adjustments import adjustment_counts
from rules.front1901.board import COASTAL, SEA_NEIGHBOURS, province_of
from rules.front1901.legality import ConvoyGeometry
from rules.front1901.position import Season
from rules.front1901.position import Step as PhaseStep
from rules.front1901.solo import (
    PLAYABLE,
    Length,
    PhaseRecord,
    SoloError,
    SoloGame,
    abandon,
    ai_orders,
    ai_votes_draw,
    cancel,
    check_proposal,
    estimate,
    has_orders,
    inbox,
    matches_suggestion,
    new_game,
    new_table,
    offer,
    propose,
    ranking,
    read_proposal,
    reclaim,
    reply,
    say,
    settle,
    submit,
    suggest,
    summary,
    threat_map,
    to_ai,
    trust_in_member,
    winners,
)
from rules.front1901.solo.agreements import Agreement
from rules.front1901.solo.game import PROPOSALS_PER_POWER, open_phase
from rules.front1901.solo.trust import HIGHEST, Trust

MAX_ACTIONS = 40
"""Actions in one phase at most: 18 proposals (3 to each of six powers; an exact repeat is not stored), an answer
to each AI proposal, the cancellations, the drafts. A bound on the game item, read on every call."""
DRAFTS = 10
"""Drafts of the orders saved in one phase at most (each replaces the last one shown)."""
ACTIONS = ("propose", "reply", "cancel", "draft")
"""The kinds of action inside a phase, as recorded (``kind``)."""
TABLE_ACTIONS = (*ACTIONS, "say", "vote", "reclaim")
"""A table's: also a text message, a vote to end the game (a draw, or a concession to a power), and a member's
reclaim of the seat an AI power keeps for them (theirs again from the next phase)."""
TABLE_MAX_ACTIONS = 200
"""A table's actions in one phase at most (its members' proposals, texts and votes together)."""
VOTES = ("draw", "concede", "none")
MISSED_IN_A_ROW = 2
"""After this many missed phases in a row a table's seat passes to an AI power at the table's level."""
SEASONS = {Season.SPRING: "spring", Season.FALL: "fall", Season.WINTER: "winter"}
STEPS = {PhaseStep.MOVEMENT: "movement", PhaseStep.RETREAT: "retreat", PhaseStep.ADJUSTMENT: "adjustment"}
_NOT_NOW = frozenset({"not-negotiation-phase", "not-movement-phase", "limit", "not-open", "not-lasting"})
"""Rules of the solo game that refuse an action now, not for good: a 409."""


@dataclass(frozen=True)
class Front1901Game:
    """The adapter's state: the solo game (as its phase opened), the phases the last step played as the member's
    view shows them, and how many movement phases so far the member played the suggestion (the daily board's
    tie-break). ``played``: the same phases whole, every message included, for the step's record; only between
    ``advance`` and ``step_record``, never stored."""

    solo: SoloGame
    last: tuple[Json, ...] = ()
    matched: int = 0
    played: tuple[Json, ...] = field(default=(), compare=False)
    missed: Mapping[str, int] = field(default_factory=dict)
    """A table's members' phases missed in a row (a seat passes to an AI power at ``MISSED_IN_A_ROW``)."""
    away: tuple[str, ...] = ()
    """A table's seats an AI power keeps for their member (who may reclaim it at the start of a later phase)."""


def _member(game: SoloGame) -> str:
    if game.member is None:
        raise ValueError("a game of the service has a member")
    return game.member


def _refused(error: SoloError, fields: Mapping[str, str] | None = None, code: ErrorCode | None = None
             ) -> DomainError:
    """A rule of the solo game as the API answers it: ``over`` a 409 ``game_over``; a rule that refuses it now
    a 409; an unknown message or agreement a 404; anything else a 422 (``code``), naming the field as the
    request writes it (``fields`` renames the game's)."""
    where = (fields or {}).get(error.field, error.field)
    if error.rule == "over":
        return Conflict(error.message, field=where, rule=error.rule, code=ErrorCode.GAME_OVER)
    if error.rule in _NOT_NOW:
        return Conflict(error.message, field=where, rule=error.rule)
    if error.rule == "not-found":
        return NotFound(error.message, field=where, rule=error.rule)
    return InvalidInput(error.message, field=where, rule=error.rule, code=code)


def _syntax_rule(error: OrderSyntaxError) -> str:
    """Why an order cannot be read: it names a place that is no province (or a coast it lacks), or it is no
    order in either notation."""
    unknown = error.reason.startswith("no province") or "no coast" in error.reason or "impassable" in error.reason
    return "unknown-province" if unknown else "unreadable"


def agreement_json(agreement: Agreement) -> Json:
    return {"id": agreement.id, "kind": agreement.kind, "proposer": agreement.proposer,
            "recipient": agreement.recipient, "since": str(agreement.since), "terms": agreement.terms.to_json()}


def _mine(game: SoloGame, power: str | None = None) -> list[Json]:
    member = power or _member(game)
    return [agreement_json(a) for a in game.memory.agreements if member in a.parties]


def _messages(game: SoloGame, power: str | None = None) -> list[Json]:
    return [m.to_json() for m in inbox(game, power)]


def _proposals_left(messages: Sequence[Json], member: str, negotiators: Sequence[str]) -> dict[str, int]:
    """The proposals the member may still send each power this phase ("at most 3 ... to one power per phase")."""
    sent = [m["to"] for m in messages if m["kind"] == "proposal" and m["from"] == member]
    return {power: max(0, PROPOSALS_PER_POWER - sent.count(power)) for power in negotiators}


def _legal(position: Position, member: str) -> list[Json]:
    """The member's legal orders, per unit (an adjustment phase: one list of builds, or of disbands)."""
    step = position.phase.step
    if step is PhaseStep.ADJUSTMENT:
        orders = legal_adjustment_orders(position).get(member)
        return [{"unit": None, "orders": orders}] if orders else []
    if step is PhaseStep.RETREAT:
        return [{"unit": str(d.unit), "orders": legal_retreat_orders(position)[p]}
                for p, d in sorted(position.dislodged.items()) if d.unit.power == member]
    legal = legal_movement_orders(position)
    return [{"unit": unit.text, "orders": legal[p]} for p, unit in sorted(position.units.items())
            if unit.power == member]


def _board_view(game: SoloGame, seat: str) -> Json:
    """The part of a member's view every game of Front 1901 shows alike: the phase, the public position, the
    seat's legal orders and what it owes in an adjustment phase."""
    position = game.position
    public = position.to_json()
    return {
        "power": seat,
        "phase": str(position.phase),
        "year": position.phase.year,
        "season": SEASONS[position.phase.season],
        "step": STEPS[position.phase.step],
        "units": public["units"],
        "centres": public["centers"],
        "counts": {power: position.centre_count(power) for power in POWERS},
        "dislodged": _dislodged(position),
        "legal": [] if game.over else _legal(position, seat),
        "adjustment": adjustment_counts(position).get(seat, 0) if position.phase.step is PhaseStep.ADJUSTMENT else 0,
    }


def _dislodged(position: Position) -> list[Json]:
    return [{"unit": d.unit.text, "power": d.unit.power, "attacker_from": d.attacker_from,
             "retreats": list(d.retreats)} for _, d in sorted(position.dislodged.items())]


def _verdicts(record: PhaseRecord) -> list[Json]:
    return [{"agreement": v.agreement.id, "kind": v.agreement.kind, "parties": list(v.agreement.parties),
             "outcome": v.outcome.value, "breakers": list(v.breakers), "order": v.order, "text": v.sentence()}
            for v in record.verdicts]


def _phase_json(start: Position, record: PhaseRecord, member: str, mine: Json, suggested: bool | None) -> Json:
    """One phase played, whole: every power's orders (public once resolved) and results, the centres after it
    and what changed hands, the verdicts on agreements, the summary for the member, every message of the phase
    (the member's view and history show theirs only), and of the member's orders the void ones and the convoys
    added (``mine``)."""
    before = dict(start.centres)
    after = {centre: owner for owner, centres in record.centres.items() for centre in centres}
    return {
        "phase": str(record.phase),
        "orders": {power: list(orders) for power, orders in sorted(record.orders.items())},
        "results": dict(sorted(record.results.items())),
        "reasons": dict(sorted(record.reasons.items())),
        "void_orders": [{"power": v.power, "order": v.order, "reason": v.reason} for v in record.void_orders],
        "centres": {power: list(centres) for power, centres in sorted(record.centres.items())},
        "changes": [{"centre": c, "from": before.get(c), "to": after[c]} for c in sorted(after)
                    if before.get(c) != after[c]],
        "verdicts": _verdicts(record),
        "summary": summary(start, record, member),
        "suggested": suggested,
        "void": mine["void"],
        "convoys": mine["convoys"],
        "messages": [m.to_json() for m in record.messages],
        "kept_by_ai": [],
    }


def public(phase: Json, member: str, *, messages: bool = True) -> Json:
    """A phase played as its member sees it: every order and result (public once resolved), the verdicts on
    the member's agreements, and the member's messages of it ("Messages are private between the member and each
    power"), or none (``messages`` False: the view's last phases, whose messages the view already showed)."""
    shown = {name: value for name, value in phase.items() if name not in ("messages", "summaries", "mine")}
    shown["verdicts"] = [v for v in phase["verdicts"] if member in v["parties"]]
    if messages:
        shown["messages"] = [m for m in phase["messages"] if m["to"] is None or member in (m["from"], m["to"])]
    if "summaries" in phase:  # a table's phase: the summary and the void orders and convoys of ``member``'s
        shown["summary"] = phase["summaries"].get(member, [])
        shown.update(phase["mine"].get(member, {"void": [], "convoys": []}))
    return shown


def _effects(before: SoloGame, after: SoloGame, power: str | None = None) -> Json:
    """What an action changed of the member's view (at a table, ``power``'s): the messages it wrote or changed,
    the agreements it made and those it ended."""
    was = {m["id"]: m for m in _messages(before, power)}
    kept = {a["id"] for a in _mine(before, power)}
    now = _mine(after, power)
    return {"messages": [m for m in _messages(after, power) if was.get(m["id"]) != m],
            "agreements": [a for a in now if a["id"] not in kept],
            "ended": sorted(kept - {a["id"] for a in now})}


def _table_effects(before: SoloGame, after: SoloGame) -> Json:
    """What a table's action changed of each member's view, by power (a member whose view it left alone is
    not named: what one member did is never in another's view unless sent to them)."""
    changed = {power: _effects(before, after, power) for power in after.members}
    return {power: e for power, e in changed.items() if e["messages"] or e["agreements"] or e["ended"]}


def _result(game: SoloGame) -> Json | None:
    """"The result carries the centre count and the year."""
    if game.result is None:
        return None
    return {"kind": game.result.kind.value, "centres": game.result.centres, "year": game.result.year}


def _replayed(game: SoloGame, actions: Sequence[Json]) -> SoloGame:
    """The game as the phase's actions left it (drafts and votes change nothing); at a table each by the power
    that acted (a member acting from a seat an AI power kept for it has reclaimed it)."""
    for action in actions:
        kind, by = action["kind"], action.get("by")
        if kind == "say":
            game = say(game, action["by"], action["to"], action["text"])
        elif kind == "propose" and by is not None and "answer" not in action:
            game = offer(game, by, action["to"], action["proposal"])
        elif kind == "propose":
            game = propose(game, action["to"], action["proposal"], power=by)[0]
        elif kind == "reply":
            game = reply(game, action["message"], action["accept"], power=by)
        elif kind == "cancel":
            game = cancel(game, action["agreement"], power=by)
    return game


def votes(actions: Sequence[Json]) -> dict[str, Json]:
    """Each member's last vote of the phase (``none`` withdraws it)."""
    cast: dict[str, Json] = {}
    for action in actions:
        if action["kind"] == "vote":
            cast[action["by"]] = {"vote": action["vote"], "to": action.get("to")}
    return {power: vote for power, vote in cast.items() if vote["vote"] != "none"}


def _settled(game: SoloGame, actions: Sequence[Json]) -> SoloGame | None:
    """The game ended by its members' votes of the phase, or None: a draw when every surviving member voted for
    it and the AI powers do (``ai_votes_draw``); a concession when every surviving member conceded to one power."""
    living = set(alive(game.position))
    voters = [p for p in game.members if p in living]
    cast = votes(actions)
    if not voters or any(p not in cast for p in voters):
        return None
    chosen = {(cast[p]["vote"], cast[p]["to"]) for p in voters}
    if len(chosen) != 1:
        return None
    vote, to = chosen.pop()
    if vote == "draw":
        return settle(game, "draw") if ai_votes_draw(game) else None
    return settle(game, "concession", to) if to in living else None


def _convoys(position: Position, member: str, written: Sequence[tuple[str, Any]]) -> list[str]:
    """"Just click the army and then the landing coast: your fleets at sea along the way are given the convoy
    order automatically": for each army of the member ordered to a coast it can reach only across the sea, the
    convoy orders of the member's fleets on the shortest route of them (fleets the member gave another order
    keep it: they are not on a route), in order."""
    ordered: dict[str, Any] = {order.unit.province: order for _, order in written if hasattr(order, "unit")}
    added: list[str] = []
    for _, order in written:
        if not isinstance(order, Move):
            continue
        unit = position.units.get(order.unit.province)
        start, end = order.unit.province, province_of(order.to)
        if (unit is None or unit.power != member or unit.kind is not UnitKind.ARMY or end in ARMY_MOVES[start]
                or start not in COASTAL or end not in COASTAL):
            continue
        convoy = f"C A {start} - {end}"

        def free(sea: str, convoy: str = convoy) -> bool:
            fleet = position.units.get(sea)
            if fleet is None or fleet.power != member or fleet.kind is not UnitKind.FLEET:
                return False
            given = ordered.get(sea)
            return given is None or str(given).endswith(convoy)

        route = _route(sorted(s for s in SEA_NEIGHBOURS[start] if free(s)), SEA_NEIGHBOURS[end], free)
        for sea in route:
            if sea not in ordered:
                text = f"F {sea} {convoy}"
                added.append(text)
                ordered[sea] = parse_order(text)
    return added


def _route(starts: Sequence[str], ends: frozenset[str], free: Any) -> list[str]:
    """The shortest chain of free seas from one of ``starts`` to one touching ``ends`` (breadth first, seas in
    alphabetical order: the same route every time); empty when there is none."""
    came: dict[str, str | None] = {sea: None for sea in starts}
    queue = deque(starts)
    while queue:
        sea = queue.popleft()
        if sea in ends:
            route = [sea]
            while (back := came[route[-1]]) is not None:
                route.append(back)
            return route[::-1]
        for following in sorted(SEA_NEIGHBOURS[sea]):
            if following not in came and free(following):
                came[following] = sea
                queue.append(following)
    return []


class Front1901(BaseEngine[Front1901Game]):
    kind = FRONT1901
    replaces = True
    """A table's member replaces their orders until the last member with orders sends (the solo game's member is
    the only one: their orders close the phase)."""
    powers: tuple[str, ...] = POWERS
    levels: tuple[str, ...] = tuple(str(level) for level in PLAYABLE)
    lengths: tuple[str, ...] = tuple(str(length) for length in Length)

    def seats(self, options: Mapping[str, str]) -> tuple[Seat, ...]:
        return POWERS

    def start(self, seed: int, options: Mapping[str, str]) -> Started:
        """``options``: ``power`` (the member's), ``level``, ``length``; and, from the local runner's admin only,
        ``setup``: a JSON text of a position, agreements and trust values to start from (not kept in the
        options)."""
        if options.get("members"):
            return self._start_table(seed, options)
        if not options.get("power"):
            raise InvalidInput("a game of Front 1901 names the member's power", field="power", rule="required")
        try:
            game = new_game(seed, options["power"], options.get("level", ""), options.get("length", "short"))
        except SoloError as error:
            raise _refused(error) from error
        if "setup" in options:
            game = _set_up(game, options["setup"])
        kept = {name: options[name] for name in ("power", "level", "length") if name in options}
        return Started(Front1901Game(game), {**kept, "power": _member(game)})

    def _start_table(self, seed: int, options: Mapping[str, str]) -> Started:
        try:
            game = new_table(seed, options["members"].split(","), options.get("level", ""),
                             options.get("length", "short"), gunboat=options.get("press") == "gunboat")
        except SoloError as error:
            raise _refused(error) from error
        if "setup" in options:
            game = _set_up_table(game, options["setup"])
        kept = {name: options[name] for name in ("members", "level", "length", "press", "rated", "unrated",
                                                 "unrated_for")
                if name in options}
        return Started(Front1901Game(game), kept)

    def step(self, state: Front1901Game, players: Mapping[Seat, str]) -> Step | None:
        game = state.solo
        if game.over:
            return None
        if game.table:
            played = frozenset(p for p in POWERS if is_member(players[p]) and p not in state.away)
            awaiting = frozenset(p for p in played if has_orders(game, p))
            return Step(label=str(game.position.phase), kind=StepKind.PHASE, awaiting=awaiting,
                        decided_at_close=frozenset(POWERS) - played,
                        brief=game.position.phase.step is not PhaseStep.MOVEMENT)
        member = _member(game)
        seat = frozenset({member})
        member_plays = is_member(players[member])
        return Step(label=str(game.position.phase), kind=StepKind.PHASE, awaiting=seat if member_plays else frozenset(),
                    decided_at_open=frozenset() if member_plays else seat,
                    decided_at_close=frozenset(POWERS) - seat)

    def check(self, state: Front1901Game, seat: Seat, orders: Orders) -> Orders:
        """The member's orders as given, each read (an order that cannot be read is refused, naming it), with
        the void ones and their reasons, and the convoy orders added for armies sent across the sea."""
        if not isinstance(orders, list) or not all(isinstance(text, str) for text in orders):
            raise IllegalOrders("orders are a list of order texts", field="orders", rule="shape")
        written = []
        for index, text in enumerate(orders):
            try:
                written.append((text, parse_order(text)))
            except OrderSyntaxError as error:
                raise IllegalOrders(f"orders[{index}]: {error}", field=f"orders[{index}]",
                                    rule=_syntax_rule(error)) from error
        position = state.solo.position
        void: list[Json] = []
        convoys: list[str] = []
        if position.phase.step is PhaseStep.MOVEMENT:
            geometry = ConvoyGeometry.of(position.units)
            for text, order in written:
                try:
                    check_movement_order(position, seat, order, geometry)
                except IllegalOrderError as error:
                    void.append({"order": text, "reason": error.rule})
            convoys = _convoys(position, seat, written)
        else:
            alone = play(position, {seat: [text for text, _ in written]})
            void = [{"order": v.order, "reason": v.reason} for v in alone.void_orders
                    if v.power == seat and not isinstance(parse_order(v.order), Waive)]
            for text, order in written:
                unit = getattr(order, "unit", None)
                found = next((name for name in alone.results if unit is not None
                              and province_of(name.split()[1]) == unit.province), None)
                if found is not None and alone.results[found] == "void":
                    void.append({"order": text, "reason": alone.reasons.get(found, "void")})
        return {"orders": [text for text, _ in written] + convoys, "void": void, "convoys": convoys}

    def act(self, state: Front1901Game, seat: Seat, action: Json, earlier: Sequence[Json]) -> Json:
        """A proposal (answered at once), an answer to an AI proposal, a cancellation or a draft of the orders,
        on the phase as its earlier actions left it; recorded with what it changed of the member's view. An
        exact repeat of a proposal is the earlier one's record (its stored answer), which changes nothing."""
        if state.solo.table:
            return self._act_at_table(state, seat, action, earlier)
        kind = action.get("kind")
        if kind in TABLE_ACTIONS and kind not in ACTIONS:  # a table's route called on a solo game
            raise InvalidInput("texts, votes and reclaiming a seat are a table's, not a solo game's",
                               field="game_id", rule="no-table")
        if kind not in ACTIONS:
            raise IllegalOrders(f"an action is one of {', '.join(ACTIONS)}", field="kind", rule="unknown-action")
        if len(earlier) >= MAX_ACTIONS:
            raise Conflict(f"at most {MAX_ACTIONS} actions a phase", rule="too-many-actions")
        game = _replayed(state.solo, earlier)
        if kind == "draft":
            if sum(1 for a in earlier if a["kind"] == "draft") >= DRAFTS:
                raise Conflict(f"at most {DRAFTS} drafts a phase", field="orders", rule="draft-limit")
            checked = self.check(replace(state, solo=game), seat, action["orders"])
            return {"kind": kind, "orders": action["orders"], "draft": checked}
        try:
            if kind == "propose":
                after, answer = propose(game, action["to"], action["proposal"])
                recorded = {"kind": kind, "to": action["to"], "proposal": read_proposal(action["proposal"]).to_json(),
                            "answer": answer.to_json()}
                if after is game:  # an exact repeat: the stored answer, recorded once
                    first = next((a for a in earlier if {k: a.get(k) for k in recorded} == recorded), None)
                    if first is not None:
                        return first
            elif kind == "reply":
                after = reply(game, action["message"], action["accept"])
                recorded = {"kind": kind, "message": action["message"], "accept": action["accept"]}
            else:
                after = cancel(game, action["agreement"])
                recorded = {"kind": kind, "agreement": action["agreement"]}
        except SoloError as error:
            fields = {"recipient": "to", "message": "message_id", "agreement": "agreement_id", "phase": "phase",
                      "game": "game_id"}
            name = fields.get(error.field) or f"proposal.{error.field}"
            raise _refused(error, {error.field: name}, ErrorCode.ILLEGAL_PROPOSAL) from error
        return {**recorded, "effects": _effects(game, after)}

    def _act_at_table(self, state: Front1901Game, seat: Seat, action: Json, earlier: Sequence[Json]) -> Json:
        """A table member's action, recorded with ``by`` (the acting power) and what it changed of each member's
        view (``effects`` by power)."""
        kind = action.get("kind")
        if kind not in TABLE_ACTIONS:
            raise IllegalOrders(f"an action is one of {', '.join(TABLE_ACTIONS)}", field="kind", rule="unknown-action")
        if len(earlier) >= TABLE_MAX_ACTIONS:
            raise Conflict(f"at most {TABLE_MAX_ACTIONS} actions a phase", rule="too-many-actions")
        game = _replayed(state.solo, earlier)
        if seat in state.away and kind != "reclaim":
            raise Conflict(f"an AI power keeps {seat} until you reclaim it", field="power", rule="seat-kept")
        if kind == "reclaim":
            if seat not in state.away:
                raise Conflict(f"you play {seat}", field="power", rule="not-kept")
            return {"kind": kind, "by": seat, "effects": {}}
        if kind == "draft":
            if sum(1 for a in earlier if a["kind"] == "draft" and a["by"] == seat) >= DRAFTS:
                raise Conflict(f"at most {DRAFTS} drafts a phase", field="orders", rule="draft-limit")
            checked = self.check(replace(state, solo=game), seat, action["orders"])
            return {"kind": kind, "by": seat, "orders": action["orders"], "draft": checked}
        if kind == "vote":
            if seat not in alive(game.position):
                raise Conflict(f"{seat} is out of the game: only surviving powers vote", field="power",
                               rule="not-alive")
            if action.get("vote") not in VOTES:
                raise InvalidInput(f"a vote is one of {', '.join(VOTES)}", field="vote", rule="unknown-vote")
            to = action.get("to") if action["vote"] == "concede" else None
            if action["vote"] == "concede" and to not in alive(game.position):
                raise InvalidInput("a concession is to a surviving power", field="to", rule="not-alive")
            return {"kind": kind, "by": seat, "vote": action["vote"], "to": to, "effects": {}}
        fields = {"recipient": "to", "message": "message_id", "agreement": "agreement_id", "phase": "phase",
                  "game": "game_id", "text": "text", "power": "power"}
        try:
            if kind == "propose" and action["to"] in game.members:
                after = offer(game, seat, action["to"], action["proposal"])
                recorded = {"kind": kind, "by": seat, "to": action["to"],
                            "proposal": read_proposal(action["proposal"]).to_json()}
            elif kind == "propose":
                after, answer = propose(game, action["to"], action["proposal"], power=seat)
                recorded = {"kind": kind, "by": seat, "to": action["to"],
                            "proposal": read_proposal(action["proposal"]).to_json(), "answer": answer.to_json()}
            elif kind == "reply":
                after = reply(game, action["message"], action["accept"], power=seat)
                recorded = {"kind": kind, "by": seat, "message": action["message"], "accept": action["accept"]}
            elif kind == "cancel":
                after = cancel(game, action["agreement"], power=seat)
                recorded = {"kind": kind, "by": seat, "agreement": action["agreement"]}
            else:
                after = say(game, seat, action.get("to"), action.get("text", ""))
                recorded = {"kind": kind, "by": seat, "to": action.get("to"), "text": action.get("text", "")}
        except SoloError as error:
            name = fields.get(error.field) or f"proposal.{error.field}"
            raise _refused(error, {error.field: name}, ErrorCode.ILLEGAL_PROPOSAL) from error
        if after is game:  # an exact repeat: the earlier record, nothing written
            first = next((a for a in earlier if {k: a.get(k) for k in recorded} == recorded), None)
            if first is not None:
                return first
        return {**recorded, "effects": _table_effects(game, after)}

    def stand_in(self, state: Front1901Game, seat: Seat, stand_in: Json | None, seed: int) -> Orders:
        """No orders: "units hold; missing retreats: the unit is disbanded; missing builds: waived; missing
        disbands: civil disorder" (the engine's own)."""
        return {"orders": [], "void": [], "convoys": [], "missed": True}

    def decide(self, state: Front1901Game, seats: frozenset[Seat], actions: Sequence[Json], seed: int
               ) -> dict[Seat, Orders]:
        """The AI powers' orders after the phase's negotiation, from the game alone (``ai_orders`` takes no
        orders); every draw from the game's own seed."""
        game = _replayed(state.solo, actions)
        if game.table:
            for power in sorted(seats & set(game.seated)):  # a seat passing to the AI power this phase
                game = to_ai(game, power)
        decided = ai_orders(game)
        return {power: decided.get(power, []) for power in seats}

    def advance(self, state: Front1901Game, orders: Mapping[Seat, Orders], actions: Sequence[Json]) -> Front1901Game:
        """The phase with its actions, the member's orders and the AI powers' as decided at the close, then the
        phases that need nothing of the member; each phase's record, with its summary and whether the member's
        orders were the suggestion (a movement phase)."""
        if state.solo.table:
            return self._advance_table(state, orders, actions)
        game = _replayed(state.solo, actions)
        member = _member(game)
        mine = orders[member]
        ai = {power: list(sent) for power, sent in orders.items() if power != member}
        movement = game.position.phase.step is PhaseStep.MOVEMENT
        suggested = matches_suggestion(game, mine["orders"]) if movement else None
        after, records = submit(game, mine["orders"], ai=ai)
        phases, start = [], game.position
        for index, record in enumerate(records):
            shown = mine if index == 0 else {"void": [], "convoys": []}
            phases.append(_phase_json(start, record, member, shown, suggested if index == 0 else None))
            if index + 1 < len(records):
                start = play(start, record.orders).position
        return Front1901Game(after, tuple(public(p, member, messages=False) for p in phases),
                             state.matched + bool(suggested), tuple(phases))

    def _advance_table(self, state: Front1901Game, orders: Mapping[Seat, Orders], actions: Sequence[Json]
                       ) -> Front1901Game:
        """A table's phase: its votes first (a draw or a concession ends the game as it stands), else the members'
        orders (as checked, or a missed seat's) and the AI powers' as decided at the close. Then a member who has
        missed ``MISSED_IN_A_ROW`` phases in a row has their seat passed to an AI power, and a member who
        reclaimed theirs this phase plays it again from the next."""
        game = _replayed(state.solo, actions)
        ended = _settled(game, actions)
        if ended is not None:
            return replace(state, solo=ended, last=(), played=())
        given = {p: orders[p]["orders"] for p in game.members if p in orders}  # a member with nothing to order: none
        ai = {p: list(sent) for p, sent in orders.items() if p not in game.members}
        after, records = submit(game, given, ai=ai)
        phases, start = [], game.position
        kept_for = sorted(state.away)
        for index, record in enumerate(records):
            whole = _phase_json(start, record, POWERS[0], {"void": [], "convoys": []}, None)
            whole["summaries"] = {p: summary(start, record, p) for p in game.members}
            whole["mine"] = {p: {"void": orders[p]["void"], "convoys": orders[p]["convoys"]}
                             if index == 0 and p in given else {"void": [], "convoys": []} for p in game.members}
            whole["kept_by_ai"] = kept_for
            phases.append(whole)
            if index + 1 < len(records):
                start = play(start, record.orders).position
        missed = {**{p: n for p, n in state.missed.items() if p in game.members},
                  **{p: state.missed.get(p, 0) + 1 if orders[p].get("missed") else 0 for p in given}}
        away = set(state.away)
        if not after.over:
            for power in sorted(p for p, n in missed.items() if n >= MISSED_IN_A_ROW):
                after, missed[power] = to_ai(after, power), 0
                away.add(power)
            for power in sorted({a["by"] for a in actions if a["kind"] == "reclaim"} & away):
                after = reclaim(after, power)
                away.discard(power)
        last = tuple({k: v for k, v in phase.items() if k != "messages"} for phase in phases)
        return Front1901Game(after, last, state.matched, tuple(phases), missed, tuple(sorted(away)))

    def step_record(self, before: Front1901Game, after: Front1901Game, orders: Mapping[Seat, Orders]) -> Json:
        """Each phase the step played, whole, and the position it led to (a replay checks it)."""
        return {"phases": list(after.played), "position": after.solo.position.to_json()}

    def _table_view(self, state: Front1901Game, seat: Seat) -> Json:
        """A table member's view: the solo game's, of their power, with every member's power and whom the
        coalition stands against; the trust of each AI power in them; the messages they sent or were sent and
        the public ones. Never another member's orders, nor a message between two others."""
        game = state.solo
        position = game.position
        messages = _messages(game, seat)
        living = set(alive(position))
        others = sorted(p for p in POWERS if p != seat and p in living
                        and (p in game.members or (not game.gunboat and p in game.levels)))
        negotiating = position.phase.step is PhaseStep.MOVEMENT and not game.over and not game.gunboat
        return {
            **_board_view(game, seat),
            "messages": messages,
            "proposals_left": _proposals_left(messages, seat, others) if negotiating else {},
            "agreements": _mine(game, seat),
            "trust": trust_in_member(game, seat),
            "coalition": list(game.coalition),
            "against": game.against,
            "members": list(game.members),
            "kept_by_ai": seat in state.away,
            "press": "gunboat" if game.gunboat else "full",
            "over": game.over,
            "result": None,
            "winners": list(winners(game)) if game.over else [],
            "ranks": ranking(game) if game.over else {},
            "ends": game.settled.kind.value if game.settled is not None else None,
            "last": [public(p, seat, messages=False) for p in state.last],
            "draft": None,
        }

    def view(self, state: Front1901Game, seat: Seat) -> Json:
        """What the member sees: the position (public), the phase, their legal orders, this phase's messages
        and the agreements in force of theirs, each AI power's trust in them, the coalition, the result, and the
        phases their last orders played. Never an AI power's plans, the AI powers' messages to each other, the
        trust between them or the seed."""
        if state.solo.table:
            return self._table_view(state, seat)
        game = state.solo
        position = game.position
        messages = _messages(game)
        living = set(alive(position))
        negotiators = sorted(p for p in game.levels if p != seat and p in living)
        return {
            **_board_view(game, seat),
            "messages": messages,
            "proposals_left": {} if game.over or position.phase.step is not PhaseStep.MOVEMENT
            else _proposals_left(messages, seat, negotiators),
            "agreements": _mine(game),
            "trust": trust_in_member(game),
            "coalition": list(game.coalition),
            "over": game.over,
            "result": _result(game),
            "winners": list(winners(game)),
            "last": list(state.last),
            "draft": None,
        }

    def outcome(self, state: Front1901Game) -> Outcome | None:
        """Once over: the one power that won (a seat), ``draw`` for a shared win, None when nobody won; and the
        member's result."""
        game = state.solo
        if not game.over:
            return None
        won = winners(game)
        if game.table:
            return Outcome(won[0] if len(won) == 1 else ("draw" if won else None),
                           game.settled.kind.value if game.settled is not None else None)
        return Outcome(won[0] if len(won) == 1 else ("draw" if won else None),
                       None if game.result is None else game.result.kind.value)

    def record(self, state: Front1901Game) -> Json:
        """The finished game: the member's power, the level, the length, the result, who won, the final position
        and the phases the member played the suggestion. Not the seed: every AI draw came from it, and like every
        game's it is never shown."""
        game = state.solo
        if game.table:
            return {"members": list(game.members), "level": str(game.level), "length": str(game.length),
                    "last_year": game.last_year, "press": "gunboat" if game.gunboat else "full",
                    "ends": game.settled.kind.value if game.settled is not None else None,
                    "winners": list(winners(game)), "ranks": ranking(game), "phase": str(game.position.phase),
                    "units": game.position.to_json()["units"], "centres": game.position.to_json()["centers"]}
        return {"power": _member(game), "level": str(next(iter(game.levels.values()))),
                "length": str(game.length), "last_year": game.last_year,
                "result": _result(game), "winners": list(winners(game)), "phase": str(game.position.phase),
                "units": game.position.to_json()["units"], "centres": game.position.to_json()["centers"],
                "matched": state.matched}

    def stop(self, state: Front1901Game, winner: Seat | None) -> Front1901Game:
        """The member stops: ``abandoned``, or ``won`` kept after 18 centres in a full game."""
        if state.solo.over:
            return state
        if state.solo.table:  # a moderator's stop, a freeze: no one wins by it
            return replace(state, solo=replace(state.solo, over=True))
        return replace(state, solo=abandon(state.solo))

    def dump(self, state: Front1901Game) -> Json:
        kept = {"missed": dict(sorted(state.missed.items())), "away": list(state.away)} if state.solo.table else {}
        return {"solo": state.solo.to_json(), "last": list(state.last), "matched": state.matched, **kept}

    def load(self, data: Json) -> Front1901Game:
        return Front1901Game(SoloGame.from_json(data["solo"]), tuple(data["last"]), int(data["matched"]),
                             missed={p: int(n) for p, n in data.get("missed", {}).items()},
                             away=tuple(data.get("away", ())))

    # ---------------------------------------------------------------- what Front 1901's features ask
    public = staticmethod(public)

    @staticmethod
    def shown(view: Json, actions: Sequence[Json]) -> Json:
        """A view stored when the phase opened, as the phase's actions left it: their messages and agreements,
        the proposals left, the last draft (at a table, each action's effects on this member's view alone)."""
        messages = {m["id"]: m for m in view["messages"]}
        agreements = {a["id"]: a for a in view["agreements"]}
        draft = view["draft"]
        power = view["power"]
        for action in actions:
            mine = action.get("by", power) == power
            if action["kind"] == "draft":
                draft = action["draft"] if mine else draft
                continue
            effects = action["effects"].get(power) if "by" in action else action["effects"]
            if not effects:  # a table's action that left this member's view alone
                continue
            messages.update({m["id"]: m for m in effects["messages"]})
            for ended in effects["ended"]:
                agreements.pop(ended, None)
            agreements.update({a["id"]: a for a in effects["agreements"]})
        listed = [messages[i] for i in sorted(messages)]
        left = _proposals_left(listed, view["power"], sorted(view["proposals_left"]))
        return {**view, "messages": listed, "agreements": [agreements[i] for i in sorted(agreements)],
                "proposals_left": left, "draft": draft}

    def estimates(self, data: Json, actions: Sequence[Json], draft: Sequence[str], seat: str | None = None
                  ) -> list[Json]:
        """The strength estimate under each draft order, on the phase as it stands (``seat``: a table's member)."""
        return [e.to_json() for e in self._help(data, actions, lambda game: estimate(game, draft, seat))]

    def threats(self, data: Json, actions: Sequence[Json], seat: str | None = None) -> list[Json]:
        return [t.to_json() for t in self._help(data, actions, lambda game: threat_map(game, seat))]

    def suggestions(self, data: Json, actions: Sequence[Json], seat: str | None = None) -> list[Json]:
        return [s.to_json() for s in self._help(data, actions, lambda game: suggest(game, seat))]

    def _help(self, data: Json, actions: Sequence[Json], ask: Any) -> list[Any]:
        game = _replayed(self.load(data).solo, actions)
        try:
            return list(ask(game))
        except SoloError as error:
            raise _refused(error) from error


def _set_up(game: SoloGame, text: str) -> SoloGame:
    """A game from a given position, agreements and trust values (the local runner's admin, for tests): its
    phase opened anew on that position, the AI's messages written for it."""
    try:
        setup = json.loads(text)
        position = Position.from_json(setup["position"]) if "position" in setup else game.position
    except (ValueError, TypeError, KeyError, PositionError) as error:
        raise InvalidInput(f"the setup's position: {error}", field="setup.position") from error
    member = _member(game)
    memory = game.memory
    for index, entry in enumerate(setup.get("agreements", ())):
        try:
            proposer, recipient, body = entry
            terms = check_proposal(read_proposal(body), proposer, recipient, position)
        except (SoloError, ValueError, TypeError) as error:
            raise InvalidInput(f"the setup's agreement {index}: {error}", field=f"setup.agreements[{index}]") from error
        memory = memory.agreed(Agreement(0, proposer, recipient, terms, position.phase))[0]
    trust = memory.trust
    values = {a: dict(row) for a, row in trust.values.items()}
    for power, value in dict(setup.get("trust", {})).items():
        if power not in values or power == member or not isinstance(value, int) or not 0 <= value <= HIGHEST:
            raise InvalidInput(f"the setup's trust: {power} trusts the member 0 to {HIGHEST}", field="setup.trust")
        values[power][member] = value
    fresh = replace(game, position=position, memory=replace(memory, trust=Trust(values, trust.ceilings, trust.grudges)),
                    messages=())
    return open_phase(fresh)


def _set_up_table(game: SoloGame, text: str) -> SoloGame:
    """A table from a given position (the local runner's admin and the tests only): its phase opened anew on it."""
    try:
        position = Position.from_json(json.loads(text)["position"])
    except (ValueError, TypeError, KeyError, PositionError) as error:
        raise InvalidInput(f"the setup's position: {error}", field="setup.position") from error
    return open_phase(replace(game, position=position, messages=()))


ENGINE = Front1901()
