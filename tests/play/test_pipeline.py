"""The game pipeline on the in-memory store and Tally, a game made for these tests: a game starts in one place;
a seat's orders are checked on its own view and stored with one conditional write; the last awaited seat
resolves the step; a resolve, a timer or the sweep resolves a step exactly once; a missed seat is played by its
stand-in; seats decided at the close are given no one's orders; each member sees only their own seats."""

from __future__ import annotations

from datetime import timedelta

import pytest
from gameserver.clock import iso, parse_iso
from gameserver.errors import Conflict, IllegalOrders, InvalidInput, NotFound
from gameserver.identity import Client
from gameserver.play import leave, orders, start, steps, stop, views
from gameserver.play.modes import RULES, Deadlines, Mode, Stop, StopReason
from gameserver.play.orders import MAX_SUBMISSIONS
from gameserver.storage.audit import AuditLine
from gameserver.storage.errors import WriteConflict
from gameserver.storage.memory import MemoryStore
from gameserver.storage.records import Replacement
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tally import KIND

HERE = Client(device="d", address="192.0.2.1")
FIVE_MINUTES = timedelta(minutes=5)


def new(store, clock, players, *, mode="tally-timed", style="together", steps_=4, stand_ins=None, seed=1,
        game_id="0" * 19 + "1"):
    game = start.new_game(game_id=game_id, kind=KIND, mode=mode, players=players, pace="5m",
                          options={"seats": str(len(players)), "style": style, "steps": str(steps_)}, seed=seed,
                          stand_ins=stand_ins or {}, now=clock.now())
    start.begin(store, game)
    return game


def send(store, clock, sub, game_id, step, add, seat=None):
    return orders.submit(store, clock, sub, game_id, step, {"add": add}, HERE, kind=KIND, step_field="step",
                         seat=seat)


def test_a_new_game_opens_its_first_step_with_the_stand_ins_orders_stored(store, clock):
    made = new(store, clock, {"a": "alice", "b": "bot:7", "c": "bob"}, stand_ins={"b": {"bot": 7}})
    game = store.games.get(made.game.game_id)
    assert (game.step, game.label, game.awaiting, game.epoch, game.status) == (1, "1", ("a", "c"), 0, "open")
    # "A house AI sends its own as soon as the turn opens": the bot's seat has sent, computed at the opening.
    assert game.submissions["b"].orders == {"add": 7} and game.submissions["b"].count == 1
    assert game.submissions["b"].device == "bot" and not game.submissions["a"].sent
    assert parse_iso(game.deadline) == clock.now() + FIVE_MINUTES
    assert [(v.sub, list(v.views)) for v in made.views] == [("alice", ["a"]), ("bob", ["c"])]
    assert store.games.due_steps(game.deadline, 10)[0].game_id == game.game_id


def test_orders_are_checked_on_the_seats_view_and_a_refusal_writes_nothing(store, clock):
    made = new(store, clock, {"a": "alice", "b": "bob"})
    with pytest.raises(IllegalOrders) as refused:
        send(store, clock, "alice", made.game.game_id, 1, 12)
    assert (refused.value.field, refused.value.rule) == ("orders.add", "add-0-to-9")
    assert store.games.get(made.game.game_id).version == made.game.version
    with pytest.raises(NotFound):
        send(store, clock, "stranger", made.game.game_id, 1, 3)


def test_the_last_awaited_seat_to_send_resolves_the_step(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bot:7", "c": "bob"}, stand_ins={"b": {"bot": 7}}).game.game_id
    clock.advance(3)
    first = send(store, clock, "alice", game_id, 1, 2)
    again = send(store, clock, "alice", game_id, 1, 5)  # replaced while bob has yet to send
    assert (first.resolved, first.submission, again.resolved, again.submission) == (False, 1, False, 2)
    clock.advance(3)
    last = send(store, clock, "bob", game_id, 1, 4)
    assert last.resolved and last.game.step == 2 and last.game.epoch == 1
    (record,) = store.games.step_records(game_id)
    assert {seat: s.orders["add"] for seat, s in record.submissions.items()} == {"a": 5, "b": 7, "c": 4}
    assert record.closed_by == "orders" and record.missed == {"a": False, "b": False, "c": False}
    assert last.views.views["c"]["mine"] == 4 and "a" not in last.views.views


def test_a_seat_replaces_its_orders_five_times_at_most_while_another_has_yet_to_send(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}).game.game_id
    for count in range(1, MAX_SUBMISSIONS + 1):
        assert send(store, clock, "alice", game_id, 1, count).submission == count
    with pytest.raises(Conflict) as refused:
        send(store, clock, "alice", game_id, 1, 4)
    assert refused.value.code == "submissions_used"
    assert store.games.get(game_id).submissions["a"].orders == {"add": MAX_SUBMISSIONS}


