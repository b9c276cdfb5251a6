"""Lead files (proposal, PCS file, customer confirmation document): limits, types and storage."""

from __future__ import annotations

import re
from pathlib import PurePath

from api.core.errors import PayloadTooLarge, ValidationFailed
from api.core.security import new_secret
from api.core.storage import Storage

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


def store(storage: Storage, *, lead_id: int, kind: str, filename: str, data: bytes) -> dict[str, object]:
    ext = check(kind, filename, len(data))
    safe = re.sub(r"[^A-Za-z0-9._ -]", "_", PurePath(filename).name)[:150] or f"file.{ext}"
    key = f"{kind}-{new_secret(10)}.{ext}"
    storage.save(namespace(lead_id), key, data)
    return {"name": safe, "size": len(data), "key": key}
