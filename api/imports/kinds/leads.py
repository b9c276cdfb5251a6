"""Open leads from a spreadsheet, through the lead form's own paths: a new lead is created (api.leads.editing.create:
the client, the project name, the sales person within the importer's team), its other fields applied by the edit
(apply_edit: money, dates, references, persons in charge, service categories), then put in the stage the row asks
for when the stage rules let a new lead start there (no approval on the way, its fields filled). An existing lead
(the same project name within its client, among those the importer may change) is edited as the form edits it; a
stage change that needs approval is refused, since an import asks for no approval. Names are resolved once per
batch: the client by code or name, the sales person by username or full name, persons in charge among the client's
contacts by name or e-mail, service categories as 'Category' or 'Category / Sub category'."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from typing import Any

from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.core.errors import ValidationFailed
from api.imports import reading, repository
from api.imports.fields import Context, Field, Outcome, Values, normalized, unknown_message
from api.leads import detail, editing, stage_rules
from api.leads.models import Lead, Stage
from api.leads.schemas import LeadCreate, LeadUpdate
from api.master_data import models as md
from api.users.models import User

FIELDS: tuple[Field, ...] = (
    Field("client", "Client", True, ("client code", "client name", "company", "customer")),
    Field("projectName", "Project Name", True, ("project", "lead", "lead name", "opportunity")),
    Field("stage", "Stage", aliases=("stage name", "pipeline stage")),
    Field("salesPerson", "Sales Person", aliases=("sales", "salesperson", "sales name", "owner", "account manager")),
    Field("projectType", "Project Type", aliases=("type",)),
    Field("source", "Source", aliases=("lead source",)),
    Field("personInCharges", "Person in Charge", aliases=("pic", "pics", "persons in charge", "contact")),
    Field("serviceCategories", "Service Category", aliases=("service categories", "service")),
    Field("entity", "Entity"),
    Field("unit", "Unit"),
    Field("competitor", "Competitor"),
    Field("decisionMaker", "Decision Maker"),
    Field("projectDescription", "Project Description", aliases=("description",)),
    Field("subscriptionType", "Subscription Type", aliases=("subscription",)),
    Field("expectedCloseDate", "Expected Close Date", aliases=("close date", "expected close")),
    Field("projectStartDate", "Project Start Date", aliases=("start date",)),
    Field("projectEndDate", "Project End Date", aliases=("end date",)),
    Field("projectDuration", "Project Duration", aliases=("duration",)),
    Field("projectBudget", "Project Budget", aliases=("budget",)),
    Field("totalUnit", "Total Unit", aliases=("units",)),
    Field("totalRevenue", "Total Revenue", aliases=("revenue",)),
    Field("totalGrossProfit", "Total Gross Profit", aliases=("gross profit", "gp", "total gp")),
)
LABELS = {f.name: f.label for f in FIELDS}
MATCH_RULES = {"projectName": "Project name within its client"}
TEXTS = {"competitor": "competitor", "decisionMaker": "decision_maker", "projectDescription": "project_description"}
DATES = {"expectedCloseDate": "expected_close_date", "projectStartDate": "project_start_date",
         "projectEndDate": "project_end_date"}
NUMBERS = {"projectBudget": "project_budget", "totalRevenue": "total_revenue",
           "totalGrossProfit": "total_gross_profit"}
WHOLE = {"projectDuration": "project_duration", "totalUnit": "total_unit"}
REFS = {"projectType": ("project_type", md.ProjectType, md.ProjectType.project_type_name),
        "source": ("source_id", md.Source, md.Source.source_name),
        "entity": ("entity_id", md.Entity, md.Entity.entity_name),
        "unit": ("unit_id", md.Unit, md.Unit.unit_name)}
SUBSCRIPTIONS = {"onetime": "ONE_TIME", "once": "ONE_TIME", "recurring": "RECURRING", "monthly": "RECURRING"}
CREATE_ONLY = ("source_id", "project_type", "competitor")  # what the create form takes; the edit takes the rest
SNAPSHOT = ("project_name", "stage_id", "project_type", "source_id", "entity_id", "unit_id", "project_description",
            "subscription_type", "competitor", "decision_maker", "expected_close_date", "project_start_date",
            "project_end_date", "project_duration", "project_budget", "total_unit", "total_revenue",
            "total_gross_profit", "person_in_charges", "service_categories")
REASSIGN = "A lead's sales person changes by reassigning the lead, not by an import."


def number_message(label: str, text: str) -> str:
    return f"{label} '{text[:40]}' is not a number."


def gated_message(stage: Stage) -> str:
    return (f"Moving to {stage_rules.label(stage)} needs approval, which an import does not ask for: request the "
            "move on the lead's page.")


def _json(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    return value.isoformat() if hasattr(value, "isoformat") else value


def snapshot(ctx: Context, lead: Lead) -> dict[str, Any]:
    """The lead as the edit form holds it (what an update is compared with, and what the undo puts back)."""
    attrs = {"project_type": "project_type_id"}
    found = {name: _json(getattr(lead, attrs.get(name, name))) for name in SNAPSHOT[:-2]}
    found["person_in_charges"] = sorted(p.pic_id for p in detail.pics(ctx.session, lead.id))
    found["service_categories"] = sorted(
        ({"service_category_id": c.service_category_id, "sub_service_category_id": c.sub_service_category_id}
         for c in detail.categories(ctx.session, lead.id)),
        key=lambda c: (c["service_category_id"], c["sub_service_category_id"] or 0))
    return found


class LeadsImport:
    kind = "leads"
    label = "Leads"
    fields: tuple[Field, ...] = FIELDS
    match_rules = MATCH_RULES

    def key(self, values: Values, match_on: str) -> str | None:
        client, name = (values.get("client") or "").strip().lower(), (values.get("projectName") or "").strip().lower()
        return f"{client}|{name}" if client and name else None

    def _reads(self, ctx: Context) -> editing.Reads:
        """What the lead service reads once per batch (the board stages, the importer's scope, the sales people
        they may give leads to): its rules, read once for the batch's rows."""
        reads = ctx.cache.get("leads:reads")
        if not isinstance(reads, editing.Reads):
            reads = ctx.cache["leads:reads"] = editing.Reads()
            reads.board_stages(ctx.session)
        return reads

    def _hold(self, ctx: Context, model: Any, record_id: int | None) -> None:
        """Keep a record the rows name in the session for the batch (the service's get of it reads no row again)."""
        if record_id is not None and f"held:{model.__name__}:{record_id}" not in ctx.cache:
            ctx.cache[f"held:{model.__name__}:{record_id}"] = ctx.session.get(model, record_id)

    def _lookup(self, ctx: Context, name: str) -> dict[str, int]:
        session = ctx.session
        loaders: dict[str, Any] = {
            "clients": lambda: repository.client_ids(session),
            "users": lambda: repository.names(session, User.id, User.username, User.fullname),
            "stages": lambda: repository.stage_ids(session),
            "contacts": lambda: repository.names(session, Contact.id, Contact.fullname, Contact.email,
                                                 prefix=Contact.client_id, where=Contact.deleted_at.is_(None)),
            "categories": lambda: repository.names(session, md.ServiceCategory.id,
                                                   md.ServiceCategory.service_category_name),
            "subcategories": lambda: repository.names(session, md.SubServiceCategory.id,
                                                      md.SubServiceCategory.sub_service_category_name,
                                                      prefix=md.SubServiceCategory.service_category_id),
            **{field: (lambda model=model, column=column: repository.names(session, model.id, column))
               for field, (_, model, column) in REFS.items()},
        }
        return ctx.lookup(f"leads:{name}", loaders[name])

    def _pics(self, ctx: Context, client_id: int | None, text: str, errors: list[str]) -> list[int]:
        contacts = self._lookup(ctx, "contacts")
        whole = contacts.get(f"{client_id}:{text.strip().lower()}")
        if whole is not None:
            return [whole]
        found = []
        for part in (p.strip() for p in text.replace("\n", ";").replace(",", ";").split(";")):
            contact = contacts.get(f"{client_id}:{part.lower()}") if part else None
            if part and contact is None:
                errors.append(unknown_message("Person in Charge", part))
            elif contact is not None:
                found.append(contact)
        return sorted(set(found))

    def _categories(self, ctx: Context, text: str, errors: list[str]) -> list[dict[str, int | None]]:
        found: dict[tuple[int, int], dict[str, int | None]] = {}
        for part in (p.strip() for p in text.replace("\n", ";").split(";")):
            if not part:
                continue
            name, _, sub = part.partition("/")
            category = self._lookup(ctx, "categories").get(name.strip().lower())
            sub_id = self._lookup(ctx, "subcategories").get(f"{category}:{sub.strip().lower()}") if sub else None
            if category is None or (sub.strip() and sub_id is None):
                errors.append(unknown_message("Service Category", part))
                continue
            found[(category, sub_id or 0)] = {"service_category_id": category, "sub_service_category_id": sub_id}
        return [found[k] for k in sorted(found)]

    def _resolve(self, ctx: Context, values: Values) -> tuple[dict[str, Any], Stage | None, int | None]:
        """The row as the form's values (names resolved to ids, dates and amounts read), the stage it asks for and
        its sales person; every problem of the row at once."""
        errors: list[str] = []
        data: dict[str, Any] = {}
        client = (values.get("client") or "").strip()
        data["client_id"] = self._lookup(ctx, "clients").get(client.lower()) if client else None
        if client and data["client_id"] is None:
            errors.append(unknown_message("Client", client))
        self._hold(ctx, Client, data["client_id"])
        data["project_name"] = values.get("projectName")
        stage = None
        if values.get("stage"):
            text = values["stage"] or ""
            stage_id = self._lookup(ctx, "stages").get(" ".join(text.split()).lower())
            self._reads(ctx)  # the board stages held: the stage by its id is read once
            stage = ctx.session.get(Stage, stage_id) if stage_id else None
            if stage is None:
                errors.append(unknown_message("Stage", text))
        sales_id = None
        if values.get("salesPerson"):
            sales_id = self._lookup(ctx, "users").get((values["salesPerson"] or "").strip().lower())
            if sales_id is None:
                errors.append(unknown_message("Sales Person", values["salesPerson"] or ""))
        for field, (attr, _, _) in REFS.items():
            if values.get(field):
                data[attr] = self._lookup(ctx, field).get((values[field] or "").strip().lower())
                if data[attr] is None:
                    errors.append(unknown_message(LABELS[field], values[field] or ""))
        for field, attr in TEXTS.items():
            if values.get(field) is not None:
                data[attr] = values[field]
        if values.get("subscriptionType"):
            text = values["subscriptionType"] or ""
            data["subscription_type"] = SUBSCRIPTIONS.get(normalized(text), text.strip().upper())
        for field, attr in DATES.items():
            if values.get(field):
                try:
                    data[attr] = reading.parse_date(values[field] or "").isoformat()
                except ValueError:
                    errors.append(reading.date_message(LABELS[field], values[field] or ""))
        for field, attr in (NUMBERS | WHOLE).items():
            if values.get(field):
                try:
                    number = reading.parse_number(values[field] or "")
                except ValueError:
                    errors.append(number_message(LABELS[field], values[field] or ""))
                    continue
                whole = attr in WHOLE.values() and number == number.to_integral_value()
                data[attr] = int(number) if whole else float(number) if attr in NUMBERS.values() else str(number)
        if values.get("personInCharges"):
            data["person_in_charges"] = self._pics(ctx, data["client_id"], values["personInCharges"] or "", errors)
        if values.get("serviceCategories"):
            data["service_categories"] = self._categories(ctx, values["serviceCategories"] or "", errors)
        if errors:
            raise ValidationFailed(errors)
        return data, stage, sales_id

    def prepare(self, ctx: Context, rows: list[Values], match_on: str) -> None:
        clients = self._lookup(ctx, "clients")
        pairs = {(clients[client], name) for client, name in (
            ((v.get("client") or "").strip().lower(), (v.get("projectName") or "").strip().lower()) for v in rows)
            if name and client in clients}
        ctx.cache["leads:existing"] = repository.leads_named(ctx.session, ctx.actor, pairs)

    def _existing(self, ctx: Context, client_id: int | None, name: str | None) -> Lead | None:
        """The lead the row matches (its client's, of its project name, one the importer may change): among those
        its batch read at once and those its earlier rows created (a client may be named by its code in one row and
        its name in another), else by a query of its own."""
        if not client_id or not (name or "").strip():
            return None
        prepared = ctx.cache.get("leads:existing")
        if isinstance(prepared, dict):
            found: Lead | None = prepared.get((client_id, (name or "").strip().lower()))
            return found
        return repository.lead_named(ctx.session, ctx.actor, client_id, name or "")

    def apply(self, ctx: Context, values: Values, match_on: str) -> Outcome:
        data, stage, sales_id = self._resolve(ctx, values)
        lead = self._existing(ctx, data["client_id"], data["project_name"])
        if lead is None:
            return self._create(ctx, data, stage, sales_id)
        if sales_id is not None and sales_id != lead.sales_person_id:
            raise ValidationFailed(REASSIGN)
        before = snapshot(ctx, lead)
        data.pop("client_id")
        planned = {**before, **data, **({"stage_id": stage.id} if stage is not None else {})}
        changes = {k: v for k, v in planned.items() if before.get(k) != v}
        if not changes:
            return Outcome("UNCHANGED", record_id=lead.id)
        edit = editing.apply_edit(session=ctx.session, storage=None, actor=ctx.actor, lead_id=lead.id,
                                  data=LeadUpdate.model_validate_json(json.dumps(changes)), uploads={})
        if edit.gated is not None:
            raise ValidationFailed(gated_message(edit.gated))
        return Outcome("UPDATED", record_id=lead.id, before=before, written_at=self.written_at(ctx, lead.id))

    def _create(self, ctx: Context, data: dict[str, Any], stage: Stage | None, sales_id: int | None) -> Outcome:
        rest = {k: v for k, v in data.items() if k not in (*CREATE_ONLY, "client_id", "project_name",
                                                          "person_in_charges")}
        edit = LeadUpdate.model_validate_json(json.dumps(rest))  # the amounts' messages before anything is written
        reads = self._reads(ctx)
        form = LeadCreate.model_validate({
            "client_id": data["client_id"], "project_name": data["project_name"], "sales_id": sales_id,
            "person_in_charges": data.get("person_in_charges", []), **{k: data[k] for k in CREATE_ONLY if k in data}})
        lead = editing.create(session=ctx.session, actor=ctx.actor, commit=False, reads=reads, data=form)
        if rest:
            editing.apply_edit(session=ctx.session, storage=None, actor=ctx.actor, lead_id=lead.id, data=edit,
                               uploads={})
        if stage is not None:
            editing.enter_stage(session=ctx.session, actor=ctx.actor, lead=lead, target=stage, reads=reads)
        ctx.session.flush()
        outcome = Outcome("CREATED", record_id=lead.id, written_at=self.written_at(ctx, lead.id))
        prepared = ctx.cache.get("leads:existing")
        if isinstance(prepared, dict):  # written: a later row naming it (its client another way) finds it
            prepared.setdefault((lead.client_id, lead.project_name.strip().lower()), lead)
        return outcome

    def written_at(self, ctx: Context, record_id: int) -> datetime | None:
        return repository.lead_updated_at(ctx.session, record_id)

    def undo(self, ctx: Context, record_id: int, before: dict[str, Any] | None) -> str | None:
        if before is None:
            editing.discard(session=ctx.session, actor=ctx.actor, lead_id=record_id)
            return None
        editing.apply_edit(session=ctx.session, storage=None, actor=ctx.actor, lead_id=record_id,
                           data=LeadUpdate.model_validate_json(json.dumps(before)), uploads={})
        return None


LEADS = LeadsImport()
