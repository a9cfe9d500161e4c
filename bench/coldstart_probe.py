"""One cold start: a fresh interpreter imports an API handler and serves one request, then exits.

    python bench/coldstart_probe.py ours|naive EVENT_JSON_PATH

Prints `probe:`, the status code, the milliseconds spent importing the handler and serving the first request.
bench/spine_coldstart.py times each run from its spawn to this line (interpreter start included).
"""

from __future__ import annotations

import json
import sys
import time
import uuid


class Context:
    function_name = "ApiFunction"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:ApiFunction"
    aws_request_id = str(uuid.uuid4())

    @staticmethod
    def get_remaining_time_in_millis() -> int:
        return 29_000


def main() -> int:
    stack, event_path = sys.argv[1], sys.argv[2]
    with open(event_path) as handle:
        event = json.load(handle)
    started = time.perf_counter()
    if stack == "ours":
        from gameserver.handlers.api import handler
    elif stack == "naive":
        sys.path.insert(0, __file__.rsplit("/", 1)[0])
        from naive_api import handler
    else:
        raise SystemExit(f"unknown stack {stack!r}: ours or naive")
    imported = time.perf_counter()
    answer = handler(event, Context())
    served = time.perf_counter()
    print("probe:", answer["statusCode"], f"{(imported - started) * 1000:.1f}", f"{(served - imported) * 1000:.1f}",
          flush=True)
    return 0 if answer["statusCode"] == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
