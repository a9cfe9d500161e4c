"""Front 1901 through HTTP on the local runner (one module: one runner process per worker serves every test
here): a short game at each level played to its end with the suggested orders; a full game's first years set
up on the admin port, with proposals of every kind, an AI proposal accepted, a pact the member breaks and the
trust that follows; the AI powers' blindness to the member's orders of the phase they decide; bad input on the
routes, and a stranger's 404; the daily challenge on the manual clock across two days (a second start refused,
the next day's set by the runner's midnight, the record closed until the 48 hours are over)."""

from __future__ import annotations

from typing import Any

import pytest
from front1901_script import orders_for
from gameserver.domain.limits import PER_MINUTE, WINDOW_S, Limit
from localrun_process import LocalRunner, Member, ok

pytestmark = pytest.mark.http

Json = dict[str, Any]
GAMES = "/v1/front1901/games"
DAILY = "/v1/front1901/daily"


def game_of(member: Member, game_id: str) -> Json:
    return ok(member.get(f"{GAMES}/{game_id}"))


def phase_path(game: Json, what: str) -> str:
    return f"{GAMES}/{game['game_id']}/phases/{game['view']['phase']}/{what}"


def send(member: Member, game: Json, orders: list[str]) -> Json:
    return ok(member.put(phase_path(game, "orders"), json={"orders": orders}))


def propose(member: Member, game: Json, to: str, proposal: Json) -> Json:
    return ok(member.post(phase_path(game, "proposals"), json={"to": to, "proposal": proposal}))


def play_phase(member: Member, game: Json) -> Json:
    view = game["view"]
    suggested = ok(member.get(f"{GAMES}/{game['game_id']}/suggestions"))["orders"] if view["step"] == "movement" \
        else []
    return send(member, game, orders_for(view, suggested))


PHASE_S = WINDOW_S / PER_MINUTE[Limit.FRONT1901_PHASES] + 1
"""The manual clock's seconds between two phases of a game played to its end: a member's pace under the limit
of phases a minute (``domain.limits``), which a script on a clock that stands still would reach."""


def seeded(runner: LocalRunner, member: Member, **body: Any) -> Json:
    made = runner.seeded_game(kind="front1901", member=member.sub, **body)
    return game_of(member, made["game_id"])


def opening(runner: LocalRunner, member: Member) -> Json:
    """The opening position as a game of the runner shows it."""
    view = seeded(runner, member, seed=1, power="FRANCE")["view"]
    return {"phase": "S1901M", "units": view["units"], "centers": view["centres"], "dislodged": {}, "contested": []}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_short_game_at_each_level_is_played_to_its_end_with_the_suggested_orders(runner, alice, level):
    game = ok(alice.post(GAMES, json={"power": "FRANCE", "level": level, "length": "short"}), 201)
    gid = game["game_id"]
    tagged = alice.get(f"{GAMES}/{gid}")
    assert alice.get(f"{GAMES}/{gid}", headers={"If-None-Match": tagged.headers["ETag"]}).status_code == 304
    assert alice.get(f"{GAMES}/{gid}/record").status_code == 409
    for _ in range(60):
        if game["status"] != "open":
            break
        answer = play_phase(alice, game)
        runner.advance(PHASE_S)
        assert answer["played"][0]["phase"] == game["view"]["phase"] and answer["played"][0]["summary"] is not None
        game = answer["game"]
    view = game["view"]
    assert game["status"] == "over" and view["over"] and view["legal"] == []
    result = view["result"]
    assert result["kind"] in ("won", "shared", "survived", "eliminated") and result["centres"] == view["counts"][
        "FRANCE"]
    top = max(view["counts"].values())
    if result["kind"] != "eliminated" and top < 18:
        # "The end of 1910 is after the F1910 movement phase and its retreats": the position stands at the winter's
        # adjustments, or at the spring after it when nobody has one.
        assert result["year"] == 1910 and view["phase"] in ("W1910A", "S1911M"), "the end of 1910"
    assert (result["kind"] in ("won", "shared")) == ("FRANCE" in view["winners"])
    assert all(view["counts"][power] == top for power in view["winners"])
    record = ok(alice.get(f"{GAMES}/{gid}/record", params={"limit": 50}))
    assert record["final"]["result"] == result and record["final"]["centres"] == view["centres"]
    assert record["steps"][-1]["position"] == {"units": view["units"], "centres": view["centres"]}
    history = ok(alice.get(f"{GAMES}/{gid}/history", params={"limit": 50}))["phases"]
    assert history[0]["phase"] == "S1901M" and len({p["phase"] for p in history}) == len(history)
    listed = ok(alice.get(GAMES))["games"]
    assert (listed[0]["game_id"], listed[0]["result"]) == (gid, result["kind"])
    assert ok(alice.get("/v1/games"))["games"][0]["game"] == "front1901"


