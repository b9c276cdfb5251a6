"""Activities on a lead (issue 16, spec 2 §7 Activities): recording one with its files, reading it back, and who
may (everyone who may see the lead) and may not (404, the activity and each of its files)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.activities.form import BODY_LIMIT, MAX_FILES, MAX_RECORDINGS
from api.core.uploads import MB
from api.leads.models import Lead
from tests.conftest import auth
from tests.integration.activities.conftest import (
    MP3,
    PDF,
    WEBM,
    Files,
    body,
    fields,
    jpeg,
    next_step,
    pic_of,
    post,
    stored,
)
from tests.integration.leads.conftest import new_lead
from tests.integration.leads.test_file_storage import failing
from tests.integration.uploads.payloads import png


@pytest.fixture
def pic(client: TestClient, lead: dict[str, Any]) -> dict[str, Any]:
    return pic_of(client, lead["id"])


@pytest.fixture
def recorded(client: TestClient, lead: dict[str, Any], pic: dict[str, Any]) -> dict[str, Any]:
    """An activity with two voice notes, a photo and a document."""
    files = [("recording", ("Voice Note.webm", WEBM, "audio/webm")), ("recording", ("blob", MP3, "audio/mpeg")),
             ("file", ("site.png", png(), "image/png")), ("file", ("Minutes.pdf", PDF, "application/pdf"))]
    r = post(client, body(lead, pic), files)
    assert r.status_code == 200, r.text
    activity_id = r.json()["results"]["id"]
    listing = client.get(f"/api/activity/files/{lead['id']}/{activity_id}", headers=auth(client, "sales1"))
    return {"id": activity_id, "lead": lead["id"], "files": listing.json()["results"]}


class TestCreate:
    def test_anonymous_is_401(self, client: TestClient, lead: dict[str, Any]) -> None:
        r = client.post("/api/activity", data={"leadsId": str(lead["id"]), "type": "1"})
        assert r.status_code == 401

    def test_top_management_reads_but_does_not_record(self, client: TestClient, lead: dict[str, Any],
                                                      pic: dict[str, Any]) -> None:
        assert post(client, body(lead, pic), user="topmanager").status_code == 403

    def test_a_lead_of_another_team_is_404(self, client: TestClient, lead: dict[str, Any],
                                          pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic), [("file", ("Minutes.pdf", PDF, "application/pdf"))], user="sales4")
        assert r.status_code == 404 and r.json()["type"] == "NotFound"
        assert stored(client, lead["id"]) == {}
        # a file it would refuse does not tell the stranger more than that the lead is not theirs
        r = post(client, body(lead, pic), [("file", ("site.png", b"text", "image/png"))], user="sales4")
        assert r.status_code == 404

    def test_recorded_with_its_message_and_files(self, client: TestClient, recorded: dict[str, Any]) -> None:
        files = recorded["files"]
        assert [f["filename"] for f in files["recordings"]] == ["Voice Note-1", "blob-2"]
        assert [(f["filename"], f["size"]) for f in files["files"]] == [("Minutes.pdf", len(PDF))]
        assert [f["filename"] for f in files["photos"]] == ["site.png"]
        assert files["photos"][0]["contentType"] == "image/png"
        assert len(stored(client, recorded["lead"])) == 4

    def test_several_files_and_recordings_under_the_spec_names(self, client: TestClient, lead: dict[str, Any],
                                                               pic: dict[str, Any]) -> None:
        """`file` and `recording` come several times each; a file whose content is a picture is a photo."""
        sent: Files = [("file", ("Minutes.pdf", PDF, "application/pdf")), ("file", ("front.jpg", jpeg(), "image/jpeg")),
                       ("file", ("call.mp3", MP3, "audio/mpeg")), ("file", ("site.png", png(), "image/png")),
                       *(("recording", (f"Voice Note.{n}.webm", WEBM, "audio/webm")) for n in range(3))]
        r = post(client, body(lead, pic), sent)
        assert r.status_code == 200, r.text
        listing = client.get(f"/api/activity/files/{lead['id']}/{r.json()['results']['id']}",
                             headers=auth(client, "sales1")).json()["results"]
        assert [(f["filename"], f["contentType"]) for f in listing["photos"]] == [("front.jpg", "image/jpeg"),
                                                                              ("site.png", "image/png")]
        assert [(f["filename"], f["contentType"]) for f in listing["files"]] == [("Minutes.pdf", "application/pdf"),
                                                                             ("call.mp3", "audio/mpeg")]
        assert [f["filename"] for f in listing["recordings"]] == ["Voice Note.0-1", "Voice Note.1-2", "Voice Note.2-3"]

    def test_the_fields_arrive_as_a_browser_sends_them(self, client: TestClient, lead: dict[str, Any],
                                                       pic: dict[str, Any]) -> None:
        """Every field a part of its own, the JSON ones declared as such; the detail reads them back."""
        sent = fields(body(lead, pic, notes="Site visit"))
        parts: list[tuple[str, tuple[str | None, bytes, str | None]]] = [
            (name, (None, value.encode(), "application/json" if name in ("personInCharge", "schedule", "location")
                    else None)) for name, value in sent.items()]
        r = client.post("/api/activity", files=[*parts, ("file", ("Minutes.pdf", PDF, "application/pdf"))],
                        headers=auth(client, "sales1"))
        assert r.status_code == 200, r.text
        detail = client.get(f"/api/activity/{lead['id']}/{r.json()['results']['id']}",
                            headers=auth(client, "sales1")).json()["results"]
        assert (detail["activityNotes"], detail["picName"], detail["placeName"], detail["longitude"]) == (
            "Site visit", pic["picName"], "Menara Nusa", 106.62)

    def test_the_answer_says_started(self, client: TestClient, lead: dict[str, Any], pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic))
        assert r.status_code == 200
        assert r.json()["results"]["message"] == "Activity has been started successfully."

    def test_the_lead_was_contacted_and_its_history_says_so(self, client: TestClient, lead: dict[str, Any],
                                                           pic: dict[str, Any]) -> None:
        headers = auth(client, "sales1")
        before = client.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["lastContactedAt"]
        assert post(client, body(lead, pic, type=3)).status_code == 200
        after = client.get(f"/api/leads/{lead['id']}", headers=headers).json()["results"]["lastContactedAt"]
        assert datetime.fromisoformat(after) > datetime.fromisoformat(before)
        history = client.get(f"/api/leads/{lead['id']}/history", headers=headers).json()["results"]
        assert (history[0]["label"], history[0]["newValue"], history[0]["changedBy"]) == ("Activity", "Demo",
                                                                                        "Andi Pratama")

    def test_the_second_variant_needs_neither_notes_nor_person(self, client: TestClient,
                                                               lead: dict[str, Any]) -> None:
        r = post(client, {"leadsId": lead["id"], "type": 2, "variant": 2})
        assert r.status_code == 200, r.text
        detail = client.get(f"/api/activity/{lead['id']}/{r.json()['results']['id']}",
                            headers=auth(client, "sales1")).json()["results"]
        assert (detail["media"], detail["picName"], detail["activityNotes"], detail["latitude"]) == (
            "Presentation", None, None, None)


class TestNextSteps:
    def test_planned_steps_show_on_the_lead_soonest_first(self, client: TestClient, lead: dict[str, Any],
                                                           pic: dict[str, Any]) -> None:
        steps = [next_step(days=9, activity=2, remark="Pricing"), next_step(days=2, activity=1, remark=None)]
        assert post(client, body(lead, pic, schedule=steps)).status_code == 200
        rows = client.get(f"/api/activity/schedule/lead/{lead['id']}", headers=auth(client, "tl1")).json()["results"]
        assert [(r["media"], r["scheduleNotes"], r["picName"], r["ownerName"]) for r in rows] == [
            ("Meeting", None, pic["picName"], "Andi Pratama"), ("Presentation", "Pricing", pic["picName"],
                                                                 "Andi Pratama")]
        assert datetime.fromisoformat(rows[0]["scheduleTime"]) == datetime.fromisoformat(steps[1]["dateAndTime"])

    def test_the_second_variant_may_plan_none(self, client: TestClient, lead: dict[str, Any]) -> None:
        assert post(client, {"leadsId": lead["id"], "type": 1, "variant": 2}).status_code == 200
        r = client.get(f"/api/activity/schedule/lead/{lead['id']}", headers=auth(client, "sales1"))
        assert r.status_code == 200 and r.json()["results"] == []

    def test_another_team_does_not_see_the_plans(self, client: TestClient, lead: dict[str, Any],
                                                 pic: dict[str, Any]) -> None:
        assert post(client, body(lead, pic)).status_code == 200
        r = client.get(f"/api/activity/schedule/lead/{lead['id']}", headers=auth(client, "sales4"))
        assert r.status_code == 404

    def test_a_refused_activity_plans_nothing(self, client: TestClient, lead: dict[str, Any],
                                              pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic), [("file", ("site.png", b"not a png", "image/png"))])
        assert r.status_code == 422
        assert client.get(f"/api/activity/schedule/lead/{lead['id']}",
                          headers=auth(client, "sales1")).json()["results"] == []


class TestValidation:
    def test_notes_are_required_in_the_first_variant(self, client: TestClient, lead: dict[str, Any],
                                                     pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic, notes="  "))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Please enter notes"]
        assert r.json()["fields"] == [{"field": "notes", "message": "Please enter notes"}]

    def test_notes_at_most_1024(self, client: TestClient, lead: dict[str, Any], pic: dict[str, Any]) -> None:
        assert post(client, body(lead, pic, notes="n" * 1024)).status_code == 200
        r = post(client, body(lead, pic, notes="n" * 1025))
        assert r.status_code == 422
        assert r.json()["messages"] == ["Notes cannot exceed 1024 characters"]
        r = post(client, body(lead, None, notes="n" * 1025, variant=2))
        assert r.json()["messages"] == ["Notes cannot exceed 1024 characters"]

    def test_a_person_in_charge_is_required_in_the_first_variant(self, client: TestClient,
                                                                 lead: dict[str, Any]) -> None:
        r = post(client, body(lead, None))
        assert r.status_code == 422 and r.json()["messages"] == ["Please choose person in charge"]

    def test_the_person_in_charge_is_one_of_the_lead(self, client: TestClient, lead: dict[str, Any],
                                                    refs: dict[str, Any]) -> None:
        other = next(p for p in refs["pics"] if p != pic_of(client, lead["id"])["picId"])
        r = post(client, body(lead, {"picId": other, "picName": "Someone"}))
        assert r.status_code == 422
        assert r.json()["messages"] == ["The person in charge is not one of the lead's persons in charge."]

    @pytest.mark.parametrize("extra", [{"type": 4}, {"type": 0}, {"location": {"latitude": 91, "longitude": 0}},
                                       {"leadsId": 2**31}])
    def test_out_of_bounds_values_are_422_with_their_field(self, client: TestClient, lead: dict[str, Any],
                                                          pic: dict[str, Any], extra: dict[str, Any]) -> None:
        r = post(client, body(lead, pic, **extra))
        assert r.status_code == 422 and r.json()["fields"], r.text

    def test_the_first_variant_plans_a_next_step(self, client: TestClient, lead: dict[str, Any],
                                                 pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic, schedule=[]))
        assert r.status_code == 422
        assert r.json()["fields"] == [{"field": "schedule.0.activity", "message": "Please choose activity value/label"},
                                      {"field": "schedule.0.dateAndTime", "message": "Please choose date and time"}]

    def test_each_next_step_names_its_activity_and_time(self, client: TestClient, lead: dict[str, Any],
                                                        pic: dict[str, Any]) -> None:
        incomplete = [next_step(), {"activity": None, "dateAndTime": None, "remark": ""},
                      {**next_step(), "activity": {"value": 7, "label": "Lunch"}}, next_step(days=-1)]
        for variant in (1, 2):
            r = post(client, body(lead, pic, schedule=incomplete, variant=variant))
            assert r.status_code == 422
            assert r.json()["fields"] == [
                {"field": "schedule.1.activity", "message": "Please choose activity value/label"},
                {"field": "schedule.1.dateAndTime", "message": "Please choose date and time"},
                {"field": "schedule.2.activity", "message": "Please choose activity value/label"},
                {"field": "schedule.3.dateAndTime", "message": "Please choose a date and time in the future"}]
        assert client.get(f"/api/activity/{lead['id']}", headers=auth(client, "sales1")).json()["results"] == []

    def test_a_next_step_cannot_be_a_call(self, client: TestClient, lead: dict[str, Any],
                                          pic: dict[str, Any]) -> None:
        """Call (4) is recorded by the call device (api/calls), never planned."""
        r = post(client, body(lead, pic, schedule=[{**next_step(), "activity": {"value": 4, "label": "Call"}}]))
        assert r.status_code == 422
        assert r.json()["fields"] == [{"field": "schedule.0.activity", "message": "Please choose activity value/label"}]

    def test_a_time_without_its_zone_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic, schedule=[{**next_step(), "dateAndTime": "2030-01-01T10:00:00"}]))
        assert r.status_code == 422 and r.json()["fields"][0]["field"] == "schedule.0.dateAndTime"

    def test_a_typed_place_needs_no_point_but_a_point_needs_both(self, client: TestClient, lead: dict[str, Any],
                                                                 pic: dict[str, Any]) -> None:
        typed = {"name": "Lobby of PT Maju", "address": "Jl. Gatot Subroto 5"}
        r = post(client, body(lead, pic, location=typed))
        assert r.status_code == 200, r.text
        detail = client.get(f"/api/activity/{lead['id']}/{r.json()['results']['id']}",
                            headers=auth(client, "sales1")).json()["results"]
        assert (detail["placeName"], detail["placeAddress"], detail["latitude"]) == (
            "Lobby of PT Maju", "Jl. Gatot Subroto 5", None)
        r = post(client, body(lead, pic, location={"name": "Half", "latitude": -6.2}))
        assert r.status_code == 422
        assert r.json()["fields"][0]["message"] == "A location needs both its latitude and its longitude"

    @pytest.mark.parametrize("part", ["personInCharge", "schedule", "location"])
    def test_a_json_field_that_is_not_json_is_422_with_its_name(self, client: TestClient, lead: dict[str, Any],
                                                                pic: dict[str, Any], part: str) -> None:
        for text in ("{not json", "[" * 4000 + "]" * 4000):  # the second nested past what a parser follows
            r = post(client, body(lead, pic, **{part: text}))
            assert r.status_code == 422
            assert r.json()["fields"] == [{"field": part, "message": "Invalid JSON"}]

    def test_the_lead_and_the_type_are_required(self, client: TestClient, lead: dict[str, Any],
                                                pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic, leadsId=None, type=None))
        assert r.status_code == 422
        assert [f["field"] for f in r.json()["fields"]] == ["leadsId", "type"]

    def test_a_file_of_another_type_is_unsupported(self, client: TestClient, lead: dict[str, Any],
                                                   pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic), [("file", ("notes.txt", b"plain text", "text/plain"))])
        assert r.status_code == 422 and r.json()["messages"] == ["Unsupported file format"]

    def test_a_file_whose_content_is_not_its_name_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                             pic: dict[str, Any]) -> None:
        for name, content in (("site.png", b"just some text, not a picture"), ("site.png", PDF),
                              ("Minutes.pdf", png())):
            r = post(client, body(lead, pic), [("file", (name, content, "image/png"))])
            assert r.status_code == 422 and r.json()["messages"] == ["Unsupported file format"], r.text
        assert stored(client, lead["id"]) == {}

    def test_a_recording_that_is_a_page_is_refused(self, client: TestClient, lead: dict[str, Any],
                                                   pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic), [("recording", ("note.webm", b"<html><script>x</script>", "audio/webm"))])
        assert r.status_code == 422 and r.json()["messages"][0].startswith("Unsupported file format")

    def test_a_file_over_15_mb_is_too_large(self, client: TestClient, lead: dict[str, Any],
                                            pic: dict[str, Any]) -> None:
        r = post(client, body(lead, pic), [("file", ("big.pdf", PDF + b"0" * (15 * MB), "application/pdf"))])
        assert r.status_code == 413 and r.json() == {"messages": ["File is too large"], "type": "PayloadTooLarge"}

    def test_a_recording_may_be_50_mb_and_no_more(self, client: TestClient, lead: dict[str, Any],
                                                  pic: dict[str, Any]) -> None:
        at_limit = WEBM + bytes(50 * MB - len(WEBM))
        r = post(client, body(lead, pic), [("recording", ("long.webm", at_limit, "audio/webm"))])
        assert r.status_code == 200, r.text
        r = post(client, body(lead, pic), [("recording", ("longer.webm", at_limit + b"\x00", "audio/webm"))])
        assert r.status_code == 413 and r.json()["messages"] == ["File is too large"]
        assert [len(v) for v in stored(client, lead["id"]).values()] == [50 * MB]

    def test_too_many_files_is_422(self, client: TestClient, lead: dict[str, Any], pic: dict[str, Any]) -> None:
        files: Files = [("file", (f"f{n}.pdf", PDF, "application/pdf")) for n in range(MAX_FILES + 1)]
        r = post(client, body(lead, pic), files)
        assert r.status_code == 422 and r.json()["fields"][0]["field"] == "file", r.text
        voices: Files = [("recording", (f"v{n}.webm", WEBM, "audio/webm")) for n in range(MAX_RECORDINGS + 1)]
        r = post(client, body(lead, pic), voices)
        assert r.status_code == 422 and r.json()["fields"][0]["field"] == "recording", r.text
        assert stored(client, lead["id"]) == {}


class TestBodyLimit:
    def test_the_route_declares_room_for_its_files(self, client: TestClient) -> None:
        paths = client.get("/api/openapi.json").json()["paths"]
        assert paths["/api/activity"]["post"]["x-max-body-bytes"] == BODY_LIMIT > 3 * 50 * MB

    def test_a_declared_length_over_the_limit_is_refused_before_reading(self, client: TestClient) -> None:
        r = client.post("/api/activity", content=b"--x--\r\n", headers={
            **auth(client, "sales1"), "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": str(BODY_LIMIT + 1)})
        assert r.status_code == 413 and r.json()["messages"] == ["File is too large"]


class TestSchema:
    def test_the_body_is_described_field_by_field(self, client: TestClient) -> None:
        """The spec's fields (spec 2 §7), so the front end's types and the fuzzer's requests come from the schema."""
        schema = client.get("/api/openapi.json").json()
        content = schema["paths"]["/api/activity"]["post"]["requestBody"]["content"]["multipart/form-data"]
        props = schema["components"]["schemas"][content["schema"]["$ref"].rsplit("/", 1)[-1]]["properties"]
        assert set(props) == {"personInCharge", "notes", "type", "leadsId", "file", "recording", "schedule",
                              "location", "variant"}
        assert content["encoding"] == {p: {"contentType": "application/json"}
                                       for p in ("personInCharge", "schedule", "location")}
        for part, most in (("file", MAX_FILES), ("recording", MAX_RECORDINGS)):
            many = props[part]["anyOf"][0]
            assert (many["type"], many["maxItems"], many["items"]["contentMediaType"]) == (
                "array", most, "application/octet-stream")
        assert set(props["location"]["anyOf"][0]["properties"]) == {"name", "address", "latitude", "longitude"}
        assert set(props["schedule"]["anyOf"][0]["items"]["properties"]) == {"activity", "dateAndTime", "remark"}
        assert set(props["personInCharge"]["anyOf"][0]["properties"]) == {"value", "label"}


