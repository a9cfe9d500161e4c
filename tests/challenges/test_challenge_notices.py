"""Feed notices to a doctrine's author: its challenges and their results, at most one notice per doctrine per
hour, every event told exactly once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from challenge_builders import HUMAN, T0, doctrine, house
from gameserver.clock import Pace
from gameserver.platform.challenges import (
    NOTICE_SPACING,
    AuthorEvent,
    ChallengeEnd,
    NoticeKind,
    events,
    finish,
    next_notice_at,
    notice_due,
    start,
    stop,
)
from hypothesis import given, settings
from hypothesis import strategies as st

D = doctrine().id


def event(game: str, minutes: float, kind: NoticeKind = NoticeKind.CHALLENGED) -> AuthorEvent:
    return AuthorEvent(D, "ann", game, kind, T0 + timedelta(minutes=minutes))


def test_a_challenge_and_its_result_are_events_for_the_author() -> None:
    challenge = start("g1", "bob", doctrine(), Pace.BLITZ, T0, [])
    assert events(None, challenge) == (AuthorEvent(D, "ann", "g1", NoticeKind.CHALLENGED, T0),)
    won_by_bob = finish(challenge, ChallengeEnd(T0 + timedelta(minutes=9), 1.0, 8, HUMAN))
    assert [e.kind for e in events(challenge, won_by_bob)] == [NoticeKind.LOST]
    assert events(won_by_bob, won_by_bob) == (), "an end written twice tells nothing more"
    drawn = finish(challenge, ChallengeEnd(T0 + timedelta(minutes=9), 0.5, 8, HUMAN))
    assert [e.kind for e in events(challenge, drawn)] == [NoticeKind.DRAWN]
    assert events(challenge, stop(challenge, T0 + timedelta(minutes=3))) == (), "a stopped game has no result"


def test_a_house_ai_has_no_author_to_tell() -> None:
    challenge = start("g1", "bob", house(), Pace.BLITZ, T0, [])
    assert events(None, challenge) == ()


def test_the_first_event_after_a_quiet_hour_is_told_at_once() -> None:
    pending = [event("g1", 0)]
    assert next_notice_at(pending, None) == T0
    notice = notice_due(pending, None, T0)
    assert notice is not None and notice.told == tuple(pending) and notice.count(NoticeKind.CHALLENGED) == 1
    assert notice.id == f"{D}#{T0.isoformat()}"
    assert next_notice_at(pending, T0 - NOTICE_SPACING) == T0


def test_events_within_the_hour_wait_and_are_told_together() -> None:
    last = T0
    pending = [event("g2", 5), event("g3", 20), event("g2", 14, NoticeKind.WON), event("g3", 31, NoticeKind.LOST)]
    assert next_notice_at(pending, last) == T0 + NOTICE_SPACING
    assert notice_due(pending, last, T0 + timedelta(minutes=59, seconds=59)) is None
    notice = notice_due(pending, last, T0 + NOTICE_SPACING)
    assert notice is not None
    assert [notice.count(kind) for kind in NoticeKind] == [2, 1, 0, 1]
    assert notice.games == ("g2", "g3") and [e.at for e in notice.told] == sorted(e.at for e in pending)


def test_an_event_after_now_keeps_waiting_and_an_event_written_twice_is_one() -> None:
    pending = [event("g1", 0), event("g1", 0), event("g2", 30)]
    notice = notice_due(pending, None, T0 + timedelta(minutes=10))
    assert notice is not None and notice.told == (event("g1", 0),)
    assert notice_due([], None, T0) is None and next_notice_at([], T0) is None


def test_a_notice_tells_one_doctrine() -> None:
    other = AuthorEvent("d-other", "ann", "g9", NoticeKind.CHALLENGED, T0)
    with pytest.raises(ValueError, match="one doctrine"):
        notice_due([event("g1", 0), other], None, T0)


@settings(max_examples=150, deadline=None)
@given(
    arrivals=st.lists(st.integers(0, 300), max_size=25),
    sweeps=st.lists(st.integers(0, 400), max_size=40),
)
def test_notices_are_an_hour_apart_and_tell_each_event_exactly_once(arrivals, sweeps) -> None:
    """Events arrive at random minutes; the sweep runs at random minutes and at each notice's due time. Two
    notices are never less than an hour apart, no event is told twice, and every event is told once the sweep
    has run after its due time."""
    pending = [event(f"g{n}", minute, NoticeKind.CHALLENGED) for n, minute in enumerate(arrivals)]
    waiting = list(pending)
    told: list[AuthorEvent] = []
    sent: list = []
    moments = sorted(T0 + timedelta(minutes=m) for m in sweeps)
    now = T0
    while True:
        due = next_notice_at(waiting, sent[-1] if sent else None)
        upcoming = [m for m in moments if m >= now]
        if due is None and not upcoming:
            break
        now = min(x for x in (due, upcoming[0] if upcoming else None) if x is not None)
        moments = [m for m in moments if m > now]
        notice = notice_due(waiting, sent[-1] if sent else None, now)
        if notice is not None:
            sent.append(notice.at)
            told.extend(notice.told)
            waiting = [e for e in waiting if e not in notice.told]
    assert all(b - a >= NOTICE_SPACING for a, b in zip(sent, sent[1:], strict=False))
    assert sorted(told, key=lambda e: e.game) == sorted(pending, key=lambda e: e.game)
