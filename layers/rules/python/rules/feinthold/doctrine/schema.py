"""A doctrine as data: a name and 1 to 8 rules `{"if": [conditions], "then": action}`.

"A member can write up to three doctrines: 8 rules at most, "if ... then ...", chosen from lists (no
code)." `parse_doctrine` is the one door in: it validates a JSON object and raises `DoctrineError`
(a `ValueError`) naming the field path, the rule and what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

from .actions import ACTIONS, AnyAction
from .conditions import CONDITIONS, AnyCondition
from .parts import kind_of

MAX_RULES = 8
MAX_CONDITIONS = 4
NAME_LENGTH = 40

# Each list becomes a union tagged by the one key of its entries: {"units_at": {...}} -> UnitsAt. The tags
# are built from the lists at run time, which a type checker cannot read: it sees the plain unions.
if TYPE_CHECKING:
    Condition = AnyCondition
    Action = AnyAction
else:
    Condition = Annotated[
        Union[tuple(Annotated[c, Tag(c.KIND)] for c in CONDITIONS)],  # noqa: UP007
        Discriminator(kind_of),
    ]
    Action = Annotated[
        Union[tuple(Annotated[a, Tag(a.KIND)] for a in ACTIONS)],  # noqa: UP007
        Discriminator(kind_of),
    ]


class Rule(BaseModel):
    """"if <conditions> then <action>": the action is taken when every condition holds (none: always)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    when: list[Condition] = Field(default_factory=list, alias="if", max_length=MAX_CONDITIONS)
    then: Action


class Doctrine(BaseModel):
    """A named list of 1 to 8 rules, read in order each turn on what the side sees."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH, pattern=r"\S")]
    rules: Annotated[list[Rule], Field(min_length=1, max_length=MAX_RULES)]

    def to_json(self) -> dict[str, Any]:
        """The doctrine's JSON form, which `parse_doctrine` reads back to an equal doctrine."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class DoctrineError(ValueError):
    """A doctrine that breaks the schema: `path` is the field ("rules[2].if[0].units_at.at_least", indexes
    from 0 as in JSON), `rule` the rule's number counted from 1 (None for the name or the rule list itself),
    `message` what is wrong; `str()` says all three: "rules[2].if[0].units_at.at_least: rule 3: ..."."""

    def __init__(self, message: str, path: str, rule: int | None) -> None:
        where = ": ".join(part for part in (path, None if rule is None else f"rule {rule}") if part)
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.path = path
        self.rule = rule


def parse_doctrine(data: Any) -> Doctrine:
    """Validate a doctrine's JSON object (or a `Doctrine`) and return it; raise `DoctrineError`."""
    if isinstance(data, Doctrine):
        return data
    if isinstance(data, dict) and isinstance(data.get("rules"), list) and len(data["rules"]) > MAX_RULES:
        count = len(data["rules"])
        raise DoctrineError(f"a doctrine has {MAX_RULES} rules at most, this one has {count}", "rules", None)
    try:
        return Doctrine.model_validate(data)
    except ValidationError as error:
        raise _explain(error) from None


def _explain(error: ValidationError) -> DoctrineError:
    """The first error pydantic found, said with the doctrine's own path and the rule's number."""
    first = error.errors(include_url=False)[0]
    loc = list(first["loc"])
    rule = loc[1] + 1 if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int) else None
    # The tagged unions repeat the entry's name in the path (`units_at.units_at.at`): say it once.
    path_parts: list[str] = []
    for step in loc:
        if isinstance(step, int):
            path_parts[-1] = f"{path_parts[-1]}[{step}]" if path_parts else f"[{step}]"
        elif not (path_parts and path_parts[-1] == step):
            path_parts.append(str(step))
    path = ".".join(path_parts)
    message = first["msg"]
    if first["type"] == "union_tag_invalid":
        listing = "condition" if loc[-1:] != ["then"] and "if" in loc else "action"
        names = [p.KIND for p in (CONDITIONS if listing == "condition" else ACTIONS)]
        message = f"unknown {listing} {first['ctx']['tag']!r}; the {listing}s are: {', '.join(names)}"
    elif not loc:
        message = 'a doctrine is an object {"name": ..., "rules": [...]}'
    elif first["type"] == "value_error":
        message = str(first["ctx"]["error"])
    elif first["type"] == "union_tag_not_found":
        message = "expected one entry of the list, written as {\"name\": {parameters}}"
    return DoctrineError(message, path, rule)


def doctrine_schema() -> dict[str, Any]:
    """The JSON Schema of a doctrine (for an editor or the API's documentation)."""
    return Doctrine.model_json_schema(by_alias=True)
