"""The words the API's answers are written in, below every layer that writes them: the domain declares each
answer as a ``TypedDict`` of these (so mypy checks an answer where it is built), and the OpenAPI document is
built from those declarations (``api.openapi``). ``api.models`` holds the words of the requests beside them.
"""

from __future__ import annotations

import enum
from datetime import date
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, Field, GetJsonSchemaHandler, StringConstraints, WithJsonSchema
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

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

ServerNow = Annotated[Timestamp | None, Field(default=None, description=(
    "the server's clock when it answered this view: deadlines count down from it, not from the client's clock "
    "(absent from the answers of calls that change something)"))]
"""A view's ``now``, a ``NotRequired`` key of its answer: the API adds it to the views a client polls
(``api.etags.conditional``), never the domain, so that a view is the same while only the clock moves."""


def _a_day(value: str) -> str:
    date.fromisoformat(value)  # a ValueError names what is wrong; 3.11 reads 20261201 too, hence the length
    if len(value) != len("2026-12-01"):
        raise ValueError("a day is written YYYY-MM-DD")
    return value


DayText = Annotated[str, AfterValidator(_a_day), WithJsonSchema({"format": "date", "type": "string"})]
"""A UTC day, YYYY-MM-DD, as an answer writes it (a request reads it as a date: ``api.models.Day``)."""

NextCursor = Annotated[str | None, Field(description="pass as ?cursor= for the next page; null on the last")]
"""A page's cursor to the next one."""


class _TheEnginesDoctrine:
    """A doctrine's schema is the engine's own model (``rules.feinthold.doctrine.schema.Doctrine``), read only
    when the document is written: the engine checks every doctrine itself, naming the field and the doctrine's
    rule, and the platform routes load no engine until a doctrine is checked."""

    def __get_pydantic_json_schema__(self, _: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        from rules.feinthold.doctrine.schema import Doctrine

        return handler(Doctrine.__pydantic_core_schema__)


DoctrineJson = Annotated[dict[str, Any], _TheEnginesDoctrine()]
"""``{"name": ..., "rules": [{"if": [conditions], "then": action}]}``: 1 to 8 rules "chosen from lists"."""


class Side(enum.StrEnum):
    """A side of Feinthold: south's HQ is at the bottom, north's at the top."""

    SOUTH = "south"
    NORTH = "north"


class Position(enum.StrEnum):
    """"Seven positions linked by paths": what each is, and on whose side, is in the layout's ``positions``."""

    HQ_SOUTH = "hq-s"
    HQ_NORTH = "hq-n"
    CENTRE = "c"
    RELAY_SOUTH = "r-s"
    RELAY_NORTH = "r-n"
    POST_WEST = "p-w"
    POST_EAST = "p-e"


class Layout(enum.StrEnum):
    """"The map changes every game (ten layouts), always symmetrical": each layout's id (its shape, a number)."""

    CROWN_1 = "crown-1"
    CROWN_2 = "crown-2"
    LADDER_1 = "ladder-1"
    TWIN_ROADS_1 = "twin-roads-1"
    TWIN_ROADS_2 = "twin-roads-2"
    STAR_1 = "star-1"
    STAR_2 = "star-2"
    RING_1 = "ring-1"
    RING_2 = "ring-2"
    HOURGLASS_1 = "hourglass-1"


Draw = Literal["draw"]
"""A game that ended without a winner."""


class HouseAi(enum.StrEnum):
    """Feinthold's house AIs: "play with the same rules and the same menu of instructions as the players,
    seeing nothing more than their own side; a little noise changes the numbers of their rules"."""

    SENTINEL = "sentinel"
    """Careful."""
    PIVOT = "pivot"
    """Balanced: it scouts and bluffs with decoys."""
    RAM = "ram"
    """Aggressive."""


class ClosedBy(enum.StrEnum):
    """What closed a step."""

    ORDERS = "orders"
    """Every seat the step waited for had sent."""
    DEADLINE = "deadline"
    """Its deadline passed first: the missing decisions were the stand-ins' (or the rules')."""


class EntryStatus(enum.StrEnum):
    """Whether a member's game of a day (the Daily Front, Front 1901's daily challenge) is still in play."""

    PLAYING = "playing"
    FINISHED = "finished"


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
