"""Lead files (proposal, PCS file, customer confirmation document): limits, types and storage."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any

from api.core.errors import PayloadTooLarge, ValidationFailed
from api.core.storage import StagedStorage

MAX_BYTES = 15 * 1024 * 1024
TOO_LARGE = "File is too large"
UNSUPPORTED = "Unsupported file format"
UNSUPPORTED_SHEET = "Unsupported file format. Accepts only .xls kind file."
DOCUMENT_TYPES = {"pdf", "jpeg", "jpg", "png", "mp3", "m4a"}
SHEET_TYPES = {"xls", "xlsx", "xlsm", "xlsb", "xltx", "xltm", "ods", "csv"}
KINDS = {
    "proposalFile": ("proposal_file", DOCUMENT_TYPES, UNSUPPORTED),
    "projectCostSheetFile": ("project_cost_sheet_file", SHEET_TYPES, UNSUPPORTED_SHEET),
    "customerConfirmationDocumentFile": ("customer_confirmation_document_file", DOCUMENT_TYPES, UNSUPPORTED),
}


def namespace(lead_id: int) -> str:
    return f"leads/{lead_id}"


def check(kind: str, filename: str, size: int) -> str:
    """The file's extension, or the spec's refusal."""
    _, allowed, unsupported = KINDS[kind]
    if size > MAX_BYTES:
        raise PayloadTooLarge(TOO_LARGE)
    ext = PurePath(filename or "").suffix.lower().lstrip(".")
    if ext not in allowed:
        raise ValidationFailed(unsupported)
    return ext


def store(storage: StagedStorage, *, lead_id: int, kind: str, filename: str, data: bytes,
          replacing: dict[str, Any] | None = None) -> dict[str, object]:
    """Keep an upload of the edit form under a new key; the file it replaces goes once the save commits."""
    ext = check(kind, filename, len(data))
    safe = re.sub(r"[^A-Za-z0-9._ -]", "_", PurePath(filename).name)[:150] or f"file.{ext}"
    key = storage.write(namespace(lead_id), stem=kind, ext=ext, data=data)
    discard(storage, lead_id=lead_id, value=replacing)
    return {"name": safe, "size": len(data), "key": key}


def discard(storage: StagedStorage, *, lead_id: int, value: dict[str, Any] | None) -> None:
    """Remove a lead file the edit form stored, once the save that drops or replaces it commits. A cost sheet's
    spreadsheet (the lead's PCS file can be one) stays: its revision still refers to it."""
    key = (value or {}).get("key")
    if isinstance(key, str) and key.split("-", 1)[0] in KINDS:
        storage.discard(namespace(lead_id), key)
