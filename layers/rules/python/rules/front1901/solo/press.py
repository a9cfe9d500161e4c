"""The messages of a phase, and what the AI powers write when a movement phase opens.

"The other powers write to you too: proposals, requests for support, demands, and news of their alliances
and wars."  The spec: "AI messages are made when a movement phase opens: proposals (the kinds above),
support requests (a support proposal from the AI), demands, and news.  News is truthful and complete: every
agreement made, cancelled or broken among AI powers, and every war (a break or an ignored demand).  An AI
proposal the member has not answered when they submit lapses as declined."

When a movement phase opens, in this order:

1. the coalition is judged (:mod:`.coalition`); when it forms, a ``coalition`` news item names the allies
   and each of them cancels its pact or alliance with the member; when it ends, a news item says so;
2. each AI power cancels its lasting agreements with a power it trusts below ``trust.CANCEL`` (announced);
3. at a table, each AI power makes its demand (the rule of 4) of every other AI power, and the recipient
   answers it as it answers a member's proposal (:mod:`.answers`): accepted, the demand binds its orders
   (its units there move out); declined, it is war at once (the demander's trust falls by ``trust.WAR``,
   every agreement between the two ends); both are news.  The solo game's demands go to its member alone;
4. the AI powers negotiate among themselves (POWERS order): each proposes a pact to its most threatening
   neighbour (within two moves) it has no peace with, when the pact is worth something to it, and an alliance against its
   most threatening neighbour to a power in contact with that neighbour; the recipient answers as it would
   answer the member (:mod:`.answers`); every agreement made is news;
5. each AI power writes to the member, at most one proposal or demand: a demand to leave its centres
   when the member's units stand on them, it has no peace with the member and at least as many centres; else
   (no coalition, no alliance against the member, the member a neighbour: within two moves) a pact when it
   has none and the pact is worth
   something to it, or a neutral zone around its centre the member's units threaten when a pact is not; an alliance against a
   common threat when it has a pact; else a request for the support of one of its planned moves into a
   third power's province that a unit of the member can legally support.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..board import HOME_CENTRES, POWERS, Power, Province
from ..game import alive
from ..orders import Move
from ..position import NEIGHBOURS, Position
from .agreements import Agreement, capital
from .answers import Answer, allied_against, answer, contact, near, partners, value
from .characters import speak
from .coalition import coalition_allies, leader
from .draws import GAME, draw
from .judge import Verdict, VerdictKind
from .levels import STYLES, Level
from .memory import Memory
from .policy import movement_orders
from .proposals import (
    DEMAND_MOST,
    Alliance,
    Demand,
    Dmz,
    Pact,
    Proposal,
    ProposalError,
    SupportRequest,
    check_proposal,
    read_proposal,
)
from .trust import CANCEL, DISTRUST
from .values import BALANCED, power_size, reach, values


class MessageKind(StrEnum):
    PROPOSAL = "proposal"
    """A proposal (a support request, a demand included) and, once given, its answer."""
    CANCEL = "cancel"
    """A lasting agreement cancelled by one side: it ends before this phase's orders; not a break."""
    NEWS = "news"
    """Agreements made, cancelled or broken among other powers, wars, the coalition."""
    NOTICE = "notice"
    """A verdict on an agreement of the recipient's: a break with its order, an ignored demand, a promise
    kept."""
    TEXT = "text"
    """A table's free text from a member: to one power (private) or to all (``recipient`` None)."""


class Status(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    LAPSED = "lapsed"
    """Not answered when the phase was submitted: declined."""


@dataclass(frozen=True, slots=True)
class Message:
    """One message of the phase: ``recipient`` None is news with no member to read it (self-play)."""

    id: int
    kind: MessageKind
    sender: Power
    recipient: Power | None
    text: str
    proposal: Proposal | None = None
    status: Status | None = None
    answer: Answer | None = None
    agreement: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "kind": self.kind.value, "from": self.sender, "to": self.recipient,
                                "text": self.text}
        if self.proposal is not None:
            data["proposal"] = self.proposal.to_json()
        if self.status is not None:
            data["status"] = self.status.value
        if self.answer is not None:
            data["answer"] = self.answer.to_json()
        if self.agreement is not None:
            data["agreement"] = self.agreement
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        return cls(
            int(data["id"]),
            MessageKind(data["kind"]),
            data["from"],
            data["to"],
            data["text"],
            read_proposal(data["proposal"]) if "proposal" in data else None,
            Status(data["status"]) if "status" in data else None,
            Answer.from_json(data["answer"]) if "answer" in data else None,
            data.get("agreement"),
        )


