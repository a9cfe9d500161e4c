"""A solo game: one member against six AI powers, as one typed, JSON-serialisable state and pure functions.

The game service stores one ``SoloGame`` per game (``to_json``/``from_json``) and calls, per phase:

- when a movement phase opens (done by ``new_game`` and ``submit``): the AI powers' messages to the member
  and among themselves are in ``game.messages``;
- during the phase: ``propose`` (the member's proposal, answered at once), ``reply`` (the member's answer
  to an AI proposal), ``cancel`` (the member cancels a lasting agreement);
- at the close: ``submit`` with the member's orders: the AI powers decide (``ai_orders``, which takes no
  argument carrying the member's orders), the engine adjudicates, the judge runs, trust and memory update;
  the retreat and adjustment phases in which the member has nothing to do are played at once, and the next
  phase opens.  ``submit`` returns a ``PhaseRecord`` per phase played, for the history.

"A game has a seed; every AI choice and noise is drawn from it ... so a game is replayed exactly from its
seed, the member's orders and the member's messages, in their order."  ``member`` None is self-play: seven
AI powers (``selfplay``).

A table (``new_table``) is the same game with several members' seats: ``seated`` the powers members play, the
others AI powers that keep trust in every power, stand against whoever leads, write to every member and
answer any of them; the functions a member calls take its ``power``.  The solo game is the table of one
member: every function without ``power`` is the solo game's, unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..adjustments import adjustment_counts, buildable_sites
from ..board import POWERS, VICTORY_CENTRES, Power
from ..game import SHORT_GAME_LAST_YEAR, alive, outcome, play
from ..movement import VoidOrder
from ..orders import Order
from ..position import Phase, Position, Season, Step, centres_to_json, parse_power, starting_position
from .agreements import Agreement
from .answers import Answer, answer
from .decisions import Decisions, Table, decide
from .errors import SoloError
from .judge import Verdict, VerdictKind, judge
from .levels import PLAYABLE, Level
from .memory import MemberStats, Memory
from .press import TEXT_LIMIT, Desk, Message, MessageKind, Status, lapse, notices, open_movement
from .proposals import LASTING, Demand, check_proposal, read_proposal
from .trust import Trust

PROPOSALS_PER_POWER = 3
""""At most 3 proposals from the member to one power per phase." """
TEXTS_PER_PHASE = 30
"""A member's text messages in one phase at most (a bound on the game state, read on every call)."""
LAST_SELFPLAY_YEAR = 2000
"""A full game between AI powers alone ends at the end of this year at the latest (they may hold a
stalemate line for ever)."""


class Length(StrEnum):
    FULL = "full"
    """To 18 centres, then on until no enemy centre is left or the member stops."""
    SHORT = "short"
    """Until a power reaches 18 centres or the end of 1910 (after the F1910 movement phase and its retreats)."""


class ResultKind(StrEnum):
    WON = "won"
    SHARED = "shared"
    SURVIVED = "survived"
    ELIMINATED = "eliminated"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class Result:
    """"The result carries the centre count and the year." """

    kind: ResultKind
    centres: int
    year: int

    def to_json(self) -> dict[str, Any]:
        return {"result": self.kind.value, "centres": self.centres, "year": self.year}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        return cls(ResultKind(data["result"]), int(data["centres"]), int(data["year"]))


