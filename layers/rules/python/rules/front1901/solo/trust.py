"""Trust: an integer 0-100 that each AI power keeps for the member and for every other power.

"A kept promise improves relations for good; a betrayal comes at a price."  The spec fixes the shape: "a
break lowers the victim's trust in the breaker by at least 30 and every other AI's by at least 10 (orders
are public); trust recovers slowly and never to its former level within a game.  The victim declines the
breaker's pacts and alliances with ``distrust`` until the next year."  The constants, and why:

- ``START`` 50: strangers in 1901, neither trusted nor distrusted.
- ``KEPT`` +6 per kept promise (a support given, a lasting agreement kept through a year): five years of
  faithful peace take a stranger to ``TRUSTED``.
- ``VICTIM`` -35 and ``WITNESS`` -12: the spec's minimums with a margin, so one break takes a stranger from
  50 to 15 in the victim's eyes (below ``DISTRUST``) and to 38 in everyone else's (still dealt with, warily).
- ``SCAR`` 10: after a break the trust of everyone who saw it can never again rise above its value before
  the break minus 10 (the *ceiling*), "never to its former level".
- ``RECOVERY`` +3 a year, up to ``START`` and never above the ceiling: a victim at 15 needs more than a
  decade to forgive, as "slowly" asks.
- ``DISTRUST`` below 30: pacts, alliances and splits from that power are declined with ``distrust``.
- ``TRUSTED`` from 70: a deal that costs the AI a little is still accepted, with ``trust``.
- ``WAR`` -20 for the AI whose demand was ignored: every agreement between them ends, and a stranger falls
  to 30, the edge of distrust.
- ``CANCEL`` below 20: an AI cancels its lasting agreements with a power it trusts this little (announced,
  not a break).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..board import POWERS, Power

START = 50
KEPT = 6
VICTIM = 35
WITNESS = 12
SCAR = 10
RECOVERY = 3
DISTRUST = 30
TRUSTED = 70
WAR = 20
CANCEL = 20
HIGHEST = 100


def _clamp(value: int) -> int:
    return max(0, min(HIGHEST, value))


@dataclass(frozen=True, slots=True)
class Trust:
    """``values[truster][trusted]`` and its ``ceilings``; ``grudges[victim][breaker]`` is the year of the
    breaker's last break against the victim (declined with ``distrust`` until the next year)."""

    values: Mapping[Power, Mapping[Power, int]]
    ceilings: Mapping[Power, Mapping[Power, int]]
    grudges: Mapping[Power, Mapping[Power, int]]

    @classmethod
    def fresh(cls) -> Trust:
        return cls(
            {a: {b: START for b in POWERS if b != a} for a in POWERS},
            {a: {b: HIGHEST for b in POWERS if b != a} for a in POWERS},
            {},
        )

    def of(self, truster: Power, trusted: Power) -> int:
        return self.values[truster][trusted]

    def holds_grudge(self, victim: Power, breaker: Power, year: int) -> bool:
        """"The victim declines the breaker's pacts and alliances with distrust until the next year." """
        return self.grudges.get(victim, {}).get(breaker) == year

    def _changed(self, updates: Mapping[tuple[Power, Power], int], ceilings: Mapping[tuple[Power, Power], int] | None = None,
                 grudge: tuple[Power, Power, int] | None = None) -> Trust:
        values = {a: dict(row) for a, row in self.values.items()}
        caps = {a: dict(row) for a, row in self.ceilings.items()}
        for (a, b), cap in (ceilings or {}).items():
            caps[a][b] = min(caps[a][b], cap)
        for (a, b), value in updates.items():
            values[a][b] = _clamp(min(value, caps[a][b]))
        grudges = {a: dict(row) for a, row in self.grudges.items()}
        if grudge is not None:
            victim, breaker, year = grudge
            grudges.setdefault(victim, {})[breaker] = year
        return Trust(values, caps, grudges)

    def kept(self, keeper: Power, beneficiary: Power) -> Trust:
        """A kept promise raises the beneficiary's trust in the keeper by ``KEPT`` (up to the ceiling)."""
        return self._changed({(beneficiary, keeper): self.values[beneficiary][keeper] + KEPT})

    def broken(self, breaker: Power, victim: Power, year: int, witnessed: bool = True) -> Trust:
        """A break: the victim's trust falls by ``VICTIM``, everyone else's by ``WITNESS``; nobody's can
        again rise above its value before the break minus ``SCAR``. An agreement nobody else knew of
        (``witnessed`` False: a private one between two members at a table) moves the victim's trust alone."""
        updates: dict[tuple[Power, Power], int] = {}
        ceilings: dict[tuple[Power, Power], int] = {}
        for truster in POWERS if witnessed else (victim,):
            if truster == breaker:
                continue
            before = self.values[truster][breaker]
            updates[(truster, breaker)] = before - (VICTIM if truster == victim else WITNESS)
            ceilings[(truster, breaker)] = before - SCAR
        return self._changed(updates, ceilings, (victim, breaker, year))

    def war(self, ai: Power, enemy: Power) -> Trust:
        """An ignored demand: the AI's trust in the power that ignored it falls by ``WAR``."""
        return self._changed({(ai, enemy): self.values[ai][enemy] - WAR})

    def recover(self) -> Trust:
        """Once a year: every value below ``START`` rises by ``RECOVERY``, never above its ceiling."""
        updates = {
            (a, b): min(START, v + RECOVERY) for a, row in self.values.items() for b, v in row.items() if v < START
        }
        return self._changed(updates)

    def to_json(self) -> dict[str, Any]:
        """The tables as rows in the powers' order (the truster's own place is null)."""
        def rows(table: Mapping[Power, Mapping[Power, int]]) -> list[list[int | None]]:
            return [[table[a].get(b) for b in POWERS] for a in POWERS]

        return {
            "values": rows(self.values),
            "ceilings": rows(self.ceilings),
            "grudges": {v: dict(sorted(row.items())) for v, row in sorted(self.grudges.items()) if row},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Trust:
        def rows(table: Iterable[Iterable[int | None]]) -> dict[Power, dict[Power, int]]:
            return {
                a: {b: int(v) for b, v in zip(POWERS, row, strict=True) if v is not None}
                for a, row in zip(POWERS, table, strict=True)
            }

        grudges = {v: {b: int(y) for b, y in row.items()} for v, row in data.get("grudges", {}).items()}
        return cls(rows(data["values"]), rows(data["ceilings"]), grudges)
