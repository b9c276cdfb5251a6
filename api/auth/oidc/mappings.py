"""Roles from the provider: administrators map a value of a provider's groups or roles claim to a product role
(audited); a sign-in through that provider then gives its person the mapped role. Without a mapping that matches, the
person keeps the role the product gave them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.audit import service as audit
from api.auth.oidc.models import OidcRoleMapping
from api.auth.oidc.schemas import RoleChoice, RoleMappingIn, RoleMappingRow
from api.core import versions
from api.core.config import OidcProvider, Settings
from api.core.errors import Conflict, NotFound, ValidationFailed
from api.users.models import Role, User

MAPPING_NOT_FOUND = "Role mapping not found."
UNKNOWN_PROVIDER = "There is no sign-in provider with this key."
UNKNOWN_ROLE = "There is no such role."
NO_ROLES_CLAIM = ("This provider has no roles claim configured (OIDC_PROVIDERS roles_claim): its people's groups are "
                  "unknown.")


def duplicate_message(value: str) -> str:
    return f"The value {value!r} is mapped already for this provider."


def claim_values(provider: OidcProvider, claims: dict[str, Any]) -> list[str]:
    """The person's groups or roles as the provider's roles claim lists them (a list, or one string)."""
    if not provider.roles_claim:
        return []
    value = claims.get(provider.roles_claim)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(v) for v in value if isinstance(v, (str, int))]
    return []


def mapped_role(session: Session, provider: OidcProvider, claims: dict[str, Any]) -> Role | None:
    """The role the person's groups give: of several mapped values, the mapping with the lowest priority."""
    values = claim_values(provider, claims)
    if not values:
        return None
    return session.scalar(select(Role).join(OidcRoleMapping, OidcRoleMapping.role_id == Role.id)
                          .where(OidcRoleMapping.provider == provider.key, OidcRoleMapping.claim_value.in_(values))
                          .order_by(OidcRoleMapping.priority, OidcRoleMapping.id).limit(1))


def give_role(session: Session, *, provider: OidcProvider, user: User, role: Role | None) -> None:
    """The mapped role, if any and other than the user's (audited, as the system; the user's version moves)."""
    if role is None or role.id == user.role_id:
        return
    audit.record(session, actor_id=None, subject="USER", subject_id=user.id, label=audit.user_label(user),
                 action="UPDATE", changes=[{"field": "role", "old": user.role.description, "new": role.description},
                                           {"field": "given by", "old": None, "new": provider.label}])
    user.role = role
    session.flush()
    versions.bump(session, User, user.id)


def _row(mapping: OidcRoleMapping, role: Role) -> RoleMappingRow:
    return RoleMappingRow(id=mapping.id, provider=mapping.provider, claim_value=mapping.claim_value,
                          role_id=role.id, role_name=role.name, role_description=role.description,
                          priority=mapping.priority)


def list_mappings(*, session: Session) -> list[RoleMappingRow]:
    rows = session.execute(select(OidcRoleMapping, Role).join(Role, Role.id == OidcRoleMapping.role_id)
                           .order_by(OidcRoleMapping.provider, OidcRoleMapping.priority, OidcRoleMapping.id))
    return [_row(m, r) for m, r in rows.tuples()]


def role_choices(*, session: Session) -> list[RoleChoice]:
    return [RoleChoice(id=r.id, name=r.name, description=r.description)
            for r in session.scalars(select(Role).order_by(Role.id))]


def _checked(session: Session, settings: Settings, data: RoleMappingIn) -> Role:
    provider = settings.oidc_provider(data.provider)
    errors = []
    if provider is None:
        errors.append(UNKNOWN_PROVIDER)
    elif not provider.roles_claim:
        errors.append(NO_ROLES_CLAIM)
    role = session.get(Role, data.role_id)
    if role is None:
        errors.append(UNKNOWN_ROLE)
    if errors:
        raise ValidationFailed(errors)
    assert role is not None
    return role


def _described(mapping: OidcRoleMapping, role: Role) -> dict[str, Any]:
    return {"provider": mapping.provider, "value": mapping.claim_value, "role": role.description,
            "priority": mapping.priority}


def _label(mapping: OidcRoleMapping) -> str:
    return f"{mapping.provider}: {mapping.claim_value}"


def _save(session: Session, mapping: OidcRoleMapping) -> None:
    try:
        session.flush()
    except IntegrityError as exc:
        session.rollback()
        raise Conflict(duplicate_message(mapping.claim_value)) from exc


def create_mapping(*, session: Session, settings: Settings, actor: User, data: RoleMappingIn) -> RoleMappingRow:
    role = _checked(session, settings, data)
    mapping = OidcRoleMapping(provider=data.provider, claim_value=data.claim_value.strip(), role_id=role.id,
                              priority=data.priority)
    session.add(mapping)
    _save(session, mapping)
    audit.record(session, actor_id=actor.id, subject="ROLE_MAPPING", subject_id=mapping.id, label=_label(mapping),
                 action="CREATE", changes=audit.diff({}, _described(mapping, role)))
    session.commit()
    return _row(mapping, role)


def _found(session: Session, mapping_id: int) -> tuple[OidcRoleMapping, Role]:
    mapping = session.get(OidcRoleMapping, mapping_id)
    if mapping is None:
        raise NotFound(MAPPING_NOT_FOUND)
    role = session.get(Role, mapping.role_id)
    assert role is not None
    return mapping, role


def update_mapping(*, session: Session, settings: Settings, actor: User, mapping_id: int,
                   data: RoleMappingIn) -> RoleMappingRow:
    mapping, before_role = _found(session, mapping_id)
    role = _checked(session, settings, data)
    before = _described(mapping, before_role)
    mapping.provider, mapping.claim_value = data.provider, data.claim_value.strip()
    mapping.role_id, mapping.priority = role.id, data.priority
    _save(session, mapping)
    changes = audit.diff(before, _described(mapping, role))
    if changes:
        audit.record(session, actor_id=actor.id, subject="ROLE_MAPPING", subject_id=mapping.id,
                     label=_label(mapping), action="UPDATE", changes=changes)
    session.commit()
    return _row(mapping, role)


def delete_mapping(*, session: Session, actor: User, mapping_id: int) -> None:
    mapping, role = _found(session, mapping_id)
    audit.record(session, actor_id=actor.id, subject="ROLE_MAPPING", subject_id=mapping.id, label=_label(mapping),
                 action="DELETE", changes=audit.diff(_described(mapping, role), {}))
    session.delete(mapping)
    session.commit()
