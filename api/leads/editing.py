"""Writing a lead: creating one, and applying the edit form with its parts (persons in charge, service
categories, payments, billing schedules) and files, each change recorded in its history; the stage rules
(api.leads.moves) decide the stage it asks for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from api.clients.models import Client
from api.core.errors import RequestPending, ValidationFailed
from api.core.storage import Storage
from api.core.uploads import Upload
from api.leads import detail, history, moves, stage_rules
from api.leads import files as lead_files
from api.leads import repository as repo
from api.leads.models import Lead, LeadBillingSchedule, LeadPayment, LeadPic, LeadServiceCategory, Stage
from api.leads.schemas import LeadCreate, LeadUpdate, ServiceCategoryItem
from api.leads.visibility import Scope, visible_or_404, visible_sales_ids
from api.master_data import models as md
from api.users.models import User


@dataclass
class Reads:
    """What many lead writes in one transaction read once (an import's batch of rows): the board stages, the actor's
    scope and whether each sales person chosen may be given leads. The rules stay in this module and stage_rules;
    this only keeps what they read, for a caller that drops it with its transaction. Without one, every call reads
    afresh. Holding the stages also keeps them in the session, so a stage got by its id is not read again."""

    stages: list[Stage] | None = None
    scopes: dict[int, Scope] = field(default_factory=dict)  # actor id -> visible_sales_ids
    sales: dict[tuple[int, int], bool] = field(default_factory=dict)  # (actor id, sales id) -> may be given leads

    def board_stages(self, session: Session) -> list[Stage]:
        if self.stages is None:
            self.stages = stage_rules.board_stages(session)
        return self.stages

    def scope(self, session: Session, actor: User) -> Scope:
        if actor.id not in self.scopes:
            self.scopes[actor.id] = visible_sales_ids(session, actor)
        return self.scopes[actor.id]

    def may_be_given(self, session: Session, actor: User, sales_id: int) -> bool:
        """An active sales person the actor may see (someone else chosen as a lead's sales person must be)."""
        key = (actor.id, sales_id)
        if key not in self.sales:
            self.sales[key] = repo.is_active_sales(session, sales_id, self.scope(session, actor))
        return self.sales[key]


def _check_refs(session: Session, *, client_id: int | None, values: dict[str, Any]) -> list[str]:
    errors = []
    checks = [("project_type_id", md.ProjectType, "Please choose a valid project type."),
              ("source_id", md.Source, "Please choose a valid source."),
              ("entity_id", md.Entity, "Please choose a valid entity."),
              ("unit_id", md.Unit, "Please choose a valid unit.")]
    for attr, model, message in checks:
        if values.get(attr) and session.get(model, values[attr]) is None:
            errors.append(message)
    if client_id is not None and session.get(Client, client_id) is None:
        errors.append("Please choose client")
    return errors


def _check_categories(session: Session, data: LeadUpdate) -> list[str]:
    """The service categories the edit names (with its payments and billing) and their sub categories exist."""
    named = data.service_categories or []
    wanted = {c.service_category_id for c in named} | {p.service_category_id for p in data.payments or []} | {
        b.service_category_id for b in data.billing_schedules or []}
    parents = repo.sub_category_parents(session, {c.sub_service_category_id for c in named
                                                  if c.sub_service_category_id})
    errors = ["Please choose a valid service category."] if wanted - repo.known_categories(session, wanted) else []
    if any(c.sub_service_category_id and parents.get(c.sub_service_category_id) != c.service_category_id
           for c in named):
        errors.append("Please choose a valid sub service category.")
    return errors


def _describe_categories(items: list[ServiceCategoryItem]) -> str | None:
    names = [c.service_category_name + (f" / {c.sub_service_category_name}" if c.sub_service_category_name else "")
             for c in items if c.service_category_name]
    return ", ".join(sorted(names)) or None


def _describe_money_rows(items: Any, date_attr: str) -> str | None:
    """A short, comparable summary of payment or billing rows: 'date amount' each, in date order."""
    rows = sorted(f"{getattr(i, date_attr) or '-'} {float(i.amount or 0):.2f}" for i in items)
    return "; ".join(rows) or None


def _set_pics(session: Session, lead: Lead, pic_ids: list[int], actor: User, record: bool) -> None:
    """The lead's persons in charge; `record` False for a lead being created (nothing to replace or record)."""
    contacts = {c.id: c for c in repo.client_contacts(session, lead.client_id, pic_ids)}
    if len(contacts) != len(set(pic_ids)):
        raise ValidationFailed("Persons in charge must be contacts of the lead's client.")
    pics = [LeadPic(lead_id=lead.id, contact_id=i) for i in dict.fromkeys(pic_ids)]
    if not record:
        session.add_all(pics)
        return
    before = [p.pic_name for p in detail.pics(session, lead.id)]
    repo.replace_parts(session, LeadPic, lead.id, pics)
    after = sorted(c.fullname for c in contacts.values())
    if sorted(before) != after:
        history.record(session, lead, actor, "personInCharges", ", ".join(sorted(before)) or None,
                       ", ".join(after) or None)


def create(*, session: Session, actor: User, data: LeadCreate, commit: bool = True,
           reads: Reads | None = None) -> Lead:
    """A new lead, committed unless told (an import writes it inside its own savepoint); a refusal raises and leaves
    the transaction to its owner (the request's session is dropped, an import's savepoint rolled back)."""
    reads = reads or Reads()
    errors = []
    if not data.client_id:
        errors.append("Please choose client")
    if not (data.project_name or "").strip():
        errors.append("Please enter project name")
    sales_id = data.sales_id or actor.id
    # someone else chosen as the sales person (an administrator's or a team leader's choice) must be an active
    # sales person the actor may see; without a choice the lead is the actor's own
    chosen_ok = sales_id == actor.id or reads.may_be_given(session, actor, sales_id)
    if not chosen_ok:
        errors.append("Please choose a sales person from your team")
    stage = (session.get(Stage, data.stage_id) if data.stage_id
             else stage_rules.first_stage(session, stages=reads.board_stages(session)))
    if stage is None or stage.stage_name == stage_rules.CLOSED_STAGE:
        errors.append("Please choose a stage of the board")
    errors += _check_refs(session, client_id=data.client_id, values={"project_type_id": data.project_type,
                                                                     "source_id": data.source_id})
    if errors:
        raise ValidationFailed(errors)
    assert stage is not None and data.client_id
    now = datetime.now(UTC)
    lead = Lead(project_name=(data.project_name or "").strip(), client_id=data.client_id, sales_person_id=sales_id,
                source_id=data.source_id, project_type_id=data.project_type, competitor=data.competitor,
                stage_id=stage.id, status="NEW", created_by=actor.id, last_contacted_at=now, stage_changed_at=now)
    session.add(lead)
    session.flush()
    if data.person_in_charges:
        _set_pics(session, lead, data.person_in_charges, actor, record=False)
    session.flush()
    refused = stage_rules.check_create(session, lead, stages=reads.board_stages(session))
    if refused:
        raise ValidationFailed(refused)
    history.record(session, lead, actor, "created", None, f"{stage.stage_name} {stage.stage_description}")
    if commit:
        session.commit()
    return lead


def enter_stage(*, session: Session, actor: User, lead: Lead, target: Stage, reads: Reads | None = None) -> None:
    """Put a lead just created (in the first stage, its fields then applied by the edit) in the stage it was asked
    to start in, when the stage rules let a new lead start there (no approval on the way, the fields it requires
    filled); an import's row asks this. Not committed."""
    if target.id == lead.stage_id:
        return
    session.flush()
    refused = stage_rules.check_create(session, lead, target, stages=(reads or Reads()).board_stages(session))
    if refused:
        raise ValidationFailed(refused)
    moves.move_to(session, lead, actor, target)


def discard(*, session: Session, actor: User, lead_id: int) -> None:
    """Remove a lead with everything hanging off it (an import's undo of the leads it created). Not committed."""
    session.delete(visible_or_404(session, actor, lead_id))
    session.flush()


@dataclass
class Edit:
    """An edit applied to the session, not committed: the lead, whether it moved, and the stage it asked for
    that needs an approved request (the caller makes that request in the same transaction)."""

    lead: Lead
    moved: bool
    gated: Stage | None


def margin_of(revenue: Decimal | float | None, gp: Decimal | float | None) -> Decimal:
    """A lead's gross profit margin in percent, as an edit stores it (0 without revenue)."""
    revenue, gp = Decimal(str(revenue or 0)), Decimal(str(gp or 0))
    return (gp / revenue * 100).quantize(Decimal("0.01")) if revenue else Decimal(0)


def _set_fields(session: Session, lead: Lead, actor: User, values: dict[str, Any]) -> None:
    for attr, value in values.items():
        if attr in ("project_budget", "total_revenue", "total_gross_profit") and value is not None:
            value = Decimal(str(value))  # as typed: the schema refuses more than 2 decimals
        old = getattr(lead, attr)
        if old != value:
            history.record(session, lead, actor, history.camel(attr), old, value)
            setattr(lead, attr, value)
    lead.gross_profit_margin = margin_of(lead.total_revenue, lead.total_gross_profit)
    if abs(lead.gross_profit_margin) >= 100_000:  # Numeric(7, 2)
        raise ValidationFailed("Gross profit margin must be between -99.999,99% and 99.999,99%: "
                               "check Total Revenue and Total Gross Profit.")


def _set_parts(session: Session, lead: Lead, actor: User, data: LeadUpdate) -> None:
    """The lists the edit replaces (only those it sends), each change recorded."""
    if data.person_in_charges is not None:
        _set_pics(session, lead, data.person_in_charges, actor, record=True)
    if data.service_categories is not None:
        before = _describe_categories(detail.categories(session, lead.id))
        repo.replace_parts(session, LeadServiceCategory, lead.id, [
            LeadServiceCategory(lead_id=lead.id, service_category_id=c.service_category_id,
                                sub_service_category_id=c.sub_service_category_id)
            for c in data.service_categories])
        session.flush()
        after = _describe_categories(detail.categories(session, lead.id))
        if before != after:
            history.record(session, lead, actor, "serviceCategories", before, after)
    if data.payments is not None:
        before = _describe_money_rows(detail.payments(session, lead.id), "billing_date")
        repo.replace_parts(session, LeadPayment, lead.id, [
            LeadPayment(lead_id=lead.id, service_category_id=p.service_category_id, billing_date=p.billing_date,
                        amount=p.amount) for p in data.payments])
        after = _describe_money_rows(data.payments, "billing_date")
        if before != after:
            history.record(session, lead, actor, "payments", before, after)
    if data.billing_schedules is not None:
        before = _describe_money_rows(detail.billing(session, lead.id), "schedule")
        repo.replace_parts(session, LeadBillingSchedule, lead.id, [
            LeadBillingSchedule(lead_id=lead.id, service_category_id=b.service_category_id, schedule=b.schedule,
                                amount=b.amount, description=b.description) for b in data.billing_schedules])
        after = _describe_money_rows(data.billing_schedules, "schedule")
        if before != after:
            history.record(session, lead, actor, "billingSchedules", before, after)


def _set_files(session: Session, storage: Storage, lead: Lead, actor: User, remove: Sequence[str],
               uploads: dict[str, Upload]) -> None:
    """Removed and replaced files, staged with the transaction (a rollback keeps the old ones, stores nothing)."""
    for kind in remove:
        attr = lead_files.KINDS[kind][0]
        if getattr(lead, attr):
            history.record(session, lead, actor, kind, getattr(lead, attr)["name"], None)
            lead_files.discard(storage.staged(session), lead_id=lead.id, value=getattr(lead, attr))
            setattr(lead, attr, None)
    for file_kind, upload in uploads.items():  # checked by size and content as they were received
        attr = lead_files.KINDS[file_kind][0]
        old = getattr(lead, attr)
        stored = lead_files.store(storage.staged(session), lead_id=lead.id, kind=file_kind, upload=upload,
                                  replacing=old)
        history.record(session, lead, actor, file_kind, old["name"] if old else None, stored["name"])
        setattr(lead, attr, stored)


def apply_edit(*, session: Session, storage: Storage | None, actor: User, lead_id: int, data: LeadUpdate,
               uploads: dict[str, Upload]) -> Edit:
    """Apply the edit form and its files to the session; the stage rules decide the stage it asks for. `storage` may
    be None for an edit without files (an import's row)."""
    lead = visible_or_404(session, actor, lead_id)
    target = None
    if data.stage_id and data.stage_id != lead.stage_id:
        target = session.get(Stage, data.stage_id)
        if target is None:
            raise ValidationFailed("Please choose a stage of the board.")
        pending = moves.pending_request(session, lead.id, lead.status)
        if pending is not None:
            raise RequestPending(moves.waiting_message(session, pending))
    fields = data.model_dump(exclude_unset=True, exclude={"stage_id", "person_in_charges", "service_categories",
                                                          "payments", "billing_schedules", "remove_files"})
    values = {("project_type_id" if k == "project_type" else k): v for k, v in fields.items()}
    errors = _check_refs(session, client_id=values.get("client_id"), values=values) + _check_categories(session, data)
    if "project_name" in values and not (values["project_name"] or "").strip():
        errors.append("Please enter project name")
    start, end = values.get("project_start_date", lead.project_start_date), values.get(
        "project_end_date", lead.project_end_date)
    if start and end and end < start:
        errors.append("Project end date cannot be before the start date.")
    if errors:
        raise ValidationFailed(errors)

    lead.updated_at = datetime.now(UTC)  # changed even when only its parts or files do; in the UPDATE of its fields
    _set_fields(session, lead, actor, values)
    _set_parts(session, lead, actor, data)
    if data.remove_files or uploads:
        if storage is None:
            raise ValueError("an edit of files needs the storage")
        _set_files(session, storage, lead, actor, data.remove_files, uploads)
    session.flush()

    if target is None:
        moves.keep_pending_target(session, lead)
        return Edit(lead, False, None)
    move = moves.check_move(session, lead, target)
    if not move.allowed:
        raise ValidationFailed(move.reason or "This stage cannot be chosen.")
    if move.needs_approval:
        return Edit(lead, False, target)
    moves.move_to(session, lead, actor, target)
    return Edit(lead, True, None)


@dataclass(frozen=True)
class Saved:
    """The edit form's outcome once its transaction is committed: the lead, whether it moved, and the request made
    for a stage that needs approval (its id and what the sales person is told)."""

    lead: Lead
    stage_moved: bool
    approval_required: bool
    message: str | None = None
    approval_id: int | None = None


def saved(edit: Edit, *, approval_id: int | None = None, message: str | None = None) -> Saved:
    return Saved(lead=edit.lead, stage_moved=edit.moved, approval_required=edit.gated is not None, message=message,
                 approval_id=approval_id)
