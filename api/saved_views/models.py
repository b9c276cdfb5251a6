"""Saved views (api/saved_views/service.py): a list's state (its URL query: filters, sort, page size, columns) kept
under a name by its owner, private or shared with the owner's team, and the view each person opens a list with."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class SavedView(Base):
    """A named state of one list (`list_path`: the list's page route, e.g. /leads) kept by its owner; `shared` offers
    it to everyone below the owner in the user hierarchy while the owner is active and above them."""

    __tablename__ = "saved_views"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    list_path: Mapped[str] = mapped_column(String(160))
    name: Mapped[str] = mapped_column(String(60))
    query: Mapped[str] = mapped_column(String(2000))  # the list's URL query, without its page number
    shared: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(),
                                                 onupdate=func.now())


# one name per owner and list, whatever its case
Index("uq_saved_views_owner_list_name", SavedView.owner_id, SavedView.list_path, func.lower(SavedView.name),
      unique=True)


class SavedViewDefault(Base):
    """The view a person opens a list with when its address names no state (their own or one shared with them)."""

    __tablename__ = "saved_view_defaults"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    list_path: Mapped[str] = mapped_column(String(160), primary_key=True)
    view_id: Mapped[int] = mapped_column(ForeignKey("saved_views.id", ondelete="CASCADE"), index=True)
