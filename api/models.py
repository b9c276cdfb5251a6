"""Every mapped class, imported so Alembic and the seed see the whole schema."""

from api.access.models import CasbinRule, Menu, Page
from api.core.db import Base
from api.notifications.models import Notification
from api.users.models import Role, User

__all__ = ["Base", "CasbinRule", "Menu", "Notification", "Page", "Role", "User"]
