"""Erasing a person from monthly billing's texts (api/personal_data runs the whole erasure): a billing status
change's note keeps its text with each mention replaced; the amounts and statuses stay."""

from __future__ import annotations

from api.core.mentions import Texts
from api.monthly_billing.models import BillingStatusChange

TEXTS = (Texts(BillingStatusChange, ("note",), "billing status notes"),)
