"""Online Front 1901's ratings on both stores: a member's rating claimed by its version (a first one only if none
is stored), written in one transaction with the others of its game or none of them; the board highest first,
in pages."""

from __future__ import annotations

import pytest
from gameserver.platform.ratings.openskill import SkillRating
from gameserver.storage.errors import WriteConflict
from gameserver.storage.front1901 import OnlineRating, OnlineRatingsWrite


def test_ratings_are_claimed_by_their_version_and_written_together_or_not_at_all(store):
    store.transact([OnlineRatingsWrite((OnlineRating("ann", SkillRating(27.5, 8.1, 1), 0, "g1"),
                                        OnlineRating("bob", SkillRating(22.25, 8.05, 1), 0, "g1")))])
    held = store.front1901.online_ratings(("ann", "bob", "cat"))
    assert set(held) == {"ann", "bob"}
    assert held["ann"] == OnlineRating("ann", SkillRating(27.5, 8.1, 1), 1, "g1")
    stale = OnlineRatingsWrite((OnlineRating("ann", SkillRating(30.0, 7.0, 2), 1, "g2"),
                                OnlineRating("bob", SkillRating(20.0, 7.0, 2), 0, "g2")))  # bob is at 1 already
    with pytest.raises(WriteConflict):
        store.transact([stale])
    assert store.front1901.online_ratings(("ann",))["ann"].version == 1  # nothing of it was written


def test_the_board_is_highest_shown_first_in_pages(store):
    ratings = tuple(OnlineRating(sub, SkillRating(mu, 5.0, 3), 0, "g") for sub, mu in
                    (("ann", 30.0), ("bob", 10.0), ("cat", 20.0), ("dan", -5.0)))
    store.transact([OnlineRatingsWrite(ratings)])
    first = store.front1901.online_board(None, 2)
    assert [r.member for r in first.items] == ["ann", "cat"] and first.cursor is not None
    rest = store.front1901.online_board(first.cursor, 10)
    assert [r.member for r in rest.items] == ["bob", "dan"] and rest.cursor is None


def test_the_sightings_of_several_members_are_read_at_once(store):
    from datetime import date

    store.fairplay.record_sighting("ann", date(2026, 12, 1), "dev-1", "192.0.2.7")
    store.fairplay.record_sighting("bob", date(2026, 12, 1), None, "192.0.2.7")
    seen = store.fairplay.sightings(("ann", "bob", "cat"))
    assert set(seen) == {"ann", "bob"}
    assert {link.value for link in seen["ann"][date(2026, 12, 1)]} == {"dev-1", "192.0.2.7"}
    assert {link.value for link in seen["bob"][date(2026, 12, 1)]} == {"192.0.2.7"}


def test_a_reported_message_is_kept_once_and_listed_latest_first(store):
    from gameserver.storage.front1901 import MessageReported, ReportedMessage

    first = ReportedMessage("g1", "S1901M", 20001, "GERMANY", "FRANCE", "rude", "ann", "2026-12-01T09:00:00Z")
    later = ReportedMessage("g1", "F1901M", 1, "ITALY", None, "ruder", "bob", "2026-12-01T10:00:00Z")
    store.transact([MessageReported(first)])
    store.transact([MessageReported(later)])
    with pytest.raises(WriteConflict):
        store.transact([MessageReported(first)])
    listed = store.front1901.reported_messages(None, 10).items
    assert listed == [later, first]


def test_a_rated_games_changes_are_kept_once_and_voided_once(store):
    from gameserver.storage.front1901 import RatedGame, RatedGameVoided, RatingChange

    after = SkillRating(27.5, 8.1, 1)
    game = RatedGame("g1", (RatingChange("ann", SkillRating(), after),))
    store.transact([OnlineRatingsWrite((OnlineRating("ann", after, 0, "g1"),), game)])
    assert store.front1901.online_rated_game("g1") == game and store.front1901.online_rated_game("g2") is None
    with pytest.raises(WriteConflict):  # a game rates once
        store.transact([OnlineRatingsWrite((OnlineRating("ann", after, 1, "g1"),), game)])
    voided = RatedGame("g1", game.changes, "2026-12-01T10:00:00Z")
    store.transact([RatedGameVoided((OnlineRating("ann", SkillRating(), 1, "g1"),), voided)])
    assert store.front1901.online_rated_game("g1") == voided
    assert store.front1901.online_ratings(("ann",))["ann"] == OnlineRating("ann", SkillRating(), 2, "g1")
    with pytest.raises(WriteConflict):  # and is voided once
        store.transact([RatedGameVoided((OnlineRating("ann", SkillRating(), 2, "g1"),), voided)])
    with pytest.raises(WriteConflict):  # nor a game that rated nobody
        store.transact([RatedGameVoided((), RatedGame("g2", (), "2026-12-01T10:00:00Z"))])
    assert store.front1901.online_ratings(("ann",))["ann"].version == 2
