"""Bodies of the credits' routes (v1)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class LedgerLineOut(BaseModel):
    amount: int = Field(description="the change of your balance")
    kind: str = Field(description="grant, escrow, payout, return, ...")
    ref: str = Field(description="the duel (or tournament, season) it belongs to; empty for the grant")
    at: str


class CreditsOut(BaseModel):
    balance: int
    lines: list[LedgerLineOut] = Field(description="newest first")
    cursor: str | None
