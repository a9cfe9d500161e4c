"""A member's Daily Front through the domain and storage (moto in-process): one start a day, blitz turns against
the house AI, lazy deadlines, the result on the day's board and in the month, and every not-ranked rule."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from daily_world import MONDAY_MORNING, SALT, member, steady_orders
from gameserver.clock import parse_iso
from gameserver.domain import doctrines
from gameserver.domain import feinthold as games
from gameserver.domain.daily import boards as daily_boards
from gameserver.domain.daily import front as daily_front
from gameserver.domain.daily import results as daily_results
from gameserver.errors import Conflict
from gameserver.identity import Client
from rules.feinthold import SIDES, GameState
from rules.feinthold.doctrine import house_rules


def play(store, clock, caller, game: dict, delays) -> dict:
    """Send steady orders ``delays[turn - 1]`` seconds after each turn opens, to the end; the last game answer."""
    while game["status"] == "open":
        clock.advance(delays[game["turn"] - 1])
        answer = games.submit_orders(store, clock, caller, game["game_id"], game["turn"],
                                     steady_orders(game["view"]), Client(device="d1"))
        assert answer["resolved"] is True, "against the house AI a submission resolves the turn"
        game = answer["game"]
    return game


HUMAN = [13, 27, 9, 31, 18, 22, 40, 15]


def test_starting_opens_a_blitz_game_the_house_has_already_played(store, clock):
    started = daily_front.start_front(store, clock, member("ada"))
    game, front = started["game"], started["front"]
    assert (game["mode"], game["pace"], game["turn"], game["status"]) == ("daily", "blitz", 1, "open")
    assert parse_iso(game["deadline"]) - parse_iso(game["opened_at"]) == timedelta(seconds=120)
    assert game["side"] == front["side"] and game["view"]["layout"]["id"] == front["layout"]
    assert game["opponent"] == {"kind": "house", "name": front["house_ai"]}
    assert game["opponent_sent"] is True, "the house AI's orders are stored when the turn opens"
    assert started["mine"]["status"] == "playing" and started["mine"]["day"] == "2026-11-23"

    clock.advance(20)
    answer = games.submit_orders(store, clock, member("ada"), game["game_id"], 1, steady_orders(game["view"]),
                                 Client())
    second = answer["game"]
    assert answer["resolved"] and second["turn"] == 2
    assert parse_iso(second["deadline"]) - parse_iso(second["opened_at"]) == timedelta(seconds=60)


def test_a_second_start_the_same_day_is_a_409_that_says_so(store, clock):
    first = daily_front.start_front(store, clock, member("ada"))
    clock.advance(3600)
    with pytest.raises(Conflict) as refused:
        daily_front.start_front(store, clock, member("ada"))
    assert refused.value.code == "front_already_started" and refused.value.status == 409
    assert "already started the Front of 2026-11-23" in refused.value.message
    assert first["game"]["game_id"] in refused.value.message
    clock.advance(24 * 3600)
    assert daily_front.start_front(store, clock, member("ada"))["mine"]["day"] == "2026-11-24", "one a day"


def test_everyone_plays_the_same_front(store, clock):
    one = daily_front.start_front(store, clock, member("ada"))["game"]
    other = daily_front.start_front(store, clock, member("bea"))["game"]
    assert (one["side"], one["view"]) == (other["side"], other["view"])


def test_a_played_front_is_ranked_on_the_board_of_its_day_and_in_the_month(store, clock):
    ada = member("ada")
    started = daily_front.start_front(store, clock, ada)
    final = play(store, clock, ada, started["game"], HUMAN)

    mine = daily_front.my_front(store, clock, ada)["mine"]
    outcome = {final["side"]: "win", "draw": "draw"}.get(final["winner"], "loss")
    assert mine["status"] == "finished" and mine["ranked"] and mine["not_ranked"] is None
    assert mine["result"]["outcome"] == outcome
    assert mine["result"]["turns"] == final["turn"]
    assert mine["result"]["seconds"] == sum(HUMAN[: final["turn"]])
    assert mine["result"]["positions"] == sum(1 for f in final["view"]["flags"].values() if f == final["side"])
    board = daily_boards.board_of_the_day(store, date(2026, 11, 23), None, 10)
    assert [(e["rank"], e["member"], e["outcome"], e["seconds"]) for e in board["entries"]] == [
        (1, ada.sub, outcome, mine["result"]["seconds"])]
    month = daily_boards.month_table(store, "2026-11", None, 10)["rows"]
    assert [(r["member"], r["points"], r["ranked_days"]) for r in month] == [
        (ada.sub, {"win": 3, "draw": 1, "loss": 0}[outcome], 1)]


def test_a_front_counts_for_its_day_even_when_it_ends_after_midnight(store, clock):
    """Started at 23:59 on the last day of November, over in December: November's board and month."""
    late = member("owl")
    clock.set(datetime(2026, 11, 30, 23, 59, 0, tzinfo=UTC))
    started = daily_front.start_front(store, clock, late)
    final = play(store, clock, late, started["game"], HUMAN)
    assert final["status"] == "over" and clock.now().date() == date(2026, 12, 1)
    today = daily_front.my_front(store, clock, late)
    assert today["front"]["day"] == "2026-12-01" and today["mine"] is None
    november = daily_front.my_front(store, clock, late, date(2026, 11, 30))["mine"]
    assert november["status"] == "finished" and november["finished_at"].startswith("2026-12-01")
    assert [e["member"] for e in daily_boards.board_of_the_day(store, date(2026, 11, 30), None, 5)["entries"]] == [
        late.sub]
    assert daily_boards.board_of_the_day(store, date(2026, 12, 1), None, 5)["entries"] == []
    assert [r["member"] for r in daily_boards.month_table(store, "2026-11", None, 5)["rows"]] == [late.sub]
    assert daily_boards.month_table(store, "2026-12", None, 5)["rows"] == []


