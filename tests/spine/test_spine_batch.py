"""A batch read retries what DynamoDB left unprocessed, and gives up after a bounded number of calls."""

from __future__ import annotations

import pytest
from gameserver.storage.dynamodb import batch
from gameserver.storage.errors import WriteConflict as Conflict


def _item(pk: str) -> dict:
    return {"pk": {"S": pk}, "sk": {"S": "X"}}


class Throttled:
    """A client that answers ``answered`` keys per call and leaves the rest unprocessed."""

    def __init__(self, answered: int) -> None:
        self.answered = answered
        self.calls = 0

    def batch_get_item(self, RequestItems: dict) -> dict:  # noqa: N803 (botocore's name)
        self.calls += 1
        keys = RequestItems["t"]["Keys"]
        done, rest = keys[: self.answered], keys[self.answered:]
        return {"Responses": {"t": done}, "UnprocessedKeys": {"t": {"Keys": rest}} if rest else {}}


def test_unprocessed_keys_are_read_again_until_all_are_in(monkeypatch):
    monkeypatch.setattr(batch, "FIRST_PAUSE", 0)
    client = Throttled(answered=2)
    found = batch.batch_get(client, "t", [_item(f"k{n}") for n in range(5)])
    assert sorted(pk for pk, _ in found) == [f"k{n}" for n in range(5)] and client.calls == 3


def test_a_read_still_unprocessed_after_the_last_attempt_is_a_conflict_not_a_loop(monkeypatch):
    monkeypatch.setattr(batch, "FIRST_PAUSE", 0)
    client = Throttled(answered=0)
    with pytest.raises(Conflict, match="unprocessed"):
        batch.batch_get(client, "t", [_item("k")])
    assert client.calls == batch.ATTEMPTS
