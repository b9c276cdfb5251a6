"""Activity calls (spec 2 §7 Activities): an activity on a lead, its files and the schedule form's lookups; each
answers only for a lead the caller may see (404 otherwise), every file included."""

from __future__ import annotations

from typing import Annotated
from zoneinfo import ZoneInfo

from anyio import to_thread
from fastapi import Depends, Path, Query, Request
from fastapi.responses import Response

from api.activities import form as activity_form
from api.activities import service
from api.activities.form import SentActivity
from api.activities.schedule import reminders
from api.activities.schedule import service as schedules
from api.activities.schedule.schemas import (
    PAGE_SIZE,
    CalendarDate,
    CalendarView,
    EventType,
    Page,
    PerPage,
    ScheduleIn,
    ScheduleList,
    ScheduleRow,
    ScheduleSaved,
    ScheduleUpdate,
    Search,
)
from api.activities.schemas import (
    ActivityClientOption,
    ActivityDetail,
    ActivityFiles,
    ActivityRow,
    Created,
    PicOption,
    ProjectOption,
)
from api.core import exports
from api.core.deps import Authz, SessionDep, SettingsDep, TemporalDep
from api.core.inputs import Id
from api.core.routing import domain_router
from api.core.schemas import Envelope, answered, ok
from api.users.models import User

router = domain_router("/activity", tags=["activities"])
# who may read a lead may read its activities (approvers read the leads they are asked to decide on)
Reader = Annotated[User, Authz("leads", "read", or_page="leads/view")]
Lister = Annotated[User, Authz("leads", "read")]
Writer = Annotated[User, Authz("leads", "write")]
FileName = Annotated[str, Path(max_length=200)]


@router.get("/client", summary="The clients of the leads the caller may work on (schedule form)")
def list_clients(session: SessionDep, actor: Lister) -> Envelope[list[ActivityClientOption]]:
    return ok(service.clients(session=session, actor=actor))


@router.get("/project/{client_id}", summary="The client's leads the caller may work on (schedule form)")
def list_projects(client_id: Id, session: SessionDep, actor: Lister) -> Envelope[list[ProjectOption]]:
    return ok(service.projects(session=session, actor=actor, client_id=client_id))


@router.get("/pic/{lead_id}", summary="The lead's persons in charge (activity and schedule forms)")
def list_pics(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[PicOption]]:
    return ok(service.pics(session=session, actor=actor, lead_id=lead_id))


@router.get("/files/{lead_id}/{activity_id}", summary="The activity's recordings, photos and files")
def get_files(lead_id: Id, activity_id: Id, session: SessionDep, actor: Reader) -> Envelope[ActivityFiles]:
    return ok(service.get_files(session=session, actor=actor, lead_id=lead_id, activity_id=activity_id))


@router.get("/recordings/load/{lead_id}/{filename}", summary="A voice note of one of the lead's activities (by key)",
            response_class=Response)
def load_recording(lead_id: Id, filename: FileName, request: Request, session: SessionDep, actor: Reader) -> Response:
    stored, row = service.load(session=session, storage=request.app.state.storage, actor=actor, lead_id=lead_id,
                               kind=service.RECORDING, key=filename)
    return stored.response(service.download_name(row))


@router.get("/photos/load/{lead_id}/{filename}", summary="A photo of one of the lead's activities (by key)",
            response_class=Response)
def load_photo(lead_id: Id, filename: FileName, request: Request, session: SessionDep, actor: Reader) -> Response:
    stored, row = service.load(session=session, storage=request.app.state.storage, actor=actor, lead_id=lead_id,
                               kind=service.PHOTO, key=filename)
    return stored.response(service.download_name(row), image_inline=True)


@router.get("/files/download/{activity_id}/{filename}", summary="Download a file of the activity (by key or name)",
            response_class=Response)
def download_file(activity_id: Id, filename: FileName, request: Request, session: SessionDep,
                  actor: Reader) -> Response:
    stored, row = service.download(session=session, storage=request.app.state.storage, actor=actor,
                                   activity_id=activity_id, name=filename)
    return stored.response(service.download_name(row))


@exports.paging
def schedule_page(request: Request, items_per_page: Annotated[PerPage, Query(alias="itemsPerPage")] = PAGE_SIZE,
                  current_page: Annotated[Page, Query(alias="currentPage")] = 1) -> tuple[int, int]:
    """The page asked for (its number, its size); asked as a file (api/core/exports.py), the first rows."""
    if exports.exporting(request):
        return 1, exports.EXPORT_MAX_ROWS
    return current_page, items_per_page


