"""Noise: "a little noise changes the numbers of their rules from one game to the next (more on
Sundays on the Daily Front)."

Each numeric parameter of each condition and action moves by a seeded random number of steps
(`normal`: -1..+1, `strong`: -2..+2), stays within its range, and a part whose noisy numbers would
contradict each other (an `at_least` above its `at_most`) keeps its written numbers.
"""

from __future__ import annotations

import random
import typing
from typing import Any, Literal

from annotated_types import Ge, Le
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from .parts import Part
from .schema import Doctrine

Noise = Literal["none", "normal", "strong"]
STEPS: dict[str, int] = {"none": 0, "normal": 1, "strong": 2}


def numeric_range(info: FieldInfo) -> tuple[float, float, float] | None:
    """(low, high, step) of a numeric field, looking through `Optional[Annotated[...]]`; None otherwise."""
    found: list[Any] = list(info.metadata)
    kinds: set[type] = set()
    stack: list[Any] = [info.annotation]
    while stack:
        annotation = stack.pop()
        if annotation in (int, float):
            kinds.add(annotation)
        for arg in typing.get_args(annotation):
            if isinstance(arg, FieldInfo):
                found.extend(arg.metadata)
                extra = arg.json_schema_extra
                if isinstance(extra, dict):
                    found.append(extra)
            else:
                stack.append(arg)
    if isinstance(info.json_schema_extra, dict):
        found.append(info.json_schema_extra)
    if not kinds or bool in kinds:
        return None
    # annotated_types types a bound as merely comparable; the schema's bounds are numbers.
    low: Any = next((m.ge for m in found if isinstance(m, Ge)), None)
    high: Any = next((m.le for m in found if isinstance(m, Le)), None)
    if low is None or high is None:
        return None
    # The grain of a number ("x-step", an extension of its schema): noise moves it by whole grains.
    step = next((m["x-step"] for m in found if isinstance(m, dict) and "x-step" in m), 1)
    return float(low), float(high), float(step)


_RANGES: dict[type[Part], tuple[tuple[str, tuple[float, float, float]], ...]] = {}
"""Per list entry, its numeric fields (in field order) and their ranges: read from the schema once."""


def _ranges(kind: type[Part]) -> tuple[tuple[str, tuple[float, float, float]], ...]:
    found = _RANGES.get(kind)
    if found is None:
        ranged = ((name, numeric_range(info)) for name, info in kind.model_fields.items())
        found = _RANGES[kind] = tuple((name, bounds) for name, bounds in ranged if bounds is not None)
    return found


def _shaken(part: Part, rng: random.Random, reach: int) -> Part:
    changes: dict[str, Any] = {}
    for name, bounds in _ranges(type(part)):
        value = getattr(part, name)
        if value is None or isinstance(value, bool) or not isinstance(value, int | float):
            continue
        low, high, step = bounds
        moved = min(high, max(low, value + rng.randint(-reach, reach) * step))
        changes[name] = round(moved, 1) if isinstance(value, float) else int(moved)
    if not changes:
        return part
    try:
        return type(part).model_validate({**part.model_dump(by_alias=True)[part.KIND], **_aliased(part, changes)})
    except ValidationError:
        return part


def _aliased(part: Part, changes: dict[str, Any]) -> dict[str, Any]:
    fields = type(part).model_fields
    return {(fields[name].alias or name): value for name, value in changes.items()}


def with_noise(doctrine: Doctrine, seed: int | str, noise: Noise) -> Doctrine:
    """`doctrine` with every numeric parameter shifted by the seeded noise (`none`: unchanged)."""
    reach = STEPS[noise]
    if reach == 0:
        return doctrine
    rng = random.Random(f"{doctrine.name}|{seed}|{noise}")
    rules = []
    for rule in doctrine.rules:
        when = [_shaken(c, rng, reach) for c in rule.when]
        rules.append(rule.model_copy(update={"when": when, "then": _shaken(rule.then, rng, reach)}))
    return doctrine.model_copy(update={"rules": rules})
