"""Erasing a person from the cost sheets' texts (api/personal_data runs the whole erasure): a sheet's remark and its
history entries' remarks keep their text with each mention replaced; a sheet's items, totals and approvals stay."""

from __future__ import annotations

from api.core.mentions import Texts
from api.pcs.models import ProjectCostSheet, ProjectCostSheetHistory

TEXTS = (Texts(ProjectCostSheet, ("remark",), "cost sheet remarks"),
         Texts(ProjectCostSheetHistory, ("remark",), "cost sheet history remarks"))
