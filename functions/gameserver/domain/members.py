"""Members: a member is the JWT subject; the profile is created on their first authenticated call, with the
opening grant of 100 credits written as a ledger line in the same transaction (platform.md). A member's
credits (the balance and the ledger line of every move), their list of games and the notices their feed is
made of (the feed itself: ``domain.feed``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Clock, iso
from gameserver.identity import Caller
from gameserver.ids import new_id
from gameserver.platform.duels.credits import CreditKind
from gameserver.play import views
from gameserver.storage.members import Notice
from gameserver.storage.port import Store
from gameserver.storage.records import Game, LedgerLine, Profile, is_member
from gameserver.words import GameKind, GameStatus, Mode, NextCursor, Timestamp

if TYPE_CHECKING:
    from gameserver.platform.duels.credits import LedgerLine as Move

OPENING_GRANT = 100
""""Every member gets 100 credits when their profile is created"."""

_known: set[str] = set()
_known_lock = threading.Lock()


def ensure_profile(store: Store, clock: Clock, caller: Caller) -> Profile | None:
    """Create ``caller``'s profile if this is their first call. Returns the profile when it was read or made;
    ``None`` when this process already knows it exists (a warm Lambda pays no request for it)."""
    if caller.sub in _known:
        return None
    profile = store.members.get_profile(caller.sub)
    if profile is None:
        now = iso(clock.now())
        profile = Profile(sub=caller.sub, username=caller.username, created_at=now, credits=OPENING_GRANT)
        grant = LedgerLine(sub=caller.sub, amount=OPENING_GRANT, kind="grant", at=now, line_id=new_id())
        if not store.members.create_profile(profile, grant):
            profile = store.members.get_profile(caller.sub) or profile
    with _known_lock:
        _known.add(caller.sub)
    return profile


def my_profile(store: Store, clock: Clock, caller: Caller) -> Profile:
    profile = ensure_profile(store, clock, caller) or store.members.get_profile(caller.sub)
    if profile is None:  # written a moment ago by this process: only a table wiped under it gets here
        with _known_lock:
            _known.discard(caller.sub)
        return my_profile(store, clock, caller)
    return profile


class ProfileOut(TypedDict):
    """My profile."""

    sub: str
    username: str
    created_at: Timestamp
    credits: int
    moderator: Annotated[bool, Field(description="in the user pool's moderators group")]


def profile_out(store: Store, clock: Clock, caller: Caller) -> ProfileOut:
    """My profile as the API shows it (created on my first call, with its opening 100 credits)."""
    profile = my_profile(store, clock, caller)
    return {"sub": profile.sub, "username": profile.username, "created_at": profile.created_at,
            "credits": profile.credits, "moderator": caller.is_moderator}


def forget_known_profiles() -> None:
    """Tests that recreate the tables start from a process that knows nobody."""
    with _known_lock:
        _known.clear()


class LedgerLineOut(TypedDict):
    """One move of my credits."""

    amount: Annotated[int, Field(description="the change of your balance")]
    kind: CreditKind
    ref: Annotated[str, Field(description="the duel (or tournament, season) it belongs to; empty for the grant")]
    at: Timestamp


class CreditsOut(TypedDict):
    """My balance and a page of my ledger, newest first."""

    balance: int
    lines: Annotated[list[LedgerLineOut], Field(description="newest first")]
    cursor: NextCursor


def my_credits(store: Store, clock: Clock, caller: Caller, cursor: str | None, limit: int) -> CreditsOut:
    """My balance and the ledger line of every move of my credits, newest first: "Every member gets 100 credits
    when their profile is created: a ledger line of kind ``grant``"; every other move is written by what made
    it, in the same transaction."""
    profile = my_profile(store, clock, caller)
    page = store.members.ledger(caller.sub, cursor, limit)
    return {
        "balance": profile.credits,
        "lines": [{"amount": line.amount, "kind": CreditKind(line.kind), "ref": line.ref, "at": line.at}
                  for line in page.items],
        "cursor": page.cursor,
    }


def ledger_lines(owner: str, earlier: int, moves: Iterable[Move], now: datetime) -> tuple[LedgerLine, ...]:
    """The ledger lines of the credits ``owner`` (a duel, a tournament) moves now, as stored: each line's id
    follows its place among the owner's moves (``earlier`` were written before), so it never repeats and a
    transition written twice writes the same lines."""
    return tuple(LedgerLine(sub=move.member, amount=move.amount, kind=str(move.kind), at=iso(now),
                            line_id=f"{owner}-{earlier + index}", ref=move.ref)
                 for index, move in enumerate(moves))


def step_opened(game: Game, ref: str) -> list[Notice]:
    """"Each turn that opens puts a notification in the member's feed": a notice for each member playing the
    game's open step (``ref``: the duel or tournament it belongs to); none once the game is over."""
    if game.status != "open":
        return []
    return [Notice(sub, game.game_id, ref, game.step, game.opened_at, game.deadline)
            for sub in game.players.values() if is_member(sub)]


class MyGame(TypedDict):
    """One of my games, of any game."""

    game_id: str
    game: GameKind
    mode: Mode
    status: GameStatus
    seats: Annotated[list[str], Field(description="my seats, in the game's words (south, 3, FRANCE)")]
    label: Annotated[str, Field(description="the open step (or the last one played) in the game's words: a turn, "
                                            "41/retreat")]
    deadline: Timestamp | None
    winner: Annotated[str | None, Field(description="a seat, or draw")]
    created_at: Timestamp


class MyGames(TypedDict):
    """A page of my games of every game, newest first."""

    games: Annotated[list[MyGame], Field(description="newest first")]
    cursor: NextCursor


def my_games(store: Store, caller: Caller, cursor: str | None, limit: int) -> MyGames:
    """My games of every game the service hosts, newest first."""
    page = views.all_my_games(store, caller.sub, cursor, limit)
    return {"games": [{"game_id": p.game_id, "game": GameKind(p.kind), "mode": Mode(p.mode),
                       "status": GameStatus(p.status), "seats": list(p.seats), "label": p.label,
                       "deadline": p.deadline, "winner": p.winner, "created_at": p.created_at} for p in page.items],
            "cursor": page.cursor}
