"""Games against a house AI (the ``house`` mode): Sentinel, Pivot or Ram plays the other side, its orders
computed from its own view when each turn opens ("A house AI [...] sends its own as soon as the turn opens:
against it, your first submission resolves the turn"). Nobody waits on the member, so deadlines are lazy.
"""

from __future__ import annotations

import random

from gameserver.clock import Clock
from gameserver.domain.fairplay import JudgedAtTheEnd
from gameserver.domain.feinthold import game_response, open_game, rules, views_of
from gameserver.domain.feinthold.answers import GameOut
from gameserver.domain.players import PlayerKind, stand_in
from gameserver.errors import InvalidInput, wire
from gameserver.identity import Caller
from gameserver.ids import new_seed
from gameserver.play.modes import Deadlines, register
from gameserver.storage.port import Store


class HouseMode(JudgedAtTheEnd):
    name = "house"
    deadlines = Deadlines.LAZY


MODE = register(HouseMode())


def create_house_game(
    store: Store,
    clock: Clock,
    caller: Caller,
    *,
    house_ai: str,
    pace: str,
    layout: str | None = None,
    side: str | None = None,
    seed: int | None = None,
) -> GameOut:
    """A game against a house AI; layout and side random unless chosen."""
    known = rules().house_ais
    if house_ai not in known:
        raise InvalidInput(f"unknown house AI {wire(house_ai)}; one of {', '.join(known)}", field="house_ai")
    if side is not None and side not in rules().seats({}):
        raise InvalidInput(f"unknown side {wire(side)}", field="side")
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    mine = side or rng.choice(rules().seats({}))
    theirs = rules().other(mine)
    seed = new_seed() if seed is None else seed
    new = open_game(store, clock, players={mine: caller.sub, theirs: stand_in(PlayerKind.HOUSE, house_ai)},
                    mode=MODE.name, pace=pace, layout=layout, seed=seed,
                    stand_ins={theirs: rules().house_doctrine(house_ai, seed)}, options={"house_ai": house_ai})
    return game_response(new.game, views_of(new, caller.sub))