class TestWholeOrNothing:
    def test_a_failed_save_leaves_no_file(self, client: TestClient, lead: dict[str, Any],
                                          pic: dict[str, Any]) -> None:
        files = [("recording", ("Voice Note.webm", WEBM, "audio/webm")),
                 ("file", ("Minutes.pdf", PDF, "application/pdf"))]
        with failing(client, "UPDATE leads"):  # after the files were written
            r = post(client, body(lead, pic), files)
        assert r.status_code == 500
        assert stored(client, lead["id"]) == {}
        listing = client.get(f"/api/activity/{lead['id']}", headers=auth(client, "sales1")).json()["results"]
        assert listing == []

    def test_a_bad_file_after_good_ones_leaves_nothing(self, client: TestClient, lead: dict[str, Any],
                                                       pic: dict[str, Any]) -> None:
        files = [("file", ("Minutes.pdf", PDF, "application/pdf")), ("file", ("fake.pdf", b"text", "text/plain"))]
        assert post(client, body(lead, pic), files).status_code == 422
        assert stored(client, lead["id"]) == {}
        assert client.get(f"/api/activity/{lead['id']}", headers=auth(client, "sales1")).json()["results"] == []


class TestRead:
    def test_the_list_newest_first_with_counts(self, client: TestClient, recorded: dict[str, Any],
                                              lead: dict[str, Any], pic: dict[str, Any]) -> None:
        second = post(client, body(lead, pic, type=2)).json()["results"]["id"]
        rows = client.get(f"/api/activity/{lead['id']}", headers=auth(client, "sales1")).json()["results"]
        assert [r["id"] for r in rows] == [second, recorded["id"]]
        assert (rows[1]["media"], rows[1]["recordings"], rows[1]["photos"], rows[1]["files"]) == ("Meeting", 2, 1, 1)
        # where it took place, for the card (and nothing for one recorded without a place)
        assert (rows[1]["placeName"], rows[1]["placeAddress"]) == ("Menara Nusa", "Jl. Sudirman 1, Jakarta")

    def test_the_detail(self, client: TestClient, recorded: dict[str, Any], pic: dict[str, Any]) -> None:
        r = client.get(f"/api/activity/{recorded['lead']}/{recorded['id']}", headers=auth(client, "tl1"))
        assert r.status_code == 200
        d = r.json()["results"]
        assert (d["picName"], d["activityNotes"], d["latitude"], d["longitude"], d["placeName"],
                d["placeAddress"]) == (pic["picName"], "Met the IT manager; a demo next week.", -6.26, 106.62,
                                       "Menara Nusa", "Jl. Sudirman 1, Jakarta")

    def test_an_activity_of_another_lead_is_404(self, client: TestClient, recorded: dict[str, Any],
                                                refs: dict[str, Any]) -> None:
        other = new_lead(client, refs)
        r = client.get(f"/api/activity/{other['id']}/{recorded['id']}", headers=auth(client, "sales1"))
        assert r.status_code == 404
        r = client.get(f"/api/activity/files/{other['id']}/{recorded['id']}", headers=auth(client, "sales1"))
        assert r.status_code == 404

    def test_the_files_served(self, client: TestClient, recorded: dict[str, Any]) -> None:
        headers, files = auth(client, "sales1"), recorded["files"]
        voice = client.get(f"/api/activity/recordings/load/{recorded['lead']}/{files['recordings'][0]['key']}",
                           headers=headers)
        assert voice.status_code == 200 and voice.content == WEBM
        assert voice.headers["content-type"].startswith("audio/webm")
        photo = client.get(f"/api/activity/photos/load/{recorded['lead']}/{files['photos'][0]['key']}",
                           headers=headers)
        assert photo.status_code == 200 and photo.content == png()
        assert photo.headers["content-disposition"].startswith("inline")
        for name in (files["files"][0]["key"], "Minutes.pdf"):
            doc = client.get(f"/api/activity/files/download/{recorded['id']}/{name}", headers=headers)
            assert doc.status_code == 200 and doc.content == PDF
            assert doc.headers["content-disposition"] == 'attachment; filename="Minutes.pdf"'
            assert doc.headers["x-content-type-options"] == "nosniff"

    def test_a_loader_serves_only_its_kind(self, client: TestClient, recorded: dict[str, Any]) -> None:
        photo_key = recorded["files"]["photos"][0]["key"]
        r = client.get(f"/api/activity/recordings/load/{recorded['lead']}/{photo_key}", headers=auth(client, "sales1"))
        assert r.status_code == 404

    def test_absent_files_and_names_are_404(self, client: TestClient, recorded: dict[str, Any]) -> None:
        headers = auth(client, "sales1")
        for path in (f"/api/activity/files/download/{recorded['id']}/nothing.pdf",
                     f"/api/activity/files/download/{recorded['id']}/..%2F..%2Fetc%2Fpasswd",
                     f"/api/activity/photos/load/{recorded['lead']}/photo-missing.png",
                     "/api/activity/files/download/999999/Minutes.pdf", f"/api/activity/{recorded['lead']}/999999"):
            assert client.get(path, headers=headers).status_code == 404, path


