"""About 150 demo leads across stages, statuses, clients and sales people, and the leads closed in the four years
before (only into an empty table)."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals.models import ApprovalRequest
from api.approvals.schemas import RequestIn
from api.clients.contacts.models import Contact
from api.clients.models import Client
from api.core.config import get_settings
from api.core.errors import AppError
from api.leads import requests as lead_requests
from api.leads import stage_rules
from api.leads.models import Lead, LeadHistory, LeadPic, LeadProjectId, LeadServiceCategory, Stage
from api.master_data import models as md
from api.users.models import Role, User

PROJECTS = [
    "Core Banking Network Refresh", "SOC Managed Service", "Data Center Colocation", "Branch SD-WAN Rollout",
    "Cloud Migration Phase {n}", "Disaster Recovery Site", "ERP Implementation", "Mobile App Revamp",
    "Service Desk Outsourcing", "Firewall Managed Service", "Penetration Test {y}", "Private Cloud Expansion",
    "Campus Wi-Fi Upgrade", "Identity & Access Management", "API Gateway Integration", "Backup as a Service",
    "Field Services Contract", "IT Strategy Assessment", "Digital Transformation Roadmap", "NOC Renewal {y}",
]
STAGE_WEIGHTS = {"E1": 30, "E2": 26, "E3": 24, "E4": 20, "E5": 14, "E6": 10, "E7": 12}
STATUS_WEIGHTS = {"NEW": 55, "WAITING": 15, "HOLD": 10, "DROPPED": 8}


def seed_demo_leads(session: Session, *, count: int = 150, seed: int = 2026) -> None:
    if session.scalar(select(Lead.id).limit(1)) is not None:
        return
    rng = random.Random(seed)
    stages = {s.stage_name: s for s in session.scalars(select(Stage))}
    clients = list(session.scalars(select(Client).order_by(Client.id)))
    sales = list(session.scalars(select(User).join(Role).where(Role.name == "SALES").order_by(User.id)))
    if not stages or not clients or not sales:
        return
    contacts: dict[int, list[int]] = {}
    for c in session.scalars(select(Contact).where(Contact.deleted_at.is_(None))):
        contacts.setdefault(c.client_id, []).append(c.id)
    types = list(session.scalars(select(md.ProjectType.id)))
    sources = list(session.scalars(select(md.Source.id)))
    entities = list(session.scalars(select(md.Entity.id)))
    units = list(session.scalars(select(md.Unit.id)))
    categories = list(session.scalars(select(md.ServiceCategory.id)))
    now = datetime.now(UTC)
    order = ["E1", "E2", "E3", "E4", "E5", "E6", "E7"]

    for _ in range(count):
        stage_name = rng.choices(list(STAGE_WEIGHTS), weights=list(STAGE_WEIGHTS.values()))[0]
        status = "CLOSED" if stage_name == "E7" else rng.choices(list(STATUS_WEIGHTS),
                                                                  weights=list(STATUS_WEIGHTS.values()))[0]
        client = rng.choice(clients)
        owner = rng.choice(sales)
        created = now - timedelta(days=rng.randint(20, 360), hours=rng.randint(0, 23))
        contacted = now - timedelta(days=rng.choice([rng.randint(0, 29), rng.randint(30, 89), rng.randint(90, 160)]),
                                    hours=rng.randint(0, 23))
        contacted = max(contacted, created)
        revenue = Decimal(rng.randrange(150, 25_000)) * Decimal(1_000_000)
        gp = (revenue * Decimal(rng.randint(8, 35)) / 100).quantize(Decimal("1"))
        start = (created + timedelta(days=rng.randint(30, 120))).date()
        months = rng.choice([6, 12, 24])
        lead = Lead(
            project_name=rng.choice(PROJECTS).format(n=rng.randint(1, 3), y=rng.choice([2026, 2027])),
            client_id=client.id, sales_person_id=owner.id, stage_id=stages[stage_name].id, status=status,
            project_type_id=rng.choice(types), source_id=rng.choice(sources),
            entity_id=rng.choice(entities) if order.index(stage_name) >= 3 else None,
            unit_id=rng.choice(units) if order.index(stage_name) >= 3 else None,
            subscription_type=rng.choice(["ONE_TIME", "RECURRING"]),
            competitor=rng.choice([None, "Telkomsigma", "Lintasarta", "Datacomm"]),
            expected_close_date=(now + timedelta(days=rng.randint(-30, 200))).date(),
            project_start_date=start, project_end_date=start + timedelta(days=round(months * 30.44)),
            project_duration=months, total_revenue=revenue, total_gross_profit=gp,
            gross_profit_margin=(gp / revenue * 100).quantize(Decimal("0.01")),
            project_description="Demo lead seeded for the board.", last_contacted_at=contacted,
            created_at=created, updated_at=contacted, created_by=owner.id,
        )
        session.add(lead)
        session.flush()
        for pic in contacts.get(client.id, [])[:2]:
            session.add(LeadPic(lead_id=lead.id, contact_id=pic))
        session.add(LeadServiceCategory(lead_id=lead.id, service_category_id=rng.choice(categories)))
        session.add(LeadHistory(lead_id=lead.id, changed_by=owner.id, changed_at=created, field="created",
                                old_value=None, new_value="E1 Found"))
        moment = created
        for previous, current in itertools.pairwise(order[:order.index(stage_name) + 1]):
            moment = min(moment + timedelta(days=rng.randint(3, 40)), contacted)
            session.add(LeadHistory(lead_id=lead.id, changed_by=owner.id, changed_at=moment, field="stage",
                                    old_value=previous, new_value=current))
        lead.stage_changed_at = moment
        if status == "CLOSED":
            lead.closed_at = moment
        if stage_name == "E7":
            session.add(LeadProjectId(lead_id=lead.id, pid_number=f"PID-{created:%y%m}-{lead.id:05d}"))


HISTORY_YEARS = 4
CLOSED_PER_YEAR = (8, 14)
HISTORY_NOTE = "Demo lead won in an earlier year."


def seed_demo_closed_history(session: Session, *, seed: int = 2025) -> None:
    """Leads won in the four years before this one (E7, closed, with their stage path and PID), so the demo
    dashboard's yearly line and its year-over-year months have a past. Only once."""
    this_year = datetime.now(UTC).year
    if session.scalar(select(Lead.id).where(Lead.project_description == HISTORY_NOTE).limit(1)) is not None:
        return
    rng = random.Random(seed)
    stages = {s.stage_name: s for s in session.scalars(select(Stage))}
    clients = list(session.scalars(select(Client).order_by(Client.id)))
    sales = list(session.scalars(select(User).join(Role).where(Role.name == "SALES").order_by(User.id)))
    if "E7" not in stages or not clients or not sales:
        return
    types = list(session.scalars(select(md.ProjectType.id)))
    sources = list(session.scalars(select(md.Source.id)))
    entities = list(session.scalars(select(md.Entity.id)))
    units = list(session.scalars(select(md.Unit.id)))
    categories = list(session.scalars(select(md.ServiceCategory.id)))
    order = ["E1", "E2", "E3", "E4", "E5", "E6", "E7"]
    for year in range(this_year - HISTORY_YEARS, this_year):
        for _ in range(rng.randint(*CLOSED_PER_YEAR)):
            closed = datetime(year, rng.randint(1, 12), rng.randint(1, 28), rng.randint(8, 17), tzinfo=UTC)
            created = closed - timedelta(days=rng.randint(45, 220))
            owner, client = rng.choice(sales), rng.choice(clients)
            revenue = Decimal(rng.randrange(400, 20_000)) * Decimal(1_000_000)
            gp = (revenue * Decimal(rng.randint(10, 32)) / 100).quantize(Decimal("1"))
            months = rng.choice([12, 24, 36])
            start = (closed + timedelta(days=rng.randint(10, 40))).date()
            lead = Lead(
                project_name=rng.choice(PROJECTS).format(n=rng.randint(1, 3), y=year),
                client_id=client.id, sales_person_id=owner.id, stage_id=stages["E7"].id, status="CLOSED",
                project_type_id=rng.choice(types), source_id=rng.choice(sources), entity_id=rng.choice(entities),
                unit_id=rng.choice(units), subscription_type=rng.choice(["ONE_TIME", "RECURRING"]),
                expected_close_date=closed.date(), project_start_date=start,
                project_end_date=start + timedelta(days=round(months * 30.44)), project_duration=months,
                total_revenue=revenue, total_gross_profit=gp,
                gross_profit_margin=(gp / revenue * 100).quantize(Decimal("0.01")),
                project_description=HISTORY_NOTE, last_contacted_at=closed,
                created_at=created, updated_at=closed, created_by=owner.id, stage_changed_at=closed, closed_at=closed,
            )
            session.add(lead)
            session.flush()
            session.add(LeadServiceCategory(lead_id=lead.id, service_category_id=rng.choice(categories)))
            session.add(LeadHistory(lead_id=lead.id, changed_by=owner.id, changed_at=created, field="created",
                                    old_value=None, new_value="E1 Found"))
            step = (closed - created) / (len(order) - 1)
            for index, (previous, current) in enumerate(itertools.pairwise(order), start=1):
                session.add(LeadHistory(lead_id=lead.id, changed_by=owner.id, changed_at=created + step * index,
                                        field="stage", old_value=previous, new_value=current))
            session.add(LeadProjectId(lead_id=lead.id, pid_number=f"PID-{created:%y%m}-{lead.id:05d}"))


