"""What the credits' routes (v1) answer (documentation and a check, never built at run time: see feinthold_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import NextCursor, Timestamp
from gameserver.platform.duels.credits import CreditKind


class LedgerLineOut(BaseModel):
    """One move of my credits."""

    amount: int = Field(description="the change of your balance")
    kind: CreditKind
    ref: str = Field(description="the duel (or tournament, season) it belongs to; empty for the grant")
    at: Timestamp


class CreditsOut(BaseModel):
    """My balance and a page of my ledger, newest first."""

    balance: int
    lines: list[LedgerLineOut] = Field(description="newest first")
    cursor: NextCursor
