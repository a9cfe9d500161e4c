"""Idempotency-Key through Powertools idempotency and its own table: once per (subject, method, path, key)."""

from __future__ import annotations

import pytest
from gameserver.api import idempotency
from gameserver.errors import Conflict, InvalidInput
from gateway import LambdaContext

SCOPE = ["alice-sub", "PUT", "/v1/feinthold/games/abc/turns/1/orders"]


def once(key, scope, body, work):
    """As the API calls it, with the Lambda context that bounds an in-flight record."""
    return idempotency.once(key, scope, body, work, LambdaContext())


def test_a_key_runs_its_call_once_and_replays_the_answer(aws):
    runs = []

    def work():
        runs.append(1)
        return {"n": len(runs)}

    assert once("k", SCOPE, {"orders": []}, work) == {"n": 1}
    assert once("k", SCOPE, {"orders": []}, work) == {"n": 1}
    assert once("k", ["bob-sub", *SCOPE[1:]], {"orders": []}, work) == {"n": 2}
    assert once(None, SCOPE, {"orders": []}, work) == {"n": 3}
    with pytest.raises(InvalidInput) as reused:
        once("k", SCOPE, {"orders": [{"predict": {"at": "c"}}]}, work)
    assert reused.value.field == "Idempotency-Key" and len(runs) == 3


def test_a_key_still_in_flight_is_a_conflict(aws):
    def work():
        # The same call arriving while the first is still running.
        return once("k", SCOPE, {}, lambda: {"inner": True})

    with pytest.raises(Conflict) as in_flight:
        once("k", SCOPE, {}, work)
    assert in_flight.value.code == "idempotency_in_progress"
    # The failed call left nothing behind: the key works again.
    assert once("k", SCOPE, {}, lambda: {"ok": 1}) == {"ok": 1}


def test_a_failed_call_is_not_remembered(aws):
    def refuse():
        raise InvalidInput("no", field="orders")

    with pytest.raises(InvalidInput):
        once("k2", SCOPE, {}, refuse)
    assert once("k2", SCOPE, {}, lambda: {"second": "try"}) == {"second": "try"}


@pytest.mark.parametrize("key", ["", "   ", "x" * 129])
def test_a_key_has_a_sane_length(aws, key):
    with pytest.raises(InvalidInput):
        once(key, SCOPE, {}, lambda: {})
