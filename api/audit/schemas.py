"""Audit payloads."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from api.audit.models import Action, Subject
from api.core.schemas import CamelModel


class AuditChange(CamelModel):
    field: str
    old: Any = None
    new: Any = None


class AuditRow(CamelModel):
    id: int
    at: datetime
    actor_id: int | None
    actor_name: str | None
    subject: Subject
    subject_id: str
    subject_label: str
    action: Action
    changes: list[AuditChange]
