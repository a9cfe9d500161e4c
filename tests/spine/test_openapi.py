"""The committed OpenAPI document is the app's (regenerate: python -m gameserver.api.openapi > docs/api/openapi.json)."""

from __future__ import annotations

import json

from gameserver.api.openapi import document


def test_the_committed_openapi_document_is_the_apps(repo_root):
    committed = json.loads((repo_root / "docs" / "api" / "openapi.json").read_text())
    assert committed == document()


def test_every_route_of_the_interface_is_documented_with_its_errors():
    paths = document()["paths"]
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
        # duels, credits, the feed, doctrines, the duel board (gameserver.api.duels, issue 6)
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
    }
    assert {(m, p) for p, ops in paths.items() for m in ops} == expected
    for ops in paths.values():
        for op in ops.values():
            for status in ("400", "401", "404", "409", "422"):
                assert op["responses"][status]["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/ErrorBody"
                }
