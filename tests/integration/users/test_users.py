"""Users: detail, own and administrative password changes, profile pictures."""

import io

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from api.auth.passwords import POLICY_MESSAGE
from tests.conftest import DEMO_PASSWORD, auth, login

NEW_PASSWORD = "Brand#New2026!pw"


def _user_id(client: TestClient, headers: dict[str, str]) -> int:
    return int(client.get("/api/auth/session", headers=headers).json()["results"]["user"]["id"])


def _png(size: tuple[int, int] = (64, 64)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (22, 119, 255)).save(buf, format="PNG")
    return buf.getvalue()


class TestDetail:
    def test_own_detail(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        r = client.get(f"/api/users/{_user_id(client, headers)}/detail", headers=headers)
        assert r.status_code == 200
        assert r.json()["results"]["username"] == "sales1"

    def test_a_sales_person_cannot_read_another_user(self, client: TestClient) -> None:
        other = _user_id(client, auth(client, "sales2"))
        r = client.get(f"/api/users/{other}/detail", headers=auth(client, "sales1"))
        assert r.status_code == 404

    def test_an_admin_reads_anyone_and_absent_is_404(self, client: TestClient) -> None:
        headers = auth(client, "admin")
        other = _user_id(client, auth(client, "sales2"))
        assert client.get(f"/api/users/{other}/detail", headers=headers).json()["results"]["username"] == "sales2"
        assert client.get("/api/users/999999/detail", headers=headers).status_code == 404


class TestChangeOwnPassword:
    def test_wrong_current_password(self, client: TestClient) -> None:
        r = client.put("/api/users/me/change-password", headers=auth(client, "sales1"), json={
            "oldPassword": "nope", "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 400
        assert r.json()["messages"] == ["Current password is incorrect."]

    def test_weak_new_password(self, client: TestClient) -> None:
        r = client.put("/api/users/me/change-password", headers=auth(client, "sales1"), json={
            "oldPassword": DEMO_PASSWORD, "newPassword": "weak", "confirmationNewPassword": "weak"})
        assert r.status_code == 422
        assert r.json()["messages"] == [POLICY_MESSAGE]

    def test_change_keeps_this_session_and_ends_the_others(self, client: TestClient) -> None:
        other_device = auth(client, "sales1")
        here = auth(client, "sales1")
        r = client.put("/api/users/me/change-password", headers=here, json={
            "oldPassword": DEMO_PASSWORD, "newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 200
        assert client.get("/api/auth/session", headers=here).status_code == 200
        assert client.get("/api/auth/session", headers=other_device).status_code == 401
        assert login(client, "sales1", NEW_PASSWORD)["token"]


class TestAdminSetsPassword:
    def test_a_sales_person_is_refused(self, client: TestClient) -> None:
        target = _user_id(client, auth(client, "sales2"))
        r = client.put(f"/api/users/{target}/change-password", headers=auth(client, "sales1"),
                       json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 403
        assert r.json() == {"messages": ["Your role Sales Executive has no edit access to User Management."],
                            "type": "Forbidden", "page": "system/user-management", "action": "edit"}

    def test_admin_sets_it_and_the_users_sessions_end(self, client: TestClient) -> None:
        victim = auth(client, "sales2")
        target = _user_id(client, victim)
        r = client.put(f"/api/users/{target}/change-password", headers=auth(client, "admin"),
                       json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 200
        assert client.get("/api/auth/session", headers=victim).status_code == 401
        assert login(client, "sales2", NEW_PASSWORD)["token"]

    def test_absent_user_is_404(self, client: TestClient) -> None:
        r = client.put("/api/users/999999/change-password", headers=auth(client, "admin"),
                       json={"newPassword": NEW_PASSWORD, "confirmationNewPassword": NEW_PASSWORD})
        assert r.status_code == 404


class TestProfilePicture:
    def test_upload_then_served_to_signed_in_users_only(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        data = _png()
        r = client.post("/api/users/me/profile-picture", headers=headers,
                        files={"file": ("me.png", data, "image/png")})
        assert r.status_code == 200, r.text
        name = r.json()["results"]["profilePicture"]
        assert name.endswith(".png")
        got = client.get(f"/api/profile-pictures/{name}", headers=headers)
        assert got.status_code == 200 and got.content == data
        assert client.get(f"/api/profile-pictures/{name}").status_code == 401
        session = client.get("/api/auth/session", headers=headers).json()["results"]["user"]
        assert session["profilePicture"] == name

    def test_a_new_picture_replaces_the_old_file(self, client: TestClient) -> None:
        headers = auth(client, "sales1")
        first = client.post("/api/users/me/profile-picture", headers=headers,
                            files={"file": ("a.png", _png(), "image/png")}).json()["results"]["profilePicture"]
        client.post("/api/users/me/profile-picture", headers=headers,
                    files={"file": ("b.png", _png((8, 8)), "image/png")})
        assert client.get(f"/api/profile-pictures/{first}", headers=headers).status_code == 404

    @pytest.mark.parametrize("payload", [b"%PDF-1.4 not an image", b"GIF89a-broken"])
    def test_non_images_are_refused_whatever_their_name(self, client: TestClient, payload: bytes) -> None:
        r = client.post("/api/users/me/profile-picture", headers=auth(client, "sales1"),
                        files={"file": ("x.png", payload, "image/png")})
        assert r.status_code == 422
        assert r.json()["messages"] == ["Unsupported file format. Accepts only PNG, JPEG, GIF or WEBP images."]

    def test_too_large_is_refused(self, client: TestClient) -> None:
        big = _png() + b"\0" * (5 * 1024 * 1024)
        r = client.post("/api/users/me/profile-picture", headers=auth(client, "sales1"),
                        files={"file": ("big.png", big, "image/png")})
        assert r.status_code == 413
        assert r.json()["messages"] == ["File is too large"]

    @pytest.mark.parametrize("name", ["..%2F..%2Fjwt-secret", "..%2Fstorage", ".hidden", "nope.png"])
    def test_path_tricks_and_absent_files_are_404(self, client: TestClient, name: str) -> None:
        assert client.get(f"/api/profile-pictures/{name}", headers=auth(client, "sales1")).status_code == 404
