"""Erasing a person from the reassignments' texts (api/personal_data runs the whole erasure): a reassignment's
reason keeps its text with each mention replaced; who moved which leads to whom stays."""

from __future__ import annotations

from api.assignments.models import Reassignment
from api.core.mentions import Texts

TEXTS = (Texts(Reassignment, ("reason",), "reassignment reasons"),)
