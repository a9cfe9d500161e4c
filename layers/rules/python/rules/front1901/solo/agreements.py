"""Agreements in force: who made them, what they bind, and what they forbid.

An agreement is an accepted proposal.  "A pact (and the pact inside an alliance) is broken by a move into,
or a support or convoy of a move into, a province holding the other's unit or one of its centres.  A dmz is
broken by any order of the recipient that moves, supports or convoys a unit into one of its provinces.  A
split is broken by a move, support or convoy into a centre assigned to the other side, in any season.  A
support promise is kept when the promised order (normalised) was given."  A demand binds its recipient to
leave the named provinces and enter none of them.  ``bounds`` states exactly that,
per party, for the position at the start of a phase: the AI's policy orders within it, and the judge
(:mod:`.judge`) finds the orders outside it.  One fact, read both ways.

Slots keep the memory of agreements a fixed size: two powers have at most one pact or alliance (an alliance
replaces a pact), one split, and one dmz each way; a new one replaces the old (not a break); a unit has at
most one support promise a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Power, Province
from ..position import Phase, Position
from .policy import Bounds, UnitOrder
from .proposals import LASTING, Alliance, Demand, Dmz, Pact, Proposal, Split, SupportRequest, read_proposal


@dataclass(frozen=True, slots=True)
class Agreement:
    """An accepted proposal: ``since`` is the movement phase in whose negotiation it was made."""

    id: int
    proposer: Power
    recipient: Power
    terms: Proposal
    since: Phase

    @property
    def kind(self) -> str:
        return self.terms.kind

    @property
    def lasting(self) -> bool:
        return self.terms.kind in LASTING

    @property
    def parties(self) -> tuple[Power, Power]:
        return (self.proposer, self.recipient)

    def other(self, power: Power) -> Power:
        return self.recipient if power == self.proposer else self.proposer

    def binds(self, power: Power) -> bool:
        """"binds: both" for pact, split and alliance; the recipient for support and dmz; the member (the
        recipient) for a demand."""
        if power not in self.parties:
            return False
        return isinstance(self.terms, Pact | Split | Alliance) or power == self.recipient

    def slot(self) -> tuple[str, ...]:
        """Agreements sharing a slot replace each other (the module's rules)."""
        pair = tuple(sorted(self.parties))
        if isinstance(self.terms, Pact | Alliance):
            return ("peace", *pair)
        if isinstance(self.terms, Split):
            return ("split", *pair)
        if isinstance(self.terms, Dmz):
            return ("dmz", self.proposer, self.recipient)
        if isinstance(self.terms, SupportRequest):
            return ("support", self.terms.support.unit.province)
        return ("demand", self.proposer, self.recipient)

    def bounds(self, power: Power, position: Position) -> Bounds:
        """What the agreement forbids or asks of ``power`` in the phase starting at ``position``."""
        if not self.binds(power):
            return Bounds()
        terms = self.terms
        if isinstance(terms, Pact | Alliance):
            return Bounds(holdings(position, self.other(power)))
        if isinstance(terms, Split):
            return Bounds(frozenset(terms.yours if power == self.proposer else terms.mine))
        if isinstance(terms, Dmz):
            return Bounds(frozenset(terms.provinces))
        if isinstance(terms, SupportRequest):
            return Bounds(promised=(terms.support,))
        assert isinstance(terms, Demand)
        return Bounds(frozenset(terms.leave), leave=frozenset(terms.leave))

    def to_json(self) -> list[Any]:
        """Compact: ``[id, proposer, recipient, since, body]``."""
        return [self.id, self.proposer, self.recipient, str(self.since), self.terms.to_json()]

    @classmethod
    def from_json(cls, data: list[Any]) -> Agreement:
        number, proposer, recipient, since, body = data
        return cls(int(number), proposer, recipient, read_proposal(body), Phase.parse(since))

    def describe(self) -> str:
        """The agreement in words, as news and notices name it."""
        terms = self.terms
        a, b = (p.title() for p in self.parties)
        if isinstance(terms, Pact):
            return f"the pact between {a} and {b}"
        if isinstance(terms, Alliance):
            return f"the alliance of {a} and {b} against {terms.against.title()}"
        if isinstance(terms, Split):
            return f"the split of {', '.join(terms.mine)} for {a} and {', '.join(terms.yours)} for {b}"
        if isinstance(terms, Dmz):
            return f"the neutral zone {', '.join(terms.provinces)} around {terms.around}"
        if isinstance(terms, SupportRequest):
            return f"the promise of {terms.order}"
        assert isinstance(terms, Demand)
        return f"the demand to leave {', '.join(terms.leave)}"


def holdings(position: Position, power: Power) -> frozenset[Province]:
    """"The other's unit or centre": the provinces holding the power's units, and its centres."""
    held = {p for p, u in position.units.items() if u.power == power}
    return frozenset(held | {c for c, owner in position.centres.items() if owner == power})


def capital(text: str) -> str:
    """The sentence with its first letter upper case ("the pact ..." -> "The pact ...")."""
    return text[:1].upper() + text[1:]


def combined_bounds(agreements: tuple[Agreement, ...], power: Power, position: Position) -> Bounds:
    """Everything the power's agreements forbid or ask of it, together."""
    forbidden: set[Province] = set()
    promised: list[UnitOrder] = []
    leave: set[Province] = set()
    for agreement in agreements:
        bounds = agreement.bounds(power, position)
        forbidden |= bounds.forbidden
        promised += bounds.promised
        leave |= bounds.leave
    return Bounds(frozenset(forbidden), tuple(promised), frozenset(leave))
