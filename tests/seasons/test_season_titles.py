"""The three titles: their eligibility, their ties, frozen members, nobody eligible; each board read in its order
and no further than the winner."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from gameserver.platform.challenges import (
    ChallengerLine,
    DoctrineLine,
    DoctrineStatus,
    challenger_order,
    doctrine_order,
)
from gameserver.platform.daily import Outcome, RankedDay, month_table
from gameserver.platform.seasons import (
    Title,
    TitleAward,
    award_titles,
    commander_of_the_month,
    doctrine_of_the_month,
    front_of_the_month,
)
from season_builders import SEASON, Read


def year(y: int) -> datetime:
    return datetime(y, 1, 1, tzinfo=UTC)


def challenger(member: str, rating: int, rated: int = 8, created: int = 2025) -> ChallengerLine:
    return ChallengerLine(member, Decimal(rating), rated, year(created))


def doctrine(doctrine_id: str, rating: int, faced: int = 10, published: int = 2025, author: str | None = None,
             status: DoctrineStatus = DoctrineStatus.PUBLISHED) -> DoctrineLine:
    return DoctrineLine(doctrine_id, author or f"author-of-{doctrine_id}", Decimal(rating), faced,
                        year(published), status)


def house(doctrine_id: str, rating: int) -> DoctrineLine:
    return DoctrineLine(doctrine_id, None, Decimal(rating), 500, year(2020))


def challengers(*lines: ChallengerLine) -> list[ChallengerLine]:
    return sorted(lines, key=challenger_order)


def doctrines(*lines: DoctrineLine) -> list[DoctrineLine]:
    return sorted(lines, key=doctrine_order)


# ------------------------------------------------------------------ Commander of the month
def test_commander_needs_8_rated_challenges() -> None:
    board = challengers(challenger("seven", 2000, rated=7), challenger("eight", 1500))
    assert commander_of_the_month(board, ()).member == "eight"
    assert commander_of_the_month(challengers(challenger("seven", 2000, rated=7)), ()) is None


def test_commander_ties_more_rated_challenges_then_oldest_account() -> None:
    board = challengers(challenger("young", 1600, 9, 2026), challenger("old", 1600, 9, 2024),
                        challenger("busy", 1600, 12, 2026))
    assert commander_of_the_month(board, ()).member == "busy"
    assert commander_of_the_month([line for line in board if line.member != "busy"], ()).member == "old"


def test_a_frozen_commander_leaves_the_title_to_the_next() -> None:
    board = challengers(challenger("top", 1800), challenger("next", 1700), challenger("third", 1600))
    assert commander_of_the_month(board, frozen={"top"}).member == "next"
    assert commander_of_the_month(board, frozen={"top", "next", "third"}) is None


# ------------------------------------------------------------------ Doctrine of the month
def test_doctrine_needs_10_rated_challenges_faced_in_the_month() -> None:
    board = doctrines(doctrine("nine", 2000, faced=9), doctrine("ten", 1500, faced=10))
    assert doctrine_of_the_month(board, ()).doctrine == "ten"


def test_house_ais_hidden_and_withdrawn_doctrines_cannot_be_doctrine_of_the_month() -> None:
    board = doctrines(
        house("house-ram", 2100),
        doctrine("hidden", 2050, status=DoctrineStatus.HIDDEN),
        doctrine("withdrawn", 2000, status=DoctrineStatus.WITHDRAWN),
        doctrine("public", 1500, author="ann"),
    )
    best = doctrine_of_the_month(board, ())
    assert (best.doctrine, best.author) == ("public", "ann")


def test_doctrine_ties_more_faced_then_oldest_publication() -> None:
    board = doctrines(doctrine("young", 1600, 11, 2026), doctrine("old", 1600, 11, 2024),
                      doctrine("busy", 1600, 15, 2026))
    assert doctrine_of_the_month(board, ()).doctrine == "busy"
    assert doctrine_of_the_month([d for d in board if d.doctrine != "busy"], ()).doctrine == "old"


def test_a_frozen_author_leaves_the_title_to_the_next_doctrine() -> None:
    board = doctrines(doctrine("top", 1800, author="ann"), doctrine("next", 1700, author="bob"))
    assert doctrine_of_the_month(board, frozen={"ann"}).author == "bob"
    assert doctrine_of_the_month(board, frozen={"ann", "bob"}) is None


# ------------------------------------------------------------------ Front of the month
def days(member: str, outcomes: str) -> list[RankedDay]:
    code = {"w": Outcome.WIN, "d": Outcome.DRAW, "l": Outcome.LOSS}
    return [RankedDay(member, date(2026, 11, 1) + timedelta(days=n), code[c]) for n, c in enumerate(outcomes)]


CREATED = {"old": year(2024), "new": year(2026), "few": year(2020), "wins": datetime(2026, 6, 1, tzinfo=UTC),
           "mid": year(2025)}


def asked(into: list[str]) -> Callable[[str], datetime]:
    def account_created(member: str) -> datetime:
        into.append(member)
        return CREATED[member]
    return account_created


def test_front_needs_8_ranked_days_then_more_wins_then_oldest_account() -> None:
    rows = month_table([
        *days("few", "wwwwwww"),  # 21 points, 7 days: not eligible
        *days("new", "wwwwdddl"),  # 15 points, 4 wins
        *days("old", "wwwwdddl"),  # 15 points, 4 wins, older
        *days("wins", "wwwwwllll"),  # 15 points, 5 wins
    ])
    assert front_of_the_month(rows, CREATED.__getitem__, ()).member == "wins"
    assert front_of_the_month([r for r in rows if r.member != "wins"], CREATED.__getitem__, ()).member == "old"
    assert front_of_the_month(rows, CREATED.__getitem__, frozen={"wins", "old"}).member == "new"
    assert front_of_the_month(rows, CREATED.__getitem__, frozen={"wins", "old", "new"}) is None


def test_front_reads_no_further_than_the_tied_group_and_asks_the_age_of_that_group_only() -> None:
    rows = month_table([*days("few", "wwwwwww"), *days("new", "wwwwdddl"), *days("old", "wwwwdddl"),
                        *days("mid", "wwwwddd")])  # mid: 15 points, 4 wins, but 7 days
    tail = month_table([RankedDay(f"z{n:04d}", date(2026, 11, d), Outcome.LOSS) for n in range(1000)
                        for d in range(1, 9)])
    read, ages = Read([*rows, *tail]), []
    assert front_of_the_month(read, asked(ages), ()).member == "old"
    assert sorted(ages) == ["new", "old"], "only the eligible rows of the first tied group"
    assert read.given == 5, "the 4 rows down to the group, and the first row behind it"


def test_front_refuses_a_table_out_of_order() -> None:
    rows = month_table([*days("ann", "wwwwwwww"), *days("bob", "llllllll")])
    with pytest.raises(ValueError, match="out of order"):
        front_of_the_month(list(reversed(rows)), CREATED.get, ())


# ------------------------------------------------------------------ all three
def test_the_season_awards_each_title_once_and_none_nobody_is_eligible_for() -> None:
    awards = award_titles(
        SEASON,
        challengers(challenger("ann", 1700), challenger("bob", 1600)),
        doctrines(house("house-pivot", 1900), doctrine("d-ann", 1650, author="ann")),
        month_table(days("old", "wwwwwwww")),
        CREATED.__getitem__,
        frozen=(),
    )
    assert awards == (
        TitleAward(SEASON, Title.COMMANDER, "ann"),
        TitleAward(SEASON, Title.DOCTRINE, "ann", "d-ann"),
        TitleAward(SEASON, Title.FRONT, "old"),
    )
    assert [a.id for a in awards] == [f"{SEASON}#commander-of-the-month", f"{SEASON}#doctrine-of-the-month",
                                      f"{SEASON}#front-of-the-month"]
    assert award_titles(SEASON, [], [house("house-ram", 2000)], month_table(days("old", "wwwwwww")),
                        CREATED.__getitem__, ()) == ()


def test_a_frozen_member_gets_no_title() -> None:
    awards = award_titles(SEASON, challengers(challenger("ann", 1700)), doctrines(doctrine("d", 1650, author="ann")),
                          month_table(days("ann", "wwwwwwww")), lambda _: year(2024), frozen={"ann"})
    assert awards == ()
