"""The proposal kinds, as typed values that read and write the spec's wire format.

"The 'Negotiate' button lets you, with each power: propose a non-aggression pact; ask for support for one
of your moves; split centres ("Belgium for me, Holland for you"); propose an alliance against another power;
ask for a neutral zone around one of your centres."  The AIs may also send a demand.

=========  ==================================================================  ======  =============
kind       body                                                                DAIDE   binds
=========  ==================================================================  ======  =============
pact       ``{"kind": "pact"}``                                                PCE     both
support    ``{"kind": "support", "order": "F NTH S A LON - BEL"}``             XDO     the recipient
split      ``{"kind": "split", "mine": ["BEL"], "yours": ["HOL"]}``            SCD     both
alliance   ``{"kind": "alliance", "against": "GERMANY"}`` (includes a pact)    ALY     both
dmz        ``{"kind": "dmz", "around": "MUN", "provinces": ["BOH", "TYR"]}``   DMZ     the recipient
demand     ``{"kind": "demand", "leave": ["BEL"]}`` (AI only)                  -       the member
=========  ==================================================================  ======  =============

``read_proposal`` reads a body's shape (and normalises it: canonical codes, sorted, no repeats);
``check_proposal`` applies the spec's validation against the position.  Both raise ``ProposalError``, a
``ValueError`` carrying the ``field`` and the ``rule`` a service maps to a 422.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import CENTRES, POWERS, Power, Province
from ..game import alive
from ..legality import ConvoyGeometry, IllegalOrderError, check_movement_order
from ..notation import OrderSyntaxError, parse_location, parse_order
from ..orders import SupportMove
from ..position import NEIGHBOURS, Position
from .errors import SoloError

SPLIT_MOST = 3
"""At most this many centres on each side of a split (beyond the spec: a split is a local bargain, and the
AI's memory of agreements must stay a fixed size)."""
DEMAND_MOST = 3
"""An AI's demand names at most this many provinces (the same reason)."""


class ProposalError(SoloError):
    """A proposal the rules refuse: ``field`` names the part of the body (or ``recipient``), ``rule`` the
    rule it breaks (a short slug), ``str()`` reads as a sentence for the member."""


@dataclass(frozen=True, slots=True)
class Pact:
    """A non-aggression pact: neither side moves, supports or convoys a move into a province holding the
    other's unit or one of its centres."""

    kind: ClassVar[str] = "pact"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True, slots=True)
class SupportRequest:
    """"Support for one of your moves": ``order`` is the recipient's unit's order, a support of a move by
    one of the proposer's units, in canonical notation."""

    kind: ClassVar[str] = "support"
    order: str

    @property
    def support(self) -> SupportMove:
        """The promised order, read (``read_proposal`` admits only move supports)."""
        order = parse_order(self.order)
        assert isinstance(order, SupportMove)
        return order

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "order": self.order}


@dataclass(frozen=True, slots=True)
class Split:
    """"Belgium for me, Holland for you": ``mine`` are the proposer's, ``yours`` the recipient's."""

    kind: ClassVar[str] = "split"
    mine: tuple[Province, ...]
    yours: tuple[Province, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "mine": list(self.mine), "yours": list(self.yours)}


@dataclass(frozen=True, slots=True)
class Alliance:
    """An alliance against ``against`` (it includes a pact); it ends, kept, when the target is eliminated."""

    kind: ClassVar[str] = "alliance"
    against: Power

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "against": self.against}


@dataclass(frozen=True, slots=True)
class Dmz:
    """A neutral zone around one of the proposer's centres: the recipient sends no unit into
    ``provinces``."""

    kind: ClassVar[str] = "dmz"
    around: Province
    provinces: tuple[Province, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "around": self.around, "provinces": list(self.provinces)}


@dataclass(frozen=True, slots=True)
class Demand:
    """An AI's demand that the member leave these provinces, checked after this phase's moves."""

    kind: ClassVar[str] = "demand"
    leave: tuple[Province, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "leave": list(self.leave)}


Proposal = Pact | SupportRequest | Split | Alliance | Dmz | Demand
KINDS: dict[str, type] = {cls.kind: cls for cls in (Pact, SupportRequest, Split, Alliance, Dmz, Demand)}
LASTING = frozenset({"pact", "split", "alliance", "dmz"})
"""The kinds that last until broken or cancelled (a support lasts the phase, a demand is checked after it)."""


def _province(value: Any, field: str) -> Province:
    if not isinstance(value, str):
        raise ProposalError(field, "shape", f"expected a province code, found {value!r}")
    try:
        return parse_location(value.strip())[:3]
    except OrderSyntaxError as error:
        raise ProposalError(field, "unknown-province", error.reason) from None


def _provinces(body: Mapping[str, Any], field: str) -> tuple[Province, ...]:
    value = body.get(field)
    if not isinstance(value, list):
        raise ProposalError(field, "shape", "expected a list of province codes")
    found = tuple(sorted({_province(v, field) for v in value}))
    if not found:
        raise ProposalError(field, "empty", "name at least one province")
    return found


