"""Saved views (api/saved_views/service.py): a list's state kept under a name, private or shared by a team leader with
the team, one of them each person's default; a view shared by someone who left the team stops being offered (and
stops being a default); only the owner changes one; the list's page access holds."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.orm import Session

from api.saved_views import service
from tests.conftest import auth

VIEWS = "/api/saved-views"
BOARD = "/leads"
TEAM_VIEW = "stage=E3&sort=gp&order=desc&size=50"


def offered(client: TestClient, user: str, path: str = BOARD) -> dict[str, Any]:
    r = client.get(VIEWS, params={"list": path}, headers=auth(client, user))
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def save(client: TestClient, user: str, **body: Any) -> Any:
    return client.post(VIEWS, json={"list": BOARD, **body}, headers=auth(client, user))


def names(results: dict[str, Any]) -> list[str]:
    return [v["name"] for v in results["views"]]


def test_a_private_view_is_its_owners_alone(client: TestClient) -> None:
    r = save(client, "sales1", name="  My   E3 ", query="?stage=E3&page=4&q=bank")
    assert r.status_code == 200, r.text
    mine = r.json()["results"]["views"]
    assert [(v["name"], v["query"], v["mine"], v["shared"]) for v in mine] == [("My E3", "stage=E3&q=bank", True,
                                                                                False)]  # no page number
    assert offered(client, "sales2")["views"] == []  # a teammate
    assert offered(client, "tl1")["views"] == []  # their leader
    assert offered(client, "sales1")["canShare"] is False


def test_a_team_leader_shares_with_everyone_below_and_only_them(client: TestClient) -> None:
    r = save(client, "tl1", name="Closing this quarter", query=TEAM_VIEW, shared=True)
    assert r.status_code == 200, r.text
    assert r.json()["results"]["canShare"] is True
    for member in ("sales1", "sales2", "sales3"):
        [view] = offered(client, member)["views"]
        assert (view["name"], view["query"], view["mine"], view["ownerName"]) == (
            "Closing this quarter", TEAM_VIEW, False, "Budi Santoso")
    for other in ("sales4", "tl2"):  # another team, a peer
        assert offered(client, other)["views"] == []
    # top management sees it only when shared by themselves: above, not below
    assert offered(client, "topmanager")["views"] == []


def test_only_a_team_leader_may_share(client: TestClient) -> None:
    r = save(client, "sales1", name="Mine", query="q=x", shared=True)
    assert r.status_code == 403 and r.json()["messages"] == [service.ONLY_LEADERS_SHARE], r.text
    view = save(client, "sales1", name="Mine", query="q=x").json()["results"]["views"][0]
    r = client.put(f"{VIEWS}/{view['id']}", json={"shared": True}, headers=auth(client, "sales1"))
    assert r.status_code == 403, r.text
    assert offered(client, "sales1")["views"][0]["shared"] is False


def test_one_default_per_list_own_or_shared(client: TestClient) -> None:
    team = save(client, "tl1", name="Team", query=TEAM_VIEW, shared=True).json()["results"]["views"][0]
    first = save(client, "sales1", name="First", query="q=a", isDefault=True).json()["results"]
    first_id = first["defaultId"]
    assert first_id == first["views"][0]["id"]
    second = save(client, "sales1", name="Second", query="q=b", isDefault=True).json()["results"]
    assert second["defaultId"] != first_id and [v["isDefault"] for v in second["views"]] == [False, True, False]
    # a view shared with them may be their default too
    r = client.put(f"{VIEWS}/default", json={"list": BOARD, "viewId": team["id"]}, headers=auth(client, "sales1"))
    assert r.status_code == 200 and r.json()["results"]["defaultId"] == team["id"], r.text
    # the leader's own default is theirs alone
    assert offered(client, "tl1")["defaultId"] is None
    # none: the list as it comes
    r = client.put(f"{VIEWS}/default", json={"list": BOARD, "viewId": None}, headers=auth(client, "sales1"))
    assert r.json()["results"]["defaultId"] is None
    # not one offered to them: another team's, or someone's private one
    other = save(client, "tl2", name="Theirs", query="q=c", shared=True).json()["results"]["views"][0]
    private = save(client, "sales2", name="Private", query="q=d").json()["results"]["views"][0]
    for view in (other, private):
        r = client.put(f"{VIEWS}/default", json={"list": BOARD, "viewId": view["id"]}, headers=auth(client, "sales1"))
        assert r.status_code == 404 and r.json()["messages"] == [service.VIEW_NOT_FOUND], r.text


def test_a_view_shared_by_someone_who_left_the_team_stops_being_offered(client: TestClient, db: Session) -> None:
    team = save(client, "tl1", name="Team", query=TEAM_VIEW, shared=True).json()["results"]["views"][0]
    client.put(f"{VIEWS}/default", json={"list": BOARD, "viewId": team["id"]}, headers=auth(client, "sales1"))
    assert offered(client, "sales1")["defaultId"] == team["id"]
    # sales1 moves to tl2's team: tl1's view is no longer theirs, nor their default
    db.execute(text("UPDATE users SET leader_id = (SELECT id FROM users WHERE username = 'tl2') "
                    "WHERE username = 'sales1'"))
    db.commit()
    moved = offered(client, "sales1")
    assert moved["views"] == [] and moved["defaultId"] is None
    assert names(offered(client, "sales2")) == ["Team"]  # still in tl1's team
    # tl1 is deactivated: the view leaves the rest of the team as well
    db.execute(text("UPDATE users SET is_active = false WHERE username = 'tl1'"))
    db.commit()
    assert offered(client, "sales2")["views"] == []


def test_only_the_owner_changes_or_deletes_a_view(client: TestClient) -> None:
    team = save(client, "tl1", name="Team", query=TEAM_VIEW, shared=True).json()["results"]["views"][0]
    for call in (lambda h: client.put(f"{VIEWS}/{team['id']}", json={"name": "Mine now"}, headers=h),
                 lambda h: client.delete(f"{VIEWS}/{team['id']}", headers=h)):
        r = call(auth(client, "sales1"))
        assert r.status_code == 404 and r.json()["messages"] == [service.VIEW_NOT_FOUND], r.text
    r = client.put(f"{VIEWS}/{team['id']}", json={"name": "Team, E4", "query": "stage=E4&page=2"},
                   headers=auth(client, "tl1"))
    assert r.status_code == 200, r.text
    assert [(v["name"], v["query"]) for v in offered(client, "sales1")["views"]] == [("Team, E4", "stage=E4")]
    r = client.put(f"{VIEWS}/{team['id']}", json={"shared": False}, headers=auth(client, "tl1"))
    assert offered(client, "sales1")["views"] == []
    r = client.delete(f"{VIEWS}/{team['id']}", headers=auth(client, "tl1"))
    assert r.status_code == 200 and r.json()["results"]["views"] == [], r.text


def test_names_are_checked(client: TestClient) -> None:
    for name, status, message in (("", 422, service.NAME_REQUIRED), ("   ", 422, service.NAME_REQUIRED),
                                  ("x" * 61, 422, service.NAME_TOO_LONG)):
        r = save(client, "sales1", name=name, query="q=a")
        assert (r.status_code, r.json()["messages"]) == (status, [message]), r.text
    assert save(client, "sales1", name="Mine", query="q=a").status_code == 200
    r = save(client, "sales1", name="MINE", query="q=b")
    assert r.status_code == 409 and r.json()["messages"] == [service.name_taken_message("MINE")], r.text
    assert save(client, "sales2", name="Mine", query="q=b").status_code == 200  # another person's name is free
    other = save(client, "sales1", name="Other", query="q=c").json()["results"]["views"]
    other_id = next(v["id"] for v in other if v["name"] == "Other")
    r = client.put(f"{VIEWS}/{other_id}", json={"name": "mine"}, headers=auth(client, "sales1"))
    assert r.status_code == 409, r.text
    r = save(client, "sales1", name="Long", query="q=" + "x" * 2100)
    assert r.status_code == 422 and r.json()["messages"] == [service.QUERY_TOO_LONG], r.text


def test_hostile_queries_are_kept_as_text(client: TestClient) -> None:
    query = "q=%27%3B+DROP+TABLE+leads%3B--&x=%3Cscript%3E&stage=%25_"
    r = save(client, "sales1", name="<b>odd</b>", query=query)
    assert r.status_code == 200, r.text
    [view] = r.json()["results"]["views"]
    assert view["name"] == "<b>odd</b>" and view["query"] == query


def test_the_lists_page_access_holds(client: TestClient) -> None:
    r = client.get(VIEWS, params={"list": "/system/user-management"}, headers=auth(client, "sales1"))
    assert r.status_code == 403, r.text
    r = client.post(VIEWS, json={"list": "/system/user-management", "name": "x", "query": ""},
                    headers=auth(client, "sales1"))
    assert r.status_code == 403, r.text
    for path in ("/nowhere", "leads", "", "/leads/5/edit"):
        r = client.get(VIEWS, params={"list": path}, headers=auth(client, "sales1"))
        assert r.status_code == 404 and r.json()["messages"] == [service.LIST_NOT_FOUND], (path, r.text)
    assert client.get(VIEWS, params={"list": BOARD}).status_code == 401
    # the admin keeps views of the user list
    r = client.post(VIEWS, json={"list": "/system/user-management", "name": "Inactive", "query": "isActive=false"},
                    headers=auth(client, "admin"))
    assert r.status_code == 200, r.text


def test_a_person_keeps_at_most_fifty_views_on_a_list(client: TestClient, db: Session) -> None:
    db.execute(text("INSERT INTO saved_views (owner_id, list_path, name, query) "
                    "SELECT id, '/leads', 'View ' || g, '' FROM users, generate_series(1, 50) g "
                    "WHERE username = 'sales1'"))
    db.commit()
    r = save(client, "sales1", name="One more", query="")
    assert r.status_code == 422 and r.json()["messages"] == [service.TOO_MANY], r.text
