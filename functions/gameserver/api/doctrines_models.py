"""Request bodies of the doctrine routes (v1): a doctrine, as the engine reads it."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from gameserver.api.models import RequestBody


class _TheEnginesDoctrine:
    """A doctrine's schema is the engine's own model (``rules.feinthold.doctrine.schema.Doctrine``), read only
    when the document is written: the engine checks every doctrine itself, naming the field and the doctrine's
    rule, and the platform routes load no engine until a doctrine is checked."""

    def __get_pydantic_json_schema__(self, _: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        from rules.feinthold.doctrine.schema import Doctrine

        return handler(Doctrine.__pydantic_core_schema__)


DoctrineJson = Annotated[dict[str, Any], _TheEnginesDoctrine()]
"""``{"name": ..., "rules": [{"if": [conditions], "then": action}]}``: 1 to 8 rules "chosen from lists"."""


class DoctrineIn(RequestBody):
    doctrine: DoctrineJson
