"""Chart of accounts: the spec's validation messages, one active entry per code, soft delete."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.coa import repository
from api.coa.models import COA_TYPES, ChartOfAccount
from api.coa.schemas import CoaIn, CoaOut, CoaType
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.core.listing import ListParams, Page
from api.users.models import User

COA_NOT_FOUND = "COA not found."
CODE_REQUIRED = "Please enter code"
ITEM_REQUIRED = "Please enter item"
DESCRIPTION_REQUIRED = "Please enter description"
KEYWORDS_REQUIRED = "Please enter keywords"
TYPE_REQUIRED = "Please choose type"
UNKNOWN_TYPE = "Type must be REVENUE or COST."

# the column sizes of chart_of_accounts; description is text, capped so a form cannot post a book
MAX_LENGTHS = {"Code": 30, "Item": 200, "Description": 2000, "Keywords": 300}


def code_taken_message(code: str) -> str:
    return f"COA code '{code}' already exists."


def deleted_message(name: str) -> str:
    return f"'{name}' has been deleted successfully."


def to_out(coa: ChartOfAccount) -> CoaOut:
    return CoaOut(id=coa.id, code=coa.code, name=coa.name, item=coa.name, description=coa.description,
                  keywords=coa.keywords, type=coa.type, created_at=coa.created_at, updated_at=coa.updated_at)


def normalize_type(value: str | None) -> str | None:
    """REVENUE or COST whatever the case; None when empty or unknown."""
    upper = (value or "").strip().upper()
    return upper if upper in COA_TYPES else None


def _validate(data: CoaIn) -> dict[str, Any]:
    values = {"code": (data.code or "").strip(), "name": (data.item or "").strip(),
              "description": (data.description or "").strip(), "keywords": (data.keywords or "").strip()}
    errors: list[str] = []
    for field, label, message in (("code", "Code", CODE_REQUIRED), ("name", "Item", ITEM_REQUIRED),
                                  ("description", "Description", DESCRIPTION_REQUIRED),
                                  ("keywords", "Keywords", KEYWORDS_REQUIRED)):
        if not values[field]:
            errors.append(message)
        elif len(values[field]) > MAX_LENGTHS[label]:
            errors.append(f"{label} must be at most {MAX_LENGTHS[label]} characters.")
    type_ = normalize_type(data.type)
    if type_ is None:
        errors.append(TYPE_REQUIRED)
    if errors:
        raise ValidationFailed(errors)
    return {**values, "type": type_}


def _check_code(session: Session, code: str, exclude_id: int | None) -> None:
    if repository.code_taken(session, code, exclude_id) is not None:
        raise Conflict(code_taken_message(code))


def _commit(session: Session, code: str) -> None:
    try:
        session.commit()
    except IntegrityError as exc:  # a concurrent save took the code between the check and the insert
        session.rollback()
        raise Conflict(code_taken_message(code)) from exc


def get_or_404(session: Session, coa_id: int) -> ChartOfAccount:
    coa = repository.get_active(session, coa_id)
    if coa is None:
        raise NotFound(COA_NOT_FOUND)
    return coa


def list_page(*, session: Session, params: ListParams) -> Page[CoaOut]:
    rows, total = repository.page(session, params)
    return Page[CoaOut](data=[to_out(r) for r in rows], total_rows=total)


def list_types() -> list[CoaType]:
    return [CoaType(type=t) for t in COA_TYPES]


def list_for_cost_sheet(*, session: Session, type_: str | None, search: str | None) -> list[CoaOut]:
    """Every active entry (of one type, matching the search) for the cost sheet's add-item slide."""
    wanted = None
    if type_ and type_.strip():
        wanted = normalize_type(type_)
        if wanted is None:
            raise ValidationFailed(UNKNOWN_TYPE)
    term = (search or "").strip() or None
    return [to_out(c) for c in repository.all_active(session, type_=wanted, search=term)]


def get(*, session: Session, coa_id: int) -> CoaOut:
    return to_out(get_or_404(session, coa_id))


def create(*, session: Session, actor: User, data: CoaIn) -> CoaOut:
    values = _validate(data)
    _check_code(session, values["code"], None)
    coa = ChartOfAccount(**values)
    session.add(coa)
    _commit(session, values["code"])
    return to_out(coa)


def update(*, session: Session, actor: User, data: CoaIn) -> CoaOut:
    if data.id is None:
        raise NotFound(COA_NOT_FOUND)
    coa = get_or_404(session, data.id)
    values = _validate(data)
    _check_code(session, values["code"], coa.id)
    for field, value in values.items():
        setattr(coa, field, value)
    _commit(session, values["code"])
    return to_out(coa)


def delete(*, session: Session, actor: User, coa_id: int) -> str:
    """Soft delete: the entry leaves every list; cost sheet items that used it keep pointing at it."""
    coa = get_or_404(session, coa_id)
    coa.is_active = False
    session.commit()
    return deleted_message(coa.name)
