"""An AI power's answer to a proposal: accepted or declined, a reason, a sentence in its voice.

"Answers: {"answer": "accepted" | "declined", "reason": R, "message": "..."} with R one of gain, trust,
distrust, no-gain, allied-with-target, too-strong; the message is a sentence in the power's voice.  An answer
is a function of (seed, phase, recipient, normalised proposal, game state): the same proposal in the same
state gets the same answer."

The answer comes from, in this order:

1. the coalition: while it holds, the member's pacts and alliances are declined with ``too-strong``;
2. grudges and trust: the breaker's pacts and alliances are declined with ``distrust`` until the next
   year, and every proposal from a power trusted below ``trust.DISTRUST``;
3. the recipient's partners: an alliance against a power it has a pact or alliance with, or a support into
   that power's units or centres, is declined with ``allied-with-target``;
4. the *value* of the deal to the recipient (below), with a little noise drawn from the seed, against the
   level's bar: above ``GAIN`` accepted with ``gain``; above the bar accepted with ``trust`` (the deal is
   taken on goodwill: at ``easy`` a deal that costs nothing, or a little, is taken); or, trusted from
   ``trust.TRUSTED``, a deal costing up to ``TRUSTED_COST`` is still accepted with ``trust``; else declined
   with ``no-gain``.

The value of a deal, in units of "one unit's worth of contact" (a unit of one side able to move into a
province holding the other's unit or one of its centres):

- a pact: the other's contact with us (the threat it removes) plus ``PEACE``, minus our contact with it
  (what we give up) times our aggression times two;
- an alliance: the pact's value, plus half of the target's contact with us and of our contact with it
  (a common enemy is worth more the closer it is); a target out of contact is ``no-gain``;
- a support: ``SUPPORT_GOODWILL``, plus 1 if the move hits a power the recipient is at odds with (an
  alliance target, or trusted below ``DISTRUST``), minus what the supporting unit gives up (its best move's
  value over holding, in neutral-centre units) and minus 1 if its own place is threatened;
- a split: for each centre we get, 1 if a unit of ours can reach it (else 0.3), minus for each centre the
  proposer gets, 2 if it is ours, 1 if a unit of ours can reach it;
- a dmz: ``PEACE`` minus, for each province of the zone, 1 if it is a centre we do not own and a unit of
  ours can reach it, else 0.2 if a unit of ours can reach it;
- a demand (an AI power's, at a table): the demander's contact with us (the war it threatens) plus
  ``PEACE``, minus 1 for each centre we are to leave (2 if we own it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum

from ..board import CENTRES, FLEET, FLEET_MOVES, Power, Province
from ..position import NEIGHBOURS, Position
from .agreements import holdings
from .characters import CHARACTERS, speak
from .draws import GAME, draw
from .levels import Level
from .memory import Memory
from .proposals import Alliance, Demand, Dmz, Pact, Proposal, Split, SupportRequest
from .trust import DISTRUST, TRUSTED
from .values import reach, values

GAIN = 0.5
"""A deal worth more than this is accepted for its gain."""
BAR = {Level.EASY: -0.25, Level.NORMAL: 0.0, Level.HARD: 0.0}
"""Below this value a deal is declined, unless trust carries it: easy "accepts deals that cost it
nothing" (and a little more)."""
TRUSTED_COST = 1.0
PEACE = 0.5
"""What quiet on a border is worth in itself."""
SUPPORT_GOODWILL = 0.4
NOISE = 0.25
"""Half-width of the uniform noise added to a value."""


class Reason(StrEnum):
    GAIN = "gain"
    TRUST = "trust"
    DISTRUST = "distrust"
    NO_GAIN = "no-gain"
    ALLIED_WITH_TARGET = "allied-with-target"
    TOO_STRONG = "too-strong"


@dataclass(frozen=True, slots=True)
class Answer:
    accepted: bool
    reason: Reason
    message: str

    def to_json(self) -> dict[str, str]:
        return {"answer": "accepted" if self.accepted else "declined", "reason": self.reason.value, "message": self.message}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Answer:
        return cls(data["answer"] == "accepted", Reason(data["reason"]), data["message"])


def partners(memory: Memory, power: Power) -> frozenset[Power]:
    """The powers with a pact or alliance with ``power``."""
    return frozenset(a.other(power) for a in memory.agreements if a.kind in ("pact", "alliance") and power in a.parties)


def contact(position: Position, a: Power, b: Power) -> int:
    """How many of a's units could move next phase into a province holding b's unit or one of its centres."""
    theirs = holdings(position, b)
    return sum(1 for u in position.units.values() if u.power == a and reach(u) & theirs)


def near(position: Position, a: Power, b: Power) -> bool:
    """Whether a unit of either power is within two moves of a province holding the other's unit or one of
    its centres: neighbours, for negotiation."""
    for one, other in ((a, b), (b, a)):
        theirs = holdings(position, other)
        for u in position.units.values():
            if u.power == one:
                first = reach(u)
                if first & theirs or any(NEIGHBOURS[p] & theirs for p in first):
                    return True
    return False


def _reachable(position: Position, power: Power) -> frozenset[Province]:
    found: set[Province] = set()
    for u in position.units.values():
        if u.power == power:
            found |= reach(u)
            found.add(u.province)
    return frozenset(found)