PRIVATE_IDS = 10_000
"""Where the ids of the messages among the AI powers begin (a phase holds far fewer of the member's); at a
table, the stride between the ids of two channels (the public one, then each pair of powers)."""
TEXT_LIMIT = 1000
"""The longest text message, in characters."""
PAIRS = tuple((a, b) for i, a in enumerate(POWERS) for b in POWERS[i + 1:])


def channel(sender: Power, recipient: Power | None) -> int:
    """A table's channel of a message: 0 the public one (news, texts to all), else its pair of powers (1..21)."""
    if recipient is None:
        return 0
    return 1 + PAIRS.index((sender, recipient) if POWERS.index(sender) < POWERS.index(recipient) else (recipient, sender))


@dataclass(slots=True)
class Desk:
    """The messages and memory being written while a phase opens (or during negotiation).  ``members``: the
    powers members play (the solo game: its member alone); ``table``: a game of several members' seats, whose
    news is public and whose message ids are numbered per channel; ``against``: whom the coalition stands
    against (the solo game: its member)."""

    seed: int
    position: Position
    memory: Memory
    levels: Mapping[Power, Level]
    members: tuple[Power, ...]
    coalition: tuple[Power, ...]
    messages: list[Message]
    table: bool = False
    against: Power | None = None
    gunboat: bool = False

    @property
    def member(self) -> Power | None:
        """The solo game's member (None at a table, where news is for everyone)."""
        return self.members[0] if self.members and not self.table else None

    def write(self, kind: MessageKind, sender: Power, recipient: Power | None, text: str, **extra: Any) -> Message:
        """The member's messages are numbered 1, 2, 3... in a sequence of their own, those among the AI powers
        from ``PRIVATE_IDS`` on: the gaps in what the member is shown tell nothing of the messages it is not.
        At a table every channel (:func:`channel`) has its own sequence, for the same reason."""
        key = self._channel(sender, recipient)
        number = sum(1 for m in self.messages if self._channel(m.sender, m.recipient) == key) + 1
        message = Message(number + key * PRIVATE_IDS, kind, sender, recipient, text, **extra)
        self.messages.append(message)
        return message

    def _channel(self, sender: Power, recipient: Power | None) -> int:
        if self.table:
            return channel(sender, recipient)
        return int(self.member is not None and self.member not in (sender, recipient))

    def is_member(self, power: Power | None) -> bool:
        return power is not None and power in self.members

    def news(self, sender: Power, text: str) -> None:
        self.write(MessageKind.NEWS, sender, self.member, text)

    def agree(self, proposer: Power, recipient: Power, terms: Proposal) -> Agreement:
        """Record an agreement; one it replaces in its slot ends without a break (its parties are told)."""
        made = Agreement(0, proposer, recipient, terms, self.position.phase)
        numbered = (channel(proposer, recipient), PRIVATE_IDS) if self.table else (None, 0)
        self.memory, replaced = self.memory.agreed(made, *numbered)
        for old in replaced:
            self._tell(old, proposer, f"{capital(old.describe())} is replaced by a new agreement.")
        return self.memory.agreements[-1]

    def end(self, agreement: Agreement, by: Power) -> None:
        """A cancellation by ``by``: the other side is told, and the news reports it among AI powers."""
        self.memory = self.memory.without({agreement.id})
        other = agreement.other(by)
        text = f"{by.title()} cancelled {agreement.describe()}."
        if self.is_member(other) or self.is_member(by):
            voice = speak(by, "cancel", self.rng(by, "cancel", agreement.id)) if not self.is_member(by) else text
            self.write(MessageKind.CANCEL, by, other, voice, agreement=agreement.id)
        else:
            self.news(by, text)

    def _tell(self, agreement: Agreement, sender: Power, text: str) -> None:
        told = [p for p in agreement.parties if self.is_member(p)]
        for member in told:
            self.write(MessageKind.NOTICE, agreement.other(member), member, text, agreement=agreement.id)
        if not told:
            self.news(sender, text)

    def rng(self, power: Power, *purpose: object) -> random.Random:
        return draw(self.seed, GAME, self.position.phase, power, "press", *purpose)

    def negotiators(self) -> list[Power]:
        living = set(alive(self.position))
        return [p for p in POWERS if p in self.levels and STYLES[self.levels[p]].negotiates and p in living]

    def at_war(self, a: Power, b: Power) -> bool:
        """Whether one of the two refused the other's demand in this phase (no peace is offered after it)."""
        return any(
            isinstance(m.proposal, Demand) and m.status is Status.DECLINED and {m.sender, m.recipient} == {a, b}
            for m in self.messages
        )

    def at_peace(self, a: Power, b: Power) -> bool:
        return any(x.kind in ("pact", "alliance") for x in self.memory.between(a, b))