def _power(value: Any, field: str) -> Power:
    power = value.strip().upper() if isinstance(value, str) else None
    if power not in POWERS:
        raise ProposalError(field, "unknown-power", f"no power {value!r}")
    return power


_FIELDS = {"pact": set(), "support": {"order"}, "split": {"mine", "yours"}, "alliance": {"against"},
           "dmz": {"around", "provinces"}, "demand": {"leave"}}  # fmt: skip


def read_proposal(body: Any) -> Proposal:
    """A proposal from its wire body, normalised (canonical codes, lists sorted without repeats, the
    support order in compact notation); raises ProposalError for a body of the wrong shape."""
    if not isinstance(body, Mapping):
        raise ProposalError("kind", "shape", "a proposal is a JSON object with a kind")
    kind = body.get("kind")
    if kind not in KINDS:
        raise ProposalError("kind", "unknown-kind", f"no proposal kind {kind!r}: one of {', '.join(KINDS)}")
    extra = set(body) - _FIELDS[kind] - {"kind"}
    if extra:
        field = sorted(extra)[0]
        raise ProposalError(field, "shape", f"a {kind} has no field {field!r}")
    if kind == "pact":
        return Pact()
    if kind == "support":
        text = body.get("order")
        if not isinstance(text, str):
            raise ProposalError("order", "shape", "expected an order such as 'F NTH S A LON - BEL'")
        try:
            order = parse_order(text)
        except OrderSyntaxError as error:
            raise ProposalError("order", "unreadable", error.reason) from None
        if not isinstance(order, SupportMove):
            raise ProposalError("order", "not-a-move-support", "ask for the support of one of your moves")
        return SupportRequest(str(order))
    if kind == "split":
        mine, yours = _provinces(body, "mine"), _provinces(body, "yours")
        for field, side in (("mine", mine), ("yours", yours)):
            if len(side) > SPLIT_MOST:
                raise ProposalError(field, "too-many", f"a split names at most {SPLIT_MOST} centres a side")
        return Split(mine, yours)
    if kind == "alliance":
        return Alliance(_power(body.get("against"), "against"))
    if kind == "dmz":
        return Dmz(_province(body.get("around"), "around"), _provinces(body, "provinces"))
    leave = _provinces(body, "leave")
    if len(leave) > DEMAND_MOST:
        raise ProposalError("leave", "too-many", f"a demand names at most {DEMAND_MOST} provinces")
    return Demand(leave)


def check_proposal(proposal: Proposal, proposer: Power, recipient: Power, position: Position) -> Proposal:
    """The spec's validation: "the recipient is a living power other than the proposer; a support order is
    a legal order of one of the recipient's units now; split entries are supply centres, the two lists
    disjoint, none already owned by the side it is assigned to; an alliance target is alive and neither
    party; dmz provisions are neighbours of around" (and ``around`` is one of the proposer's centres).
    Returns the proposal in canonical form; raises ProposalError."""
    living = alive(position)
    if recipient == proposer:
        raise ProposalError("recipient", "self", "a power cannot negotiate with itself")
    if recipient not in living:
        raise ProposalError("recipient", "not-alive", f"{recipient} has been eliminated")
    if isinstance(proposal, SupportRequest):
        return _check_support(proposal, proposer, recipient, position)
    if isinstance(proposal, Split):
        for field, side, owner in (("mine", proposal.mine, proposer), ("yours", proposal.yours, recipient)):
            for centre in side:
                if centre not in CENTRES:
                    raise ProposalError(field, "not-a-centre", f"{centre} is not a supply centre")
                if position.centres.get(centre) == owner:
                    raise ProposalError(field, "already-owned", f"{centre} already belongs to {owner}")
        both = sorted(set(proposal.mine) & set(proposal.yours))
        if both:
            raise ProposalError("yours", "overlap", f"{', '.join(both)} cannot go to both sides")
        return proposal
    if isinstance(proposal, Alliance):
        if proposal.against in (proposer, recipient):
            raise ProposalError("against", "party", "an alliance's target is neither of its parties")
        if proposal.against not in living:
            raise ProposalError("against", "not-alive", f"{proposal.against} has been eliminated")
        return proposal
    if isinstance(proposal, Dmz):
        if position.centres.get(proposal.around) != proposer or proposal.around not in CENTRES:
            raise ProposalError("around", "not-proposers-centre", f"{proposal.around} is not a centre of {proposer}")
        far = [p for p in proposal.provinces if p not in NEIGHBOURS[proposal.around]]
        if far:
            raise ProposalError("provinces", "not-neighbour", f"{', '.join(far)} not next to {proposal.around}")
        return proposal
    return proposal


def _check_support(proposal: SupportRequest, proposer: Power, recipient: Power, position: Position) -> SupportRequest:
    order = proposal.support
    supported = position.units.get(order.supported.province)
    if supported is None or supported.power != proposer:
        raise ProposalError("order", "not-proposers-move", f"no unit of {proposer} in {order.supported.province}")
    try:
        legal = check_movement_order(position, recipient, order, ConvoyGeometry.of(position.units))
    except IllegalOrderError as error:
        raise ProposalError("order", "illegal", error.rule) from None
    return SupportRequest(str(legal))

