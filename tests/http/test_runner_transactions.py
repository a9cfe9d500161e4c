"""The store's transactions keep DynamoDB's all-or-nothing rule with the light backup of localrun.transactions:
a cancelled transaction leaves every item it named as it was, in tables with and without a sort key."""

from __future__ import annotations

import uuid

import botocore.session
import pytest
from localrun import transactions
from localrun.store import MotoStore


@pytest.fixture(scope="module")
def dynamodb():
    store = MotoStore().start()
    client = botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", endpoint_url=store.endpoint,
        aws_access_key_id="localrun", aws_secret_access_key="localrun")
    yield client
    store.stop()


def table(client, *, sort_key: bool) -> str:
    name = f"t-{uuid.uuid4().hex[:8]}"
    attributes = [{"AttributeName": "pk", "AttributeType": "S"}]
    schema = [{"AttributeName": "pk", "KeyType": "HASH"}]
    if sort_key:
        attributes.append({"AttributeName": "sk", "AttributeType": "S"})
        schema.append({"AttributeName": "sk", "KeyType": "RANGE"})
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST", AttributeDefinitions=attributes,
                        KeySchema=schema)
    return name


def key(pk: str, sort_key: bool) -> dict:
    return {"pk": {"S": pk}, "sk": {"S": "A"}} if sort_key else {"pk": {"S": pk}}


def test_moto_no_longer_copies_whole_tables(dynamodb):
    from moto.dynamodb import models

    assert transactions.install() is True
    name = table(dynamodb, sort_key=True)
    backend = models.dynamodb_backends["123456789012"]["us-east-1"]
    assert models.copy.deepcopy(backend.tables[name]) is backend.tables[name]
    value = {"nested": [1]}
    assert models.copy.deepcopy(value) == value and models.copy.deepcopy(value)["nested"] is not value["nested"]


@pytest.mark.parametrize("sort_key", [True, False])
def test_a_cancelled_transaction_leaves_every_named_item_as_it_was(dynamodb, sort_key):
    name = table(dynamodb, sort_key=sort_key)
    dynamodb.put_item(TableName=name, Item={**key("kept", sort_key), "n": {"N": "1"}, "tags": {"L": [{"S": "x"}]}})
    dynamodb.put_item(TableName=name, Item={**key("gone", sort_key), "n": {"N": "7"}})
    with pytest.raises(dynamodb.exceptions.TransactionCanceledException):
        dynamodb.transact_write_items(TransactItems=[
            {"Update": {"TableName": name, "Key": key("kept", sort_key),
                        "UpdateExpression": "SET n = :two, tags = list_append(tags, :more)",
                        "ExpressionAttributeValues": {":two": {"N": "2"}, ":more": {"L": [{"S": "y"}]}}}},
            {"Put": {"TableName": name, "Item": {**key("new", sort_key), "n": {"N": "3"}}}},
            {"Delete": {"TableName": name, "Key": key("gone", sort_key)}},
            {"ConditionCheck": {"TableName": name, "Key": key("absent", sort_key),
                                "ConditionExpression": "attribute_exists(pk)"}},
        ])
    kept = dynamodb.get_item(TableName=name, Key=key("kept", sort_key), ConsistentRead=True)["Item"]
    assert kept["n"] == {"N": "1"} and kept["tags"] == {"L": [{"S": "x"}]}
    assert "Item" not in dynamodb.get_item(TableName=name, Key=key("new", sort_key), ConsistentRead=True)
    assert dynamodb.get_item(TableName=name, Key=key("gone", sort_key), ConsistentRead=True)["Item"]["n"] == {"N": "7"}
    assert dynamodb.scan(TableName=name)["Count"] == 2


def test_a_transaction_that_passes_writes_everything(dynamodb):
    name = table(dynamodb, sort_key=True)
    dynamodb.put_item(TableName=name, Item={**key("kept", True), "n": {"N": "1"}})
    dynamodb.transact_write_items(TransactItems=[
        {"Update": {"TableName": name, "Key": key("kept", True), "UpdateExpression": "SET n = :two",
                    "ConditionExpression": "n = :one",
                    "ExpressionAttributeValues": {":two": {"N": "2"}, ":one": {"N": "1"}}}},
        {"Put": {"TableName": name, "Item": {**key("new", True), "n": {"N": "3"}}}},
    ])
    assert dynamodb.get_item(TableName=name, Key=key("kept", True))["Item"]["n"] == {"N": "2"}
    assert dynamodb.get_item(TableName=name, Key=key("new", True))["Item"]["n"] == {"N": "3"}


def test_a_transaction_naming_an_item_twice_is_refused_and_changes_nothing(dynamodb):
    name = table(dynamodb, sort_key=True)
    dynamodb.put_item(TableName=name, Item={**key("kept", True), "n": {"N": "1"}})
    update = {"Update": {"TableName": name, "Key": key("kept", True), "UpdateExpression": "SET n = :two",
                         "ExpressionAttributeValues": {":two": {"N": "2"}}}}
    with pytest.raises(dynamodb.exceptions.ClientError):
        dynamodb.transact_write_items(TransactItems=[update, update])
    assert dynamodb.get_item(TableName=name, Key=key("kept", True))["Item"]["n"] == {"N": "1"}
