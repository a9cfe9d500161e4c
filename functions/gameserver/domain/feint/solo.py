"""Solo (the ``solo`` mode): "solo puts you at seat 1 against bots", 2 to 6 seats. The bots deploy from their own
seat's view when the game opens and play as soon as their turn comes, so a member's command returns with every bot
turn played up to the member's next decision. Nobody waits on the member: no deadline (the ``solo`` mode,
``gameserver.domain.solo``).
"""

from __future__ import annotations

from gameserver.clock import Clock
from gameserver.domain.feint.answers import FeintGameOut
from gameserver.domain.feint.games import bot, game_response, rules, start_game, views_of
from gameserver.domain.solo import MODE
from gameserver.identity import Caller
from gameserver.storage.port import Store


def create_solo_game(store: Store, clock: Clock, caller: Caller, *, seats: int, seed: int | None = None
                     ) -> FeintGameOut:
    """A game of ``seats`` seats: mine the first, a bot each of the others; my deployment open."""
    first, *others = rules().seats({"seats": str(seats)})
    new = start_game(store, clock, players={first: caller.sub, **{seat: bot(seat) for seat in others}},
                     mode=MODE.name, seed=seed)
    return game_response(new.game, views_of(new, caller.sub))
