"""The other free texts that may name a person, a contact or a user: notes and reasons on records whose numbers
stay (approval notes, cost sheet remarks, billing status notes, reassignment reasons). Each domain lists its own in its
erasure.py; an archive quotes them and an erasure replaces each mention."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from api.approvals import erasure as approvals_erasure
from api.assignments import erasure as assignments_erasure
from api.core.mentions import Mention, Texts
from api.monthly_billing import erasure as monthly_billing_erasure
from api.pcs import erasure as pcs_erasure

OTHER_TEXTS: tuple[Texts, ...] = (*approvals_erasure.TEXTS, *pcs_erasure.TEXTS, *monthly_billing_erasure.TEXTS,
                                  *assignments_erasure.TEXTS)


def mentioning(session: Session, mention: Mention) -> list[tuple[Texts, Any]]:
    """Each of those texts' rows that names the person, with the texts it is one of (for its archive's quote)."""
    return [(texts, row) for texts in OTHER_TEXTS for row in texts.mentioning(session, mention)]
