"""Uploads and downloads: the one owner of what each kind of upload may be (its size, its types, checked by content
with the spec's messages) and of how a stored file is served back (its checked type, never sniffed, downloaded
unless it is an image the app shows)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import BinaryIO
from urllib.parse import quote

from api.core import sniff
from api.core.errors import AppError, PayloadTooLarge, ValidationFailed

MB = 1024 * 1024
FORM_OVERHEAD = MB  # what a multipart body may carry besides its files (form fields, part headers)
TOO_LARGE = "File is too large"
UNSUPPORTED = "Unsupported file format"
UNSUPPORTED_SHEET = "Unsupported file format. Accepts only .xls kind file."
UNSUPPORTED_PICTURE = "Unsupported file format. Accepts only PNG, JPEG, GIF or WEBP images."
UNSUPPORTED_RECORDING = "Unsupported file format. Accepts only WEBM, OGG, M4A or MP3 recordings."
UNSUPPORTED_PHOTO = "Unsupported file format. Accepts only JPEG, PNG or WEBP photos."
UNSUPPORTED_IMPORT = "Unsupported file format. Accepts only .xlsx or .csv files."

# The formats (sniff.identify) each extension may hold, and the type it is served with.
FORMATS: dict[str, frozenset[str]] = {
    "pdf": frozenset({"pdf"}), "jpg": frozenset({"jpeg"}), "jpeg": frozenset({"jpeg"}), "png": frozenset({"png"}),
    "gif": frozenset({"gif"}), "webp": frozenset({"webp"}), "mp3": frozenset({"mp3"}),
    "m4a": frozenset({"m4a", "mp4"}),  # phones write audio-only MP4 with either brand
    "webm": frozenset({"webm"}), "ogg": frozenset({"ogg"}),  # what browsers' MediaRecorder writes (Chromium, Firefox)
    "xls": frozenset({"ole"}), "csv": frozenset({"text"}), "ods": frozenset({"ods"}),
    **{ext: frozenset({ext}) for ext in sniff.OOXML_TYPES},
}
MEDIA_TYPES = {
    "pdf": "application/pdf", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
    "webp": "image/webp", "mp3": "audio/mpeg", "m4a": "audio/mp4", "webm": "audio/webm", "ogg": "audio/ogg",
    "xls": "application/vnd.ms-excel", "csv": "text/csv",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
    "xltx": "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
    "xltm": "application/vnd.ms-excel.template.macroEnabled.12",
    "xlsb": "application/vnd.ms-excel.sheet.binary.macroEnabled.12",
}
OCTET_STREAM = "application/octet-stream"


@dataclass(frozen=True)
class Kind:
    """What one kind of upload may be."""

    extensions: tuple[str, ...]  # the names accepted, in order of preference when the content decides
    max_bytes: int
    unsupported: str
    by_content: bool = False  # the name is ignored: the content decides the extension the file is kept under

    def body_limit(self, files: int = 1) -> int:
        """The largest request body of a route that takes `files` uploads of this kind."""
        return files * self.max_bytes + FORM_OVERHEAD


# spec 2 §5, §9: lead files and attachments; spec 3 §5, §9: the cost sheet's spreadsheet
DOCUMENT = Kind(("pdf", "jpeg", "jpg", "png", "mp3", "m4a"), 15 * MB, UNSUPPORTED)
SPREADSHEET = Kind(("xls", "xlsx", "xlsm", "xlsb", "xltx", "xltm", "ods", "csv"), 15 * MB, UNSUPPORTED_SHEET)
PICTURE = Kind(("png", "jpg", "gif", "webp"), 5 * MB, UNSUPPORTED_PICTURE, by_content=True)
MAIL_PDF = Kind(("pdf",), 15 * MB, UNSUPPORTED, by_content=True)  # the /pdf page's 'Send by mail'
# Activities (spec 2 §5, §9): a voice note recorded in the browser (50 MB), a photo taken on site, any document.
RECORDING = Kind(("webm", "ogg", "m4a", "mp3"), 50 * MB, UNSUPPORTED_RECORDING, by_content=True)
PHOTO = Kind(("jpg", "png", "webp"), 15 * MB, UNSUPPORTED_PHOTO, by_content=True)
ACTIVITY_FILE = Kind(DOCUMENT.extensions + SPREADSHEET.extensions, 15 * MB, UNSUPPORTED)
# an import of clients, contacts or leads (issue 39): a workbook or a CSV of up to 50,000 rows
IMPORT = Kind(("xlsx", "csv"), 20 * MB, UNSUPPORTED_IMPORT)


@dataclass(frozen=True)
class Upload:
    """An upload that passed its kind's checks; `file` is the spooled body (on disk past 1 MB), never read whole."""

    filename: str  # as sent, without any folder
    ext: str  # what it is kept under, matching its content
    media_type: str
    size: int
    file: BinaryIO


def extension(filename: str) -> str:
    return PurePosixPath(filename.replace("\\", "/")).suffix.lower().lstrip(".")


def inspect(file: BinaryIO, filename: str, kind: Kind, *, max_bytes: int | None = None) -> Upload:
    """The upload, checked by size and then by content (before anything else reads it); raises the refusal."""
    name = PurePosixPath((filename or "").replace("\\", "/")).name
    size = file.seek(0, 2)
    if size > (max_bytes if max_bytes is not None else kind.max_bytes):
        raise PayloadTooLarge(TOO_LARGE)
    ext = extension(name)
    if not kind.by_content and ext not in kind.extensions:
        raise ValidationFailed(kind.unsupported)
    try:
        fmt = sniff.identify(file)
    except sniff.Refused as exc:
        raise ValidationFailed(exc.message) from exc
    if kind.by_content:
        ext = next((e for e in kind.extensions if fmt in FORMATS[e]), "")
    if not ext or fmt not in FORMATS[ext]:
        raise ValidationFailed(kind.unsupported)
    file.seek(0)
    return Upload(filename=name, ext=ext, media_type=MEDIA_TYPES[ext], size=size, file=file)


def inspected(file: BinaryIO, filename: str, kind: Kind) -> Upload | AppError:
    """The upload or its refusal, for a form that answers every failing rule at once."""
    try:
        return inspect(file, filename, kind)
    except AppError as exc:
        return exc


def media_type(key: str) -> str:
    """The type a stored file is served with: that of its extension, which its upload check matched to its content."""
    return MEDIA_TYPES.get(extension(key), OCTET_STREAM)


def download_headers(key: str, filename: str | None = None, *, image_inline: bool = False,
                     cache_control: str = "private, no-cache") -> tuple[str, dict[str, str]]:
    """The type and headers a stored file is served with: its checked type, not to be sniffed, and a download (named
    `filename`) unless it is an image the app shows (`image_inline`)."""
    media = media_type(key)
    disposition = "inline" if image_inline and media.startswith("image/") else "attachment"
    if filename is not None:
        quoted = quote(filename)  # as Starlette's FileResponse names a download
        disposition += f"; filename*=utf-8''{quoted}" if quoted != filename else f'; filename="{filename}"'
    return media, {"X-Content-Type-Options": "nosniff", "Cache-Control": cache_control,
                   "Content-Disposition": disposition}

