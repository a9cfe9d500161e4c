"""Routes of a member's doctrines (v1): three slots at most, one the default that plays the turns I miss."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from gameserver.api.deps import ERRORS, IdempotencyKey, Me, answer
from gameserver.api.doctrines_models import DoctrineIn, DoctrineList, DoctrineOut
from gameserver.clock import get_clock
from gameserver.domain import doctrines
from gameserver.services import storage

Slot = Annotated[int, Path(ge=1, le=3, description="a doctrine slot, 1 to 3")]

router = APIRouter()


@router.get("/v1/feinthold/doctrines", response_model=DoctrineList, responses=ERRORS, tags=["doctrines"])
async def list_doctrines(caller: Me) -> Any:
    """My doctrines (three at most), the default marked."""
    return doctrines.list_doctrines(storage(), caller)


@router.post("/v1/feinthold/doctrines", status_code=201, response_model=DoctrineOut, responses=ERRORS,
             tags=["doctrines"])
async def create_doctrine(body: DoctrineIn, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
    """Write a doctrine into a free slot (409 when all three are taken); checked by the engine's schema."""

    def work() -> Any:
        return doctrines.create_doctrine(storage(), get_clock(), caller, body.doctrine)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.get("/v1/feinthold/doctrines/{slot}", response_model=DoctrineOut, responses=ERRORS, tags=["doctrines"])
async def get_doctrine(slot: Slot, caller: Me) -> Any:
    return doctrines.read_doctrine(storage(), caller, slot)


@router.put("/v1/feinthold/doctrines/{slot}", response_model=DoctrineOut, responses=ERRORS, tags=["doctrines"])
async def replace_doctrine(slot: Slot, body: DoctrineIn, request: Request, caller: Me,
                           key: IdempotencyKey = None) -> Any:
    """Replace a doctrine; a game already started keeps the copy it took."""

    def work() -> Any:
        return doctrines.replace_doctrine(storage(), get_clock(), caller, slot, body.doctrine)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.delete("/v1/feinthold/doctrines/{slot}", status_code=204, responses=ERRORS, tags=["doctrines"])
async def delete_doctrine(slot: Slot, caller: Me) -> Response:
    doctrines.delete_doctrine(storage(), caller, slot)
    return Response(status_code=204)


@router.post("/v1/feinthold/doctrines/{slot}/default", response_model=DoctrineOut, responses=ERRORS,
             tags=["doctrines"])
async def set_default_doctrine(slot: Slot, caller: Me) -> Any:
    """Make this doctrine my default: it plays the turns I miss in games that start from now on."""
    return doctrines.make_default(storage(), caller, slot)
