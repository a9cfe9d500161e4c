"""Make moto's TransactWriteItems cost what the transaction touches, not what the table holds.

moto 5 backs up a transaction by deep-copying the whole table once per item of the transaction, to put
it back if the transaction is cancelled. A transaction then takes time in proportion to the table: on the
local runner, 30 ms with a few games and 300 ms after sixty, growing with every game played, until the
application's DynamoDB reads time out (measured with bench/spine_load.py before this change).

The runner's store serves one request at a time (localrun.store.OneAtATime), so nothing else can change
the table during a transaction, and a backup of the items the transaction names is enough: before the
transaction, each named item is deep-copied (or noted absent); if it is cancelled, they are put back. moto's
own whole-table copy is made an identity for tables only, so its rollback becomes a no-op and ours does the
work. The result is checked by tests/http/test_runner_transactions.py against moto's documented behaviour.
"""

from __future__ import annotations

import copy
import functools
import logging
from typing import Any

log = logging.getLogger("localrun.transactions")

_INSTALLED = False


def _item_key(table: Any, operation: dict[str, Any]) -> tuple[Any, Any] | None:
    from moto.dynamodb.models.dynamo_type import DynamoType

    key = operation.get("Key") or operation.get("Item")
    if not isinstance(key, dict) or table.hash_key_attr not in key:
        return None
    hash_value = DynamoType(key[table.hash_key_attr])
    if table.range_key_attr is None:
        return hash_value, None
    if table.range_key_attr not in key:
        return None
    return hash_value, DynamoType(key[table.range_key_attr])


def _snapshot(backend: Any, transact_items: list[dict[str, Any]]) -> list[tuple[Any, Any, Any, Any]]:
    """(table, hash, range, deep copy of the item or None) for every item the transaction names."""
    saved = []
    for entry in transact_items:
        if len(entry) != 1:
            continue  # moto refuses it before touching anything
        (operation,) = entry.values()
        table = backend.tables.get(operation.get("TableName"))
        try:
            key = _item_key(table, operation) if table is not None else None
        except Exception:
            continue  # a malformed key: moto answers the validation error before writing anything
        if key is None:
            continue
        hash_value, range_value = key
        saved.append((table, hash_value, range_value, copy.deepcopy(table.get_item(hash_value, range_value))))
    return saved


def _restore(saved: list[tuple[Any, Any, Any, Any]]) -> None:
    # In reverse: when a transaction names an item twice (moto then refuses it), the first image wins.
    for table, hash_value, range_value, item in reversed(saved):
        if range_value is None:
            if item is None:
                table.items.pop(hash_value, None)
            else:
                table.items[hash_value] = item
        elif item is None:
            table.items.get(hash_value, {}).pop(range_value, None)
        else:
            table.items[hash_value][range_value] = item


def install() -> bool:
    """Patch moto's DynamoDB backend in this process (once). False if moto's internals are not the ones
    this was written against (then moto keeps its own, slower, rollback)."""
    global _INSTALLED
    if _INSTALLED:
        return True
    from moto.dynamodb import models
    from moto.dynamodb.models.table import Table

    original = getattr(models.DynamoDBBackend, "transact_write_items", None)
    if original is None or getattr(models, "copy", None) is not copy or not hasattr(Table, "get_item"):
        log.warning("moto's DynamoDB internals changed: transactions keep moto's whole-table backup")
        return False

    class _TablesAreNotCopied:
        """`copy` as moto's DynamoDB models see it: deepcopy of a Table is the table itself."""

        def __getattr__(self, name: str) -> Any:
            return getattr(copy, name)

        @staticmethod
        def deepcopy(value: Any, memo: Any = None) -> Any:
            return value if isinstance(value, Table) else copy.deepcopy(value, memo)

    @functools.wraps(original)
    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        saved = _snapshot(self, transact_items)
        try:
            original(self, transact_items)
        except BaseException:
            _restore(saved)
            raise

    models.copy = _TablesAreNotCopied()  # type: ignore[assignment]
    models.DynamoDBBackend.transact_write_items = transact_write_items  # type: ignore[method-assign]
    _INSTALLED = True
    return True
