"""What Front 1901's routes (v1) answer: a member's game and view (the position, the phase, the legal orders, the
messages, the agreements, the trust), the phases a submission played, a proposal's answer, the help tools, the
history and the record, the daily challenge; each declared once, as what ``domain.front1901`` builds (the view,
the phases played, the help tools and the record are the engine's, described here field by field; a proposal's
terms in them are the request's, ``api.front1901_models.Front1901Terms``, read when the document is written or an
answer checked)."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema
from typing_extensions import TypedDict

from gameserver.domain.front1901.words import (
    Front1901Length,
    Front1901Level,
    Front1901Power,
    Front1901Press,
    Front1901ProposalKind,
    PhaseText,
    Province,
)
from gameserver.storage.records import Json
from gameserver.words import DayText, EntryStatus, GameStatus, Mode, NextCursor, ServerNow, Timestamp


class _TheRequestsTerms:
    """A proposal's terms in an answer are as a member proposes them: the request's schema
    (``api.front1901_models.Front1901Terms``)."""

    def __get_pydantic_core_schema__(self, _: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from gameserver.api.front1901_models import Front1901Terms

        return handler.generate_schema(Front1901Terms)


TermsJson = Annotated[Json, _TheRequestsTerms()]
"""A proposal's terms, its kind in ``kind``."""


Units = Annotated[dict[Front1901Power, list[str]], Field(description="power -> its units (A PAR, F STP/SC)")]
Centres = Annotated[dict[Front1901Power, list[Province]], Field(description="power -> the supply centres it owns")]


class Front1901Season(enum.StrEnum):
    SPRING = "spring"
    FALL = "fall"
    WINTER = "winter"


class Front1901Step(enum.StrEnum):
    """What a phase decides."""

    MOVEMENT = "movement"
    RETREAT = "retreat"
    ADJUSTMENT = "adjustment"
    """Builds and disbands (winter)."""


class Front1901ResultKind(enum.StrEnum):
    """How the game ended for the member."""

    WON = "won"
    """18 centres first, or the most alone at the end of a short game."""
    SHARED = "shared"
    """A short game's end on equal top counts."""
    SURVIVED = "survived"
    """Still in at the end, not first."""
    ELIMINATED = "eliminated"
    ABANDONED = "abandoned"
    """The member stopped before winning."""


class Front1901MessageKind(enum.StrEnum):
    PROPOSAL = "proposal"
    """A proposal, of either side (an AI's support request and demand too)."""
    CANCEL = "cancel"
    """A lasting agreement cancelled, of either side."""
    NEWS = "news"
    """Truthful news of the AI powers' agreements, cancellations, breaks, wars and coalitions."""
    NOTICE = "notice"
    """What an agreement's verdict tells the member (a break, with the order that broke it)."""
    TEXT = "text"
    """A table member's text: to one power, or to all."""


class Front1901MessageStatus(enum.StrEnum):
    """Where a proposal stands."""

    OPEN = "open"
    """Not answered yet (an AI's to the member)."""
    ACCEPTED = "accepted"
    DECLINED = "declined"
    LAPSED = "lapsed"
    """Not answered when the member submitted: declined."""


class Front1901AnswerWord(enum.StrEnum):
    ACCEPTED = "accepted"
    DECLINED = "declined"


class Front1901Reason(enum.StrEnum):
    """Why an AI power answered as it did."""

    GAIN = "gain"
    """It gains by it."""
    TRUST = "trust"
    """It trusts the proposer."""
    DISTRUST = "distrust"
    """The proposer broke an agreement with it (until the next year) or it trusts them too little."""
    NO_GAIN = "no-gain"
    """Nothing in it for it."""
    ALLIED_WITH_TARGET = "allied-with-target"
    """It is allied with the power the alliance is against."""
    TOO_STRONG = "too-strong"
    """The coalition against the member holds."""


