"""The table definitions, in the shape of DynamoDB's ``CreateTable`` (docs/interfaces.md, docs/storage.md).

One source of truth: the SAM template, the local runner and the tests all follow these; a test holds the
template to them. The main table is a single-table design with two general indexes and the sparse due-step
index; the idempotency table has Powertools' layout.
"""

from __future__ import annotations

from typing import Any

MAIN_TTL_ATTRIBUTE = "expires_at"
IDEMPOTENCY_TTL_ATTRIBUTE = "expiration"
EVENTS_TTL_ATTRIBUTE = "expires_at"

GSI1 = "gsi1"
GSI2 = "gsi2"
DUE_INDEX = "due"

DUE_SHARDS = 4
"""Open steps spread over this many due shards, so the sweep's queries never pile onto one partition."""


DUE_PROJECTION = ("step",)
"""The sweep needs only which game (``pk``), which step and when; the due index carries nothing else."""


def _index(name: str, hash_key: str, range_key: str) -> dict[str, Any]:
    return {
        "IndexName": name,
        "KeySchema": [
            {"AttributeName": hash_key, "KeyType": "HASH"},
            {"AttributeName": range_key, "KeyType": "RANGE"},
        ],
        "Projection": (
            {"ProjectionType": "ALL"}
            if name != DUE_INDEX
            else {"ProjectionType": "INCLUDE", "NonKeyAttributes": list(DUE_PROJECTION)}
        ),
    }


MAIN_TABLE: dict[str, Any] = {
    "AttributeDefinitions": [
        {"AttributeName": name, "AttributeType": "S"}
        for name in ("pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "due_shard", "due_at")
    ],
    "KeySchema": [
        {"AttributeName": "pk", "KeyType": "HASH"},
        {"AttributeName": "sk", "KeyType": "RANGE"},
    ],
    "GlobalSecondaryIndexes": [
        _index(GSI1, "gsi1pk", "gsi1sk"),
        _index(GSI2, "gsi2pk", "gsi2sk"),
        # Sparse: only a game whose step is open with a deadline carries due_shard/due_at.
        _index(DUE_INDEX, "due_shard", "due_at"),
    ],
    "BillingMode": "PAY_PER_REQUEST",
}

IDEMPOTENCY_TABLE: dict[str, Any] = {
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "BillingMode": "PAY_PER_REQUEST",
}


EXPIRING_INDEX = "expiring"
"""The connections by their token's expiry (``storage.dynamodb.events``): sparse, connection items alone carry
its ``conn_shard``; keys only, the closer needs nothing but which connection."""

EVENTS_TABLE: dict[str, Any] = {
    "AttributeDefinitions": [
        *({"AttributeName": name, "AttributeType": "S"} for name in ("pk", "sk", "conn_shard")),
        {"AttributeName": "token_expires", "AttributeType": "N"},
    ],
    "KeySchema": [
        {"AttributeName": "pk", "KeyType": "HASH"},
        {"AttributeName": "sk", "KeyType": "RANGE"},
    ],
    "GlobalSecondaryIndexes": [{
        "IndexName": EXPIRING_INDEX,
        "KeySchema": [{"AttributeName": "conn_shard", "KeyType": "HASH"},
                      {"AttributeName": "token_expires", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "KEYS_ONLY"},
    }],
    "BillingMode": "PAY_PER_REQUEST",
    # The fan-out's one trigger: new images only (an event is written once and never changed).
    "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"},
}
"""Live events, WebSocket connections and subscriptions (``storage.dynamodb.events``): a table of its own, so
that its stream carries nothing hidden."""


def table_definitions(main_name: str, idempotency_name: str, events_name: str = "feinthold-events"
                      ) -> list[tuple[dict[str, Any], str]]:
    """``(CreateTable kwargs, TTL attribute)`` for the three tables under the given names."""
    return [
        ({"TableName": main_name, **MAIN_TABLE}, MAIN_TTL_ATTRIBUTE),
        ({"TableName": idempotency_name, **IDEMPOTENCY_TABLE}, IDEMPOTENCY_TTL_ATTRIBUTE),
        ({"TableName": events_name, **EVENTS_TABLE}, EVENTS_TTL_ATTRIBUTE),
    ]


def create_tables(client: Any = None, main_name: str | None = None, idempotency_name: str | None = None,
                  events_name: str | None = None) -> None:
    """Create the tables (and their TTL) if they do not exist yet: the local runner and the tests call this.

    ``client`` is a low-level DynamoDB client; by default the storage module's own, which honours
    ``AWS_ENDPOINT_URL_DYNAMODB``. Names default to the settings (``TABLE_NAME``, ``IDEMPOTENCY_TABLE_NAME``,
    ``EVENTS_TABLE_NAME``).
    """
    from gameserver.aws import dynamodb_client
    from gameserver.config import get_settings

    settings = get_settings()
    client = client or dynamodb_client()
    existing = set(client.list_tables().get("TableNames", []))
    for definition, ttl_attribute in table_definitions(
        main_name or settings.table_name, idempotency_name or settings.idempotency_table_name,
        events_name or settings.events_table_name,
    ):
        name = definition["TableName"]
        if name in existing:
            continue
        client.create_table(**definition)
        client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 30})
        client.update_time_to_live(
            TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": ttl_attribute}
        )
