"""A house AI's rating under concurrent challenges: many challenges of Ram ending at the same moment.

    .venv/bin/python bench/challenges_contention.py [--challenges 60] [--threads 12]

A house AI's rating is one item that every challenge of it moves. The chosen design (docs/platform.md,
"Doctrine challenges"): no end transaction writes it; each counted end queues its result as an item of its own
(``DOCTRINE#house-ram / QUEUE#{ended_at}#{game}``), and the sweep applies the queue in order, 25 results a
transaction, claimed by the rating item's version.

Measured against moto's server (the application's DynamoDB client, a manual clock): N members challenge Ram at
rapid pace and miss every turn (a loss, which always counts); then ``--threads`` workers end those N
challenges at once (each: its game's overdue turns resolved, then the end's transaction). Counted: the end
transactions refused and retried, the transactions that wrote Ram's item, then the sweep's steps applying the
queue (and a second sweep, which must apply nothing). For comparison, the design it avoids, simulated on the
same server: each end also writing Ram's rating item claimed by the version it read (read, then a
transaction), every refusal retried.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spine_requests import start_rig  # noqa: E402  (the spine's rig, shared)


def main() -> None:
    parser = argparse.ArgumentParser(description="A house AI's rating under concurrent challenges")
    parser.add_argument("--challenges", type=int, default=60)
    parser.add_argument("--threads", type=int, default=12)
    options = parser.parse_args()
    rig = start_rig()
    from gameserver.clock import get_clock, iso
    from gameserver.domain.challenges import game
    from gameserver.domain.challenges.ratings import apply_queues
    from gameserver.services import storage
    from gameserver.storage.errors import WriteConflict

    store, clock = storage(), get_clock()
    members = [f"m{n:03d}" for n in range(options.challenges)]
    started = []
    for sub in members:
        status, answer = rig.call(sub, "POST", "/v1/feinthold/challenges", {"doctrine_id": "house-ram", "pace": "5m"})
        assert status == 201, answer
        started.append(answer["challenge_id"])
    rig.manual.advance(3600)  # every game missed to its end

    counts: Counter[str] = Counter()
    lock = threading.Lock()
    real_transact = type(store).transact

    def counted(self: Any, writes: Any) -> None:
        kinds = {type(w).__name__ for w in writes}
        try:
            real_transact(self, writes)
        except WriteConflict:
            with lock:
                counts["refused " + "+".join(sorted(kinds))] += 1
            raise
        with lock:
            counts["written " + "+".join(sorted(kinds))] += 1

    type(store).transact = counted  # type: ignore[method-assign]
    ram_version = store.challenges.doctrine("house-ram").version
    began = time.perf_counter()
    with ThreadPoolExecutor(options.threads) as pool:
        outcomes = Counter(pool.map(lambda cid: game.catch_up(store, clock, cid), started))
    ends_took = time.perf_counter() - began
    untouched = store.challenges.doctrine("house-ram").version == ram_version
    queued = len(store.challenges.read_queue("house-ram", 1000).queued)
    began = time.perf_counter()
    first = apply_queues(store, clock, limit=100)
    sweep_took = time.perf_counter() - began
    second = apply_queues(store, clock, limit=100)
    ram = store.challenges.doctrine("house-ram")
    type(store).transact = real_transact  # type: ignore[method-assign]

    print(f"{options.challenges} challenges of Ram ending at once, {options.threads} workers (moto server, local)")
    print(f"  ends: {dict(outcomes)} in {ends_took:.2f} s")
    for kind, n in sorted(counts.items()):
        print(f"  {kind}: {n}")
    print(f"  Ram's rating item written by an end: {'no' if untouched else 'YES'}; results queued: {queued}")
    print(f"  sweep: {first['doctrine-steps']} steps, {first['doctrine-results']} results applied in "
          f"{sweep_took:.2f} s; a second sweep applied {second.get('doctrine-results', 0)}")
    print(f"  Ram: {ram.record.faced} rated challenges faced, rating {ram.rating.rating:.2f}, item version "
          f"{ram.version} (was {ram_version})")

    # The design avoided: each end also claims Ram's rating item by the version it read.
    client, table = store.client, store.table
    key = {"pk": {"S": "BENCH#naive-ram"}, "sk": {"S": "RATING"}}
    client.put_item(TableName=table, Item={**key, "version": {"N": "0"}})
    refusals: Counter[str] = Counter()

    def naive_end(n: int) -> None:
        while True:
            read = client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
            version = int(read["version"]["N"])
            try:
                client.transact_write_items(TransactItems=[
                    {"Put": {"TableName": table, "Item": {"pk": {"S": f"BENCH#end-{n}"}, "sk": {"S": "END"}}}},
                    {"Put": {"TableName": table, "Item": {**key, "version": {"N": str(version + 1)}},
                             "ConditionExpression": "#v = :v", "ExpressionAttributeNames": {"#v": "version"},
                             "ExpressionAttributeValues": {":v": {"N": str(version)}}}},
                ])
                return
            except client.exceptions.TransactionCanceledException:
                with lock:
                    refusals["refused"] += 1

    began = time.perf_counter()
    with ThreadPoolExecutor(options.threads) as pool:
        list(pool.map(naive_end, range(options.challenges)))
    naive_took = time.perf_counter() - began
    print(f"  avoided design (each end writing Ram's item, simulated): {refusals['refused']} end transactions "
          f"refused and retried for {options.challenges} ends, in {naive_took:.2f} s")
    print(f"  as of {iso(clock.now())}")
    rig.store.stop()


if __name__ == "__main__":
    main()