class Front1901VerdictKind(enum.StrEnum):
    """An agreement judged after a movement phase."""

    KEPT = "kept"
    BROKEN = "broken"
    IGNORED = "ignored"
    """A demand ignored: war."""
    ENDED = "ended"
    """Ended without a break (an alliance whose target is eliminated)."""


class Front1901Answer(TypedDict):
    """An AI power's answer to a proposal, in its own voice."""

    answer: Front1901AnswerWord
    reason: Front1901Reason
    message: str


# A message's proposal, status, answer and agreement: keys only the messages they concern carry.
Front1901Message = TypedDict("Front1901Message", {
    "id": Annotated[int, Field(description="in order: the order is part of the replay")],
    "kind": Front1901MessageKind,
    "from": Front1901Power,
    "to": Annotated[Front1901Power | None, Field(description="null: to every power at the table (a public text, "
                                                             "news)")],
    "text": str,
    "proposal": NotRequired[Annotated[TermsJson | None, Field(default=None)]],
    "status": NotRequired[Annotated[Front1901MessageStatus | None, Field(default=None)]],
    "answer": NotRequired[Annotated[Front1901Answer | None, Field(default=None)]],
    "agreement": NotRequired[Annotated[int | None, Field(default=None, description="the agreement an accepted "
                                                                                   "proposal made")]],
})
Front1901Message.__doc__ = """A message of the phase between the member and an AI power (an AI's to the member, the member's with its
answer)."""


class Front1901Agreement(TypedDict):
    """An agreement in force between the member and an AI power."""

    id: int
    kind: Front1901ProposalKind
    proposer: Front1901Power
    recipient: Front1901Power
    since: PhaseText
    terms: TermsJson


class Front1901Dislodged(TypedDict):
    """A unit driven out, to retreat this phase."""

    unit: str
    power: Front1901Power
    attacker_from: Province | None
    retreats: Annotated[list[str], Field(description="where it may retreat")]


class Front1901LegalOrders(TypedDict):
    """A unit's legal orders (an adjustment phase: one entry, unit null, the builds or disbands)."""

    unit: str | None
    orders: list[str]


class Front1901Result(TypedDict):
    """The member's result, with the centre count and the year."""

    kind: Front1901ResultKind
    centres: int
    year: int


class Front1901VoidOrder(TypedDict):
    """One of my orders that does nothing, and why (the rest of the set stands)."""

    order: str
    reason: str


class Front1901Checked(TypedDict):
    """Orders as read: the texts kept (with the convoys added), the void ones, the convoy orders added for my
    armies sent across the sea (orders I wrote for those fleets win)."""

    orders: list[str]
    void: list[Front1901VoidOrder]
    convoys: list[str]


class Front1901PowerVoidOrder(TypedDict):
    power: Front1901Power
    order: str
    reason: str


Front1901Change = TypedDict("Front1901Change", {
    "centre": Province,
    "from": Annotated[Front1901Power | None, Field(description="null: it was neutral")],
    "to": Front1901Power,
})
Front1901Change.__doc__ = """A centre that changed hands."""


class Front1901Verdict(TypedDict):
    """An agreement judged after a movement phase: kept or broken (with the order that broke it)."""

    agreement: int
    kind: Front1901ProposalKind
    parties: list[Front1901Power]
    outcome: Front1901VerdictKind
    breakers: list[Front1901Power]
    order: Annotated[str | None, Field(description="the breaking order, the first in canonical order")]
    text: str