def notices(desk: Desk, verdicts: Sequence[Verdict]) -> None:
    """The verdicts of the movement phase just played: a notice to each member party to an agreement broken,
    ignored or kept ("shown to both" when both are members), and news of every break and war among the AI
    powers (an agreement with a member is news to nobody else)."""
    for verdict in verdicts:
        agreement = verdict.agreement
        told = [p for p in agreement.parties if desk.is_member(p)]
        for member in told:
            other = agreement.other(member)
            text = verdict.sentence()
            if verdict.outcome is VerdictKind.IGNORED and not desk.is_member(other):
                text = f"{text}. {speak(other, 'war', desk.rng(other, 'war', agreement.id))}"
            desk.write(MessageKind.NOTICE, other, member, text, agreement=agreement.id)
        if told:
            continue
        if verdict.outcome is VerdictKind.BROKEN:
            desk.news(verdict.breakers[0], f"{verdict.sentence()}. War between {' and '.join(p.title() for p in agreement.parties)}.")
        elif verdict.outcome in (VerdictKind.ENDED, VerdictKind.IGNORED):  # an AI's demand ignored: war
            desk.news(agreement.proposer, verdict.sentence() + ".")


def open_movement(desk: Desk, previous_coalition: tuple[Power, ...]) -> None:
    """Everything the AI powers write when a movement phase opens (the module's rules), into ``desk``; in
    gunboat, nothing (nobody negotiates)."""
    if desk.gunboat:
        return
    _coalition(desk, previous_coalition)
    _cancellations(desk)
    if desk.table:
        _demands_among_themselves(desk)
    _among_themselves(desk)
    living = set(alive(desk.position))
    for member in desk.members:
        if member in living:
            for power in desk.negotiators():
                _to_member(desk, power, member)


def _coalition(desk: Desk, previous: tuple[Power, ...]) -> None:
    """The solo game's coalition stands against its member; a table's against whoever leads (``leader``)."""
    if not desk.members:
        return
    was = desk.against
    target = desk.member if desk.member is not None else leader(desk.position, alive(desk.position))
    allies = coalition_allies(desk.position, target, desk.negotiators()) if target is not None else ()
    if previous and (not allies or target != was) and was is not None:
        desk.news(previous[0], f"The coalition against {was.title()} is over.")
        previous = ()
    desk.coalition, desk.against = allies, target if allies else None
    if allies and not previous and target is not None:
        names = ", ".join(p.title() for p in allies)
        desk.news(allies[0], f"Coalition: {names} ally against {target.title()}, grown too strong.")
        for agreement in [a for a in desk.memory.agreements if target in a.parties and a.kind in ("pact", "alliance")]:
            if not desk.is_member(agreement.other(target)):
                desk.end(agreement, agreement.other(target))


def _cancellations(desk: Desk) -> None:
    negotiators = set(desk.negotiators())
    for agreement in list(desk.memory.agreements):
        if not agreement.lasting:
            continue
        for party in agreement.parties:
            if party in negotiators and desk.memory.trust.of(party, agreement.other(party)) < CANCEL:
                desk.end(agreement, party)
                break


