"""What a file's content is, whatever its name says: magic numbers (the `filetype` library), the compound file of
old Office files, the parts of zip-based documents, plain text. Zip archives and images are sized from their
headers before anything inflates or decodes them, so a small file that unpacks to gigabytes is refused unread."""

from __future__ import annotations

import codecs
import functools
import re
import struct
import zipfile
from types import ModuleType
from typing import BinaryIO

import filetype

HEAD = 8192  # what `filetype` looks at
CHUNK = 64 * 1024

# Zip-based documents (xlsx, ods, ...): what the central directory may declare. Apache POI refuses a part that
# inflates more than 100 times its compressed size (ZipSecureFile's 0.01); a real workbook is 5 to 30 times.
ZIP_MAX_ENTRIES = 10_000
ZIP_MAX_DIRECTORY = 1024 * 1024  # bytes of central directory (what zipfile reads into memory)
ZIP_MAX_INFLATED = 200 * 1024 * 1024
ZIP_MAX_RATIO = 100
ZIP_RATIO_FROM = 1024 * 1024  # small parts (a few KB of XML) may have any ratio
ZIP_PART_READ = 1024 * 1024  # at most this much of [Content_Types].xml or mimetype is read

# Images: width x height from the header, before any decoding (a 60-byte PNG can declare 30000 x 30000 pixels).
MAX_PIXELS = 50_000_000

ZIP_TOO_LARGE = (f"File is too large when unpacked: at most {ZIP_MAX_INFLATED // (1024 * 1024)} MB in "
                 f"{ZIP_MAX_ENTRIES} parts, each compressed at most {ZIP_MAX_RATIO} times.")
IMAGE_TOO_LARGE = f"Image is too large: at most {MAX_PIXELS // 1_000_000} megapixels."

OLE2 = bytes.fromhex("D0CF11E0A1B11AE1")  # compound file: .xls (and .doc, .ppt, .msi)
_EOCD = b"PK\x05\x06"
# The workbook part each Office Open XML format declares in [Content_Types].xml.
OOXML_TYPES = {
    "xlsx": b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    "xlsm": b"application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    "xltx": b"application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
    "xltm": b"application/vnd.ms-excel.template.macroEnabled.main+xml",
    "xlsb": b"application/vnd.ms-excel.sheet.binary.macroEnabled.main",
}
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
# `filetype`'s names of the formats an upload may be; anything else it recognises (exe, elf, zip, ...) is 'other'
_MAGIC = {"pdf": "pdf", "jpg": "jpeg", "png": "png", "apng": "png", "gif": "gif", "webp": "webp", "mp3": "mp3",
          "m4a": "m4a", "mp4": "mp4", "webm": "webm", "ogg": "ogg"}
IMAGES = {"png", "jpeg", "gif", "webp"}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_MARKUP = (b"<!doctype", b"<html", b"<head", b"<body", b"<script", b"<svg", b"<?xml", b"<iframe")


class Refused(Exception):
    """The content may not be kept whatever its kind (a zip or image bomb); the message says why."""

    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


def identify(fh: BinaryIO) -> str | None:
    """The format of the content ('pdf', 'png', 'jpeg', 'gif', 'webp', 'mp3', 'm4a', 'mp4', 'webm', 'ogg', 'ole',
    'xlsx', 'xlsm', 'xltx', 'xltm', 'xlsb', 'ods', 'zip', 'text' or 'other'), None when empty. Raises Refused for a
    bomb."""
    fh.seek(0)
    head = fh.read(HEAD)
    if not head:
        return None
    if head.startswith(OLE2):
        return "ole"
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return _zip_format(fh)
    guess = filetype.guess(head)
    if guess is not None:
        fmt = _MAGIC.get(guess.extension, "other")
        return fmt if fmt not in IMAGES or _readable_image(fh) else "other"
    return "text" if _is_text(fh, head) else "other"


# -- zip-based documents ------------------------------------------------------------------------------------------