def test_a_full_games_first_years_with_proposals_of_every_kind_an_ai_proposal_accepted_and_a_pact_broken(
        runner, alice):
    start = opening(runner, alice)
    # France's army in Burgundy beside Munich, a pact with Germany in force, Germany's trust high.
    position = {**start, "units": {**start["units"], "FRANCE": ["A BUR", "A MAR", "F BRE"]}}
    game = seeded(runner, alice, seed=3, power="FRANCE", level="normal", length="full",
                  setup={"position": position, "agreements": [["FRANCE", "GERMANY", {"kind": "pact"}]],
                         "trust": {"GERMANY": 85, "ENGLAND": 70}})
    view = game["view"]
    assert view["trust"]["GERMANY"] == 85 and [a["kind"] for a in view["agreements"]] == ["pact"]
    answers = [propose(alice, game, to, proposal)["answer"] for to, proposal in (
        ("ENGLAND", {"kind": "pact"}),
        ("ITALY", {"kind": "alliance", "against": "AUSTRIA"}),
        ("ENGLAND", {"kind": "split", "mine": ["BEL"], "yours": ["HOL"]}),
        ("ITALY", {"kind": "dmz", "around": "MAR", "provinces": ["PIE"]}),
        ("GERMANY", {"kind": "support", "order": "A MUN S A BUR - RUH"}),
    )]
    assert all(a["answer"] in ("accepted", "declined") and a["reason"] and a["message"] for a in answers)
    game = game_of(alice, game["game_id"])
    offered = [m for m in game["view"]["messages"] if m["kind"] == "proposal" and m["status"] == "open"]
    assert offered, "the AI powers' proposals of the phase"
    game = ok(alice.post(phase_path(game, "replies"), json={"message_id": offered[0]["id"], "accept": True}))
    assert next(m for m in game["view"]["messages"] if m["id"] == offered[0]["id"])["status"] == "accepted"
    assert any(offered[0]["from"] in (a["proposer"], a["recipient"]) for a in game["view"]["agreements"])
    # I break the pact: "France broke the pact: A BUR - MUN", and Germany's trust falls by 30 at least.
    broke = send(alice, game, ["A BUR - MUN"])
    verdict = next(v for v in broke["played"][0]["verdicts"] if v["kind"] == "pact" and "GERMANY" in v["parties"])
    assert (verdict["outcome"], verdict["order"]) == ("broken", "A BUR - MUN")
    game = broke["game"]
    assert game["view"]["trust"]["GERMANY"] <= 85 - 30
    refused = propose(alice, game, "GERMANY", {"kind": "pact"})["answer"]
    assert (refused["answer"], refused["reason"]) == ("declined", "distrust"), "later answers change"
    for _ in range(8):  # on through the first years
        game = play_phase(alice, game)["game"]
    assert game["status"] == "open" and game["view"]["year"] >= 1903
    stopped = ok(alice.post(f"{GAMES}/{game['game_id']}/stop"))
    assert stopped["view"]["result"]["kind"] == "abandoned"
    record = ok(alice.get(f"{GAMES}/{game['game_id']}/record"))
    assert [a["kind"] for a in record["steps"][0]["actions"]][:5] == ["propose"] * 5


def test_the_ai_powers_decide_without_my_orders_of_the_phase(runner, alice):
    first, second = (seeded(runner, alice, seed=44, power="GERMANY", level="normal") for _ in range(2))
    for game in (first, second):
        propose(alice, game, "RUSSIA", {"kind": "pact"})
        send(alice, game, ["A MUN - RUH", "A BER - KIE", "F KIE - DEN"])
    first, second = game_of(alice, first["game_id"]), game_of(alice, second["game_id"])
    assert first["view"]["messages"] == second["view"]["messages"]
    phase = first["view"]["phase"]
    one = send(alice, first, ["A RUH - BEL", "A KIE - HOL", "F DEN H"])["played"][0]
    other = send(alice, second, ["A RUH H", "A KIE H", "F DEN - SKA"])["played"][0]
    assert one["phase"] == other["phase"] == phase and one["orders"]["GERMANY"] != other["orders"]["GERMANY"]
    assert ({p: o for p, o in one["orders"].items() if p != "GERMANY"}
            == {p: o for p, o in other["orders"].items() if p != "GERMANY"})


