"""User payloads."""

from __future__ import annotations

from api.core.schemas import CamelModel


class ProfilePictureOut(CamelModel):
    profile_picture: str