class TestAccess:
    """Everyone who may see the lead sees its activities and files; a sales person of another team sees nothing."""

    def paths(self, recorded: dict[str, Any]) -> list[str]:
        lead, activity, files = recorded["lead"], recorded["id"], recorded["files"]
        return [f"/api/activity/{lead}", f"/api/activity/{lead}/{activity}", f"/api/activity/files/{lead}/{activity}",
                f"/api/activity/pic/{lead}",
                *(f"/api/activity/recordings/load/{lead}/{f['key']}" for f in files["recordings"]),
                *(f"/api/activity/photos/load/{lead}/{f['key']}" for f in files["photos"]),
                *(f"/api/activity/files/download/{activity}/{f['key']}" for kind in ("recordings", "photos", "files")
                  for f in files[kind])]

    @pytest.mark.parametrize("user", ["sales4", "tl2", "sales2"])
    def test_another_sales_person_gets_404_everywhere(self, client: TestClient, recorded: dict[str, Any],
                                                      user: str) -> None:
        headers = auth(client, user)
        for path in self.paths(recorded):
            r = client.get(path, headers=headers)
            assert r.status_code == 404, (path, r.status_code)
            assert r.json()["type"] == "NotFound"

    @pytest.mark.parametrize("user", ["sales1", "tl1", "topmanager"])
    def test_those_who_see_the_lead_see_everything(self, client: TestClient, recorded: dict[str, Any],
                                                   user: str) -> None:
        headers = auth(client, user)
        for path in self.paths(recorded):
            assert client.get(path, headers=headers).status_code == 200, path

    def test_anonymous_is_401(self, client: TestClient, recorded: dict[str, Any]) -> None:
        for path in self.paths(recorded):
            assert client.get(path).status_code == 401, path