def test_bad_input_is_a_4xx_naming_the_field_and_the_rule_and_nothing_is_half_written(runner, alice, bob):
    unknown = alice.post(GAMES, json={"power": "PRUSSIA"})
    assert unknown.status_code == 422 and unknown.json()["error"]["field"] == "power"
    game = ok(alice.post(GAMES, json={"power": "ITALY", "level": "easy"}), 201)
    gid = game["game_id"]
    unreadable = alice.put(phase_path(game, "orders"), json={"orders": ["A ROM - XYZ"]})
    assert unreadable.status_code == 422
    assert (unreadable.json()["error"]["field"], unreadable.json()["error"]["rule"]) == ("orders[0]",
                                                                                         "unknown-province")
    kind = alice.post(phase_path(game, "proposals"), json={"to": "AUSTRIA", "proposal": {"kind": "truce"}})
    assert kind.status_code == 422 and kind.json()["error"]["field"].startswith("proposal")
    illegal = alice.post(phase_path(game, "proposals"),
                         json={"to": "AUSTRIA", "proposal": {"kind": "alliance", "against": "AUSTRIA"}})
    assert illegal.status_code == 422 and illegal.json()["error"]["code"] == "illegal_proposal"
    later = alice.put(f"{GAMES}/{gid}/phases/F1901M/orders", json={"orders": []})
    assert later.status_code == 409 and later.json()["error"]["code"] == "turn_closed"
    assert game_of(alice, gid)["view"] == game["view"], "nothing half-written"
    ok(alice.post(f"{GAMES}/{gid}/stop"))
    over = alice.put(phase_path(game, "orders"), json={"orders": []})
    assert over.status_code == 409 and over.json()["error"]["code"] == "game_over"
    for path in ("", "/history", "/record", "/threats", "/suggestions", "/estimates", "/phases/S1901M"):
        theirs, missing = bob.get(f"{GAMES}/{gid}{path}"), bob.get(f"{GAMES}/{'0' * 20}{path}")
        assert theirs.status_code == missing.status_code == 404
        assert theirs.json()["error"]["code"] == missing.json()["error"]["code"]


def _stored_challenge(runner: LocalRunner, day: str) -> Json | None:
    """The day's challenge as stored, read with a client of our own (no API call that could create it)."""
    import botocore.session

    client = botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", endpoint_url=runner.dynamodb,
        aws_access_key_id="localrun", aws_secret_access_key="localrun")
    return client.get_item(TableName="feinthold", Key={"pk": {"S": f"F1901DAY#{day}"}, "sk": {"S": "CHALLENGE"}},
                           ConsistentRead=True).get("Item")


def test_the_daily_challenge_across_two_days_on_the_manual_clock(runner, alice, bob):
    from datetime import datetime, timedelta

    shown = ok(alice.get(DAILY))
    challenge = shown["challenge"]
    assert shown["mine"] is None and challenge["length"] == "short"
    started = alice.post(DAILY, headers={"Idempotency-Key": "challenge-1"})
    assert started.status_code == 201, started.text
    replayed = alice.post(DAILY, headers={"Idempotency-Key": "challenge-1"})
    assert (replayed.status_code, replayed.json()) == (201, started.json()), "a replay is the stored answer"
    again = alice.post(DAILY)
    assert again.status_code == 409 and again.json()["error"]["code"] == "challenge_already_started"
    game = started.json()["game"]
    assert (game["mode"], game["view"]["power"], game["level"]) == ("front1901-daily", challenge["power"],
                                                                    challenge["level"])
    theirs = ok(bob.post(DAILY), 201)["game"]
    assert theirs["view"]["power"] == game["view"]["power"] and theirs["view"]["messages"] == game["view"]["messages"]
    gid = game["game_id"]
    game = play_phase(alice, game)["game"]
    ok(alice.post(f"{GAMES}/{gid}/stop"))
    mine = ok(alice.get(DAILY))["mine"]
    assert (mine["status"], mine["result"]["kind"], mine["ranked"]) == ("finished", "abandoned", True)
    board = ok(alice.get(f"{DAILY}/board"))
    assert alice.sub in [e["member"] for e in board["entries"]] and board["mine"]["rank"] >= 1
    closed = alice.get(f"{GAMES}/{gid}/record")
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "record_closed"
    # The runner's midnight: the rotation sets the next day's challenge; a new attempt is allowed.
    now = datetime.fromisoformat(runner.now().replace("Z", "+00:00"))
    midnight = (now + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    runner.advance((midnight - now).total_seconds() + 30)
    assert _stored_challenge(runner, midnight.date().isoformat()) is not None
    next_day = ok(alice.get(DAILY))
    assert next_day["challenge"]["day"] == midnight.date().isoformat() and next_day["mine"] is None
    ok(alice.post(DAILY), 201)
    assert ok(alice.get(DAILY, params={"day": challenge["day"]}))["mine"]["game_id"] == gid
    # Its 48 hours over, the first day's record opens.
    runner.advance(24 * 3600)
    record = ok(alice.get(f"{GAMES}/{gid}/record"))
    assert record["final"]["result"]["kind"] == "abandoned" and record["mode"] == "front1901-daily"