class SettlementKind(StrEnum):
    DRAW = "draw"
    """Every surviving member voted for a draw, and the AI powers did."""
    CONCESSION = "concession"
    """Every surviving member conceded to one power, which wins."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """A table's game ended by its members' votes: how, who shares the win, the year."""

    kind: SettlementKind
    winners: tuple[Power, ...]
    year: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "winners": list(self.winners), "year": self.year}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settlement:
        return cls(SettlementKind(data["kind"]), tuple(data["winners"]), int(data["year"]))


@dataclass(frozen=True, slots=True)
class SoloGame:
    """Everything a solo game is: the service stores this, nothing else (the history aside)."""

    seed: int
    member: Power | None
    levels: Mapping[Power, Level]
    """The AI powers and their levels."""
    last_year: int | None
    """The short game's last year; None in a full game."""
    position: Position
    memory: Memory
    coalition: tuple[Power, ...] = ()
    messages: tuple[Message, ...] = ()
    """The messages since the last movement phase closed: its notices and news, then the open phase's."""
    result: Result | None = None
    over: bool = False
    table: bool = False
    """A game of several members' seats (``new_table``); the fields below are a table's."""
    seated: tuple[Power, ...] = ()
    """The powers members play now (a seat passed to an AI power leaves it; a member reclaiming it returns)."""
    against: Power | None = None
    """Whom the coalition stands against (a table: whoever leads; the solo game's is its member)."""
    gunboat: bool = False
    """No messages: nobody negotiates, the AI powers neither."""
    settled: Settlement | None = None
    level: Level | None = None
    """A table's level of the AI powers: an AI power that takes a member's seat plays at it."""

    @property
    def length(self) -> Length:
        return Length.FULL if self.last_year is None else Length.SHORT

    @property
    def members(self) -> tuple[Power, ...]:
        """The powers members play: a table's seats, the solo game's member."""
        if self.table:
            return self.seated
        return (self.member,) if self.member is not None else ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "member": self.member,
            "levels": {p: lvl.value for p, lvl in sorted(self.levels.items())},
            "last_year": self.last_year,
            "position": self.position.to_json(),
            "memory": self.memory.to_json(),
            "coalition": list(self.coalition),
            "messages": [m.to_json() for m in self.messages],
            "result": self.result.to_json() if self.result is not None else None,
            "over": self.over,
            **({"table": {"seated": list(self.seated), "against": self.against, "gunboat": self.gunboat,
                          "settled": self.settled.to_json() if self.settled is not None else None,
                          "level": self.level.value if self.level is not None else None}}
               if self.table else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SoloGame:
        result = data.get("result")
        table = data.get("table")
        settled = table.get("settled") if table else None
        return cls(
            int(data["seed"]),
            data["member"],
            {p: Level(lvl) for p, lvl in data["levels"].items()},
            data["last_year"],
            Position.from_json(data["position"]),
            Memory.from_json(data["memory"]),
            tuple(data["coalition"]),
            tuple(Message.from_json(m) for m in data["messages"]),
            Result.from_json(result) if result is not None else None,
            bool(data["over"]),
            table is not None,
            tuple(table["seated"]) if table else (),
            table["against"] if table else None,
            bool(table["gunboat"]) if table else False,
            Settlement.from_json(settled) if settled else None,
            Level(table["level"]) if table and table.get("level") else None,
        )


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """One phase played, for the history: every power's orders (public once resolved), the results and
    their reasons, the centres after it, the verdicts on agreements, and the phase's messages."""

    phase: Phase
    orders: dict[Power, list[str]]
    results: dict[str, str]
    reasons: dict[str, str]
    centres: dict[str, list[str]]
    void_orders: tuple[VoidOrder, ...]
    verdicts: tuple[Verdict, ...] = ()
    messages: tuple[Message, ...] = ()
    promises: tuple[Any, ...] = field(default=(), compare=False)
    """The AI powers' promises of the phase (``decisions.Promise``): costly or not, kept or not."""

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": str(self.phase),
            "orders": self.orders,
            "results": dict(sorted(self.results.items())),
            "reasons": dict(sorted(self.reasons.items())),
            "centers": self.centres,
            "void_orders": [{"power": v.power, "order": v.order, "reason": v.reason} for v in self.void_orders],
            "verdicts": [
                {"agreement": v.agreement.id, "kind": v.agreement.kind, "outcome": v.outcome.value,
                 "breakers": list(v.breakers), "order": v.order, "text": v.sentence()}
                for v in self.verdicts
            ],
            "messages": [m.to_json() for m in self.messages],
        }