class TestLookups:
    def test_clients_projects_and_pics_of_the_callers_leads(self, client: TestClient, lead: dict[str, Any],
                                                            refs: dict[str, Any]) -> None:
        headers = auth(client, "sales1")
        clients = client.get("/api/activity/client", headers=headers).json()["results"]
        assert refs["client"] in [c["clientId"] for c in clients]
        projects = client.get(f"/api/activity/project/{refs['client']}", headers=headers).json()["results"]
        assert {"leadId": lead["id"], "projectName": "Zeta Network Refresh"} in projects
        other_team = client.get(f"/api/activity/project/{refs['client']}", headers=auth(client, "sales4"))
        assert lead["id"] not in [p["leadId"] for p in other_team.json()["results"]]
        pics = client.get(f"/api/activity/pic/{lead['id']}", headers=headers).json()["results"]
        assert [p["picId"] for p in pics] == refs["pics"][:1]

    def test_lookups_need_sign_in(self, client: TestClient) -> None:
        assert client.get("/api/activity/client").status_code == 401


class TestDemoSeed:
    def test_demo_leads_have_a_meeting_at_their_last_contact(self, client: TestClient, db: Session) -> None:
        lead = db.scalars(select(Lead).where(Lead.project_description == "Demo lead seeded for the board.")
                          .order_by(Lead.id).limit(1)).one()
        rows = client.get(f"/api/activity/{lead.id}", headers=auth(client, "topmanager")).json()["results"]
        assert rows and rows[-1]["media"] == "Meeting"
        assert datetime.fromisoformat(rows[-1]["createdAt"]) == lead.last_contacted_at
