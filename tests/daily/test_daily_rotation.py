"""The Daily Front's rotation: drawn from the date and a secret salt; the house AI by weekday."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from gameserver.platform.daily import Noise, front_of_the_day, scheduled_day
from rules.feinthold import SIDES

SALT = b"a-secret-salt-of-the-platform-32"
LAYOUTS = [f"layout-{index:02d}" for index in range(10)]
MONDAY = date(2026, 11, 23)


def test_a_whole_week_of_house_ais_and_sundays_strong_noise() -> None:
    """"Monday and Thursday Sentinel, Tuesday and Friday Pivot, Wednesday and Saturday Ram, Sunday Ram with more noise"."""
    week = [front_of_the_day(MONDAY + timedelta(days=offset), SALT, LAYOUTS, SIDES) for offset in range(7)]
    assert [front.house_ai for front in week] == ["sentinel", "pivot", "ram", "sentinel", "pivot", "ram", "ram"]
    assert [front.noise for front in week] == [Noise.NORMAL] * 6 + [Noise.STRONG]


def test_the_same_date_twice_gives_the_same_front() -> None:
    assert front_of_the_day(MONDAY, SALT, LAYOUTS, SIDES) == front_of_the_day(MONDAY, SALT, list(reversed(LAYOUTS)), SIDES)


def test_a_different_salt_gives_a_different_front() -> None:
    first = front_of_the_day(MONDAY, SALT, LAYOUTS, SIDES)
    other = front_of_the_day(MONDAY, b"another-secret-salt-of-32-bytes!", LAYOUTS, SIDES)
    assert (first.noise_seed, first.game_seed) != (other.noise_seed, other.game_seed)
    assert first.house_ai == other.house_ai  # the weekday rule does not depend on the salt


def test_days_differ_and_every_layout_and_side_comes_up_over_a_year() -> None:
    year = [front_of_the_day(date(2026, 1, 1) + timedelta(days=offset), SALT, LAYOUTS, SIDES) for offset in range(365)]
    assert {front.layout_id for front in year} == set(LAYOUTS)
    assert {front.side for front in year} == {"south", "north"}
    assert len({front.game_seed for front in year}) == 365
    assert len({front.noise_seed for front in year}) == 365


def test_the_draw_is_an_hmac_of_the_date() -> None:
    """The seeds are the HMAC-SHA256 of the date under the salt: without the salt, nothing is computable."""
    import hashlib
    import hmac

    front = front_of_the_day(MONDAY, SALT, LAYOUTS, SIDES)
    digest = hmac.new(SALT, b"daily-front/2026-11-23/game", hashlib.sha256).digest()
    assert front.game_seed == int.from_bytes(digest[:8], "big") & ((1 << 63) - 1)


def test_a_short_salt_or_no_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="salt"):
        front_of_the_day(MONDAY, b"short", LAYOUTS, SIDES)
    with pytest.raises(ValueError, match="layout"):
        front_of_the_day(MONDAY, SALT, [], SIDES)


def test_json_form() -> None:
    data = front_of_the_day(MONDAY + timedelta(days=6), SALT, LAYOUTS, SIDES).to_json()
    assert data["day"] == "2026-11-29" and data["noise"] == "strong" and data["house_ai"] == "ram"


def test_the_day_comes_from_the_scheduled_time_not_the_clock() -> None:
    assert scheduled_day({"time": "2026-11-29T00:00:00Z"}) == date(2026, 11, 29)
    assert scheduled_day({"time": datetime(2026, 11, 29, 0, 0, tzinfo=UTC)}) == date(2026, 11, 29)
    # A time in another zone names its UTC day.
    assert scheduled_day({"time": "2026-11-29T01:30:00+02:00"}) == date(2026, 11, 28)
    with pytest.raises(ValueError):
        scheduled_day({"detail": {}})
    with pytest.raises(ValueError):
        scheduled_day({"time": "2026-11-29T00:00:00"})


def test_the_front_of_the_day_builds_a_game_and_its_house_ai_with_the_engine() -> None:
    """The seam with the engine: every parameter is one the engine and the house AIs accept."""
    from rules.feinthold import LAYOUTS, new_game
    from rules.feinthold.doctrine import house_ai

    ids = [layout.id for layout in LAYOUTS]
    sunday = front_of_the_day(MONDAY + timedelta(days=6), SALT, ids, SIDES)
    game = new_game(sunday.game_seed, sunday.layout_id)
    assert game.layout.id == sunday.layout_id
    strong = house_ai(sunday.house_ai, sunday.noise_seed, sunday.noise)
    assert strong == house_ai("ram", sunday.noise_seed, "strong")