def seed_waiting_requests(session: Session) -> int:
    """Every WAITING lead waits for a real request: a demo lead seeded as waiting (or one left waiting without a
    request by an older version) gets one through the engine, committed like any request; the approval sweep
    starts its workflow once the worker runs. Returns how many were made."""
    waiting = select(ApprovalRequest.id).where(ApprovalRequest.lead_id == Lead.id,
                                               ApprovalRequest.status == "PENDING",
                                               ApprovalRequest.request_type != "PCS").exists()
    stuck = list(session.scalars(select(Lead).where(Lead.status == "WAITING", ~waiting).order_by(Lead.id)))
    stages = stage_rules.board_stages(session)
    task_queue = get_settings().temporal_task_queue  # the deployment the seed serves (in its workflow ids)
    made = 0
    for lead in stuck:
        lead.status = "NEW"
        owner = session.get(User, lead.sales_person_id)
        current = next((s for s in stages if s.id == lead.stage_id), None)
        following: Stage | None = next((s for s in stages if current and s.seq_number > current.seq_number), None)
        move = stage_rules.check_move(session, lead, following, stages=stages) if following is not None else None
        move_ok = move is not None and move.allowed and move.needs_approval  # only a gated move is requested
        data = RequestIn(request_type="CHANGE_LEAD_STAGE", target_stage_id=following.id) \
            if move_ok and following is not None else RequestIn(request_type="HOLD_LEAD", notes="Customer paused")
        try:
            with session.begin_nested():
                lead_requests.open_request(session, actor=owner, lead=lead, data=data,  # type: ignore[arg-type]
                                           task_queue=task_queue)
            made += 1
        except AppError:  # no pipeline for it: the lead simply does not wait
            continue
    session.flush()
    return made