def test_orders_for_a_step_that_is_not_open_are_refused_naming_the_field(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}).game.game_id
    with pytest.raises(Conflict) as refused:
        send(store, clock, "alice", game_id, 2, 1)
    assert (refused.value.code, refused.value.field) == ("turn_closed", "step")


def test_a_step_resolves_exactly_once_whatever_the_timers_do(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}).game.game_id
    assert steps.resolve(store, clock, game_id, 1) == "early"  # a timer that fires early changes nothing
    assert steps.resolve(store, clock, "0" * 20, 1) == "missing"
    clock.advance(FIVE_MINUTES.total_seconds())
    assert [steps.resolve(store, clock, game_id, 1) for _ in range(3)] == ["resolved", "stale", "stale"]
    before = store.games.get(game_id)
    clock.advance(3600)
    assert steps.resolve(store, clock, game_id, 1) == "stale", "a late timer of a resolved step"
    assert store.games.get(game_id).version == before.version
    assert [r.step for r in store.games.step_records(game_id)] == [1]


def test_a_missed_seat_is_played_by_its_stand_in_else_by_the_rules_default(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}, stand_ins={"a": {"bot": 4}}).game.game_id
    clock.advance(FIVE_MINUTES.total_seconds())
    assert steps.sweep(store, clock) == {"resolved": 1}
    (record,) = store.games.step_records(game_id)
    assert record.closed_by == "deadline" and record.missed == {"a": True, "b": True}
    board = store.games.board(game_id)
    assert board.state["totals"] == {"a": 4, "b": 0}


def test_the_sweep_finishes_a_lazy_game_replaying_its_deadlines_as_they_fell(store, clock):
    opened = clock.now()
    game_id = new(store, clock, {"a": "alice", "b": "bot:1"}, mode="tally-lazy",
                  stand_ins={"b": {"bot": 1}}).game.game_id
    clock.advance(10 * FIVE_MINUTES.total_seconds())
    assert steps.sweep(store, clock) == {"resolved": 1}
    game = store.games.get(game_id)
    assert game.status == "over" and game.winner == "b"
    records = store.games.step_records(game_id)
    assert [r.opened_at for r in records] == [iso(opened + n * FIVE_MINUTES) for n in range(4)]
    assert steps.sweep(store, clock) == {}


def test_a_mode_without_deadlines_waits_for_its_members(store, clock):
    game = new(store, clock, {"a": "alice", "b": "bob"}, mode="tally-none").game
    assert game.deadline is None
    clock.advance(86_400 * 30)
    assert steps.sweep(store, clock) == {} and steps.resolve(store, clock, game.game_id, 1) == "early"


def test_a_members_view_read_settles_what_is_due_first(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bot:2"}, mode="tally-lazy",
                  stand_ins={"b": {"bot": 2}}).game.game_id
    clock.advance(2 * FIVE_MINUTES.total_seconds())
    mine = views.my_game(store, clock, "alice", game_id, KIND)
    assert mine.game.step == 3 and mine.views.views["a"]["played"] == 2 and mine.views.epoch == 2


def test_steps_that_await_no_member_resolve_in_the_members_request(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bot:3", "c": "bot:5"}, style="in-turn", steps_=6,
                  stand_ins={"b": {"bot": 3}, "c": {"bot": 5}}).game.game_id
    store.transactions.clear()
    sent = send(store, clock, "alice", game_id, 1, 9)
    # The bots' turns 2 and 3 are played in the same transaction as alice's turn 1: her next decision is turn 4.
    assert sent.resolved and (sent.game.step, sent.game.awaiting, sent.game.epoch) == (4, ("a",), 3)
    assert len(store.transactions) == 1 and [r.step for r in store.games.step_records(game_id)] == [1, 2, 3]
    assert store.games.board(game_id).state["totals"] == {"a": 9, "b": 3, "c": 5}


