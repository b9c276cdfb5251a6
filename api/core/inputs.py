"""What a request may carry: the bounded types every route uses for its inputs, and the one guard against NUL
characters. Bounds follow the columns (PostgreSQL `integer` is 32 bits, money is Numeric(17, 2) = 13 integer
digits and 2 decimals as spec 1 §5 says), so a value that passes here never fails in the database.

`tests/unit/test_input_bounds.py` walks the OpenAPI schema: every integer, number, string and list a request
carries has its bounds, so a new route cannot forget them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any

from annotated_types import Ge, Le
from fastapi import Request
from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler, ValidationInfo
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema
from starlette.datastructures import UploadFile

from api.core.errors import ValidationFailed

INT32_MAX = 2**31 - 1  # PostgreSQL integer columns
Id = Annotated[int, Ge(1), Le(INT32_MAX)]  # a row id: anything else is no row, and past INT32_MAX no integer
Count = Annotated[int, Ge(0), Le(INT32_MAX)]  # a quantity, a revision, a number of rows to skip
Version = Annotated[int, Ge(1), Le(INT32_MAX)]  # the version of a record an editor opened (api/core/versions.py)
OFFSET_MAX = 10_000_000  # rows to skip in a paged list: far past any list, far below a 64-bit overflow

# Money as typed: below 10^13 a JSON number keeps every digit (a float holds 15), and Numeric(17, 2) holds it.
MONEY_LIMIT = 10**13
MONEY_MAX_TEXT = "9.999.999.999.999,99"  # MONEY_LIMIT - 0.01 in the id-ID style the screens use

NUL_MESSAGE = "Text cannot contain NUL (\\u0000) characters."


MONEY_MAX = float(MONEY_LIMIT) - 0.01
MONEY_TEXT_MAX = 20  # characters of an amount sent as a numeric string ("-9999999999999.99")


@dataclass(frozen=True)
class money:  # used like a function in annotations: Annotated[float, money("Total Revenue")]
    """An amount a person typed (the JSON of a request): within the column and at most 2 decimals, else the
    field's message. What the server reads back from its own columns is not judged again. The contract states the
    bound (maximum, and minimum when negative amounts are allowed)."""

    label: str
    negative: bool = False

    def check(self, value: float | Decimal, info: ValidationInfo) -> float | Decimal:
        if info.mode != "json" and not isinstance(value, Decimal):
            return value
        if not -MONEY_LIMIT < value < MONEY_LIMIT:
            raise PydanticCustomError("money_range", f"{self.label} cannot be more than {MONEY_MAX_TEXT}" + (
                f" or less than -{MONEY_MAX_TEXT}." if self.negative else "."))
        exponent = (value if isinstance(value, Decimal) else Decimal(repr(value))).as_tuple().exponent
        if isinstance(exponent, int) and exponent < -2:
            raise PydanticCustomError("money_decimals", f"{self.label} can have at most 2 decimals.")
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.with_info_after_validator_function(self.check, handler(source))

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        found = handler(schema)
        # a Decimal field is "a number or a numeric string": each form gets its bound
        for node in [found, *found.get("anyOf", [])]:
            if node is found and "anyOf" in found:
                continue
            if node.get("type") == "string":
                node["maxLength"] = MONEY_TEXT_MAX
                continue
            node["maximum"] = MONEY_MAX
            if self.negative:
                node["minimum"] = -MONEY_MAX
        return found


def as_id(text: str) -> int | None:
    """The row id a text names ('42'), or None: str.isdigit() also takes superscript and full-width digits, which
    int() refuses or reads, and a number past INT32_MAX names no row."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if 1 <= value <= INT32_MAX else None


def _strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every string in a parsed JSON value, with where it sits (`personnel.0.fullname`)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, where)
            yield from _strings(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{where}.{i}" if where else str(i))


def _refuse(field: str) -> None:
    raise ValidationFailed(f"{field}: {NUL_MESSAGE}" if field else NUL_MESSAGE,
                           extra={"fields": [{"field": field, "message": NUL_MESSAGE}]})


async def refuse_nul(request: Request) -> None:
    """No text a request carries (path, query, JSON body, form fields) may hold a NUL character: PostgreSQL text
    cannot store one, and no person types one. Runs before every route (the body is already read and cached)."""
    for name, value in request.path_params.items():
        if "\x00" in str(value):
            _refuse(name)
    for name, value in request.query_params.multi_items():
        if "\x00" in name or "\x00" in value:
            _refuse(name.replace("\x00", ""))
    content_type = request.headers.get("content-type", "")
    if not content_type.startswith(("multipart/form-data", "application/x-www-form-urlencoded")):
        body = await request.body()  # JSON, or what the route reads as JSON (a missing content type)
        if b"\\u0000" in body:  # JSON carries a NUL only as this escape (digits all 0; JSON has no \\U)
            try:
                parsed = json.loads(body)
            except ValueError:
                return  # the route's own validation answers malformed JSON
            for where, text in _strings(parsed, ""):
                if "\x00" in text:
                    _refuse(where.replace("\x00", ""))
    else:
        form = await request.form()
        for name, value in form.multi_items():
            if "\x00" in name:
                _refuse(name.replace("\x00", ""))
            if isinstance(value, UploadFile):
                if value.filename and "\x00" in value.filename:
                    _refuse(name)
            elif "\x00" in value:
                _refuse(name)
