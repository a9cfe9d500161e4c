"""Routes of published doctrines, the test bench, doctrine challenges and their month's boards (v1).

A challenge's game is played through the games routes (``/v1/feinthold/games/{game_id}``: the challenge's id).
A member's doctrine's rules are its author's alone: its page shows them to nobody else, and the trace of what
they did in a challenge opens to its author only (a house AI's to its challenger too: its rules are public).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from gameserver.api.challenges_models import (
    DOCTRINE_ID,
    BenchOfDraft,
    BenchOfHouse,
    BenchRun,
    NewChallenge,
    Publication,
)
from gameserver.api.deps import Cursor, IdempotencyKey, Limit, Me, answer, errors, limited, ok, reply
from gameserver.api.models import Month
from gameserver.clock import get_clock
from gameserver.domain.challenges import answers, bench, boards, game, publication
from gameserver.domain.limits import Limit as Counted
from gameserver.errors import ErrorCode as E
from gameserver.services import storage

DoctrineId = Annotated[str, Path(pattern=DOCTRINE_ID, description="a published doctrine, or a house AI: house-ram")]
ChallengeId = Annotated[str, Path(pattern=r"^[0-9a-f]{20}$", description="a challenge id (its game has the same id)")]
MonthOf = Annotated[Month | None, Query(description="YYYY-MM; this month when left out")]

router = APIRouter()


@router.get("/v1/feinthold/published", responses={**ok(answers.PublishedList), **errors(E.INVALID_CURSOR)},
            tags=["challenges"])
async def list_published(caller: Me, cursor: Cursor = None, limit: Limit = 20) -> Response:
    """Published doctrines and the house AIs, by rating: author, rated games, record (never a member's rules)."""
    return reply(publication.list_published(storage(), get_clock(), cursor, limit))


@router.post("/v1/feinthold/published", status_code=201,
             responses={**ok(answers.PublishedPage, 201), **errors(E.NOT_FOUND, E.DOCTRINE_HIDDEN, E.FORBIDDEN)},
             tags=["challenges"])
async def publish_doctrine(body: Publication, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Publish the doctrine of my slot under a shown name, its rules frozen as they are; again from the same slot,
    a new version (same id, same rating)."""

    def work() -> object:
        return publication.publish_doctrine(storage(), get_clock(), caller, body.slot, body.name)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feinthold/published/{doctrine_id}", responses={**ok(answers.PublishedPage), **errors(E.NOT_FOUND)},
            tags=["challenges"])
async def get_published(doctrine_id: DoctrineId, caller: Me) -> Response:
    """A published doctrine's page: its rules for its author alone (a house AI's for everyone), and whether my
    challenge of it started now would be rated."""
    return reply(publication.doctrine_page(storage(), get_clock(), caller, doctrine_id))


@router.post("/v1/feinthold/published/{doctrine_id}/withdraw",
             responses={**ok(answers.PublishedPage), **errors(E.NOT_FOUND, E.FORBIDDEN, E.DOCTRINE_WITHDRAWN,
                                                        E.DOCTRINE_HIDDEN)}, tags=["challenges"])
async def withdraw_published(doctrine_id: DoctrineId, request: Request, caller: Me,
                             key: IdempotencyKey = None) -> Response:
    """Withdraw my published doctrine: out of the listing, no new challenge; games in progress finish."""

    def work() -> object:
        return publication.withdraw_doctrine(storage(), get_clock(), caller, doctrine_id)

    return answer(key, request, caller, None, work)


@router.post("/v1/feinthold/bench", responses={**ok(answers.BenchOut), **errors(E.NOT_FOUND, E.INVALID_DOCTRINE)},
             tags=["challenges"],
             **limited(Counted.BENCH))
async def run_bench(body: BenchRun, caller: Me) -> Response:
    """The test bench: my doctrine, a draft or a house AI against the three house AIs, on both sides, on a
    layout of each shape; every game's result and what each rule did, turn by turn."""
    if isinstance(body, BenchOfDraft):
        return reply(bench.bench_draft(body.doctrine, body.seed))
    if isinstance(body, BenchOfHouse):
        return reply(bench.bench_house(body.house_ai, body.seed))
    return reply(bench.bench_slot(storage(), caller, body.slot, body.seed))


@router.post("/v1/feinthold/challenges", status_code=201,
             responses={**ok(answers.ChallengeStarted, 201),
                        **errors(E.NOT_FOUND, E.OWN_DOCTRINE, E.DOCTRINE_WITHDRAWN, E.CHALLENGE_IN_PROGRESS,
                                 E.RATINGS_FROZEN)},
             tags=["challenges"])
async def start_challenge(body: NewChallenge, request: Request, caller: Me, key: IdempotencyKey = None) -> Response:
    """Challenge a published doctrine or a house AI at blitz or rapid pace: rated or not is fixed now and said
    here; my side and the layout are drawn. Play it through the games routes."""

    def work() -> object:
        return game.start_challenge(storage(), get_clock(), caller, body.doctrine_id, body.pace)

    return answer(key, request, caller, body.model_dump(mode="json"), work, status=201)


@router.get("/v1/feinthold/challenges/{challenge_id}", responses={**ok(answers.ChallengeOut), **errors(E.NOT_FOUND)},
            tags=["challenges"])
async def get_challenge(challenge_id: ChallengeId, caller: Me) -> Response:
    """A challenge (mine, or of my doctrine): rated or why not, its result, both rating changes once made."""
    return reply(game.read_challenge(storage(), get_clock(), caller, challenge_id))


@router.get("/v1/feinthold/challenges/{challenge_id}/trace",
            responses={**ok(answers.DoctrineTrace), **errors(E.NOT_FOUND, E.FORBIDDEN, E.IN_PLAY)}, tags=["challenges"])
async def get_doctrine_trace(challenge_id: ChallengeId, caller: Me) -> Response:
    """What each rule of the challenged doctrine did, turn by turn, once the game is over: its author's alone
    (403 for the challenger of a member's doctrine; a house AI's rules are public)."""
    return reply(game.doctrine_trace(storage(), get_clock(), caller, challenge_id))


@router.get("/v1/feinthold/leaderboards/challengers", responses={**ok(answers.ChallengerBoard), **errors(E.INVALID_CURSOR)},
            tags=["challenges"])
async def get_challenger_board(caller: Me, month: MonthOf = None, cursor: Cursor = None, limit: Limit = 20
                               ) -> Response:
    """The month's challengers: 8 rated challenges at least; challenge rating, then more rated challenges,
    then the oldest account."""
    return reply(boards.challenger_board(storage(), get_clock(), month, cursor, limit))


@router.get("/v1/feinthold/leaderboards/doctrines", responses={**ok(answers.DoctrineBoard), **errors(E.INVALID_CURSOR)},
            tags=["challenges"])
async def get_doctrine_board(caller: Me, month: MonthOf = None, cursor: Cursor = None, limit: Limit = 20
                             ) -> Response:
    """The month's public doctrines: 10 rated challenges faced at least; rating, then more faced, then the
    oldest publication. The house AIs are on it."""
    return reply(boards.doctrine_board(storage(), get_clock(), month, cursor, limit))
