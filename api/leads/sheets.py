"""What a lead shows of its cost sheet. Cost sheets sit above leads (a sheet belongs to a lead and works on it),
so leads never import them: the cost sheets register how to read a sheet's status and summary here, on import
(api.domains.register, at a process's start), and leads ask for it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from api.leads.schemas import SheetBrief


@dataclass(frozen=True)
class SheetView:
    """`status` builds a column expression, correlated with `Lead`, giving the status of a lead's sheet (None
    without one), for the board's cards in the same statement; `summary` reads a lead's sheet for its detail."""

    status: Callable[[], Any]
    summary: Callable[[Session, int], SheetBrief | None]


_view: list[SheetView] = []


def register(view: SheetView) -> None:
    _view[:] = [view]


def view() -> SheetView:
    """The registered view; none registered is a programming error (the process did not call api.domains.register())."""
    if not _view:
        raise LookupError("no cost sheet view is registered with leads: call api.domains.register()")
    return _view[0]
