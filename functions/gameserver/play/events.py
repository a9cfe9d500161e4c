"""Live events: what a change of a game tells each of its members, and what a feed notice tells its member,
written in the change's own transaction (``storage.events``; delivered by ``gameserver.channel``).

An event is built from the member's own view and nothing else: the member's game as the API answers it (the
game's ``SHOWN.body``, the very answer of the member's GET), its ETag, and what the game's words read from that
answer (``SHOWN.told``: the turn and its deadline, whether the opponent has sent, a Retreat decision waiting,
the AI powers' messages). So an event never says what the member's view would not, and a client that gets one
fetches the view with ``If-None-Match`` set to the tag it already holds, or skips the fetch when it matches.

The pipeline adds the events to each of its transactions in one call, ``added`` (a game's start, a step's
commit, a stop, a member leaving: every write that carries a game with its members' views), and ``of_change``
to a submission's and an action's write; it knows no game and no mode: the catalog's entry of a game names the
module that shows it (``Entry.words``). A feed notice's event is the store's to write, whoever writes the
notice (``storage.events.with_feed_events``).
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from gameserver.catalog import GAMES
from gameserver.storage.events import Event, EventWrite, game_seq, game_stream
from gameserver.storage.games import GameClose, NewGame, StepCommit
from gameserver.storage.records import Game, Json, MemberViews, StepRecord

if TYPE_CHECKING:
    from gameserver.storage.port import Write


class Shown(NamedTuple):
    """How a game shows a member's game on the wire (a game's words module holds one as ``SHOWN``)."""

    body: Callable[[Game, MemberViews], dict[str, Any]]
    """The member's game as their GET answers it (without the server's ``now``)."""
    told: Callable[[Json], dict[str, Any]]
    """What an event tells of that answer: ``turn`` and ``deadline`` and the game's own fields, read from it."""


_shown: dict[str, Shown] = {}


def etag_of(body: Any) -> str:
    """The weak ETag of an answer: a digest of its JSON, so it changes exactly when the answer does. The API's
    conditional GETs (``api.etags``) compute it here too: an event's tag is the one the member's next GET
    answers."""
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return f'W/"{digest[:32]}"'


def shown(kind: str) -> Shown | None:
    """How the game ``kind`` is shown (None: it is on no wire, a test's own game: its changes tell nothing)."""
    found = _shown.get(kind)
    if found is None:
        entry = GAMES.entry(kind)
        if entry is None or not entry.words:
            return None
        found = _shown[kind] = importlib.import_module(entry.words).SHOWN
    return found


def game_change(game: Game, views: MemberViews) -> Json:
    """What a change of ``game`` tells the member ``views`` belongs to, from their answer alone."""
    words = shown(game.kind)
    assert words is not None
    body = words.body(game, views)
    mine = game.seats_of(views.sub)
    return {
        "type": "game",
        "game_id": game.game_id,
        "kind": game.kind,
        "etag": etag_of(body),
        "status": body["status"],
        "my_turn": game.status == "open" and any(
            seat in game.awaiting and not game.submissions[seat].sent for seat in mine),
        **words.told(body),
    }


def of_change(game: Game, views: Iterable[MemberViews], at: str, records: Sequence[StepRecord] = ()
              ) -> EventWrite:
    """The events of a change that leaves ``game`` as it is, with each member's ``views`` of it: one per member,
    at the game's version; ``records``, the steps it resolved (how each closed: the history shows it to every
    player)."""
    if shown(game.kind) is None:
        return EventWrite(())
    resolved = [{"step": r.step, "label": r.label, "closed_by": r.closed_by} for r in records]
    seq = game_seq(game.version)
    told = [Event(sub=mine.sub, stream=game_stream(game.game_id), seq=seq, at=at,
                  body={**game_change(game, mine), **({"resolved": resolved} if resolved else {})})
            for mine in views]
    return EventWrite(tuple(told))


def added(writes: Sequence[Write]) -> list[Write]:
    """``writes`` and the events they cause, to commit in one transaction: each game written with its members'
    views (a new game, a step's commit, an end off the board) tells each member, at the time it changed."""
    told: list[Event] = []
    for write in writes:
        if isinstance(write, NewGame | StepCommit | GameClose):
            game = write.game
            records = write.records if isinstance(write, StepCommit) else ()
            at = game.finished_at or (records[-1].resolved_at if records else game.opened_at)
            told += of_change(game, write.views, at, records).events
    return [*writes, EventWrite(tuple(told))] if told else list(writes)

