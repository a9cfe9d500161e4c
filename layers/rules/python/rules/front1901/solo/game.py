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
from .press import Desk, Message, MessageKind, Status, lapse, notices, open_movement
from .proposals import LASTING, Demand, check_proposal, read_proposal
from .trust import Trust

PROPOSALS_PER_POWER = 3
""""At most 3 proposals from the member to one power per phase." """
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

    @property
    def length(self) -> Length:
        return Length.FULL if self.last_year is None else Length.SHORT

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
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SoloGame:
        result = data.get("result")
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


def table(game: SoloGame) -> Table:
    """What the AI powers decide from (the position, memory, levels, seed, coalition)."""
    return Table(game.seed, game.position, game.memory, game.levels, game.member, game.coalition)


def ai_orders(game: SoloGame) -> dict[Power, list[str]]:
    """The AI powers' orders for the open phase.  It takes the game state only: the member's orders of the
    phase are never given to it."""
    return {p: [str(o) for o in orders] for p, orders in decide(table(game)).orders.items()}


def _desk(game: SoloGame) -> Desk:
    return Desk(game.seed, game.position, game.memory, game.levels, game.member, game.coalition, list(game.messages))


def open_phase(game: SoloGame, verdicts: Sequence[Verdict] = ()) -> SoloGame:
    """The game as the phase its position is at opens: the verdicts' notices and news (of the movement
    phase just played), and at a movement phase the AI powers' messages (``new_game`` and ``submit`` call
    it)."""
    desk = _desk(game)
    notices(desk, verdicts)
    if game.position.phase.step is Step.MOVEMENT:
        open_movement(desk, game.coalition)
    return replace(game, memory=desk.memory, coalition=desk.coalition, messages=tuple(desk.messages))


def _negotiating(game: SoloGame) -> Power:
    if game.over:
        raise SoloError("game", "over", "the game is over")
    if game.member is None:
        raise SoloError("game", "no-member", "a game of AI powers alone has no member to negotiate")
    if game.position.phase.step is not Step.MOVEMENT:
        raise SoloError("phase", "not-negotiation-phase", "negotiation happens in movement phases")
    return game.member


def propose(game: SoloGame, recipient: Power | str, body: Any) -> tuple[SoloGame, Answer]:
    """The member's proposal to an AI power, answered at once.  Raises ProposalError (field, rule) when the
    proposal is invalid or over the limit of ``PROPOSALS_PER_POWER`` a phase; an exact repeat (same
    normalised body) returns the stored answer and does not count."""
    member = _negotiating(game)
    try:
        to = parse_power(str(recipient))
    except ValueError:
        raise SoloError("recipient", "unknown-power", f"no power {recipient!r}") from None
    if to != member and game.levels.get(to) not in PLAYABLE:
        raise SoloError("recipient", "no-press", f"{to} does not negotiate")
    proposal = read_proposal(body)
    if isinstance(proposal, Demand):
        raise SoloError("kind", "ai-only", "only AI powers make demands")
    proposal = check_proposal(proposal, member, to, game.position)
    sent = [m for m in game.messages if m.kind is MessageKind.PROPOSAL and m.sender == member and m.recipient == to]
    for message in sent:
        if message.proposal == proposal and message.answer is not None:
            return game, message.answer
    if len(sent) >= PROPOSALS_PER_POWER:
        raise SoloError("recipient", "limit", f"at most {PROPOSALS_PER_POWER} proposals to {to.title()} a phase")
    reply = answer(game.seed, game.position, game.memory, to, member, proposal, game.levels[to], bool(game.coalition))
    desk = _desk(game)
    made = desk.agree(member, to, proposal) if reply.accepted else None
    desk.write(
        MessageKind.PROPOSAL, member, to, "", proposal=proposal,
        status=Status.ACCEPTED if reply.accepted else Status.DECLINED, answer=reply,
        agreement=made.id if made is not None else None,
    )
    return replace(game, memory=desk.memory, messages=tuple(desk.messages)), reply


def reply(game: SoloGame, message_id: int, accept: bool) -> SoloGame:
    """The member's answer to an AI power's open proposal; accepted, it becomes an agreement."""
    member = _negotiating(game)
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
    desk.messages[message.id - 1] = answered
    return replace(game, memory=desk.memory, messages=tuple(desk.messages))


def cancel(game: SoloGame, agreement_id: int) -> SoloGame:
    """The member cancels a lasting agreement: it ends before this phase's orders, is not a break, and
    the other side is told."""
    member = _negotiating(game)
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
    member, position = game.member, game.position
    if member is None:
        return False
    step = position.phase.step
    if step is Step.MOVEMENT:
        return True
    if step is Step.RETREAT:
        return any(d.unit.power == member for d in position.dislodged.values())
    count = adjustment_counts(position).get(member, 0)
    return count < 0 or (count > 0 and bool(buildable_sites(position, member)))


