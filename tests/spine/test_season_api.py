"""A month closed through the local runner's schedule (the template's EventBridge rules on the runner's clock, the
Lambda handler under Powertools idempotency on the season's id) and directly, three times over (a duplicate, a late
delivery, one out of order): prizes paid once, titles once, the titles read from the challenge boards (issue 16:
"titles -> challenge boards"), the season's page, the winners' history and feed notices through HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from gameserver.clock import iso
from gameserver.domain import doctrines, members
from gameserver.domain.challenges import publication
from gameserver.domain.seasons import close
from gameserver.handlers.season import handler
from gameserver.platform.challenges import ChallengerLine, DoctrineLine
from gameserver.storage.duels import MonthLine
from localrun.events import LambdaContext, scheduled_event
from localrun.schedules import Scheduler
from moderation_world import MODERATOR, World, member, world_on_memory

SEASON = "2026-11"
MIDNIGHT = datetime(2026, 12, 1, tzinfo=UTC)
OLD = datetime(2024, 1, 1, tzinfo=UTC)
DUELISTS = [member(f"duelist{n}") for n in range(11)]
COMMANDER, FROZEN, AUTHOR = member("commander"), member("frozen-challenger"), member("author")
IDLE = {"name": "idle", "rules": [{"if": [{"units_at": {"at": "my-hq", "at_least": 40}}],
                                   "then": {"advance": {"from": "my-hq", "toward": "centre"}}}]}


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    with world_on_memory(monkeypatch) as made:
        made.clock.set(MIDNIGHT - timedelta(minutes=5))
        for caller in (*DUELISTS, COMMANDER, FROZEN, AUTHOR, MODERATOR):
            members.ensure_profile(made.store, made.clock, caller)
        t = made.store.tables
        for n, caller in enumerate(DUELISTS):
            t.duel_months[(caller.sub, SEASON)] = MonthLine(caller.sub, SEASON, 8, Decimal(1900 - n), iso(OLD))
        challengers = t.challenges.challenger_months
        challengers[(FROZEN.sub, SEASON)] = ChallengerLine(FROZEN.sub, Decimal(2200), 9, OLD)
        challengers[(COMMANDER.sub, SEASON)] = ChallengerLine(COMMANDER.sub, Decimal(2100), 8, OLD)
        doctrines.create_doctrine(made.store, made.clock, AUTHOR, IDLE)
        doctrine_id = publication.publish_doctrine(made.store, made.clock, AUTHOR, 1, "Steady")["doctrine_id"]
        t.challenges.doctrine_months[(doctrine_id, SEASON)] = DoctrineLine(doctrine_id, AUTHOR.sub, Decimal(1700),
                                                                           10, OLD)
        made.act("POST", f"/v1/moderation/members/{FROZEN.sub}/freeze", MODERATOR, {"why": "a bot"})
        yield made


def credits(w: World, caller) -> int:
    return w.balance(caller.sub)


def test_a_month_closed_three_times_through_the_schedule_and_directly_pays_and_titles_once(world):
    scheduler = Scheduler(now=world.clock.now)
    world.clock.set(MIDNIGHT + timedelta(seconds=30))
    firings = {f.rule: f.outcome for f in scheduler.tick()}
    assert firings["season-close"] == "ok"
    paid = [credits(world, caller) for caller in DUELISTS]
    assert paid == [100 + prize for prize in (150, 100, 60, 25, 25, 25, 25, 25, 25, 25)] + [100]
    event = scheduled_event("season-close", MIDNIGHT)
    first = handler(event, LambdaContext("season"))
    assert first["outcomes"] == {SEASON: "prizes"}  # the duplicate: the idempotency record's answer
    world.clock.set(MIDNIGHT + timedelta(days=2))  # late, after the titles' time
    assert handler(event, LambdaContext("season")) == first  # still the record's answer: nothing runs again
    assert handler(scheduled_event("season-close", MIDNIGHT - timedelta(days=30)),
                   LambdaContext("season"))["outcomes"] == {}  # October's delivery, out of order
    assert [f.outcome for f in scheduler.tick() if f.rule == "due-turn-sweep"] == ["ok"]  # the titles' stage
    assert close.close_through(world.store, world.clock, SEASON) == {}  # directly: closed already
    assert [credits(world, caller) for caller in DUELISTS] == paid

    status, page = world.act("GET", f"/v1/seasons/{SEASON}", DUELISTS[3])
    assert status == 200 and page["status"] == "closed" and all(p["paid"] for p in page["prizes"])
    titles = {t["title"]: t["member"] for t in page["titles"]}
    assert titles == {"commander-of-the-month": COMMANDER.sub, "doctrine-of-the-month": AUTHOR.sub}
    assert [line["member"] for line in page["challengers"]] == [FROZEN.sub, COMMANDER.sub]
    assert credits(world, COMMANDER) == credits(world, AUTHOR) == 100  # titles, never credits
    status, history = world.act("GET", f"/v1/seasons/members/{DUELISTS[0].sub}", COMMANDER)
    assert status == 200 and [(h["season"], h["place"], h["credits"]) for h in history["lines"]] == [
        (SEASON, 1, 150)]
    feed = world.act("GET", "/v1/feed", COMMANDER)[1]["notices"]
    assert [(n["kind"], n["season"], n["title"]) for n in feed] == [
        ("season-title", SEASON, "commander-of-the-month")]
    assert world.act("GET", f"/v1/seasons/members/{FROZEN.sub}", COMMANDER)[1]["lines"] == []
    assert world.act("GET", "/v1/seasons/2026-12", COMMANDER)[0] == 404
    assert world.invariant() == []