def test_a_missed_turn_is_resolved_lazily_at_its_deadline_and_the_troops_hold(store, clock):
    ada = member("ada")
    game = daily_front.start_front(store, clock, ada)["game"]
    opened, side = parse_iso(game["opened_at"]), game["side"]
    clock.advance(130)  # nobody waits on a member: nothing happens until someone reads the game
    assert store.games.get(game["game_id"]).step == 1

    now = games.read_game(store, clock, ada, game["game_id"])

    record = store.games.step_records(game["game_id"])[0]
    assert (record.closed_by, record.missed[side], record.resolved_at) == ("deadline", True, "2026-11-23T09:02:10Z")
    assert now["turn"] == 2, "the next turn opened at the missed one's deadline, as it fell"
    assert parse_iso(now["opened_at"]) == opened + timedelta(seconds=120)
    assert parse_iso(now["deadline"]) == opened + timedelta(seconds=180)
    read = store.games.read_step(game["game_id"])
    board = read.board
    assert GameState.from_json(board.state).history[0].orders[side] == [], (
        "without a doctrine the troops stay in place and the income goes to the reserve")
    assert now["view"]["points"] > game["view"]["points"]


def test_a_front_played_by_the_default_doctrine_is_not_ranked(store, clock):
    """Tuesday's Front (under the tests' salt) is won in 6 turns by the Ram's rules playing north: a member who
    made them their default doctrine and missed every turn wins, "played mostly by your default doctrine"."""
    idle = member("idle")
    clock.set(datetime(2026, 11, 24, 10, 0, tzinfo=UTC))
    doctrines.create_doctrine(store, clock, idle, house_rules()["ram"])
    doctrines.make_default(store, idle, 1)
    daily_front.start_front(store, clock, idle)
    clock.advance(3600)

    mine = daily_front.my_front(store, clock, idle)["mine"]

    assert mine["status"] == "finished" and mine["result"]["outcome"] == "win"
    assert mine["result"]["turns"] == 6 and mine["result"]["seconds"] == 120 + 5 * 60
    assert (mine["ranked"], mine["not_ranked"]) == (False, "played-by-default-doctrine")
    assert daily_boards.board_of_the_day(store, date(2026, 11, 24), None, 5)["entries"] == []
    assert daily_boards.month_table(store, "2026-11", None, 5)["rows"] == []


