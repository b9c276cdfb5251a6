"""Every payload the product sends to Temporal is sealed: encrypted with AES-GCM under a key of
`TEMPORAL_PAYLOAD_KEYS` (workflow inputs, update and signal arguments, results, activity inputs and outputs, memos,
summaries), so a workflow's history tells nothing to whoever reads it without the key, and a call made to Temporal
without the key is told apart from the product's own.

A sealed payload's metadata names its encoding (`binary/encrypted`) and its key id; its data is the nonce followed
by the encrypted inner payload (the JSON the SDK made, with its own metadata). Several keys are accepted: the first
one seals, any of them opens, so a key is rotated by putting a new one first and dropping the old one once the
histories sealed with it are gone. Search attributes are not payloads of this kind and stay readable.

Opening a payload marks it (`crm-sealed`); a plain payload (the histories of workflows started before sealing, or a
call made without the key) opens as it is, without the mark, and the converter below lets the worker's inbound
check (worker/sealing.py) know whether the values it just converted were all sealed. A payload that claims to be
sealed but does not open (a wrong key, a changed byte) becomes one of an encoding nothing converts, so the call that
carried it fails alone; nothing of it is trusted.

The Temporal UI reads sealed payloads through the codec endpoint (api/operations/router.py), for operators
only."""

from __future__ import annotations

import base64
import binascii
import contextlib
import os
import secrets
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from temporalio.api.common.v1 import Payload
from temporalio.converter import DataConverter, DefaultPayloadConverter, PayloadCodec

from api.core.config import Settings

ENCODING = b"binary/encrypted"
UNREADABLE = b"binary/unreadable"  # a payload that claimed to be sealed and did not open: nothing converts it
KEY_ID = "encryption-key-id"
SEALED = "crm-sealed"  # set by opening only (a plain payload that carries it loses it)
_NONCE = 12
KEY_FILE = "temporal-payload-keys"


class KeyringError(ValueError):
    """TEMPORAL_PAYLOAD_KEYS is not a list of `id:key` with 32-byte keys."""


@dataclass(frozen=True)
class Keyring:
    """The keys by id; `current` seals."""

    current: str
    keys: dict[str, bytes]


def parse_keys(text: str) -> Keyring:
    """`id:base64url-key,id:base64url-key` (32-byte keys, the first one seals) as a Keyring."""
    keys: dict[str, bytes] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        key_id, sep, encoded = item.partition(":")
        try:
            key = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        except (binascii.Error, ValueError) as exc:
            raise KeyringError(f"TEMPORAL_PAYLOAD_KEYS: the key of {key_id!r} is not base64") from exc
        if not sep or not key_id or len(key) != 32:
            raise KeyringError("TEMPORAL_PAYLOAD_KEYS must be id:key pairs with 32-byte keys (base64), comma "
                               "separated, the first one sealing")
        keys[key_id] = key
    if not keys:
        raise KeyringError("TEMPORAL_PAYLOAD_KEYS holds no key")
    return Keyring(current=next(iter(keys)), keys=keys)


def new_key_entry(key_id: str | None = None) -> str:
    """One `id:key` entry with a fresh random key (README: rotating the payload key)."""
    key = base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")
    return f"{key_id or 'k' + secrets.token_hex(4)}:{key}"


def keys_text(configured: str | None, data_dir: Path) -> str:
    """The configured keys, or (under `make run`) keys generated once into data_dir and reused across restarts."""
    if configured:
        return configured
    key_file = data_dir / KEY_FILE
    if not key_file.exists():
        key_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = key_file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(new_key_entry())
        tmp.chmod(0o600)
        with contextlib.suppress(FileExistsError):  # the first of the API and the worker to link it wins
            os.link(tmp, key_file)
        tmp.unlink(missing_ok=True)
    return key_file.read_text().strip()


