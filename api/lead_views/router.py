"""Lead calls (spec 2 §7 Leads); every one scoped to the leads the caller may see. Writes go to the leads
aggregate's services (api.leads); reads across leads and cost sheets are this package's."""

from __future__ import annotations

from typing import Annotated

from anyio import to_thread
from fastapi import File, Form, Path, Query, Request, UploadFile
from fastapi.responses import FileResponse, Response
from sqlalchemy.orm import Session

from api.approvals.route_schemas import RoutePreviewOut
from api.approvals.schemas import RequestIn, RequestOut
from api.core.deps import Authz, SessionDep, SettingsDep, TemporalDep
from api.core.form_parts import json_encoding, json_part, read_part
from api.core.inputs import Count, Id
from api.core.limits import body_limit
from api.core.listing import ListQuery, Page
from api.core.routing import domain_router
from api.core.schemas import Envelope, answered, ok
from api.lead_views import board as lead_board
from api.lead_views import detail as lead_view
from api.lead_views.schemas import BoardColumn, FilterOptions, LeadCard, LeadDetail, PinIn, TotalGp, UpdateResult
from api.leads import detail as lead_detail
from api.leads import editing as lead_editing
from api.leads import files as lead_files
from api.leads import history as lead_history
from api.leads import moves as lead_moves
from api.leads import requests as lead_requests
from api.leads.schemas import (
    FinalDocument,
    HistoryEntry,
    LeadCreate,
    LeadForm,
    LeadUpdate,
    NeedApprovalIn,
    NeedApprovalOut,
    PaymentDetail,
    PicOut,
    RequirementField,
    RouteRequestIn,
    StageDuration,
    StageOptions,
)
from api.users.models import User

router = domain_router("/leads", tags=["leads"])
BoardReader = Annotated[User, Authz("leads", "read")]
# approvers read the leads they are asked to decide on (page leads/view); rows are scoped in the service
Reader = Annotated[User, Authz("leads", "read", or_page="leads/view")]
# Leads Management adds and edits leads through these same calls (its page's flags allow them too)
Writer = Annotated[User, Authz("leads", "write", or_page="system/leads-management")]
Editor = Annotated[User, Authz("leads", "edit", or_page="system/leads-management")]
DATA_LIMIT = 1_000_000  # characters of the update's JSON (a form part holds at most 1 MB)
StatusQuery = Annotated[str | None, Query(max_length=60, description="ONGOING (default: NEW and WAITING), ALL, "
                                                                        "or a comma list of statuses")]



def update_result(session: Session, saved: lead_editing.Saved) -> UpdateResult:
    """The edit form's answer once its transaction is committed: the lead's detail and what happened to its stage."""
    return UpdateResult(lead=lead_view.detail(session, saved.lead), stage_moved=saved.stage_moved,
                        approval_required=saved.approval_required, message=saved.message,
                        approval_id=saved.approval_id)


@router.get("", summary="The board: columns E1-E6 with their first leads, totals and pins",
            response_model=Envelope[list[BoardColumn]])
def get_board(session: SessionDep, actor: BoardReader,
              search_keyword: Annotated[str | None, Query(alias="searchKeyword", max_length=100)] = None,
              selected_stage: Annotated[Id | None, Query(alias="selectedStage")] = None,
              sales_person_id: Annotated[Id | None, Query(alias="salesPersonId")] = None,
              status: StatusQuery = None,
              sort: Annotated[str | None, Query(max_length=100, description="Per column, e.g. E1:asc,E2:desc")] = None,
              ) -> Response:
    return answered(lead_board.board(session=session, actor=actor, search=(search_keyword or "").strip() or None,
                                     selected_stage=selected_stage, sales_person_id=sales_person_id, status=status,
                                     sort=sort))


@router.get("/list", summary="A page of lead cards of some statuses (the per-status lists)")
def list_leads(session: SessionDep, actor: BoardReader, params: ListQuery, status: StatusQuery = None,
               stage_id: Annotated[Id | None, Query(alias="stageId")] = None,
               sales_person_id: Annotated[Id | None, Query(alias="salesPersonId")] = None) -> Envelope[Page[LeadCard]]:
    return ok(lead_board.list_leads(session=session, actor=actor, status=status, params=params, stage_id=stage_id,
                                 sales_person_id=sales_person_id))


