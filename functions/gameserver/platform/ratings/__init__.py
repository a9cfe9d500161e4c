"""Ratings of the platform: the Glicko-2 duel rating of each game and the common duel Elo.

Every change is a value stored with the game that caused it, so a voided duel takes back exactly its own change.
"""

from gameserver.platform.ratings.elo import EloChange, EloRating, elo_k, rate_elo
from gameserver.platform.ratings.glicko2 import (
    Glicko2Change,
    Glicko2Rating,
    GlickoResult,
    rate,
    rate_game,
)

__all__ = [
    "EloChange",
    "EloRating",
    "Glicko2Change",
    "Glicko2Rating",
    "GlickoResult",
    "elo_k",
    "rate",
    "rate_elo",
    "rate_game",
]
