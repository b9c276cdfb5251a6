"""Report calls (system/report): a report as a table for the screen, and the same report as an XLSX or CSV file.
Each takes the dashboard's `filters` parameter and covers the leads the caller sees."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from fastapi.responses import Response

from api.core.deps import Authz, SessionDep, SettingsDep
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.dashboard.router import Filters
from api.reports import files, service
from api.reports.schemas import ReportFormat, ReportKind, ReportTable
from api.users.models import User

router = domain_router("/report", tags=["reports"])
Reader = Annotated[User, Authz("system/report", "read")]
FILE_RESPONSES: dict[int | str, dict[str, Any]] = {200: {"description": "The report as a file (attachment)",
                                                         "content": {files.XLSX_TYPE: {}, "text/csv": {}}}}


@router.get("/{kind}", summary="A report as a table: the first rows, the totals of every row")
def preview(kind: ReportKind, session: SessionDep, settings: SettingsDep, actor: Reader,
            filters: Filters = None) -> Envelope[ReportTable]:
    return ok(service.report(session=session, actor=actor, kind=kind, filters=service.parse_filters(filters),
                             zone_name=settings.time_zone))


@router.get("/{kind}/download", summary="A report as an XLSX or CSV file named after it and its period",
            response_class=Response, responses=FILE_RESPONSES)
def download(kind: ReportKind, session: SessionDep, settings: SettingsDep, actor: Reader,
             file_format: Annotated[ReportFormat, Query(alias="format")] = ReportFormat.XLSX,
             filters: Filters = None) -> Response:
    found = service.download(session=session, actor=actor, kind=kind, fmt=file_format,
                             filters=service.parse_filters(filters), zone_name=settings.time_zone)
    return Response(found.content, media_type=found.media_type, headers={
        "Content-Disposition": f'attachment; filename="{found.filename}"', "Cache-Control": "no-store"})
