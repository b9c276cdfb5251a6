"""Clients from a spreadsheet: each row created or updated through the client service (its rules and messages),
matched on the client code or the client name; industry, country, province, city and affiliate by their names."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select

from api.clients import repository as clients_repository
from api.clients import service as clients_service
from api.clients.models import Client
from api.clients.schemas import ClientIn
from api.core.errors import ValidationFailed
from api.imports import repository
from api.imports.fields import Context, Field, Outcome, Values, unknown_message
from api.master_data import models as md

FIELDS: tuple[Field, ...] = (
    Field("clientCode", "Client Code", True, ("code", "id", "client id")),
    Field("clientName", "Client Name", True, ("name", "company", "company name")),
    Field("legalName", "Legal Name", True, ("legal",)),
    Field("industry", "Industry", True, ("industry name",)),
    Field("address", "Address", True),
    Field("country", "Country", True),
    Field("province", "Province"),
    Field("city", "City"),
    Field("zipCode", "Zip Code", aliases=("zip", "postal code", "postcode")),
    Field("affiliate", "Affiliate", True),
    Field("npwp", "NPWP", aliases=("tax number",)),
    Field("isActive", "Active", aliases=("is active", "status")),
)
MATCH_RULES = {"clientCode": "Client code", "clientName": "Client name"}
TRUE, FALSE = {"true", "yes", "y", "1", "active", "aktif"}, {"false", "no", "n", "0", "inactive", "tidak aktif"}
SNAPSHOT = ("client_code", "client_name", "legal_name", "industry", "address", "country", "province", "city",
            "zip_code", "affiliate", "npwp", "is_active")


def active_message(text: str) -> str:
    return f"Active '{text[:20]}' is neither yes nor no."


def _names(ctx: Context, model: Any, column: Any, parent: Any = None) -> dict[str, int]:
    """lower(name) (prefixed by the parent's id for provinces and cities) -> id, read once per batch."""
    def load() -> dict[str, int]:
        cols = [model.id, column] + ([parent] if parent is not None else [])
        rows = ctx.session.execute(select(*cols)).all()
        return {(f"{r[2]}:" if parent is not None else "") + r[1].strip().lower(): r[0] for r in rows}
    return ctx.lookup(model.__tablename__, load)


def snapshot(client: Client) -> dict[str, Any]:
    return {"client_code": client.client_code, "client_name": client.client_name, "legal_name": client.legal_name,
            "industry": client.industry_id, "address": client.address, "country": client.country_id,
            "province": client.province_id, "city": client.city_id, "zip_code": client.zip_code,
            "affiliate": client.affiliate_id, "npwp": client.npwp, "is_active": client.is_active}


class ClientsImport:
    kind = "clients"
    label = "Clients"
    fields: tuple[Field, ...] = FIELDS
    match_rules = MATCH_RULES

    def key(self, values: Values, match_on: str) -> str | None:
        if match_on == "clientName":
            return (values.get("clientName") or "").strip().lower() or None
        return clients_service.normalize_code(values.get("clientCode")) or None

    def prepare(self, ctx: Context, rows: list[Values], match_on: str) -> None:
        keys = {k for k in (self.key(v, match_on) for v in rows) if k}
        ctx.cache["clients:existing"] = (repository.clients_by(ctx.session, names=keys) if match_on == "clientName"
                                         else repository.clients_by(ctx.session, codes=keys))

    def _existing(self, ctx: Context, values: Values, match_on: str) -> Client | None:
        """The client the row matches: among those its batch read at once (a row cannot change what it is matched
        on, and two rows with one key are duplicates), else by a query of its own."""
        prepared = ctx.cache.get("clients:existing")
        if isinstance(prepared, dict):
            key = self.key(values, match_on)
            return prepared.get(key) if key else None
        if match_on == "clientName":
            name = (values.get("clientName") or "").strip()
            return clients_repository.name_taken(ctx.session, name, None) if name else None
        code = clients_service.normalize_code(values.get("clientCode"))
        return clients_repository.code_taken(ctx.session, code, None) if code else None

    def _fields(self, ctx: Context, values: Values, base: dict[str, Any]) -> dict[str, Any]:
        """The row's values over `base` (an existing client's, or nothing): names resolved to ids."""
        errors: list[str] = []
        data = dict(base)
        for name, attr in (("clientCode", "client_code"), ("clientName", "client_name"), ("legalName", "legal_name"),
                           ("address", "address"), ("zipCode", "zip_code"), ("npwp", "npwp")):
            if values.get(name) is not None:
                data[attr] = values[name]
        refs = (("industry", "Industry", md.Industry, md.Industry.industry_name, None, None),
                ("country", "Country", md.Country, md.Country.country_name, None, None),
                ("province", "Province", md.Province, md.Province.province_name, md.Province.country_id, "country"),
                ("city", "City", md.City, md.City.city_name, md.City.province_id, "province"),
                ("affiliate", "Affiliate", md.Affiliate, md.Affiliate.affiliate_name, None, None))
        for name, label, model, column, parent, parent_field in refs:
            text = values.get(name)
            if text is None:
                continue
            prefix = f"{data.get(parent_field)}:" if parent_field else ""
            found = _names(ctx, model, column, parent).get(prefix + text.strip().lower())
            if found is None:
                errors.append(unknown_message(label, text))
            elif f"held:{name}:{found}" not in ctx.cache:  # the service's session.get of it then reads no row again
                ctx.cache[f"held:{name}:{found}"] = ctx.session.get(model, found)
            data[name] = found
        active = values.get("isActive")
        if active is not None:
            if active.strip().lower() in TRUE:
                data["is_active"] = True
            elif active.strip().lower() in FALSE:
                data["is_active"] = False
            else:
                errors.append(active_message(active))
        if errors:
            raise ValidationFailed(errors)
        return data

    def apply(self, ctx: Context, values: Values, match_on: str) -> Outcome:
        client = self._existing(ctx, values, match_on)
        before = snapshot(client) if client is not None else None
        data = self._fields(ctx, values, before or {"is_active": True})
        if client is None:
            client_id = clients_service.create(session=ctx.session, redis_client=None, actor=ctx.actor,
                                               data=ClientIn.model_validate(data), commit=False)
            return Outcome("CREATED", record_id=client_id, written_at=self.written_at(ctx, client_id))
        data["client_code"] = clients_service.normalize_code(data.get("client_code"))
        if data == before:
            return Outcome("UNCHANGED", record_id=client.id)
        clients_service.update(session=ctx.session, redis_client=None, actor=ctx.actor,
                               data=ClientIn.model_validate({**data, "id": client.id}), commit=False)
        return Outcome("UPDATED", record_id=client.id, before=before, written_at=self.written_at(ctx, client.id))

    def written_at(self, ctx: Context, record_id: int) -> datetime | None:
        return ctx.session.scalar(select(Client.updated_at).where(Client.id == record_id)
                                  .execution_options(populate_existing=True))

    def undo(self, ctx: Context, record_id: int, before: dict[str, Any] | None) -> str | None:
        if before is None:
            clients_service.delete(session=ctx.session, redis_client=None, actor=ctx.actor, client_id=record_id,
                                   lead_count=lambda: 0, commit=False)
        else:
            clients_service.update(session=ctx.session, redis_client=None, actor=ctx.actor,
                                   data=ClientIn.model_validate({**before, "id": record_id}), commit=False)
        return None


CLIENTS = ClientsImport()
