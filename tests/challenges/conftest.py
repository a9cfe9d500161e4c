"""The challenge tests' shared ground: the spine's in-process gateway (``tests/spine/gateway.py``: API Gateway's
events handed to the API handler, every answer held to the OpenAPI document), importable from here."""

from __future__ import annotations

import sys
from pathlib import Path

SPINE = str(Path(__file__).resolve().parent.parent / "spine")
if SPINE not in sys.path:
    sys.path.append(SPINE)
