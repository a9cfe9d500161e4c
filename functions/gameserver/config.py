"""Settings read from the environment, once per process (docs/interfaces.md names them).

The DynamoDB endpoint is not a setting of ours: botocore reads ``AWS_ENDPOINT_URL_DYNAMODB`` itself,
which is how the local runner and the tests point the app at moto.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Settings:
    table_name: str
    idempotency_table_name: str
    events_table_name: str
    """The events table: live events, WebSocket connections and subscriptions (``storage.events``)."""
    turn_timer_arn: str
    """Empty: no Step Functions timers; the due-turn index alone drives deadlines (the local runner)."""
    event_bus_name: str
    daily_salt_parameter: str
    daily_salt: str
    cursor_key_parameter: str
    cursor_key: str
    region: str
    tracing_enabled: bool
    service_name: str


def _flag(value: str | None, default: bool) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def load_settings(environ: dict[str, str] | None = None) -> Settings:
    env = os.environ if environ is None else environ
    return Settings(
        table_name=env.get("TABLE_NAME", "feinthold"),
        idempotency_table_name=env.get("IDEMPOTENCY_TABLE_NAME", "feinthold-idempotency"),
        events_table_name=env.get("EVENTS_TABLE_NAME", "feinthold-events"),
        turn_timer_arn=env.get("TURN_TIMER_ARN", ""),
        event_bus_name=env.get("EVENT_BUS_NAME", ""),
        daily_salt_parameter=env.get("DAILY_SALT_PARAMETER", ""),
        daily_salt=env.get("DAILY_SALT", ""),
        cursor_key_parameter=env.get("CURSOR_KEY_PARAMETER", ""),
        cursor_key=env.get("CURSOR_KEY", ""),
        region=env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or "us-east-1",
        # Tracing only inside Lambda and unless Powertools' own switch turns it off: the X-Ray SDK is
        # imported only when tracing is on (it is a large part of a cold start).
        tracing_enabled=bool(env.get("AWS_LAMBDA_FUNCTION_NAME"))
        and not _flag(env.get("POWERTOOLS_TRACE_DISABLED"), default=False),
        service_name=env.get("POWERTOOLS_SERVICE_NAME", "gameserver"),
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings; tests that change the environment call ``get_settings.cache_clear()``."""
    return load_settings()
