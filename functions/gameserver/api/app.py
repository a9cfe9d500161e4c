"""The FastAPI app: routes of the HTTP API (v1), per docs/interfaces.md.

Every route needs the caller's verified claims, which API Gateway's JWT authorizer (or the local runner,
playing it) puts in the Lambda event; the app reads nothing else about identity. Routes stay thin: parse,
call the domain, answer. The engines load only in the routes that need them (inside the domain).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Header, Path, Query, Request, Response

from gameserver.api import errors
from gameserver.api.deps import ERRORS, GameId, IdempotencyKey, InvitationId, Known, Me, answer, client_of
from gameserver.api.etags import NOT_MODIFIED, conditional
from gameserver.api.models import (
    ErrorBody,
    GameList,
    GameOut,
    InvitationList,
    InvitationOut,
    NewHouseGame,
    NewInvitation,
    Orders,
    ProfileOut,
    RecordOut,
    SubmissionOut,
)
from gameserver.clock import get_clock
from gameserver.domain import games, invitations, profiles
from gameserver.services import storage


def _document_errors(app: FastAPI) -> None:
    """Add the error body's schema to the OpenAPI document the routes' error responses refer to."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = build()
            schemas = spec.setdefault("components", {}).setdefault("schemas", {})
            body = ErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
            schemas.update(body.pop("$defs", {}))
            schemas["ErrorBody"] = body
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(platform: bool = True) -> FastAPI:
    """The app with every route; ``platform=False`` leaves out the routers of the platform (duels, credits,
    doctrines, the Daily Front), for the Lambda handler's lighter app serving the game routes."""
    app = FastAPI(
        title="Feinthold API",
        version="1",
        description="Games of Feinthold against the house AIs and between members.",
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
    )
    errors.install(app)
    _document_errors(app)

    @app.get("/v1/me", response_model=ProfileOut, responses=ERRORS, tags=["members"])
    async def me(caller: Known) -> Any:
        """My profile, created on my first authenticated call (with its opening 100 credits)."""
        profile = profiles.my_profile(storage(), get_clock(), caller)
        return {**profile.__dict__, "moderator": caller.is_moderator}

    @app.post("/v1/feinthold/games", status_code=201, response_model=GameOut, responses=ERRORS, tags=["games"])
    async def new_house_game(body: NewHouseGame, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
        """A game against a house AI: it sends its orders as each turn opens, so my orders resolve the turn."""

        def work() -> Any:
            return games.create_house_game(
                storage(), get_clock(), caller, house_ai=body.house_ai, pace=body.pace, layout=body.layout,
                side=body.side,
            )

        return answer(key, request, caller, body.model_dump(mode="json"), work)

    @app.get("/v1/feinthold/games", response_model=GameList, responses=ERRORS, tags=["games"])
    async def my_games(
        caller: Me,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
        limit: Annotated[int, Query(ge=1, le=50)] = 20,
    ) -> Any:
        """My games, newest first."""
        return games.list_games(storage(), caller, cursor, limit)

    @app.get("/v1/feinthold/games/{game_id}", response_model=GameOut, responses={**ERRORS, **NOT_MODIFIED},
             tags=["games"])
    async def my_game(
        game_id: GameId,
        caller: Known,
        response: Response,
        if_none_match: Annotated[str | None, Header(alias="If-None-Match")] = None,
    ) -> Any:
        """My view of a game: the turn, its deadline, whether the opponent has sent, my orders, what I see.
        Send the ETag back in If-None-Match to get 304 while nothing changed."""
        return conditional(games.read_game(storage(), get_clock(), caller, game_id), response, if_none_match)

    @app.put(
        "/v1/feinthold/games/{game_id}/turns/{turn}/orders",
        response_model=SubmissionOut,
        responses=ERRORS,
        tags=["games"],
    )
    async def send_orders(
        game_id: GameId,
        turn: Annotated[int, Path(ge=1, le=8)],
        body: Orders,
        request: Request,
        caller: Known,
        key: IdempotencyKey = None,
    ) -> Any:
        """Send or replace my orders for the open turn (until the opponent has sent; 5 times at most)."""
        client = client_of(request)

        def work() -> Any:
            return games.submit_orders(storage(), get_clock(), caller, game_id, turn, body.orders, client)

        return answer(key, request, caller, body.model_dump(mode="json"), work)

    @app.get("/v1/feinthold/games/{game_id}/record", response_model=RecordOut, responses=ERRORS, tags=["games"])
    async def game_record(game_id: GameId, caller: Known) -> Any:
        """The full record of a finished game: both sides' orders and reports, every turn (409 while in play)."""
        return games.game_record(storage(), caller, game_id)

    @app.post(
        "/v1/feinthold/invitations",
        status_code=201,
        response_model=InvitationOut,
        responses=ERRORS,
        tags=["invitations"],
    )
    async def invite(body: NewInvitation, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
        """Invite a member to a friendly game (unrated, no stakes)."""

        def work() -> Any:
            return invitations.invite(
                storage(), get_clock(), caller, invitee=body.invitee, pace=body.pace, layout=body.layout,
                side=body.side,
            )

        return answer(key, request, caller, body.model_dump(mode="json"), work)

    @app.get("/v1/feinthold/invitations", response_model=InvitationList, responses=ERRORS, tags=["invitations"])
    async def my_invitations(caller: Me) -> Any:
        """Pending invitations to me, and the invitations I sent."""
        return invitations.list_invitations(storage(), caller)

    @app.post(
        "/v1/feinthold/invitations/{invitation_id}/accept",
        status_code=201,
        response_model=GameOut,
        responses=ERRORS,
        tags=["invitations"],
    )
    async def accept(invitation_id: InvitationId, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
        """Accept an invitation: the game starts, its first turn open."""

        def work() -> Any:
            return invitations.accept(storage(), get_clock(), caller, invitation_id)

        return answer(key, request, caller, None, work)

    @app.post(
        "/v1/feinthold/invitations/{invitation_id}/decline",
        response_model=InvitationOut,
        responses=ERRORS,
        tags=["invitations"],
    )
    async def decline(invitation_id: InvitationId, request: Request, caller: Me, key: IdempotencyKey = None) -> Any:
        """Decline an invitation."""

        def work() -> Any:
            return invitations.decline(storage(), get_clock(), caller, invitation_id)

        return answer(key, request, caller, None, work)

    if not platform:
        return app
    from gameserver.api.duels import router as duel_routes  # duels, credits, feed, doctrines (issue 6)

    app.include_router(duel_routes)
    from gameserver.api.daily import router as daily_routes  # the Daily Front (issue 7)

    app.include_router(daily_routes)
    from gameserver.api.moderation import router as moderation_routes  # moderators: fair play's marks

    app.include_router(moderation_routes)
    return app
