"""The tournaments area's contract, on both stores: a tournament is created once with its creator's fee in the pot
and a ledger line; every change is claimed by its version (two joins read at one version: exactly one is written,
so two members taking the last seat at once never both get it); a fee beyond the balance is refused naming the
member, writing nothing; the open list pages newest first and forgets a full tournament; a member's tournaments
follow their entries; a match item is claimed by its version and rides the due index while its game is played;
a match's game reads its match and its tournament as companions."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from gameserver.clock import iso
from gameserver.platform.fairplay.links import Link, LinkKind
from gameserver.platform.ratings import EloRating, Glicko2Rating
from gameserver.platform.tournaments import (
    Join,
    Leave,
    Seeding,
    Tournament,
    apply,
    create,
    credit_lines,
    match_id,
)
from gameserver.storage.cursors import InvalidCursor
from gameserver.storage.duels import InsufficientCredits
from gameserver.storage.duels import MonthLine as DuelMonth
from gameserver.storage.errors import WriteConflict
from gameserver.storage.games import NewGame
from gameserver.storage.members import Notice, NoticeKind
from gameserver.storage.records import LedgerLine
from gameserver.storage.tournaments import (
    MatchCompanion,
    MatchWrite,
    StoredMatch,
    TournamentCompanion,
    TournamentWrite,
)
from test_contract_games import board, game
from test_contract_platform import AT, member

T0 = datetime(2026, 12, 1, 9, tzinfo=UTC)
MEMBERS = ("ann", "bob", "cyd", "dan")


def lines(before: Tournament | None, after: Tournament) -> tuple[LedgerLine, ...]:
    done = 0 if before is None else len(before.credits)
    return tuple(LedgerLine(line.member, line.amount, str(line.kind), AT, f"{after.id}-{done + n}", line.ref)
                 for n, line in enumerate(credit_lines(before, after)))


def created(store, tournament_id: str = "t1", fee: int = 10, at: datetime = T0) -> Tournament:
    tournament = create(tournament_id, "ann", "Winter Cup", 4, fee, at, balance=100)
    store.transact([TournamentWrite(tournament, None, AT, lines(None, tournament), joined=("ann",))])
    return tournament


def joined(before: Tournament, sub: str, minutes: int = 1) -> Tournament:
    seeding = None
    if before.seats_left == 1:
        seeding = {m: Seeding(Decimal(1500), T0) for m in (*before.members, sub)}
    return apply(before, Join(sub, T0 + timedelta(minutes=minutes), 100, seeding))


def test_a_tournament_is_created_once_with_the_creators_fee_in_its_pot(store):
    for sub in MEMBERS:
        member(store, sub)
    tournament = created(store)
    with pytest.raises(WriteConflict):
        store.transact([TournamentWrite(tournament, None, AT, joined=("ann",))])
    read = store.tournaments.read("t1", profiles=("ann", "zed"))
    assert read.stored.tournament == tournament and read.stored.version == 1 and read.balances == {"ann": 90}
    assert read.stored.tournament.pot == 10
    assert [(line.kind, line.amount, line.ref) for line in store.members.ledger("ann", None, 5).items] == [
        ("fee", -10, "t1"), ("grant", 100, "")]
    assert [s.tournament.id for s in store.tournaments.of_member("ann", None, 5)[0]] == ["t1"]
    assert store.tournaments.read("t9").stored is None


def test_two_joins_read_at_one_version_write_exactly_once(store):
    for sub in MEMBERS:
        member(store, sub)
    tournament = created(store)
    by_bob, by_cyd = joined(tournament, "bob"), joined(tournament, "cyd")
    store.transact([TournamentWrite(by_bob, 1, AT, lines(tournament, by_bob), joined=("bob",))])
    with pytest.raises(WriteConflict):
        store.transact([TournamentWrite(by_cyd, 1, AT, lines(tournament, by_cyd), joined=("cyd",))])
    assert store.members.balances(("bob", "cyd")) == {"bob": 90, "cyd": 100}
    assert store.tournaments.read("t1").stored.version == 2
    assert store.tournaments.of_member("cyd", None, 5)[0] == []


def test_a_fee_beyond_the_balance_is_refused_naming_the_member_and_nothing_is_written(store):
    member(store, "ann")
    member(store, "bob", credits=5)
    tournament = created(store)
    rich = apply(tournament, Join("bob", T0, 100))
    with pytest.raises(InsufficientCredits) as refused:
        store.transact([TournamentWrite(rich, 1, AT, lines(tournament, rich), joined=("bob",))])
    assert refused.value.member == "bob"
    assert store.tournaments.read("t1").stored.version == 1 and store.members.balances(("bob",)) == {"bob": 5}
    assert store.tournaments.of_member("bob", None, 5)[0] == []


def test_the_open_list_pages_newest_first_and_forgets_a_full_tournament(store):
    for sub in MEMBERS:
        member(store, sub, credits=1000)
    made = [created(store, f"t{n}", at=T0 + timedelta(hours=n)) for n in range(3)]
    first, cursor = store.tournaments.open_tournaments(None, 2)
    assert [s.tournament.id for s in first] == ["t2", "t1"]
    rest, last = store.tournaments.open_tournaments(cursor, 2)
    assert [s.tournament.id for s in rest] == ["t0"] and last is None
    with pytest.raises(InvalidCursor):
        store.tournaments.open_tournaments("bm90LWEtY3Vyc29y", 2)
    tournament, version = made[1], 1
    for sub in MEMBERS[1:]:
        after = joined(tournament, sub)
        store.transact([TournamentWrite(after, version, AT, lines(tournament, after), joined=(sub,))])
        tournament, version = after, version + 1
    assert [s.tournament.id for s in store.tournaments.open_tournaments(None, 5)[0]] == ["t2", "t0"]
    assert [s.tournament.status for s in store.tournaments.of_member("dan", None, 5)[0]] == ["playing"]


def test_a_member_who_leaves_loses_the_entry_and_gets_the_fee_back(store):
    member(store, "ann")
    member(store, "bob")
    tournament = created(store)
    after = joined(tournament, "bob")
    store.transact([TournamentWrite(after, 1, AT, lines(tournament, after), joined=("bob",))])
    left = apply(after, Leave("bob", T0 + timedelta(minutes=5)))
    with pytest.raises(WriteConflict):  # an entry that is not there is not removed
        store.transact([TournamentWrite(left, 2, AT, lines(after, left), left=("cyd",))])
    store.transact([TournamentWrite(left, 2, AT, lines(after, left), left=("bob",))])
    assert store.members.balances(("bob",)) == {"bob": 100}
    assert store.tournaments.of_member("bob", None, 5)[0] == []
    assert [s.tournament.id for s in store.tournaments.of_member("ann", None, 5)[0]] == ["t1"]


def test_a_tournament_and_its_matches_ride_the_due_index_until_they_are_over(store):
    member(store, "ann")
    tournament = created(store)
    fill = iso(tournament.fill_deadline)
    assert store.tournaments.due(iso(tournament.fill_deadline - timedelta(seconds=1)), 5) == []
    assert [(d.tournament_id, d.slot, d.due_at) for d in store.tournaments.due(fill, 5)] == [("t1", None, fill)]
    match = StoredMatch("t1", 1, ("ann", "bob"))
    store.transact([MatchWrite(match, None, due_at="2026-12-01T21:00:00Z")])
    due = store.tournaments.due(fill, 5)
    assert [(d.slot, d.due_at) for d in due] == [(1, "2026-12-01T21:00:00Z"), (None, fill)]
    store.transact([MatchWrite(replace(match, decided=True), 1, due_at="2026-12-02T09:00:00Z")])
    assert [d.slot for d in store.tournaments.due(fill, 5)] == [None]


def test_a_match_is_claimed_by_its_version_and_its_game_reads_it_with_its_tournament(store):
    member(store, "ann")
    created(store)
    game_id = match_id("t1", 1)
    match = StoredMatch("t1", 1, ("ann", "bob"))
    notice = Notice("ann", game_id, "t1", 1, AT, "2026-12-01T21:00:00Z")
    store.transact([NewGame(game(game_id), board(game_id), [], []), MatchWrite(match, None, notices=[notice])])
    with pytest.raises(WriteConflict):
        store.transact([MatchWrite(match, None)])
    moved = replace(match, turns_passed=1, senders=frozenset({"ann"}), delays={"ann": {1: 6}})
    store.transact([MatchWrite(moved, 1)])
    with pytest.raises(WriteConflict):
        store.transact([MatchWrite(moved, 1)])
    read = store.games.read_step(game_id, companions=[TournamentCompanion("t1"), MatchCompanion("t1", 1)])
    assert read.companions[TournamentCompanion("t1")].tournament.id == "t1"
    assert read.companions[MatchCompanion("t1", 1)] == replace(moved, version=2)
    assert store.games.read_step(game_id, companions=[MatchCompanion("t1", 2)]).companions == {
        MatchCompanion("t1", 2): None}
    found = store.tournaments.read_match("t1", 1)
    assert found.tournament.version == 1 and found.match.version == 2 and found.game.game_id == game_id
    bracket = store.tournaments.bracket("t1")
    assert bracket.stored.tournament.id == "t1" and list(bracket.matches) == [1]
    assert store.members.feed("ann", None, 5).items == [notice]


def test_notices_of_one_game_at_one_instant_keep_their_own_places(store):
    member(store, "ann")
    created(store)
    opened = Notice("ann", "t1-m1", "t1", 1, AT, None)
    news = [Notice("ann", "t1-m1", "t1", 0, AT, None, kind) for kind in (NoticeKind.MATCH_CREATED,
                                                                           NoticeKind.MATCH_WON)]
    store.transact([TournamentWrite(store.tournaments.read("t1").stored.tournament, 1, AT,
                                    notices=[opened, *news])])
    assert sorted(n.kind for n in store.members.feed("ann", None, 5).items) == sorted(
        [NoticeKind.TURN_OPEN, NoticeKind.MATCH_CREATED, NoticeKind.MATCH_WON])


def test_contenders_are_read_with_their_ratings_month_sightings_and_default_doctrine(store):
    member(store, "ann")
    member(store, "bob")
    rules = {"name": "mine", "rules": []}
    store.doctrines.put("ann", 1, rules, AT, new=True, is_default=False)
    store.doctrines.set_default("ann", 1, rules, AT)
    store.fairplay.record_sighting("bob", T0.date(), "phone-1", None)
    found = store.tournaments.contenders(("ann", "bob", "zed"), "2026-12", defaults=("ann", "bob"))
    assert found["ann"].default == rules and found["bob"].default is None and found["zed"].created == ""
    assert found["ann"].ratings.game_version == 0 and found["ann"].month is None and found["ann"].created == AT
    assert found["bob"].seen == {T0.date(): {Link(LinkKind.DEVICE, "phone-1")}}
    tournament = created(store)
    line = DuelMonth("ann", "2026-12", 1, Decimal("1510"), AT)
    rated = TournamentWrite(tournament, 1, AT, ratings={"ann": (found["ann"].ratings, Glicko2Rating(),
                                                                EloRating(1520, 1))}, months=[(line, 0)])
    store.transact([rated])
    with pytest.raises(WriteConflict):  # the ratings moved since they were read
        store.transact([replace(rated, before_version=2)])
    again = store.tournaments.contenders(("ann",), "2026-12")
    assert again["ann"].ratings.elo == EloRating(1520, 1) and again["ann"].month == line
    assert again["ann"].default is None