def _threat(desk: Desk, power: Power, exclude: set[Power]) -> Power | None:
    """The power most dangerous to ``power``: the most units able to hit it, times its size."""
    sizes = {p: power_size(desk.position.centre_count(p)) for p in POWERS}
    scored = [(contact(desk.position, p, power) * sizes[p], p) for p in alive(desk.position) if p != power and p not in exclude]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: (s[0], s[1]))[1] if scored else None


def _propose(desk: Desk, proposer: Power, recipient: Power, terms: Proposal) -> bool:
    """An AI's proposal to another AI, answered at once; True when accepted."""
    reply = answer(desk.seed, desk.position, desk.memory, recipient, proposer, terms, desk.levels[recipient], False)
    status = Status.ACCEPTED if reply.accepted else Status.DECLINED
    desk.write(MessageKind.PROPOSAL, proposer, recipient, speak(proposer, f"propose/{terms.kind}", desk.rng(proposer, terms.kind, recipient),
               target=terms.against.title() if isinstance(terms, Alliance) else ""), proposal=terms, status=status, answer=reply)
    if reply.accepted:
        made = desk.agree(proposer, recipient, terms)
        desk.news(proposer, f"{capital(made.describe())} was agreed.")
    return reply.accepted


def _demand(desk: Desk, power: Power, other: Power) -> Demand | None:
    """The demand ``power`` makes of ``other``: to leave its centres where ``other``'s units stand, when it
    has no peace with ``other`` and at least as many centres."""
    position = desk.position
    theirs = {c for c, o in position.centres.items() if o == power} | set(HOME_CENTRES[power])
    standing = sorted(p for p, u in position.units.items() if u.power == other and p in theirs)[:DEMAND_MOST]
    if standing and not desk.at_peace(power, other) and position.centre_count(power) >= position.centre_count(other):
        return Demand(tuple(standing))
    return None


def _demands_among_themselves(desk: Desk) -> None:
    """Rule 3: every AI power's demand of every other AI power (POWERS order), answered at once."""
    negotiators = desk.negotiators()
    for power in negotiators:
        for other in negotiators:
            if other == power or {power, other} <= set(desk.coalition):
                continue
            demand = _demand(desk, power, other)
            if demand is None:
                continue
            provinces = ", ".join(demand.leave)
            reply = answer(desk.seed, desk.position, desk.memory, other, power, demand, desk.levels[other], False)
            text = speak(power, "propose/demand", desk.rng(power, "demand", other), provinces=provinces)
            if reply.accepted:
                made = desk.agree(power, other, demand)
                desk.write(MessageKind.PROPOSAL, power, other, text, proposal=demand, status=Status.ACCEPTED,
                           answer=reply, agreement=made.id)
                desk.news(power, f"{other.title()} agreed to leave {provinces}, as {power.title()} demanded.")
                continue
            desk.write(MessageKind.PROPOSAL, power, other, text, proposal=demand, status=Status.DECLINED, answer=reply)
            ended = {a.id for a in desk.memory.between(power, other)}
            desk.memory = replace(desk.memory.without(ended), trust=desk.memory.trust.war(power, other))
            desk.news(power, f"{other.title()} refused the demand of {power.title()} to leave {provinces}: war.")


def _among_themselves(desk: Desk) -> None:
    if desk.coalition:
        return
    negotiators = desk.negotiators()
    for a in negotiators:
        trust = desk.memory.trust
        year = desk.position.phase.year
        fine = [
            b for b in negotiators
            if b != a and trust.of(a, b) >= DISTRUST and not trust.holds_grudge(a, b, year) and not desk.at_war(a, b)
        ]
        neighbours = [
            b for b in fine
            if not desk.at_peace(a, b) and near(desk.position, a, b) and allied_against(desk.memory, a, b) is None
        ]
        neighbours.sort(key=lambda b: (-contact(desk.position, b, a), b))
        if neighbours:
            b = neighbours[0]
            worth = value(desk.position, desk.memory, a, b, Pact())
            if isinstance(worth, float) and worth > 0:
                _propose(desk, a, b, Pact())
        target = _threat(desk, a, set(partners(desk.memory, a)))
        if target is None:
            continue
        allied = {x.other(a) for x in desk.memory.agreements if isinstance(x.terms, Alliance) and a in x.parties}
        helpers = [
            b for b in fine
            if b != target and b not in allied and target not in partners(desk.memory, b) and contact(desk.position, b, target) > 0
        ]
        helpers.sort(key=lambda b: (not desk.at_peace(a, b), -contact(desk.position, b, target), b))
        if helpers:
            worth = value(desk.position, desk.memory, a, helpers[0], Alliance(target))
            if isinstance(worth, float) and worth > 0:
                _propose(desk, a, helpers[0], Alliance(target))


