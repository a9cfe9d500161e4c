"""Request bodies of the doctrine routes (v1): a doctrine, as the engine reads it (``words.DoctrineJson``)."""

from __future__ import annotations

from gameserver.api.models import RequestBody
from gameserver.words import DoctrineJson


class DoctrineIn(RequestBody):
    doctrine: DoctrineJson
