"""The cost sheet's spreadsheet: an upload of the spreadsheet kind (checked by name and content in api.core.uploads),
stored with the lead's files."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import BinaryIO

from api.core import uploads
from api.core.errors import AppError
from api.core.storage import StagedStorage
from api.leads import files as lead_files

KIND = uploads.SPREADSHEET
MAX_BYTES = KIND.max_bytes  # 15 MB
BODY_LIMIT = KIND.body_limit()  # the save and submit forms: one spreadsheet and the sheet's fields
TOO_LARGE = uploads.TOO_LARGE
UNSUPPORTED = KIND.unsupported


@dataclass(frozen=True)
class StoredFile:
    filename: str  # the storage key, also the download name in the URL
    display_name: str
    original_filename: str
    size: int


def received(file: BinaryIO, filename: str) -> uploads.Upload | AppError:
    """The spreadsheet checked by size and content, or its refusal (answered with the sheet's other errors)."""
    return uploads.inspected(file, filename, KIND)


def display_name(filename: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9._ ()-]", "_", PurePath(filename).name).strip()[:150]
    return safe or f"project-cost-sheet.{uploads.extension(filename)}"


def store(storage: StagedStorage, *, lead_id: int, revision_batch: int, upload: uploads.Upload) -> StoredFile:
    """Keep the spreadsheet under a new key; it is removed again if the save does not commit."""
    key = storage.store(lead_files.namespace(lead_id), stem=f"pcs-{lead_id}-r{revision_batch}", upload=upload)
    return StoredFile(filename=key, display_name=display_name(upload.filename),
                      original_filename=upload.filename[:255], size=upload.size)