def keys_of(settings: Settings) -> str:
    """The settings' payload keys: given, or generated once into data_dir and reused across restarts (kept on the
    settings)."""
    settings.temporal_payload_keys = keys_text(settings.temporal_payload_keys, settings.data_dir)
    return settings.temporal_payload_keys


class SealingCodec(PayloadCodec):
    """AES-GCM over each whole payload, with the key id in the metadata."""

    def __init__(self, keyring: Keyring):
        self._keyring = keyring
        self._ciphers = {key_id: AESGCM(key) for key_id, key in keyring.keys.items()}

    def seal(self, payload: Payload) -> Payload:
        clean = Payload()
        clean.CopyFrom(payload)
        clean.metadata.pop(SEALED, None)
        nonce = os.urandom(_NONCE)
        data = self._ciphers[self._keyring.current].encrypt(nonce, clean.SerializeToString(), None)
        return Payload(metadata={"encoding": ENCODING, KEY_ID: self._keyring.current.encode()}, data=nonce + data)

    def open(self, payload: Payload) -> Payload:
        if payload.metadata.get("encoding") != ENCODING:
            plain = Payload()
            plain.CopyFrom(payload)
            plain.metadata.pop(SEALED, None)
            return plain
        cipher = self._ciphers.get(payload.metadata.get(KEY_ID, b"").decode(errors="replace"))
        try:
            if cipher is None:
                raise InvalidTag
            inner = Payload.FromString(cipher.decrypt(payload.data[:_NONCE], payload.data[_NONCE:], None))
        except (InvalidTag, ValueError):
            return Payload(metadata={"encoding": UNREADABLE})
        inner.metadata[SEALED] = b"1"
        return inner

    async def encode(self, payloads: Sequence[Payload]) -> list[Payload]:
        return [self.seal(p) for p in payloads]

    async def decode(self, payloads: Sequence[Payload]) -> list[Payload]:
        return [self.open(p) for p in payloads]


# whether every payload of the last conversion in this task was sealed (worker/sealing.py reads it right after the
# SDK converted a call's arguments, in the same task)
last_sealed: ContextVar[bool] = ContextVar("crm_last_sealed", default=False)


class MarkingPayloadConverter(DefaultPayloadConverter):
    """The SDK's converter, telling `last_sealed` whether the payloads it converted were all sealed."""

    def from_payloads(self, payloads: Sequence[Payload], type_hints: list[type] | None = None) -> list[Any]:
        values = super().from_payloads(payloads, type_hints)
        last_sealed.set(all(p.metadata.get(SEALED) == b"1" for p in payloads))
        return values

    def from_payload(self, payload: Payload, type_hint: type | None = None) -> Any:
        """One value (a header, as the request id's): it leaves `last_sealed` as the call's arguments set it."""
        token = last_sealed.set(last_sealed.get())
        try:
            return super().from_payloads([payload], None if type_hint is None else [type_hint])[0]
        finally:
            last_sealed.reset(token)


@lru_cache(maxsize=4)
def _converter(keys: str) -> DataConverter:
    return DataConverter(payload_converter_class=MarkingPayloadConverter,
                         payload_codec=SealingCodec(parse_keys(keys)))


def data_converter(keys: str) -> DataConverter:
    """The data converter of every client the product makes (the API's and the worker's)."""
    return _converter(keys)


def open_for_operators(keys: str,
                       given: Sequence[tuple[dict[str, bytes], bytes]]) -> list[tuple[dict[str, bytes], bytes]]:
    """Open payloads given as (metadata, data) for the Temporal UI's codec endpoint, with the clients' own codec
    (made once per key set); the opened mark is not part of the answer."""
    codec = data_converter(keys).payload_codec
    assert isinstance(codec, SealingCodec)
    opened = []
    for metadata, data in given:
        payload = codec.open(Payload(metadata=metadata, data=data))
        payload.metadata.pop(SEALED, None)
        opened.append((dict(payload.metadata), payload.data))
    return opened
