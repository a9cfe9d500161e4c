"""The coalition against a member (a table: any power) who grows too strong.

"Judged when each movement phase opens.  It holds while the member has at least 3 centres more than every
other power, or at least 1.5 times the second's count.  While it holds, the AI powers ally against the
member among themselves, decline the member's pacts and alliances with too-strong, and a coalition news item
names the allies; it ends when neither test holds."  At a table of several members the test is put to every
power, member or AI (``leader``): the AI powers stand against whoever leads.  The allies are every living AI power that negotiates
(not ``random``); among them the coalition counts as an alliance against the member (a pact included).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..board import POWERS, Power
from ..position import Position

LEAD = 3
RATIO = 1.5


def coalition_holds(position: Position, member: Power) -> bool:
    """Whether the member leads by ``LEAD`` centres over every other power, or has ``RATIO`` times the
    second's count."""
    mine = position.centre_count(member)
    second = max(position.centre_count(p) for p in POWERS if p != member)
    return mine > 0 and (mine >= second + LEAD or mine >= RATIO * second)


def coalition_allies(position: Position, member: Power, candidates: Iterable[Power]) -> tuple[Power, ...]:
    """The AI powers in the coalition when it holds (the living ones among ``candidates``), else none."""
    if not coalition_holds(position, member):
        return ()
    living = {u.power for u in position.units.values()} | set(position.centres.values())
    return tuple(p for p in POWERS if p in living and p in set(candidates) and p != member)


def leader(position: Position, candidates: Iterable[Power]) -> Power | None:
    """The one power among ``candidates`` the coalition test holds against (the lead test can hold for one power
    at most: it leads every other by 3, or has 1.5 times the second's count), else None."""
    return next((p for p in sorted(candidates) if coalition_holds(position, p)), None)
