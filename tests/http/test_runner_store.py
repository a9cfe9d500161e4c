"""The embedded store: moto's server on loopback, serving one request at a time, with our tables."""

from __future__ import annotations

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import botocore.session
import pytest
from localrun.store import MotoStore, OneAtATime


def test_one_at_a_time_never_overlaps_two_requests():
    running = 0
    most = 0
    lock = threading.Lock()

    def slow_app(environ, start_response):
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.01)
        with lock:
            running -= 1
        start_response("200 OK", [])
        return [b"ok"]

    app = OneAtATime(slow_app)
    with ThreadPoolExecutor(16) as pool:
        bodies = list(pool.map(lambda _: app({}, lambda *a: None), range(64)))
    assert bodies == [[b"ok"]] * 64
    assert most == 1


@pytest.fixture(scope="module")
def store():
    running = MotoStore().start()
    yield running
    running.stop()


def client(endpoint: str):
    return botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", endpoint_url=endpoint,
        aws_access_key_id="localrun", aws_secret_access_key="localrun")


def test_the_tables_are_created_once_with_the_due_index_and_ttl(store):
    from gameserver.storage.dynamodb.tables import DUE_INDEX, create_tables

    dynamodb = client(store.endpoint)
    # moto keeps its data per process, not per server: names of this test's own.
    main, idem = f"main-{uuid.uuid4().hex[:6]}", f"idem-{uuid.uuid4().hex[:6]}"
    create_tables(dynamodb, main, idem)
    before = dynamodb.list_tables()["TableNames"]
    create_tables(dynamodb, main, idem)  # a restart against the same store changes nothing
    assert {main, idem} <= set(before) and dynamodb.list_tables()["TableNames"] == before
    indexes = {i["IndexName"] for i in dynamodb.describe_table(TableName=main)["Table"]["GlobalSecondaryIndexes"]}
    assert DUE_INDEX in indexes
    ttl = dynamodb.describe_time_to_live(TableName=main)["TimeToLiveDescription"]
    assert ttl["TimeToLiveStatus"] == "ENABLED" and ttl["AttributeName"] == "expires_at"
