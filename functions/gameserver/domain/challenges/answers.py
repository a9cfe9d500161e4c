"""What the challenge routes (v1) answer: published doctrines (never a member's rules but to their author), the
test bench's games and what each rule did, challenges, a doctrine's trace, the month's two boards; each declared
once, as what ``domain.challenges`` builds (the bench's games and a doctrine's trace are the engine's, described
here field by field)."""

from __future__ import annotations

import enum
from typing import Annotated, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.clock import Pace
from gameserver.domain.duels.service import GlickoChange
from gameserver.domain.feinthold.answers import GameOut, OrderJson
from gameserver.platform.challenges import ChallengeStatus, ChallengeUnrated, DoctrineStatus
from gameserver.words import (
    DecimalText,
    DoctrineJson,
    Draw,
    HouseAi,
    Month,
    NextCursor,
    Position,
    Side,
    Timestamp,
)


class GlickoRating(TypedDict):
    """A Glicko-2 rating (start 1500, deviation 350, volatility 0.06; provisional while the deviation is 110 or
    more)."""

    rating: DecimalText
    deviation: DecimalText
    volatility: DecimalText


class DoctrineRecord(TypedDict):
    """How a doctrine did in the rated challenges it faced (its own results)."""

    won: Annotated[int, Field(ge=0)]
    drawn: Annotated[int, Field(ge=0)]
    lost: Annotated[int, Field(ge=0)]


class PublishedLine(TypedDict):
    """A published doctrine in the listing: never its rules."""

    doctrine_id: str
    name: Annotated[str, Field(description="its shown name")]
    author: Annotated[str | None, Field(description="the author's subject; null for a house AI")]
    house_ai: HouseAi | None
    status: DoctrineStatus
    version: Annotated[int, Field(ge=1, description="one more each time its author publishes it again")]
    published_at: Annotated[Timestamp, Field(description="its first publication")]
    version_at: Timestamp
    rating: GlickoRating
    rated_games: Annotated[int, Field(ge=0, description="rated challenges faced")]
    record: DoctrineRecord


class PublishedList(TypedDict):
    """A page of the published doctrines and the house AIs, by rating."""

    doctrines: list[PublishedLine]
    cursor: NextCursor


class IfChallenged(TypedDict):
    """What a challenge of this doctrine started now would be, for me."""

    rated: Annotated[bool, Field(description="whether it would move the ratings (fixed when it starts)")]
    why: Annotated[ChallengeUnrated | None, Field(description="why not rated; null when rated")]
    in_progress: Annotated[str | None, Field(description="my challenge of it in progress (one at a time)")]


class PublishedPage(PublishedLine):
    """A published doctrine's page: its rules for its author alone (a house AI's for everyone)."""

    rules: Annotated[DoctrineJson | None, Field(description="null: a member's doctrine, its rules are its author's")]
    slot: Annotated[int | None, Field(description="the author's slot it is published from; null for everyone else")]
    for_me: Annotated[IfChallenged | None, Field(description="null: mine, withdrawn or hidden (no challenge)")]


# --------------------------------------------------------------------------------------------- the bench
class SideResult(enum.StrEnum):
    """How a game ended for one side."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"


class RuleOutcome(enum.StrEnum):
    """What became of a rule on a turn."""

    FIRED = "fired"
    """Its conditions held and its orders were added."""
    SKIPPED = "skipped"
    """A condition was false (the trace names it with the values it saw)."""
    IDLE = "idle"
    """Its conditions held but the action had nothing to order."""
    REFUSED = "refused"
    """Its conditions held but the orders would break a rule of the game (named in ``broken``)."""


class ConditionKind(enum.StrEnum):
    """A condition of a doctrine's list (``docs/rules/feinthold.md``)."""

    TURN = "turn"
    POINTS = "points"
    UNITS_AT = "units_at"
    UNITS_TOTAL = "units_total"
    DECOYS_AT = "decoys_at"
    FLAG = "flag"
    RELAYS_HELD = "relays_held"
    POSITIONS_HELD = "positions_held"
    LEAD = "lead"
    ENEMY_AT = "enemy_at"
    ENEMY_NEXT_TO = "enemy_next_to"
    LAST_SEEN = "last_seen"
    OUTNUMBER = "outnumber"


SeenValue = str | int | float | bool | list[Position] | None
"""A value a condition read: a position, a count, a strength, a flag, the positions marked near it."""


class TraceCondition(TypedDict):
    """One condition of a rule, as it was judged on the side's view."""

    condition: ConditionKind
    holds: bool
    seen: Annotated[dict[str, SeenValue], Field(description="what it read, by name: at (the position it meant; null: "
                                                   "none), and its own values (units, points, marked, ...)")]


class TraceRule(TypedDict):
    """What one rule did on one turn."""

    rule: Annotated[int, Field(ge=1, le=8)]
    outcome: RuleOutcome
    conditions: Annotated[list[TraceCondition], Field(description="judged in order, up to the first that was false")]
    # The engine leaves out empty orders and absent reason and broken: keys an answer may leave out.
    orders: NotRequired[Annotated[list[OrderJson], Field(default=[], description="what it added (or would have: "
                                                                                  "refused); left out: none")]]
    reason: NotRequired[Annotated[str | None, Field(default=None, description="why it was idle or refused; left "
                                                                                "out: fired or skipped")]]
    broken: NotRequired[Annotated[str | None, Field(default=None, description="the rule of the game a refused "
                                                                                "order broke")]]


