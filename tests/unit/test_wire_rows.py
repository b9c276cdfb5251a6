"""Answers written as plain data (api.core.schemas.answered) name the fields of the model their route declares, in its
order: the OpenAPI contract (and the front end's types) come from the model."""

from __future__ import annotations

from typing import get_type_hints

from api.activities.schedule.schemas import ScheduleRow, ScheduleRowOut
from api.core.schemas import wire_names


def test_the_calendar_row_is_schedule_row_on_the_wire() -> None:
    assert tuple(get_type_hints(ScheduleRowOut)) == wire_names(ScheduleRow)