def submit(
    game: SoloGame, orders: Sequence[str | Order] = (), ai: Mapping[Power, Sequence[str]] | None = None
) -> tuple[SoloGame, list[PhaseRecord]]:
    """The member's orders for the open phase: the AI powers decide, the phase is adjudicated and judged,
    trust and memory update, the phases with nothing for the member are played, the next phase opens.

    ``ai``: the AI powers' orders for the open phase as ``ai_orders(game)`` gave them, for a service that had
    them decided when the phase closed (before it had the member's orders); they are played as given rather
    than decided a second time. None: decided here. The phases played after it are always decided here."""
    if game.over:
        raise SoloError("game", "over", "the game is over")
    records: list[PhaseRecord] = []
    member_orders: Sequence[str | Order] = orders
    verdicts: tuple[Verdict, ...] = ()
    decided = ai
    while True:
        game, record = _play_phase(replace(game, messages=lapse(game.messages)), member_orders, decided)
        records.append(record)
        verdicts += record.verdicts
        if game.over or game.position.phase.step is Step.MOVEMENT or member_has_orders(game):
            break
        member_orders, decided = (), None
        game = replace(game, messages=())
    if not game.over:
        if game.position.phase.season is Season.SPRING and game.position.phase.step is Step.MOVEMENT:
            game = replace(game, memory=replace(game.memory, trust=game.memory.trust.recover()))
        game = open_phase(replace(game, messages=()), verdicts)
    return game, records


def _play_phase(
    game: SoloGame, member_orders: Sequence[str | Order], ai: Mapping[Power, Sequence[str]] | None = None
) -> tuple[SoloGame, PhaseRecord]:
    start = game.position
    decided: Decisions = decide(table(game)) if ai is None else Decisions({p: list(o) for p, o in ai.items()})
    orders: dict[Power, list[str | Order]] = {p: list(o) for p, o in decided.orders.items()}
    if game.member is not None:
        orders[game.member] = list(member_orders)
    played = play(start, orders)
    memory = game.memory
    verdicts: tuple[Verdict, ...] = ()
    if start.phase.step is Step.MOVEMENT:
        in_force = memory.agreements
        verdicts = tuple(judge(start, played.position, orders, in_force))
        memory = _remember(memory, verdicts, start, game.member, orders.get(game.member or "", []))
    texts = {p: [str(o) for o in orders[p]] for p in sorted(orders)}
    after = replace(game, position=played.position, memory=memory)
    record = PhaseRecord(
        start.phase, texts, dict(played.results), dict(played.reasons), centres_to_json(played.position.centres),
        tuple(played.void_orders), verdicts, game.messages, decided.promises,
    )
    return _ended(after, start.phase), record


def _remember(
    memory: Memory, verdicts: Sequence[Verdict], start: Position, member: Power | None, member_orders: Sequence[str | Order]
) -> Memory:
    """Trust and agreements after the judge: breaks end agreements and cost trust, kept promises earn it,
    an ignored demand means war (every agreement between the two ends); promises of one phase end."""
    trust: Trust = memory.trust
    ended: set[int] = {a.id for a in memory.agreements if not a.lasting}
    stats = memory.member
    if stats is not None and member is not None:
        stats = stats.observe(start, member, member_orders)
    year = start.phase.year
    for verdict in verdicts:
        agreement = verdict.agreement
        if verdict.ends:
            ended.add(agreement.id)
        if verdict.outcome is VerdictKind.BROKEN:
            for breaker in verdict.breakers:
                trust = trust.broken(breaker, agreement.other(breaker), year)
                if stats is not None and breaker == member:
                    stats = stats.promise(kept=False)
        elif verdict.outcome is VerdictKind.IGNORED:
            ai, enemy = agreement.proposer, agreement.recipient
            trust = trust.war(ai, enemy)
            ended |= {a.id for a in memory.between(ai, enemy)}
        elif verdict.outcome in (VerdictKind.KEPT, VerdictKind.ENDED):
            for keeper in agreement.parties:
                if agreement.binds(keeper):
                    trust = trust.kept(keeper, agreement.other(keeper))
                    if stats is not None and keeper == member:
                        stats = stats.promise(kept=True)
    return replace(memory.without(ended), trust=trust, member=stats)


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
    counts = {p: game.position.centre_count(p) for p in POWERS}
    top = max(counts.values())
    fall_over = game.last_year is not None and (
        game.position.phase.year > game.last_year
        or (game.position.phase.year == game.last_year and game.position.phase.season is Season.WINTER)
    )
    if top >= VICTORY_CENTRES or fall_over:
        return tuple(p for p in POWERS if counts[p] == top)
    return ()


def inbox(game: SoloGame) -> list[Message]:
    """The member's messages of the phase: those it sent or was sent (news included).  "Messages are
    private between the member and each power": the AI powers' proposals to each other are not in it."""
    if game.member is None:
        return []
    return [m for m in game.messages if game.member in (m.sender, m.recipient)]


def trust_in_member(game: SoloGame) -> dict[Power, int]:
    """Each AI power's trust in the member, as the member's view shows it."""
    if game.member is None:
        return {}
    return {p: game.memory.trust.of(p, game.member) for p in sorted(game.levels)}
