"""Watch (the ``watch`` mode): "watch is bots only, all cards face up". Anyone with the game's id reads it.

Played out when it is created, in that request: a bots-only game waits for nobody, so each of its steps
resolves as it opens, ``MAX_CHAINED`` (60) to a transaction, one step record each, until the end (the pipeline's
``settle``). The game item and its board stay small whatever the game's length; its history is its step
records, read in pages. A watcher replays it at their own pace from them, every strength shown (the final
table has every token's strength, each step every command whole). Step by step on request would have left games
open that nobody finishes, and a write behind every page a watcher turns; the longest game seen (6 seats to the
300-round draw bound, 3,442 steps) is 58 transactions, several seconds, once (docs/rules/feint.md).
"""

from __future__ import annotations

from typing import cast

from gameserver.clock import Clock
from gameserver.domain.feint.answers import FeintBoard, FeintWatch, FeintWatchSteps
from gameserver.domain.feint.games import KIND, bot, outcome_json, record_step, rules, start_game
from gameserver.errors import NotFound
from gameserver.identity import Caller
from gameserver.play.modes import Deadlines, Mode, register
from gameserver.play.steps import Loaded, is_due, load, read_step, settle
from gameserver.storage.games import StepRead
from gameserver.storage.port import Store
from gameserver.storage.records import Game, HiddenState
from gameserver.words import GameStatus


class WatchMode(Mode):
    name = "watch"
    deadlines = Deadlines.NONE


MODE = register(WatchMode())


def create_watch_game(store: Store, clock: Clock, caller: Caller, *, seats: int, seed: int | None = None
                      ) -> FeintWatch:
    """A bots-only game of ``seats`` seats, played to its end."""
    players = {seat: bot(seat) for seat in rules().seats({"seats": str(seats)})}
    new = start_game(store, clock, players=players, mode=MODE.name, seed=seed)
    loaded = load(StepRead(game=new.game, board=new.board))
    assert loaded is not None
    played = settle(store, clock, loaded).loaded
    assert played is not None
    return watch_response(played.game, played.board)


def _watched(store: Store, clock: Clock, game_id: str) -> Loaded:
    loaded = read_step(store, game_id, kind=KIND)
    if loaded is None or loaded.game.kind != KIND or loaded.game.mode != MODE.name:
        raise NotFound(f"no watch game {game_id}", field="game_id")
    if is_due(loaded.game, clock.now()):  # a game whose playing out was cut short (a failure): it goes on now
        settled = settle(store, clock, loaded).loaded
        loaded = settled if settled is not None else read_step(store, game_id, kind=KIND)
        assert loaded is not None, "a game once stored stays"
    return loaded


def watch_response(game: Game, board: HiddenState) -> FeintWatch:
    return {"game_id": game.game_id, "status": GameStatus(game.status), "seats": len(game.players),
            "number": game.epoch, **outcome_json(game),
            "table": cast("FeintBoard", rules().face_up(rules().load(board.state))),  # the engine's (rules.feint)
            "created_at": game.created_at, "finished_at": game.finished_at}


def read_watch(store: Store, clock: Clock, caller: Caller, game_id: str) -> FeintWatch:
    """A watch game: the table as it stands (at its end), every strength shown."""
    loaded = _watched(store, clock, game_id)
    return watch_response(loaded.game, loaded.board)


def watch_steps(store: Store, clock: Clock, caller: Caller, game_id: str, cursor: str | None, limit: int
                ) -> FeintWatchSteps:
    """A page of a watch game's steps, in order, every command whole."""
    game = _watched(store, clock, game_id).game
    assert game is not None
    page = store.games.step_page(game_id, cursor, limit)
    return {"game_id": game_id, "steps": [record_step(step, game.players) for step in page.items],
            "cursor": page.cursor}
