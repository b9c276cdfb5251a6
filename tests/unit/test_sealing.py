"""The payload codec (api/core/temporal/sealing.py): sealing, opening, rotation, and what it does with what it
can't trust."""

from __future__ import annotations

import pytest
from temporalio.api.common.v1 import Payload
from temporalio.converter import DataConverter

from api.core.temporal.sealing import (
    ENCODING,
    KEY_ID,
    SEALED,
    UNREADABLE,
    KeyringError,
    MarkingPayloadConverter,
    SealingCodec,
    keys_text,
    last_sealed,
    new_key_entry,
    parse_keys,
)
from tests.conftest import run_async

OLD, NEW = "old:" + "A" * 43, "new:" + "B" * 43  # fixed (test ids are the same in every xdist worker)


def plain(text: str) -> Payload:
    return Payload(metadata={"encoding": b"json/plain"}, data=f'"{text}"'.encode())


def test_a_sealed_payload_hides_its_data_and_opens_marked() -> None:
    codec = SealingCodec(parse_keys(OLD))
    sealed = codec.seal(plain("approve request 7"))
    assert sealed.metadata["encoding"] == ENCODING and sealed.metadata[KEY_ID] == b"old"
    assert b"approve" not in sealed.data and b"json/plain" not in sealed.data
    opened = codec.open(sealed)
    assert opened.data == b'"approve request 7"' and opened.metadata[SEALED] == b"1"
    assert codec.seal(plain("x")).data != codec.seal(plain("x")).data  # a fresh nonce each time


def test_rotation_the_first_key_seals_and_every_key_opens() -> None:
    before = SealingCodec(parse_keys(OLD))
    during = SealingCodec(parse_keys(f"{NEW},{OLD}"))
    after = SealingCodec(parse_keys(NEW))
    sealed_before = before.seal(plain("one"))
    sealed_during = during.seal(plain("two"))
    assert sealed_during.metadata[KEY_ID] == b"new"
    assert during.open(sealed_before).data == b'"one"'  # what the old key sealed still opens during rotation
    assert after.open(sealed_during).data == b'"two"'
    assert after.open(sealed_before).metadata["encoding"] == UNREADABLE  # the old key dropped: nothing opens it
    assert before.open(sealed_during).metadata["encoding"] == UNREADABLE


def test_what_cannot_be_trusted_is_not_marked() -> None:
    codec = SealingCodec(parse_keys(OLD))
    forged = plain("me")
    forged.metadata[SEALED] = b"1"  # a plain payload claiming to be sealed
    assert SEALED not in codec.open(forged).metadata and codec.open(forged).data == b'"me"'
    tampered = codec.seal(plain("approve"))
    tampered.data = tampered.data[:-1] + bytes([tampered.data[-1] ^ 1])
    assert codec.open(tampered) == Payload(metadata={"encoding": UNREADABLE})
    unknown = codec.seal(plain("x"))
    unknown.metadata[KEY_ID] = b"nobody"
    assert codec.open(unknown).metadata["encoding"] == UNREADABLE


def test_the_converter_tells_whether_the_arguments_were_all_sealed() -> None:
    converter = DataConverter(payload_converter_class=MarkingPayloadConverter,
                              payload_codec=SealingCodec(parse_keys(OLD)))

    async def decode(payloads: list[Payload]) -> bool:
        await converter.decode(payloads)
        return last_sealed.get()

    assert converter.payload_codec is not None
    sealed = run_async(converter.payload_codec.encode([plain("a"), plain("b")]))
    assert run_async(decode(sealed)) is True
    assert run_async(decode([sealed[0], plain("b")])) is False
    assert run_async(decode([plain("a")])) is False


@pytest.mark.parametrize("text", ["", "k1", "k1:short", ":" + "B" * 43, "k1:!!!"])
def test_bad_keys_are_refused_at_start(text: str) -> None:
    with pytest.raises(KeyringError):
        parse_keys(text)


def test_keys_are_generated_once_into_the_data_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert parse_keys(new_key_entry("fresh")).current == "fresh"
    first = keys_text(None, tmp_path)
    assert keys_text(None, tmp_path) == first and parse_keys(first).current
    assert (tmp_path / "temporal-payload-keys").stat().st_mode & 0o777 == 0o600
    assert keys_text(OLD, tmp_path) == OLD
