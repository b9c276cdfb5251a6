"""PDF and PID calls (spec 3 §2.6, §2.7, §2.10 /pdf, §7): the cost sheet PDF, PID generation, the front-end
scheduler's check, and the /pdf test page's sample and mail."""

from typing import Annotated, Any

from fastapi import File, Form, Query, Request, UploadFile
from fastapi.responses import FileResponse, Response

from api.core import uploads
from api.core.deps import Authz, SessionDep, TemporalDep
from api.core.inputs import Count, Id
from api.core.limits import body_limit
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.pcs import pdf, pdf_mail, pid
from api.pcs.pid_schemas import PdfMailSent, PendingPids, PidOverview, PidStart
from api.users.models import User

router = domain_router(tags=["pcs-pdf-pid"])
Reader = Annotated[User, Authz("leads", "read")]
Editor = Annotated[User, Authz("leads", "edit")]
PdfReader = Annotated[User, Authz("pdf", "read")]
PdfSender = Annotated[User, Authz("pdf", "write")]
PDF_RESPONSE: dict[int | str, dict[str, Any]] = {200: {"content": {"application/pdf": {}}, "description": "The PDF"}}


def _pdf(data: bytes, name: str, *, inline: bool = False) -> Response:
    disposition = "inline" if inline else "attachment"
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'{disposition}; filename="{name}"', "Cache-Control": "no-store"})


@router.get("/leads/{lead_id}/pcs-pdf", summary="The cost sheet as an A2 PDF (attachment PCS_{client}_{project}.pdf)",
            response_class=Response, responses=PDF_RESPONSE)
def pcs_pdf(lead_id: Id, session: SessionDep, actor: Reader,
            revision_batch: Annotated[Count | None, Query(alias="revisionBatch")] = None) -> Response:
    data, name = pdf.lead_pdf(session=session, actor=actor, lead_id=lead_id, revision_batch=revision_batch)
    return _pdf(data, name)


@router.post("/leads/{lead_id}/generate-pid", summary="Start the lead's PID generation (idempotent)")
def generate_pid(lead_id: Id, request: Request, session: SessionDep, temporal: TemporalDep,
                 actor: Editor) -> Envelope[PidStart]:
    return ok(pid.generate(session=session, temporal=temporal, settings=request.app.state.settings, actor=actor,
                           lead_id=lead_id))


@router.get("/leads/{lead_id}/project-ids", summary="The lead's PIDs with their PDFs, and whether one can be generated")
def project_ids(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[PidOverview]:
    return ok(pid.overview(session=session, actor=actor, lead_id=lead_id))


@router.get("/leads/{lead_id}/project-ids/{pid_id}/pdf", summary="Download the PDF generated with a PID",
            response_class=FileResponse, responses=PDF_RESPONSE)
def project_id_pdf(lead_id: Id, pid_id: Id, request: Request, session: SessionDep, actor: Reader) -> Response:
    path, name = pid.pdf_path(session=session, storage=request.app.state.storage, actor=actor, lead_id=lead_id,
                              pid_id=pid_id)
    return path.response(name)


@router.get("/frontend-scheduler", summary="Visible leads whose cost sheet is approved and which have no PID yet")
def frontend_scheduler(session: SessionDep, actor: Reader) -> Envelope[PendingPids]:
    return ok(PendingPids(lead_ids_pid_not_generated=pid.pending_leads(session=session, actor=actor)))


@router.post("/frontend-scheduler/process/pid", summary="Make sure the lead's PID workflow runs (the server renders "
                                                         "the PDF; a sent file is not needed)",
             openapi_extra=body_limit(uploads.MAIL_PDF.body_limit()))
def process_pid(request: Request, session: SessionDep, temporal: TemporalDep, actor: Reader,
                lead_id: Annotated[Id, Form(alias="leadId")],
                file: Annotated[UploadFile | None, File(description="Ignored: the server renders the PDF")] = None,
                ) -> Envelope[PidStart]:
    return ok(pid.process(session=session, temporal=temporal, settings=request.app.state.settings, actor=actor,
                          lead_id=lead_id))


@router.get("/pdf/sample", summary="A sample cost sheet PDF (made-up data) for the /pdf test page",
            response_class=Response, responses=PDF_RESPONSE)
def sample_pdf(actor: PdfReader) -> Response:
    data, name = pdf.sample_pdf()
    return _pdf(data, name, inline=True)


@router.post("/mails/send-mail", summary="Mail a PDF (to the caller's own address unless `to` is given; 15 MB)",
             openapi_extra=body_limit(uploads.MAIL_PDF.body_limit()))
def send_mail(request: Request, temporal: TemporalDep, actor: PdfSender,
              file: Annotated[UploadFile, File()],
              to: Annotated[str | None, Form(max_length=254)] = None) -> Envelope[PdfMailSent]:
    upload = pdf_mail.accept(file.file, file.filename or "")  # checked where it was spooled, never read whole
    return ok(pdf_mail.send_pdf(temporal=temporal, settings=request.app.state.settings,
                                storage=request.app.state.storage, actor=actor, upload=upload, to=to))