def _directory(fh: BinaryIO) -> tuple[int, int] | None:
    """(entries, central directory bytes) as the end record declares them, None when there is no end record."""
    size = fh.seek(0, 2)
    tail = min(size, 65535 + 22)  # the end record (22 bytes) follows at most a 64 KB comment
    fh.seek(size - tail)
    data = fh.read(tail)
    at = data.rfind(_EOCD)
    if at < 0 or len(data) < at + 22:
        return None
    entries, directory = struct.unpack("<HI", data[at + 10:at + 16])
    return entries, directory


def check_zip(fh: BinaryIO) -> zipfile.ZipFile | None:
    """The archive, opened once its central directory was found within bounds; None when it is not a zip."""
    declared = _directory(fh)
    if declared is None:
        return None
    entries, directory = declared
    # 0xFFFF / 0xFFFFFFFF say 'see the zip64 record': only archives far beyond these bounds need one
    if entries > ZIP_MAX_ENTRIES or directory > ZIP_MAX_DIRECTORY:
        raise Refused(ZIP_TOO_LARGE)
    fh.seek(0)
    try:
        archive = zipfile.ZipFile(fh)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, NotImplementedError):
        return None
    infos = archive.infolist()
    total = 0
    for info in infos:
        total += info.file_size
        if info.file_size > ZIP_RATIO_FROM and info.file_size > ZIP_MAX_RATIO * max(info.compress_size, 1):
            raise Refused(ZIP_TOO_LARGE)
    if len(infos) > ZIP_MAX_ENTRIES or total > ZIP_MAX_INFLATED:
        raise Refused(ZIP_TOO_LARGE)
    return archive


def _part(archive: zipfile.ZipFile, name: str) -> bytes | None:
    try:
        info = archive.getinfo(name)
    except KeyError:
        return None
    if info.file_size > ZIP_PART_READ:
        return None
    try:
        with archive.open(info) as part:
            return part.read(ZIP_PART_READ)  # zipfile stops at the declared size, which was checked
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
        return None


def _zip_format(fh: BinaryIO) -> str:
    archive = check_zip(fh)
    if archive is None:
        return "other"
    with archive:
        mimetype = _part(archive, "mimetype")
        if mimetype is not None and mimetype.strip() == ODS_MIMETYPE:
            return "ods"
        types = _part(archive, "[Content_Types].xml")
        if types is not None:
            for fmt, content_type in OOXML_TYPES.items():
                if content_type in types:
                    return fmt
    return "zip"


# -- images and text ----------------------------------------------------------------------------------------------

@functools.cache
def _pillow() -> ModuleType:
    """Pillow's Image, loaded when the first image is checked (at import it was a twentieth of the API's start), with
    its own limit set: it refuses twice MAX_PIXELS wherever an image is opened."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    return Image


def _readable_image(fh: BinaryIO) -> bool:
    """Does the image's structure hold (chunks, checksums)? Refused when its header declares more than MAX_PIXELS:
    Image.open reads the header only, and verify() decodes no pixel."""
    Image = _pillow()
    fh.seek(0)
    try:
        with Image.open(fh) as img:  # Pillow refuses above twice MAX_PIXELS here already
            width, height = img.size
            if width * height > MAX_PIXELS:
                raise Refused(IMAGE_TOO_LARGE)
            img.verify()
    except Image.DecompressionBombError as exc:
        raise Refused(IMAGE_TOO_LARGE) from exc
    except (Image.UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error, EOFError):
        return False
    return True


def _is_text(fh: BinaryIO, head: bytes) -> bool:
    """UTF-8 (or, as Excel writes csv, Windows-1252) text without control characters, and not a web page."""
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").lower().startswith(_MARKUP):
        return False
    for encoding in ("utf-8-sig", "cp1252"):
        decoder = codecs.getincrementaldecoder(encoding)()
        fh.seek(0)
        try:
            while chunk := fh.read(CHUNK):
                if _CONTROL.search(decoder.decode(chunk)):
                    return False
            if _CONTROL.search(decoder.decode(b"", final=True)):
                return False
        except UnicodeDecodeError:
            continue
        return True
    return False
