"""Multipart parts that carry JSON: read the same way by every route, and described in the OpenAPI schema so the
front end's types are generated.

A route that takes files and JSON together reads the JSON part as text (`Form(...)`) and reads it with `read_part`
(or, to gather every part's problems first, `json_of` and `refused`): a part that is not JSON, or not what it
should be, answers 422 ValidationFailed with the one shape every validation error has, `messages` and
`fields: [{field, message}]` (the field named by its path: `projectCostSheetItems.0.quantity`). Its
`json_schema_extra` (`json_part(...)`) describes the part as the JSON it carries, and the route's `openapi_extra`
(`json_encoding(...)`) says the part is sent as application/json. Only the description changes: the route still
receives and bounds the text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from api.core.errors import ValidationFailed

T = TypeVar("T")
NOT_JSON = "Invalid JSON"
Fields = list[dict[str, str]]


def _path(*parts: object) -> str:
    return ".".join(str(p) for p in parts if p != "")


def fields_of(error: ValidationError, prefix: str = "") -> Fields:
    """A validation error as the 422's fields, each named by its path under `prefix` (the part's name, or "" for a
    part whose fields are the form's own)."""
    return [{"field": _path(prefix, *e["loc"]), "message": str(e["msg"]).removeprefix("Value error, ")}
            for e in error.errors()]


def refused(fields: Fields, *, sentences: Collection[str] = ()) -> ValidationFailed:
    """The one 422 of a form's parts: a message per field ("field: message", or the message alone for the fields
    in `sentences`, whose messages are the spec's own sentences) and the fields themselves."""
    return ValidationFailed([f["message"] if f["field"] in sentences or not f["field"] else
                             f"{f['field']}: {f['message']}" for f in fields], extra={"fields": fields})


def json_of(part: str, text: str | None, fields: Fields, *, default: Any = None,
            parse_float: Callable[[str], Any] | None = None, invalid: str = NOT_JSON) -> Any:
    """The JSON a part carries (`default` when it is missing or blank); when it is not JSON, its problem is added to
    `fields` (with the message `invalid`) and `default` answered, so every part's problems are told at once."""
    if text is None or not text.strip():
        return default
    try:
        return json.loads(text, parse_float=parse_float)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than a parser should follow
        fields.append({"field": part, "message": invalid})
        return default


def read_part(part: str, text: str | None, schema: type[T], *, default: Any = None, prefix: str | None = None,
              parse_float: Callable[[str], Any] | None = None, not_json: str = NOT_JSON,
              invalid: str | None = None) -> T:
    """A part's JSON validated as `schema` (a model or any type), read by pydantic's own JSON parser (numbers as
    written: a money field's decimals are checked as sent) unless `parse_float` is given. Not JSON: 422 saying
    `not_json` (a sentence of its own when the route gives one); not valid: 422 naming each field under `prefix`
    (the part's name unless given; "" when the part's fields are the form's own), or saying `invalid` alone when the
    part is told as a whole."""
    adapter: TypeAdapter[T] = TypeAdapter(schema)
    fields: Fields = []
    try:
        if text is None or not text.strip():
            return adapter.validate_python(default)
        if parse_float is None:
            return adapter.validate_json(text)
        value = json_of(part, text, fields, default=default, parse_float=parse_float, invalid=not_json)
        if not fields:
            return adapter.validate_python(value)
    except ValidationError as exc:
        if any(e["type"] == "json_invalid" for e in exc.errors()):
            fields.append({"field": part, "message": not_json})
        elif invalid:
            raise refused([{"field": part, "message": invalid}], sentences={part}) from exc
        else:
            raise refused(fields_of(exc, part if prefix is None else prefix)) from exc
    raise refused(fields, sentences={part} if not_json != NOT_JSON else ())


def inline_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A JSON schema with its `$defs` put in place (a form part cannot refer to definitions of its own)."""
    defs: dict[str, Any] = schema.get("$defs", {})

    def resolve(node: Any, seen: frozenset[str]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name in seen:
                    raise ValueError(f"recursive schema {name} cannot be inlined")
                return resolve(defs[name], seen | {name})
            return {key: resolve(value, seen) for key, value in node.items() if key != "$defs"}
        if isinstance(node, list):
            return [resolve(value, seen) for value in node]
        return node

    resolved: dict[str, Any] = resolve(schema, frozenset())
    return resolved


def json_part(model: Any, *, nullable: bool = False) -> dict[str, Any]:
    """The `json_schema_extra` of a `Form` field that carries `model` (a model or any type) as JSON text."""
    schema = inline_schema(TypeAdapter(model).json_schema())
    schema.pop("title", None)
    # merged over the text field's own schema: `anyOf` (an optional part) and `type` are replaced
    return {"anyOf": [schema, {"type": "null"}]} if nullable else schema


def json_encoding(*parts: str) -> dict[str, Any]:
    """The `openapi_extra` (merged into the operation) saying these multipart parts are sent as JSON."""
    return {"requestBody": {"content": {"multipart/form-data": {
        "encoding": {part: {"contentType": "application/json"} for part in parts}}}}}