@router.get("/filter-options", summary="Stages, statuses and the sales people the caller may filter by")
def filter_options(session: SessionDep, actor: BoardReader) -> Envelope[FilterOptions]:
    return ok(lead_board.filter_options(session=session, actor=actor))


@router.put("/pins", summary="Pin or unpin a board column for the caller")
def set_pin(body: PinIn, session: SessionDep, actor: BoardReader) -> Envelope[None]:
    lead_board.set_pin(session=session, actor=actor, stage_id=body.stage_id, is_pinned=body.is_pinned)
    return ok(None)


@router.get("/totalGp/{sales_person_id}", summary="GP and count of ongoing leads (0: every visible lead)")
def total_gp(sales_person_id: Count, session: SessionDep, actor: BoardReader) -> Envelope[TotalGp]:
    return ok(lead_board.total_gp(session=session, actor=actor, sales_person_id=sales_person_id))


@router.get("/pic/{lead_id}", summary="The lead's persons in charge")
def get_pics(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[PicOut]]:
    return ok(lead_detail.get_pics(session=session, actor=actor, lead_id=lead_id))


@router.post("/check-need-approval", summary="Does moving the lead to this stage need approval?")
def check_need_approval(body: NeedApprovalIn, session: SessionDep, actor: Reader) -> Envelope[NeedApprovalOut]:
    return ok(lead_moves.check_need_approval(session=session, actor=actor, lead_id=body.lead_id,
                                          stage_id=body.stage_id))


@router.post("", summary="Create a lead")
def create_lead(body: LeadCreate, session: SessionDep, actor: Writer) -> Envelope[LeadDetail]:
    return ok(lead_view.detail(session, lead_editing.create(session=session, actor=actor, data=body)))


