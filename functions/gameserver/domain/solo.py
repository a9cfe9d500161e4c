"""Solo (the ``solo`` mode), of every game that has one: one member against the game's own players, who decide
as their steps open or close (Feint's bots at seats 2 to 6, Front 1901's six AI powers). Nobody waits on the
member: no deadline, and nothing else added to a step. Each game starts its solo games in its own module
(``feint.solo``, ``front1901.games``)."""

from __future__ import annotations

from gameserver.domain.fairplay import JudgedAtTheEnd
from gameserver.play.modes import Deadlines, register


class SoloMode(JudgedAtTheEnd):
    name = "solo"
    deadlines = Deadlines.NONE


MODE = register(SoloMode())
