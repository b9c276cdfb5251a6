"""Zip-based files and images are sized from their headers before anything inflates or decodes them (issue 12 §1,
§3): a spreadsheet of a few hundred KB that inflates to 400 MB, or a 60-byte PNG declaring 30000 x 30000 pixels, is
refused with 422 and a message, on every route that takes them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.core.sniff import IMAGE_TOO_LARGE, ZIP_TOO_LARGE
from tests.conftest import auth
from tests.integration.uploads.payloads import png, png_bomb, zip_bomb, zip_of_many_entries, zip_of_many_small_parts
from tests.integration.uploads.test_content_checks import cost_sheet, lead_form, refused

BOMB = zip_bomb()


class TestZipBombs:
    def test_the_bomb_is_small(self) -> None:
        assert len(BOMB) < 1024 * 1024  # 400 MB once inflated

    def test_the_cost_sheet_refuses_it(self, client: TestClient, lead: dict[str, Any],
                                       items: list[dict[str, Any]]) -> None:
        r = cost_sheet(client, lead["id"], items, "costing.xlsx", BOMB)
        assert refused(r, ZIP_TOO_LARGE), r.text

    def test_the_lead_form_refuses_it(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = lead_form(client, lead["id"], "projectCostSheetFile", "costing.xlsx", BOMB)
        assert refused(r, ZIP_TOO_LARGE), r.text
        assert client.get(f"/api/leads/{lead['id']}", headers=auth(client, "sales1")).json()["results"][
            "projectCostSheetFile"] is None

    @pytest.mark.parametrize("build", [zip_of_many_small_parts, zip_of_many_entries])
    def test_many_parts_are_counted_together(self, client: TestClient, lead: dict[str, Any],
                                             items: list[dict[str, Any]], build: Any) -> None:
        assert refused(cost_sheet(client, lead["id"], items, "costing.xlsx", build()), ZIP_TOO_LARGE)


class TestImageBombs:
    def test_a_profile_picture_declaring_900_megapixels_is_refused(self, client: TestClient) -> None:
        bomb = png_bomb()
        assert len(bomb) < 100
        r = client.post("/api/users/me/profile-picture", files={"file": ("me.png", bomb, "image/png")},
                        headers=auth(client, "sales1"))
        assert refused(r, IMAGE_TOO_LARGE), r.text

    def test_a_picture_just_over_the_limit_is_refused_too(self, client: TestClient) -> None:
        # 8000 x 6251 = 50,008,000 pixels: under Pillow's own refusal (twice the limit), over ours
        r = client.post("/api/users/me/profile-picture", files={"file": ("me.png", png_bomb(8000, 6251), "image/png")},
                        headers=auth(client, "sales1"))
        assert refused(r, IMAGE_TOO_LARGE), r.text

    def test_a_lead_file_declaring_900_megapixels_is_refused(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = lead_form(client, lead["id"], "customerConfirmationDocumentFile", "po.png", png_bomb())
        assert refused(r, IMAGE_TOO_LARGE), r.text

    def test_a_normal_picture_is_kept(self, client: TestClient) -> None:
        r = client.post("/api/users/me/profile-picture", files={"file": ("me.png", png((640, 480)), "image/png")},
                        headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text


def test_the_form_is_answered_with_the_other_errors(client: TestClient, lead: dict[str, Any]) -> None:
    """The cost sheet answers every failing rule at once, its file's refusal included."""
    r = client.put("/api/project-cost-sheet/save-as-draft",
                   data={"leadsId": str(lead["id"]), "projectCostSheetItems": json.dumps([])},
                   files={"uploadedFile": ("costing.xlsx", BOMB, "application/octet-stream")},
                   headers=auth(client, "sales1"))
    assert r.status_code == 422 and ZIP_TOO_LARGE in r.json()["messages"] and len(r.json()["messages"]) > 1
