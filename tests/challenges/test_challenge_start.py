"""Who may challenge what, and whether a challenge is rated, fixed at its start (3 in 7 rolling days)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from challenge_builders import HUMAN, T0, doctrine, house, played
from gameserver.clock import Pace
from gameserver.platform.challenges import (
    Challenge,
    ChallengeEnd,
    ChallengeRuleError,
    ChallengeStatus,
    ChallengeUnrated,
    finish,
    hide,
    rated_in_window,
    start,
    start_verdict,
    withdraw,
)

WEEK = timedelta(days=7)


def refused(**overrides) -> str:
    arguments = {"challenge_id": "g1", "challenger": "bob", "doctrine": doctrine(), "pace": Pace.BLITZ,
                 "at": T0, "mine": [], **overrides}
    with pytest.raises(ChallengeRuleError) as error:
        start(**arguments)
    return error.value.rule


def test_a_member_challenges_a_published_doctrine_or_a_house_ai_at_blitz_or_rapid() -> None:
    for target in (doctrine(), house()):
        for pace in (Pace.BLITZ, Pace.RAPID):
            challenge = start("g1", "bob", target, pace, T0, [])
            assert challenge.status is ChallengeStatus.PLAYING and challenge.rated and challenge.why is None
            assert (challenge.doctrine, challenge.version, challenge.author) == (target.id, 1, target.author)
    assert refused(pace=Pace.DAY) == "challenge-pace"


def test_a_member_cannot_challenge_their_own_doctrine() -> None:
    assert refused(challenger="ann") == "not-own-doctrine"


def test_a_withdrawn_or_hidden_doctrine_cannot_be_challenged() -> None:
    assert refused(doctrine=withdraw(doctrine(), "ann", T0)) == "doctrine-withdrawn"
    assert refused(doctrine=hide(doctrine(), T0)) == "doctrine-hidden"


def test_games_in_progress_against_a_doctrine_hidden_meanwhile_finish_and_count() -> None:
    challenge = start("g1", "bob", doctrine(), Pace.BLITZ, T0, [])
    hide(doctrine(), T0 + timedelta(minutes=1))  # the doctrine's state does not reach the game
    ended = finish(challenge, ChallengeEnd(T0 + timedelta(minutes=9), 1.0, 8, HUMAN))
    assert ended.counts


def test_a_frozen_member_cannot_start_a_challenge() -> None:
    assert refused(challenger_frozen=True) == "ratings-frozen"


def test_one_challenge_in_progress_per_member_and_doctrine() -> None:
    playing = start("g0", "bob", doctrine(), Pace.BLITZ, T0 - timedelta(minutes=2), [])
    assert refused(mine=[playing]) == "one-challenge-in-progress"
    other = doctrine("cid", "d-cid-1")
    assert start("g2", "bob", other, Pace.BLITZ, T0, [playing]).rated, "another doctrine may be challenged"
    ended = finish(playing, ChallengeEnd(T0 - timedelta(minutes=1), 0.0, 8, HUMAN))
    assert start("g1", "bob", doctrine(), Pace.BLITZ, T0, [ended]).rated


def three_counted(before: timedelta, target=None) -> list[Challenge]:
    """Three counted challenges by bob of ``target``, the oldest ending ``before`` the moment T0."""
    target = target or doctrine()
    mine: list[Challenge] = []
    for index in range(3):
        began = T0 - before - timedelta(minutes=10) + timedelta(hours=index)
        mine.append(played("bob", target, began, score=0.0, mine=mine))
    assert all(c.counts for c in mine)
    return mine


def test_the_fourth_in_7_days_is_unrated_and_the_member_is_told_before_starting() -> None:
    mine = three_counted(timedelta(days=2))
    assert start_verdict("bob", doctrine(), T0, mine) is ChallengeUnrated.WEEKLY_LIMIT
    fourth = start("g4", "bob", doctrine(), Pace.BLITZ, T0, mine)
    assert not fourth.rated and fourth.why is ChallengeUnrated.WEEKLY_LIMIT
    won = finish(fourth, ChallengeEnd(T0 + timedelta(minutes=9), 1.0, 8, HUMAN))
    assert not won.counts and won.why is ChallengeUnrated.WEEKLY_LIMIT, "fixed at its start, whatever happens next"


def test_the_window_is_7_times_24_hours_a_challenge_ended_exactly_then_is_out() -> None:
    mine = three_counted(WEEK)  # the oldest ended exactly 7 x 24 h before T0
    assert rated_in_window("bob", doctrine().id, T0, mine) == 2
    assert start_verdict("bob", doctrine(), T0, mine) is None
    assert start_verdict("bob", doctrine(), T0 - timedelta(seconds=1), mine) is ChallengeUnrated.WEEKLY_LIMIT


def test_a_challenge_that_ended_at_the_very_instant_of_the_start_is_in_the_window() -> None:
    mine = three_counted(timedelta(days=1))
    third_end = mine[-1].ended_at
    assert rated_in_window("bob", doctrine().id, third_end, mine) == 3
    assert start_verdict("bob", doctrine(), third_end, mine) is ChallengeUnrated.WEEKLY_LIMIT


def test_one_in_progress_rated_at_its_start_holds_a_place() -> None:
    mine = three_counted(timedelta(days=3))[:2]
    playing = start("g3", "bob", doctrine(), Pace.BLITZ, T0 - timedelta(minutes=1), mine)
    assert playing.rated
    assert rated_in_window("bob", doctrine().id, T0, [*mine, playing]) == 3
    assert start_verdict("bob", doctrine(), T0, [*mine, playing]) is ChallengeUnrated.WEEKLY_LIMIT


def test_a_rated_start_that_did_not_count_at_its_end_frees_its_place() -> None:
    mine = three_counted(timedelta(days=3))[:2]
    doctrine_played = played("bob", doctrine(), T0 - timedelta(hours=1), score=1.0, mine=mine, delays={1: 30})
    assert doctrine_played.rated and doctrine_played.why is ChallengeUnrated.TOO_FEW_OWN_TURNS
    assert start_verdict("bob", doctrine(), T0, [*mine, doctrine_played]) is None


def test_only_the_same_member_and_the_same_doctrine_count() -> None:
    mine = three_counted(timedelta(days=1))
    assert start_verdict("bob", doctrine("cid", "d-cid-1"), T0, mine) is None
    assert start_verdict("dan", doctrine(), T0, mine) is None
    assert start_verdict("bob", house(), T0, three_counted(timedelta(days=1), house())) is ChallengeUnrated.WEEKLY_LIMIT


def test_never_rated_between_linked_accounts_nor_when_the_author_is_frozen() -> None:
    assert start("g1", "bob", doctrine(), Pace.BLITZ, T0, [], linked=True).why is ChallengeUnrated.LINKED_ACCOUNTS
    assert start("g1", "bob", doctrine(), Pace.BLITZ, T0, [], author_frozen=True).why is ChallengeUnrated.FROZEN
    assert start("g1", "bob", house(), Pace.BLITZ, T0, [], linked=True).rated, "a house AI has no account"


def test_a_challenge_reads_back_from_json() -> None:
    challenge = played("bob", doctrine(), T0, score=0.5)
    assert Challenge.from_json(challenge.to_json()) == challenge
    playing = start("g1", "bob", house(), Pace.RAPID, T0, [], linked=True)
    assert Challenge.from_json(playing.to_json()) == playing
