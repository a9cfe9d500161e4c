"""The OpenAPI document as a check on every answer the API tests see. The routes answer the domain's JSON as it
is (no response model is built at run time), so the tests hold it to the document: a success is exactly its
answer's declaration (its domain's ``TypedDict``: validated, and equal to its own dump, so no field is missing,
extra or of another form), and an error's ``code`` is one its operation
declares for that status (``x-error-codes``). The in-process gateway (tests/spine/gateway.py) and the HTTP
clients of the local runner (tests/http/localrun_process.py) run it on every response, so the whole API suite
keeps the document honest."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

DOCUMENT = Path(__file__).resolve().parent.parent / "docs" / "api" / "openapi.json"


@cache
def _operations() -> list[tuple[re.Pattern[str], str, dict[str, Any]]]:
    paths = json.loads(DOCUMENT.read_text())["paths"]
    found = []
    for template, operations in paths.items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")
        for method, operation in operations.items():
            found.append((pattern, method.upper(), operation))
    # A literal segment beats a parameter: /daily/board is not /daily/{day}.
    found.sort(key=lambda entry: entry[0].pattern.count("[^/]+"))
    return found


def operation_of(method: str, path: str) -> dict[str, Any] | None:
    bare = path.split("?", 1)[0]
    return next((op for pattern, verb, op in _operations() if verb == method.upper() and pattern.match(bare)), None)


@cache
def _answers() -> dict[str, Any]:
    from gameserver.api.openapi import answer_models
    from pydantic import TypeAdapter

    return {name: TypeAdapter(declared) for name, declared in answer_models().items()}


def check_answer(method: str, path: str, status: int, body: Any) -> None:
    """A success is its answer's declaration exactly; an error carries a code its operation declares for its
    status."""
    operation = operation_of(method, path)
    if operation is None:
        return  # no such route: the framework's 404 or 405
    if 200 <= status < 300 and body is not None:
        _check_success(operation, status, body)
        return
    if status < 400 or not isinstance(body, dict) or not isinstance(body.get("error"), dict):
        return
    declared = operation["responses"].get(str(status), {}).get("x-error-codes", [])
    code = body["error"].get("code")
    assert code in declared, (f"{method} {path} answered {status} {code!r}, which operation "
                              f"{operation['operationId']} does not declare ({declared}): {body}")


def _check_success(operation: dict[str, Any], status: int, body: Any) -> None:
    response = operation["responses"].get(str(status))
    assert response is not None, f"{operation['operationId']} answered {status}, which it does not declare"
    ref = response["content"]["application/json"]["schema"]["$ref"]
    name = ref.rsplit("/", 1)[1]
    answer = _answers()[name]
    # What the body holds, as its declaration writes it back: a field it lacks, one of another form or one it
    # does not know shows; a field the schema lets it leave out (one with a default) may be left out.
    shown = _as_sent(answer.dump_python(answer.validate_python(body), mode="json", by_alias=True,
                                        exclude_unset=True), body)
    assert shown == body, f"{operation['operationId']} answered other than its {name}: {body}"


def _as_sent(shown: Any, body: Any) -> Any:
    """``shown`` without the keys ``body`` left out. A ``TypedDict``'s validation fills in each default: the keys
    it filled are those the body lacks. Validation refused a body lacking a required key already, so only a
    defaulted one is dropped here; a key the body has and the declaration does not know is still missing from
    the dump, and shows."""
    if isinstance(shown, dict) and isinstance(body, dict):
        return {key: _as_sent(value, body[key]) if key in body else value
                for key, value in shown.items() if key in body}
    if isinstance(shown, list) and isinstance(body, list) and len(shown) == len(body):
        return [_as_sent(value, sent) for value, sent in zip(shown, body, strict=True)]
    return shown