@pytest.mark.parametrize(("delays", "reason"), [
    ([1, 2, 1, 3, 1, 2, 1, 2], "faster-than-a-human"),
    ([20, 20, 21, 20, 20, 21, 20, 20], "pace-too-regular"),
])
def test_a_machines_orders_leave_the_front_off_the_board(store, clock, delays, reason):
    bot = member("bot")
    play(store, clock, bot, daily_front.start_front(store, clock, bot)["game"], delays)
    mine = daily_front.my_front(store, clock, bot)["mine"]
    assert (mine["status"], mine["ranked"], mine["not_ranked"]) == ("finished", False, reason)
    assert daily_boards.board_of_the_day(store, MONDAY_MORNING.date(), None, 5)["entries"] == []
    assert daily_boards.month_table(store, "2026-11", None, 5)["rows"] == []


def test_the_result_is_written_once(store, clock):
    ada = member("ada")
    game = play(store, clock, ada, daily_front.start_front(store, clock, ada)["game"], HUMAN)
    read = store.games.read_step(game["game_id"])
    stored, board = read.game, read.board
    assert daily_results.record_result(store, stored, board) == "already"
    assert daily_boards.month_table(store, "2026-11", None, 5)["rows"][0]["ranked_days"] == 1


def test_the_house_ai_plays_from_its_own_view_only(store, clock):
    game = daily_front.start_front(store, clock, member("ada"))["game"]
    stored = store.games.get(game["game_id"])
    house_side = next(side for side, p in stored.players.items() if p.startswith("house:"))
    assert stored.submissions[house_side].device == "house" and stored.submissions[game["side"]].count == 0


def test_the_days_item_is_read_once_per_process_not_once_per_member(store, clock):
    """The day's Front never changes once stored, so the process keeps it: members' requests read only their own
    items and the day's item is no hot key. Counted on the requests the storage sends."""
    daily_front.my_front(store, clock, member("first"))
    asked: list[str] = []

    def count(params, **_):
        for keys in params.get("RequestItems", {}).values():
            asked.extend(key["pk"]["S"] for key in keys["Keys"])

    store.client.meta.events.register("provide-client-params.dynamodb.BatchGetItem", count)
    try:
        daily_front.my_front(store, clock, member("second"))
        daily_front.start_front(store, clock, member("third"))
    finally:
        store.client.meta.events.unregister("provide-client-params.dynamodb.BatchGetItem", count)
    assert asked and not [pk for pk in asked if pk.startswith("FRONT#")]


def test_a_start_that_meets_another_write_is_a_busy_409_and_writes_nothing(store, clock, monkeypatch):
    """Only the member's own entry makes a refused start "already started": a start cancelled by another write
    (here a game id already taken) says to try again, and leaves no entry behind that would block the day."""
    taken = daily_front.start_front(store, clock, member("ada"))["game"]["game_id"]
    monkeypatch.setattr(daily_front, "new_id", lambda: taken)
    with pytest.raises(Conflict) as refused:
        daily_front.start_front(store, clock, member("bea"))
    assert (refused.value.code, refused.value.status) == ("busy", 409)
    assert store.daily.read_day(MONDAY_MORNING.date(), member("bea").sub).entry is None
    monkeypatch.undo()
    assert daily_front.start_front(store, clock, member("bea"))["mine"]["status"] == "playing"


def test_the_storage_tells_a_second_start_from_another_cancelled_start(store, clock):
    from gameserver.storage.daily import AlreadyStarted, FrontStart
    from gameserver.storage.errors import WriteConflict as StorageConflict
    from gameserver.storage.games import NewGame

    daily_front.start_front(store, clock, member("ada"))
    ds = store.daily
    entry = ds.read_day(MONDAY_MORNING.date(), member("ada").sub).entry
    read = store.games.read_step(entry.game_id)
    game, board = read.game, read.board
    with pytest.raises(AlreadyStarted):
        store.transact([NewGame(game, board, [], []), FrontStart(entry)])
    newcomer = replace(entry, member=member("cid").sub)
    with pytest.raises(StorageConflict) as cancelled:
        store.transact([NewGame(game, board, [], []), FrontStart(newcomer)])
    assert not isinstance(cancelled.value, AlreadyStarted)


