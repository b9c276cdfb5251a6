"""Files in a bucket of S3-compatible object storage (STORAGE_URL=s3://...): a module of its own so that boto3
(a third of a second to import) loads only where files live in a bucket."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import anyio
import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from api.core.storage.backends import CHUNK, Content, byte_range, rewind


class S3Backend:
    """A bucket of S3-compatible object storage (SeaweedFS, MinIO, AWS S3), shared by every API host and the worker.
    Bodies go up from their spooled file and come down in chunks; neither is held whole."""

    failures: tuple[type[Exception], ...] = (ClientError, BotoCoreError, OSError)

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
            self.client.put_object(Bucket=self.bucket, Key=self._name(key), Body=rewind(data),
                                   ContentType=media_type, IfNoneMatch="*")
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("PreconditionFailed", "ConditionalRequestConflict"):
                return False
            raise
        return True

    def put(self, key: str, data: Content, media_type: str) -> None:
        self.client.put_object(Bucket=self.bucket, Key=self._name(key), Body=rewind(data), ContentType=media_type)

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
