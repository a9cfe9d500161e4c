"""Bodies of the doctrine routes (v1)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from gameserver.api.models import RequestBody


class DoctrineIn(RequestBody):
    doctrine: dict[str, Any] = Field(description='{"name": ..., "rules": [{"if": [...], "then": {...}}]}')


class DoctrineOut(BaseModel):
    slot: int = Field(description="1 to 3")
    doctrine: dict[str, Any]
    default: bool
    updated_at: str


class DoctrineList(BaseModel):
    doctrines: list[DoctrineOut]
