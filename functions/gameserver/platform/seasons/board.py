"""Reading a month's board at the close: lines come in board order from a paged read, never all in memory.

A board may hold 100,000 members. Each selection here takes an iterator of lines already in the board's order
(what a paged query of its index gives), checks that order as it goes, and stops as soon as its places are
filled: the memory it holds is the places, not the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

Line = TypeVar("Line")


def in_order(lines: Iterable[Line], key: Callable[[Line], Any], what: str) -> Iterator[Line]:
    """The lines as they come, raising ValueError at the first that comes before the one it follows by ``key``
    (a board read out of order would place the wrong members)."""
    previous: Any = None
    for line in lines:
        current = key(line)
        if previous is not None and current < previous:
            raise ValueError(f"the {what} board is out of order at {line!r}")
        previous = current
        yield line
