"""The backend a STORAGE_URL names (a directory or a bucket): a module above both, so that the bucket's module, and
with it boto3, loads only when a URL names a bucket."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from api.core.storage.backends import Backend, LocalBackend


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
    from api.core.storage.s3 import S3Backend  # cold start: boto3 loads only where files live in a bucket

    return S3Backend(bucket=bucket, prefix=prefix, endpoint_url=query.get("endpoint", endpoint),
                     region=query.get("region", "us-east-1"),
                     access_key=unquote(parts.username) if parts.username else None,
                     secret_key=unquote(parts.password) if parts.password else None)
