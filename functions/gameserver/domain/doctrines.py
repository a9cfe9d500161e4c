"""A member's doctrines: "A member can write up to three doctrines: 8 rules at most, "if ... then ...", chosen
from lists (no code). [...] Their default doctrine, set at the start of each game, plays the turns they miss".

Each doctrine sits in one of three slots, so three is a limit no race can pass (a slot is created only if it
is free). The default's copy is what a game snapshots when it starts; replacing or deleting the default
doctrine updates or removes that copy in the same transaction, and a game in progress keeps its snapshot.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso
from gameserver.domain.feinthold import rules
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller
from gameserver.storage.doctrines import SlotDoctrine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store
from gameserver.words import DoctrineJson, Timestamp

SLOTS = (1, 2, 3)
""""A member can write up to three doctrines"."""


class DoctrineOut(TypedDict):
    """One of my doctrines, in its slot."""

    slot: Annotated[int, Field(ge=1, le=3)]
    doctrine: DoctrineJson
    default: Annotated[bool, Field(description="it plays the turns I miss in games that start from now on")]
    updated_at: Timestamp


class DoctrineList(TypedDict):
    """My doctrines (three at most)."""

    doctrines: list[DoctrineOut]


def _answer(slot: int, entry: SlotDoctrine, default: int | None) -> DoctrineOut:
    return {"slot": slot, "doctrine": entry.doctrine, "default": slot == default, "updated_at": entry.updated_at}


def _mine(store: Store, caller: Caller, slot: int) -> tuple[SlotDoctrine, int | None]:
    held = store.doctrines.doctrines(caller.sub)
    if slot not in held.slots:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    return held.slots[slot], held.default


def list_doctrines(store: Store, caller: Caller) -> DoctrineList:
    held = store.doctrines.doctrines(caller.sub)
    return {"doctrines": [_answer(slot, held.slots[slot], held.default) for slot in sorted(held.slots)]}


def read_doctrine(store: Store, caller: Caller, slot: int) -> DoctrineOut:
    entry, default = _mine(store, caller, slot)
    return _answer(slot, entry, default)


def create_doctrine(store: Store, clock: Clock, caller: Caller, raw: dict[str, Any]) -> DoctrineOut:
    doctrine = rules().check_doctrine(raw)
    for _ in SLOTS:
        held = store.doctrines.doctrines(caller.sub)
        free = [slot for slot in SLOTS if slot not in held.slots]
        if not free:
            raise Conflict("a member keeps up to three doctrines; replace or delete one", code=ErrorCode.DOCTRINES_FULL,
                           rule="three-doctrines")
        at = iso(clock.now())
        try:
            store.doctrines.put(caller.sub, free[0], doctrine, at, new=True, is_default=False)
        except WriteConflict:
            continue
        return _answer(free[0], SlotDoctrine(doctrine, at), held.default)
    raise _busy()


def replace_doctrine(store: Store, clock: Clock, caller: Caller, slot: int, raw: dict[str, Any]) -> DoctrineOut:
    """Replace the doctrine in ``slot``; if it is the default, games that start from now on get the new one."""
    doctrine = rules().check_doctrine(raw)
    _, default = _mine(store, caller, slot)
    at = iso(clock.now())
    try:
        store.doctrines.put(caller.sub, slot, doctrine, at, new=False, is_default=slot == default)
    except WriteConflict as error:
        raise _busy() from error
    return _answer(slot, SlotDoctrine(doctrine, at), default)


def delete_doctrine(store: Store, caller: Caller, slot: int) -> None:
    _, default = _mine(store, caller, slot)
    try:
        store.doctrines.delete(caller.sub, slot, is_default=slot == default)
    except WriteConflict as error:
        raise _busy() from error


def make_default(store: Store, caller: Caller, slot: int) -> DoctrineOut:
    """Mark ``slot`` as the default doctrine: the one copied into each game of mine when it starts."""
    entry, _ = _mine(store, caller, slot)
    try:
        store.doctrines.set_default(caller.sub, slot, entry.doctrine, entry.updated_at)
    except WriteConflict as error:
        raise Conflict("that doctrine changed meanwhile; send it again", code=ErrorCode.BUSY) from error
    return _answer(slot, entry, slot)


def _busy() -> Conflict:
    return Conflict("your doctrines changed meanwhile; send it again", code=ErrorCode.BUSY)
