"""Cost sheet calls (spec 3 §7 Project cost sheet and lead): the form, save and submit (multipart), the
spreadsheet download and the approval flow of a revision."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated

from fastapi import Depends, File, Form, Path, Query, Request, UploadFile
from fastapi.responses import FileResponse, Response
from pydantic import TypeAdapter

from api.approvals.route_schemas import RoutePreviewOut, SheetRouteIn
from api.core import uploads
from api.core.deps import Authz, SessionDep, SettingsDep, TemporalDep
from api.core.errors import AppError
from api.core.form_parts import json_encoding, json_part, read_part
from api.core.inputs import Count, Id
from api.core.limits import body_limit
from api.core.routing import domain_router
from api.core.schemas import Envelope, ok
from api.pcs import approval as pcs_approval
from api.pcs import billing, service
from api.pcs import files as pcs_files
from api.pcs import form as pcs_form
from api.pcs.schemas import FlowOut, ItemIn, PcsForm, SaveIn, UploadedFileState
from api.users.models import User

router = domain_router(tags=["project cost sheet"])
Reader = Annotated[User, Authz("leads", "read")]
# the cost sheet as read by an approver deciding on its lead (rows scoped in the service)
SheetReader = Annotated[User, Authz("leads", "read", or_page="leads/view")]
Editor = Annotated[User, Authz("leads", "edit")]
_ITEMS = TypeAdapter(list[ItemIn])
NOT_A_LIST = "projectCostSheetItems must be a JSON list of items."
BAD_FILE_STATE = 'uploadedFileState must be JSON like {"isDeletedByUser": false}.'


def _parse(leads_id: Id, remark: str | None, items: str | None, file_state: str | None,
           revision_batch: int | None) -> SaveIn:
    parsed_items = read_part("projectCostSheetItems", items, list[ItemIn], default=[], parse_float=Decimal,
                             not_json=NOT_A_LIST)
    state = read_part("uploadedFileState", file_state, UploadedFileState, default={}, not_json=BAD_FILE_STATE,
                      invalid=BAD_FILE_STATE)
    return SaveIn(leads_id=leads_id, remark=remark, items=parsed_items, uploaded_file_state=state,
                  revision_batch=revision_batch)


def _read(upload: UploadFile | None) -> uploads.Upload | AppError | None:
    if upload is None or not upload.filename:
        return None
    return pcs_files.received(upload.file, upload.filename)  # checked where it was spooled, never read whole


LeadsId = Annotated[Id, Form(alias="leadsId")]
ITEMS_LIMIT = 1_000_000  # characters of the items JSON (a form part holds at most 1 MB)
Remark = Annotated[str | None, Form(max_length=2000)]
# The items as the cost sheet rules judge them (api/pcs/billing.py), for the contract: the part is read leniently
# (ItemIn) and a value outside these is answered with the rule's message.
_MONEY = {"type": "number", "maximum": float(billing.MAX_AMOUNT)}
_ID = TypeAdapter(Id).json_schema()
_ITEMS_CONTRACT = {"type": "array", "maxItems": billing.MAX_ITEMS, "items": {
    "type": "object", "required": ["coaId", "type", "description", "quantity", "termOfPayment", "sellingPrice"],
    "properties": {
        "id": _ID, "coaId": _ID, "type": {"type": "string", "enum": list(billing.ITEM_TYPES)},
        "description": {"type": "string", "maxLength": billing.MAX_DESCRIPTION},
        "quantity": {"type": "integer", "minimum": 1, "maximum": billing.MAX_QUANTITY},
        "termOfPayment": {"type": "integer", "minimum": 1, "maximum": billing.MAX_TERM},
        "sellingPrice": {**_MONEY, "minimum": 0},
        "billingSchedules": {"type": "array", "maxItems": billing.MAX_TERM, "items": {
            "type": "object", "required": ["description", "amount", "paymentStatus", "schedule"],
            "properties": {
                "description": {"type": "string", "maxLength": billing.MAX_BILLING_DESCRIPTION},
                "amount": {"anyOf": [{**_MONEY, "minimum": 1}, {"type": "null"}]},
                "paymentStatus": {"type": "string", "enum": list(billing.PAYMENT_STATUSES)},
                "schedule": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}}}}}}}
Items = Annotated[str | None, Form(alias="projectCostSheetItems", max_length=ITEMS_LIMIT,
                                   description="JSON list of items with their billing schedules",
                                   json_schema_extra={"anyOf": [_ITEMS_CONTRACT, {"type": "null"}]})]
FileState = Annotated[str | None, Form(alias="uploadedFileState", max_length=200,
                                       description='JSON {"isDeletedByUser": bool}',
                                       json_schema_extra=json_part(UploadedFileState, nullable=True))]
Revision = Annotated[Count | None, Form(alias="revisionBatch", description="Optional: the revision being edited; "
                                                                         "refused unless it is the current one")]
Upload = Annotated[UploadFile | None, File(alias="uploadedFile", description="The PCS spreadsheet (15 MB)")]
JSON_PARTS = ("projectCostSheetItems", "uploadedFileState")


@dataclass
class _Sent:
    data: SaveIn
    upload: uploads.Upload | AppError | None  # the spreadsheet or its refusal


def _sent(leads_id: LeadsId, remark: Remark = None, items: Items = None, file_state: FileState = None,
          revision_batch: Revision = None, uploaded_file: Upload = None) -> _Sent:
    """The multipart form that saving and submitting share, parsed."""
    return _Sent(_parse(leads_id, remark, items, file_state, revision_batch), _read(uploaded_file))


Sent = Annotated[_Sent, Depends(_sent)]


@router.get("/leads/{lead_id}/form/v2", summary="The cost sheet form of a lead: current and earlier revisions")
def get_form(lead_id: Id, session: SessionDep, actor: SheetReader) -> Envelope[PcsForm]:
    return ok(pcs_form.get_form(session=session, actor=actor, lead_id=lead_id))


@router.put("/project-cost-sheet/save-as-draft", summary="Save the cost sheet as a draft (multipart)",
            openapi_extra={**body_limit(pcs_files.BODY_LIMIT), **json_encoding(*JSON_PARTS)})
def save_as_draft(request: Request, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                  actor: Editor, sent: Sent) -> Envelope[PcsForm]:
    return ok(service.save(session=session, storage=request.app.state.storage, temporal=temporal, settings=settings,
                           actor=actor, data=sent.data, upload=sent.upload, submit=False))


@router.put("/project-cost-sheet/submit-for-approval", summary="Submit the cost sheet for approval (multipart)",
            openapi_extra={**body_limit(pcs_files.BODY_LIMIT), **json_encoding(*JSON_PARTS)})
def submit_for_approval(request: Request, session: SessionDep, temporal: TemporalDep, settings: SettingsDep,
                        actor: Editor, sent: Sent) -> Envelope[PcsForm]:
    return ok(service.save(session=session, storage=request.app.state.storage, temporal=temporal, settings=settings,
                           actor=actor, data=sent.data, upload=sent.upload, submit=True))


@router.get("/leads/download/{filename}", summary="Download a lead's cost sheet spreadsheet or PID PDF",
            response_class=FileResponse)
def download(filename: Annotated[str, Path(max_length=200)],
             request: Request, session: SessionDep, actor: SheetReader) -> Response:
    path, name = service.download(session=session, storage=request.app.state.storage, actor=actor,
                                  filename=filename)
    return path.response(name)


@router.get("/leads/{lead_id}/pcs-approval-flow", summary="The approval flow of the current cost sheet revision")
def approval_flow(lead_id: Id, session: SessionDep, settings: SettingsDep, actor: SheetReader, request: Request,
                  status: Annotated[str | None, Query(max_length=30, description="The status the caller "
                                                      "shows (informational)")] = None) -> Envelope[FlowOut]:
    return ok(service.approval_flow(session=session, settings=settings, actor=actor, lead_id=lead_id,
                                    policy=request.app.state.policy))


@router.get("/leads/{lead_id}/pcs-approval-flow-detail", summary="The approval flow of one cost sheet revision")
def approval_flow_detail(lead_id: Id, session: SessionDep, settings: SettingsDep, actor: SheetReader, request: Request,
                         status: Annotated[str | None, Query(max_length=30)] = None,
                         revision_batch: Annotated[Count | None, Query(alias="revisionBatch")] = None,
                         ) -> Envelope[FlowOut]:
    return ok(service.approval_flow(session=session, settings=settings, actor=actor, lead_id=lead_id,
                                    revision_batch=revision_batch, policy=request.app.state.policy))


@router.post("/project-cost-sheet/route-preview",
             summary="The route the cost sheet's submit would take now, on the figures the form holds: its layers, who "
                     "decides each, the layers it skips and why, each layer's expected due date")
def submit_route(body: SheetRouteIn, session: SessionDep, actor: Editor) -> Envelope[RoutePreviewOut]:
    return ok(pcs_approval.route_preview(session=session, actor=actor, data=body))
