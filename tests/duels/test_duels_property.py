"""A property of the stored duels (moto in-process): random sequences of proposals, withdrawals, declines,
accepts, readies, submissions, clock moves with sweeps (proposals lapse: 1 hour blitz, 7 days correspondence),
duplicate, early and late timer deliveries and lapses, answers after a proposal's lapse time, and abandons, with
failures injected at the Nth DynamoDB request and every Mth after it (a botocore hook raising: before the
request, so it is never sent, or after it, so it took effect and its answer is lost).

After every step the credits invariant holds (balances + escrows = grants; every balance and escrow equals
its ledger lines). At the end, once the clock has run far enough for every deadline and every pending
proposal has lapsed: no duel paid twice, every accepted duel ended in exactly one of won, drawn, cancelled,
every other in one of declined, withdrawn, lapsed, cancelled, its escrow is empty, and its game (if it started)
is over. Members m0 and m1 are drawn to share a device or not: a finished duel between them is linked exactly
when they do and it ended within 30 days of that sighting, and a linked duel pays nobody (stakes returned).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest
from duel_world import START, credit_problems, join, scan, send
from gameserver.domain.duels import service as duels
from gameserver.errors import DomainError
from gameserver.identity import Caller
from gameserver.play import steps
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

MEMBERS = [Caller(sub=f"m{n}", groups=frozenset(), username=f"m{n}") for n in range(3)]


class InjectedFault(Exception):
    """The failure the test injects between two storage calls."""


ACTIONS = {
    "propose": 14, "accept": 18, "ready": 14, "turn": 26, "submit": 3, "advance": 10, "timer": 7, "abandon": 5,
    "withdraw": 3, "decline": 2,
}
"""How often each step comes: weighted so that proposals get accepted and games get played, not only refused."""


def plan_of(rng: random.Random, size: int) -> list[tuple]:
    """A random sequence of steps (drawn from a seed hypothesis picks, so an example is replayable). It starts
    with a correspondence duel proposed and accepted, so every example has a game in play to end (or fail)."""
    plan: list[tuple] = [("propose", 0, 1, "1d", 10), ("accept", 0, False)]
    for kind in rng.choices(list(ACTIONS), weights=list(ACTIONS.values()), k=size):
        if kind == "propose":
            a = rng.randrange(3)
            plan.append((kind, a, rng.choice([None, (a + 1) % 3, (a + 2) % 3]), rng.choice(["blitz", "1d"]),
                         rng.choice([0, 10, 60])))
        elif kind == "advance":
            plan.append((kind, rng.choice([5, 61, 1800, 3600, 86_401, 7 * 86_400])))
        elif kind == "timer":
            plan.append((kind, rng.randrange(3), rng.choice(["turn", "late-turn", "ready-room", "lapse"])))
        elif kind == "turn":
            plan.append((kind, rng.randrange(3), rng.choice([1, 1, 2, 8])))  # 8: play the game out
        else:
            plan.append((kind, rng.randrange(3), rng.random() < 0.1))
    return plan


def actor(store, duel_id: str, action: str, other: bool) -> Caller:
    """Who does ``action``: mostly the member the rules expect (so games get played), sometimes the other one
    (``other``), whom the rules must refuse or treat as the other side."""

    stored = store.duels.read(duel_id).stored
    assert stored is not None
    duel = stored.duel
    if action == "accept":
        candidates = [m for m in MEMBERS if m.sub != duel.proposer and duel.opponent in (None, m.sub)]
    elif action == "withdraw":
        candidates = [m for m in MEMBERS if m.sub == duel.proposer]
    elif action == "decline":
        candidates = [m for m in MEMBERS if m.sub == duel.opponent]
    else:
        candidates = [m for m in MEMBERS if m.sub in duel.members]
    if other or not candidates:
        candidates = [m for m in MEMBERS if m not in candidates] or MEMBERS
    return candidates[(len(duel.id) + int(duel.id[-1], 16)) % len(candidates)]


def run_step(store, clock, step: tuple, made: list[str]) -> None:
    kind = step[0]
    if kind == "propose":
        _, a, b, pace, stake = step
        opponent = None if b is None or b == a else MEMBERS[b].sub
        made.append(duels.propose_duel(store, clock, MEMBERS[a], opponent=opponent, pace=pace, stake=stake)["duel_id"])
    elif kind == "advance":
        clock.advance(step[1])
        steps.sweep(store, clock)
        duels.sweep(store, clock)
    elif kind == "timer" and made:
        duel_id = made[-1 - step[1] % len(made)]
        if step[2] == "ready-room":
            duels.close_ready_room(store, clock, duel_id)
        elif step[2] == "lapse":  # a lapse called early, on time, twice, or on a duel answered meanwhile
            duels.lapse_proposal(store, clock, duel_id)
        else:
            game = store.games.get(duel_id)
            if game is not None:
                steps.resolve(store, clock, duel_id, game.step - (1 if step[2] == "late-turn" else 0))
    elif kind == "turn" and made:
        duel_id = made[-1 - step[1] % len(made)]
        for _ in range(step[2]):
            game = store.games.get(duel_id)
            if game is None or game.status != "open":
                return
            clock.advance(5)
            for sub in game.players.values():
                send(store, clock, next(m for m in MEMBERS if m.sub == sub), duel_id, game.step)
    elif made:
        duel_id = made[-1 - step[1] % len(made)]
        caller = actor(store, duel_id, kind, other=step[2])
        if kind == "submit":
            game = store.games.get(duel_id)
            if game is not None:
                send(store, clock, caller, duel_id, game.step)
        else:
            action = {"accept": duels.accept_duel, "decline": duels.decline_duel, "withdraw": duels.withdraw_duel,
                      "ready": duels.ready, "abandon": duels.abandon}[kind]
            action(store, clock, caller, duel_id)


def drain(store, clock) -> None:
    """Let every deadline pass: the sweeps lapse what nobody answered and end every game."""
    for _ in range(10):
        if not any(i["status"]["S"] in ("proposed", "ready-room", "playing")
                   for i in scan(store, "duel", attributes=("status",))):
            return
        clock.advance(3 * 86_400 + 1)
        steps.sweep(store, clock)
        duels.sweep(store, clock)


@pytest.mark.usefixtures("aws_environment")
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.integers(8, 16), fail_at=st.integers(1, 80),
       fail_every=st.sampled_from([0, 13, 31, 57]), lost=st.booleans(), shared=st.booleans())
def test_credits_hold_and_every_duel_ends_once_whatever_fails(seed: int, size: int, fail_at: int,
                                                             fail_every: int, lost: bool, shared: bool) -> None:
    """``fail_at``: the storage call that fails first; ``fail_every``: then every so many calls (0: only once),
    so one run meets failures at many points between two storage calls, not one. ``lost``: the failure comes
    after the call instead, its answer lost: the request was carried out, the caller does not know it."""
    plan = plan_of(random.Random(seed), size)
    from gameserver import services
    from gameserver.clock import ManualClock, set_clock
    from gameserver.config import get_settings
    from gameserver.domain.fairplay import forget_written, record
    from gameserver.domain.members import forget_known_profiles
    from gameserver.storage.dynamodb.tables import create_tables
    from moto import mock_aws

    get_settings.cache_clear()
    services.reset()
    forget_known_profiles()
    forget_written()
    clock = ManualClock(START)
    previous = set_clock(clock)  # the spine's hook reads the process's clock
    try:
        with mock_aws():
            create_tables()
            store = services.storage()
            join(store, clock, *MEMBERS)
            for m in MEMBERS:  # ``shared``: m0 and m1 seen with one device, linked accounts for 30 days
                record(store, clock.now(), m.sub, "one-phone" if shared and m in MEMBERS[:2] else m.sub, None)
            calls = Counter()

            def fault(**_: Any) -> None:
                calls["n"] += 1
                n = calls["n"]
                if n == fail_at or (fail_every and n > fail_at and (n - fail_at) % fail_every == 0):
                    raise InjectedFault(f"storage call {n} failed")

            hook = "after-call.dynamodb" if lost else "before-call.dynamodb"
            store.client.meta.events.register(hook, fault)
            made: list[str] = []
            for step in plan:
                with contextlib.suppress(DomainError, InjectedFault):
                    run_step(store, clock, step, made)
                store.client.meta.events.unregister(hook, fault)
                assert credit_problems(store, [m.sub for m in MEMBERS], made) == [], f"after {step}"
                store.client.meta.events.register(hook, fault)
            store.client.meta.events.unregister(hook, fault)

            drain(store, clock)
            assert credit_problems(store) == []
            items = scan(store, "ledger", "game", "duel")
            lines_of: dict[str, list[tuple[str, int, str]]] = {}
            for item in items:
                if item.get("type", {}).get("S") == "ledger" and item["ref"]["S"]:
                    lines_of.setdefault(item["ref"]["S"], []).append(
                        (item["sub"]["S"], int(item["amount"]["N"]), item["kind"]["S"]))
            games = {item["pk"]["S"][5:]: item["status"]["S"] for item in items if item.get("type", {}).get("S") == "game"}
            for item in items:
                if item.get("type", {}).get("S") != "duel":
                    continue
                duel, status = json.loads(item["duel"]["S"]), item["status"]["S"]
                lines = lines_of.get(duel["id"], [])
                assert int(item["escrow"]["N"]) == 0 and sum(amount for _, amount, _ in lines) == 0
                assert sum(1 for *_, kind in lines if kind == "payout") <= 1, "a duel pays once"
                assert Counter(kind for *_, kind in lines)["escrow"] <= 2
                event(f"duel {status}" + (" (started)" if duel["started_at"] else ""))
                if duel["accepted_at"] is not None:
                    assert status in ("won", "drawn", "cancelled"), duel
                else:
                    assert status in ("declined", "withdrawn", "lapsed", "cancelled"), duel
                if status == "lapsed":
                    assert duel["accepted_at"] is None and sorted(lines) == sorted(
                        [(duel["proposer"], -duel["stake"], "escrow"), (duel["proposer"], duel["stake"], "return")]
                        if duel["stake"] else []), duel
                if status in ("won", "drawn"):  # linked: judged at the end, within 30 days of the day they shared
                    window = datetime.combine(START.date(), time(23, 59, 59), UTC) + timedelta(days=30)
                    assert duel["linked"] == (shared and {duel["proposer"], duel["opponent"]} == {"m0", "m1"}
                                              and datetime.fromisoformat(duel["finished_at"]) <= window), duel
                    event("linked" if duel["linked"] else "not linked")
                if duel["linked"]:
                    assert not any(kind == "payout" for *_, kind in lines), "linked: stakes returned"
                if status == "won" and duel["stake"] and not duel["too_fast"] and not duel["linked"]:
                    assert (duel["winner"], 2 * duel["stake"], "payout") in lines
                if duel["started_at"] is not None:
                    assert games.get(duel["id"]) == "over", duel
    finally:
        set_clock(previous)
        services.reset()
