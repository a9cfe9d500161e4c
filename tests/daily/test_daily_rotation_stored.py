"""The 00:00 UTC rotation stored: a whole week fired by the local runner's schedules on the manual clock, then
duplicate, late and out-of-order deliveries, and a day the schedule missed (moto in-process)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from daily_world import SALT, member
from gameserver import parameters
from gameserver.config import get_settings
from gameserver.domain.daily import front as daily_front
from gameserver.handlers.rotate import handler as rotate_handler
from gameserver.platform.daily import Noise, front_of_the_day
from localrun.events import LambdaContext, scheduled_event
from localrun.schedules import SCHEDULES, Scheduler
from rules.feinthold import LAYOUTS, SIDES
from rules.feinthold.doctrine.house import house_ai

SUNDAY_NOON = datetime(2026, 11, 22, 12, 0, 0, tzinfo=UTC)
WEEK = [date(2026, 11, 23) + timedelta(days=offset) for offset in range(7)]  # Monday .. Sunday
LAYOUT_IDS = [layout.id for layout in LAYOUTS]


def stored(store, day: date):
    return store.daily.get_front(day)


def deliver(day_or_time: datetime) -> dict:
    return rotate_handler(scheduled_event("daily-rotation", day_or_time), LambdaContext("rotate"))


def use_salt(monkeypatch: pytest.MonkeyPatch, salt: str) -> None:
    monkeypatch.setenv("DAILY_SALT", salt)
    get_settings.cache_clear()
    parameters.forget()


def test_a_whole_week_on_the_manual_clock(store, clock):
    """The runner's schedules fire the rotation at each 00:00 UTC crossed; each day gets its Front: "Monday and
    Thursday Sentinel, Tuesday and Friday Pivot, Wednesday and Saturday Ram, Sunday Ram with more noise"."""
    clock.set(SUNDAY_NOON)
    scheduler = Scheduler(clock.now, schedules=tuple(s for s in SCHEDULES if s.rule == "daily-rotation"))
    assert all(stored(store, day) is None for day in WEEK)

    clock.advance(7 * 24 * 3600)
    firings = scheduler.tick()

    assert [(f.at.date(), f.outcome) for f in firings] == [(day, "ok") for day in WEEK]
    fronts = [stored(store, day) for day in WEEK]
    assert fronts == [front_of_the_day(day, SALT.encode(), LAYOUT_IDS, SIDES) for day in WEEK]
    assert [f.house_ai for f in fronts] == ["sentinel", "pivot", "ram", "sentinel", "pivot", "ram", "ram"]
    assert [f.noise for f in fronts] == [Noise.NORMAL] * 6 + [Noise.STRONG]
    assert scheduler.tick() == [], "nothing more is due until the next midnight"


def test_sundays_game_plays_the_ram_with_more_noise(store, clock):
    """The house AI that plays a member's Sunday Front is the Ram with the day's noise seed, strong."""
    sunday = WEEK[-1]
    clock.set(datetime.combine(sunday, datetime.min.time(), UTC) + timedelta(hours=10))
    deliver(datetime.combine(sunday, datetime.min.time(), UTC))
    started = daily_front.start_front(store, clock, member("sunny"))
    front = stored(store, sunday)
    game_id = started["game"]["game_id"]
    read = store.games.read_step(game_id)
    board = read.board
    house_side = "north" if front.side == "south" else "south"
    assert started["front"]["house_ai"] == "ram" and started["front"]["noise"] == "strong"
    assert board.stand_ins[house_side] == house_ai("ram", front.noise_seed, "strong").to_json()
    assert board.stand_ins[house_side] != house_ai("ram", front.noise_seed, "normal").to_json()


def test_a_duplicate_delivery_changes_nothing_even_under_another_salt(store, clock, monkeypatch):
    monday = datetime(2026, 11, 23, 0, 0, tzinfo=UTC)
    assert deliver(monday) == {"day": "2026-11-23", "outcome": "created"}
    first = stored(store, monday.date())
    use_salt(monkeypatch, "a-later-salt-that-would-draw-otherwise")
    assert deliver(monday) == {"day": "2026-11-23", "outcome": "exists"}
    assert stored(store, monday.date()) == first


def test_a_late_delivery_creates_the_day_of_its_scheduled_time_not_of_the_clock(store, clock):
    """Monday's firing delivered on Wednesday still names Monday (the event's ``time``), never the clock's day."""
    clock.set(datetime(2026, 11, 25, 15, 30, tzinfo=UTC))
    assert deliver(datetime(2026, 11, 23, 0, 0, tzinfo=UTC))["day"] == "2026-11-23"
    assert stored(store, date(2026, 11, 23)) == front_of_the_day(date(2026, 11, 23), SALT.encode(), LAYOUT_IDS, SIDES)
    assert stored(store, date(2026, 11, 25)) is None


def test_deliveries_out_of_order_each_create_their_own_day(store, clock):
    tuesday, monday = datetime(2026, 11, 24, tzinfo=UTC), datetime(2026, 11, 23, tzinfo=UTC)
    assert deliver(tuesday)["outcome"] == "created"
    assert deliver(monday)["outcome"] == "created"
    assert deliver(tuesday)["outcome"] == "exists"
    assert stored(store, tuesday.date()).house_ai == "pivot" and stored(store, monday.date()).house_ai == "sentinel"


def test_a_day_the_schedule_missed_is_created_by_the_first_request_that_needs_it(store, clock):
    thursday = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)
    clock.set(thursday)
    assert stored(store, thursday.date()) is None
    today = daily_front.my_front(store, clock, member("early"))
    assert today["front"]["day"] == "2026-11-26" and today["front"]["house_ai"] == "sentinel"
    assert today["mine"] is None
    assert stored(store, thursday.date()) == front_of_the_day(thursday.date(), SALT.encode(), LAYOUT_IDS, SIDES)
    assert deliver(datetime(2026, 11, 26, tzinfo=UTC))["outcome"] == "exists", "the late schedule changes nothing"


def test_without_a_salt_the_front_cannot_be_drawn(store, clock, monkeypatch):
    use_salt(monkeypatch, "")
    with pytest.raises(parameters.MissingSecret):
        deliver(datetime(2026, 11, 23, tzinfo=UTC))