def new_game(
    seed: int,
    member: Power | None,
    level: Level | str | Mapping[Power, Level | str],
    length: Length | str = Length.SHORT,
    last_year: int | None = None,
) -> SoloGame:
    """A game at S1901M with its first messages.  ``level``: every AI power's (a member's game takes a
    playable level), or one per power (self-play: ``member`` None, every power named or ``normal``).
    ``last_year`` (short games, self-play) defaults to 1910."""
    if member is not None:
        try:
            member = parse_power(member)
        except ValueError:
            raise SoloError("power", "unknown-power", f"no power {member!r}") from None
    try:
        named = {parse_power(p): Level(v) for p, v in level.items()} if isinstance(level, Mapping) else {}
        chosen = Level.NORMAL if isinstance(level, Mapping) else Level(level)
    except ValueError as error:
        raise SoloError("level", "unknown-level", str(error)) from None
    if isinstance(level, Mapping):
        levels = {p: named.get(p, Level.NORMAL) for p in POWERS if p != member}
    else:
        if member is not None and chosen not in PLAYABLE:
            raise SoloError("level", "not-playable", f"{chosen} is not a playable level")
        levels = {p: chosen for p in POWERS if p != member}
    try:
        kind = Length(length)
    except ValueError:
        raise SoloError("length", "unknown-length", f"no length {length!r}") from None
    last = (last_year or SHORT_GAME_LAST_YEAR) if kind is Length.SHORT else None
    memory = Memory(member=MemberStats() if member is not None else None)
    game = SoloGame(int(seed), member, levels, last, starting_position(), memory)
    return open_phase(game, ())


def new_table(
    seed: int,
    members: Sequence[Power | str],
    level: Level | str,
    length: Length | str = Length.SHORT,
    gunboat: bool = False,
    last_year: int | None = None,
) -> SoloGame:
    """A table at S1901M: ``members`` the powers members play (one or more), the others AI powers at ``level``,
    their first messages written (none in gunboat)."""
    try:
        seated = tuple(p for p in POWERS if p in {parse_power(str(m)) for m in members})
    except ValueError as error:
        raise SoloError("members", "unknown-power", str(error)) from None
    if not seated:
        raise SoloError("members", "required", "a table has one member at least")
    try:
        chosen = Level(level)
        kind = Length(length)
    except ValueError as error:
        raise SoloError("level", "unknown-level", str(error)) from None
    if chosen not in PLAYABLE:
        raise SoloError("level", "not-playable", f"{chosen} is not a playable level")
    last = (last_year or SHORT_GAME_LAST_YEAR) if kind is Length.SHORT else None
    memory = Memory(members={p: MemberStats() for p in seated})
    levels = {p: chosen for p in POWERS if p not in seated}
    game = SoloGame(int(seed), None, levels, last, starting_position(), memory, table=True, seated=seated,
                    gunboat=gunboat, level=chosen)
    return open_phase(game, ())


def _against(game: SoloGame) -> Power | None:
    return game.against if game.table else game.member


def table(game: SoloGame) -> Table:
    """What the AI powers decide from (the position, memory, levels, seed, coalition)."""
    return Table(game.seed, game.position, game.memory, game.levels, _against(game), game.coalition)


def ai_orders(game: SoloGame) -> dict[Power, list[str]]:
    """The AI powers' orders for the open phase.  It takes the game state only: the member's orders of the
    phase are never given to it."""
    return {p: [str(o) for o in orders] for p, orders in decide(table(game)).orders.items()}


def _desk(game: SoloGame) -> Desk:
    against = _against(game) if game.coalition else None
    return Desk(game.seed, game.position, game.memory, game.levels, game.members, game.coalition,
                list(game.messages), game.table, against, game.gunboat)


def open_phase(game: SoloGame, verdicts: Sequence[Verdict] = ()) -> SoloGame:
    """The game as the phase its position is at opens: the verdicts' notices and news (of the movement
    phase just played), and at a movement phase the AI powers' messages (``new_game`` and ``submit`` call
    it)."""
    desk = _desk(game)
    notices(desk, verdicts)
    if game.position.phase.step is Step.MOVEMENT:
        open_movement(desk, game.coalition)
    against = desk.against if game.table else None
    return replace(game, memory=desk.memory, coalition=desk.coalition, against=against, messages=tuple(desk.messages))


