"""Request bodies are limited before they are parsed (issue 12 §3): 1 MB for JSON and forms, each upload route its
own limit; over it, 413 with the app's error body, whether the body says its length or streams without one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from api.core.limits import BODY_TOO_LARGE, MAX_BYTES
from api.core.uploads import PICTURE, TOO_LARGE
from api.leads.files import BODY_LIMIT as LEAD_FORM_LIMIT
from api.pcs import files as pcs_files
from tests.conftest import DEMO_PASSWORD, auth
from tests.integration.uploads.payloads import MB, PDF

# A sign-in body past the limit that is not even JSON: parsed, it would be a 422 for its syntax.
UNPARSABLE = b'{"username": "admin", "password": "' + b"[" * (MAX_BYTES + 1)


def too_large(r: Any, message: str) -> bool:
    return r.status_code == 413 and r.json() == {"messages": [message], "type": "PayloadTooLarge"}


def streamed(data: bytes, chunk: int = 64 * 1024) -> Iterator[bytes]:
    """The body in chunks and without a Content-Length (chunked transfer encoding)."""
    for at in range(0, len(data), chunk):
        yield data[at:at + chunk]


class TestJsonBodies:
    def test_a_sign_in_over_1_mb_is_refused_unparsed(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", content=UNPARSABLE, headers={"Content-Type": "application/json"})
        assert too_large(r, BODY_TOO_LARGE), r.text

    def test_a_streamed_sign_in_is_counted_and_refused(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", content=streamed(UNPARSABLE), headers={"Content-Type": "application/json"})
        assert "content-length" not in r.request.headers
        assert too_large(r, BODY_TOO_LARGE), r.text

    def test_a_sign_in_within_the_limit_is_answered_as_usual(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", content=b"{" * 1000, headers={"Content-Type": "application/json"})
        assert r.status_code == 422  # parsed: its syntax is wrong
        assert client.post("/api/auth/login", json={"username": "admin", "password": DEMO_PASSWORD}).status_code == 200

    def test_an_urlencoded_form_over_1_mb_is_refused(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", content=b"a=" + b"b" * MAX_BYTES,
                        headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert too_large(r, BODY_TOO_LARGE)

    def test_a_multipart_body_to_a_route_without_uploads_has_the_small_limit(self, client: TestClient) -> None:
        r = client.post("/api/auth/login", files={"file": ("a.pdf", PDF + b"0" * MAX_BYTES, "application/pdf")})
        assert too_large(r, BODY_TOO_LARGE)


class TestUploadRoutes:
    def test_a_declared_length_over_the_route_limit_is_refused_before_reading(self, client: TestClient,
                                                                              lead: dict[str, Any]) -> None:
        # the body is a few bytes, but it says it is larger than the form may be: refused before a byte is read
        r = client.put(f"/api/leads/{lead['id']}/update/v2", content=b"--x--\r\n", headers={
            **auth(client, "sales1"), "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": str(LEAD_FORM_LIMIT + 1)})
        assert too_large(r, TOO_LARGE), r.text

    def test_a_streamed_upload_over_the_route_limit_is_refused(self, client: TestClient,
                                                              lead: dict[str, Any]) -> None:
        # a cost sheet form past its 16 MB, without a Content-Length: counted as it comes and refused (before, the
        # whole body was parsed and the file read into memory to answer 422)
        boundary = b"limit-test"
        body = (b"--" + boundary + b'\r\nContent-Disposition: form-data; name="leadsId"\r\n\r\n'
                + str(lead["id"]).encode() + b"\r\n--" + boundary
                + b'\r\nContent-Disposition: form-data; name="uploadedFile"; filename="costing.csv"\r\n'
                b"Content-Type: text/csv\r\n\r\n" + b"a;1\n" * (pcs_files.BODY_LIMIT // 4) + b"\r\n--" + boundary
                + b"--\r\n")
        r = client.put("/api/project-cost-sheet/save-as-draft", content=streamed(body), headers={
            **auth(client, "sales1"), "Content-Type": f"multipart/form-data; boundary={boundary.decode()}"})
        assert "content-length" not in r.request.headers
        assert too_large(r, TOO_LARGE), r.text

    def test_a_file_over_its_kind_within_the_route_limit_is_refused_by_its_check(self, client: TestClient,
                                                                                  lead: dict[str, Any]) -> None:
        big = PDF + b"0" * (15 * MB)
        r = client.put(f"/api/leads/{lead['id']}/update/v2", data={"data": "{}"},
                       files={"proposalFile": ("big.pdf", big, "application/pdf")}, headers=auth(client, "sales1"))
        assert too_large(r, TOO_LARGE), r.text

    def test_an_upload_within_its_limit_is_kept(self, client: TestClient, lead: dict[str, Any]) -> None:
        # larger than the 1 MB of JSON bodies: the route's own limit applies
        pdf = PDF + b"%" + b"0" * (2 * MB)
        r = client.put(f"/api/leads/{lead['id']}/update/v2", data={"data": "{}"},
                       files={"proposalFile": ("p.pdf", pdf, "application/pdf")}, headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text
        assert r.json()["results"]["lead"]["proposalFile"]["size"] == len(pdf)

    def test_the_limits_are_in_the_schema(self, client: TestClient) -> None:
        paths = client.get("/api/openapi.json").json()["paths"]
        assert paths["/api/leads/{lead_id}/update/v2"]["put"]["x-max-body-bytes"] == LEAD_FORM_LIMIT
        assert paths["/api/users/me/profile-picture"]["post"]["x-max-body-bytes"] == PICTURE.body_limit()
