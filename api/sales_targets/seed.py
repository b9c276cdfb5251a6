"""Demo sales targets: each sales person's yearly GP target for this year and the four before, set by top management
(only into an empty table), so the demo dashboard's milestone and leaderboard have something to measure against."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.sales_targets.models import SalesTarget, SalesTargetHistory
from api.users.models import Role, User

YEARS = 5
BILLION = Decimal(1_000_000_000)


def seed_demo_targets(session: Session, *, seed: int = 2026) -> None:
    if session.scalar(select(SalesTarget.id).limit(1)) is not None:
        return
    rng = random.Random(seed)
    sales = list(session.scalars(select(User).join(Role).where(Role.name == "SALES").order_by(User.id)))
    setter = session.scalar(select(User.id).join(Role).where(Role.name == "TOP_MANAGEMENT").order_by(User.id))
    this_year = datetime.now(UTC).year
    for person in sales:
        for year in range(this_year - YEARS + 1, this_year + 1):
            amount = Decimal(rng.randrange(8, 20)) * BILLION / 2  # 4 to 9.5 billion rupiah of GP
            target = SalesTarget(sales_person_id=person.id, year=year, amount=amount, updated_by=setter)
            session.add(target)
            session.flush()
            session.add(SalesTargetHistory(target_id=target.id, old_amount=None, new_amount=amount, changed_by=setter,
                                           changed_at=datetime(year - 1, 12, 15, 9, tzinfo=UTC)))
