"""The project cost sheet as an A2 PDF (spec 3 §2.6): what goes on it, read straight from the tables, and the
rendering. The current revision comes from the sheet and its items; an older one from its frozen snapshot."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.orm import Session

from api.approvals import timeline as timelines
from api.approvals.models import ApprovalPipelineVersion, ApprovalRequest
from api.clients.models import Client
from api.core.config import get_settings
from api.core.errors import NotFound
from api.core.pdf import render_pdf
from api.core.times import day_text, local_time
from api.leads import visibility as lead_visibility
from api.leads.models import Lead
from api.master_data.models import Entity
from api.pcs import repository as repo
from api.users.models import User

APPROVAL_DATA_EMPTY = "PCS approval status data is empty"
SHEET_NOT_FOUND = "This lead has no project cost sheet yet."
REVISION_NOT_FOUND = "This revision of the project cost sheet was not found."
STATUS_LABELS = {"SAVED_AS_DRAFT": "Saved As Draft", "WAITING_FOR_APPROVAL": "Waiting For Approval",
                 "APPROVED": "Approved", "REJECTED": "Rejected"}

_templates = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                         autoescape=select_autoescape(["html"]))


@dataclass
class PdfItem:
    no: int
    coa_code: str
    coa_name: str
    description: str
    unit_price: Decimal
    quantity: int
    total_unit_price: Decimal  # unit price x quantity
    term_of_payment: int
    grand_total: Decimal  # total unit price x term of payment


@dataclass
class PdfApprover:
    name: str
    action: str  # APPROVED or REJECTED
    decided_at: datetime | None


@dataclass
class PdfLayer:
    seq: int
    label: str  # Checked by, Acknowledged by, Approved by
    name: str  # the layer's name in the pipeline
    approvers: list[PdfApprover] = field(default_factory=list)


@dataclass
class PcsDocument:
    client: str
    project: str
    pid: str | None
    sales_person: str
    entity: str | None
    service_categories: str
    revision_batch: int
    status: str
    remark: str | None
    project_start: date | None
    project_end: date | None
    revenue_items: list[PdfItem]
    cost_items: list[PdfItem]
    total_revenue: Decimal
    total_cost: Decimal
    gross_profit: Decimal
    gross_profit_margin: Decimal
    layers: list[PdfLayer]
    company: str = ""
    generated_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    sample: bool = False


# -- formatting (id-ID) ---------------------------------------------------------------------------------------

def _grouped(value: Decimal, places: int) -> str:
    q = Decimal(1).scaleb(-places) if places else Decimal(1)
    text = f"{abs(value).quantize(q, rounding=ROUND_HALF_UP):f}"
    whole, _, frac = text.partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return ".".join(groups) + ("," + frac if frac else "")


def idr(value: Decimal | float | int | None) -> str:
    """'Rp 12.500.000' (cents only when there are any: 'Rp 1.250,50'); negative amounts '-Rp 1.000'."""
    amount = Decimal(str(value or 0))
    places = 0 if amount == amount.to_integral_value() else 2
    return f"{'-' if amount < 0 else ''}Rp {_grouped(amount, places)}"


def number(value: Decimal | float | int | None) -> str:
    amount = Decimal(str(value or 0))
    return ("-" if amount < 0 else "") + _grouped(amount, 0 if amount == amount.to_integral_value() else 2)


def percent(value: Decimal | float | int | None) -> str:
    amount = Decimal(str(value or 0))
    return f"{'-' if amount < 0 else ''}{_grouped(amount, 2)}%"


def long_date(value: date | datetime | None) -> str:
    """d-MMM-yyyy, the product's one date format: every date the PDF prints (a moment's day in TIME_ZONE)."""
    return day_text(value, ZoneInfo(get_settings().time_zone)) if value else "-"


def long_datetime(value: datetime) -> str:
    """d-MMM-yyyy HH:mm and the zone, in the business's time zone (TIME_ZONE): the moment the PDF was made."""
    return local_time(value, ZoneInfo(get_settings().time_zone))


def filename(client: str, project: str) -> str:
    """PCS_{client}_{project}.pdf, safe as a file name and a header value."""

    def clean(text: str) -> str:
        ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        return re.sub(r"[^A-Za-z0-9.-]+", "_", ascii_text).strip("._")[:80] or "untitled"

    return f"PCS_{clean(client)}_{clean(project)}.pdf"


