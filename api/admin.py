"""The first administrator of a deployment: from settings (FIRST_ADMIN_*) when the seed runs, or by hand with
`python -m api.admin create-admin --username NAME [--email ADDRESS]` (password from FIRST_ADMIN_PASSWORD or a
prompt). Either way the password must pass the password policy, and nothing is done once an administrator exists."""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import sys

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.auth.passwords import POLICY_MESSAGE, meets_policy
from api.core.config import Settings, get_settings
from api.core.db import make_engine, make_session_factory
from api.core.security import hash_password
from api.users.models import Role, User

log = logging.getLogger("admin")

ADMIN_ROLE = "ADMIN"


class AdminError(Exception):
    """The first administrator cannot be created as asked; the message says why."""


def administrator(session: Session) -> User | None:
    """An existing administrator, if any."""
    return session.scalar(select(User).join(Role, User.role_id == Role.id).where(Role.name == ADMIN_ROLE)
                          .order_by(User.id).limit(1))


def create_first_admin(session: Session, *, username: str, password: str, email: str | None = None,
                       fullname: str | None = None) -> User | None:
    """Create and commit the administrator unless one exists (then None); a weak password is refused first."""
    username = username.strip()
    if not username or len(username) > 60:
        raise AdminError("Username must be 1-60 characters")
    if not meets_policy(password):
        raise AdminError(POLICY_MESSAGE)
    if administrator(session) is not None:
        return None
    if session.scalar(select(User.id).where(User.username == username)) is not None:
        raise AdminError(f"Username {username!r} is already taken")
    role = session.scalar(select(Role).where(Role.name == ADMIN_ROLE))
    if role is None:
        raise AdminError("The ADMIN role is missing: run `python -m api.seed reference` first")
    user = User(username=username, password_hash=hash_password(password), fullname=fullname or username,
                nickname=(fullname or username).split()[0], email=email, role_id=role.id)
    session.add(user)
    session.commit()
    return user


def ensure_first_admin_from_settings(session: Session, settings: Settings) -> User | None:
    """Create the administrator of FIRST_ADMIN_USERNAME / _PASSWORD / _EMAIL when they are set and none exists."""
    if not settings.first_admin_username:
        if administrator(session) is None:
            log.warning("no administrator yet: set FIRST_ADMIN_USERNAME and FIRST_ADMIN_PASSWORD, or run "
                        "`python -m api.admin create-admin --username NAME`")
        return None
    if not settings.first_admin_password:
        if administrator(session) is not None:
            return None
        raise AdminError("FIRST_ADMIN_PASSWORD is not set")
    user = create_first_admin(session, username=settings.first_admin_username,
                              password=settings.first_admin_password, email=settings.first_admin_email or None)
    if user is not None:
        log.info("administrator %r created", user.username)
    return user


def _password() -> str:
    given = os.environ.get("FIRST_ADMIN_PASSWORD")
    if given:
        return given
    if not sys.stdin.isatty():
        raise AdminError("Set FIRST_ADMIN_PASSWORD or run this in a terminal to be asked for the password")
    password = getpass.getpass("Password: ")
    if getpass.getpass("Confirm password: ") != password:
        raise AdminError("Passwords must match")
    return password


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m api.admin")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-admin", help="create the first administrator (once)")
    create.add_argument("--username", required=True)
    create.add_argument("--email")
    create.add_argument("--fullname")
    args = parser.parse_args(argv)

    settings = get_settings()
    if not settings.database_url:
        print("DATABASE_URL is not set", file=sys.stderr)
        return 1
    engine = make_engine(settings.database_url)
    try:
        with make_session_factory(engine)() as session:
            user = create_first_admin(session, username=args.username, password=_password(), email=args.email,
                                      fullname=args.fullname)
            if user is None:
                existing = administrator(session)
                print(f"An administrator already exists ({existing.username if existing else '?'}); nothing done.")
            else:
                print(f"Administrator {user.username!r} created.")
    except AdminError as exc:
        print(exc, file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sys.exit(main(sys.argv[1:]))
