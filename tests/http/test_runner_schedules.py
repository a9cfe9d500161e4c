"""The runner delivers the template's schedules on its own clock, however far the clock jumps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from localrun.schedules import SCHEDULES, Scheduler, day_marks, load_handler, minute_marks, month_marks


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_crossed_minutes_collapse_into_one_sweep_at_the_latest():
    assert list(minute_marks(at("2026-11-29T10:00:30"), at("2026-11-29T10:05:10"))) == [at("2026-11-29T10:05:00")]
    assert list(minute_marks(at("2026-11-29T10:00:30"), at("2026-11-29T10:00:59"))) == []


def test_every_midnight_crossed_is_delivered():
    days = list(day_marks(at("2026-11-29T23:59:59"), at("2026-12-02T00:00:00")))
    assert days == [at("2026-11-30T00:00:00"), at("2026-12-01T00:00:00"), at("2026-12-02T00:00:00")]
    assert list(day_marks(at("2026-12-01T00:00:00"), at("2026-12-01T23:59:59"))) == []


def test_the_season_closes_on_the_first_only():
    assert list(month_marks(at("2026-11-15T12:00:00"), at("2027-01-01T00:00:00"))) == [
        at("2026-12-01T00:00:00"), at("2027-01-01T00:00:00")]


class FakeClock:
    def __init__(self, now: datetime):
        self.instant = now

    def now(self) -> datetime:
        return self.instant


def recording_loader(calls: list[tuple[str, str]], missing: frozenset[str] = frozenset()):
    def loader(dotted: str):
        if dotted in missing:
            return None

        def handler(event, context):
            calls.append((dotted.split(".")[-2], event["time"]))

        return handler

    return loader


def test_a_two_day_jump_sweeps_once_and_rotates_twice_in_order():
    clock = FakeClock(at("2026-11-29T12:00:30"))
    calls: list[tuple[str, str]] = []
    scheduler = Scheduler(clock.now, loader=recording_loader(calls))
    clock.instant += timedelta(days=2)
    fired = scheduler.tick()
    assert calls == [("rotate", "2026-11-30T00:00:00Z"), ("rotate", "2026-12-01T00:00:00Z"),
                     ("season", "2026-12-01T00:00:00Z"), ("sweep", "2026-12-01T12:00:00Z"),
                     ("channel", "2026-12-01T12:00:00Z")]
    assert [f.outcome for f in fired] == ["ok"] * len(calls)
    assert scheduler.tick() == []


def test_nothing_is_delivered_twice_and_sweep_now_sweeps_mid_minute():
    clock = FakeClock(at("2026-11-29T12:00:30"))
    calls: list[tuple[str, str]] = []
    scheduler = Scheduler(clock.now, loader=recording_loader(calls))
    clock.instant += timedelta(seconds=45)
    scheduler.tick()
    scheduler.tick()
    assert calls == [("sweep", "2026-11-29T12:01:00Z"), ("channel", "2026-11-29T12:01:00Z")]
    clock.instant += timedelta(seconds=5)
    scheduler.tick(sweep_now=True)
    assert calls[-2:] == [("sweep", "2026-11-29T12:01:20Z"), ("channel", "2026-11-29T12:01:20Z")]


def test_absent_handlers_are_skipped_and_failures_reported():
    clock = FakeClock(at("2026-11-30T23:59:00"))
    calls: list[tuple[str, str]] = []
    missing = frozenset({"gameserver.handlers.season.handler"})
    loader = recording_loader(calls, missing)

    def failing_loader(dotted: str):
        if dotted.endswith("rotate.handler"):
            def fail(event, context):
                raise RuntimeError("salt missing")
            return fail
        return loader(dotted)

    scheduler = Scheduler(clock.now, loader=failing_loader)
    clock.instant += timedelta(minutes=2)
    outcomes = {f.rule: f.outcome for f in scheduler.tick()}
    assert outcomes == {"due-turn-sweep": "ok", "daily-rotation": "error: RuntimeError: salt missing",
                        "season-close": "absent", "channel-closer": "ok"}


def test_the_loader_tells_a_missing_module_from_a_broken_one():
    assert load_handler("gameserver.handlers.no_such_module.handler") is None
    assert load_handler("json.dumps") is not None
    assert {s.handler for s in SCHEDULES} == {"gameserver.handlers.sweep.handler",
                                              "gameserver.handlers.rotate.handler",
                                              "gameserver.handlers.season.handler",
                                              "gameserver.handlers.channel.closer"}