# -- reading -------------------------------------------------------------------------------------------------

def _sheet_items(session: Session, pcs_id: int) -> tuple[list[PdfItem], list[PdfItem]]:
    rows = [(item.type, coa.code, coa.name, item.description, item.selling_price, item.quantity,
             item.total_selling_price, item.term_of_payment) for item, coa in repo.items_of(session, pcs_id)]
    return _numbered(rows, "REVENUE"), _numbered(rows, "COST")


def _numbered(rows: list[tuple[Any, ...]], kind: str) -> list[PdfItem]:
    items: list[PdfItem] = []
    for type_, code, name, description, price, quantity, total, term in rows:
        if type_ != kind:
            continue
        price, quantity, term = Decimal(str(price or 0)), int(quantity or 0), int(term or 0)
        total = Decimal(str(total)) if total is not None else price * quantity
        items.append(PdfItem(no=len(items) + 1, coa_code=code or "-", coa_name=name or "-",
                             description=description or "", unit_price=price, quantity=quantity,
                             total_unit_price=total, term_of_payment=term, grand_total=total * term))
    return items


def _snapshot_items(snapshot: dict[str, Any]) -> tuple[list[PdfItem], list[PdfItem]]:
    """Items of a frozen revision, as service._snapshot writes them (the form's camelCase Pcs shape)."""
    rows = []
    for raw in snapshot.get("projectCostSheetItems") or []:
        coa = raw.get("chartOfAccount") or {}
        rows.append((raw.get("type"), raw.get("coaCode") or coa.get("code"), raw.get("coaName") or coa.get("name"),
                     raw.get("description"), raw.get("sellingPrice"), raw.get("quantity"),
                     raw.get("totalSellingPrice"), raw.get("termOfPayment")))
    return _numbered(rows, "REVENUE"), _numbered(rows, "COST")


def _layers(session: Session, request_id: int | None) -> list[PdfLayer]:
    """The request's layers in order (sequence = layer order) with who decided and when."""
    if request_id is None:
        return []
    request = session.get(ApprovalRequest, request_id)
    if request is None:
        return []
    version = session.get(ApprovalPipelineVersion, request.pipeline_version_id)
    names = [str(layer.get("name") or "") for layer in (version.layers if version else [])]
    decisions = repo.decisions_named(session, request_id)
    count = max([len(names)] + [d.layer_index + 1 for d in decisions])
    layers = [PdfLayer(seq=i + 1, label=timelines.layer_label(i + 1).capitalize(),
                       name=names[i] if i < len(names) else "") for i in range(count)]
    for d in decisions:
        layers[d.layer_index].approvers.append(PdfApprover(name=d.fullname, action=d.action, decided_at=d.decided_at))
    return layers


def _latest_pid(session: Session, lead_id: int) -> str | None:
    pids = repo.pids(session, lead_id)
    return pids[-1].pid_number if pids else None


def _categories(session: Session, lead_id: int) -> str:
    return ", ".join(dict.fromkeys(r.service_category_name for r in repo.service_categories(session, lead_id)))


def document(session: Session, lead: Lead, *, revision_batch: int | None = None) -> PcsDocument:
    """Everything the PDF shows for one revision of the lead's sheet (the current one by default)."""
    sheet = repo.sheet_of_lead(session, lead.id)
    if sheet is None:
        raise NotFound(SHEET_NOT_FOUND)
    remark: str | None
    if revision_batch is None or revision_batch == sheet.revision_batch:
        if sheet.status == "REJECTED":
            raise NotFound(APPROVAL_DATA_EMPTY)
        revenue, cost = _sheet_items(session, sheet.id)
        status, remark, request_id, batch = sheet.status, sheet.remark, sheet.approval_request_id, sheet.revision_batch
        totals = (sheet.total_revenue, sheet.total_cost, sheet.gross_profit, sheet.gross_profit_margin)
    else:
        history = repo.history(session, sheet.id, revision_batch)
        if history is None:
            raise NotFound(REVISION_NOT_FOUND)
        revenue, cost = _snapshot_items(history.snapshot or {})
        status, remark, request_id, batch = history.status, history.remark, history.approval_request_id, revision_batch
        total_revenue = sum((i.grand_total for i in revenue), Decimal(0))
        total_cost = sum((i.grand_total for i in cost), Decimal(0))
        gross = total_revenue - total_cost
        totals = (total_revenue, total_cost, gross, (gross / total_revenue * 100) if total_revenue else Decimal(0))
    client = session.get(Client, lead.client_id)
    sales = session.get(User, lead.sales_person_id)
    entity = session.get(Entity, lead.entity_id) if lead.entity_id else None
    return PcsDocument(
        client=client.client_name if client else "-", project=lead.project_name, pid=_latest_pid(session, lead.id),
        sales_person=sales.fullname if sales else "-", entity=entity.entity_name if entity else None,
        service_categories=_categories(session, lead.id), revision_batch=batch, status=status, remark=remark,
        project_start=lead.project_start_date, project_end=lead.project_end_date,
        revenue_items=revenue, cost_items=cost,
        total_revenue=Decimal(str(totals[0] or 0)), total_cost=Decimal(str(totals[1] or 0)),
        gross_profit=Decimal(str(totals[2] or 0)), gross_profit_margin=Decimal(str(totals[3] or 0)),
        layers=_layers(session, request_id), company=get_settings().tenant_name)


