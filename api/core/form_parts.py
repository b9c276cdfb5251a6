"""Multipart parts that carry JSON, described in the OpenAPI schema so the front end's types are generated.

A route that takes files and JSON together reads the JSON part as text (`Form(...)`) and validates it itself. Its
`json_schema_extra` (`json_part(...)`) describes the part as the JSON it carries, and the route's `openapi_extra`
(`json_encoding(...)`) says the part is sent as application/json. Only the description changes: the route still
receives and bounds the text.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter


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
