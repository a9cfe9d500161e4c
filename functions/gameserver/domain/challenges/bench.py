"""The test bench through the API: "The test bench plays a doctrine against the three house AIs, on both
sides, on a map of each shape, and shows what each rule did." Platform decision: "The test bench (the engine's)
is offered through the API for a member's own doctrines and for the house AIs."

It runs the engine's bench (``rules.feinthold.doctrine.bench``) inside the request, on one of my doctrines, a
draft in the request (checked by the engine first: a broken one is a 422 naming the field and the rule), or a
house AI's public rules. The seed draws the layouts and the house AIs' noise: the same seed gives the same
bench, as the engine's own does. Nothing is stored.
"""

from __future__ import annotations

from typing import Any, cast

from gameserver.domain.challenges.answers import BenchOut
from gameserver.domain.feinthold import rules
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.storage.port import Store


def bench_slot(store: Store, caller: Caller, slot: int, seed: int) -> BenchOut:
    """The bench of the doctrine in my ``slot`` (its rules as they are now)."""
    held = store.doctrines.doctrines(caller.sub).slots.get(slot)
    if held is None:
        raise NotFound(f"no doctrine in slot {slot}", field="slot")
    return _bench(held.doctrine, seed)


def bench_draft(raw: dict[str, Any], seed: int) -> BenchOut:
    """The bench of a doctrine written in the request, never stored."""
    return _bench(rules().check_doctrine(raw), seed)


def bench_house(house_ai: str, seed: int) -> BenchOut:
    """The bench of a house AI's public rules (as written, without a game's noise)."""
    return _bench(rules().house_rules()[house_ai], seed)


def _bench(doctrine: dict[str, Any], seed: int) -> BenchOut:
    """The engine's bench (``rules.feinthold.doctrine``), as ``BenchOut`` describes it."""
    return cast("BenchOut", rules().bench(doctrine, seed))
