"""Log records as the product writes them: JSON or text, each with the request id of the call it serves; access
log paths without a reset link's token."""

from __future__ import annotations

import io
import json
import logging

from api.core import logs


def _emit(fmt: str, message: str, *args: object) -> str:
    stream = io.StringIO()
    handler = logs.formatted(logging.StreamHandler(stream), fmt, process="api")
    logger = logging.getLogger("tests.logs")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    token = logs.request_id.set("rid-42")
    try:
        logger.info(message, *args)
    finally:
        logs.request_id.reset(token)
        logger.removeHandler(handler)
    return stream.getvalue()


def test_json_lines_carry_the_request_id_and_the_process() -> None:
    record = json.loads(_emit("json", "approval request %s %s", 7, "APPROVED"))
    assert record["message"] == "approval request 7 APPROVED"
    assert (record["level"], record["logger"], record["request_id"], record["process"]) == (
        "INFO", "tests.logs", "rid-42", "api")
    assert record["time"]


def test_text_lines_carry_the_request_id() -> None:
    assert "INFO tests.logs [rid-42]: hello" in _emit("text", "hello")


def test_access_paths_lose_reset_tokens_and_keep_the_rest() -> None:
    assert logs.redact_query("/forgot-password/eyJhbGciOi.abc-def") == "/forgot-password/[redacted]"
    assert logs.redact_query("/api/auth/forgot-password?token=abc.def&x=1") == (
        "/api/auth/forgot-password?token=[redacted]&x=1")
    assert logs.redact_query("/api/leads?searchKeyword=token") == "/api/leads?searchKeyword=token"


def test_access_paths_lose_approval_link_tokens() -> None:
    assert logs.redact_query("/approval/mail/eyJhbGciOi.abc-def") == "/approval/mail/[redacted]"
    assert logs.redact_query("/api/approval-links/eyJhbGciOi.abc-def") == "/api/approval-links/[redacted]"
    assert logs.redact_query("/api/approval/bulk") == "/api/approval/bulk"


def test_request_ids_from_callers_are_kept_only_when_plain() -> None:
    assert logs.new_request_id("abc-123_x.y") == "abc-123_x.y"
    assert logs.new_request_id("a b") != "a b" and len(logs.new_request_id(None)) == 32