def test_one_member_holding_two_seats_sees_each_seat_alone(store, clock):
    made = new(store, clock, {"a": "alice", "b": "alice", "c": "bob"})
    (alice,) = [v for v in made.views if v.sub == "alice"]
    assert sorted(alice.views) == ["a", "b"]
    game_id = made.game.game_id
    with pytest.raises(InvalidInput) as unnamed:  # two of her seats have a decision to make: which one?
        send(store, clock, "alice", game_id, 1, 1)
    assert (unnamed.value.field, unnamed.value.rule) == ("seat", "name-the-seat")
    send(store, clock, "alice", game_id, 1, 1, seat="a")
    send(store, clock, "alice", game_id, 1, 8, seat="b")
    done = send(store, clock, "bob", game_id, 1, 0)
    assert done.resolved
    mine = views.my_game(store, clock, "alice", game_id, KIND).views.views
    assert (mine["a"]["mine"], mine["b"]["mine"]) == (1, 8) and "c" not in mine
    assert all(set(view) == {"seat", "played", "mine", "over", "winner"} for view in mine.values())


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(alices=st.lists(st.integers(0, 9), min_size=2, max_size=2, unique=True))
def test_seats_decided_at_the_close_are_given_none_of_the_awaited_orders(clock, alices):
    """The AI seat's orders of a step are the same whatever the member sent: it is given no one's orders."""
    store = MemoryStore()
    decided = []
    for number, add in enumerate(alices):
        game_id = new(store, clock, {"a": "alice", "b": "ai:normal"}, seed=7, game_id=f"{number:020d}").game.game_id
        assert send(store, clock, "alice", game_id, 1, add).resolved, "nobody else is awaited"
        (record,) = store.games.step_records(game_id)
        assert "b" not in record.submissions
        decided.append(store.games.board(game_id).state["totals"]["b"])
    assert decided[0] == decided[1]


class Riding(Mode):
    """A mode whose steps carry an audit line in their own transaction."""

    name, deadlines = "tally-riding", Deadlines.TIMED

    def writes_with_step(self, store, clock, commit, read):
        return (AuditLine("pipeline", iso(clock.now()), "step", commit.game.game_id, str(commit.records[0].step),
                          "rides", f"a{commit.records[0].step}"),)


def test_a_modes_writes_ride_in_the_steps_transaction_or_neither_is_written(store, clock, add_mode):
    add_mode(Riding())
    game_id = new(store, clock, {"a": "alice", "b": "bob"}, mode="tally-riding").game.game_id
    clock.advance(FIVE_MINUTES.total_seconds())
    closed = steps.close(steps.read_step(store, game_id), clock.now())
    assert steps.resolve(store, clock, game_id, 1) == "resolved"
    assert [line.target for line in store.tables.audit] == ["1"]
    with pytest.raises(WriteConflict):  # the same step closed again from a stale read: nothing of it lands
        steps.commit(store, clock, closed)
    assert [line.target for line in store.tables.audit] == ["1"]
    assert steps.settle(store, clock, store.games.get(game_id)).changed is False


ACTIONS = st.lists(st.tuples(st.sampled_from(["alice", "bob", "resolve", "old-timer", "sweep", "wait"]),
                             st.integers(0, 9)), min_size=1, max_size=30)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(actions=ACTIONS)
def test_any_interleaving_resolves_each_step_once_and_shows_each_seat_only_itself(clock, actions):
    store = MemoryStore()
    game_id = new(store, clock, {"a": "alice", "b": "bot:2", "c": "bob"}, stand_ins={"b": {"bot": 2}},
                  steps_=5).game.game_id
    for action, value in actions:
        game = store.games.get(game_id)
        if action in ("alice", "bob") and game.status == "open":
            try:
                send(store, clock, action, game_id, game.step, value)
            except Conflict as refused:
                assert refused.code == "submissions_used"
        elif action == "resolve":
            steps.resolve(store, clock, game_id, game.step)
        elif action == "old-timer":
            assert game.step == 1 or steps.resolve(store, clock, game_id, game.step - 1) == "stale"
        elif action == "sweep":
            steps.sweep(store, clock)
        elif action == "wait":
            clock.advance(value * 60)
        seen = {sub: views.my_game(store, clock, sub, game_id, KIND) for sub in ("alice", "bob")}
        game = store.games.get(game_id)
        records = store.games.step_records(game_id)
        assert [r.step for r in records] == list(range(1, game.epoch + 1)), "a resolved step never resolves again"
        board = store.games.board(game_id)
        assert board.epoch == game.epoch
        for sub, seat in (("alice", "a"), ("bob", "c")):
            mine = seen[sub].views
            assert mine.epoch == game.epoch and set(mine.views) == {seat}
            assert mine.views[seat]["mine"] == board.state["totals"][seat]


