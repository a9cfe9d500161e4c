"""Write the API's OpenAPI document: ``python -m gameserver.api.openapi > docs/api/openapi.json``.

The committed file is checked against the app by tests/spine/test_openapi.py; rerun this after a change
to a route or a model. FastAPI writes the routes and their bodies; this module adds what the server does
around them, which FastAPI cannot see: API Gateway's bearer token and its own 401, the errors every route
answers, each error response's codes, the servers, and readable names for every enum's values.
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import json
import pkgutil
import sys
import textwrap
from typing import Any

from pydantic import BaseModel, TypeAdapter

from gameserver.errors import ErrorCode

SERVERS = [
    {"url": "https://{api}.execute-api.{region}.amazonaws.com",
     "description": "a deployed stage: the stack's ApiUrl output",
     "variables": {"api": {"default": "abcdef1234", "description": "the HTTP API's id"},
                   "region": {"default": "eu-west-1"}}},
    {"url": "http://127.0.0.1:8080", "description": "the local runner (make run)"},
]
BEARER = {
    "type": "http",
    "scheme": "bearer",
    "bearerFormat": "JWT",
    "description": "an ID token of the stack's Cognito user pool (the local runner mints its own), verified by "
                   "API Gateway before the service sees the request",
}
WWW_AUTHENTICATE = {
    "description": "why the token was refused: Bearer error=\"invalid_token\" error_description=\"...\"",
    "schema": {"type": "string"},
}

# What every route can answer, whatever it does. 401 comes from API Gateway (no, a forged or an expired
# token) or, behind it, from the service (no verified claims); a device id is read on every request; busy is
# any read or write that met another one (nothing was written; send it again).
_EVERY_ROUTE = (ErrorCode.UNAUTHENTICATED, ErrorCode.INVALID_DEVICE_ID, ErrorCode.BUSY, ErrorCode.INTERNAL)
_STATUS_TEXT = {400: "malformed request", 401: "no verified token", 403: "not yours to do",
                404: "no such thing of yours", 409: "not now",
                413: "the body is longer than 256 KB (refused before it is read)", 422: "refused: a value breaks its schema or a rule",
                500: "the service failed; the request can be retried"}
RETRY_AFTER = {"description": "the seconds until the limit's window ends (rate_limited only)",
               "schema": {"type": "integer", "minimum": 1}}


def throttled(operation: dict[str, Any]) -> dict[str, Any]:
    """The 429 of every route: the service's per-member limits (``rate_limited``, the rule naming the limit, with
    ``Retry-After``; every route counts toward the requests a minute, some also toward a limit of their own,
    ``x-rate-limit``) and API Gateway's throttle on the stage (docs/scale.md)."""
    from gameserver.domain.limits import PER_MINUTE, Limit

    own = operation.pop("x-rate-limit", None)
    limited = f"more than {PER_MINUTE[Limit.REQUESTS]} requests a minute by a member (rule `requests`)"
    if own is not None:
        limited += f", or more than {own['per_minute']} of this route's `{own['limit']}` a minute (rule `{own['limit']}`)"
    return {
        "description": f"too many requests: `rate_limited`, {limited}, with Retry-After; or API Gateway's throttle "
                       "on the stage (1,500 a second, bursts of 3,000: docs/scale.md), its own "
                       "{\"message\": \"Too Many Requests\"}; wait and send the request again",
        "content": {"application/json": {"schema": {"oneOf": [
            {"$ref": "#/components/schemas/ErrorBody"}, {"$ref": "#/components/schemas/GatewayError"}]}}},
        "headers": {"Retry-After": RETRY_AFTER},
        "x-error-codes": [str(ErrorCode.RATE_LIMITED)],
        **({"x-rate-limit": own} if own is not None else {}),
    }


_ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}


def document() -> dict[str, Any]:
    from gameserver.api.app import create_app

    return finish(create_app().openapi())


def finish(spec: dict[str, Any]) -> dict[str, Any]:
    """FastAPI's document, with what it cannot know about the service added."""
    from gameserver.api.models import ErrorBody, GatewayError

    spec["servers"] = SERVERS
    components = spec.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    _add_schemas(schemas, [ErrorBody, GatewayError, *answer_models().values()])
    # FastAPI's own validation error, which the service never answers (its 422 is an ErrorBody).
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    components["securitySchemes"] = {"bearer": BEARER}
    answers = answer_models()
    for operations in spec["paths"].values():
        for operation in operations.values():
            _describe_answers(operation, answers)
            operation["security"] = [{"bearer": []}]
            _plain_optional_parameters(operation)
            _error_responses(operation)
    _refer_to_enums(spec)
    _keys_by_pattern(schemas)
    _name_enum_values(schemas)
    _prefix_doctrine_parts(spec)
    return spec


