"""What the members' routes (v1) answer: the profile, my games of every game (documentation and a check, never
built at run time: see feinthold_answers)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import GameKind, GameStatus, Mode, NextCursor, Timestamp


class ProfileOut(BaseModel):
    """My profile."""

    sub: str
    username: str
    created_at: Timestamp
    credits: int
    moderator: bool = Field(description="in the user pool's moderators group")


class MyGame(BaseModel):
    """One of my games, of any game."""

    game_id: str
    game: GameKind
    mode: Mode
    status: GameStatus
    seats: list[str] = Field(description="my seats, in the game's words (south, 3, FRANCE)")
    label: str = Field(description="the open step (or the last one played) in the game's words: a turn, 41/retreat")
    deadline: Timestamp | None
    winner: str | None = Field(description="a seat, or draw")
    created_at: Timestamp


class MyGames(BaseModel):
    """A page of my games of every game, newest first."""

    games: list[MyGame] = Field(description="newest first")
    cursor: NextCursor
