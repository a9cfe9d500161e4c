"""The store on DynamoDB: one table (single-table design, keys in ``keys`` and each area's module, access
patterns in docs/storage.md), one low-level client, an adapter per area, and the transactions that write
several areas' values together.

Importing this package is cheap: botocore is imported when the first client is made, and the adapter of a
platform area (duels, the Daily Front, ...) when it is first used, so a cold start serving a game pays for
neither.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from gameserver.storage.dynamodb import games
from gameserver.storage.dynamodb.members import DynamoMembers
from gameserver.storage.errors import WriteConflict
from gameserver.storage.events import with_feed_events
from gameserver.storage.port import area_of

if TYPE_CHECKING:
    from gameserver.storage.dynamodb.audit import DynamoAudit
    from gameserver.storage.dynamodb.challenges import DynamoChallenges
    from gameserver.storage.dynamodb.daily import DynamoDaily
    from gameserver.storage.dynamodb.doctrines import DynamoDoctrines
    from gameserver.storage.dynamodb.duels import DynamoDuels
    from gameserver.storage.dynamodb.events import DynamoEvents
    from gameserver.storage.dynamodb.fairplay import DynamoFairPlay
    from gameserver.storage.dynamodb.front1901 import DynamoFront1901
    from gameserver.storage.dynamodb.invitations import DynamoInvitations
    from gameserver.storage.dynamodb.limits import DynamoLimits
    from gameserver.storage.dynamodb.lobby import DynamoLobby
    from gameserver.storage.dynamodb.moderation import DynamoModeration
    from gameserver.storage.dynamodb.seasons import DynamoSeasons
    from gameserver.storage.dynamodb.tournaments import DynamoTournaments
    from gameserver.storage.games import Companion
    from gameserver.storage.port import Write

Item = dict[str, Any]
Explain = Callable[[int], WriteConflict]
"""What a failed condition at an index of one write's items means (a short balance, a Front already started)."""


def _area(name: str) -> Any:
    return importlib.import_module(f"gameserver.storage.dynamodb.{name}")


class DynamoStore:
    def __init__(self, table_name: str | None = None, client: Any = None) -> None:
        if table_name is None:
            from gameserver.config import get_settings

            table_name = get_settings().table_name
        self.table = table_name
        self._client = client
        self.games = games.DynamoGames(self)
        self.members = DynamoMembers(self)

    @cached_property
    def invitations(self) -> DynamoInvitations:
        return _area("invitations").DynamoInvitations(self)

    @cached_property
    def duels(self) -> DynamoDuels:
        return _area("duels").DynamoDuels(self)

    @cached_property
    def doctrines(self) -> DynamoDoctrines:
        return _area("doctrines").DynamoDoctrines(self)

    @cached_property
    def daily(self) -> DynamoDaily:
        return _area("daily").DynamoDaily(self)

    @cached_property
    def fairplay(self) -> DynamoFairPlay:
        return _area("fairplay").DynamoFairPlay(self)

    @cached_property
    def tournaments(self) -> DynamoTournaments:
        return _area("tournaments").DynamoTournaments(self)

    @cached_property
    def lobby(self) -> DynamoLobby:
        return _area("lobby").DynamoLobby(self)

    @cached_property
    def front1901(self) -> DynamoFront1901:
        return _area("front1901").DynamoFront1901(self)

    @cached_property
    def audit(self) -> DynamoAudit:
        return _area("audit").DynamoAudit(self)

    @cached_property
    def limits(self) -> DynamoLimits:
        return _area("limits").DynamoLimits(self)

    @cached_property
    def moderation(self) -> DynamoModeration:
        return _area("moderation").DynamoModeration(self)

    @cached_property
    def seasons(self) -> DynamoSeasons:
        return _area("seasons").DynamoSeasons(self)

    @cached_property
    def challenges(self) -> DynamoChallenges:
        return _area("challenges").DynamoChallenges(self)

    @cached_property
    def events(self) -> DynamoEvents:
        return _area("events").DynamoEvents(self)

    @property
    def client(self) -> Any:
        if self._client is None:
            from gameserver.aws import dynamodb_client

            self._client = dynamodb_client()
        return self._client

    # ---------------------------------------------------------------- transactions
    def transact(self, writes: Sequence[Write]) -> None:
        items: list[Item] = []
        explained: list[tuple[int, int, Explain | None]] = []
        for write in with_feed_events(writes):
            own, explain = self._items(write)
            explained.append((len(items), len(items) + len(own), explain))
            items += own
        try:
            self.client.transact_write_items(TransactItems=items)
        except self.client.exceptions.TransactionCanceledException as error:
            raise self._why(error, explained) from error

    def transact_items(self, items: list[Item], refused: str = "") -> None:
        """A transaction of raw items (one area's own writes); ``WriteConflict`` (saying ``refused``) when it was
        cancelled."""
        try:
            self.client.transact_write_items(TransactItems=items)
        except self.client.exceptions.TransactionCanceledException as error:
            raise WriteConflict(refused or str(error)) from error

    def _items(self, write: Write) -> tuple[list[Item], Explain | None]:
        """A write's items, from the adapter of the area it names (``area_of``), which registers the writes it
        knows (its ``WRITES``)."""
        registered = _area(area_of(type(write).__module__)).WRITES.get(type(write))
        if registered is None:
            raise TypeError(f"no DynamoDB write for {type(write).__name__}")
        items_of, explain = registered
        items: list[Item] = items_of(self.table, write)
        if explain is None:
            return items, None
        return items, lambda index: explain(write, index)

    @staticmethod
    def _why(error: Any, explained: list[tuple[int, int, Explain | None]]) -> WriteConflict:
        """The most telling reason a transaction was cancelled: a write's own (``InsufficientCredits``,
        ``AlreadyStarted``) over a plain ``WriteConflict``."""
        reasons = error.response.get("CancellationReasons") or []
        for index, reason in enumerate(reasons):
            if reason.get("Code") != "ConditionalCheckFailed":
                continue
            for start, end, explain in explained:
                if start <= index < end and explain is not None:
                    found = explain(index - start)
                    if type(found) is not WriteConflict:
                        return found
        return WriteConflict(str(error))

    # ---------------------------------------------------------------- companions of a step's read
    @staticmethod
    def companion_key(companion: Companion) -> tuple[str, str]:
        """A companion's key, from the adapter of the area it names (``area_of``, as a write does)."""
        key: tuple[str, str] = _area(area_of(type(companion).__module__)).companion_key(companion)
        return key

    @staticmethod
    def decode_companion(companion: Companion, item: Item | None) -> Any:
        return None if item is None else _area(area_of(type(companion).__module__)).decode_companion(item)
