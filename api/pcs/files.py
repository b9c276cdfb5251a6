"""The cost sheet's spreadsheet: accepted by name and by content, stored with the lead's files."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import PurePath

from api.core.storage import StagedStorage
from api.leads import files as lead_files

MAX_BYTES = lead_files.MAX_BYTES  # 15 MB
TOO_LARGE = lead_files.TOO_LARGE
UNSUPPORTED = lead_files.UNSUPPORTED_SHEET

OLE2 = bytes.fromhex("D0CF11E0A1B11AE1")  # the compound file header of .xls
# The workbook part each Office Open XML extension declares in [Content_Types].xml.
OOXML_TYPES = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    "xltx": "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
    "xltm": "application/vnd.ms-excel.template.macroEnabled.main+xml",
    "xlsb": "application/vnd.ms-excel.sheet.binary.macroEnabled.main",
}
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
EXTENSIONS = {"xls", "csv", "ods", *OOXML_TYPES}
MEDIA_TYPES = {
    "xls": "application/vnd.ms-excel", "csv": "text/csv", "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
    "xltx": "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
    "xltm": "application/vnd.ms-excel.template.macroEnabled.12",
    "xlsb": "application/vnd.ms-excel.sheet.binary.macroEnabled.12",
}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class StoredFile:
    filename: str  # the storage key, also the download name in the URL
    display_name: str
    original_filename: str
    size: int


def extension(filename: str) -> str:
    return PurePath(filename or "").suffix.lower().lstrip(".")


def _zip_member(data: bytes, name: str) -> bytes | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read(name) if name in archive.namelist() else None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, KeyError, RuntimeError,
            NotImplementedError, EOFError):
        return None


def _is_text(data: bytes) -> bool:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return not _CONTROL.search(text)
    return False


def content_matches(ext: str, data: bytes) -> bool:
    """Does the content look like the kind of spreadsheet the name says?"""
    if ext == "xls":
        return data.startswith(OLE2)
    if ext in OOXML_TYPES:
        types = _zip_member(data, "[Content_Types].xml")
        return types is not None and OOXML_TYPES[ext].encode() in types
    if ext == "ods":
        mimetype = _zip_member(data, "mimetype")
        return mimetype is not None and mimetype.strip() == ODS_MIMETYPE
    if ext == "csv":
        return _is_text(data)
    return False


def refusal(filename: str, size: int, data: bytes) -> str | None:
    """The spec's message when the upload may not be kept, else None."""
    if size > MAX_BYTES:
        return TOO_LARGE
    ext = extension(filename)
    if ext not in EXTENSIONS or not content_matches(ext, data):
        return UNSUPPORTED
    return None


def display_name(filename: str) -> str:
    ext = extension(filename)
    safe = re.sub(r"[^A-Za-z0-9._ ()-]", "_", PurePath(filename).name).strip()[:150]
    return safe or f"project-cost-sheet.{ext}"


def store(storage: StagedStorage, *, lead_id: int, revision_batch: int, filename: str, data: bytes) -> StoredFile:
    """Keep the spreadsheet under a new key; it is removed again if the save does not commit."""
    key = storage.write(lead_files.namespace(lead_id), stem=f"pcs-{lead_id}-r{revision_batch}",
                        ext=extension(filename), data=data)
    return StoredFile(filename=key, display_name=display_name(filename),
                      original_filename=PurePath(filename).name[:255], size=len(data))


def media_type(filename: str) -> str:
    return MEDIA_TYPES.get(extension(filename), "application/octet-stream")
