"""The words the API's answers are written in, below every layer that writes them: the domain declares each
answer as a ``TypedDict`` of these (so mypy checks an answer where it is built), and the OpenAPI document is
built from those declarations (``api.openapi``). ``api.models`` holds the words of the requests beside them.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

Timestamp = Annotated[str, Field(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$",
                                 json_schema_extra={"format": "date-time"},
                                 examples=["2026-12-01T09:00:00Z"])]
"""An instant, in whole UTC seconds ending in Z (the service's one form: they sort as text)."""

DecimalText = Annotated[str, Field(pattern=r"^-?\d+(\.\d+)?$", json_schema_extra={"format": "decimal"},
                                   examples=["1523.41"])]
"""A decimal number written as text, so that no digit is lost to a float."""

NextCursor = Annotated[str | None, Field(description="pass as ?cursor= for the next page; null on the last")]
"""A page's cursor to the next one."""