def _speaking(game: SoloGame, power: Power | str | None) -> Power:
    """The member who acts: ``power`` at a table, the solo game's member otherwise."""
    if game.over:
        raise SoloError("game", "over", "the game is over")
    if power is None:
        if game.member is None:
            raise SoloError("game", "no-member", "a game of AI powers alone has no member to negotiate")
        return game.member
    try:
        named = parse_power(str(power))
    except ValueError:
        raise SoloError("power", "unknown-power", f"no power {power!r}") from None
    if named not in game.members:
        raise SoloError("power", "not-a-member", f"no member plays {named.title()}")
    if game.gunboat:
        raise SoloError("game", "gunboat", "a gunboat game has no messages")
    return named


def _negotiating(game: SoloGame, power: Power | str | None = None) -> Power:
    member = _speaking(game, power)
    if game.position.phase.step is not Step.MOVEMENT:
        raise SoloError("phase", "not-negotiation-phase", "negotiation happens in movement phases")
    return member


def _recipient(game: SoloGame, recipient: Power | str) -> Power:
    try:
        return parse_power(str(recipient))
    except ValueError:
        raise SoloError("recipient", "unknown-power", f"no power {recipient!r}") from None


def _proposal(game: SoloGame, member: Power, to: Power, body: Any) -> tuple[Any, list[Message]]:
    """The member's proposal read and checked against the position, and those it sent ``to`` this phase."""
    proposal = read_proposal(body)
    if isinstance(proposal, Demand):
        raise SoloError("kind", "ai-only", "only AI powers make demands")
    proposal = check_proposal(proposal, member, to, game.position)
    sent = [m for m in game.messages if m.kind is MessageKind.PROPOSAL and m.sender == member and m.recipient == to]
    return proposal, sent


def propose(
    game: SoloGame, recipient: Power | str, body: Any, power: Power | str | None = None
) -> tuple[SoloGame, Answer]:
    """The member's proposal to an AI power, answered at once.  Raises ProposalError (field, rule) when the
    proposal is invalid or over the limit of ``PROPOSALS_PER_POWER`` a phase; an exact repeat (same
    normalised body) returns the stored answer and does not count.  ``power``: the proposing member at a table."""
    member = _negotiating(game, power)
    to = _recipient(game, recipient)
    if to != member and game.levels.get(to) not in PLAYABLE:
        raise SoloError("recipient", "no-press", f"{to} does not negotiate")
    proposal, sent = _proposal(game, member, to, body)
    for message in sent:
        if message.proposal == proposal and message.answer is not None:
            return game, message.answer
    if len(sent) >= PROPOSALS_PER_POWER:
        raise SoloError("recipient", "limit", f"at most {PROPOSALS_PER_POWER} proposals to {to.title()} a phase")
    against = bool(game.coalition) and _against(game) == member
    reply = answer(game.seed, game.position, game.memory, to, member, proposal, game.levels[to], against)
    desk = _desk(game)
    made = desk.agree(member, to, proposal) if reply.accepted else None
    desk.write(
        MessageKind.PROPOSAL, member, to, "", proposal=proposal,
        status=Status.ACCEPTED if reply.accepted else Status.DECLINED, answer=reply,
        agreement=made.id if made is not None else None,
    )
    return replace(game, memory=desk.memory, messages=tuple(desk.messages)), reply


def offer(game: SoloGame, power: Power | str, recipient: Power | str, body: Any) -> SoloGame:
    """A member's proposal to another member at a table, left open for that member's reply (``reply``); the
    limits of ``propose``; an exact repeat of an open one changes nothing."""
    member = _negotiating(game, power)
    to = _recipient(game, recipient)
    if to == member or to not in game.members:
        raise SoloError("recipient", "not-a-member", f"no other member plays {to.title()}")
    proposal, sent = _proposal(game, member, to, body)
    if any(m.proposal == proposal and m.status is Status.OPEN for m in sent):
        return game
    if len(sent) >= PROPOSALS_PER_POWER:
        raise SoloError("recipient", "limit", f"at most {PROPOSALS_PER_POWER} proposals to {to.title()} a phase")
    desk = _desk(game)
    desk.write(MessageKind.PROPOSAL, member, to, "", proposal=proposal, status=Status.OPEN)
    return replace(game, messages=tuple(desk.messages))


