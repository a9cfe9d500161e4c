"""The channel's typed message schema (docs/api/channel.json), generated from ``channel.protocol``:

    .venv/bin/python -m gameserver.channel.schema > docs/api/channel.json

A JSON Schema document with two roots, ``ClientMessage`` (what a client sends, by ``action``) and
``ServerMessage`` (what the server sends, by ``type``), from which a client's types can be generated."""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from gameserver.channel.protocol import SUBPROTOCOL, ClientMessage, ServerMessage


def document() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    roots = {}
    adapters: tuple[tuple[str, TypeAdapter[Any]], ...] = (
        ("ClientMessage", TypeAdapter(ClientMessage)), ("ServerMessage", TypeAdapter(ServerMessage)))
    for name, adapter in adapters:
        schema = adapter.json_schema(ref_template="#/$defs/{model}", by_alias=True)
        defs.update(schema.pop("$defs", {}))
        roots[name] = schema
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "channel.json",
            "title": f"The live channel's messages ({SUBPROTOCOL})",
            "description": "docs/api/channel.md: the protocol, its sequence and catch-up.",
            "$defs": {**defs, **roots}, "oneOf": [{"$ref": "#/$defs/ClientMessage"},
                                                   {"$ref": "#/$defs/ServerMessage"}]}


if __name__ == "__main__":
    print(json.dumps(document(), indent=2, sort_keys=True))
