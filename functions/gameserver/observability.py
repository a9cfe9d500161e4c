"""Powertools Logger, Metrics and Tracer for every handler, paying only for what is used.

Logger and Metrics are light and always on: Powertools costs ~17 ms of CPU at import, whatever is imported
from it, as its package imports Logger, Metrics and the Tracer's module (not the X-Ray SDK) up front, so
deferring Metrics would save nothing (measured for bench/spine_coldstart.py). The Tracer (and the X-Ray SDK
it imports, a large share of a cold start) loads only when tracing is enabled: inside Lambda, unless
``POWERTOOLS_TRACE_DISABLED``.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger, Metrics

from gameserver.config import get_settings

NAMESPACE = "Feinthold"
"""The metrics namespace when ``POWERTOOLS_METRICS_NAMESPACE`` is not set (the template sets one per stage)."""

logger = Logger(service=get_settings().service_name)
metrics = Metrics(
    namespace=os.environ.get("POWERTOOLS_METRICS_NAMESPACE") or NAMESPACE, service=get_settings().service_name
)

Handler = Callable[[dict[str, Any], Any], Any]


def observed(handler: Handler) -> Handler:
    """Wrap a Lambda handler: structured logs with the Lambda context, metrics flushed per invocation, and
    traces when tracing is on."""
    wrapped: Handler = logger.inject_lambda_context(handler)
    if get_settings().tracing_enabled:
        from aws_lambda_powertools import Tracer

        wrapped = Tracer(service=get_settings().service_name).capture_lambda_handler(wrapped)

    @functools.wraps(handler)
    def entry(event: dict[str, Any], context: Any) -> Any:
        try:
            return wrapped(event, context)
        finally:
            # Flushed only when something was counted: most API calls count nothing.
            if metrics.metric_set:
                metrics.flush_metrics()

    return entry
