"""GET /api/auth/session: user, navigations, routes and page flags derived from the Casbin policy."""

from fastapi.testclient import TestClient

from tests.conftest import auth


def _labels(items: list[dict]) -> set[str]:  # type: ignore[type-arg]
    out = set()
    for item in items:
        out.add(item["label"])
        out |= _labels(item["submenu"])
    return out


class TestSession:
    def test_sales_person_sees_own_menus_routes_and_flags(self, client: TestClient) -> None:
        r = client.get("/api/auth/session", headers=auth(client, "sales1"))
        assert r.status_code == 200
        s = r.json()["results"]
        assert s["user"]["fullname"] == "Andi Pratama"
        assert s["user"]["roleName"] == "SALES"
        assert s["user"]["leaderName"] == "Budi Santoso"
        labels = _labels(s["navigations"])
        assert {"Dashboard", "Leads", "System", "Client Management", "Contact Management"} <= labels
        assert not labels & {"User Management", "Approval", "Administration", "Menu Management"}
        assert "/leads" in s["routes"] and "/system/client-management" in s["routes"]
        assert "/system/user-management" not in s["routes"]
        assert s["pageAccess"]["system/client-management"] == {
            "isRead": True, "isWrite": True, "isEdit": False, "isDelete": False}
        assert s["pageAccess"]["system/user-management"]["isRead"] is False

    def test_admin_sees_every_page_with_every_flag(self, client: TestClient) -> None:
        s = client.get("/api/auth/session", headers=auth(client, "admin")).json()["results"]
        assert all(all(flags.values()) for flags in s["pageAccess"].values())
        assert {"User Management", "Menu Management", "Approval"} <= _labels(s["navigations"])
        assert "/system/user-management" in s["routes"]

    def test_top_bar_and_sidebar_positions_are_served(self, client: TestClient) -> None:
        s = client.get("/api/auth/session", headers=auth(client, "approver1")).json()["results"]
        positions = {item["label"]: item["position"] for item in s["navigations"]}
        assert positions["Approval"] == "BOTH"
        assert "Dashboard" not in positions and "Leads" not in positions
        groups = [i for i in s["navigations"] if i["position"] == "SIDEBAR"]
        assert groups and all(g["submenu"] for g in groups)

    def test_a_group_left_without_readable_pages_is_not_shown(self, client: TestClient) -> None:
        s = client.get("/api/auth/session", headers=auth(client, "sales1")).json()["results"]
        assert "Administration" not in _labels(s["navigations"])


def test_all_routes_let_the_client_tell_a_system_sub_page_from_the_system_index(client: TestClient) -> None:
    s = client.get("/api/auth/session", headers=auth(client, "sales1")).json()["results"]
    assert "/system" in s["routes"]
    assert "/system/user-management" in s["allRoutes"] and "/system/user-management" not in s["routes"]
    assert set(s["routes"]) <= set(s["allRoutes"])
