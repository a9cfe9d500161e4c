"""The shared shape of conditions and actions: one named entry of a fixed list, with typed parameters.

On the wire a condition or an action is a one-key object, like an order:
`{"units_at": {"at": "my-hq", "at_least": 3}}`, `{"advance": {"from": "frontier", "toward": "enemy-hq"}}`.
"""

from __future__ import annotations

import typing
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_serializer, model_validator


class Part(BaseModel):
    """One entry of the condition or action list; `KIND` is its name on the wire."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    KIND: ClassVar[str]

    @model_validator(mode="before")
    @classmethod
    def _unwrap(cls, data: Any) -> Any:
        if isinstance(data, dict) and len(data) == 1 and cls.KIND in data:
            inner = data[cls.KIND]
            return inner
        return data

    @field_validator("*", mode="before")
    @classmethod
    def _no_coercion(cls, value: Any, info: ValidationInfo) -> Any:
        # A number is written as a number and a yes/no as true/false: "3" or true for a count is refused, not
        # read as 3 or 1 (pydantic's lax mode would), so the doctrine means what its JSON says.
        wanted = _scalar_kinds(cls, info.field_name or "")
        if bool in wanted and not isinstance(value, bool):
            raise ValueError(f"expected true or false, got {value!r}")
        if wanted & {int, float} and (isinstance(value, bool | str)):
            raise ValueError(f"expected a number, got {value!r}")
        return value

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict[str, Any]:
        # The wire form wraps the parameters in the entry's name: say so in the schema too.
        inner = handler.resolve_ref_schema(handler(core_schema))
        return {
            "title": cls.__name__,
            "description": inner.get("description", ""),
            "type": "object",
            "properties": {cls.KIND: {k: v for k, v in inner.items() if k not in ("title", "description")}},
            "required": [cls.KIND],
            "additionalProperties": False,
        }

    @model_serializer(mode="wrap")
    def _wrap(self, handler: Any) -> dict[str, Any]:
        return {self.KIND: handler(self)}


@cache
def _scalar_kinds(part: type[Part], name: str) -> frozenset[type]:
    """The scalar types (bool, int, float) a field of a list entry holds, looking through Optional and Annotated."""
    info = part.model_fields.get(name)
    found: set[type] = set()
    stack: list[Any] = [] if info is None else [info.annotation]
    while stack:
        annotation = stack.pop()
        if annotation in (bool, int, float):
            found.add(annotation)
        stack.extend(typing.get_args(annotation))
    return frozenset(found)


def kind_of(value: Any) -> str | None:
    """The list entry a raw value names: the single key of a one-key object."""
    if isinstance(value, Part):
        return value.KIND
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if isinstance(key, str) else None
    return None


def check_bounds(part: Any) -> None:
    """A range condition needs at least one bound, and `at_least` may not exceed `at_most`."""
    low, high = part.at_least, part.at_most
    if low is None and high is None:
        raise ValueError("give at_least, at_most or both")
    if low is not None and high is not None and low > high:
        raise ValueError(f"at_least ({low}) exceeds at_most ({high})")
