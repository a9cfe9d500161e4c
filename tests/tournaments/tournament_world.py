"""The wired tournament tests' world: a store (in memory, or DynamoDB on moto), a manual clock, members with
profiles, and the moves of a tournament as members and timers make them: joins through the domain, a match's
turns played through the games domain at a human's pace, the clock moving with every sweep stage run, and the
credits read back from the store to check the platform's invariant."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import gameserver.services  # noqa: F401  (installs the modes and their companions)
from gameserver.clock import ManualClock, iso
from gameserver.domain import feinthold as games
from gameserver.domain.duels import service as duels
from gameserver.domain.tournaments import service as tournaments
from gameserver.identity import Caller, Client
from gameserver.platform.duels import CreditKind, LedgerLine, check_invariant
from gameserver.platform.tournaments import match_id
from gameserver.play import steps
from gameserver.storage.records import LedgerLine as StoredLine
from gameserver.storage.records import Profile
from match_plans import plan

START = datetime(2026, 11, 30, 9, 0, 0, tzinfo=UTC)
"""A Monday morning, far from midnight and from the 1st."""
HUMAN = 6
"""Seconds a member takes to send: fair play judges a median under 4 s "faster than a human"."""


def caller(sub: str) -> Caller:
    return Caller(sub=sub, groups=frozenset(), username=sub)


@dataclass
class World:
    store: Any
    clock: ManualClock = field(default_factory=lambda: ManualClock(START))
    members: list[Caller] = field(default_factory=list)

    def member(self, sub: str, credits: int = 100, created_at: str | None = None) -> Caller:
        """A member with a profile and their grant (``created_at``: when their account was made)."""
        at = created_at or iso(self.clock.now())
        profile = Profile(sub=sub, username=sub, created_at=at, credits=credits)
        assert self.store.members.create_profile(profile, StoredLine(sub, credits, "grant", at, f"grant-{sub}"))
        self.members.append(caller(sub))
        return self.members[-1]

    def full(self, size: int = 8, fee: int = 10, name: str = "Winter Cup") -> dict[str, Any]:
        """A tournament created by the first ``size`` members' first and joined by the rest, in order."""
        made = tournaments.create_tournament(self.store, self.clock, self.members[0], size=size, fee=fee, name=name)
        for member in self.members[1:size]:
            made = tournaments.join_tournament(self.store, self.clock, member, made["tournament_id"])
        return made

    def read(self, tournament_id: str) -> dict[str, Any]:
        return tournaments.read_tournament(self.store, tournament_id)

    def match(self, tournament_id: str, slot: int) -> dict[str, Any]:
        return self.read(tournament_id)["matches"][slot - 1]

    def game(self, tournament_id: str, slot: int):
        return self.store.games.get(match_id(tournament_id, slot))

    def send(self, tournament_id: str, slot: int, turn: int, orders: dict[str, list]) -> None:
        """Both sides' orders for ``turn`` (a side missing from ``orders`` sends nothing), after a human's pause."""
        game = self.game(tournament_id, slot)
        for side, sub in game.players.items():
            if side in orders:
                games.submit_orders(self.store, self.clock, caller(sub), game.game_id, turn, orders[side],
                                    Client(device=None, address=f"addr-{sub}"))

    def play(self, tournament_id: str, slots: dict[int, tuple[str, str | None]]) -> None:
        """Play the matches of ``slots`` out together, turn by turn at a human's pace: each slot's plan
        (``match_plans``) and the member it favours (its side in the game)."""
        plans = {}
        for slot, (kind, favoured) in slots.items():
            game = self.game(tournament_id, slot)
            side = next((s for s, sub in game.players.items() if sub == favoured), "south")
            plans[slot] = plan(game.options["layout"], kind, side)
        for turn in range(1, 9):
            self.advance(HUMAN, sweep=False)
            for slot, turns in plans.items():
                if self.game(tournament_id, slot).status == "open":
                    self.send(tournament_id, slot, turn, turns[turn - 1])

    def advance(self, seconds: float, sweep: bool = True) -> dict[str, dict[str, int]]:
        """Move the clock, then run the sweep's stages as the schedule would."""
        self.clock.advance(seconds)
        if not sweep:
            return {}
        return {"turns": steps.sweep(self.store, self.clock), "duels": duels.sweep(self.store, self.clock),
                "tournaments": tournaments.sweep(self.store, self.clock)}

    def balance(self, sub: str) -> int:
        return self.store.members.balances((sub,))[sub]

    def credit_problems(self) -> list[str]:
        """Every disagreement between the stored balances, duel escrows, tournament pots and ledger lines."""
        return credit_problems(self.store, [m.sub for m in self.members])


def credit_problems(store: Any, subs: list[str]) -> list[str]:
    from gameserver.storage.memory import MemoryStore

    if isinstance(store, MemoryStore):
        held = store.tables
        balances = {sub: p.credits for sub, p in held.profiles.items()}
        pots = {tid: s.tournament.pot for tid, s in held.tournaments.items()}
        lines = [LedgerLine(line.sub, line.amount, CreditKind(line.kind), line.ref) for line in held.ledger.values()]
        return check_invariant(balances, {}, pots, lines)
    balances, lines = {}, []
    refs: set[str] = set()
    for sub in subs:
        balances[sub] = store.members.balances((sub,)).get(sub, 0)
        cursor = None
        while True:
            page = store.members.ledger(sub, cursor, 50)
            lines += [LedgerLine(line.sub, line.amount, CreditKind(line.kind), line.ref) for line in page.items]
            refs |= {line.ref for line in page.items if line.ref}
            cursor = page.cursor
            if cursor is None:
                break
    pots: dict[str, int] = defaultdict(int)
    for ref in refs:
        stored = store.tournaments.read(ref).stored
        if stored is not None:
            pots[ref] = stored.tournament.pot
    return check_invariant(balances, {}, pots, lines)