class Front1901PhasePlayed(TypedDict):
    """A phase once resolved: every power's orders and results (public, this is Diplomacy), the centres after it
    and what changed hands, the verdicts on agreements, the summary for the member, and its messages (the
    member's; the record: every one)."""

    phase: PhaseText
    orders: dict[Front1901Power, list[str]]
    results: Annotated[dict[str, str], Field(description="unit -> moves, holds, bounced, supports, cut, convoys, dislodged, "
                                                "void, retreats, disbanded, built, removed, ...")]
    reasons: Annotated[dict[str, str], Field(description="unit -> why, in words")]
    void_orders: list[Front1901PowerVoidOrder]
    centres: Centres
    changes: list[Front1901Change]
    verdicts: list[Front1901Verdict]
    summary: Annotated[list[str], Field(description="a few sentences for the member")]
    suggested: Annotated[bool | None, Field(description="a movement phase the member played: whether the orders were the "
                                               "suggestion (null otherwise)")]
    void: Annotated[list[Front1901VoidOrder], Field(description="the member's void orders")]
    convoys: Annotated[list[str], Field(description="the convoy orders added to the member's")]
    messages: NotRequired[Annotated[list[Front1901Message], Field(default_factory=list, description=(
        "left out of the view's last phases (the view showed them)"))]]
    kept_by_ai: NotRequired[Annotated[list[Front1901Power], Field(default_factory=list, description=(
        "a table's seats an AI power played for their member in this phase (empty in a solo game)"))]]


class Front1901View(TypedDict):
    """What the member sees: the position (public), the phase, my legal orders, this phase's messages and my
    agreements in force, each AI power's trust in me, the coalition, the result, the phases my last orders
    played, my draft. Never an AI power's plans, their messages to each other or the seed."""

    power: Front1901Power
    phase: PhaseText
    year: int
    season: Front1901Season
    step: Front1901Step
    units: Units
    centres: Centres
    counts: Annotated[dict[Front1901Power, int], Field(description="power -> centres")]
    dislodged: list[Front1901Dislodged]
    legal: Annotated[list[Front1901LegalOrders], Field(description="my legal orders, per unit; empty once over")]
    adjustment: Annotated[int, Field(description="an adjustment phase: builds (+) or disbands (-) I owe")]
    messages: list[Front1901Message]
    proposals_left: Annotated[dict[Front1901Power, int], Field(description="proposals I may still send each power this phase")]
    agreements: list[Front1901Agreement]
    trust: Annotated[dict[Front1901Power, int], Field(description="each AI power's trust in me, 0 to 100")]
    coalition: Annotated[list[Front1901Power], Field(description="the AI powers allied against me; empty when none")]
    over: bool
    result: Front1901Result | None
    winners: list[Front1901Power]
    last: Annotated[list[Front1901PhasePlayed], Field(description="the phases my last orders played")]
    draft: Annotated[Front1901Checked | None, Field(description="my last draft of this phase")]


class Front1901Ends(enum.StrEnum):
    """How a table's game was ended by its members' votes."""

    DRAW = "draw"
    CONCESSION = "concession"


class Front1901TableView(Front1901View):
    """A table member's view: the solo game's view of my power, and the table's: every member's power, whom the
    coalition stands against, whether an AI power keeps my seat, the press, and once over each power's rank."""

    members: Annotated[list[Front1901Power], Field(description="the powers members play now")]
    against: Annotated[Front1901Power | None, Field(description="the power the coalition stands against")]
    kept_by_ai: Annotated[bool, Field(description="an AI power keeps my seat (after two missed phases) until I reclaim it")]
    press: Front1901Press
    ranks: Annotated[dict[Front1901Power, int], Field(description="once over: each power's rank by centres (ties share)")]
    ends: Annotated[Front1901Ends | None, Field(description="a game ended by its members' votes")]


class Front1901GameOut(TypedDict):
    """My game of Front 1901."""

    game_id: str
    now: NotRequired[ServerNow]
    mode: Mode
    status: GameStatus
    level: Front1901Level
    length: Front1901Length
    created_at: Timestamp
    finished_at: Timestamp | None
    deadline: Annotated[Timestamp | None, Field(description=(
        "when the open phase closes if some member has yet to send (a table's pace); null in a solo game, which "
        "waits for its member, and once over"))]
    view: Annotated[Front1901TableView | Front1901View, Field(description="a table's view (online) or a solo game's")]


