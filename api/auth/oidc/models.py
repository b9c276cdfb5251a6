"""Who a provider's person is here (a link made once, by their verified e-mail or when their account was created for
them) and which product role a provider's group or role value gives."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class OidcIdentity(Base):
    """A person of a provider (its stable subject), linked to one user; a user has at most one per provider."""

    __tablename__ = "oidc_identities"
    __table_args__ = (UniqueConstraint("provider", "subject", name="uq_oidc_identities_subject"),
                      UniqueConstraint("provider", "user_id", name="uq_oidc_identities_user"))

    id: Mapped[int] = mapped_column(primary_key=True)
    provider: Mapped[str] = mapped_column(String(30))  # the OidcProvider's key
    subject: Mapped[str] = mapped_column(String(255))  # the ID token's sub
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    linked_by: Mapped[str] = mapped_column(String(20))  # EMAIL (a verified e-mail matched) or PROVISIONED
    email: Mapped[str | None] = mapped_column(String(160))  # the e-mail it was linked by or created with
    linked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_sign_in_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class OidcRoleMapping(Base):
    """A value of a provider's groups or roles claim that gives a product role; of several a person has, the one with
    the lowest priority wins."""

    __tablename__ = "oidc_role_mappings"
    __table_args__ = (UniqueConstraint("provider", "claim_value"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    provider: Mapped[str] = mapped_column(String(30))
    claim_value: Mapped[str] = mapped_column(String(255))
    role_id: Mapped[int] = mapped_column(ForeignKey("roles.id"), index=True)
    priority: Mapped[int] = mapped_column(Integer, default=100, server_default="100")
