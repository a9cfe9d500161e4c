"""Hot-seat (the ``hot-seat`` mode): "hot-seat passes one screen around: a curtain drops between turns so the next
player can look without seeing what the last one was holding — including before a defence". One member holds
several seats (the first ones; bots may hold the rest). Their views item holds one view per seat, but every
answer shows one seat's view only, the one the request names, and says which seat decides next and what (a
turn, a Retreat, the deployment) so that the client draws the curtain first. No deadline.
"""

from __future__ import annotations

from gameserver.clock import Clock
from gameserver.domain.fairplay import JudgedAtTheEnd
from gameserver.domain.feint.answers import FeintGameOut
from gameserver.domain.feint.games import bot, game_response, rules, start_game, views_of
from gameserver.errors import InvalidInput
from gameserver.identity import Caller
from gameserver.play.modes import Deadlines, register
from gameserver.storage.port import Store

MIN_HELD = 2
"""A hot-seat game passes the device between at least two of its seats."""


class HotSeatMode(JudgedAtTheEnd):
    name = "hot-seat"
    deadlines = Deadlines.NONE


MODE = register(HotSeatMode())


def create_hotseat_game(store: Store, clock: Clock, caller: Caller, *, seats: int, bots: int,
                        seed: int | None = None) -> FeintGameOut:
    """A game of ``seats`` seats: the first ``seats - bots`` mine, a bot each of the others."""
    everyone = rules().seats({"seats": str(seats)})
    if not 0 <= bots <= len(everyone) - MIN_HELD:
        raise InvalidInput(f"a hot-seat game of {seats} seats has 0 to {len(everyone) - MIN_HELD} bots",
                           field="bots", rule="two-seats-passed-around")
    held = len(everyone) - bots
    players = {seat: caller.sub if n < held else bot(seat) for n, seat in enumerate(everyone)}
    new = start_game(store, clock, players=players, mode=MODE.name, seed=seed)
    return game_response(new.game, views_of(new, caller.sub))