class Front1901OrdersOut(TypedDict):
    """My orders played: each phase resolved up to my next decision, and my game."""

    phase: Annotated[PhaseText, Field(description="the phase my orders were for")]
    void: list[Front1901VoidOrder]
    convoys: Annotated[list[str], Field(description="the convoy orders added for my armies sent across the sea")]
    played: list[Front1901PhasePlayed]
    game: Front1901GameOut


class Front1901ProposalOut(TypedDict):
    """A proposal and its answer."""

    to: Front1901Power
    proposal: Annotated[TermsJson, Field(description="as normalised")]
    answer: Annotated[Front1901Answer | None, Field(description="an AI power's, at once; null for a proposal to another "
                                                       "member of a table, who replies in their own time")]
    game: Front1901GameOut


class Front1901DraftOut(TypedDict):
    """My draft, as read."""

    draft: Front1901Checked
    game: Front1901GameOut


class Front1901GameSummary(TypedDict):
    game_id: str
    mode: Mode
    status: GameStatus
    power: Front1901Power
    phase: Annotated[PhaseText, Field(description="the open phase (the last once over)")]
    result: Front1901ResultKind | None
    created_at: Timestamp


class Front1901GameList(TypedDict):
    games: list[Front1901GameSummary]
    cursor: NextCursor


class Front1901Estimate(TypedDict):
    """One draft order's strength (1 plus the supports ordered or promised), the strongest opposition it can
    meet, and its estimated chance against the AI's likely orders."""

    order: str
    strength: int
    opposition: int
    chance: Annotated[float, Field(ge=0, le=1)]


class Front1901Estimates(TypedDict):
    phase: PhaseText
    draft: Annotated[list[str], Field(description="my saved draft of the phase")]
    estimates: list[Front1901Estimate]


class Front1901Threat(TypedDict):
    """Who can move or support into a province next phase."""

    province: Province
    powers: Annotated[dict[Front1901Power, int], Field(description="power -> its units able to move or support into it")]
    member_centre: Annotated[bool, Field(description="one of my centres (listed first)")]


class Front1901Threats(TypedDict):
    phase: PhaseText
    threats: list[Front1901Threat]


class Front1901Suggestion(TypedDict):
    order: str
    reason: str


class Front1901Suggestions(TypedDict):
    """What the normal level would order for my power now."""

    phase: PhaseText
    orders: list[Front1901Suggestion]


class Front1901History(TypedDict):
    """A page of the phases played, oldest first: every order and result, the centres, my messages."""

    game_id: str
    phases: list[Front1901PhasePlayed]
    cursor: NextCursor


class Front1901Position(TypedDict):
    units: Units
    centres: Centres


class Front1901Final(TypedDict):
    """How the game ended."""

    power: Front1901Power
    level: Front1901Level
    length: Front1901Length
    last_year: Annotated[int | None, Field(description="a short game's last year")]
    result: Front1901Result | None
    winners: list[Front1901Power]
    phase: PhaseText
    units: Units
    centres: Centres
    matched: Annotated[int, Field(description="movement phases whose orders were the suggestion")]


class Front1901TableFinal(TypedDict):
    """How a table's game ended: who won, each power's rank by centres (ties share), how votes ended it."""

    members: Annotated[list[Front1901Power], Field(description="the powers members played at the end")]
    level: Front1901Level
    length: Front1901Length
    last_year: Annotated[int | None, Field(description="a short game's last year")]
    press: Front1901Press
    ends: Front1901Ends | None
    winners: list[Front1901Power]
    ranks: dict[Front1901Power, int]
    phase: PhaseText
    units: Units
    centres: Centres


class Front1901ActionKind(enum.StrEnum):
    """What the member did inside a phase, as the record keeps it."""

    PROPOSE = "propose"
    REPLY = "reply"
    CANCEL = "cancel"