def test_reading_an_earlier_day_nobody_stored_shows_its_draw_without_writing_it(store, clock):
    """Only today's Front can be played, so only a request about today stores a day the rotation missed: reading
    old dates cannot fill the table."""
    from gameserver.platform.daily import front_of_the_day
    from rules.feinthold import LAYOUTS

    earlier = date(2026, 10, 4)
    shown = daily_front.my_front(store, clock, member("ada"), earlier)
    drawn = front_of_the_day(earlier, SALT.encode(), [layout.id for layout in LAYOUTS], SIDES)
    assert shown["front"] == daily_front.front_json(drawn) and shown["mine"] is None
    assert store.daily.get_front(earlier) is None
    daily_front.my_front(store, clock, member("ada"))
    assert store.daily.get_front(MONDAY_MORNING.date()) is not None


def test_a_result_the_final_turn_could_not_record_is_recorded_by_the_next_read(store, clock, monkeypatch):
    """The final turn stands even when writing its result fails; reading the Front records it later, once."""
    ada = member("ada")

    def lost(*_args, **_kwargs):
        raise ConnectionError("the result's write was lost")

    monkeypatch.setattr(daily_results, "record_result", lost)
    final = play(store, clock, ada, daily_front.start_front(store, clock, ada)["game"], HUMAN)
    assert final["status"] == "over"
    monkeypatch.undo()
    entry = store.daily.read_day(MONDAY_MORNING.date(), ada.sub, front=False).entry
    assert entry.status == "playing" and daily_boards.board_of_the_day(store, MONDAY_MORNING.date(), None, 5)[
        "entries"] == []

    mine = daily_front.my_front(store, clock, ada)["mine"]

    assert mine["status"] == "finished" and mine["ranked"] and mine["result"]["turns"] == final["turn"]
    assert [e["member"] for e in daily_boards.board_of_the_day(store, MONDAY_MORNING.date(), None, 5)["entries"]] == [
        ada.sub]
    assert daily_front.my_front(store, clock, ada)["mine"] == mine


def test_a_result_nobody_reads_again_is_recorded_by_the_sweep_once_the_front_is_due(store, clock, monkeypatch):
    """The final turn's follow-up fails and the member never comes back: the sweep records the result once the
    Front is past the longest its game lasts, once."""
    ada = member("ada")

    def lost(*_args, **_kwargs):
        raise ConnectionError("the result's write was lost")

    monkeypatch.setattr(daily_results, "record_result", lost)
    started = daily_front.start_front(store, clock, ada)
    final = play(store, clock, ada, started["game"], HUMAN)
    monkeypatch.undo()
    assert final["status"] == "over"
    assert daily_front.sweep(store, clock) == {}, "not due while its game could still be playing"
    clock.advance(3600)

    assert daily_front.sweep(store, clock) == {"ended": 1}

    entry = store.daily.read_day(MONDAY_MORNING.date(), ada.sub, front=False).entry
    assert entry.status == "finished" and entry.ranked and entry.turns == final["turn"]
    assert [e["member"] for e in daily_boards.board_of_the_day(store, MONDAY_MORNING.date(), None, 5)["entries"]] == [
        ada.sub]
    assert daily_front.sweep(store, clock) == {}, "its result's write took it off the due index"


def test_a_front_left_alone_is_finished_by_the_sweep_and_its_result_recorded(store, clock):
    """Nobody reads the game again: the minute's sweep plays each missed turn at its deadline (the troops hold)
    and the final turn records the result; a loss, or a draw, is ranked whoever played it."""
    from gameserver.play import steps

    gone = member("gone")
    game = daily_front.start_front(store, clock, gone)["game"]
    clock.advance(3600)

    assert steps.sweep(store, clock).get("resolved") == 1

    stored = store.games.get(game["game_id"])
    assert stored.status == "over" and all(r.missed[game["side"]] for r in store.games.step_records(game["game_id"]))
    entry = store.daily.read_day(MONDAY_MORNING.date(), gone.sub, front=False).entry
    assert entry.status == "finished" and entry.turns == len(store.games.step_records(game["game_id"]))
    assert entry.seconds == 120 + 60 * (entry.turns - 1), "each missed turn counts at its deadline"
