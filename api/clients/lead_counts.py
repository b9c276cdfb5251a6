"""How many leads a client has (the list's Total Leads column and its sort, the delete guard). Leads sit above
clients (a lead is on a client), so leads register the count here (api.domains.register, at a process's start) and
clients never import leads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_count: list[Callable[[Any], Any]] = []


def register(count: Callable[[Any], Any]) -> None:
    """`count(client_id)`: a scalar expression counting the leads of the client whose id is `client_id` (a
    column, correlated by the caller's statement, or a value)."""
    _count[:] = [count]


def of(client_id: Any) -> Any:
    if not _count:
        raise LookupError("leads registered no client lead count: call api.domains.register()")
    return _count[0](client_id)
