"""Identity from the authorizer's claims, the clocks, the settings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from gameserver.clock import ManualClock, SystemClock, get_clock, iso, parse_iso, set_clock
from gameserver.config import load_settings
from gameserver.identity import Unauthenticated, caller_from_event, parse_groups
from hypothesis import given
from hypothesis import strategies as st


def _event(claims):
    return {"requestContext": {"authorizer": {"jwt": {"claims": claims}}}}


@pytest.mark.parametrize(
    ("raw", "groups"),
    [("[moderators]", {"moderators"}), ("[a b]", {"a", "b"}), ("[]", set()), (None, set()), (["x", "y"], {"x", "y"})],
)
def test_groups_arrive_flattened_to_a_string(raw, groups):
    assert parse_groups(raw) == frozenset(groups)


def test_a_moderator_is_a_member_of_the_moderators_group():
    caller = caller_from_event(_event({"sub": "m-1", "cognito:groups": "[players moderators]"}))
    assert caller.is_moderator and caller.sub == "m-1"
    assert not caller_from_event(_event({"sub": "p-1", "cognito:groups": "[players]"})).is_moderator


@pytest.mark.parametrize("event", [{}, {"requestContext": {}}, _event({}), _event({"sub": "  "}), _event("x")])
def test_no_verified_subject_is_refused(event):
    with pytest.raises(Unauthenticated):
        caller_from_event(event)


def test_the_manual_clock_moves_only_forward_and_only_when_told():
    start = datetime(2026, 1, 1, tzinfo=UTC)
    clock = ManualClock(start)
    assert clock.now() == start == clock.now()
    assert clock.advance(90) == start + timedelta(seconds=90)
    clock.set(datetime(2026, 1, 1, 5, tzinfo=timezone(timedelta(hours=2))))
    assert clock.now() == datetime(2026, 1, 1, 3, tzinfo=UTC)
    with pytest.raises(ValueError):
        clock.advance(-1)
    with pytest.raises(ValueError):
        clock.set(datetime(2026, 1, 1))


def test_set_clock_installs_and_returns_the_previous_one():
    manual = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    previous = set_clock(manual)
    try:
        assert get_clock() is manual
    finally:
        set_clock(previous)
    assert isinstance(SystemClock().now().tzinfo, type(UTC))


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)))
def test_deadlines_are_whole_utc_seconds_ending_in_z(when):
    text = iso(when)
    assert text.endswith("Z") and len(text) == 20
    assert parse_iso(text) == when.replace(microsecond=0)


def test_settings_come_from_the_environment():
    settings = load_settings({"TABLE_NAME": "t", "IDEMPOTENCY_TABLE_NAME": "i", "TURN_TIMER_ARN": "arn:x",
                              "AWS_REGION": "eu-west-1", "AWS_LAMBDA_FUNCTION_NAME": "api"})
    assert (settings.table_name, settings.idempotency_table_name, settings.turn_timer_arn) == ("t", "i", "arn:x")
    assert settings.region == "eu-west-1" and settings.tracing_enabled
    assert not load_settings({"AWS_LAMBDA_FUNCTION_NAME": "api", "POWERTOOLS_TRACE_DISABLED": "true"}).tracing_enabled
    assert not load_settings({}).tracing_enabled
