"""Client companies."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Index, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, TimestampMixin


class Client(Base, TimestampMixin):
    __tablename__ = "clients"
    __table_args__ = (
        Index("uq_clients_client_name_lower", text("lower(client_name)"), unique=True),
        Index("ix_clients_client_name_trgm", "client_name", postgresql_using="gin",
              postgresql_ops={"client_name": "gin_trgm_ops"}),
        # the top bar's search: the closest names first, a few at a time (pg_trgm's word distance, api/search)
        Index("ix_clients_client_name_knn", "client_name", postgresql_using="gist",
              postgresql_ops={"client_name": "gist_trgm_ops(siglen=256)"}),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    client_code: Mapped[str] = mapped_column(String(3), unique=True)
    client_name: Mapped[str] = mapped_column(String(150))
    legal_name: Mapped[str] = mapped_column(String(200))
    industry_id: Mapped[int] = mapped_column(ForeignKey("industries.id"), index=True)
    address: Mapped[str] = mapped_column(Text)
    country_id: Mapped[int] = mapped_column(ForeignKey("countries.id"))
    province_id: Mapped[int | None] = mapped_column(ForeignKey("provinces.id"))
    city_id: Mapped[int | None] = mapped_column(ForeignKey("cities.id"))
    zip_code: Mapped[str | None] = mapped_column(String(10))
    affiliate_id: Mapped[int] = mapped_column(ForeignKey("affiliates.id"))
    npwp: Mapped[str | None] = mapped_column(String(30))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