@router.get("/{lead_id}", summary="A lead with its lists and, when it waits, what it waits for")
def get_lead(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[LeadDetail]:
    detail = lead_view.get_detail(session=session, actor=actor, lead_id=lead_id)
    detail.waiting_for = lead_requests.waiting_for(session=session, lead_id=lead_id, status=detail.status)
    return ok(detail)


@router.get("/{lead_id}/stage-options", summary="Every stage as a target of this lead: allowed or why not, whether "
                                                "it needs approval, what it requires (the stage rules' answer)")
def stage_options(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[StageOptions]:
    options = lead_moves.stage_options(session=session, actor=actor, lead_id=lead_id)
    options.waiting_for = lead_requests.waiting_for(session=session, lead_id=lead_id, status=options.status)
    return ok(options)


@router.get("/{lead_id}/form", summary="The lead edit form data")
def get_form(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[LeadForm]:
    return ok(lead_detail.get_form(session=session, actor=actor, lead_id=lead_id))


@router.get("/{lead_id}/history", summary="Every change of the lead, newest first")
def get_history(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[HistoryEntry]]:
    return ok(lead_history.history(session=session, actor=actor, lead_id=lead_id))


@router.get("/{lead_id}/stageDurations", summary="Time spent in each stage")
def stage_durations(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[StageDuration]]:
    return ok(lead_detail.stage_durations(session=session, actor=actor, lead_id=lead_id))


@router.get("/{lead_id}/finalDocuments", summary="The lead's files")
def final_documents(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[list[FinalDocument]]:
    return ok(lead_detail.final_documents(session=session, actor=actor, lead_id=lead_id))


@router.get("/{lead_id}/paymentDetail", summary="Payments and billing schedules")
def payment_detail(lead_id: Id, session: SessionDep, actor: Reader) -> Envelope[PaymentDetail]:
    return ok(lead_detail.payment_detail(session=session, actor=actor, lead_id=lead_id))


@router.get("/{lead_id}/files/{kind}", summary="Download one of the lead's files", response_class=FileResponse)
def download_file(lead_id: Id, kind: Annotated[str, Path(max_length=60)], request: Request, session: SessionDep,
                  actor: Reader) -> Response:
    path, name = lead_detail.file_path(session=session, storage=request.app.state.storage, actor=actor,
                                   lead_id=lead_id, kind=kind)
    return path.response(name)


@router.get("/{lead_id}/{stage}/requirementFields", summary="What the lead needs before entering a stage")
def requirement_fields(lead_id: Id, stage: Annotated[str, Path(max_length=60)], session: SessionDep,
                       actor: Reader) -> Envelope[list[RequirementField]]:
    return ok(lead_moves.requirement_fields(session=session, actor=actor, lead_id=lead_id, stage=stage))


@router.put("/{lead_id}/update/v2", summary="Save the lead edit form (multipart: data JSON and files, 15 MB each)",
            openapi_extra={**body_limit(lead_files.BODY_LIMIT), **json_encoding("data")})
async def update_v2(
    lead_id: Id, request: Request, session: SessionDep, actor: Editor, temporal: TemporalDep, settings: SettingsDep,
    data: Annotated[str, Form(max_length=DATA_LIMIT, description="The lead edit state as JSON (LeadUpdate)",
                              json_schema_extra=json_part(LeadUpdate))],
    proposal_file: Annotated[UploadFile | None, File(alias="proposalFile")] = None,
    project_cost_sheet_file: Annotated[UploadFile | None, File(alias="projectCostSheetFile")] = None,
    customer_confirmation_document_file: Annotated[UploadFile | None,
                                                   File(alias="customerConfirmationDocumentFile")] = None,
) -> Envelope[UpdateResult]:
    payload = read_part("data", data, LeadUpdate, prefix="")  # its fields are the edit form's own
    sent = {kind: upload for kind, upload in (
        ("proposalFile", proposal_file), ("projectCostSheetFile", project_cost_sheet_file),
        ("customerConfirmationDocumentFile", customer_confirmation_document_file)) if upload and upload.filename}

    def save() -> UpdateResult:
        # each file is checked by size and content where it was spooled (on disk), before the edit reads anything
        checked = {kind: lead_files.accept(kind, upload.file, upload.filename or "") for kind, upload in sent.items()}
        return update_result(session, lead_requests.save_lead_edit(
            session=session, storage=request.app.state.storage, temporal=temporal, settings=settings, actor=actor,
            lead_id=lead_id, data=payload, uploads=checked))

    return ok(await to_thread.run_sync(save))


@router.put("/{lead_id}/update", summary="Save the whole lead edit state as JSON (the older call: the fields of "
                                         "update/v2's data part, no files); a stage that needs approval is asked "
                                         "for, not entered")
def update_lead(lead_id: Id, body: LeadUpdate, request: Request, session: SessionDep, actor: Editor,
                temporal: TemporalDep, settings: SettingsDep) -> Envelope[UpdateResult]:
    return ok(update_result(session, lead_requests.save_lead_edit(
        session=session, storage=request.app.state.storage, temporal=temporal, settings=settings, actor=actor,
        lead_id=lead_id, data=body, uploads={})))


# A lead's approval requests are listed with the approval calls in the API docs (their tag is "approvals").
requests_router = domain_router(tags=["approvals"])


@requests_router.post("/leads/{lead_id}/approval-requests", summary="Ask for a stage change, hold, drop or close")
def request_approval(lead_id: Id, body: RequestIn, session: SessionDep, temporal: TemporalDep,
                     settings: SettingsDep, actor: Annotated[User, Authz("leads", "edit")]) -> Envelope[RequestOut]:
    return ok(lead_requests.request(session=session, temporal=temporal, settings=settings, actor=actor,
                                    lead_id=lead_id, data=body))


@requests_router.post("/leads/{lead_id}/approval-requests/route-preview",
                      summary="The route a stage change, hold, drop or close would take if asked now: its layers, "
                              "who decides each (a delegate for who is out of office), the layers it skips and why, "
                              "each layer's expected due date")
def request_route(lead_id: Id, body: RouteRequestIn, session: SessionDep,
                  actor: Annotated[User, Authz("leads", "edit")]) -> Envelope[RoutePreviewOut]:
    return ok(lead_requests.route_preview(session=session, actor=actor, lead_id=lead_id, data=body))
