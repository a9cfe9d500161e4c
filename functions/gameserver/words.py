"""The words the API's answers are written in, below every layer that writes them: the domain declares each
answer as a ``TypedDict`` of these (so mypy checks an answer where it is built), and the OpenAPI document is
built from those declarations (``api.openapi``). ``api.models`` holds the words of the requests beside them.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, StringConstraints

from gameserver.catalog import GAMES, MODES, Catalog

Timestamp = Annotated[str, Field(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$",
                                 json_schema_extra={"format": "date-time"},
                                 examples=["2026-12-01T09:00:00Z"])]
"""An instant, in whole UTC seconds ending in Z (the service's one form: they sort as text)."""

DecimalText = Annotated[str, Field(pattern=r"^-?\d+(\.\d+)?$", json_schema_extra={"format": "decimal"},
                                   examples=["1523.41"])]
"""A decimal number written as text, so that no digit is lost to a float."""

Month = Annotated[str, StringConstraints(pattern=r"^\d{4}-(0[1-9]|1[0-2])$")]
"""A UTC month, YYYY-MM."""

NextCursor = Annotated[str | None, Field(description="pass as ?cursor= for the next page; null on the last")]
"""A page's cursor to the next one."""


class Side(enum.StrEnum):
    """A side of Feinthold: south's HQ is at the bottom, north's at the top."""

    SOUTH = "south"
    NORTH = "north"


def _catalog_enum(name: str, doc: str, catalog: Catalog, *, described: bool) -> type[enum.StrEnum]:
    """An enum of ``catalog``'s declared names (``hot-seat`` is ``HOT_SEAT``), each described by its entry's line
    where ``described`` (what ``api.openapi`` writes as the values' meanings)."""
    built = enum.StrEnum(name, [(entry.name.upper().replace("-", "_"), entry.name)  # type: ignore[misc]
                                for entry in catalog.declared], module=__name__)
    built.__doc__ = doc
    built.__member_docs__ = {  # type: ignore[attr-defined]
        entry.name.upper().replace("-", "_"): entry.description if described else "" for entry in catalog.declared}
    return built


if TYPE_CHECKING:  # the names as types; their values are the catalog's
    class Mode(enum.StrEnum): ...

    class GameKind(enum.StrEnum): ...
else:
    Mode = _catalog_enum("Mode", "How a game is played: how it came to be, and what it adds to the game (stakes, a "
                                 "board, a bracket); the\npipeline's registered modes (``gameserver.services.MODES``).",
                         MODES, described=True)

    GameKind = _catalog_enum("GameKind", "The games the service hosts (the pipeline's kinds).", GAMES, described=False)


class GameStatus(enum.StrEnum):
    """A game's status, as a member's list shows it."""

    OPEN = "open"
    OVER = "over"
    LEFT = "left"
    """In my list only: I left it, and it goes on without me."""
