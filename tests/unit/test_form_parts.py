"""The JSON parts of multipart bodies are described as the JSON they carry (api/core/form_parts.py), so the front
end's types are generated for them too; the routes still receive the text."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from api.core.form_parts import inline_schema, json_part
from api.openapi import schema


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return schema()


def _form(spec: dict[str, Any], path: str, method: str) -> tuple[dict[str, Any], dict[str, Any]]:
    media = spec["paths"][path][method]["requestBody"]["content"]["multipart/form-data"]
    body = spec["components"]["schemas"][media["schema"]["$ref"].rsplit("/", 1)[-1]]
    return body, media.get("encoding", {})


def test_the_lead_edit_data_part_is_the_lead_update(spec: dict[str, Any]) -> None:
    body, encoding = _form(spec, "/api/leads/{lead_id}/update/v2", "put")
    data = body["properties"]["data"]
    assert data["type"] == "object" and "projectName" in data["properties"] and "removeFiles" in data["properties"]
    assert "$ref" not in str(data)  # inlined: a form part cannot point at definitions of its own
    assert encoding == {"data": {"contentType": "application/json"}}


@pytest.mark.parametrize("path", ["/api/project-cost-sheet/save-as-draft",
                                  "/api/project-cost-sheet/submit-for-approval"])
def test_the_cost_sheet_json_parts_are_described(spec: dict[str, Any], path: str) -> None:
    body, encoding = _form(spec, path, "put")
    items = body["properties"]["projectCostSheetItems"]["anyOf"][0]
    assert items["type"] == "array" and items["items"]["properties"]["type"]["enum"] == ["REVENUE", "COST"]
    state = body["properties"]["uploadedFileState"]["anyOf"][0]
    assert state["properties"]["isDeletedByUser"]["type"] == "boolean"
    assert set(encoding) == {"projectCostSheetItems", "uploadedFileState"}


class _Node(BaseModel):
    children: list[_Node] = []


def test_a_recursive_model_cannot_be_inlined() -> None:
    with pytest.raises(ValueError, match="recursive"):
        json_part(_Node)
    assert inline_schema({"type": "string"}) == {"type": "string"}