class TraceTurn(TypedDict):
    """A doctrine's turn: each rule's outcome and the orders it sent."""

    side: Side
    turn: Annotated[int, Field(ge=1, le=8)]
    rules: list[TraceRule]
    orders: list[OrderJson]


class BenchScore(TypedDict):
    """Games won, drawn and lost."""

    won: Annotated[int, Field(ge=0)]
    drawn: Annotated[int, Field(ge=0)]
    lost: Annotated[int, Field(ge=0)]


class RuleTally(TypedDict):
    """How often one rule did each thing over the bench's games."""

    rule: Annotated[int, Field(ge=1, le=8)]
    fired: Annotated[int, Field(ge=0)]
    skipped: Annotated[int, Field(ge=0)]
    idle: Annotated[int, Field(ge=0)]
    refused: Annotated[int, Field(ge=0)]


class BenchGame(TypedDict):
    """One game of the bench: its opponent, side and layout, its result, what the doctrine did each turn."""

    opponent: HouseAi
    side: Annotated[Side, Field(description="the doctrine's side")]
    layout: str
    shape: str
    seed: Annotated[int, Field(description="the game's own seed, drawn from the bench's")]
    winner: Side | Draw
    result: Annotated[SideResult, Field(description="the doctrine's result")]
    turns: Annotated[int, Field(ge=1, le=8)]
    positions: Annotated[dict[Side, int], Field(description="positions held at the end, by side")]
    income: Annotated[dict[Side, int], Field(description="income earned, by side")]
    trace: list[TraceTurn]


class BenchOut(TypedDict):
    """The test bench: the doctrine against the three house AIs, on both sides, on a layout of each shape."""

    doctrine: Annotated[str, Field(description="the doctrine's own name")]
    seed: int
    played: Annotated[int, Field(ge=0)]
    score: BenchScore
    by_opponent: dict[HouseAi, BenchScore]
    rules: list[RuleTally]
    games: list[BenchGame]


# --------------------------------------------------------------------------------------------- challenges
class RatingMove(TypedDict):
    """What one game did to one rating."""

    before: GlickoRating
    change: GlickoChange
    after: GlickoRating


class ChallengeOut(TypedDict):
    """A challenge: rated or not (fixed at its start), where it stands, its result and both rating changes."""

    challenge_id: str
    game_id: Annotated[str, Field(description="the game (orders go to /v1/feinthold/games/{game_id}/...): the same id")]
    challenger: str
    doctrine_id: str
    doctrine_version: Annotated[int, Field(ge=1, description="the version it plays, copied when it started")]
    house_ai: HouseAi | None
    author: Annotated[str | None, Field(description="the doctrine's author; null for a house AI")]
    pace: Pace
    status: ChallengeStatus
    started_at: Timestamp
    ended_at: Timestamp | None
    rated: Annotated[bool, Field(description="rated at its start: a challenge not rated then never moves a rating")]
    counted: Annotated[bool | None, Field(description="once over: whether it moved both ratings")]
    why: Annotated[ChallengeUnrated | None, Field(description="why it moves no rating (at its start, or at its end)")]
    result: Annotated[SideResult | None, Field(description="the challenger's, once over")]
    challenger_rating: Annotated[RatingMove | None, Field(description="the challenger's challenge rating, once counted")]
    doctrine_rating: Annotated[RatingMove | None, Field(description="the doctrine's, once its result is applied (the "
                                                           "sweep, within a minute of the end)")]


class ChallengeStarted(ChallengeOut):
    """A challenge just started, with its game: my side's view of turn 1."""

    game: GameOut


class DoctrineTrace(TypedDict):
    """What each rule of the challenged doctrine did, turn by turn, in a finished challenge."""

    challenge_id: str
    doctrine_id: str
    side: Annotated[Side, Field(description="the doctrine's side")]
    turns: list[TraceTurn]


class ChallengerStanding(TypedDict):
    """A challenger on the month's board."""

    place: Annotated[int, Field(ge=1)]
    member: str
    rating: Annotated[DecimalText, Field(description="the challenge rating (Glicko-2), to 2 decimals")]
    rated_challenges: Annotated[int, Field(ge=8)]
    account_created: Timestamp


class ChallengerBoard(TypedDict):
    """A page of the month's challengers: 8 rated challenges at least; rating, then more rated challenges,
    then the oldest account."""

    month: Month
    challengers: list[ChallengerStanding]
    cursor: NextCursor


class DoctrineStanding(TypedDict):
    """A public doctrine on the month's board."""

    place: Annotated[int, Field(ge=1)]
    doctrine_id: str
    name: str
    author: Annotated[str | None, Field(description="null for a house AI")]
    house_ai: HouseAi | None
    rating: Annotated[DecimalText, Field(description="the doctrine's rating (Glicko-2), to 2 decimals")]
    faced: Annotated[int, Field(ge=10, description="rated challenges faced this month")]
    published_at: Annotated[Timestamp, Field(description="its first publication")]


class DoctrineBoard(TypedDict):
    """A page of the month's public doctrines: 10 rated challenges faced at least; rating, then more faced,
    then the oldest publication."""

    month: Month
    doctrines: list[DoctrineStanding]
    cursor: NextCursor
