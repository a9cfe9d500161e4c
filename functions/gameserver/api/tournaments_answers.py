"""What the tournament routes (v1) answer (documentation and a check, never built at run time: see
feinthold_answers). The closed sets (statuses, endings, tiebreaks, why a match is unrated) are the tournaments' own
enums, defined once in ``gameserver.platform.tournaments``."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import DecimalText, NextCursor, ServerNow, Timestamp
from gameserver.api.tournaments_models import TournamentSize
from gameserver.platform.tournaments import (
    MatchEnding,
    MatchStatus,
    MatchUnrated,
    Tiebreak,
    TournamentEnding,
    TournamentStatus,
)


class TournamentEntryOut(BaseModel):
    """A member in an open tournament."""

    member: str
    joined_at: Timestamp


class TournamentSeedOut(BaseModel):
    """A member's seed."""

    seed: int = Field(description="1 is the best: the game's duel rating, ties by the oldest account")
    member: str


class MatchPlayerOut(BaseModel):
    """A player of a match."""

    member: str
    seed: int


class MatchTallyOut(BaseModel):
    """What a drawn match's tiebreaks count, per player."""

    member: str
    predictions: int = Field(description="right predictions in the match's game")
    combats: int = Field(description="combats won in the match's game")


class GameRatingChangeOut(BaseModel):
    """How a member's game rating moved: each figure's change."""

    member: str
    rating: DecimalText
    deviation: DecimalText
    volatility: DecimalText


class EloChangeOut(BaseModel):
    """How a member's Elo moved."""

    member: str
    points: int


class MatchRatingOut(BaseModel):
    """What a decided match did to the ratings."""

    rated: bool
    why: MatchUnrated | None = Field(description="why it moved no rating")
    game: list[GameRatingChangeOut] = Field(description="the game's Glicko-2 duel rating (not for a frozen "
                                                        "player's forfeit)")
    elo: list[EloChangeOut] = Field(description="the common duel Elo")


class MatchOut(BaseModel):
    """A match of the bracket."""

    slot: int = Field(description="1 to size - 1, in the order the matches are played; the last is the final")
    round: int
    game_id: str | None = Field(description="its game (orders go to /v1/feinthold/games/{game_id}/...), once "
                                            "both players are known; none for a match decided without playing")
    players: list[MatchPlayerOut | None] = Field(description="its two players as they become known")
    status: MatchStatus
    opened_at: Timestamp | None
    deadline: Timestamp = Field(description="its round's deadline: 5 days a round from the start")
    winner: str | None
    ending: MatchEnding | None
    tiebreak: Tiebreak | None = Field(description="what sent the winner of a drawn match through")
    tallies: list[MatchTallyOut]
    too_fast: list[str] = Field(description="players whose orders were faster than a human's")
    ended_at: Timestamp | None
    rating: MatchRatingOut | None = Field(description="once decided: the rating changes, or why none")


class TournamentPrizeOut(BaseModel):
    """A prize the pot paid."""

    member: str
    amount: int


class TournamentSummary(BaseModel):
    """A tournament, in a list."""

    tournament_id: str
    name: str
    creator: str
    size: TournamentSize
    fee: int
    status: TournamentStatus
    created_at: Timestamp
    fill_deadline: Timestamp | None = Field(description="while open: not full by then, it is cancelled and "
                                                        "every fee returned")
    members: int
    seats_left: int
    pot: int = Field(description="the credits in the pot: fees in, refunds and prizes out")
    started_at: Timestamp | None
    winner: str | None
    ending: TournamentEnding | None
    ended_at: Timestamp | None
    version: int = Field(description="bumped by every change of the tournament")


class TournamentOut(TournamentSummary):
    """A tournament: entries, seeds, the bracket, the pot and its prizes."""

    now: ServerNow = None
    entries: list[TournamentEntryOut] = Field(description="while open: the members in, in the order they joined")
    seeds: list[TournamentSeedOut]
    matches: list[MatchOut] = Field(description="the bracket, by slot, once full")
    finalist: str | None
    prizes: list[TournamentPrizeOut]


class TournamentList(BaseModel):
    """A page of tournaments."""

    tournaments: list[TournamentSummary]
    cursor: NextCursor