def say(game: SoloGame, power: Power | str, recipient: Power | str | None, text: str) -> SoloGame:
    """A member's text at a table: to one power (private: no one else ever reads it, and no AI power reads
    a member's text) or to all (``recipient`` None); 1 to ``TEXT_LIMIT`` characters, ``TEXTS_PER_PHASE`` a
    phase."""
    if not game.table:
        raise SoloError("game", "no-table", "text messages are a table's")
    member = _speaking(game, power)
    to = None if recipient is None else _recipient(game, recipient)
    if to == member:
        raise SoloError("recipient", "self", "a message goes to another power")
    if not isinstance(text, str) or not 1 <= len(text) <= TEXT_LIMIT:
        raise SoloError("text", "length", f"a message has 1 to {TEXT_LIMIT} characters")
    if sum(1 for m in game.messages if m.kind is MessageKind.TEXT and m.sender == member) >= TEXTS_PER_PHASE:
        raise SoloError("text", "limit", f"at most {TEXTS_PER_PHASE} messages a phase")
    desk = _desk(game)
    desk.write(MessageKind.TEXT, member, to, text)
    return replace(game, messages=tuple(desk.messages))


def reply(game: SoloGame, message_id: int, accept: bool, power: Power | str | None = None) -> SoloGame:
    """The member's answer to an open proposal to it (an AI power's, or at a table another member's);
    accepted, it becomes an agreement."""
    member = _negotiating(game, power)
    message = next((m for m in game.messages if m.id == message_id), None)
    if message is None or message.kind is not MessageKind.PROPOSAL or message.recipient != member:
        raise SoloError("message", "not-found", f"no proposal {message_id} to {member.title()}")
    if message.status is not Status.OPEN or message.proposal is None:
        raise SoloError("message", "not-open", "this proposal is not waiting for an answer")
    desk = _desk(game)
    made: Agreement | None = None
    if accept:
        check_proposal(message.proposal, message.sender, member, game.position)
        made = desk.agree(message.sender, member, message.proposal)
    answered = replace(
        message, status=Status.ACCEPTED if accept else Status.DECLINED, agreement=made.id if made else None
    )
    desk.messages[game.messages.index(message)] = answered  # by place: ids are numbered per channel
    return replace(game, memory=desk.memory, messages=tuple(desk.messages))


def cancel(game: SoloGame, agreement_id: int, power: Power | str | None = None) -> SoloGame:
    """The member cancels a lasting agreement: it ends before this phase's orders, is not a break, and
    the other side is told."""
    member = _negotiating(game, power)
    agreement = next((a for a in game.memory.agreements if a.id == agreement_id), None)
    if agreement is None or member not in agreement.parties:
        raise SoloError("agreement", "not-found", f"no agreement {agreement_id} of {member.title()}")
    if agreement.kind not in LASTING:
        raise SoloError("agreement", "not-lasting", f"a {agreement.kind} cannot be cancelled")
    desk = _desk(game)
    desk.end(agreement, member)
    return replace(game, memory=desk.memory, messages=tuple(desk.messages))


def member_has_orders(game: SoloGame) -> bool:
    """Whether the member has something to do in the open phase (always, in a movement phase)."""
    return game.member is not None and has_orders(game, game.member)


def has_orders(game: SoloGame, member: Power) -> bool:
    """Whether a member's power has something to do in the open phase (the solo game's member: always in a
    movement phase; a table's: when it has units)."""
    position = game.position
    step = position.phase.step
    if step is Step.MOVEMENT:
        return not game.table or any(u.power == member for u in position.units.values())
    if step is Step.RETREAT:
        return any(d.unit.power == member for d in position.dislodged.values())
    count = adjustment_counts(position).get(member, 0)
    return count < 0 or (count > 0 and bool(buildable_sites(position, member)))


