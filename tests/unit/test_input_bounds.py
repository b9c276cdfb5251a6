"""Every value a request may carry is bounded in the contract (api/core/inputs.py): an integer by the 32-bit column
it lands in, a number, a string and a list by a maximum. A route added without bounds fails here, before a fuzzer
or a stranger finds the 500 (an id of 2^31, an offset of 2^63, a string longer than its column)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from api.activities.schemas import ActivityCreate
from api.leads.schemas import LeadUpdate
from api.openapi import schema


def _unbounded(node: dict[str, Any], where: str, components: dict[str, Any], seen: frozenset[str]) -> Iterator[str]:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name not in seen:
            yield from _unbounded(components[name], f"{where}>{name}", components, seen | {name})
        return
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key, []):
            yield from _unbounded(option, where, components, seen)
    kind = node.get("type")
    if kind == "integer" and not (("maximum" in node or "exclusiveMaximum" in node)
                                  and ("minimum" in node or "exclusiveMinimum" in node)):
        yield f"integer without both bounds: {where}"
    if kind == "number" and not ("maximum" in node or "exclusiveMaximum" in node):
        yield f"number without a maximum: {where}"
    if kind == "string" and not any(k in node for k in ("maxLength", "enum", "const", "format", "contentMediaType")):
        yield f"string without a maximum length: {where}"
    if kind == "array":
        if "maxItems" not in node:
            yield f"list without a maximum length: {where}"
        yield from _unbounded(node.get("items", {}), f"{where}[]", components, seen)
    for name, prop in node.get("properties", {}).items():
        yield from _unbounded(prop, f"{where}.{name}", components, seen)
    if isinstance(node.get("additionalProperties"), dict):
        yield from _unbounded(node["additionalProperties"], f"{where}.*", components, seen)


def unbounded_inputs(spec: dict[str, Any]) -> list[str]:
    components = spec.get("components", {}).get("schemas", {})
    found: list[str] = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for param in operation.get("parameters", []):
                found += _unbounded(param["schema"], f"{method.upper()} {path} {param['in']} {param['name']}",
                                    components, frozenset())
            for media, content in operation.get("requestBody", {}).get("content", {}).items():
                found += _unbounded(content["schema"], f"{method.upper()} {path} body ({media})", components,
                                    frozenset())
    return sorted(set(found))


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return schema()


def test_every_request_value_is_bounded(spec: dict[str, Any]) -> None:
    assert unbounded_inputs(spec) == []


def test_the_json_a_form_part_carries_is_bounded_too() -> None:
    """The lead edit's `data` part is a JSON string in the form: the model it is read into must be bounded as well
    (the cost sheet's items are judged by the cost sheet rules, with the spec's messages, instead)."""
    found = schema_model(LeadUpdate)
    assert unbounded_inputs(found) == []
    assert unbounded_inputs(schema_model(ActivityCreate)) == []  # the activity's fields, its JSON parts read in


def schema_model(model: Any) -> dict[str, Any]:
    """A one-operation schema whose JSON body is `model`, for the walk."""
    body = model.model_json_schema(ref_template="#/components/schemas/{model}")
    components = body.pop("$defs", {})
    components[model.__name__] = body
    return {"paths": {"/form-part": {"post": {"requestBody": {"content": {"application/json": {
        "schema": {"$ref": f"#/components/schemas/{model.__name__}"}}}}}}}, "components": {"schemas": components}}


def test_ids_fit_the_integer_columns(spec: dict[str, Any]) -> None:
    lead = next(p for p in spec["paths"]["/api/leads/{lead_id}"]["get"]["parameters"] if p["name"] == "lead_id")
    assert lead["schema"]["minimum"] == 1 and lead["schema"]["maximum"] == 2**31 - 1


def test_the_check_finds_what_it_looks_for() -> None:
    """The walk itself: an unbounded id, string and list in a referenced body model are each reported."""
    spec = {"paths": {"/x/{id}": {"post": {
        "parameters": [{"name": "id", "in": "path", "schema": {"type": "integer"}}],
        "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/In"}}}}}}},
        "components": {"schemas": {"In": {"type": "object", "properties": {
            "name": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string", "maxLength": 5}},
            "amount": {"anyOf": [{"type": "number", "maximum": 10}, {"type": "null"}]}}}}}}
    assert unbounded_inputs(spec) == [
        "integer without both bounds: POST /x/{id} path id",
        "list without a maximum length: POST /x/{id} body (application/json)>In.tags",
        "string without a maximum length: POST /x/{id} body (application/json)>In.name",
    ]
