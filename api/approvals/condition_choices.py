"""What a layer condition's choices are called (the designer shows them on the node, the skip reasons quote them),
and which of them exist: service categories, project types, clients, team leaders, the target stages (named by the
request type that asks for them: a stage change) and the target statuses."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.approvals import outcomes
from api.clients.models import Client
from api.master_data.models import ProjectType, ServiceCategory
from api.users.models import User

STATUS_NAMES = {"HOLD": "On Hold", "DROPPED": "Dropped", "CLOSED": "Closed"}


def names(session: Session, fact: str, ids: list[int | str], action_type: str) -> dict[int | str, str]:
    """{id: name} of the choices that exist (an id missing from the answer names nothing)."""
    numbers = [i for i in ids if isinstance(i, int)]
    if fact == "TARGET_STATUS":
        return {i: STATUS_NAMES[i] for i in ids if isinstance(i, str) and i in STATUS_NAMES}
    if fact == "TARGET_STAGE":
        try:
            named = outcomes.handler_for(action_type).stage_names
        except LookupError:
            named = None
        return {i: name for i, name in named(session, numbers).items()} if named is not None and numbers else {}
    columns = {"SERVICE_CATEGORY": (ServiceCategory.id, ServiceCategory.service_category_name),
               "PROJECT_TYPE": (ProjectType.id, ProjectType.project_type_name),
               "CLIENT": (Client.id, Client.client_name),
               "TEAM": (User.id, User.fullname)}.get(fact)
    if columns is None or not numbers:
        return {}
    key, name = columns
    return dict(session.execute(select(key, name).where(key.in_(numbers))).tuples().all())