MemberOrders = Sequence[str | Order] | Mapping[Power, Sequence[str | Order]]
"""The solo game's member's orders, or a table's members' by power (a member left out: no orders)."""


def submit(
    game: SoloGame, orders: MemberOrders = (), ai: Mapping[Power, Sequence[str]] | None = None
) -> tuple[SoloGame, list[PhaseRecord]]:
    """The member's orders for the open phase: the AI powers decide, the phase is adjudicated and judged,
    trust and memory update, the phases with nothing for the member are played, the next phase opens.

    ``ai``: the AI powers' orders for the open phase as ``ai_orders(game)`` gave them, for a service that had
    them decided when the phase closed (before it had the member's orders); they are played as given rather
    than decided a second time. None: decided here. The phases played after it are always decided here."""
    if game.over:
        raise SoloError("game", "over", "the game is over")
    records: list[PhaseRecord] = []
    member_orders: Mapping[Power, Sequence[str | Order]] = (
        orders if isinstance(orders, Mapping) else {game.member: orders} if game.member is not None else {}
    )
    verdicts: tuple[Verdict, ...] = ()
    decided = ai
    while True:
        game, record = _play_phase(replace(game, messages=lapse(game.messages)), member_orders, decided)
        records.append(record)
        verdicts += record.verdicts
        if game.over or game.position.phase.step is Step.MOVEMENT or any(has_orders(game, p) for p in game.members):
            break
        member_orders, decided = {}, None
        game = replace(game, messages=())
    if not game.over:
        if game.position.phase.season is Season.SPRING and game.position.phase.step is Step.MOVEMENT:
            game = replace(game, memory=replace(game.memory, trust=game.memory.trust.recover()))
        game = open_phase(replace(game, messages=()), verdicts)
    return game, records


def _play_phase(
    game: SoloGame, member_orders: Mapping[Power, Sequence[str | Order]], ai: Mapping[Power, Sequence[str]] | None = None
) -> tuple[SoloGame, PhaseRecord]:
    start = game.position
    decided: Decisions = decide(table(game)) if ai is None else Decisions({p: list(o) for p, o in ai.items()})
    orders: dict[Power, list[str | Order]] = {p: list(o) for p, o in decided.orders.items()}
    for member in game.members:
        orders[member] = list(member_orders.get(member, ()))
    played = play(start, orders)
    memory = game.memory
    verdicts: tuple[Verdict, ...] = ()
    if start.phase.step is Step.MOVEMENT:
        in_force = memory.agreements
        verdicts = tuple(judge(start, played.position, orders, in_force))
        memory = _remember(memory, verdicts, start, {p: orders[p] for p in game.members})
    texts = {p: [str(o) for o in orders[p]] for p in sorted(orders)}
    after = replace(game, position=played.position, memory=memory)
    record = PhaseRecord(
        start.phase, texts, dict(played.results), dict(played.reasons), centres_to_json(played.position.centres),
        tuple(played.void_orders), verdicts, game.messages, decided.promises,
    )
    return _ended(after, start.phase), record


