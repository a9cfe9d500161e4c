"""Races through HTTP on the local runner: 20 members accepting one open duel at once, 20 submissions on one
turn at once, and the cap of 5 submissions a turn.

The runner serialises the requests it sends to moto (moto is not safe under concurrent transactions), so
these tests prove our conditional writes (the duel's version, the turn and the submission count in the
condition), not DynamoDB's isolation: the requests interleave between reads and writes, never inside one.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from localrun_process import ok

pytestmark = pytest.mark.http


@pytest.fixture
def bob(runner):
    """Bob, who has called the API once: a duel is proposed to a member."""
    return runner.known_member("bob")

STAKE = 10


def at_once(calls: list) -> list:
    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(lambda call: call(), calls))


def test_twenty_members_accepting_one_open_duel_at_once_exactly_one_wins(runner, alice):
    # Blitz: accepting opens the ready room and creates no game, so the duel's version is the only claim.
    duel = ok(alice.post("/v1/feinthold/duels", json={"pace": "blitz", "stake": STAKE}), 201)
    members = [runner.member(f"rival{n}") for n in range(20)]
    for member in members:
        ok(member.get("/v1/me"))
    answers = at_once([lambda m=m: m.post(f"/v1/feinthold/duels/{duel['duel_id']}/accept") for m in members])
    statuses = sorted(a.status_code for a in answers)
    assert statuses[0] == 200 and statuses[1] != 200, "exactly one wins"
    # The others meet a duel that is now alice's and the winner's: the 404 of an id that does not exist (or,
    # having lost every retry to the crowd, 409 busy), never a word about the duel.
    unknown = members[0].post(f"/v1/feinthold/duels/{'0' * 20}/accept").json()["error"]
    for answer in answers:
        if answer.status_code == 404:
            assert answer.json()["error"] == {**unknown, "message": unknown["message"].replace("0" * 20, duel["duel_id"])}
        else:
            assert answer.status_code == 200 or answer.json()["error"]["code"] == "busy", answer.text
    winner = next(m for m, a in zip(members, answers, strict=True) if a.status_code == 200)
    final = ok(alice.get(f"/v1/feinthold/duels/{duel['duel_id']}"))
    assert final["opponent"] == winner.sub and final["status"] == "ready-room"
    balances = {m.sub: ok(m.get("/v1/credits"))["balance"] for m in members}
    assert balances == {m.sub: 100 - STAKE if m is winner else 100 for m in members}, "one escrow, one acceptor"


def test_twenty_submissions_on_one_turn_keep_the_cap_and_resolve_it_once(runner, alice, bob):
    duel = ok(alice.post("/v1/feinthold/duels", json={"opponent": bob.sub, "pace": "1d"}), 201)
    ok(bob.post(f"/v1/feinthold/duels/{duel['duel_id']}/accept"))
    runner.advance(10)
    path = f"/v1/feinthold/games/{duel['duel_id']}/turns/1/orders"
    calls = [lambda m=m: m.put(path, json={"orders": []}) for m in (alice, bob) * 10]
    answers = at_once(calls)
    assert {a.status_code for a in answers} <= {200, 409}
    accepted = [a.json() for a in answers if a.status_code == 200]
    assert sum(1 for a in accepted if a["resolved"]) == 1, "the turn resolves exactly once"
    for member in (alice, bob):
        mine = [a["submission"] for a, call_member in zip(
            [a.json() for a in answers], [alice, bob] * 10, strict=True) if call_member is member and "submission" in a]
        assert len(mine) <= 5 and len(set(mine)) == len(mine), "each accepted submission has its own number"
    assert ok(alice.get(f"/v1/feinthold/games/{duel['duel_id']}"))["turn"] == 2
    assert ok(alice.get(f"/v1/feinthold/duels/{duel['duel_id']}"))["turns_passed"] == 1


def test_the_sixth_submission_of_a_turn_gets_a_409_but_a_replay_is_not_a_submission(runner, alice, bob):
    duel = ok(alice.post("/v1/feinthold/duels", json={"opponent": bob.sub, "pace": "2d"}), 201)
    ok(bob.post(f"/v1/feinthold/duels/{duel['duel_id']}/accept"))
    path = f"/v1/feinthold/games/{duel['duel_id']}/turns/1/orders"
    numbers = [ok(alice.put(path, json={"orders": []}, headers={"Idempotency-Key": f"k{n}"}))["submission"]
               for n in range(5)]
    assert numbers == [1, 2, 3, 4, 5]
    replay = alice.put(path, json={"orders": []}, headers={"Idempotency-Key": "k4"})
    assert replay.status_code == 200 and replay.json()["submission"] == 5, "a replay answers what it answered"
    sixth = alice.put(path, json={"orders": []})
    assert sixth.status_code == 409
    error = sixth.json()["error"]
    assert error["code"] == "submissions_used" and "5" in error["message"]
    assert ok(bob.put(path, json={"orders": []}))["resolved"] is True


def test_twenty_submissions_of_one_member_at_once_never_pass_the_cap(runner, alice, bob):
    """The cap alone, without the opponent's orders closing the turn: of 20 submissions at once at most 5 are
    taken, each with its own number; whatever was refused as busy can be sent again, up to the 5th exactly."""
    duel = ok(alice.post("/v1/feinthold/duels", json={"opponent": bob.sub, "pace": "2d"}), 201)
    ok(bob.post(f"/v1/feinthold/duels/{duel['duel_id']}/accept"))
    path = f"/v1/feinthold/games/{duel['duel_id']}/turns/1/orders"
    answers = at_once([lambda: alice.put(path, json={"orders": []}) for _ in range(20)])
    assert {a.status_code for a in answers} <= {200, 409}
    numbers = sorted(a.json()["submission"] for a in answers if a.status_code == 200)
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) <= 5, numbers
    codes = {a.json()["error"]["code"] for a in answers if a.status_code == 409}
    assert codes <= {"submissions_used", "busy"}, codes
    while len(numbers) < 5:
        numbers.append(ok(alice.put(path, json={"orders": []}))["submission"])
    assert numbers == [1, 2, 3, 4, 5]
    assert alice.put(path, json={"orders": []}).json()["error"]["code"] == "submissions_used"
    assert ok(alice.get(f"/v1/feinthold/games/{duel['duel_id']}"))["my_submissions"] == 5
    assert ok(bob.put(path, json={"orders": []}))["resolved"] is True
