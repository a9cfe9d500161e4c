"""Identifiers the platform's rules derive, in a module that imports nothing: the game pipeline asks, for every
game it reads, whether the id names a tournament match (``gameserver.services``), and that question must not load
the tournaments' rules.
"""

from __future__ import annotations

#: Between a tournament's id and a slot in a match's id: ``{tournament}-m{slot}``.
_MATCH_MARK = "-m"


def match_id(tournament_id: str, slot: int) -> str:
    """The id of a match (and of its game), drawn from the tournament and the slot: creating the match again
    (a retry, the sweep catching up) names the same game, so it is never created twice.

    >>> match_id("t-42", 5)
    't-42-m5'
    """
    return f"{tournament_id}{_MATCH_MARK}{slot}"


def match_ref(game_id: str) -> tuple[str, int]:
    """The tournament and the slot of a match's id (the inverse of ``match_id``).

    >>> match_ref("t-42-m5")
    ('t-42', 5)
    """
    tournament_id, mark, slot = game_id.rpartition(_MATCH_MARK)
    if not mark or not tournament_id or not (slot.isascii() and slot.isdigit()):
        raise ValueError(f"not a tournament match's id: {game_id!r}")
    return tournament_id, int(slot)


def is_match_id(game_id: str) -> bool:
    """Does ``game_id`` name a tournament match (rather than a duel's or any other game)?"""
    try:
        match_ref(game_id)
    except ValueError:
        return False
    return True
