"""Front 1901's daily challenge on the in-memory store and a manual clock: the same challenge for everyone,
drawn from the date and the salt, set by the first request of a day the rotation missed; one attempt a day; the
board's order and shared ranks, my rank; not ranked after the 48-hour window or behind a linked account that
started first; the record private until the window closes; the member's own stop ranked last, a moderator's
never ranked."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from feint_script import member
from gameserver.domain.front1901 import daily, games
from gameserver.domain.moderation import stop
from gameserver.errors import Conflict, ErrorCode, NotFound
from gameserver.identity import Caller, Client
from gameserver.platform.daily.front1901 import ChallengeResult, result_key, sort_key
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.usefixtures("salted")

HERE = Client(device="phone-1", address="192.0.2.1")


def start(store, clock, who, client: Client | None = None):
    own = Client(device=f"{who.sub}-phone", address=f"198.51.100.{sum(map(ord, who.sub)) % 250}")
    return daily.start_challenge(store, clock, who, client or own)


def test_the_days_challenge_is_the_same_for_everyone_and_one_attempt_a_day(store, clock, ann, bob):
    first = start(store, clock, ann)
    other = start(store, clock, bob)
    assert first["challenge"] == other["challenge"] and first["challenge"]["length"] == "short"
    assert first["challenge"]["day"] == clock.now().date().isoformat()
    assert first["game"]["view"]["power"] == first["challenge"]["power"] == other["game"]["view"]["power"]
    assert first["game"]["mode"] == "front1901-daily" and first["game"]["level"] == first["challenge"]["level"]
    assert store.games.board(first["mine"]["game_id"]).seed == store.games.board(other["mine"]["game_id"]).seed
    assert first["game"]["view"]["messages"] == other["game"]["view"]["messages"], "the same game"
    with pytest.raises(Conflict) as again:
        start(store, clock, ann)
    assert (again.value.code, again.value.rule) == (ErrorCode.CHALLENGE_ALREADY_STARTED, "one-attempt-a-day")
    assert [g["game_id"] for g in games.list_games(store, ann, None, 20)["games"]] == [first["mine"]["game_id"]]
    clock.advance(24 * 3600)
    tomorrow = start(store, clock, ann)
    assert tomorrow["challenge"]["day"] != first["challenge"]["day"]


def test_a_day_the_rotation_missed_is_set_by_the_first_request_and_the_rotation_then_changes_nothing(store, clock,
                                                                                                      ann):
    today = clock.now().date()
    assert store.front1901.get_challenge(today) is None
    shown = daily.my_challenge(store, clock, ann)
    assert shown["mine"] is None and store.front1901.get_challenge(today) is not None
    assert daily.rotate(store, today) == "exists"
    assert daily.rotate(store, today + timedelta(days=1)) == "created"
    with pytest.raises(NotFound):
        daily.my_challenge(store, clock, ann, today + timedelta(days=2))
    assert daily.draw(today) == store.front1901.get_challenge(today), "drawn from the date and the salt alone"


def test_results_go_on_the_board_in_order_sharing_ranks_and_i_see_mine(store, clock, ann, bob):
    cyd = member("cyd")
    for who in (ann, bob, cyd):
        started = start(store, clock, who)
        if who is not cyd:
            games.stop_game(store, clock, who, started["mine"]["game_id"])
    board = daily.board_of_the_day(store, clock, ann, None, None, 50)
    assert [(e["member"], e["rank"], e["result"]) for e in sorted(board["entries"], key=lambda e: e["member"])] == [
        ("ann", 1, "abandoned"), ("bob", 1, "abandoned")]
    assert board["mine"]["rank"] == 1 and board["mine"]["entries"] == 2
    assert daily.board_of_the_day(store, clock, cyd, None, None, 50)["mine"] is None, "still playing"
    mine = daily.my_challenge(store, clock, ann)["mine"]
    assert (mine["status"], mine["ranked"], mine["result"]["kind"]) == ("finished", True, "abandoned")
    page = daily.board_of_the_day(store, clock, ann, None, None, 1)
    assert len(page["entries"]) == 1 and page["cursor"]
    rest = daily.board_of_the_day(store, clock, ann, None, page["cursor"], 1)
    assert rest["entries"][0]["rank"] == 1 and rest["cursor"] is None


def test_a_challenge_finished_after_its_48_hours_is_not_ranked(store, clock, ann):
    started = start(store, clock, ann)
    clock.advance(49 * 3600)
    games.stop_game(store, clock, ann, started["mine"]["game_id"])
    mine = daily.my_challenge(store, clock, ann, date.fromisoformat(started["challenge"]["day"]))["mine"]
    assert (mine["ranked"], mine["not_ranked"]) == (False, "finished-after-48-hours")


def test_a_linked_account_that_started_earlier_leaves_the_later_result_off_the_board(store, clock, ann, bob):
    first = start(store, clock, ann, HERE)
    later = start(store, clock, bob, Client(device="phone-1", address="203.0.113.9"))
    assert "ann" not in str(later), "never who the linked account is"
    for who, started in ((ann, first), (bob, later)):
        games.stop_game(store, clock, who, started["mine"]["game_id"])
    assert daily.my_challenge(store, clock, ann)["mine"]["ranked"]
    theirs = daily.my_challenge(store, clock, bob)["mine"]
    assert (theirs["ranked"], theirs["not_ranked"]) == (False, "linked-account-started-earlier")
    assert "ann" not in str(theirs), "never who the linked account is"


def test_a_value_seen_within_30_days_links_a_later_start_to_an_earlier_one(store, clock, ann, bob):
    # Bob was seen three weeks ago on the phone Ann starts with today; he starts from elsewhere.
    store.fairplay.record_sighting("bob", clock.now().date() - timedelta(days=21), "phone-1", "203.0.113.4")
    start(store, clock, ann, HERE)
    later = start(store, clock, bob, Client(device="tablet-9", address="203.0.113.9"))
    games.stop_game(store, clock, bob, later["mine"]["game_id"])
    assert daily.my_challenge(store, clock, bob)["mine"]["not_ranked"] == "linked-account-started-earlier"
    # Seen 40 days ago: outside the window, not linked.
    cyd = member("cyd")
    store.fairplay.record_sighting("cyd", clock.now().date() - timedelta(days=40), "phone-1", None)
    apart = start(store, clock, cyd, Client(device="cyd-phone", address="203.0.113.77"))
    games.stop_game(store, clock, cyd, apart["mine"]["game_id"])
    assert daily.my_challenge(store, clock, cyd)["mine"]["ranked"]


def test_the_record_stays_private_until_the_days_48_hours_are_over(store, clock, ann):
    started = start(store, clock, ann)
    gid = started["mine"]["game_id"]
    games.stop_game(store, clock, ann, gid)
    with pytest.raises(Conflict) as closed:
        games.game_record(store, clock, ann, gid, None, 50)
    assert closed.value.code is ErrorCode.RECORD_CLOSED
    clock.advance(48 * 3600)
    assert games.game_record(store, clock, ann, gid, None, 50)["final"]["result"]["kind"] == "abandoned"


RESULTS = st.builds(ChallengeResult, member=st.sampled_from(["ann", "bob"]),
                    kind=st.sampled_from(["won", "shared", "survived", "eliminated", "abandoned"]),
                    centres=st.integers(0, 34), year=st.integers(1901, 1960), matched=st.integers(0, 120))
ORDER = ["won", "shared", "survived", "eliminated", "abandoned"]


def _reference(result: ChallengeResult) -> tuple[int, ...]:
    """The spec's order, written out: the result's class, then within it, then fewer suggested phases."""
    within = {"won": (result.year, -result.centres), "shared": (0, -result.centres),
              "survived": (0, -result.centres), "eliminated": (-result.year, 0), "abandoned": (0, 0)}[result.kind]
    return (ORDER.index(result.kind), *within, result.matched)


@given(RESULTS, RESULTS)
def test_the_board_orders_results_as_the_spec_does_and_equal_results_share_a_key(one, other):
    assert (result_key(one) < result_key(other)) == (_reference(one) < _reference(other))
    assert (result_key(one) == result_key(other)) == (_reference(one) == _reference(other))
    assert sort_key(one).startswith(result_key(one) + "#")


def test_a_day_long_past_is_shown_drawn_with_its_times_in_the_one_form(store, clock, ann):
    shown = daily.my_challenge(store, clock, ann, date(44, 7, 9))
    assert shown["challenge"]["window_closes_at"] == "0044-07-11T00:00:00Z" and shown["mine"] is None
    assert store.front1901.get_challenge(date(44, 7, 9)) is None, "only a request about today stores its day"


MODERATOR = Caller(sub="mod-sub", groups=frozenset({"moderators"}), username="mod")


def test_the_members_own_stop_is_recorded_as_abandoned_and_ranked_last(store, clock, ann):
    started = start(store, clock, ann)
    gid = started["mine"]["game_id"]
    games.stop_game(store, clock, ann, gid)
    game = store.games.get(gid)
    assert (game.status, game.result, game.stopped.reason, game.stopped.by) == ("over", "abandoned", "abandoned",
                                                                                  "ann")
    mine = daily.my_challenge(store, clock, ann)["mine"]
    assert (mine["status"], mine["ranked"], mine["result"]["kind"]) == ("finished", True, "abandoned")
    ranked = store.front1901.read_rank(clock.now().date(), "ann")[0].board_key
    every_other = [ChallengeResult("zed", kind, 0, 1920, 99) for kind in ("won", "shared", "survived", "eliminated")]
    assert all(sort_key(other) < ranked for other in every_other), "after every result that is not abandoned"


def test_a_moderators_stop_ends_the_challenge_with_no_result_and_it_is_never_ranked(store, clock, ann, bob):
    mine, theirs = start(store, clock, ann), start(store, clock, bob)
    gid = mine["mine"]["game_id"]
    stop.stop_game(store, clock, MODERATOR, gid, "spam")
    game = store.games.get(gid)
    assert (game.status, game.winner, game.result) == ("over", None, None)
    assert (game.stopped.reason, game.stopped.by) == ("moderator", "mod-sub")
    entry = daily.my_challenge(store, clock, ann)["mine"]
    assert (entry["status"], entry["result"], entry["ranked"], entry["not_ranked"]) == (
        "finished", None, False, "stopped")
    games.stop_game(store, clock, bob, theirs["mine"]["game_id"])
    daily.rebuild_summaries(store, clock)
    clock.advance(3600)
    assert daily.record_result(store, game, store.games.board(gid)) == "already"
    board = daily.board_of_the_day(store, clock, ann, None, None, 50)
    assert [e["member"] for e in board["entries"]] == ["bob"] and board["mine"] is None
    assert daily.my_challenge(store, clock, ann)["mine"]["not_ranked"] == "stopped"
