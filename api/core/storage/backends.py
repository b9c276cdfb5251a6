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

from fastapi.responses import FileResponse, StreamingResponse
from starlette.responses import Response

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

    def response(self, key: str, media_type: str, headers: dict[str, str]) -> Response:
        """The file as a streamed response body."""

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

    def response(self, key: str, media_type: str, headers: dict[str, str]) -> Response:
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
        import boto3
        from botocore.config import Config

        self.bucket, self.prefix, self.endpoint_url = bucket, prefix.strip("/"), endpoint_url
        self.client: Any = boto3.client(
            "s3", endpoint_url=endpoint_url, region_name=region, aws_access_key_id=access_key,
            aws_secret_access_key=secret_key,
            config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 4, "mode": "standard"},
                          connect_timeout=5, read_timeout=60, max_pool_connections=20))

    def _name(self, key: str) -> str:
        return f"{self.prefix}/{key}" if self.prefix else key

    def create(self, key: str, data: Content, media_type: str) -> bool:
        from botocore.exceptions import ClientError

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
        from botocore.exceptions import ClientError

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

    def response(self, key: str, media_type: str, headers: dict[str, str]) -> Response:
        body, length = self._body(key)  # opened here, so a missing object is known before the answer starts

        def stream() -> Iterator[bytes]:
            with contextlib.closing(body):
                yield from body.iter_chunks(64 * 1024)

        return StreamingResponse(stream(), media_type=media_type,
                                 headers={**headers, "Content-Length": str(length)})

    def ensure_ready(self) -> None:
        from botocore.exceptions import ClientError

        try:
            self.client.head_bucket(Bucket=self.bucket)
        except ClientError:
            with contextlib.suppress(self.client.exceptions.BucketAlreadyOwnedByYou):
                self.client.create_bucket(Bucket=self.bucket)

    def describe(self) -> str:
        where = self.endpoint_url or "AWS"
        return f"bucket {self.bucket}{'/' + self.prefix if self.prefix else ''} at {where}"


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
