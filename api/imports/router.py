"""Import of clients, contacts and leads from XLSX or CSV (issue 39; page system/import): upload, dry run, confirm,
progress, rows, result workbook, undo, saved mappings."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import File, Form, Query, Request, UploadFile
from fastapi.responses import Response

from api.core import spreadsheets, uploads
from api.core.deps import Authz, RedisDep, SessionDep, TemporalDep
from api.core.inputs import Id
from api.core.limits import body_limit
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.imports import service, upload
from api.imports.schemas import ImportJobOut, ImportRowsOut, ImportSettingsIn, MappingOut, RowsQuery
from api.users.models import User

PAGE = "system/import"
router = domain_router("/imports", tags=["imports"])
Reader = Annotated[User, Authz(PAGE, "read")]
Writer = Annotated[User, Authz(PAGE, "write")]
Kind = Literal["clients", "contacts", "leads"]


@router.post("", summary="Upload a file to import (XLSX or CSV, up to 50,000 rows and 100 columns)",
             openapi_extra=body_limit(uploads.IMPORT.body_limit()))
def create(request: Request, session: SessionDep, actor: Writer, kind: Annotated[Kind, Form()],
           file: Annotated[UploadFile, File()]) -> Envelope[ImportJobOut]:
    checked = uploads.inspect(file.file, file.filename or "", uploads.IMPORT)
    job = upload.receive(session=session, storage=request.app.state.storage, actor=actor, kind=kind, upload=checked)
    return ok(service.to_out(job))


@router.get("", summary="The imports one made (every import, for administrators), newest first")
def list_jobs(session: SessionDep, actor: Reader) -> Envelope[list[ImportJobOut]]:
    return ok(service.list_jobs(session=session, actor=actor))


@router.get("/mappings", summary="The mappings saved for a kind of import")
def mappings(session: SessionDep, actor: Reader, kind: Annotated[Kind, Query()]) -> Envelope[list[MappingOut]]:
    return ok(service.mappings(session=session, actor=actor, kind=kind))


@router.get("/{job_id}", summary="An import with its dry run's and run's progress")
def get(job_id: Id, session: SessionDep, actor: Reader) -> Envelope[ImportJobOut]:
    return ok(service.to_out(service.get_or_404(session, actor, job_id)))


@router.post("/{job_id}/dry-run", summary="Map columns, choose the match rule, and check every row (nothing written)")
def dry_run(job_id: Id, body: ImportSettingsIn, request: Request, session: SessionDep, temporal: TemporalDep,
            actor: Writer) -> Envelope[ImportJobOut]:
    return ok(service.dry_run(session=session, temporal=temporal, settings=request.app.state.settings, actor=actor,
                              job_id=job_id, body=body))


@router.post("/{job_id}/confirm", summary="Write the rows, a batch per transaction (a workflow for large files)")
def confirm(job_id: Id, request: Request, session: SessionDep, temporal: TemporalDep, redis_client: RedisDep,
            actor: Writer) -> Envelope[ImportJobOut]:
    return ok(service.confirm(session=session, temporal=temporal, settings=request.app.state.settings,
                              redis_client=redis_client, actor=actor, job_id=job_id))


@router.get("/{job_id}/rows", summary="The rows' outcomes of the dry run or the run, with their cells")
def rows(job_id: Id, session: SessionDep, actor: Reader,
         query: Annotated[RowsQuery, Query()]) -> Envelope[ImportRowsOut]:
    return ok(service.rows(session=session, actor=actor, job_id=job_id, query=query))


@router.get("/{job_id}/result", summary="The file's rows with a Status and a Message column (XLSX)",
            response_class=Response, responses={200: {"content": {spreadsheets.XLSX_TYPE: {}}}})
def result(job_id: Id, session: SessionDep, actor: Reader) -> Response:
    name, data = service.result(session=session, actor=actor, job_id=job_id)
    _, headers = uploads.download_headers(name, name)
    return Response(data, media_type=spreadsheets.XLSX_TYPE, headers=headers)


@router.post("/{job_id}/undo", summary="Undo the whole import while none of its records changed since")
def undo(job_id: Id, session: SessionDep, redis_client: RedisDep,
         actor: Annotated[User, Authz(PAGE, "delete")]) -> Envelope[ImportJobOut]:
    return ok(service.undo(session=session, redis_client=redis_client, actor=actor, job_id=job_id))