def test_actions_inside_a_step_are_written_in_order_and_kept_with_its_record(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "ai:hard"}, seed=3).game.game_id
    first = orders.act(store, clock, "alice", game_id, 1, {"call": 4}, kind=KIND, step_field="step")
    second = orders.act(store, clock, "alice", game_id, 1, {"call": 2}, kind=KIND, step_field="step")
    assert (first.action["after"], second.action["after"]) == (0, 1) and second.game.actions[1]["call"] == 2
    with pytest.raises(WriteConflict):  # an action answering the step as it stood before the second one
        store.games.save_action(first.game, {"seat": "a", "call": 9, "answer": "heard", "after": 1})
    with pytest.raises(IllegalOrders) as refused:
        orders.act(store, clock, "alice", game_id, 1, {"call": 10}, kind=KIND, step_field="step")
    assert refused.value.rule == "call-0-to-9"
    send(store, clock, "alice", game_id, 1, 0)
    (record,) = store.games.step_records(game_id)
    assert [a["call"] for a in record.actions] == [4, 2] and store.games.get(game_id).actions == ()


def test_an_action_after_its_steps_deadline_finds_the_step_resolved_first(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "ai:hard"}, mode="tally-lazy", seed=3).game.game_id
    clock.advance(FIVE_MINUTES.total_seconds() + 1)
    with pytest.raises(orders.StepClosed) as late:
        orders.act(store, clock, "alice", game_id, 1, {"call": 4}, kind=KIND, step_field="step")
    assert late.value.open_step == 2 and late.value.field == "step"
    (record,) = store.games.step_records(game_id)
    assert record.actions == () and record.closed_by == "deadline"
    on_time = orders.act(store, clock, "alice", game_id, 2, {"call": 4}, kind=KIND, step_field="step")
    assert on_time.game.step == 2 and [a["call"] for a in on_time.game.actions] == [4]


def test_seats_decided_at_the_close_hear_the_steps_actions_but_not_its_orders(clock):
    totals = []
    for calls, add in (([], 0), ([], 9), ([3], 0)):
        store = MemoryStore()
        game_id = new(store, clock, {"a": "alice", "b": "ai:hard"}, seed=5).game.game_id
        for call in calls:
            orders.act(store, clock, "alice", game_id, 1, {"call": call}, kind=KIND, step_field="step")
        send(store, clock, "alice", game_id, 1, add)
        totals.append(store.games.board(game_id).state["totals"]["b"])
    assert totals[0] == totals[1] != totals[2]


def test_a_chain_of_steps_no_member_awaits_runs_on_past_one_transaction_in_the_members_request(
        store, clock, monkeypatch):
    monkeypatch.setattr(steps, "MAX_CHAINED", 2)
    game_id = new(store, clock, {"a": "alice", "b": "bot:3", "c": "bot:5"}, style="in-turn", steps_=7,
                  stand_ins={"b": {"bot": 3}, "c": {"bot": 5}}).game.game_id
    store.transactions.clear()
    sent = send(store, clock, "alice", game_id, 1, 9)
    # Alice's turn and bot b's fill the first transaction; bot c's is played in a second one, same request.
    assert (sent.game.step, sent.game.awaiting, sent.views.epoch) == (4, ("a",), 3)
    assert [[r.step for r in w.records] for t in store.transactions for w in t] == [[1, 2], [3]]


def test_a_stale_step_number_names_the_open_step(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}).game.game_id
    with pytest.raises(orders.StepClosed) as refused:
        send(store, clock, "alice", game_id, 3, 1)
    assert refused.value.open_step == 1 and refused.value.code == "turn_closed"


def test_a_step_may_be_named_by_its_label_and_a_stale_label_names_the_open_one(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "ai:hard"}).game.game_id
    with pytest.raises(orders.StepClosed) as refused:
        send(store, clock, "alice", game_id, "2", 1)
    assert refused.value.open_step == 1 and "2 is not open; turn 1 is" in refused.value.message
    with pytest.raises(orders.StepClosed):
        orders.act(store, clock, "alice", game_id, "3", {"call": 1}, kind=KIND, step_field="step")
    assert orders.act(store, clock, "alice", game_id, "1", {"call": 1}, kind=KIND, step_field="step").game.actions
    assert send(store, clock, "alice", game_id, "1", 4).resolved


