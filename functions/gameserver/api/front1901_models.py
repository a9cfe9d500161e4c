"""Request bodies of Front 1901's routes (v1): a new solo game, a phase's orders or draft, a proposal, an answer
to an AI power's proposal, a cancellation; and the words of Front 1901 the answers share, each defined once (they
mirror the rules layer's, which the API cannot import at a cold start: tests/front1901_games/test_words.py holds
each mirror equal to its source; those a domain's answer names too are in ``domain.front1901.words``). What the
routes answer is in ``domain.front1901.answers``."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Path
from pydantic import Field

from gameserver.api.models import Choice, RequestBody
from gameserver.domain.front1901.words import (
    Front1901Length,
    Front1901Level,
    Front1901Power,
    Front1901ProposalKind,
    Province,
)

OrderText = Annotated[str, Field(min_length=1, max_length=60, description="an order in either notation",
                                 examples=["A PAR - BUR"])]
MAX_ORDERS = 40
"""Orders in one submission at most (the most units a power may have, 34, and room for written convoys)."""
Phase = Annotated[str, Path(pattern=r"^[SFW]\d{4}[MRA]$", description="a phase: season, year, step (S1901M)",
                            examples=["S1901M"])]


class NewFront1901Game(RequestBody):
    power: Choice[Front1901Power] | None = Field(default=None, description="mine; drawn when left out")
    level: Choice[Front1901Level] = Front1901Level.NORMAL
    length: Choice[Front1901Length] = Front1901Length.SHORT


class Front1901OrdersIn(RequestBody):
    orders: list[OrderText] = Field(max_length=MAX_ORDERS,
                                    description="the phase's orders, in either notation; a unit left out holds")


# ------------------------------------------------------------------ proposals
class Front1901Pact(RequestBody):
    kind: Literal[Front1901ProposalKind.PACT]


class Front1901Support(RequestBody):
    kind: Literal[Front1901ProposalKind.SUPPORT]
    order: OrderText = Field(description="the recipient's unit's order: a support of one of my moves",
                             examples=["F NTH S A LON - BEL"])


class Front1901Split(RequestBody):
    kind: Literal[Front1901ProposalKind.SPLIT]
    mine: list[Province] = Field(min_length=1, max_length=34, description="centres for the proposer")
    yours: list[Province] = Field(min_length=1, max_length=34, description="centres for the recipient")


class Front1901Alliance(RequestBody):
    kind: Literal[Front1901ProposalKind.ALLIANCE]
    against: Choice[Front1901Power]


class Front1901Dmz(RequestBody):
    kind: Literal[Front1901ProposalKind.DMZ]
    around: Province = Field(description="one of the proposer's centres")
    provinces: list[Province] = Field(min_length=1, max_length=12, description="neighbours of around")


class Front1901Demand(RequestBody):
    kind: Literal[Front1901ProposalKind.DEMAND]
    leave: list[Province] = Field(description="provinces the member must leave")


Front1901Proposal = Annotated[Front1901Pact | Front1901Support | Front1901Split | Front1901Alliance | Front1901Dmz,
                              Field(discriminator="kind")]
"""What a member may propose (a demand is an AI power's only)."""

Front1901Terms = Annotated[Front1901Pact | Front1901Support | Front1901Split | Front1901Alliance | Front1901Dmz
                           | Front1901Demand, Field(discriminator="kind")]
"""A proposal as a message or an agreement shows it, of either side."""


class Front1901ProposalIn(RequestBody):
    to: Choice[Front1901Power] = Field(description="a living AI power")
    proposal: Front1901Proposal


class Front1901ReplyIn(RequestBody):
    message_id: int = Field(ge=1, description="an AI power's open proposal to me, this phase")
    accept: bool


class Front1901CancelIn(RequestBody):
    agreement_id: int = Field(ge=0, description="one of my lasting agreements in force")
