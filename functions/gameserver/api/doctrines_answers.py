"""What the doctrine routes (v1) answer (documentation and a check, never built at run time: see
feinthold_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.doctrines_models import DoctrineJson
from gameserver.api.models import Timestamp


class DoctrineOut(BaseModel):
    """One of my doctrines, in its slot."""

    slot: int = Field(ge=1, le=3)
    doctrine: DoctrineJson
    default: bool = Field(description="it plays the turns I miss in games that start from now on")
    updated_at: Timestamp


class DoctrineList(BaseModel):
    """My doctrines (three at most)."""

    doctrines: list[DoctrineOut]
