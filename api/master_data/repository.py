"""Master-data queries: the lookup tables, geography, service categories, parameters; and the sales people the
lookups offer."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.master_data import models as m
from api.users import repository as users_repo
from api.users.models import Role, User


def ordered(session: Session, model: Any, order: Any) -> list[Any]:
    """Every row of a lookup table, in the given order."""
    return list(session.scalars(select(model).order_by(order)))


def provinces(session: Session, country: int | None) -> list[m.Province]:
    stmt = select(m.Province).order_by(m.Province.province_name)
    return list(session.scalars(stmt if country is None else stmt.where(m.Province.country_id == country)))


def cities(session: Session, province: int | None) -> list[m.City]:
    stmt = select(m.City).order_by(m.City.city_name)
    return list(session.scalars(stmt if province is None else stmt.where(m.City.province_id == province)))


def sub_service_categories(session: Session, service_category_id: int | None = None) -> list[m.SubServiceCategory]:
    stmt = select(m.SubServiceCategory).order_by(m.SubServiceCategory.sub_service_category_name)
    if service_category_id is not None:
        stmt = stmt.where(m.SubServiceCategory.service_category_id == service_category_id)
    return list(session.scalars(stmt))


def service_categories(session: Session) -> list[m.ServiceCategory]:
    return ordered(session, m.ServiceCategory, m.ServiceCategory.service_category_name)


def active_sales(session: Session) -> list[User]:
    """Active users of the SALES role, by name."""
    return list(session.scalars(select(User).join(Role).where(Role.name == "SALES", User.is_active.is_(True))
                                .order_by(User.fullname)))


def active_members(session: Session, leader_id: int) -> list[User]:
    """Active users anywhere below this leader in the hierarchy, by name: the people whose leads the leader sees
    (a leader of leaders sees their teams' sales people too)."""
    tree = users_repo.hierarchy_below(leader_id)
    return list(session.scalars(select(User).where(User.id.in_(select(tree.c.id)), User.id != leader_id,
                                                   User.is_active.is_(True)).order_by(User.fullname)))


def parameters(session: Session, name: str) -> list[m.Parameter]:
    return list(session.scalars(select(m.Parameter).where(m.Parameter.param_name == name).order_by(m.Parameter.id)))
