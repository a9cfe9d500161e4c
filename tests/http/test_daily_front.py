"""The Daily Front over HTTP on the local runner: the rotation at the runner's midnight, a member's Front played
through to the board and the month, one start a day, and a missed turn played at its deadline."""

from __future__ import annotations

from datetime import datetime, timedelta

import botocore.session
import pytest
from localrun_player import steady_orders

pytestmark = pytest.mark.http

DAILY = "/v1/feinthold/daily"
HOUSE_BY_WEEKDAY = ("sentinel", "pivot", "ram", "sentinel", "pivot", "ram", "ram")


def when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def stored_front(runner, day: str) -> dict | None:
    """The day's Front item as stored, read with a client of our own (no API call that could create it)."""
    client = botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", endpoint_url=runner.dynamodb,
        aws_access_key_id="localrun", aws_secret_access_key="localrun")
    return client.get_item(TableName="feinthold", Key={"pk": {"S": f"FRONT#{day}"}, "sk": {"S": "FRONT"}},
                           ConsistentRead=True).get("Item")


def play(runner, member, game: dict, delays: list[int]) -> dict:
    """Steady orders ``delays[turn - 1]`` seconds into each turn, to the end."""
    while game["status"] == "open":
        runner.advance(delays[game["turn"] - 1])
        answer = member.put(f"/v1/feinthold/games/{game['game_id']}/turns/{game['turn']}/orders",
                            json={"orders": steady_orders(game["view"])})
        assert answer.status_code == 200, answer.text
        assert answer.json()["resolved"] is True, "the house AI has sent: my submission resolves the turn"
        game = answer.json()["game"]
    return game


def test_the_runner_rotates_the_front_at_its_midnight(runner):
    now = when(runner.now())
    midnight = (now + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    day = midnight.date().isoformat()
    assert stored_front(runner, day) is None
    moved = runner.advance((midnight - now).total_seconds() + 30)
    assert {"rule": "daily-rotation", "at": f"{day}T00:00:00Z", "outcome": "ok"} in moved["firings"]
    item = stored_front(runner, day)
    assert item is not None and f'"house_ai":"{HOUSE_BY_WEEKDAY[midnight.weekday()]}"' in item["front"]["S"]


def test_a_front_played_through_http_lands_on_the_board_and_in_the_month(runner, alice):
    before = alice.get(DAILY)
    assert before.status_code == 200, before.text
    front = before.json()["front"]
    assert before.json()["mine"] is None and front["pace"] == "blitz"
    assert front["house_ai"] == HOUSE_BY_WEEKDAY[when(front["day"] + "T00:00:00Z").weekday()]

    started = alice.post(DAILY, headers={"Idempotency-Key": "front-1"})
    assert started.status_code == 201, started.text
    replayed = alice.post(DAILY, headers={"Idempotency-Key": "front-1"})
    assert (replayed.status_code, replayed.json()) == (201, started.json()), "a replay is the stored answer"
    game = started.json()["game"]
    assert (game["mode"], game["side"], game["opponent"]["name"]) == ("daily", front["side"], front["house_ai"])
    assert when(game["deadline"]) - when(game["opened_at"]) == timedelta(seconds=120)
    again = alice.post(DAILY)
    assert again.status_code == 409 and again.json()["error"]["code"] == "front_already_started"
    assert "one game a day" in again.json()["error"]["message"]

    delays = [14, 22, 9, 35, 17, 26, 12, 19]
    final = play(runner, alice, game, delays)

    mine = alice.get(DAILY, params={"day": front["day"]}).json()["mine"]
    assert mine["status"] == "finished" and mine["ranked"] is True
    assert mine["result"]["turns"] == final["turn"] and mine["result"]["seconds"] == sum(delays[: final["turn"]])
    board = alice.get(f"{DAILY}/board", params={"day": front["day"], "limit": 100}).json()
    rows = [row for row in board["entries"] if row["member"] == alice.sub]
    assert len(rows) == 1 and rows[0]["outcome"] == mine["result"]["outcome"] and rows[0]["rank"] >= 1
    table = alice.get(f"{DAILY}/months/{front['day'][:7]}", params={"limit": 100}).json()
    assert [r["ranked_days"] for r in table["rows"] if r["member"] == alice.sub] == [1]


def test_a_missed_turn_is_played_at_its_deadline_and_counts_its_whole_time(runner, bob):
    game = bob.post(DAILY).json()["game"]
    opened = when(game["opened_at"])
    runner.advance(125)  # turn 1 (120 s) passes without bob's orders
    now = bob.get(f"/v1/feinthold/games/{game['game_id']}").json()
    assert now["turn"] == 2 and when(now["opened_at"]) == opened + timedelta(seconds=120), (
        "the next turn opened at the missed one's deadline, as it fell")
    final = play(runner, bob, now, [0, 15, 21, 13, 30, 18, 24, 16])

    closed = bob.get(f"/v1/feinthold/games/{game['game_id']}/record")
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "record_closed", (
        "nobody rehearses the day: the record opens once the day's board is final")
    runner.admin_call("POST", "/clock/set", {"now": final["record_opens_at"]})
    record = bob.get(f"/v1/feinthold/games/{game['game_id']}/record").json()
    assert record["turns"][0]["closed_by"] == "deadline"
    assert record["turns"][0]["sent"][game["side"]]["missed"] is True
    assert record["record"]["turns"][0]["orders"][game["side"]] == [], "no doctrine: the troops stay in place"
    mine = bob.get(DAILY, params={"day": game["opened_at"][:10]}).json()["mine"]
    assert mine["result"]["turns"] == final["turn"]
    assert mine["result"]["seconds"] == (when(record["turns"][-1]["resolved_at"]) - opened).total_seconds()


def test_the_board_pages_and_refuses_a_forged_cursor(runner, alice):
    day = alice.get(DAILY).json()["front"]["day"]
    forged = alice.get(f"{DAILY}/board", params={"day": day, "cursor": "not-a-cursor"})
    assert forged.status_code == 400 and forged.json()["error"]["code"] == "invalid_cursor"
    assert alice.get(f"{DAILY}/board", params={"limit": 101}).status_code in (400, 422)
    assert alice.get(f"{DAILY}/months/2026-13").status_code in (400, 422)
    future = (when(day + "T00:00:00Z") + timedelta(days=3)).date().isoformat()
    assert alice.get(DAILY, params={"day": future}).status_code == 404, "nobody may see a Front to come"


def test_a_moderator_takes_a_front_off_the_board(runner, alice, bob):
    game = alice.post(DAILY).json()["game"]
    play(runner, alice, game, [16, 23, 11, 29, 14, 20, 18, 25])
    day = game["opened_at"][:10]
    path = f"{DAILY}/{day}/results/{alice.sub}/remove"
    assert bob.post(path, json={"why": "no reason"}).status_code == 403, "members are not moderators"
    moderator = runner.member("moderator", moderator=True)
    removed = moderator.post(path, json={"why": "played from a shared record"})
    assert removed.status_code == 200, removed.text
    assert (removed.json()["ranked"], removed.json()["not_ranked"]) == (False, "removed-by-moderators")
    board = alice.get(f"{DAILY}/board", params={"day": day, "limit": 100}).json()["entries"]
    assert alice.sub not in [row["member"] for row in board]
    assert alice.get(DAILY, params={"day": day}).json()["mine"]["not_ranked"] == "removed-by-moderators"
    again = moderator.post(path, json={"why": "twice"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_on_the_board"
