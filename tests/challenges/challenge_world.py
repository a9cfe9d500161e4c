"""The wired challenge tests' world: the in-memory store, a manual clock, members, doctrines written and
published through the domain, challenges played to their end with chosen delays and orders, the sweep."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from doctrine_player import PASSIVE, orders_by
from gameserver.clock import ManualClock, parse_iso
from gameserver.domain.challenges import game, publication
from gameserver.domain.challenges.sweep import sweep
from gameserver.domain.feinthold import read_game, submit_orders
from gameserver.identity import Caller, Client
from gameserver.storage.memory import MemoryStore

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
"""A Monday morning, far from the month's end."""
HUMAN = (14, 22, 9, 35, 17, 26, 12, 19)
"""A human's delays, turn by turn (median 18 s, irregular)."""
RAM = {"name": "like Ram", "rules": [
    {"if": [{"outnumber": {"at": "weakest-enemy", "ratio": 1.2, "unknown_as": 2}}],
     "then": {"converge": {"at": "weakest-enemy", "keep": 0, "share": 100}}},
    {"if": [{"outnumber": {"at": "open-ground", "ratio": 1.0, "unknown_as": 1}}],
     "then": {"converge": {"at": "open-ground", "keep": 0, "share": 60}}},
    {"if": [], "then": {"advance": {"from": "frontier", "toward": "enemy-hq", "keep": 0, "share": 100}}},
    {"if": [{"units_at": {"at": "my-hq", "at_least": 2}}],
     "then": {"advance": {"from": "my-hq", "toward": "enemy-hq", "keep": 1, "share": 100}}},
    {"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}},
    {"if": [], "then": {"predict": {"at": "likely-entry"}}},
]}
"""Ram's public rules, written by a member: it beats ``PASSIVE``."""


def member(name: str, moderator: bool = False) -> Caller:
    return Caller(sub=f"{name}-sub", groups=frozenset({"moderators"} if moderator else ()), username=name)


class World:
    def __init__(self, start: datetime = START) -> None:
        from gameserver.domain.challenges.publication import forget_houses
        from gameserver.domain.members import ensure_profile

        forget_houses()  # a new store holds no house AI yet, whatever this process stored before
        self.store = MemoryStore()
        self.clock = ManualClock(start)
        self._profile = ensure_profile

    def join(self, *callers: Caller) -> None:
        from gameserver.domain.members import forget_known_profiles

        forget_known_profiles()
        for caller in callers:
            self._profile(self.store, self.clock, caller)

    def seen(self, caller: Caller, device: str) -> None:
        """``caller`` seen today with ``device`` (two members seen with one are linked accounts)."""
        day: date = self.clock.now().date()
        self.store.fairplay.record_sighting(caller.sub, day, device, None)

    def doctrine(self, caller: Caller, rules: dict[str, Any] = PASSIVE, *, default: bool = False) -> int:
        from gameserver.domain import doctrines

        slot: int = doctrines.create_doctrine(self.store, self.clock, caller, rules)["slot"]
        if default:
            doctrines.make_default(self.store, caller, slot)
        return slot

    def publish(self, author: Caller, rules: dict[str, Any] = PASSIVE, name: str = "Iron Wall") -> str:
        slot = self.doctrine(author, rules)
        doctrine_id: str = publication.publish_doctrine(self.store, self.clock, author, slot, name)["doctrine_id"]
        return doctrine_id

    def challenge(self, challenger: Caller, doctrine_id: str, pace: str = "blitz") -> dict[str, Any]:
        return game.start_challenge(self.store, self.clock, challenger, doctrine_id, pace)

    def play(self, challenger: Caller, started: dict[str, Any], delays: tuple[int, ...] = HUMAN,
             orders: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None,
             own: Callable[[int], bool] = lambda turn: True) -> dict[str, Any]:
        """Play the challenge's game to its end: on each turn ``delays[turn - 1]`` seconds, then the challenger's
        own orders (``orders`` of the view; hold by default) when ``own(turn)``, else the turn missed (the
        default doctrine, if any, plays it at the deadline)."""
        view = started["game"]
        game_id = started["game_id"]
        while view["status"] == "open":
            turn = view["turn"]
            if own(turn):
                self.clock.advance(delays[turn - 1])
                sent = [] if orders is None else orders(view["view"])
                view = submit_orders(self.store, self.clock, challenger, game_id, turn, sent, Client())["game"]
            else:
                self.clock.set(parse_iso(view["deadline"]) + timedelta(seconds=1))
                view = read_game(self.store, self.clock, challenger, game_id)
        return game.read_challenge(self.store, self.clock, challenger, game_id)

    def sweep(self) -> dict[str, int]:
        return sweep(self.store, self.clock)


def like_ram(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The challenger's own orders, as Ram would give them on their view."""
    return orders_by(RAM, view)