def _offer(desk: Desk, power: Power, member: Power, terms: Proposal, **fields: str) -> None:
    """An AI's proposal to a member, left open for the member to answer (a demand is in force at once)."""
    try:
        terms = check_proposal(terms, power, member, desk.position)
    except ProposalError:
        return
    text = speak(power, f"propose/{terms.kind}", desk.rng(power, "offer", terms.kind), **fields)
    if isinstance(terms, Demand):
        made = desk.agree(power, member, terms)
        desk.write(MessageKind.PROPOSAL, power, member, text, proposal=terms, agreement=made.id)
    else:
        desk.write(MessageKind.PROPOSAL, power, member, text, proposal=terms, status=Status.OPEN)


def _to_member(desk: Desk, power: Power, member: Power) -> None:
    position = desk.position
    trust = desk.memory.trust
    at_peace = desk.at_peace(power, member)
    demand = _demand(desk, power, member)
    if demand is not None:
        _offer(desk, power, member, demand, provinces=", ".join(demand.leave))
        return
    if (
        (desk.coalition and desk.against == member)
        or trust.of(power, member) < DISTRUST
        or trust.holds_grudge(power, member, position.phase.year)
        or allied_against(desk.memory, power, member) is not None
    ):
        return
    if not at_peace:
        if not near(position, power, member):
            return
        worth = value(position, desk.memory, power, member, Pact())
        if isinstance(worth, float) and worth > 0:
            _offer(desk, power, member, Pact())
            return
        zone = _zone(position, power, member)
        if zone is not None:
            _offer(desk, power, member, zone, provinces=", ".join(zone.provinces))
        return
    allied = any(isinstance(a.terms, Alliance) for a in desk.memory.between(power, member))
    target = _threat(desk, power, {member} | set(partners(desk.memory, power)))
    if not allied and target is not None and contact(position, member, target) > 0:
        _offer(desk, power, member, Alliance(target), target=target.title())
        return
    request = _support_request(desk, power, member)
    if request is not None:
        _offer(desk, power, member, request, order=request.order)


def _zone(position: Position, power: Power, member: Power) -> Dmz | None:
    """A neutral zone around the power's most threatened centre: its neighbours the member could enter."""
    reachable: set[Province] = set()
    for u in position.units.values():
        if u.power == member:
            reachable |= reach(u)
    for centre in sorted(c for c, o in position.centres.items() if o == power):
        zone = tuple(sorted(p for p in NEIGHBOURS[centre] if p in reachable and position.units.get(p) is None))
        if zone:
            return Dmz(centre, zone)
    return None


def _support_request(desk: Desk, power: Power, member: Power) -> SupportRequest | None:
    """A support for one of the power's planned moves into a third power's province, by a unit of the
    member that can reach it (the plan: the power's policy with a draw of its own)."""
    position = desk.position
    seen = values(position, power, BALANCED)
    planned = movement_orders(position, power, seen, desk.rng(power, "plan"))
    own_partners = partners(desk.memory, power) | partners(desk.memory, member)
    for order in planned:
        if not isinstance(order, Move):
            continue
        target = order.to[:3]
        standing = position.units.get(target)
        owner = standing.power if standing is not None else position.centres.get(target)
        if owner is None or owner in (power, member) or owner in own_partners:
            continue
        for _, u in sorted(position.units.items()):
            if u.power == member and target in reach(u):
                return SupportRequest(f"{u} S {order.unit} - {order.to}")
    return None


def lapse(messages: Sequence[Message]) -> tuple[Message, ...]:
    """"An AI proposal the member has not answered when they submit lapses as declined." """
    return tuple(replace(m, status=Status.LAPSED) if m.status is Status.OPEN else m for m in messages)
