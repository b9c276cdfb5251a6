"""Lead files (proposal, PCS file, customer confirmation document): which upload kind each is, and their storage."""

from __future__ import annotations

import re
from typing import Any, BinaryIO

from api.core import uploads
from api.core.storage import StagedStorage

MAX_BYTES = uploads.DOCUMENT.max_bytes  # 15 MB
TOO_LARGE = uploads.TOO_LARGE
UNSUPPORTED = uploads.UNSUPPORTED
UNSUPPORTED_SHEET = uploads.UNSUPPORTED_SHEET
UPLOAD_KINDS = {
    "proposalFile": uploads.DOCUMENT,
    "projectCostSheetFile": uploads.SPREADSHEET,
    "customerConfirmationDocumentFile": uploads.DOCUMENT,
}
# kind -> (lead attribute, accepted extensions, the spec's refusal)
KINDS = {
    kind: (attr, set(UPLOAD_KINDS[kind].extensions), UPLOAD_KINDS[kind].unsupported)
    for kind, attr in (("proposalFile", "proposal_file"), ("projectCostSheetFile", "project_cost_sheet_file"),
                       ("customerConfirmationDocumentFile", "customer_confirmation_document_file"))
}
# the edit form's body: its three files and the form's JSON
BODY_LIMIT = sum(kind.max_bytes for kind in UPLOAD_KINDS.values()) + uploads.FORM_OVERHEAD


def namespace(lead_id: int) -> str:
    return f"leads/{lead_id}"


def accept(kind: str, file: BinaryIO, filename: str) -> uploads.Upload:
    """The upload checked by size and content as its kind says, or the spec's refusal."""
    return uploads.inspect(file, filename, UPLOAD_KINDS[kind])


def store(storage: StagedStorage, *, lead_id: int, kind: str, upload: uploads.Upload,
          replacing: dict[str, Any] | None = None) -> dict[str, object]:
    """Keep an upload of the edit form under a new key; the file it replaces goes once the save commits."""
    safe = re.sub(r"[^A-Za-z0-9._ -]", "_", upload.filename)[:150] or f"file.{upload.ext}"
    key = storage.store(namespace(lead_id), stem=kind, upload=upload)
    discard(storage, lead_id=lead_id, value=replacing)
    return {"name": safe, "size": upload.size, "key": key}


def discard(storage: StagedStorage, *, lead_id: int, value: dict[str, Any] | None) -> None:
    """Remove a lead file the edit form stored, once the save that drops or replaces it commits. A cost sheet's
    spreadsheet (the lead's PCS file can be one) stays: its revision still refers to it."""
    key = (value or {}).get("key")
    if isinstance(key, str) and key.split("-", 1)[0] in KINDS:
        storage.discard(namespace(lead_id), key)
