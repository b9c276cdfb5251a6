"""Where stored files live: a local directory or an S3-compatible bucket, behind one small interface. Keys are
'namespace/name' ('leads/42/proposalFile-x1.pdf'), the same in both, so files move between them unchanged."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import anyio
import boto3
from botocore.config import Config
from botocore.exceptions import ClientError
from fastapi.responses import FileResponse
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

CHUNK = 1024 * 1024
Content = bytes | BinaryIO  # a file object (an upload's spooled body) is copied in chunks, never read whole


class Backend(Protocol):
    """What every place files live can do; `key` is always a checked 'namespace/name'."""

    def create(self, key: str, data: Content, media_type: str) -> bool:
        """Write `key` unless a file has it (False then: nothing is replaced)."""

    def put(self, key: str, data: Content, media_type: str) -> None:
        """Write `key` whole, replacing it: readers see the old file or the new one."""

    def size(self, key: str) -> int | None:
        """The file's size in bytes, None when there is none."""

    def delete(self, key: str) -> None: ...

    def chunks(self, key: str) -> Iterator[bytes]:
        """The file's content, a chunk at a time."""

    def walk(self, prefix: str = "") -> Iterator[str]:
        """Every key under `prefix` (a local directory's temporary files included)."""

    def response(self, key: str, size: int, media_type: str, headers: dict[str, str]) -> Response:
        """The file as a streamed response body (one byte range of it when the request asks, as players do)."""

    def ensure_ready(self) -> None:
        """Create what must exist before the first write (the directory, the bucket)."""

    def describe(self) -> str:
        """Where the files are, without credentials (for logs)."""


def _rewind(data: Content) -> Content:
    if not isinstance(data, bytes):
        data.seek(0)
    return data


class LocalBackend:
    """A directory of this host (the default: DATA_DIR/storage). Each write goes to a temporary file beside its
    target and is linked (a new key) or renamed (a replacement) into place."""

    def __init__(self, root: Path):
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key

    def _written(self, target: Path, data: Content) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
        with tmp.open("xb") as fh:
            if isinstance(data, bytes):
                fh.write(data)
            else:
                data.seek(0)
                shutil.copyfileobj(data, fh, CHUNK)
            fh.flush()
            os.fsync(fh.fileno())
        return tmp

    def create(self, key: str, data: Content, media_type: str) -> bool:
        target = self._path(key)
        tmp = self._written(target, data)
        try:
            os.link(tmp, target)  # unlike a rename, never replaces a file that is there
        except FileExistsError:
            return False
        finally:
            tmp.unlink()
        return True

    def put(self, key: str, data: Content, media_type: str) -> None:
        target = self._path(key)
        self._written(target, data).replace(target)

    def size(self, key: str) -> int | None:
        path = self._path(key)
        return path.stat().st_size if path.is_file() else None

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def chunks(self, key: str) -> Iterator[bytes]:
        with self._path(key).open("rb") as fh:
            while chunk := fh.read(CHUNK):
                yield chunk

    def walk(self, prefix: str = "") -> Iterator[str]:
        base = self.root / prefix if prefix else self.root
        if base.is_file():
            yield prefix
            return
        for path in sorted(base.rglob("*")) if base.is_dir() else ():
            if path.is_file():
                yield path.relative_to(self.root).as_posix()

    def response(self, key: str, size: int, media_type: str, headers: dict[str, str]) -> Response:
        return FileResponse(self._path(key), media_type=media_type, headers=headers)

    def ensure_ready(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)

    def describe(self) -> str:
        return f"directory {self.root}"


class S3Backend:
    """A bucket of S3-compatible object storage (SeaweedFS, MinIO, AWS S3), shared by every API host and the worker.
    Bodies go up from their spooled file and come down in chunks; neither is held whole."""

    def __init__(self, *, bucket: str, prefix: str = "", endpoint_url: str | None = None, region: str = "us-east-1",
                 access_key: str | None = None, secret_key: str | None = None):
        self.bucket, self.prefix, self.endpoint_url = bucket, prefix.strip("/"), endpoint_url
        self.client: Any = boto3.client(
            "s3", endpoint_url=endpoint_url, region_name=region, aws_access_key_id=access_key,
            aws_secret_access_key=secret_key,
            config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 4, "mode": "standard"},
                          connect_timeout=5, read_timeout=60, max_pool_connections=20))

    def _name(self, key: str) -> str:
        return f"{self.prefix}/{key}" if self.prefix else key

    def create(self, key: str, data: Content, media_type: str) -> bool:
        try:
            self.client.put_object(Bucket=self.bucket, Key=self._name(key), Body=_rewind(data),
                                   ContentType=media_type, IfNoneMatch="*")
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("PreconditionFailed", "ConditionalRequestConflict"):
                return False
            raise
        return True

    def put(self, key: str, data: Content, media_type: str) -> None:
        self.client.put_object(Bucket=self.bucket, Key=self._name(key), Body=_rewind(data), ContentType=media_type)

    def size(self, key: str) -> int | None:
        try:
            return int(self.client.head_object(Bucket=self.bucket, Key=self._name(key))["ContentLength"])
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
                return None
            raise

    def delete(self, key: str) -> None:
        self.client.delete_object(Bucket=self.bucket, Key=self._name(key))

    def _body(self, key: str) -> tuple[Any, int]:
        answer = self.client.get_object(Bucket=self.bucket, Key=self._name(key))
        return answer["Body"], int(answer["ContentLength"])

    def chunks(self, key: str) -> Iterator[bytes]:
        body, _ = self._body(key)
        with contextlib.closing(body):
            yield from body.iter_chunks(CHUNK)

    def walk(self, prefix: str = "") -> Iterator[str]:
        skip = len(self.prefix) + 1 if self.prefix else 0
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket,
                                                                       Prefix=self._name(prefix))
        for page in pages:
            for item in page.get("Contents", ()):
                yield item["Key"][skip:]

    def response(self, key: str, size: int, media_type: str, headers: dict[str, str]) -> Response:
        return ObjectResponse(self, key, size, media_type, headers)

    def ensure_ready(self) -> None:
        try:
            self.client.head_bucket(Bucket=self.bucket)
        except ClientError:
            with contextlib.suppress(self.client.exceptions.BucketAlreadyOwnedByYou):
                self.client.create_bucket(Bucket=self.bucket)

    def describe(self) -> str:
        where = self.endpoint_url or "AWS"
        return f"bucket {self.bucket}{'/' + self.prefix if self.prefix else ''} at {where}"


