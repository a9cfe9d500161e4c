"""The Daily Front's request budgets (docs/storage.md, patterns 27-32), counted on the wire with a botocore hook:
what 100,000 members a day cost rests on them."""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date

from daily_world import enter, member, steady_orders
from gameserver.domain import feinthold as games
from gameserver.domain.daily import boards as daily_boards
from gameserver.domain.daily import front as daily_front
from gameserver.identity import Client
from gameserver.platform.daily import Outcome


@contextmanager
def counted(store) -> Iterator[collections.Counter]:
    calls: collections.Counter[str] = collections.Counter()

    def count(event_name: str, **_: object) -> None:
        calls[event_name.rsplit(".", 1)[-1]] += 1

    store.client.meta.events.register("before-call.dynamodb.*", count)
    try:
        yield calls
    finally:
        store.client.meta.events.unregister("before-call.dynamodb.*", count)


def cost(store, work: Callable[[], object]) -> dict[str, int]:
    with counted(store) as calls:
        work()
    return dict(calls)


def test_a_members_day_costs_what_the_design_says(store, clock):
    assert cost(store, lambda: daily_front.my_front(store, clock, member("first"))) == {
        "BatchGetItem": 1, "PutItem": 1}, "the first request of a day the rotation missed draws it"
    ada = member("ada")
    assert cost(store, lambda: daily_front.my_front(store, clock, ada)) == {"BatchGetItem": 1}
    game: dict = {}

    def start() -> None:
        game.update(daily_front.start_front(store, clock, ada)["game"])

    assert cost(store, start) == {"BatchGetItem": 1, "TransactWriteItems": 1}
    turns = []
    while game["status"] == "open":
        clock.advance(11 + 4 * len(turns))

        def send() -> None:
            answer = games.submit_orders(store, clock, ada, game["game_id"], game["turn"],
                                         steady_orders(game["view"]), Client())
            game.update(answer["game"])

        turns.append(cost(store, send))
    assert turns[:-1] == [{"BatchGetItem": 1, "TransactWriteItems": 1}] * (len(turns) - 1)
    assert turns[-1] == {"BatchGetItem": 2, "TransactWriteItems": 2, "Query": 1, "GetItem": 1}, (
        "the final turn also records the result and the month's line")


def test_a_board_page_is_one_query_per_shard(store):
    day = date(2026, 11, 23)
    for index in range(40):
        enter(store, day, f"m{index:02d}", Outcome.WIN, 3 + index % 5)
    assert cost(store, lambda: daily_boards.board_of_the_day(store, day, None, 10)) == {"Query": 8}
    assert cost(store, lambda: daily_boards.month_table(store, "2026-11", None, 10)) == {"Query": 8}
