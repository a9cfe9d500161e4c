"""Whether a finished challenge counts: a loss always; a win or a draw only with the challenger's own orders on more
than half of the turns; never linked, frozen or faster than a human; a stopped game never."""

from __future__ import annotations

from datetime import timedelta

import pytest
from challenge_builders import HUMAN, T0, doctrine, house, own
from gameserver.clock import Pace
from gameserver.platform.challenges import (
    ChallengeEnd,
    ChallengeRuleError,
    ChallengeStatus,
    ChallengeUnrated,
    finish,
    start,
    stop,
)

END = T0 + timedelta(minutes=12)
FAST = {turn: 2 for turn in range(1, 9)}


def ended(score: float, turns: int = 8, delays=None, target=None, **flags):
    challenge = start("g1", "bob", target or doctrine(), Pace.BLITZ, T0, [])
    return finish(challenge, ChallengeEnd(END, score, turns, HUMAN if delays is None else delays, **flags))


def test_a_fair_result_counts() -> None:
    for score in (1.0, 0.5, 0.0):
        result = ended(score)
        assert result.counts and result.status is ChallengeStatus.FINISHED
        assert (result.score, result.ended_at) == (score, END)


def test_a_loss_always_counts_even_played_by_the_default_doctrine() -> None:
    assert ended(0.0, delays={}).counts
    assert ended(0.0, delays=own(1)).counts


def test_a_win_or_draw_counts_only_with_own_orders_on_more_than_half_of_the_turns() -> None:
    """"a win or a draw only if you played more than half of the turns yourself, and not your default doctrine"."""
    for score in (1.0, 0.5):
        assert ended(score, delays=own(5)).counts  # 5 of 8
        assert ended(score, delays=own(4)).why is ChallengeUnrated.TOO_FEW_OWN_TURNS  # exactly half is not more
        assert ended(score, turns=5, delays=own(3)).counts  # 3 of 5
        assert ended(score, turns=4, delays=own(2)).why is ChallengeUnrated.TOO_FEW_OWN_TURNS


def test_turns_played_by_the_default_doctrine_are_not_the_challengers() -> None:
    """The default doctrine played turns 2, 4, 6, 8: they have no delay, only turns 1, 3, 5, 7 are the member's."""
    odd = {turn: HUMAN[turn] for turn in (1, 3, 5, 7)}
    assert ended(1.0, delays=odd).why is ChallengeUnrated.TOO_FEW_OWN_TURNS
    assert ended(1.0, delays={**odd, 2: 25}).counts


def test_orders_faster_than_a_human_never_count_win_or_loss() -> None:
    assert ended(1.0, delays=FAST).why is ChallengeUnrated.FASTER_THAN_A_HUMAN
    assert ended(0.0, delays=FAST).why is ChallengeUnrated.FASTER_THAN_A_HUMAN
    # Judged at turn 5 and it stands ("count at once"), even though the later turns are slow.
    early = {1: 1, 2: 1, 3: 2, 4: 1, 5: 3, 6: 60, 7: 70, 8: 80}
    assert ended(0.0, delays=early).why is ChallengeUnrated.FASTER_THAN_A_HUMAN
    # A game that ended at turn 3 is judged over its 3 turns.
    assert ended(0.0, turns=3, delays={1: 1, 2: 2, 3: 30}).why is ChallengeUnrated.FASTER_THAN_A_HUMAN


def test_linked_accounts_or_frozen_ratings_found_at_the_end() -> None:
    assert ended(0.0, linked=True).why is ChallengeUnrated.LINKED_ACCOUNTS
    assert ended(0.0, challenger_frozen=True).why is ChallengeUnrated.FROZEN
    assert ended(0.0, author_frozen=True).why is ChallengeUnrated.FROZEN
    assert ended(0.0, target=house(), linked=True, author_frozen=True).counts, "a house AI has no account"
    assert ended(0.0, target=house(), challenger_frozen=True).why is ChallengeUnrated.FROZEN


def test_a_challenge_unrated_at_its_start_keeps_its_reason() -> None:
    challenge = start("g1", "bob", doctrine(), Pace.BLITZ, T0, [], linked=True)
    assert finish(challenge, ChallengeEnd(END, 0.0, 8, HUMAN)).why is ChallengeUnrated.LINKED_ACCOUNTS


def test_a_stopped_challenge_is_unrated_and_ends_once() -> None:
    challenge = start("g1", "bob", doctrine(), Pace.BLITZ, T0, [])
    stopped = stop(challenge, END)
    assert stopped.status is ChallengeStatus.STOPPED and stopped.why is ChallengeUnrated.STOPPED and not stopped.counts
    for action in (lambda: stop(stopped, END), lambda: finish(stopped, ChallengeEnd(END, 1.0, 8, HUMAN))):
        with pytest.raises(ChallengeRuleError) as error:
            action()
        assert error.value.rule.endswith("-when-stopped")
    with pytest.raises(ChallengeRuleError):
        finish(ended(1.0), ChallengeEnd(END, 1.0, 8, HUMAN))


def test_an_end_is_a_real_result() -> None:
    challenge = start("g1", "bob", doctrine(), Pace.BLITZ, T0, [])
    for end in (ChallengeEnd(END, 0.7, 8), ChallengeEnd(T0 - timedelta(seconds=1), 0.0, 8), ChallengeEnd(END, 0.0, 9)):
        with pytest.raises(ValueError):
            finish(challenge, end)