def byte_range(header: str | None, size: int) -> tuple[int, int] | None:
    """(start, end) of a single 'bytes=a-b', 'bytes=a-' or 'bytes=-n' range within `size` bytes; None for the whole
    file (no range, several ranges, another unit); raises ValueError when it lies outside the file."""
    if not header or "," in header:
        return None
    unit, _, spec = header.partition("=")
    first, dash, last = spec.strip().partition("-")
    if unit.strip().lower() != "bytes" or not dash or not (first.isdigit() or last.isdigit()):
        return None
    if not first:  # the last n bytes
        start, end = max(size - int(last), 0), size
    else:
        start, end = int(first), min(int(last) + 1, size) if last.isdigit() else size
    if start >= size or start >= end:
        raise ValueError(f"bytes */{size}")
    return start, end


class ObjectResponse(Response):
    """An object of the bucket as the body, read a chunk at a time in a worker thread; like Starlette's FileResponse,
    one byte range of it when the request asks (a player seeking in a recording) and no body for HEAD."""

    chunk_size = 64 * 1024

    def __init__(self, backend: S3Backend, key: str, size: int, media_type: str, headers: dict[str, str]):
        self.backend, self.key, self.size = backend, key, size
        self.status_code, self.media_type, self.background = 200, media_type, None
        self.init_headers({**headers, "Accept-Ranges": "bytes", "Content-Length": str(size)})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = [(k, v) for k, v in self.raw_headers if k != b"content-length"]
        try:
            wanted = byte_range(Headers(scope=scope).get("range"), self.size)
        except ValueError as exc:
            await send({"type": "http.response.start", "status": 416,
                        "headers": [*headers, (b"content-range", str(exc).encode()), (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        start, end = wanted or (0, self.size)
        status = 206 if wanted else 200
        headers.append((b"content-length", str(end - start).encode()))
        if wanted:
            headers.append((b"content-range", f"bytes {start}-{end - 1}/{self.size}".encode()))
        if scope.get("method") == "HEAD" or end == start:
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        extra = {"Range": f"bytes={start}-{end - 1}"} if wanted else {}
        answer = await anyio.to_thread.run_sync(lambda: self.backend.client.get_object(
            Bucket=self.backend.bucket, Key=self.backend._name(self.key), **extra))
        body = answer["Body"]
        try:
            await send({"type": "http.response.start", "status": status, "headers": headers})
            while chunk := await anyio.to_thread.run_sync(body.read, self.chunk_size):
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        finally:
            body.close()


def from_url(url: str) -> Backend:
    """The backend a STORAGE_URL names: 'file:///srv/crm-files' (or a plain path), or
    's3://KEY:SECRET@host:8333/bucket[/prefix]?region=us-east-1&secure=false' ('s3://bucket' for AWS itself)."""
    parts = urlsplit(url)
    if parts.scheme in ("", "file"):
        return LocalBackend(Path(unquote(parts.netloc + parts.path)))
    if parts.scheme != "s3":
        raise ValueError(f"STORAGE_URL must start with file:// or s3://, not {parts.scheme}://")
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    secure = query.get("secure", "true").lower() not in ("false", "0", "no", "off")
    if parts.hostname and "." not in parts.hostname and parts.port is None and not parts.path.strip("/"):
        bucket, prefix, endpoint = parts.hostname, "", None  # s3://bucket: AWS S3 itself
    else:
        bucket, _, prefix = parts.path.strip("/").partition("/")
        host = f"[{parts.hostname}]" if parts.hostname and ":" in parts.hostname else parts.hostname
        endpoint = f"{'https' if secure else 'http'}://{host}{f':{parts.port}' if parts.port else ''}"
    if not bucket:
        raise ValueError("STORAGE_URL names no bucket: s3://KEY:SECRET@host:port/bucket")
    return S3Backend(bucket=bucket, prefix=prefix, endpoint_url=query.get("endpoint", endpoint),
                     region=query.get("region", "us-east-1"),
                     access_key=unquote(parts.username) if parts.username else None,
                     secret_key=unquote(parts.password) if parts.password else None)
