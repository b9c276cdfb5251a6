"""The JSON parts of a multipart form, read one way by every route (api/core/form_parts.py): one 422 shape, the
`messages` and the `fields` ([{field, message}]) every validation error has."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import BaseModel, Field

from api.core.errors import ValidationFailed
from api.core.form_parts import json_of, read_part, refused


class Item(BaseModel):
    name: str
    quantity: int = Field(ge=1)


def refusal(*args: object, **kwargs: object) -> ValidationFailed:
    with pytest.raises(ValidationFailed) as caught:
        read_part(*args, **kwargs)  # type: ignore[arg-type]
    return caught.value


def test_a_valid_part_is_read_and_a_missing_one_is_its_default() -> None:
    assert read_part("items", '[{"name": "Rack", "quantity": 2}]', list[Item]) == [Item(name="Rack", quantity=2)]
    assert read_part("items", "  ", list[Item], default=[]) == []
    assert read_part("price", '{"v": 1.10}', dict[str, Decimal], parse_float=Decimal) == {"v": Decimal("1.10")}


def test_an_invalid_part_names_each_field_by_its_path() -> None:
    error = refusal("items", '[{"name": "Rack", "quantity": 0}, {"quantity": 1}]', list[Item])
    assert error.status == 422
    assert error.extra["fields"] == [
        {"field": "items.0.quantity", "message": "Input should be greater than or equal to 1"},
        {"field": "items.1.name", "message": "Field required"}]
    assert error.messages == ["items.0.quantity: Input should be greater than or equal to 1",
                              "items.1.name: Field required"]
    # a part whose fields are the form's own names them alone
    assert refusal("data", '{"quantity": 0}', Item, prefix="").extra["fields"][0]["field"] == "name"


def test_a_part_that_is_not_json_says_so_in_the_same_shape() -> None:
    error = refusal("items", "[{", list[Item])
    assert error.extra["fields"] == [{"field": "items", "message": "Invalid JSON"}]
    assert error.messages == ["items: Invalid JSON"]
    told = refusal("state", "nope", Item, not_json="state must be JSON.", invalid="state must be JSON.")
    assert told.messages == ["state must be JSON."] and told.extra["fields"] == [{"field": "state",
                                                                                  "message": "state must be JSON."}]
    assert refusal("state", '{"x": 1}', Item, invalid="state must be JSON.").messages == ["state must be JSON."]


def test_several_parts_are_told_at_once() -> None:
    fields: list[dict[str, str]] = []
    assert json_of("a", "{", fields) is None and json_of("b", "[1]", fields) == [1]
    assert json_of("c", "x", fields) is None
    assert refused(fields, sentences={"c"}).messages == ["a: Invalid JSON", "Invalid JSON"]
