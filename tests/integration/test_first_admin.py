"""A production-like deployment: docker-compose's migrate command seeds reference data and no user; its first
administrator comes from FIRST_ADMIN_* settings or `python -m api.admin create-admin`, once, with a password that
passes the policy, and can sign in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.access.models import CasbinRule, Menu, Page
from api.approvals.models import ApprovalPipeline
from api.auth.passwords import POLICY_MESSAGE
from api.clients.models import Client
from api.coa.models import ChartOfAccount
from api.core.config import Settings
from api.core.db import make_engine
from api.leads.models import Lead, Stage
from api.master_data.models import City
from api.users.models import Role, User
from tests.conftest import ROOT, Services

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
MIGRATE = COMPOSE["services"]["migrate"]["command"]  # ["sh", "-c", "alembic upgrade head && python -m api.seed ..."]
STRONG = "Fresh#Start2026!"
WEAK = "password123"


def _run(argv: list[str], database_url: str, **env: str) -> subprocess.CompletedProcess[str]:
    """A command of the deployment, with the venv first on PATH (as the image's python) and only this database."""
    base = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "TEMPORAL_ADDRESS")
            and not k.startswith("FIRST_ADMIN_")}
    base.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", DATABASE_URL=database_url,
                **env)
    return subprocess.run(argv, cwd=ROOT, env=base, capture_output=True, text=True, timeout=180)


def _count(url: str, model: type) -> int:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return int(session.scalar(select(func.count()).select_from(model)) or 0)
    finally:
        engine.dispose()


def _admins(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return list(session.scalars(select(User.username).join(Role, User.role_id == Role.id)
                                        .where(Role.name == "ADMIN")))
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def reference_db(services: Services) -> str:
    """A fresh database after docker-compose's migrate command (no FIRST_ADMIN_* set)."""
    url = services.pg.create_database("crm_reference")
    done = _run(MIGRATE, url)
    assert done.returncode == 0, done.stderr
    return url


@pytest.fixture
def fresh_db(services: Services, reference_db: str) -> str:
    """A copy of the reference database for one test (the next test's copy replaces it)."""
    return services.pg.create_database("crm_first_admin", template="crm_reference")


def _signs_in(services: Services, url: str, username: str, password: str) -> dict[str, object]:
    from api.main import create_app

    settings = Settings(database_url=url, redis_url=services.redis_url, temporal_address=services.temporal_address,
                        data_dir=services.data_dir, jwt_secret=os.environ["JWT_SECRET"], app_url="http://testserver")
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        r = client.post("/api/auth/login", json={"username": username, "password": password})
        assert r.status_code == 200, r.text
        token = r.json()["results"]["token"]
        r = client.get("/api/auth/session", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        return r.json()["results"]


class TestReferenceSeed:
    def test_compose_seeds_reference_data_and_no_user(self, reference_db: str) -> None:
        assert "python -m api.seed reference &&" in MIGRATE[-1] and "demo" not in MIGRATE[-1]
        assert _count(reference_db, User) == 0
        assert _count(reference_db, Role) == 5
        for present in (Page, Menu, CasbinRule, Stage, City, ChartOfAccount):
            assert _count(reference_db, present) > 0, present.__name__
        for absent in (Lead, Client, ApprovalPipeline):  # demo data (the demo pipelines name demo approvers)
            assert _count(reference_db, absent) == 0, absent.__name__

    def test_the_demo_seed_still_brings_the_demo_users(self, fresh_db: str) -> None:
        done = _run([sys.executable, "-m", "api.seed", "demo"], fresh_db)
        assert done.returncode == 0, done.stderr
        assert _admins(fresh_db) == ["admin"]
        assert _count(fresh_db, User) == 12 and _count(fresh_db, Lead) > 100


class TestFirstAdminFromSettings:
    def test_created_once_and_signs_in(self, services: Services, fresh_db: str) -> None:
        settings = {"FIRST_ADMIN_USERNAME": "chief", "FIRST_ADMIN_PASSWORD": STRONG,
                    "FIRST_ADMIN_EMAIL": "chief@example.co.id"}
        for _ in range(2):  # every `docker compose up` runs it again
            done = _run(MIGRATE, fresh_db, **settings)
            assert done.returncode == 0, done.stderr
        assert _admins(fresh_db) == ["chief"]
        assert _count(fresh_db, User) == 1
        session = _signs_in(services, fresh_db, "chief", STRONG)
        assert session["user"]["roleName"] == "ADMIN"  # type: ignore[index]
        assert session["user"]["email"] == "chief@example.co.id"  # type: ignore[index]

    def test_a_weak_password_is_refused_with_the_policy_message(self, fresh_db: str) -> None:
        done = _run(MIGRATE, fresh_db, FIRST_ADMIN_USERNAME="chief", FIRST_ADMIN_PASSWORD=WEAK)
        assert done.returncode != 0
        assert POLICY_MESSAGE in done.stderr
        assert _count(fresh_db, User) == 0


class TestCreateAdminCommand:
    def test_creates_one_administrator_once(self, services: Services, fresh_db: str) -> None:
        command = [sys.executable, "-m", "api.admin", "create-admin", "--username", "root",
                   "--email", "root@example.co.id"]
        done = _run(command, fresh_db, FIRST_ADMIN_PASSWORD=STRONG)
        assert done.returncode == 0, done.stderr
        assert "Administrator 'root' created." in done.stdout

        again = _run([*command[:-3], "other"], fresh_db, FIRST_ADMIN_PASSWORD=STRONG)
        assert again.returncode == 0, again.stderr
        assert "An administrator already exists (root); nothing done." in again.stdout
        assert _admins(fresh_db) == ["root"] and _count(fresh_db, User) == 1
        assert _signs_in(services, fresh_db, "root", STRONG)["user"]["username"] == "root"  # type: ignore[index]

    def test_a_weak_password_is_refused_with_the_policy_message(self, fresh_db: str) -> None:
        done = _run([sys.executable, "-m", "api.admin", "create-admin", "--username", "root"], fresh_db,
                    FIRST_ADMIN_PASSWORD=WEAK)
        assert done.returncode == 1
        assert done.stderr.strip() == POLICY_MESSAGE
        assert _count(fresh_db, User) == 0
