"""The AI's memory of the game: trust, the agreements in force, statistics of the member's past orders.

"The AI's memory of the game (trust values, agreements, statistics of the member's past orders) is a
fixed-size summary kept in the game state: at most 8 KB however long the game."  Fixed size by
construction: trust is a 7 x 7 table (with its ceilings and at most one grudge per pair), agreements have
slots (:mod:`.agreements`: one pact or alliance, one split, one dmz each way per pair; one support promise
per unit; one demand per AI), and the member's statistics are decaying averages over a fixed set of
counters, however many phases are played.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..board import POWERS, Power
from ..notation import OrderSyntaxError, parse_order
from ..orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from ..position import Position
from .agreements import Agreement
from .trust import Trust

DECAY = 0.8
"""Each movement phase, the member's statistics keep this share of their past (a memory of about five
phases): recent play says more about the next orders than 1901 does."""
KINDS = ("hold", "move", "support", "convoy")
_KIND_OF = {Hold: "hold", Move: "move", SupportHold: "support", SupportMove: "support", Convoy: "convoy"}


@dataclass(frozen=True, slots=True)
class MemberStats:
    """Decaying averages of the member's orders per movement phase: how many of each kind, and how many
    moved, supported or convoyed into each power's units or centres (its aggression towards it); and the
    member's promises kept and broken."""

    kinds: Mapping[str, float] = field(default_factory=lambda: dict.fromkeys(KINDS, 0.0))
    attacks: Mapping[Power, float] = field(default_factory=lambda: dict.fromkeys(POWERS, 0.0))
    kept: int = 0
    broken: int = 0
    phases: int = 0

    def observe(self, position: Position, member: Power, orders: Sequence[str | Order]) -> MemberStats:
        """The member's orders of one movement phase (as written) seen."""
        kinds = dict.fromkeys(KINDS, 0)
        attacks = dict.fromkeys(POWERS, 0)
        for item in orders:
            try:
                order = parse_order(item) if isinstance(item, str) else item
            except OrderSyntaxError:
                continue
            kind = _KIND_OF.get(type(order))
            if kind is None:
                continue
            kinds[kind] += 1
            if isinstance(order, Move | SupportMove | Convoy):
                target = order.to[:3]
                unit = position.units.get(target)
                owner = unit.power if unit is not None else position.centres.get(target)
                if owner is not None and owner != member:
                    attacks[owner] += 1
        return MemberStats(
            {k: round(DECAY * self.kinds[k] + (1 - DECAY) * kinds[k], 3) for k in KINDS},
            {p: round(DECAY * self.attacks[p] + (1 - DECAY) * attacks[p], 3) for p in POWERS},
            self.kept,
            self.broken,
            self.phases + 1,
        )

    def promise(self, kept: bool) -> MemberStats:
        return replace(self, kept=self.kept + kept, broken=self.broken + (not kept))

    @property
    def keep_rate(self) -> float:
        """The share of the member's judged promises kept (two kept promises assumed to start with)."""
        return (self.kept + 2) / (self.kept + self.broken + 2)

    @property
    def aggression(self) -> float:
        """The share of the member's orders that are moves."""
        total = sum(self.kinds.values())
        return self.kinds["move"] / total if total else 0.5

    def to_json(self) -> dict[str, Any]:
        return {
            "kinds": [self.kinds[k] for k in KINDS],
            "attacks": [self.attacks[p] for p in POWERS],
            "kept": self.kept,
            "broken": self.broken,
            "phases": self.phases,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MemberStats:
        return cls(
            dict(zip(KINDS, map(float, data["kinds"]), strict=True)),
            dict(zip(POWERS, map(float, data["attacks"]), strict=True)),
            int(data["kept"]),
            int(data["broken"]),
            int(data["phases"]),
        )


@dataclass(frozen=True, slots=True)
class Memory:
    """What the AI powers remember between phases."""

    trust: Trust = field(default_factory=Trust.fresh)
    agreements: tuple[Agreement, ...] = ()
    next_id: int = 1
    member: MemberStats | None = None
    """The solo game's member's statistics."""
    members: Mapping[Power, MemberStats] = field(default_factory=dict)
    """A table's members' statistics, one entry per member's power (the solo game keeps ``member``): a fixed
    size per member, so the bound holds for each AI power's share of the memory whatever the table."""
    next_ids: Mapping[int, int] = field(default_factory=dict)
    """A table's agreements made so far in each channel (a pair of powers): their ids are numbered per pair, so
    that the ids a member is shown say nothing of the agreements made between others."""

    def stats_of(self, power: Power) -> MemberStats | None:
        """The statistics of the past orders of a power no AI plays (a member's)."""
        return self.members.get(power, self.member)

    def agreed(self, agreement: Agreement, channel: int | None = None, stride: int = 0
               ) -> tuple[Memory, tuple[Agreement, ...]]:
        """The memory with a new agreement (its id taken from ``next_id``; at a table, ``channel`` the pair's, the
        next of the pair's own sequence from ``channel * stride``), and the agreements it replaced in its slot."""
        if channel is None:
            made, counted = replace(agreement, id=self.next_id), self.next_ids
        else:
            number = self.next_ids.get(channel, 0) + 1
            made, counted = replace(agreement, id=channel * stride + number), {**self.next_ids, channel: number}
        slot = made.slot()
        replaced = tuple(a for a in self.agreements if a.slot() == slot)
        kept = tuple(a for a in self.agreements if a.slot() != slot)
        return replace(self, agreements=(*kept, made), next_id=self.next_id + 1, next_ids=counted), replaced

    def without(self, ids: set[int]) -> Memory:
        return replace(self, agreements=tuple(a for a in self.agreements if a.id not in ids))

    def between(self, a: Power, b: Power) -> tuple[Agreement, ...]:
        return tuple(x for x in self.agreements if {a, b} == set(x.parties))

    def to_json(self) -> dict[str, Any]:
        return {
            "trust": self.trust.to_json(),
            "agreements": [a.to_json() for a in self.agreements],
            "next_id": self.next_id,
            "member": self.member.to_json() if self.member is not None else None,
            **({"members": {p: s.to_json() for p, s in sorted(self.members.items())}} if self.members else {}),
            **({"next_ids": {str(c): n for c, n in sorted(self.next_ids.items())}} if self.next_ids else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Memory:
        member = data.get("member")
        return cls(
            Trust.from_json(data["trust"]),
            tuple(Agreement.from_json(a) for a in data["agreements"]),
            int(data["next_id"]),
            MemberStats.from_json(member) if member is not None else None,
            {p: MemberStats.from_json(s) for p, s in data.get("members", {}).items()},
            {int(c): int(n) for c, n in data.get("next_ids", {}).items()},
        )

    def size(self) -> int:
        """Bytes of the compact JSON the game state stores."""
        return len(json.dumps(self.to_json(), separators=(",", ":")).encode())
