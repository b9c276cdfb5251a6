"""A user's second factor (the authenticator's secret, sealed with the server key) and its recovery codes (keyed
digests only)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, String, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class SecondFactor(Base):
    """Exists once a user confirmed their authenticator with a code: from then on each password sign-in needs one."""

    __tablename__ = "second_factors"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    # AES-GCM under a key derived from the server key (api/auth/second_factor/codes.py), never the secret in clear
    sealed_secret: Mapped[str] = mapped_column(String(200))
    # the 30-second step of the last code accepted: a code of that step or an earlier one is refused (a replay)
    last_step: Mapped[int] = mapped_column(BigInteger)
    enabled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RecoveryCode(Base):
    """One of the ten codes shown once at enrolment (or when renewed); each signs in once, then is deleted."""

    __tablename__ = "second_factor_recovery_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("second_factors.user_id", ondelete="CASCADE"), index=True)
    code_digest: Mapped[str] = mapped_column(String(64), unique=True)  # HMAC-SHA256 with the server key
