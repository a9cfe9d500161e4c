"""Requests a member's day on the Daily Front costs, counted on the wire (moto in-process, a botocore hook):
today's Front, the start, each turn, the final turn that records the result, a board page, a month page and my
rank on the day's board (after the sweep's summary rebuild, measured too: it is the sweep's, not the member's).

    .venv/bin/python bench/daily_requests.py

Idempotency and the profile check (once per warm process) are not counted: they are the spine's, per call.
"""

from __future__ import annotations

import collections
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "http"))


def main() -> None:
    os.environ.update({"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION":
                       "us-east-1", "TABLE_NAME": "bench-main", "IDEMPOTENCY_TABLE_NAME": "bench-idem",
                       "DAILY_SALT": "bench-salt-of-the-daily-front-32"})
    os.environ.pop("AWS_ENDPOINT_URL_DYNAMODB", None)
    from gameserver import services
    from gameserver.clock import ManualClock
    from gameserver.domain import feinthold as games
    from gameserver.domain.daily import boards as daily_boards
    from gameserver.domain.daily import front as daily_front
    from gameserver.identity import Caller, Client
    from gameserver.storage.dynamodb.tables import create_tables
    from localrun_player import steady_orders
    from moto import mock_aws

    counts: collections.Counter[str] = collections.Counter()

    def count(event_name: str, **_: object) -> None:
        counts[event_name.rsplit(".", 1)[-1]] += 1

    def measured(label: str, work):  # noqa: ANN001, ANN202
        counts.clear()
        answer = work()
        print(f"{label:<48} {sum(counts.values()):>3}  {dict(sorted(counts.items()))}")
        return answer

    clock = ManualClock(datetime(2026, 11, 23, 9, 0, tzinfo=UTC))
    with mock_aws():
        create_tables()
        store = services.storage()
        store.client.meta.events.register("before-call.dynamodb.*", count)
        first, ada = Caller("first", frozenset(), "first"), Caller("ada", frozenset(), "ada")
        print(f"{'what':<48} {'req':>3}  by operation")
        measured("today's Front, first request of the day", lambda: daily_front.my_front(store, clock, first))
        measured("today's Front, later (the Front known)", lambda: daily_front.my_front(store, clock, ada))
        game = measured("start my Front", lambda: daily_front.start_front(store, clock, ada))["game"]
        turn = 0
        while game["status"] == "open":
            clock.advance(15 + 3 * turn)
            turn += 1
            game = measured(f"send orders, turn {game['turn']} (resolves it)", lambda g=game: games.submit_orders(
                store, clock, ada, g["game_id"], g["turn"], steady_orders(g["view"]), Client()))["game"]
        measured("today's Front and my result", lambda: daily_front.my_front(store, clock, ada))
        day = clock.now().date()
        measured("a board page (100)", lambda: daily_boards.board_of_the_day(store, day, None, 100))
        measured("a month page (100)", lambda: daily_boards.month_table(store, day.isoformat()[:7], None, 100))
        measured("(the sweep) the board's summary rebuilt", lambda: daily_boards.rebuild_summaries(store, clock))
        measured("my rank on the day's board", lambda: daily_boards.my_rank(store, clock, ada))


if __name__ == "__main__":
    main()
