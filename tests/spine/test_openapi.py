"""The OpenAPI document is the contract a client developer builds on: the committed file is the app's
(regenerate: python -m gameserver.api.openapi > docs/api/openapi.json), every body is typed, every closed set
is one named enum, and what the server does around the routes (the bearer token, API Gateway's 401, each
route's error codes, ETags, limits) is declared."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from contract import check_answer
from gameserver.api.openapi import document
from gameserver.errors import ErrorCode
from pydantic import ValidationError

DOC = document()
SCHEMAS = DOC["components"]["schemas"]
OPERATIONS = [(path, method, op) for path, ops in DOC["paths"].items() for method, op in ops.items()]


def test_the_committed_openapi_document_is_the_apps(repo_root):
    committed = json.loads((repo_root / "docs" / "api" / "openapi.json").read_text())
    assert committed == DOC


def test_every_route_of_the_interface_is_documented():
    expected = {
        ("get", "/v1/me"),
        ("get", "/v1/games"),
        ("post", "/v1/feinthold/games"),
        ("get", "/v1/feinthold/games"),
        ("get", "/v1/feinthold/games/{game_id}"),
        ("put", "/v1/feinthold/games/{game_id}/turns/{turn}/orders"),
        ("get", "/v1/feinthold/games/{game_id}/record"),
        ("post", "/v1/feinthold/invitations"),
        ("get", "/v1/feinthold/invitations"),
        ("post", "/v1/feinthold/invitations/{invitation_id}/accept"),
        ("post", "/v1/feinthold/invitations/{invitation_id}/decline"),
        ("post", "/v1/feinthold/duels"),
        ("get", "/v1/feinthold/duels"),
        ("get", "/v1/feinthold/duels/{duel_id}"),
        *(("post", f"/v1/feinthold/duels/{{duel_id}}/{action}")
          for action in ("accept", "decline", "withdraw", "ready", "abandon")),
        ("get", "/v1/credits"),
        ("get", "/v1/feed"),
        ("get", "/v1/feinthold/leaderboards/duels"),
        ("get", "/v1/feinthold/doctrines"),
        ("post", "/v1/feinthold/doctrines"),
        ("get", "/v1/feinthold/doctrines/{slot}"),
        ("put", "/v1/feinthold/doctrines/{slot}"),
        ("delete", "/v1/feinthold/doctrines/{slot}"),
        ("post", "/v1/feinthold/doctrines/{slot}/default"),
        ("get", "/v1/feinthold/daily"),
        ("post", "/v1/feinthold/daily"),
        ("get", "/v1/feinthold/daily/board"),
        ("get", "/v1/feinthold/daily/months/{month}"),
        ("post", "/v1/feinthold/daily/{day}/results/{member}/remove"),
        ("get", "/v1/feinthold/daily/rank"),
        ("get", "/v1/moderation/marks"),
        # tournaments (gameserver.api.tournaments, issue 14)
        ("post", "/v1/feinthold/tournaments"),
        ("get", "/v1/feinthold/tournaments"),
        ("get", "/v1/feinthold/tournaments/mine"),
        ("get", "/v1/feinthold/tournaments/{tournament_id}"),
        ("post", "/v1/feinthold/tournaments/{tournament_id}/join"),
        ("post", "/v1/feinthold/tournaments/{tournament_id}/leave"),
        ("post", "/v1/feinthold/tournaments/{tournament_id}/matches/{slot}/abandon"),
        ("post", "/v1/moderation/marks/{member}/{mark_id}/close"),
        # Feint (gameserver.api.feint, issue 13)
        ("post", "/v1/feint/games"),
        ("get", "/v1/feint/games"),
        ("get", "/v1/feint/games/{game_id}"),
        ("post", "/v1/feint/games/{game_id}/commands"),
        ("get", "/v1/feint/games/{game_id}/history"),
        ("get", "/v1/feint/games/{game_id}/record"),
        ("post", "/v1/feint/games/{game_id}/leave"),
        ("post", "/v1/feint/tables"),
        ("get", "/v1/feint/tables"),
        ("get", "/v1/feint/tables/{table_id}"),
        ("post", "/v1/feint/tables/{table_id}/join"),
        ("post", "/v1/feint/watch"),
        ("get", "/v1/feint/watch/{game_id}"),
        ("get", "/v1/feint/watch/{game_id}/steps"),
        ("get", "/v1/feinthold/published"),
        ("post", "/v1/feinthold/published"),
        ("get", "/v1/feinthold/published/{doctrine_id}"),
        ("post", "/v1/feinthold/published/{doctrine_id}/withdraw"),
        ("post", "/v1/feinthold/bench"),
        ("post", "/v1/feinthold/challenges"),
        ("get", "/v1/feinthold/challenges/{challenge_id}"),
        ("get", "/v1/feinthold/challenges/{challenge_id}/trace"),
        ("get", "/v1/feinthold/leaderboards/challengers"),
        ("get", "/v1/feinthold/leaderboards/doctrines"),
        # Front 1901 (gameserver.api.front1901, issue 12)
        ("post", "/v1/front1901/games"),
        ("get", "/v1/front1901/games"),
        ("get", "/v1/front1901/games/{game_id}"),
        ("put", "/v1/front1901/games/{game_id}/phases/{phase}/orders"),
        ("post", "/v1/front1901/games/{game_id}/phases/{phase}/proposals"),
        ("post", "/v1/front1901/games/{game_id}/phases/{phase}/replies"),
        ("post", "/v1/front1901/games/{game_id}/phases/{phase}/cancellations"),
        ("put", "/v1/front1901/games/{game_id}/phases/{phase}/draft"),
        ("get", "/v1/front1901/games/{game_id}/phases/{phase}"),
        ("get", "/v1/front1901/games/{game_id}/estimates"),
        ("get", "/v1/front1901/games/{game_id}/threats"),
        ("get", "/v1/front1901/games/{game_id}/suggestions"),
        ("get", "/v1/front1901/games/{game_id}/history"),
        ("get", "/v1/front1901/games/{game_id}/record"),
        ("post", "/v1/front1901/games/{game_id}/stop"),
        ("get", "/v1/front1901/daily"),
        ("post", "/v1/front1901/daily"),
        ("get", "/v1/front1901/daily/board"),
        ("post", "/v1/front1901/tables"),
        ("get", "/v1/front1901/tables"),
        ("get", "/v1/front1901/tables/{table_id}"),
        ("post", "/v1/front1901/tables/{table_id}/join"),
        *(("post", f"/v1/front1901/games/{{game_id}}/phases/{{phase}}/{action}")
          for action in ("messages", "votes", "reclaim", "messages/{message_id}/report")),
        ("get", "/v1/front1901/ratings"),
        ("get", "/v1/moderation/front1901/reports"),
        # seasons and moderation (issue 16)
        ("get", "/v1/seasons/{season}"),
        ("get", "/v1/seasons/members/{member}"),
        ("post", "/v1/moderation/games/{game_id}/stop"),
        ("post", "/v1/moderation/duels/{duel_id}/void"),
        ("post", "/v1/moderation/front1901/games/{game_id}/void"),
        ("post", "/v1/moderation/members/{member}/freeze"),
        ("post", "/v1/moderation/members/{member}/unfreeze"),
        ("post", "/v1/moderation/doctrines/{doctrine_id}/hide"),
        ("get", "/v1/moderation/audit"),
        ("get", "/v1/moderation/members/{member}"),
        ("get", "/v1/moderation/members/{member}/marks"),
    }
    assert {(method, path) for path, method, _ in OPERATIONS} == expected


def test_operation_ids_are_short_camel_case_and_unique():
    ids = [op["operationId"] for _, _, op in OPERATIONS]
    assert len(set(ids)) == len(ids)
    for operation_id in ids:
        assert re.fullmatch(r"[a-z]+([A-Z][a-z0-9]*)*", operation_id) and len(operation_id) <= 24, operation_id
    assert {"sendOrders", "getGame", "proposeDuel"} <= set(ids)


def test_every_operation_needs_the_bearer_token_and_declares_both_401_bodies():
    assert DOC["components"]["securitySchemes"]["bearer"] | {"description": ""} == {
        "type": "http", "scheme": "bearer", "bearerFormat": "JWT", "description": ""}
    assert {server["url"] for server in DOC["servers"]} == {
        "https://{api}.execute-api.{region}.amazonaws.com", "http://127.0.0.1:8080"}
    for path, method, op in OPERATIONS:
        assert op["security"] == [{"bearer": []}], (method, path)
        unauthorized = op["responses"]["401"]
        assert unauthorized["content"]["application/json"]["schema"]["oneOf"] == [
            {"$ref": "#/components/schemas/ErrorBody"}, {"$ref": "#/components/schemas/GatewayError"}]
        assert "WWW-Authenticate" in unauthorized["headers"]


def test_each_error_response_lists_its_codes_and_every_code_is_answered_with_its_status():
    for path, method, op in OPERATIONS:
        for status, response in op["responses"].items():
            if not status.startswith(("4", "5")) or status == "429":  # 429: API Gateway's, no code of ours
                continue
            codes = response["x-error-codes"]
            assert codes and all(ErrorCode(code).status == int(status) for code in codes), (method, path, status)
            assert all(f"`{code}`" in response["description"] for code in codes)
            if status != "401":
                assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorBody"}
        assert "busy" in op["responses"]["409"]["x-error-codes"], (method, path)
        takes_input = op.get("parameters") or "requestBody" in op
        assert ("invalid" in op["responses"].get("422", {}).get("x-error-codes", ())) == bool(takes_input)


def test_every_body_may_be_too_large_and_every_operation_throttled_by_the_gateway_and_the_limits():
    for path, method, op in OPERATIONS:
        assert (op["responses"].get("413", {}).get("x-error-codes") == ["payload_too_large"]) == (
            "requestBody" in op), (method, path)
        throttled = op["responses"]["429"]
        assert throttled["content"]["application/json"]["schema"] == {"oneOf": [
            {"$ref": "#/components/schemas/ErrorBody"}, {"$ref": "#/components/schemas/GatewayError"}]}, (method, path)
        assert throttled["x-error-codes"] == ["rate_limited"] and "Retry-After" in throttled["headers"], (method, path)


def test_the_expensive_routes_declare_their_own_limit():
    limited = {(method, path): op["responses"]["429"]["x-rate-limit"]["limit"] for path, method, op in OPERATIONS
               if "x-rate-limit" in op["responses"]["429"]}
    assert limited == {
        ("post", "/v1/feinthold/bench"): "bench",
        ("post", "/v1/feinthold/games"): "starts",
        ("post", "/v1/front1901/games"): "starts",
        ("post", "/v1/feint/games"): "starts",
        ("put", "/v1/front1901/games/{game_id}/phases/{phase}/orders"): "front1901_phases",
        ("get", "/v1/front1901/games/{game_id}/estimates"): "help_tools",
        ("get", "/v1/front1901/games/{game_id}/threats"): "help_tools",
        ("get", "/v1/front1901/games/{game_id}/suggestions"): "help_tools",
    }


def test_every_error_code_but_the_frameworks_has_one_status():
    for code in ErrorCode:
        if code is not ErrorCode.HTTP_ERROR:
            assert code.status in (400, 401, 403, 404, 405, 409, 413, 422, 429, 500)


def test_an_answer_with_a_code_its_operation_does_not_declare_fails_the_suite():
    refused = {"error": {"code": "doctrines_full", "message": "x"}}
    with pytest.raises(AssertionError, match="does not declare"):
        check_answer("GET", "/v1/feinthold/games/0123456789abcdef0123", 409, refused)
    check_answer("GET", "/v1/feinthold/games/0123456789abcdef0123", 404, {"error": {"code": "not_found"}})
    check_answer("GET", "/v1/feinthold/daily/board", 400, {"error": {"code": "invalid_cursor"}})


def test_a_success_lacking_a_required_field_or_holding_an_unknown_one_fails_the_suite():
    mine = {"slot": 1, "doctrine": {"name": "x", "rules": []}, "default": True,
            "updated_at": "2026-12-01T09:00:00Z"}
    check_answer("GET", "/v1/feinthold/doctrines/1", 200, mine)
    for wrong in ({k: v for k, v in mine.items() if k != "updated_at"}, {**mine, "extra": 1},
                  {**mine, "slot": "1"}):
        with pytest.raises((AssertionError, ValidationError), match="DoctrineOut"):
            check_answer("GET", "/v1/feinthold/doctrines/1", 200, wrong)


def test_the_polled_views_declare_their_etag_and_304():
    for path in ("/v1/feinthold/games/{game_id}", "/v1/feinthold/duels/{duel_id}"):
        op = DOC["paths"][path]["get"]
        assert "ETag" in op["responses"]["200"]["headers"] and "ETag" in op["responses"]["304"]["headers"]
        assert any(p["name"] == "If-None-Match" for p in op["parameters"])


def test_optional_parameters_are_plain_and_the_limits_are_declared():
    for path, method, op in OPERATIONS:
        for parameter in op.get("parameters", ()):
            assert "null" not in json.dumps(parameter["schema"]), (method, path, parameter["name"])
            if parameter["name"] == "Idempotency-Key":
                assert (parameter["schema"]["minLength"], parameter["schema"]["maxLength"]) == (1, 128)
    orders = SCHEMAS["OrderSet"]["properties"]["orders"]
    assert orders["maxItems"] == 40
    assert SCHEMAS["GameOut"]["properties"]["my_submissions"]["maximum"] == 5


def _schemas(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object of a subtree, with where it is."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            if key in ("properties", "$defs"):
                for name, sub in value.items():
                    yield from _schemas(sub, f"{where}.{name}")
            elif key in ("items", "additionalProperties", "propertyNames", "not"):
                yield from _schemas(value, f"{where}[{key}]")
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                for index, sub in enumerate(value):
                    yield from _schemas(sub, f"{where}|{index}")


def test_no_body_is_a_free_form_object():
    for name, schema in SCHEMAS.items():
        for where, sub in _schemas(schema, name):
            assert sub != {}, f"{where}: a schema that allows anything"
            if sub.get("type") == "object":
                assert "properties" in sub or isinstance(sub.get("additionalProperties"), dict), where
                assert sub.get("additionalProperties") not in ({}, True), where
            if sub.get("type") == "array":
                assert sub.get("items") not in (None, {}), where


def test_closed_sets_are_named_enums_with_readable_values():
    for name, schema in SCHEMAS.items():
        for where, sub in _schemas(schema, name):
            if "enum" in sub and where != name:
                pytest.fail(f"{where}: an inline enum; name it once and refer to it")
        if "enum" in schema:
            names = schema["x-enum-varnames"]
            assert len(names) == len(schema["enum"]) and all(re.fullmatch(r"[A-Z][A-Z0-9_]*", n) for n in names)
    assert SCHEMAS["Pace"]["x-enum-varnames"] == ["BLITZ", "RAPID", "DAY", "TWO_DAYS", "THREE_DAYS", "TWELVE_HOURS"]
    for used_once in ("Pace", "Side", "HouseAi", "Mode", "ErrorCode", "DuelStatus", "Ending", "CreditKind"):
        assert used_once in SCHEMAS


def test_times_and_days_have_their_formats():
    for name, schema in SCHEMAS.items():
        for field, sub in schema.get("properties", {}).items():
            choices = sub.get("anyOf", [sub])
            text = next((c for c in choices if c.get("type") == "string"), None)
            if text is None:
                continue
            if field.endswith("_at") or field in ("deadline", "ready_room_closes", "account_created", "as_of"):
                assert text.get("format") == "date-time", f"{name}.{field}"
            if field == "day":
                assert text.get("format") == "date", f"{name}.{field}"


def test_the_feinthold_orders_are_a_union_of_the_five_kinds():
    variants = SCHEMAS["OrderSet"]["properties"]["orders"]["items"]["oneOf"]
    kinds = []
    for variant in variants:
        order = SCHEMAS[variant["$ref"].rsplit("/", 1)[1]]
        assert order["additionalProperties"] is False and len(order["required"]) == 1
        kinds += order["required"]
    assert kinds == ["reinforce", "move", "entrench", "scout", "predict"]
    assert SCHEMAS["MoveFields"]["required"] == ["from", "to"]


def test_winner_says_what_it_is_in_each_schema():
    assert "south, north or draw" in SCHEMAS["GameOut"]["properties"]["winner"]["description"]
    assert "member" in SCHEMAS["DuelOut"]["properties"]["winner"]["description"]


def test_the_api_words_are_the_rules_and_the_services():
    from gameserver import services
    from gameserver.api.feinthold_models import Layout, Position
    from gameserver.api.models import HouseAi, Mode, Side
    from gameserver.domain.feinthold.answers import PositionKind
    from gameserver.domain.tournaments.service import TournamentSize
    from gameserver.platform.tournaments import SIZES
    from rules.feinthold.doctrine.house import HOUSE_NAMES
    from rules.feinthold.layouts import LAYOUTS
    from rules.feinthold.positions import KIND, POSITIONS, SIDES

    assert [s.value for s in Side] == list(SIDES)
    assert [p.value for p in Position] == list(POSITIONS)
    assert [layout.value for layout in Layout] == [layout.id for layout in LAYOUTS]
    assert {k.value for k in PositionKind} == set(KIND.values())
    assert [h.value for h in HouseAi] == list(HOUSE_NAMES)
    assert {m.value for m in Mode} == set(services.MODES)
    assert [size.value for size in TournamentSize] == list(SIZES)


def test_each_route_declares_the_paces_it_plays_and_they_are_its_modes():
    from gameserver.api.models import ChallengePace, DuelPace, FeintPace, GamePace
    from gameserver.domain.feint import online
    from gameserver.platform.challenges.challenge import PACES as CHALLENGE_PACES
    from gameserver.platform.duels.modes import DUEL_PACES

    assert [p.value for p in DuelPace] == [p.value for p in DUEL_PACES]
    assert [p.value for p in ChallengePace] == [p.value for p in CHALLENGE_PACES]
    assert [p.value for p in FeintPace] == [p.value for p in online.PACES]
    assert "blitz" not in set(GamePace) and "12h" not in set(GamePace) | set(DuelPace)

    def pace_of(path: str) -> str:
        body = DOC["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        schemas = [SCHEMAS[ref.rsplit("/", 1)[1]] for ref in _refs(body)]
        return next(s["properties"]["pace"]["$ref"].rsplit("/", 1)[1] for s in schemas if "pace" in s["properties"])

    assert {path: pace_of(path) for path in ("/v1/feinthold/games", "/v1/feinthold/invitations", "/v1/feinthold/duels",
                                             "/v1/feinthold/challenges", "/v1/feint/tables")} == {
        "/v1/feinthold/games": "GamePace", "/v1/feinthold/invitations": "GamePace", "/v1/feinthold/duels": "DuelPace",
        "/v1/feinthold/challenges": "ChallengePace", "/v1/feint/tables": "FeintPace"}


def _refs(schema: dict) -> list[str]:
    if "$ref" in schema:
        return [schema["$ref"]]
    return [ref for choice in schema.get("oneOf", schema.get("anyOf", ())) for ref in _refs(choice)]


def test_the_rules_the_server_holds_a_name_and_a_layout_to_are_declared():
    name = SCHEMAS["NewTournament"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (3, 40)
    name = SCHEMAS["Publication"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (3, 24)
    for body in ("NewHouseGame", "NewInvitation"):
        assert {"$ref": "#/components/schemas/Layout"} in SCHEMAS[body]["properties"]["layout"]["anyOf"]
    assert SCHEMAS["FeintholdLayout"]["properties"]["id"] == {"$ref": "#/components/schemas/Layout"}


def test_no_two_enums_of_the_document_hold_the_same_values():
    enums = [tuple(schema["enum"]) for schema in SCHEMAS.values() if "enum" in schema]
    assert len(enums) == len(set(enums)), sorted(values for values in enums if enums.count(values) > 1)


def test_every_map_keyed_by_a_word_of_the_games_declares_its_keys():
    keyed_freely = {("RatedDuel", "elo"), ("RatedDuel", "game"), ("TraceCondition", "seen"),
                    ("Front1901PhasePlayed", "reasons"), ("Front1901PhasePlayed", "results"),
                    ("Front1901TableOut", "picked")}
    maps = [(name, prop, schema) for name, model in SCHEMAS.items()
            for prop, schema in model.get("properties", {}).items()
            if isinstance(schema.get("additionalProperties"), dict)]
    assert {(name, prop) for name, prop, schema in maps if "propertyNames" not in schema} == keyed_freely
    assert SCHEMAS["FeintSeatView"]["properties"]["banks"]["propertyNames"] == {"$ref": "#/components/schemas/SeatKey"}
    assert SCHEMAS["Front1901View"]["properties"]["centres"]["propertyNames"] == {
        "$ref": "#/components/schemas/Front1901Power"}
    for key in ("units", "flags", "decoys"):
        assert SCHEMAS["FeintholdView"]["properties"][key]["propertyNames"] == {"$ref": "#/components/schemas/Position"}