class Front1901Proposed(TypedDict):
    kind: Literal[Front1901ActionKind.PROPOSE]
    to: Front1901Power
    proposal: TermsJson
    answer: Front1901Answer


class Front1901Replied(TypedDict):
    kind: Literal[Front1901ActionKind.REPLY]
    message_id: int
    accept: bool


class Front1901Cancelled(TypedDict):
    kind: Literal[Front1901ActionKind.CANCEL]
    agreement_id: int


Front1901Action = Annotated[Front1901Proposed | Front1901Replied | Front1901Cancelled, Field(discriminator="kind")]


class Front1901RecordStep(TypedDict):
    """One decision of mine: my orders as sent, my actions in their order, every phase it played whole (every
    message, the AI powers' to each other too) and the position it led to."""

    phase: PhaseText
    orders: list[str]
    actions: list[Front1901Action]
    phases: list[Front1901PhasePlayed]
    position: Front1901Position
    opened_at: Timestamp
    resolved_at: Timestamp


class Front1901Record(TypedDict):
    """My finished game: how it ended, and a page of its steps."""

    game_id: str
    mode: Mode
    final: Front1901TableFinal | Front1901Final
    steps: list[Front1901RecordStep]
    cursor: NextCursor


# ------------------------------------------------------------------ the daily challenge
class Front1901NotRanked(enum.StrEnum):
    """Why a finished challenge is not on the board."""

    LATE = "finished-after-48-hours"
    """Ranked only if finished within 48 hours of that day's start."""
    LINKED_ACCOUNT = "linked-account-started-earlier"
    """A linked account (the same device id or address) started that day's challenge earlier."""
    STOPPED = "stopped"
    """A moderator stopped the game: it ended with no result."""


class Front1901Challenge(TypedDict):
    """The day's challenge, the same for everyone (its seed stays secret)."""

    day: DayText
    power: Front1901Power
    level: Front1901Level
    length: Front1901Length
    window_closes_at: Annotated[Timestamp, Field(description="ranked if finished by then; the records open then")]


class Front1901ChallengeResult(TypedDict):
    kind: Front1901ResultKind
    centres: int
    year: int
    matched: Annotated[int, Field(description="movement phases whose orders were the suggestion (fewer rank higher)")]


class Front1901Entry(TypedDict):
    """My challenge of the day."""

    day: DayText
    game_id: Annotated[str, Field(description="play it through /v1/front1901/games/{game_id}")]
    status: EntryStatus
    started_at: Timestamp
    finished_at: Timestamp | None
    result: Front1901ChallengeResult | None
    ranked: bool
    not_ranked: Front1901NotRanked | None


class Front1901DailyOut(TypedDict):
    """The day's challenge and mine (null: not started)."""

    challenge: Front1901Challenge
    mine: Front1901Entry | None


class Front1901DailyStarted(TypedDict):
    """My challenge of today, started: its game at its first phase."""

    challenge: Front1901Challenge
    mine: Front1901Entry
    game: Front1901GameOut


class Front1901BoardEntry(TypedDict):
    rank: Annotated[int, Field(description="equal results share a rank (1, 1, 3)")]
    member: str
    name: str
    result: Front1901ResultKind
    centres: int
    year: int
    matched: int


class Front1901Rank(TypedDict):
    """My rank on the day's board."""

    day: DayText
    rank: int
    entries: Annotated[int, Field(description="ranked results of the day, as of the last summary (never fewer than my rank)")]
    as_of: Annotated[Timestamp, Field(description="when the board's rank markers last changed")]


class Front1901Board(TypedDict):
    """A page of the day's board, best first: won (earlier year, then more centres), shared, survived (more
    centres), eliminated (later), abandoned; then fewer phases played as suggested."""

    day: DayText
    entries: list[Front1901BoardEntry]
    cursor: NextCursor
    mine: Annotated[Front1901Rank | None, Field(description="my rank; null when I have no ranked result that day")]
