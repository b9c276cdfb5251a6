"""The kinds of import, each a handler over its domain's service."""

from __future__ import annotations

from api.imports.fields import KindHandler
from api.imports.kinds.clients import CLIENTS
from api.imports.kinds.contacts import CONTACTS
from api.imports.kinds.leads import LEADS

KINDS: dict[str, KindHandler] = {h.kind: h for h in (CLIENTS, CONTACTS, LEADS)}
