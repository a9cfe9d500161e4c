"""The API's words of Front 1901 are the rules layer's (the API mirrors them: it cannot import the engine at a
cold start)."""

from __future__ import annotations

from gameserver.api import front1901_models as models
from gameserver.domain.front1901 import answers
from rules.front1901 import POWERS
from rules.front1901.solo import PLAYABLE, Length, MessageKind, Reason, ResultKind, Status, VerdictKind
from rules.front1901.solo.proposals import KINDS


def values(enum) -> list[str]:
    return [member.value for member in enum]


def test_the_api_words_of_front_1901_are_the_rules():
    assert values(models.Front1901Power) == list(POWERS)
    assert values(models.Front1901Level) == [str(level) for level in PLAYABLE]
    assert set(values(models.Front1901Length)) == set(values(Length))
    assert values(models.Front1901ProposalKind) == list(KINDS)
    assert values(answers.Front1901ResultKind) == values(ResultKind)
    assert values(answers.Front1901MessageKind) == values(MessageKind)
    assert values(answers.Front1901MessageStatus) == values(Status)
    assert values(answers.Front1901Reason) == values(Reason)
    assert values(answers.Front1901VerdictKind) == values(VerdictKind)


def test_the_daily_challenges_words_are_its_rules():
    from gameserver.platform.daily.front1901 import NotRanked

    assert values(answers.Front1901NotRanked) == values(NotRanked)


def test_online_words_are_the_rules_and_the_domains():
    from gameserver.api import front1901_online_models as online_models
    from gameserver.domain.front1901 import online
    from gameserver.play.engines.front1901 import VOTES
    from gameserver.storage.lobby import Seating
    from rules.front1901.solo import SettlementKind
    from rules.front1901.solo.press import TEXT_LIMIT

    assert online_models.TEXT_LIMIT == TEXT_LIMIT
    assert tuple(values(online_models.Front1901Press)) == online.PRESS
    assert values(online_models.Front1901Seating) == [Seating.DEALT, Seating.PICKED]
    assert tuple(values(online_models.Front1901Vote)) == VOTES
    assert values(answers.Front1901Ends) == values(SettlementKind)