@router.get("/schedule-list", summary="A page of the caller's (and their team's) schedule: upcoming or history "
                                      "(export=xlsx: its rows as a spreadsheet)")
def schedule_list(session: SessionDep, actor: Lister, paging: Annotated[tuple[int, int], Depends(schedule_page)],
                  event_type: Annotated[EventType, Query(alias="eventType")] = "upcoming",
                  search_keywords: Annotated[Search | None, Query(alias="searchKeywords")] = None,
                  ) -> Envelope[ScheduleList]:
    page, per_page = paging
    return ok(schedules.listing(session=session, actor=actor, event_type=event_type, search=search_keywords,
                                page=page, per_page=per_page))


@router.get("/schedule-calendar", summary="The schedules a month (whole weeks) or week view around a date shows",
            response_model=Envelope[list[ScheduleRow]])
def schedule_calendar(session: SessionDep, actor: Lister, settings: SettingsDep,
                      current_date: Annotated[CalendarDate | None, Query(alias="currentDate")] = None,
                      view: CalendarView = "month", search: Search | None = None) -> Response:
    return answered(schedules.calendar(session=session, actor=actor, current=current_date, view=view, search=search,
                                       zone=ZoneInfo(settings.time_zone)))


@router.post("/schedule", summary="Plan an activity (its reminder is set)")
def add_schedule(body: ScheduleIn, session: SessionDep, actor: Writer, temporal: TemporalDep,
                 settings: SettingsDep) -> Envelope[ScheduleSaved]:
    saved = schedules.create(session=session, actor=actor, data=body)
    reminders.tell(temporal, settings.temporal_task_queue, [saved.id])
    return ok(saved)


@router.put("/schedule", summary="Change a planned activity (the caller's own, still to come; its reminder moves)")
def edit_schedule(body: ScheduleUpdate, session: SessionDep, actor: Writer, temporal: TemporalDep,
                  settings: SettingsDep) -> Envelope[ScheduleSaved]:
    saved = schedules.update(session=session, actor=actor, data=body)
    reminders.tell(temporal, settings.temporal_task_queue, [saved.id])
    return ok(saved)


@router.delete("/schedule/{schedule_id}", summary="Remove a planned activity (the caller's own, still to come)")
def remove_schedule(schedule_id: Id, session: SessionDep, actor: Writer, temporal: TemporalDep,
                    settings: SettingsDep) -> Envelope[ScheduleSaved]:
    saved = schedules.remove(session=session, actor=actor, schedule_id=schedule_id)
    reminders.tell(temporal, settings.temporal_task_queue, [schedule_id])
    return ok(saved)


@router.get("/schedule/lead/{lead_id}", summary="The lead's planned activities still to come, soonest first")
def list_lead_schedules(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[ScheduleRow]]:
    return ok(schedules.of_lead(session=session, actor=actor, lead_id=lead_id))


# The two catch-all reads come after every fixed path: a call added here (the schedule's /schedule-list, ...) goes
# above them, or "/activity/schedule-list" is read as a lead id and refused.
@router.get("/{lead_id}", summary="The lead's activities, newest first")
def list_activities(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[ActivityRow]]:
    return ok(service.list_for_lead(session=session, actor=actor, lead_id=lead_id))


@router.get("/{lead_id}/{activity_id}", summary="An activity of the lead (the detail page)")
def get_activity(lead_id: Id, activity_id: Id, session: SessionDep, actor: Reader) -> Envelope[ActivityDetail]:
    return ok(service.get_detail(session=session, actor=actor, lead_id=lead_id, activity_id=activity_id))


@router.post("", summary="Record an activity on a lead (multipart: the spec's fields; several `file` parts, photos "
                         "among them, up to 15 MB each, and `recording` parts up to 50 MB)",
             openapi_extra=activity_form.OPENAPI_EXTRA)
async def create_activity(request: Request, session: SessionDep, actor: Writer, temporal: TemporalDep,
                          settings: SettingsDep, sent: Annotated[SentActivity, Depends(activity_form.activity_form)],
                          ) -> Envelope[Created]:
    def save() -> Created:
        created, plans = service.create(session=session, storage=request.app.state.storage, actor=actor,
                                        data=sent.data, parts=sent.parts)
        reminders.tell(temporal, settings.temporal_task_queue, plans)  # the next steps ring like any plan
        return created

    return ok(await to_thread.run_sync(save))
