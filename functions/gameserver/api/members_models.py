"""Bodies of the members' routes (v1): the profile, my games of every game."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import GameKind, GameMode, GameStatus, Timestamp


class ProfileOut(BaseModel):
    sub: str
    username: str
    created_at: str
    credits: int
    moderator: bool = Field(description="in the user pool's moderators group")


class MyGame(BaseModel):
    game_id: str
    game: GameKind
    mode: GameMode
    status: GameStatus
    seats: list[str] = Field(description="my seats, in the game's words (south, 3, FRANCE)")
    label: str = Field(description="the open step (or the last one played) in the game's words: a turn, 41/retreat")
    deadline: Timestamp | None
    winner: str | None = Field(description="a seat, or draw")
    created_at: Timestamp


class MyGames(BaseModel):
    games: list[MyGame] = Field(description="newest first")
    cursor: str | None
