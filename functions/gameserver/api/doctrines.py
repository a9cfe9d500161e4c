"""Routes of a member's doctrines (v1): three slots at most, one the default that plays the turns I miss."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from gameserver.api.deps import IdempotencyKey, Me, answer, errors, ok, reply
from gameserver.api.doctrines_models import DoctrineIn
from gameserver.clock import get_clock
from gameserver.domain import doctrines
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

Slot = Annotated[int, Path(ge=1, le=3, description="a doctrine slot, 1 to 3")]

router = APIRouter()


@router.get("/v1/feinthold/doctrines", responses=ok(doctrines.DoctrineList), tags=["doctrines"])
async def list_doctrines(caller: Me) -> Response:
    """My doctrines (three at most), the default marked."""
    return reply(doctrines.list_doctrines(storage(), caller))


@router.post("/v1/feinthold/doctrines", status_code=201,
             responses={**ok(doctrines.DoctrineOut, 201), **errors(E.DOCTRINES_FULL, E.INVALID_DOCTRINE)},
             tags=["doctrines"])
async def create_doctrine(body: DoctrineIn, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Write a doctrine into a free slot (409 when all three are taken); checked by the engine's schema."""

    def work() -> object:
        return doctrines.create_doctrine(storage(), get_clock(), caller, body.doctrine)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feinthold/doctrines/{slot}", responses={**ok(doctrines.DoctrineOut), **errors(E.NOT_FOUND)},
            tags=["doctrines"])
async def get_doctrine(slot: Slot, caller: Me) -> Response:
    """One of my doctrines."""
    return reply(doctrines.read_doctrine(storage(), caller, slot))


@router.put("/v1/feinthold/doctrines/{slot}",
            responses={**ok(doctrines.DoctrineOut), **errors(E.NOT_FOUND, E.INVALID_DOCTRINE)}, tags=["doctrines"])
async def replace_doctrine(slot: Slot, body: DoctrineIn, request: Request, caller: Me,
                           key: IdempotencyKey = None) -> Response:
    """Replace a doctrine; a game already started keeps the copy it took."""

    def work() -> object:
        return doctrines.replace_doctrine(storage(), get_clock(), caller, slot, body.doctrine)

    return answer(key, request, caller, body.model_dump(mode="json"), work)


@router.delete("/v1/feinthold/doctrines/{slot}", status_code=204,
               responses={204: {"description": "deleted"}, **errors(E.NOT_FOUND)}, tags=["doctrines"])
async def delete_doctrine(slot: Slot, caller: Me) -> Response:
    """Delete a doctrine (the default too: then no doctrine plays the turns I miss)."""
    doctrines.delete_doctrine(storage(), caller, slot)
    return Response(status_code=204)


@router.post("/v1/feinthold/doctrines/{slot}/default", responses={**ok(doctrines.DoctrineOut), **errors(E.NOT_FOUND)},
             tags=["doctrines"])
async def set_default_doctrine(slot: Slot, caller: Me) -> Response:
    """Make this doctrine my default: it plays the turns I miss in games that start from now on."""
    return reply(doctrines.make_default(storage(), caller, slot))