def value(position: Position, memory: Memory, recipient: Power, proposer: Power, proposal: Proposal) -> float | Reason:
    """What the deal is worth to the recipient (the module's rules), or the reason it is out of the question."""
    aggression = CHARACTERS[recipient].aggression
    if isinstance(proposal, Pact | Alliance):
        worth = contact(position, proposer, recipient) + PEACE - 2 * aggression * contact(position, recipient, proposer)
        if isinstance(proposal, Pact):
            return worth
        target = proposal.against
        if target in partners(memory, recipient):
            return Reason.ALLIED_WITH_TARGET
        near = contact(position, target, recipient) + contact(position, recipient, target)
        return worth + 0.5 * near if near else Reason.NO_GAIN
    if isinstance(proposal, SupportRequest):
        return _support_value(position, memory, recipient, proposal)
    reachable = _reachable(position, recipient)
    if isinstance(proposal, Split):
        gets = sum(1.0 if c in reachable else 0.3 for c in proposal.yours)
        gives = sum(2.0 if position.centres.get(c) == recipient else 1.0 if c in reachable else 0.0 for c in proposal.mine)
        return gets - gives
    if isinstance(proposal, Dmz):
        cost = 0.0
        for p in proposal.provinces:
            if p in reachable:
                cost += 1.0 if p in CENTRES and position.centres.get(p) != recipient else 0.2
        return PEACE - cost
    assert isinstance(proposal, Demand)
    # Leaving is the price of peace with the demander: its threat to us, against the centres given up
    # (one we hold counts twice, as in a split).
    given = sum(2.0 if position.centres.get(p) == recipient else 1.0 for p in proposal.leave)
    return contact(position, proposer, recipient) + PEACE - given


def supported_owner(position: Position, proposal: SupportRequest) -> Power | None:
    """Whose unit stands in, or else whose centre is, the province the supported move goes into."""
    target = proposal.order.rsplit(" - ", 1)[-1][:3]
    standing = position.units.get(target)
    return standing.power if standing is not None else position.centres.get(target)


def _support_value(position: Position, memory: Memory, recipient: Power, proposal: SupportRequest) -> float | Reason:
    order = proposal.support
    owner = supported_owner(position, proposal)
    if owner == recipient:
        return Reason.NO_GAIN
    if owner is not None and owner in partners(memory, recipient):
        return Reason.ALLIED_WITH_TARGET
    if any(a.kind == "support" and a.slot() == ("support", order.unit.province) for a in memory.agreements):
        return Reason.NO_GAIN
    targets = {a.terms.against for a in memory.agreements if isinstance(a.terms, Alliance) and recipient in a.parties}
    at_odds = owner is not None and (owner in targets or memory.trust.of(recipient, owner) < DISTRUST)
    seen = values(position, recipient)
    unit = position.units[order.unit.province]
    moves = FLEET_MOVES[unit.location] if unit.kind is FLEET else reach(unit)
    best = max(seen.at(unit, to) for to in moves)
    given_up = max(0.0, best - seen.at(unit, unit.location)) / seen.unit_scale
    threatened = 1.0 if seen.competition.get(unit.province, 0) > 0 else 0.0
    return SUPPORT_GOODWILL + (1.0 if at_odds else 0.0) - given_up - threatened


def allied_against(memory: Memory, power: Power, enemy: Power) -> Power | None:
    """An ally of ``power`` in an alliance against ``enemy``, if any."""
    for a in memory.agreements:
        if isinstance(a.terms, Alliance) and a.terms.against == enemy and power in a.parties:
            return a.other(power)
    return None


def answer(
    seed: int,
    position: Position,
    memory: Memory,
    recipient: Power,
    proposer: Power,
    proposal: Proposal,
    level: Level,
    coalition: bool,
) -> Answer:
    """The recipient AI's answer (the module's rules); ``coalition`` says whether a coalition holds against
    the proposer."""
    body = json.dumps(proposal.to_json(), sort_keys=True)
    rng = draw(seed, GAME, position.phase, recipient, "answer", proposer, body)
    trust = memory.trust.of(recipient, proposer)
    peace = isinstance(proposal, Pact | Alliance)
    target = proposal.against.title() if isinstance(proposal, Alliance) else ""
    reason: Reason
    accepted = False
    if coalition and peace:
        reason = Reason.TOO_STRONG
    elif (peace and memory.trust.holds_grudge(recipient, proposer, position.phase.year)) or trust < DISTRUST:
        reason = Reason.DISTRUST
    elif isinstance(proposal, Pact) and any(a.kind in ("pact", "alliance") for a in memory.between(recipient, proposer)):
        reason = Reason.NO_GAIN
    elif peace and (ally := allied_against(memory, recipient, proposer)) is not None:
        reason, target = Reason.ALLIED_WITH_TARGET, ally.title()
    else:
        worth = value(position, memory, recipient, proposer, proposal)
        if isinstance(worth, Reason):
            reason = worth
            if isinstance(proposal, SupportRequest) and worth is Reason.ALLIED_WITH_TARGET:
                target = (supported_owner(position, proposal) or "").title()
        else:
            worth += rng.uniform(-NOISE, NOISE)
            if worth > GAIN:
                accepted, reason = True, Reason.GAIN
            elif worth >= BAR[level] or (trust >= TRUSTED and worth >= -TRUSTED_COST):
                accepted, reason = True, Reason.TRUST
            else:
                reason = Reason.NO_GAIN
    situation = f"{'accepted' if accepted else 'declined'}/{reason.value}"
    return Answer(accepted, reason, speak(recipient, situation, rng, target=target))
