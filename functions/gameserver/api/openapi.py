"""Write the API's OpenAPI document: ``python -m gameserver.api.openapi > docs/api/openapi.json``.

The committed file is checked against the app by tests/spine/test_openapi.py; rerun this after a change
to a route or a model.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def document() -> dict[str, Any]:
    from gameserver.api.app import create_app

    return create_app().openapi()


def render() -> str:
    return json.dumps(document(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
