"""The process's shared parts, made once: the store (handlers and the API share it; tests reset it) and the
companions the pipeline's step reads ask for."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from gameserver import catalog
from gameserver.play import modes
from gameserver.storage.dynamodb import DynamoStore
from gameserver.storage.port import Store

if TYPE_CHECKING:
    from gameserver.storage.games import Companion

MODES = catalog.MODES
"""The modes, each loaded when a game of that mode is first met (``gameserver.catalog``)."""

_lock = threading.Lock()
_storage: Store | None = None


def duel_of(game_id: str) -> Companion:
    """A duel's game has the duel's id: its steps read the duel with them."""
    from gameserver.storage.duels import DuelCompanion

    return DuelCompanion(game_id)


def _match_ref(game_id: str) -> tuple[str, int] | None:
    from gameserver.platform.ids import is_match_id, match_ref

    return match_ref(game_id) if is_match_id(game_id) else None


def tournament_of(game_id: str) -> Companion | None:
    """A tournament match's game has the match's id (``{tournament}-m{slot}``): its steps read its tournament."""
    ref = _match_ref(game_id)
    if ref is None:
        return None
    from gameserver.storage.tournaments import TournamentCompanion

    return TournamentCompanion(ref[0])


def match_of(game_id: str) -> Companion | None:
    """A tournament match's game reads its match too (what its turns have done so far)."""
    ref = _match_ref(game_id)
    if ref is None:
        return None
    from gameserver.storage.tournaments import MatchCompanion

    return MatchCompanion(*ref)


modes.install({"duel": [duel_of], "match": [tournament_of, match_of]})


def storage() -> Store:
    global _storage
    if _storage is None:
        with _lock:
            if _storage is None:
                _storage = DynamoStore()
    return _storage


def reset() -> None:
    """Forget the store and the clients (tests that switch tables or moto contexts)."""
    global _storage
    from gameserver.aws import reset_clients

    with _lock:
        _storage = None
    reset_clients()  # the API's idempotency layer follows the client: it is built anew on the next call
