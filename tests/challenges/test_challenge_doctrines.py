"""A published doctrine as a value: its shown name, its versions, withdrawal, hiding, who sees its rules."""

from __future__ import annotations

import unicodedata
from datetime import timedelta

import pytest
from challenge_builders import RULES, T0, doctrine, house
from gameserver.platform.challenges import (
    NAME_MAX,
    NAME_MIN,
    ChallengeRuleError,
    DoctrineStatus,
    HouseAI,
    PublishedDoctrine,
    check_name,
    hide,
    publish,
    publish_again,
    withdraw,
)
from hypothesis import given
from hypothesis import strategies as st

NEW_RULES = {"name": "wall 2", "rules": [{"if": [], "then": {"entrench": {}}}]}


def refused(name: str) -> str:
    with pytest.raises(ChallengeRuleError) as error:
        check_name(name)
    return error.value.rule


def test_a_name_has_3_to_24_characters_after_trimming() -> None:
    assert check_name("Ram Jr") == "Ram Jr"
    assert check_name("abc") == "abc" and len(check_name("a" * NAME_MAX)) == NAME_MAX
    assert refused("ab") == "doctrine-name-length"
    assert refused("  ab   ") == "doctrine-name-length"
    assert refused("a" * (NAME_MAX + 1)) == "doctrine-name-length"
    assert (NAME_MIN, NAME_MAX) == (3, 24)


def test_letters_of_any_script_digits_spaces_and_four_marks() -> None:
    for name in ("Défense d'acier", "Крепость", "要塞守り", "Wall-2_v.3", "4th Wall"):
        assert check_name(name) == name


def test_a_decomposed_accent_is_stored_composed_and_counts_once() -> None:
    decomposed = "Cafe\u0301 noir"
    assert check_name(decomposed) == unicodedata.normalize("NFC", decomposed) == "Café noir"
    assert len(check_name("e\u0301" * NAME_MAX)) == NAME_MAX  # 48 code points in, 24 characters out


@pytest.mark.parametrize("name", [
    "Wall\u200bbreaker",  # zero-width space: two names that look the same
    "Wall\u202ekcab",  # right-to-left override: a name that reads backwards
    "Tab\there",
    "Wall\u00a0of iron",  # no-break space: a look-alike of a space
    "Wall!",
    "<b>Wall</b>",
    "Wall \U0001f525",
    "Line\nbreak",
])
def test_controls_invisible_characters_and_symbols_are_refused(name: str) -> None:
    assert refused(name) == "doctrine-name-characters"


def test_a_name_starts_with_a_letter_or_digit_holds_a_letter_and_no_double_space() -> None:
    assert refused("-Wall") == "doctrine-name-characters"
    assert refused("\u0301Wall") == "doctrine-name-characters"  # a lone combining mark first
    assert refused("2024") == "doctrine-name-characters"
    assert refused("Iron  Wall") == "doctrine-name-characters"


@pytest.mark.parametrize("name", ["Sentinel", "PIVOT", "ram", "R.A.M", "S e n t i n e l", "ＲＡＭ"])
def test_a_house_ai_name_cannot_be_taken_however_spelled(name: str) -> None:
    assert refused(name) == "doctrine-name-reserved"


@given(st.text(max_size=40))
def test_an_accepted_name_is_its_own_check_and_within_bounds(name: str) -> None:
    try:
        shown = check_name(name)
    except ChallengeRuleError:
        return
    assert check_name(shown) == shown
    assert NAME_MIN <= len(shown) <= NAME_MAX and shown == shown.strip()


def test_publishing_again_makes_a_new_version_with_the_same_id() -> None:
    first = doctrine()
    later = T0 + timedelta(days=3)
    second = publish_again(first, "ann", "Iron Wall II", NEW_RULES, later)
    assert (second.id, second.version, second.name, second.rules) == (first.id, 2, "Iron Wall II", NEW_RULES)
    assert second.published_at == first.published_at and second.version_at == later
    assert first.rules == RULES, "the version games in progress copied is unchanged"


def test_only_the_author_publishes_again_or_withdraws() -> None:
    with pytest.raises(ChallengeRuleError) as error:
        publish_again(doctrine(), "bob", "Stolen", NEW_RULES, T0)
    assert error.value.rule == "doctrine-author-only"
    with pytest.raises(ChallengeRuleError):
        withdraw(doctrine(), "bob", T0)
    with pytest.raises(ChallengeRuleError):
        publish_again(house(), "ann", "Better Sentinel", NEW_RULES, T0)


def test_a_withdrawn_doctrine_leaves_the_listings_and_comes_back_as_a_new_version() -> None:
    withdrawn = withdraw(doctrine(), "ann", T0)
    assert withdrawn.status is DoctrineStatus.WITHDRAWN and not withdrawn.listed and withdrawn.status_at == T0
    with pytest.raises(ChallengeRuleError) as error:
        withdraw(withdrawn, "ann", T0)
    assert error.value.rule == "doctrine-withdrawn"
    back = publish_again(withdrawn, "ann", "Iron Wall", RULES, T0 + timedelta(hours=1))
    assert back.listed and back.version == 2 and back.status_at is None


def test_a_hidden_doctrine_stays_hidden_whatever_its_author_does() -> None:
    hidden = hide(doctrine(), T0)
    assert hidden.status is DoctrineStatus.HIDDEN and not hidden.listed
    for action in (lambda: publish_again(hidden, "ann", "New Name", RULES, T0),
                   lambda: withdraw(hidden, "ann", T0), lambda: hide(hidden, T0)):
        with pytest.raises(ChallengeRuleError) as error:
            action()
        assert error.value.rule == "doctrine-hidden"
    assert hide(withdraw(doctrine(), "ann", T0), T0).status is DoctrineStatus.HIDDEN


def test_house_ais_are_published_doctrines_that_cannot_be_hidden() -> None:
    sentinel = house(HouseAI.SENTINEL)
    assert sentinel.house and sentinel.id == "house-sentinel" and sentinel.name == "Sentinel" and sentinel.listed
    with pytest.raises(ChallengeRuleError) as error:
        hide(sentinel, T0)
    assert error.value.rule == "house-ai-not-hidden"
    with pytest.raises(ValueError, match="house-"):
        publish("house-ram", "ann", 1, "Fake Ram", RULES, T0)


def test_a_members_rules_are_seen_by_its_author_only_the_house_ais_by_everyone() -> None:
    mine = doctrine()
    assert mine.rules_visible_to("ann")
    assert not mine.rules_visible_to("bob") and not mine.rules_visible_to(None)
    assert house().rules_visible_to("bob") and house().rules_visible_to(None)


def test_a_doctrine_reads_back_from_json() -> None:
    hidden = hide(publish_again(doctrine(), "ann", "Iron Wall II", NEW_RULES, T0), T0 + timedelta(hours=2))
    assert PublishedDoctrine.from_json(hidden.to_json()) == hidden
    assert PublishedDoctrine.from_json(house().to_json()) == house()


def test_doctests_of_the_module() -> None:
    import doctest

    from gameserver.platform.challenges import doctrines as doctrines_module

    results = doctest.testmod(doctrines_module)
    assert results.attempted > 0 and results.failed == 0
