"""Feinthold's games as a member sees them, whatever their mode (against a house AI, friendly, a duel's, a Daily
Front): start one, list mine, read my side's view, send my orders, read the record once it is over.

The pipeline (``gameserver.play``) plays the game; this module speaks Feinthold's words on the wire: a seat is
a side, a step is a turn, the other seat's player is the opponent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from gameserver.catalog import FEINTHOLD
from gameserver.clock import Clock, Pace
from gameserver.domain.feinthold.answers import (
    FeintholdRecord,
    FeintholdView,
    GameList,
    GameOut,
    Player,
    RecordOut,
    SubmissionOut,
    TurnTiming,
    Winner,
)
from gameserver.domain.players import PlayerKind, player
from gameserver.errors import InvalidInput, wire
from gameserver.identity import Caller, Client
from gameserver.ids import new_id, new_seed
from gameserver.play import modes, orders, start, views
from gameserver.play.events import Shown
from gameserver.storage.games import NewGame
from gameserver.storage.records import Game, Json, MemberViews, Seat, Submission
from gameserver.words import ClosedBy, GameStatus, HouseAi, Mode, Side

if TYPE_CHECKING:
    from gameserver.play.engines.feinthold import Feinthold
    from gameserver.storage.port import Store, Write

KIND = FEINTHOLD


def rules() -> Feinthold:
    """Feinthold's adapter, with what the platform asks of the engine beyond the pipeline (house AIs,
    doctrines, layouts, the points left), loaded on first use: importing the engine is not a cold start's cost."""
    from gameserver.play.engines.feinthold import ENGINE

    return ENGINE


def opponent_of(players: Mapping[Seat, str], side: Seat) -> Seat:
    """The other side of a game of two."""
    return next(seat for seat in players if seat != side)


def open_game(
    store: Store,
    clock: Clock,
    *,
    players: Mapping[Seat, str],
    mode: str,
    pace: str,
    game_id: str | None = None,
    layout: str | None = None,
    seed: int | None = None,
    stand_ins: Mapping[Seat, Json | None] | None = None,
    options: Mapping[str, str] | None = None,
    riders: tuple[Write, ...] = (),
) -> NewGame:
    """Create a Feinthold game and open its first turn, in one transaction with ``riders``; what was written
    holds the members' first views too (so the caller's answer needs no read). ``seed`` is for tests and the
    local runner's seeded games only: the API never takes one."""
    if pace not in {p.value for p in Pace}:
        raise InvalidInput(f"unknown pace {wire(pace)}", field="pace")
    seed = new_seed() if seed is None else seed
    given = {**(options or {}), **({"layout": layout} if layout is not None else {})}
    new = start.new_game(game_id=game_id or new_id(), kind=KIND, mode=mode, players=players, pace=pace, options=given,
                         seed=seed, stand_ins=stand_ins or {}, now=clock.now())
    start.begin(store, new, riders)
    return new


def views_of(new: NewGame, sub: str) -> MemberViews:
    return next(v for v in new.views if v.sub == sub)


def read_game(store: Store, clock: Clock, caller: Caller, game_id: str) -> GameOut:
    """My view of a game: one read, unless a deadline has passed and turns must be resolved first."""
    mine = views.my_game(store, clock, caller.sub, game_id, KIND)
    return game_response(mine.game, mine.views)


def submit_orders(store: Store, clock: Clock, caller: Caller, game_id: str, turn: int, raw_orders: list[Any],
                  client: Client) -> SubmissionOut:
    """Send (or replace) my orders for ``turn``: checked on my view, stored with one conditional write; if
    every side has now sent (always, against a house AI), the turn resolves in the same request."""
    sent = orders.submit(store, clock, caller.sub, game_id, turn, raw_orders, client, kind=KIND, step_field="turn")
    return {"turn": turn, "submission": sent.submission, "resolved": sent.resolved,
            "game": game_response(sent.game, sent.views)}


