"""Files for the upload tests, built in memory: real ones of each accepted kind and the ones that lie."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

from PIL import Image

from tests.integration.pcs.cost_sheet_api import XLSX_TYPE, xlsx_bytes

MB = 1024 * 1024
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
HTML = b"<!DOCTYPE html><html><body><script>fetch('/api/auth/session')</script></body></html>"
ELF = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + b"\x02\x00\x3e\x00" + b"\x00" * 200  # an x86-64 executable's header
XLSX = xlsx_bytes()


def png(size: tuple[int, int] = (16, 16)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (22, 119, 255)).save(buffer, format="PNG")
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bomb(width: int = 30_000, height: int = 30_000) -> bytes:
    """A ~60-byte PNG whose header declares width x height pixels (decoding it would need gigabytes)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + _chunk(b"IEND", b""))


def _workbook(parts: list[tuple[str, int]], padding: int = 0) -> bytes:
    """An Office Open XML workbook whose parts are `size` bytes of zeros each, and whose [Content_Types].xml (the
    part a type check reads) is followed by `padding` spaces; deflated, streamed, never whole in memory."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("[Content_Types].xml", "w") as types:
            types.write(b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
                        b'package/2006/content-types"><Override PartName="/xl/workbook.xml" '
                        b'ContentType="' + XLSX_TYPE.encode() + b'"/></Types>')
            for _ in range(padding // MB):
                types.write(b" " * MB)
        for name, size in parts:
            with archive.open(name, "w") as part:
                for _ in range(size // MB):
                    part.write(b"\0" * MB)
                part.write(b"\0" * (size % MB))
    return buffer.getvalue()


def zip_bomb() -> bytes:
    """The issue's spreadsheet: about 400 KB that inflate to 400 MB, in the very part a type check reads."""
    return _workbook([], padding=400 * MB)


def zip_of_many_small_parts() -> bytes:
    """201 parts of 1 MB of zeros: no single part is suspicious, together they inflate past 200 MB."""
    return _workbook([(f"xl/media/part{i}.bin", MB) for i in range(201)])


def zip_of_many_entries(count: int = 10_001) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(count):
            archive.writestr(f"{i}", b"")
    return buffer.getvalue()