def answer_models() -> dict[str, type]:
    """Every answer a route names (``deps.ok``), by name: the domains' ``TypedDict``s, every router imported so
    that each has named its own."""
    import gameserver.api
    from gameserver.api.deps import ANSWERS

    for module_info in pkgutil.iter_modules(gameserver.api.__path__):
        importlib.import_module(f"gameserver.api.{module_info.name}")
    return dict(ANSWERS)


def _add_schemas(schemas: dict[str, Any], models: list[type]) -> None:
    """The models' schemas and those they use, beside FastAPI's (one schema per name, the same either way:
    written as FastAPI writes its own, through its Schema model)."""
    from fastapi.encoders import jsonable_encoder
    from fastapi.openapi.models import Schema

    _, top = TypeAdapter.json_schemas([(model, "validation", TypeAdapter(model)) for model in models],
                                      ref_template="#/components/schemas/{model}")
    for name, raw in top.get("$defs", {}).items():
        schema = jsonable_encoder(Schema(**raw), by_alias=True, exclude_none=True)
        if name in schemas and schemas[name] != schema:
            raise LookupError(f"two different schemas are named {name}")
        schemas[name] = schema


def _describe_answers(operation: dict[str, Any], answers: dict[str, type]) -> None:
    """A success response is described by its model's docstring (``deps.ok`` names the model)."""
    for status, response in operation["responses"].items():
        if status.startswith("2") and response.get("description") in answers:
            doc = answers[response["description"]].__doc__ or ""
            response["description"] = " ".join(doc.split()) or "OK"


def _plain_optional_parameters(operation: dict[str, Any]) -> None:
    """An optional parameter is a plain optional string, not a nullable one: leaving it out says none."""
    for parameter in operation.get("parameters", ()):
        schema = parameter["schema"]
        choices = schema.get("anyOf", ())
        if not parameter.get("required") and {"type": "null"} in choices:
            kept = [choice for choice in choices if choice != {"type": "null"}]
            del schema["anyOf"]
            schema.update(kept[0] if len(kept) == 1 else {"anyOf": kept})


def _error_responses(operation: dict[str, Any]) -> None:
    """Every error response of the operation: the route's own codes (``deps.errors``) and those of every route,
    by status, each response listing its codes; 401 also as API Gateway writes it."""
    codes: dict[int, list[str]] = {}
    for status, declared in list(operation["responses"].items()):
        if "x-error-codes" in declared:
            codes[int(status)] = list(declared["x-error-codes"])
            del operation["responses"][status]
    every = list(_EVERY_ROUTE)
    if operation.get("parameters") or "requestBody" in operation:
        every.append(ErrorCode.INVALID)
    if "requestBody" in operation:
        every += [ErrorCode.MALFORMED_JSON, ErrorCode.PAYLOAD_TOO_LARGE]
    if any(parameter["name"] == "Idempotency-Key" for parameter in operation.get("parameters", ())):
        every += [ErrorCode.IDEMPOTENCY_KEY_REUSED, ErrorCode.IDEMPOTENCY_IN_PROGRESS]
    for code in every:
        codes.setdefault(code.status, []).append(str(code))
    # FastAPI's own 422 (HTTPValidationError) is replaced by ours, which names the field.
    operation["responses"].pop("422", None)
    for status, found in sorted(codes.items()):
        listed = ", ".join(f"`{code}`" for code in found)
        response: dict[str, Any] = {"description": f"{_STATUS_TEXT[status]}: {listed}", "content": _ERROR,
                                    "x-error-codes": found}
        if status == 401:
            response["content"] = {"application/json": {"schema": {"oneOf": [
                {"$ref": "#/components/schemas/ErrorBody"}, {"$ref": "#/components/schemas/GatewayError"}]}}}
            response["headers"] = {"WWW-Authenticate": WWW_AUTHENTICATE}
            response["description"] += " (or API Gateway's own {\"message\": \"Unauthorized\"})"
        operation["responses"][str(status)] = response
    operation["responses"]["429"] = throttled(operation)