def list_games(store: Store, caller: Caller, cursor: str | None, limit: int) -> GameList:
    page = views.my_games(store, caller.sub, KIND, cursor, limit)
    return {
        "games": [
            {
                "game_id": p.game_id,
                "mode": p.mode,
                "side": p.seats[0],
                "opponent": opponent_json(p.players[opponent_of(p.players, p.seats[0])]),
                "status": p.status,
                "turn": p.step,
                "deadline": p.deadline,
                "winner": p.winner,
                "created_at": p.created_at,
            }
            for p in page.items
        ],
        "cursor": page.cursor,
    }


def game_record(store: Store, clock: Clock, caller: Caller, game_id: str) -> RecordOut:
    """The full record of a finished game, open to its players: every side's orders and reports and the board
    after every turn (the engine's record), with when each turn opened and when each side sent."""
    found = views.record(store, caller.sub, game_id, KIND, clock.now())
    timings: list[TurnTiming] = [
        {
            "turn": r.step,
            "opened_at": r.opened_at,
            "deadline": r.deadline,
            "resolved_at": r.resolved_at,
            "closed_by": ClosedBy(r.closed_by),
            "sent": {
                Side(side): {"sent_at": sub.sent_at, "submissions": sub.count, "missed": r.missed[side]}
                for side, sub in r.submissions.items()
            },
        }
        for r in found.steps
    ]
    return {
        "game_id": game_id,
        "players": {Side(side): opponent_json(p) for side, p in found.game.players.items()},
        "winner": winner_of(found.game),
        "record": cast("FeintholdRecord", found.record),  # the engine's record (rules.feinthold.fog)
        "turns": timings,
    }


def opponent_json(who: str) -> Player:
    """A player as the API shows them: a house AI by its name, a member's published doctrine by its id (never
    its rules), a member by their subject."""
    seen = player(who)
    if seen.kind is PlayerKind.HOUSE:
        return {"kind": "house", "name": HouseAi(seen.name)}
    if seen.kind is PlayerKind.DOCTRINE:
        return {"kind": "doctrine", "doctrine_id": seen.name}
    return {"kind": "member", "sub": seen.name}


def winner_of(game: Game) -> Winner:
    """A game's winner as Feinthold's answers say it: a side, a draw, or none yet."""
    return None if game.winner is None else "draw" if game.winner == "draw" else Side(game.winner)


def game_response(game: Game, mine: MemberViews) -> GameOut:
    """A member's game as Feinthold's API shows it: their side, the opponent, the turn and what they see."""
    side = next(iter(mine.views))
    own = game.submissions.get(side, Submission())
    other = opponent_of(game.players, side)
    theirs = game.submissions.get(other, Submission())
    return {
        "game_id": game.game_id,
        "mode": Mode(game.mode),
        "status": GameStatus(game.status),
        "turn": game.step,
        "opened_at": game.opened_at,
        "deadline": game.deadline,
        "pace": Pace(game.pace),
        "side": Side(side),
        "opponent": opponent_json(game.players[other]),
        "opponent_sent": theirs.sent,
        "my_orders": own.orders if own.sent else None,
        "my_submissions": own.count,
        "points_left": rules().points_left(mine.views[side], own.orders if own.sent else None),
        "winner": winner_of(game),
        "record_opens_at": modes.record_opens_at(game),
        "view": cast("FeintholdView", mine.views[side]),  # the engine's view of my side (rules.feinthold.fog)
    }


def _told(body: Json) -> dict[str, Any]:
    """What a live event tells of my game: the turn, its deadline, whether the opponent has sent."""
    return {"turn": body["turn"], "deadline": body["deadline"], "opponent_sent": body["opponent_sent"]}


SHOWN = Shown(body=lambda game, mine: cast("dict[str, Any]", game_response(game, mine)), told=_told)
"""Feinthold's game on the wire, for the live events (``play.events``)."""