def test_an_action_the_step_recorded_already_writes_nothing_and_answers_with_the_members_views(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "ai:hard"}).game.game_id
    first = orders.act(store, clock, "alice", game_id, 1, {"call": 6}, kind=KIND, step_field="step")
    store.transactions.clear()
    again = orders.act(store, clock, "alice", game_id, 1, {"call": 6}, kind=KIND, step_field="step")
    assert again.action == first.action and again.game == first.game == store.games.get(game_id)
    assert len(again.game.actions) == 1 and again.views.views == {"a": {"seat": "a", "played": 0, "mine": 0,
                                                                          "over": False, "winner": None}}


def test_how_a_game_ended_for_its_members_is_on_the_game_and_their_lists(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}, steps_=1).game.game_id
    send(store, clock, "alice", game_id, 1, 3)
    send(store, clock, "bob", game_id, 1, 3)
    assert (store.games.get(game_id).winner, store.games.get(game_id).result) == ("draw", "shared")
    assert [p.result for p in views.my_games(store, "bob", KIND, None, 5).items] == ["shared"]
    stopped = new(store, clock, {"a": "alice", "b": "bob"}, game_id="0" * 19 + "2")
    stop.stop(store, clock, stopped.game.game_id, Stop(StopReason.FORFEIT, RULES, "b"))
    assert (store.games.get(stopped.game.game_id).winner, store.games.get(stopped.game.game_id).result) == (
        "b", "decided")


def bot_of(seat: str) -> tuple[str, dict]:
    return f"bot:{seat}", {"bot": 4}