def _refer_to_enums(spec: dict[str, Any]) -> None:
    """An enum spelled out inside a schema (a ``Literal`` the engine keeps for speed, such as a doctrine's
    targets) becomes a reference to its enum class's one schema."""
    schemas = spec["components"]["schemas"]
    by_values = {tuple(member.value for member in cls): cls
                 for classes in _enum_classes().values() for cls in classes}

    def walk(node: Any, top: bool) -> Any:
        if isinstance(node, list):
            return [walk(item, False) for item in node]
        if not isinstance(node, dict):
            return node
        cls = by_values.get(tuple(node.get("enum", ())))
        if not top and cls is not None:
            schemas.setdefault(cls.__name__, {"enum": [m.value for m in cls], "title": cls.__name__,
                                              "type": "string", "description": cls.__doc__ or cls.__name__})
            kept = {key: value for key, value in node.items() if key in ("description", "default")}
            return {"$ref": f"#/components/schemas/{cls.__name__}", **kept}
        return {key: walk(value, False) for key, value in node.items()}

    for name in list(schemas):
        schemas[name] = walk(schemas[name], True)


def _keys_by_pattern(node: Any) -> None:
    """A map whose keys follow a pattern (pydantic writes ``patternProperties``) says its keys the way a map of
    enum keys does: ``additionalProperties`` for the values, ``propertyNames`` for the keys, which generators read."""
    if isinstance(node, list):
        for item in node:
            _keys_by_pattern(item)
    if not isinstance(node, dict):
        return
    patterns = node.get("patternProperties")
    if isinstance(patterns, dict) and len(patterns) == 1:
        (pattern, values), = patterns.items()
        del node["patternProperties"]
        node["additionalProperties"] = values
        node["propertyNames"] = {**node.get("propertyNames", {}), "pattern": pattern}
    for value in node.values():
        _keys_by_pattern(value)


def _name_enum_values(schemas: dict[str, Any]) -> None:
    """Readable names for every enum's values (``x-enum-varnames``: ``RAPID`` for ``"5m"``, never
    ``VALUE_1``) and what each means (``x-enum-descriptions``), from the enum classes themselves."""
    classes = _enum_classes()
    for name, schema in schemas.items():
        if "enum" not in schema:
            continue
        found = [cls for cls in classes.get(name, ()) if [m.value for m in cls] == schema["enum"]]
        if len(found) != 1:
            raise LookupError(f"the enum schema {name} matches {len(found)} enum classes")
        cls = found[0]
        schema["x-enum-varnames"] = [member.name for member in cls]
        meanings = _member_docs(cls)
        if any(meanings.values()):
            schema["x-enum-descriptions"] = [meanings.get(member.name, "") for member in cls]


def _enum_classes() -> dict[str, list[type[enum.Enum]]]:
    """Every enum class of the service's modules loaded to build the document, by class name."""
    classes: dict[str, list[type[enum.Enum]]] = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(("gameserver.", "rules.")) or module is None:
            continue
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, enum.Enum) and value.__module__ == module_name:
                classes.setdefault(value.__name__, []).append(value)
    return classes


def _member_docs(cls: type[enum.Enum]) -> dict[str, str]:
    """The docstring under each member of an enum class, read from its source (Python keeps no attribute
    docstrings at run time); an enum built from a catalog carries its own (``__member_docs__``)."""
    declared = getattr(cls, "__member_docs__", None)
    if declared is not None:
        return dict(declared)
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for assign, after in zip(body, body[1:], strict=False):
        if (isinstance(assign, ast.Assign) and isinstance(assign.targets[0], ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)):
            docs[assign.targets[0].id] = " ".join(str(after.value.value).split())
    return docs


def _prefix_doctrine_parts(spec: dict[str, Any]) -> None:
    """The schemas of a doctrine's parts are named after the engine's classes (``Rule``, ``Scout``, ``Turn``):
    in the document they are ``DoctrineRule``, ``DoctrineScout``, ..., apart from the games' own words."""
    schemas = spec["components"]["schemas"]
    parts = {name for name in schemas if name in _doctrine_classes() and name != "Doctrine"}
    renamed = {f"#/components/schemas/{name}": f"#/components/schemas/Doctrine{name}" for name in parts}

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: renamed.get(value, value) if key == "$ref" else walk(value) for key, value in node.items()}
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    for name in parts:
        schema = schemas[f"Doctrine{name}"] = schemas.pop(name)
        # Generators name a class after the title: a DoctrineScout with a property scout, never a Scout with a
        # scout (which openapi-python-client's code cannot tell apart).
        schema["title"] = f"Doctrine{name}"
    spec.update(walk(spec))


def _doctrine_classes() -> set[str]:

    return {name for module_name, module in list(sys.modules.items())
            if module_name.startswith("rules.feinthold.doctrine.") and module is not None
            for name, value in vars(module).items()
            if isinstance(value, type) and issubclass(value, (BaseModel, enum.Enum))}


def render() -> str:
    return json.dumps(document(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