def _remember(
    memory: Memory, verdicts: Sequence[Verdict], start: Position, member_orders: Mapping[Power, Sequence[str | Order]]
) -> Memory:
    """Trust and agreements after the judge: breaks end agreements and cost trust, kept promises earn it,
    an ignored demand means war (every agreement between the two ends); promises of one phase end.  Each
    member's statistics observe its orders (the solo game's in ``member``, a table's in ``members``)."""
    trust: Trust = memory.trust
    ended: set[int] = {a.id for a in memory.agreements if not a.lasting}
    observed: dict[Power, MemberStats] = {}
    for member, given in member_orders.items():
        stats = memory.stats_of(member)
        if stats is not None:
            observed[member] = stats.observe(start, member, given)
    year = start.phase.year
    for verdict in verdicts:
        agreement = verdict.agreement
        if verdict.ends:
            ended.add(agreement.id)
        # An agreement between two members is theirs alone: no AI power was told of it, so none learns from
        # how it was kept (an AI reads what its power's view holds, and the pact is in neither of theirs).
        private = all(party in member_orders for party in agreement.parties)
        if verdict.outcome is VerdictKind.BROKEN:
            for breaker in verdict.breakers:
                trust = trust.broken(breaker, agreement.other(breaker), year, witnessed=not private)
                if breaker in observed and not private:
                    observed[breaker] = observed[breaker].promise(kept=False)
        elif verdict.outcome is VerdictKind.IGNORED:
            ai, enemy = agreement.proposer, agreement.recipient
            trust = trust.war(ai, enemy)
            ended |= {a.id for a in memory.between(ai, enemy)}
        elif verdict.outcome in (VerdictKind.KEPT, VerdictKind.ENDED):
            for keeper in agreement.parties:
                if agreement.binds(keeper):
                    trust = trust.kept(keeper, agreement.other(keeper))
                    if keeper in observed and not private:
                        observed[keeper] = observed[keeper].promise(kept=True)
    kept = replace(memory.without(ended), trust=trust)
    if memory.members:
        return replace(kept, members={**memory.members, **observed})
    return replace(kept, member=next(iter(observed.values()), memory.member))


def _ended(game: SoloGame, played: Phase) -> SoloGame:
    """The result, once known, and whether play stops ("End" in the spec's "A game")."""
    position = game.position
    counts = {p: position.centre_count(p) for p in POWERS}
    member = game.member
    year = played.year
    last = game.last_year
    fall_over = position.phase.year > played.year or position.phase.season is Season.WINTER
    short_over = last is not None and fall_over and played.year >= last
    leader = max(counts.values()) >= VICTORY_CENTRES
    if game.table:
        capped = fall_over and played.year >= LAST_SELFPLAY_YEAR
        nobody = not set(game.seated) & set(alive(position))
        return replace(game, over=leader or short_over or capped or nobody)
    if member is None:
        capped = fall_over and played.year >= LAST_SELFPLAY_YEAR
        return replace(game, over=leader or short_over or capped)
    mine = counts[member]
    if game.result is not None:  # won, playing on in a full game
        return replace(game, over=outcome(position).over)
    if member not in alive(position):
        return replace(game, result=Result(ResultKind.ELIMINATED, 0, year), over=True)
    if mine >= VICTORY_CENTRES:
        return replace(game, result=Result(ResultKind.WON, mine, year), over=last is not None or outcome(position).over)
    if leader:
        return replace(game, result=Result(ResultKind.SURVIVED, mine, year), over=True)
    if short_over:
        top = max(counts.values())
        kind = ResultKind.SURVIVED
        if mine == top:
            kind = ResultKind.WON if sum(1 for n in counts.values() if n == top) == 1 else ResultKind.SHARED
        return replace(game, result=Result(kind, mine, year), over=True)
    return game


def abandon(game: SoloGame) -> SoloGame:
    """The member stops: ``abandoned``, unless the member has already won (a full game played on after 18
    centres), when the result stays ``won``."""
    if game.over:
        raise SoloError("game", "over", "the game is over")
    if game.member is None:
        raise SoloError("game", "no-member", "a game of AI powers alone has no member to abandon it")
    if game.result is not None:
        return replace(game, over=True)
    year = game.position.phase.year
    return replace(game, result=Result(ResultKind.ABANDONED, game.position.centre_count(game.member), year), over=True)


def result(game: SoloGame) -> Result | None:
    """The member's result: set once the game ends (or, in a full game, once the member reaches 18)."""
    return game.result


def winners(game: SoloGame) -> tuple[Power, ...]:
    """Who won: the power with 18 centres (the first to get there), or after a short game's last year the
    powers with the most centres; none otherwise."""
    if game.settled is not None:
        return game.settled.winners
    counts = {p: game.position.centre_count(p) for p in POWERS}
    top = max(counts.values())
    fall_over = game.last_year is not None and (
        game.position.phase.year > game.last_year
        or (game.position.phase.year == game.last_year and game.position.phase.season is Season.WINTER)
    )
    if top >= VICTORY_CENTRES or fall_over:
        return tuple(p for p in POWERS if counts[p] == top)
    return ()


