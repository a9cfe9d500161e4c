"""Bodies of the tournament routes (v1). The closed sets (statuses, endings, tiebreaks, why a match is unrated)
are the tournaments' own enums, defined once in ``gameserver.platform.tournaments``."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gameserver.api.models import RequestBody, Timestamp
from gameserver.domain.tournaments.service import MAX_FEE
from gameserver.platform.tournaments import (
    MatchEnding,
    MatchStatus,
    MatchUnrated,
    Tiebreak,
    TournamentEnding,
    TournamentStatus,
)


class NewTournament(RequestBody):
    size: int = Field(description="4 or 8 members", json_schema_extra={"enum": [4, 8]})
    fee: int = Field(default=0, ge=0, le=MAX_FEE, description="credits each member puts into the pot on joining")
    name: str = Field(min_length=1, max_length=120,
                      description="3 to 40 letters, digits, single spaces inside and - _ ' . , ! ? & ( ) # :")


class EntryOut(BaseModel):
    member: str
    joined_at: Timestamp


class SeedOut(BaseModel):
    seed: int = Field(description="1 is the best: the game's duel rating, ties by the oldest account")
    member: str


class PlayerOut(BaseModel):
    member: str
    seed: int


class TallyOut(BaseModel):
    member: str
    predictions: int = Field(description="right predictions in the match's game")
    combats: int = Field(description="combats won in the match's game")


class GameRatingChangeOut(BaseModel):
    member: str
    rating: str
    deviation: str
    volatility: str


class EloChangeOut(BaseModel):
    member: str
    points: int


class MatchRatingOut(BaseModel):
    rated: bool
    why: MatchUnrated | None = Field(description="why it moved no rating")
    game: list[GameRatingChangeOut] = Field(description="the game's Glicko-2 duel rating (not for a frozen "
                                                        "player's forfeit)")
    elo: list[EloChangeOut] = Field(description="the common duel Elo")


class MatchOut(BaseModel):
    slot: int = Field(description="1 to size - 1, in the order the matches are played; the last is the final")
    round: int
    game_id: str | None = Field(description="its game (orders go to /v1/feinthold/games/{game_id}/...), once "
                                            "both players are known; none for a match decided without playing")
    players: list[PlayerOut | None] = Field(description="its two players as they become known")
    status: MatchStatus
    opened_at: Timestamp | None
    deadline: Timestamp = Field(description="its round's deadline: 5 days a round from the start")
    winner: str | None
    ending: MatchEnding | None
    tiebreak: Tiebreak | None = Field(description="what sent the winner of a drawn match through")
    tallies: list[TallyOut]
    too_fast: list[str] = Field(description="players whose orders were faster than a human's")
    ended_at: Timestamp | None
    rating: MatchRatingOut | None = Field(description="once decided: the rating changes, or why none")


class PrizeOut(BaseModel):
    member: str
    amount: int


class TournamentSummary(BaseModel):
    tournament_id: str
    name: str
    creator: str
    size: int
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
    entries: list[EntryOut] = Field(description="while open: the members in, in the order they joined")
    seeds: list[SeedOut]
    matches: list[MatchOut] = Field(description="the bracket, by slot, once full")
    finalist: str | None
    prizes: list[PrizeOut]


class TournamentList(BaseModel):
    tournaments: list[TournamentSummary]
    cursor: str | None = Field(description="pass as ?cursor= for the next page; null on the last")
