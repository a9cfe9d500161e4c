"""``Idempotency-Key``: optional on every call that changes something, scoped to (subject, method, path, key),
kept 24 hours in its own table by Powertools idempotency.

A replay returns the stored response without running the call again (so it counts toward no cap); the same
key with a different body is a 422; one still in flight is a 409. Powertools (and boto3, which it imports)
load only when a request carries a key: a cold start without one does not pay for them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from gameserver.errors import Conflict, ErrorCode, InvalidInput

KEEP_SECONDS = 24 * 3600
MAX_KEY_LENGTH = 128

Work = Callable[[], Any]

_lock = threading.Lock()
_runner: Callable[..., dict[str, Any]] | None = None
_built_for: tuple[Any, str] | None = None
"""The client and table the runner was built on: when the process's client is made anew (``services.reset``,
tests that switch moto contexts) or the table changes, the next call builds a runner on the new ones."""
_config: Any = None


def _build_runner(client: Any, table: str) -> Callable[..., dict[str, Any]]:
    global _config
    from aws_lambda_powertools.utilities.idempotency import (
        DynamoDBPersistenceLayer,
        IdempotencyConfig,
        idempotent_function,
    )

    layer = DynamoDBPersistenceLayer(table_name=table, boto3_client=client)
    config = _config = IdempotencyConfig(
        event_key_jmespath="scope",
        payload_validation_jmespath="body",
        expires_after_seconds=KEEP_SECONDS,
        raise_on_no_idempotency_key=True,
    )

    @idempotent_function(data_keyword_argument="request", persistence_store=layer, config=config)
    def run(request: dict[str, Any], work: Work) -> dict[str, Any]:
        return {"body": work()}

    return run


def _get_runner() -> Callable[..., dict[str, Any]]:
    global _runner, _built_for
    from gameserver.aws import dynamodb_client
    from gameserver.config import get_settings

    wanted = (dynamodb_client(), get_settings().idempotency_table_name)
    with _lock:
        if _runner is None or _built_for is None or _built_for[0] is not wanted[0] or _built_for[1] != wanted[1]:
            _runner, _built_for = _build_runner(*wanted), wanted
        return _runner


def once(key: str | None, scope: list[str], body: Any, work: Work, context: Any = None) -> Any:
    """Run ``work`` (returning a JSON body) at most once per idempotency ``key`` within ``scope``; a call with no
    key is run as it is (``api.deps.answer`` does so without importing this module). ``context`` (the Lambda
    context) bounds how long an in-flight record blocks a retry."""
    if key is None:
        return work()
    if not key.strip() or len(key) > MAX_KEY_LENGTH:
        raise InvalidInput(f"an Idempotency-Key has 1 to {MAX_KEY_LENGTH} characters", field="Idempotency-Key")
    from aws_lambda_powertools.utilities.idempotency.exceptions import (
        IdempotencyAlreadyInProgressError,
        IdempotencyValidationError,
    )

    runner = _get_runner()
    if context is not None and hasattr(context, "get_remaining_time_in_millis"):
        _config.register_lambda_context(context)
    try:
        stored = runner(request={"scope": [*scope, key], "body": body}, work=work)
    except IdempotencyValidationError as error:
        raise InvalidInput(
            "this Idempotency-Key was used with a different body",
            field="Idempotency-Key",
            code=ErrorCode.IDEMPOTENCY_KEY_REUSED,
        ) from error
    except IdempotencyAlreadyInProgressError as error:
        raise Conflict(
            "a request with this Idempotency-Key is still in progress",
            field="Idempotency-Key",
            code=ErrorCode.IDEMPOTENCY_IN_PROGRESS,
        ) from error
    return stored["body"]
