"""Invariants of a game under any interleaving of submissions, waits, timers (early, late, duplicate) and
sweeps: every resolved turn is recorded exactly once, the epoch counts them, the views follow the board, and a
finished game leaves the due index."""

from __future__ import annotations

import random

from gameserver.domain import feinthold as games
from gameserver.errors import Conflict
from gameserver.identity import Client
from gameserver.play import steps
from gameserver.play.orders import MAX_SUBMISSIONS
from gameserver.storage.dynamodb import keys
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from players import orders_for

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("send"), st.sampled_from(["south", "north"]), st.integers(0, 2**16)),
        st.tuples(st.just("wait"), st.sampled_from([1, 3_600, 43_200, 86_400, 200_000]), st.just(0)),
        st.tuples(st.just("timer"), st.integers(-1, 1), st.just(0)),
        st.tuples(st.just("sweep"), st.just(0), st.just(0)),
    ),
    min_size=4,
    max_size=16,
)


def _check(store, game_id, subs):
    game = store.games.get(game_id)
    records = store.games.step_records(game_id)
    assert [r.step for r in records] == list(range(1, game.epoch + 1))
    for record in records:
        for side, submission in record.submissions.items():
            assert record.missed[side] == (submission.count == 0) and submission.count <= MAX_SUBMISSIONS
    for sub in subs:
        read = store.games.read_step(game_id, sub)
        board, view = read.board, read.views
        assert board.epoch == view.epoch == game.epoch
    item = store.client.get_item(
        TableName=store.table, Key={"pk": {"S": keys.game_pk(game_id)}, "sk": {"S": keys.GAME}}
    )["Item"]
    if game.status == "open":
        assert game.step == game.epoch + 1 and item["due_at"]["S"] == game.deadline
    else:
        assert 1 <= game.epoch <= 8 and "due_at" not in item and game.winner is not None
    return game


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_any_interleaving_keeps_the_turns_consistent(store, clock, alice, bob, actions):
    players = {"south": alice, "north": bob}
    game_id = games.open_game(
        store, clock, players={side: c.sub for side, c in players.items()}, mode="friendly", pace="1d", seed=len(actions)
    ).game.game_id
    for action, arg, salt in actions:
        game = store.games.get(game_id)
        if action == "send":
            caller = players[arg]
            try:
                mine = games.read_game(store, clock, caller, game_id)
                if mine["status"] == "open":
                    orders = orders_for(mine, random.Random(salt))
                    games.submit_orders(store, clock, caller, game_id, mine["turn"], orders, Client())
            except Conflict as refused:
                assert refused.code in {"submissions_used", "turn_closed", "game_over"}
        elif action == "wait":
            clock.advance(arg)
        elif action == "timer":
            before = store.games.get(game_id)
            outcome = steps.resolve(store, clock, game_id, game.step + arg)
            if arg != 0 or game.status != "open":
                assert outcome == "stale" and store.games.get(game_id) == before
        else:
            steps.sweep(store, clock)
        _check(store, game_id, [c.sub for c in players.values()])
