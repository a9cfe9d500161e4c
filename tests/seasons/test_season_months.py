"""Which month a scheduled close closes, the two stages' times, and the months a late or repeated close closes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from gameserver.platform.seasons import (
    Stage,
    check_season,
    closed_month,
    months_to_close,
    next_season,
    season_end,
    season_of,
    season_start,
)


def test_a_close_closes_the_month_of_its_scheduled_time_minus_one_day() -> None:
    assert closed_month(datetime(2026, 12, 1, tzinfo=UTC)) == "2026-11"
    assert closed_month(datetime(2027, 1, 1, tzinfo=UTC)) == "2026-12"
    assert closed_month(datetime(2026, 3, 1, 0, 30, tzinfo=UTC)) == "2026-02", "the titles' 00:30 too"
    # The scheduled time is what counts, never when the event is read: a delivery on the 3rd of a
    # schedule of the 1st still closes the month before the 1st.
    assert closed_month(datetime(2026, 12, 1, tzinfo=UTC)) == closed_month(datetime(2026, 12, 1, 23, 59, tzinfo=UTC))


def test_a_season_is_a_utc_month() -> None:
    paris = timezone(timedelta(hours=1))
    assert season_of(datetime(2026, 12, 1, 0, 30, tzinfo=paris)) == "2026-11"
    assert season_of(datetime(2026, 11, 30, 23, 59, 59, tzinfo=UTC)) == "2026-11"
    assert season_of(datetime(2026, 12, 1, tzinfo=UTC)) == "2026-12"
    with pytest.raises(ValueError):
        season_of(datetime(2026, 12, 1))
    assert (season_start("2026-12"), season_end("2026-12")) == (
        datetime(2026, 12, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))
    assert next_season("2026-12") == "2027-01"
    for bad in ("2026-13", "2026-1", "26-01", "2026-00"):
        with pytest.raises(ValueError):
            check_season(bad)


def test_prizes_at_00_00_and_titles_at_00_30_on_the_first() -> None:
    assert Stage.PRIZES.opens_at("2026-11") == datetime(2026, 12, 1, tzinfo=UTC)
    assert Stage.TITLES.opens_at("2026-11") == datetime(2026, 12, 1, 0, 30, tzinfo=UTC)
    assert Stage.TITLES.opens_at("2026-12") == datetime(2027, 1, 1, 0, 30, tzinfo=UTC)


def test_a_missed_month_is_closed_by_the_next_delivery_oldest_first() -> None:
    assert months_to_close(None, "2026-11") == ("2026-11",)
    assert months_to_close("2026-10", "2026-11") == ("2026-11",)
    assert months_to_close("2026-09", "2026-11") == ("2026-10", "2026-11")
    assert months_to_close("2026-11", "2027-02") == ("2026-12", "2027-01", "2027-02")


def test_a_duplicate_or_out_of_order_delivery_closes_nothing() -> None:
    assert months_to_close("2026-11", "2026-11") == ()
    assert months_to_close("2026-11", "2026-10") == ()


def test_doctests_of_the_module() -> None:
    import doctest

    from gameserver.platform.seasons import season as season_module

    results = doctest.testmod(season_module)
    assert results.attempted > 0 and results.failed == 0