def inbox(game: SoloGame, power: Power | None = None) -> list[Message]:
    """The member's messages of the phase: those it sent or was sent (news included).  "Messages are
    private between the member and each power": the AI powers' proposals to each other are not in it.  At a
    table, ``power``'s: those it sent or was sent, and the public ones; never a message between two others."""
    if game.table:
        if power is None:
            return []
        return [m for m in game.messages if m.recipient is None or power in (m.sender, m.recipient)]
    if game.member is None:
        return []
    return [m for m in game.messages if game.member in (m.sender, m.recipient)]


def trust_in_member(game: SoloGame, power: Power | None = None) -> dict[Power, int]:
    """Each AI power's trust in the member (at a table, in ``power``), as the member's view shows it."""
    member = power if power is not None else game.member
    if member is None:
        return {}
    return {p: game.memory.trust.of(p, member) for p in sorted(game.levels) if p != member}


DRAW_REFUSED_FROM = 12
"""An AI power with the most centres and at least this many refuses a draw: it plays to win."""


def ai_votes_draw(game: SoloGame) -> bool:
    """The AI powers' vote on a draw at a table: for it, unless one of them has the most centres (ties
    included) and at least ``DRAW_REFUSED_FROM``."""
    counts = {p: game.position.centre_count(p) for p in POWERS}
    top = max(counts.values())
    return not any(counts[p] == top and top >= DRAW_REFUSED_FROM for p in game.levels)


def settle(game: SoloGame, kind: SettlementKind | str, to: Power | None = None) -> SoloGame:
    """A table's game ended by its members: a draw shared by every surviving power, or a concession to ``to``,
    which wins alone.  The service counts the votes; this records the end."""
    if game.over:
        raise SoloError("game", "over", "the game is over")
    if not game.table:
        raise SoloError("game", "no-table", "votes end a table's game")
    how = SettlementKind(kind)
    living = set(alive(game.position))
    if how is SettlementKind.CONCESSION and (to is None or to not in living):
        raise SoloError("to", "not-alive", "a concession is to a surviving power")
    shared: tuple[Power, ...] = (to,) if how is SettlementKind.CONCESSION and to is not None else tuple(
        p for p in POWERS if p in living)
    return replace(game, over=True, settled=Settlement(how, shared, game.position.phase.year))


def ranking(game: SoloGame) -> dict[Power, int]:
    """Every power's rank by centres (1 the most); equal centres share a rank.  A concession's winner ranks
    first alone, the others after it by centres."""
    counts = {p: game.position.centre_count(p) for p in POWERS}
    first = game.settled.winners[0] if game.settled and game.settled.kind is SettlementKind.CONCESSION else None
    if first is not None:
        counts[first] = VICTORY_CENTRES * 2
    return {p: 1 + sum(1 for q in POWERS if counts[q] > counts[p]) for p in POWERS}


def to_ai(game: SoloGame, power: Power, level: Level | str | None = None) -> SoloGame:
    """A member's seat passes to an AI power at ``level`` (civil disorder averted): the AI takes the seat's
    agreements and every power's trust as the memory they are, and negotiates from the next movement phase
    (``level`` None: the table's)."""
    if power not in game.seated:
        raise SoloError("power", "not-a-member", f"no member plays {power.title()}")
    chosen = Level(level) if level is not None else game.level or Level.NORMAL
    levels = {**game.levels, power: chosen}
    return replace(game, seated=tuple(p for p in game.seated if p != power), levels=dict(sorted(levels.items())))


def reclaim(game: SoloGame, power: Power) -> SoloGame:
    """The member takes back a seat an AI power kept for it, with its agreements and the trust the AI's play
    earned or lost."""
    if not game.table or power not in game.levels:
        raise SoloError("power", "not-kept", f"no AI power keeps {power.title()} for a member")
    if game.over:
        raise SoloError("game", "over", "the game is over")
    levels = {p: lvl for p, lvl in game.levels.items() if p != power}
    return replace(game, seated=tuple(p for p in POWERS if p in {*game.seated, power}), levels=levels)