# -- rendering -----------------------------------------------------------------------------------------------

def html(doc: PcsDocument) -> str:
    return _templates.get_template("pcs.html").render(
        doc=doc, idr=idr, number=number, percent=percent, long_date=long_date, long_datetime=long_datetime,
        status_label=STATUS_LABELS.get(doc.status, doc.status.replace("_", " ").title() if doc.status else "N/A"))


def render(doc: PcsDocument) -> bytes:
    return render_pdf(html(doc))


def lead_pdf(*, session: Session, actor: User, lead_id: int, revision_batch: int | None) -> tuple[bytes, str]:
    """The PDF of a visible lead's sheet and its file name."""
    lead = lead_visibility.visible_or_404(session, actor, lead_id)
    doc = document(session, lead, revision_batch=revision_batch)
    return render(doc), filename(doc.client, doc.project)


def sample_document() -> PcsDocument:
    """Made-up data for the /pdf test page: no real client, lead or person."""

    def item(no: int, code: str, name: str, description: str, price: int, qty: int, term: int) -> PdfItem:
        total = Decimal(price) * qty
        return PdfItem(no, code, name, description, Decimal(price), qty, total, term, total * term)

    revenue = [item(1, "4-1001", "Managed Service Fee", "Monthly managed network service, 12 sites", 12_500_000, 1, 12),
               item(2, "4-1002", "Implementation Service", "One-time deployment and configuration", 85_000_000, 1,
                    1),
               item(3, "4-1003", "Hardware Sales", "Branch router with three-year warranty", 9_750_000, 12, 1)]
    cost = [item(1, "5-2001", "Subcontractor Service", "Field engineers for site installation", 3_500_000, 12, 1),
            item(2, "5-2002", "Hardware Purchase", "Branch routers from the distributor", 7_800_000, 12, 1),
            item(3, "5-2003", "Bandwidth Cost", "Monthly upstream bandwidth", 4_250_000, 1, 12)]
    total_revenue = sum((i.grand_total for i in revenue), Decimal(0))
    total_cost = sum((i.grand_total for i in cost), Decimal(0))
    gross = total_revenue - total_cost
    at = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
    return PcsDocument(
        client="Sample Client Co.", project="Sample Network Modernisation", pid="PID-2026-0000",
        sales_person="Sample Sales Person", entity="Sample Entity", service_categories="Managed Service, Network",
        revision_batch=0, status="APPROVED", remark="Sample data only", project_start=date(2026, 4, 1),
        project_end=date(2027, 3, 31), revenue_items=revenue, cost_items=cost, total_revenue=total_revenue,
        total_cost=total_cost, gross_profit=gross,
        gross_profit_margin=(gross / total_revenue * 100).quantize(Decimal("0.01")),
        layers=[PdfLayer(1, "Checked by", "Team Leader", [PdfApprover("Sample Team Leader", "APPROVED", at)]),
                PdfLayer(2, "Acknowledged by", "Finance", [PdfApprover("Sample Finance Officer", "APPROVED", at)]),
                PdfLayer(3, "Approved by", "Director", [PdfApprover("Sample Director", "APPROVED", at)])],
        company="Sample Company", sample=True)


def sample_pdf() -> tuple[bytes, str]:
    return render(sample_document()), "project-cost-sheet.pdf"