def test_a_member_who_leaves_is_replaced_by_a_stand_in_that_decides_the_open_step(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob"}).game.game_id
    send(store, clock, "alice", game_id, 1, 2)
    clock.advance(7)
    after = leave.leave(store, clock, "bob", game_id, kind=KIND, stand_in_of=bot_of)
    # Bob had yet to send: his stand-in decides step 1, which then awaits no one and resolves.
    assert (after.step, after.players["b"], after.awaiting) == (2, "bot:b", ("a",))
    assert after.replaced == (Replacement("b", "bob", "bot:b", 1, iso(clock.now())),)
    (record,) = store.games.step_records(game_id)
    assert record.submissions["b"].orders == {"add": 4} and not record.missed["b"]
    assert store.games.get(game_id).submissions["b"].orders == {"add": 4}, "step 2 decided as it opened"
    with pytest.raises(NotFound):
        views.my_game(store, clock, "bob", game_id, KIND)
    assert store.games.read_view(game_id, "bob").views is None, "the leaver's views went with the change"
    assert [p.status for p in store.games.list_plays("bob", KIND, None, 5).items] == [leave.LEFT]
    with pytest.raises(NotFound):
        leave.leave(store, clock, "bob", game_id, kind=KIND, stand_in_of=bot_of)


def test_a_leaver_whose_orders_were_sent_keeps_them_and_the_step_still_waits_for_the_others(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bob", "c": "carol"}).game.game_id
    send(store, clock, "bob", game_id, 1, 7)
    before = store.games.get(game_id)
    after = leave.leave(store, clock, "bob", game_id, kind=KIND, stand_in_of=bot_of)
    assert (after.step, after.awaiting, after.version) == (1, ("a", "c"), before.version + 1)
    assert after.submissions["b"].orders == {"add": 7} and store.games.step_records(game_id) == []
    assert store.games.board(game_id).stand_ins["b"] == {"bot": 4}
    send(store, clock, "alice", game_id, 1, 1)
    assert send(store, clock, "carol", game_id, 1, 1).resolved


def test_when_the_last_member_leaves_the_stand_ins_play_the_game_to_its_end(store, clock):
    game_id = new(store, clock, {"a": "alice", "b": "bot:3"}, stand_ins={"b": {"bot": 3}}, steps_=5).game.game_id
    after = leave.leave(store, clock, "alice", game_id, kind=KIND, stand_in_of=bot_of)
    assert after.status == "over" and after.winner == "a"
    assert [r.step for r in store.games.step_records(game_id)] == [1, 2, 3, 4, 5]
    with pytest.raises(NotFound):
        leave.leave(store, clock, "alice", game_id, kind=KIND, stand_in_of=bot_of)


def test_a_game_that_fails_in_the_sweep_holds_back_no_other_game(store, clock, monkeypatch):
    # The due index is read oldest first: the game that keeps failing comes first every minute.
    broken = new(store, clock, {"a": "alice", "b": "bot:1"}, mode="tally-lazy", stand_ins={"b": {"bot": 1}},
                 game_id="0" * 19 + "1").game.game_id
    clock.advance(1)
    healthy = new(store, clock, {"a": "bob", "b": "bot:1"}, mode="tally-lazy", stand_ins={"b": {"bot": 1}},
                  game_id="0" * 19 + "2").game.game_id
    close = steps.close

    def failing(loaded, *args, **kwargs):
        if loaded.game.game_id == broken:
            raise RuntimeError("a stand-in that raises")
        return close(loaded, *args, **kwargs)

    monkeypatch.setattr(steps, "close", failing)
    clock.advance(10 * FIVE_MINUTES.total_seconds())
    assert steps.sweep(store, clock) == {"failed": 1, "resolved": 1}
    assert store.games.get(healthy).status == "over" and store.games.get(broken).step == 1
    assert steps.sweep(store, clock) == {"failed": 1}


def test_a_game_that_keeps_changing_while_its_due_steps_settle_is_busy_not_a_loop(store, clock, monkeypatch):
    game_id = new(store, clock, {"a": "alice", "b": "bot:2"}, mode="tally-lazy",
                  stand_ins={"b": {"bot": 2}}).game.game_id
    lost = []

    def beaten(*args, **kwargs):
        lost.append(1)
        raise WriteConflict("another request wrote the game first")

    monkeypatch.setattr(steps, "commit", beaten)
    clock.advance(2 * FIVE_MINUTES.total_seconds())
    with pytest.raises(Conflict) as busy:
        views.my_game(store, clock, "alice", game_id, KIND)
    assert busy.value.code.value == "busy" and len(lost) == steps.ATTEMPTS


class Stopping(Mode):
    """A mode whose stops carry an audit line in their own transaction, and note what followed them."""

    name, deadlines = "tally-stopping", Deadlines.TIMED

    def __init__(self) -> None:
        self.followed: list[tuple[str, str]] = []

    def writes_with_stop(self, store, clock, close, read, why):
        if close.game.game_id.endswith("9"):
            return None  # as if the mode's own item had moved on, every time it is read
        return (AuditLine(why.by, iso(clock.now()), "stop", close.game.game_id, str(why.reason), "stops", "s"),)

    def after_stop(self, store, clock, close, why, writes):
        self.followed.append((close.game.game_id, writes[0].target))


def test_a_stop_ends_the_game_with_its_modes_writes_in_one_transaction_then_follows_it(store, clock, add_mode):
    stopping = Stopping()
    add_mode(stopping)
    game_id = new(store, clock, {"a": "alice", "b": "bob"}, mode="tally-stopping").game.game_id
    before = len(store.transactions)
    close, _ = stop.stop(store, clock, game_id, Stop(StopReason.MODERATOR, "mod"))
    (written,) = store.transactions[before:]
    assert [type(w).__name__ for w in written] == ["GameClose", "AuditLine"]
    game = store.games.get(game_id)
    assert (game.status, game.winner, game.result) == ("over", None, None), "a moderator's stop: no result"
    assert (game.stopped.reason, game.stopped.by) == ("moderator", "mod")
    assert stopping.followed == [(game_id, "moderator")] and close.game == game
    assert store.games.read_view(game_id, "alice").views.views["a"]["over"] is True
    with pytest.raises(Conflict) as over:
        stop.stop(store, clock, game_id, Stop(StopReason.MODERATOR, "mod"))
    assert over.value.code == "game_over"
    with pytest.raises(NotFound):
        stop.stop(store, clock, "f" * 20, Stop(StopReason.MODERATOR, "mod"))


def test_a_member_stops_only_a_game_of_theirs_and_a_mode_that_moved_on_writes_nothing(store, clock, add_mode):
    add_mode(Stopping())
    game_id = new(store, clock, {"a": "alice", "b": "bob"}, mode="tally-stopping").game.game_id
    with pytest.raises(NotFound):
        stop.stop(store, clock, game_id, Stop(StopReason.ABANDONED, "carol"),
                  may_stop=lambda game: bool(game.seats_of("carol")))
    refused = new(store, clock, {"a": "alice", "b": "bob"}, mode="tally-stopping", game_id="0" * 19 + "9").game.game_id
    with pytest.raises(Conflict) as busy:
        stop.stop(store, clock, refused, Stop(StopReason.ABANDONED, "alice"))
    assert busy.value.code == "busy" and store.games.get(refused).status == "open"
    assert store.tables.audit == []
