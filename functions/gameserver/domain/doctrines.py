"""A member's doctrines: "A member can write up to three doctrines: 8 rules at most, "if ... then ...", chosen
from lists (no code). [...] Their default doctrine, set at the start of each game, plays the turns they miss".

Each doctrine sits in one of three slots, so three is a limit no race can pass (a slot is created only if it
is free). The default's copy is what a game snapshots when it starts; replacing or deleting the default
doctrine updates or removes that copy in the same transaction, and a game in progress keeps its snapshot.
"""

from __future__ import annotations

from typing import Any

from gameserver.clock import Clock, iso
from gameserver.domain.errors import Conflict, InvalidInput, NotFound
from gameserver.identity import Caller
from gameserver.storage import port
from gameserver.storage.duels import DuelStorage

SLOTS = (1, 2, 3)
""""A member can write up to three doctrines"."""


def _storage(store: Any) -> DuelStorage:
    return DuelStorage(store.client, store.table)


def checked(raw: dict[str, Any]) -> dict[str, Any]:
    """The doctrine as the engine reads it back; a broken one is a 422 naming the field and the rule."""
    from rules.feinthold.doctrine import DoctrineError, parse_doctrine

    try:
        return parse_doctrine(raw).to_json()
    except DoctrineError as error:
        field = f"doctrine.{error.path}" if error.path else "doctrine"
        rule = None if error.rule is None else f"rule {error.rule}"
        raise InvalidInput(error.message, field=field, rule=rule, code="invalid_doctrine") from error


def _answer(slot: int, entry: dict[str, Any], default: int | None) -> dict[str, Any]:
    return {"slot": slot, "doctrine": entry["doctrine"], "default": slot == default,
            "updated_at": entry["updated_at"]}


def list_doctrines(store: Any, caller: Caller) -> dict[str, Any]:
    slots, default = _storage(store).doctrines(caller.sub)
    return {"doctrines": [_answer(slot, slots[slot], default) for slot in sorted(slots)]}


def read_doctrine(store: Any, caller: Caller, slot: int) -> dict[str, Any]:
    slots, default = _storage(store).doctrines(caller.sub)
    if slot not in slots:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    return _answer(slot, slots[slot], default)


def create_doctrine(store: Any, clock: Clock, caller: Caller, raw: dict[str, Any]) -> dict[str, Any]:
    doctrine = checked(raw)
    ds = _storage(store)
    for _ in SLOTS:
        slots, default = ds.doctrines(caller.sub)
        free = [slot for slot in SLOTS if slot not in slots]
        if not free:
            raise Conflict("a member keeps up to three doctrines; replace or delete one", code="doctrines_full",
                           rule="three-doctrines")
        at = iso(clock.now())
        try:
            ds.put_doctrine(caller.sub, free[0], doctrine, at, new=True, is_default=False)
        except port.Conflict:
            continue
        return _answer(free[0], {"doctrine": doctrine, "updated_at": at}, default)
    raise Conflict("your doctrines changed meanwhile; send it again", code="busy")


def replace_doctrine(store: Any, clock: Clock, caller: Caller, slot: int, raw: dict[str, Any]) -> dict[str, Any]:
    """Replace the doctrine in ``slot``; if it is the default, games that start from now on get the new one."""
    doctrine = checked(raw)
    ds = _storage(store)
    slots, default = ds.doctrines(caller.sub)
    if slot not in slots:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    at = iso(clock.now())
    try:
        ds.put_doctrine(caller.sub, slot, doctrine, at, new=False, is_default=slot == default)
    except port.Conflict as error:
        raise Conflict("your doctrines changed meanwhile; send it again", code="busy") from error
    return _answer(slot, {"doctrine": doctrine, "updated_at": at}, default)


def delete_doctrine(store: Any, caller: Caller, slot: int) -> None:
    ds = _storage(store)
    slots, default = ds.doctrines(caller.sub)
    if slot not in slots:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    try:
        ds.delete_doctrine(caller.sub, slot, is_default=slot == default)
    except port.Conflict as error:
        raise Conflict("your doctrines changed meanwhile; send it again", code="busy") from error


def make_default(store: Any, caller: Caller, slot: int) -> dict[str, Any]:
    """Mark ``slot`` as the default doctrine: the one copied into each game of mine when it starts."""
    ds = _storage(store)
    slots, _ = ds.doctrines(caller.sub)
    if slot not in slots:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    try:
        ds.set_default(caller.sub, slot, slots[slot]["doctrine"], slots[slot]["updated_at"])
    except port.Conflict as error:
        raise Conflict("that doctrine changed meanwhile; send it again", code="busy") from error
    return _answer(slot, slots[slot], slot)
