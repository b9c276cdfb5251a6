"""Real services for the whole test session: embedded PostgreSQL, Redis and Temporal, plus a worker.

Each API test runs inside a transaction that is rolled back afterwards (services' commits become
savepoints), and Redis is flushed between tests, so tests do not see each other.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

import api.domains
from api.auth import service as auth_service
from api.core import logs
from api.core.config import Settings, get_settings
from api.core.db import make_engine
from api.core.embedded import EmbeddedPostgres, EmbeddedRedis, EmbeddedTemporal, free_port
from api.core.redis import make_redis
from api.core.startup import compile_sources
from api.users import repository as users_repo
from tests import histories, sealed
from tests.geocoder_server import geocoder_server  # noqa: F401  (a fixture)
from tests.log_scan import LogScan
from tests.oidc_provider import oidc_back_channel, oidc_provider  # noqa: F401  (fixtures)
from tests.storage_fixtures import (  # noqa: F401  (fixtures)
    app_storage,
    s3_storage,
    s3_url,
    seaweedfs,
    storage_backend,
)

pytest_plugins = ["tests.plugins.dispatch"]

ROOT = Path(__file__).resolve().parents[1]
# under pytest-xdist each worker (gw0, gw1, ...) runs its own services in its own folder: its own PostgreSQL, Redis
# and Temporal, so the names the tests use (databases, Redis dbs, task queues) never meet another worker's
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
# CRM_TEST_DATA lets two test sessions run side by side (each with its own embedded services)
TEST_DATA_ROOT = Path(os.environ.get("CRM_TEST_DATA") or ROOT / ".test-data")
TEST_DATA = TEST_DATA_ROOT / WORKER if WORKER else TEST_DATA_ROOT
DEMO_PASSWORD = "Pipeline#2026!Go"
PRODUCT_LOG = TEST_DATA / "product.log"
SESSION_STARTED = time.time()  # files older than this are an earlier run's
TEMPLATE = "crm_template"

# the cheapest argon2id for every password the tests hash, here and in the servers they start (which inherit the
# environment): the cost proves nothing here; tests/unit/test_password_hash.py checks the production parameters
os.environ.setdefault("PASSWORD_HASH_PROFILE", "test")
# one payload key for the session's every process (api/core/temporal/sealing.py): its clients, servers and workers
os.environ.setdefault("TEMPORAL_PAYLOAD_KEYS", sealed.TEST_KEYS)
get_settings.cache_clear()


@contextmanager
def environment(**values: str | None) -> Iterator[None]:
    """Environment variables set (None: removed) for the block, then put back; the settings are read again."""
    before = {name: os.environ.get(name) for name in values}

    def apply(changes: dict[str, str | None]) -> None:
        for name, value in changes.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        get_settings.cache_clear()

    apply(values)
    try:
        yield
    finally:
        apply(before)


@dataclass
class Services:
    pg: EmbeddedPostgres
    redis_url: str
    temporal_address: str
    data_dir: Path
    template_files: Path | None = None

    def template(self) -> str:
        """The database every test database is copied from, made once per session: migrated, with the reference
        and demo data (its demo files, the cost sheets' workbooks, are kept in `template_files`). Copying it takes
        a fraction of a second; migrating and seeding takes about ten."""
        from api.run import migrate
        from api.seed import seed

        if self.template_files is None:
            files = TEST_DATA / "template-data"
            shutil.rmtree(files, ignore_errors=True)
            url = self.pg.create_database(TEMPLATE)
            with environment(DATA_DIR=str(files), DATABASE_URL=os.environ.get("DATABASE_URL")):
                migrate(url)
                engine = make_engine(url)
                try:
                    with Session(engine) as session:
                        seed(session, waiting=False)
                finally:
                    engine.dispose()
            self.template_files = files
        return TEMPLATE

    def database(self, name: str, task_queue: str | None = None, data_dir: Path | None = None) -> str:
        """A fresh database `name`, a copy of the template with the demo files in `data_dir` (the session's by
        default), for the deployment on `task_queue`: its waiting requests are made here because their workflow
        ids carry the queue (two databases seeded for one queue would share those workflows)."""
        from api.leads.seed import seed_waiting_requests

        template = self.template()
        url = self.pg.create_database(name, template=template)
        assert self.template_files is not None
        if self.template_files.is_dir():
            shutil.copytree(self.template_files, data_dir or self.data_dir, dirs_exist_ok=True)
        engine = make_engine(url)
        try:
            with environment(**({"TEMPORAL_TASK_QUEUE": task_queue} if task_queue else {})), Session(engine) as session:
                seed_waiting_requests(session)
                session.commit()
        finally:
            engine.dispose()
        return url


def run_async(coro: Any) -> Any:
    """Run a coroutine on a fresh event loop in its own thread: after the browser journeys, Playwright's sync API
    owns this thread's loop, so asyncio.run here would fail."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()



def pytest_configure(config: pytest.Config) -> None:
    api.domains.register()  # the tests' process runs activities and services as the worker and the API do
    if not hasattr(config, "workerinput"):  # once, before any xdist worker starts
        compile_sources()  # this process's imports and every API and worker process the tests start, from bytecode


@pytest.fixture(scope="session", autouse=True)
def product_log() -> Iterator[Path]:
    """Every record the product logs in this process (the API under test, the in-process worker) at INFO, as
    production would, written as the product writes it: the secret scan (tests/integration/test_log_secrets.py)
    reads it with the live servers' own logs. The tests' own HTTP client (httpx) is not the product."""
    TEST_DATA.mkdir(parents=True, exist_ok=True)
    handler = logs.formatted(logging.FileHandler(PRODUCT_LOG, mode="w", encoding="utf-8"))
    handler.setLevel(logging.INFO)
    handler.addFilter(lambda record: not record.name.startswith(("httpx", "httpcore")))
    root = logging.getLogger()
    level = root.level
    logging.getLogger("casbin").setLevel(logging.WARNING)  # as logs.configure: its INFO is the whole policy
    root.addHandler(handler)
    root.setLevel(min(level, logging.INFO) if level else logging.INFO)
    try:
        yield PRODUCT_LOG
    finally:
        root.removeHandler(handler)
        handler.close()


@pytest.fixture(scope="session")
def services() -> Iterator[Services]:
    TEST_DATA.mkdir(parents=True, exist_ok=True)
    data_dir = TEST_DATA / "data"
    shutil.rmtree(data_dir, ignore_errors=True)
    pg = EmbeddedPostgres(TEST_DATA / "postgres", database="postgres")
    pg.start()
    redis = EmbeddedRedis(TEST_DATA / "redis", port=free_port(), persist=False)
    temporal = EmbeddedTemporal(TEST_DATA / "temporal", port=free_port(), headless=True)
    (TEST_DATA / "temporal" / "temporal.db").unlink(missing_ok=True)
    try:
        redis_url = redis.start()
        temporal_address = temporal.start()
        # no test reaches the internet: place search is off unless a test points it at the fake geocoder; the
        # reminder sweep leaves the demo leads' cold-lead reminders alone (tests/integration/activities/
        # test_lead_reminders.py runs them at chosen moments), or every bell would ring within 20 s of a start
        os.environ.update({"DATA_DIR": str(data_dir), "REDIS_URL": redis_url,
                           "TEMPORAL_ADDRESS": temporal_address, "JWT_SECRET": "test-secret-" + "x" * 40,
                           "GEOCODER_URL": "", "LEAD_CONTACT_REMINDERS": "false"})
        get_settings.cache_clear()
        yield Services(pg=pg, redis_url=redis_url, temporal_address=temporal_address, data_dir=data_dir)
    finally:
        temporal.stop()
        redis.stop()
        pg.stop()


@pytest.fixture(scope="session")
def database_url(services: Services) -> str:
    url = services.database("crm_test")
    os.environ["DATABASE_URL"] = url
    get_settings.cache_clear()
    return url


@pytest.fixture(scope="session")
def settings(services: Services, database_url: str) -> Settings:
    return Settings(database_url=database_url, redis_url=services.redis_url,
                    temporal_address=services.temporal_address, data_dir=services.data_dir,
                    jwt_secret=os.environ["JWT_SECRET"], app_url="http://testserver")


@pytest.fixture(scope="session")
def worker(services: Services, database_url: str) -> Iterator[None]:
    """A real Temporal worker with every workflow and activity, polling in a background thread."""

    from worker.main import build_worker

    ready, stop = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    async def main() -> None:
        client = await sealed.connect(services.temporal_address)
        settings = get_settings()  # as the worker process: a thread per activity slot of each kind
        with concurrent.futures.ThreadPoolExecutor(max_workers=2 * settings.worker_activity_slots) as executor:
            async with build_worker(client, settings.temporal_task_queue, executor):
                ready.set()
                while not stop.is_set():
                    await asyncio.sleep(0.05)

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced below
            errors.append(exc)
            ready.set()

    thread = threading.Thread(target=run, name="temporal-worker", daemon=True)
    thread.start()
    ready.wait(60)
    if errors:
        raise errors[0]
    yield
    stop.set()
    thread.join(30)


@pytest.fixture(scope="session")
def log_scan(product_log: Path) -> LogScan:
    return LogScan(TEST_DATA, extra=(product_log,), demo_password=DEMO_PASSWORD)


@pytest.fixture(autouse=True)
def no_secret_logged(log_scan: LogScan) -> Iterator[None]:
    """What the product logged during the test holds no secret (tests/log_scan.py)."""
    log_scan.mark()
    yield
    found = log_scan.leaks()
    assert found == [], f"secrets in the logs: {found}"


@pytest.fixture(autouse=True)
def histories_replay(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that ran workflows (on the in-process worker or a live server), the histories that closed
    during it replay under the strict sandbox (tests/histories.py)."""
    if not {"worker", "live_server"} & set(request.fixturenames):
        yield
        return
    services: Services = request.getfixturevalue("services")
    started = datetime.now(UTC)
    yield
    _, failures, count = run_async(histories.replay(services.temporal_address, histories.closed_since(started)))
    assert not failures, f"{len(failures)} of {count} histories failed to replay: {failures[:5]}"


@pytest.fixture(scope="session")
def app_client(settings: Settings) -> Iterator[TestClient]:
    from api.main import create_app

    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def client(app_client: TestClient) -> Iterator[TestClient]:
    """The API, each test inside a rolled-back transaction and with an empty Redis."""
    app = app_client.app
    engine = app.state.engine  # type: ignore[attr-defined]
    original = app.state.session_factory  # type: ignore[attr-defined]
    connection = engine.connect()
    transaction = connection.begin()
    app.state.session_factory = sessionmaker(  # type: ignore[attr-defined]
        bind=connection, expire_on_commit=False, join_transaction_mode="create_savepoint")
    app_client.headers.clear()
    app_client.cookies.clear()  # a sign-in's refresh cookie is the test's own
    try:
        yield app_client
    finally:
        app.state.session_factory = original  # type: ignore[attr-defined]
        transaction.rollback()
        connection.close()
        # The policy in memory stays: it is always the committed casbin_rule rows (the enforcer reads them on a
        # connection of its own, never this transaction), and a test that changed them called policy.changed(),
        # whose version went with the flush, so the next request reloads it. Dropping it after every test cost the
        # next one its remembered decisions (Casbin's enforce, about a millisecond each: 754 of them in the leads and
        # approvals folders against 74; a session call right after took 190 ms instead of 16).
        app.state.redis.flushdb()  # type: ignore[attr-defined]


@pytest.fixture
def db(client: TestClient) -> Iterator[Session]:
    """A session inside the same rolled-back transaction the API uses in this test."""
    session: Session = client.app.state.session_factory()  # type: ignore[attr-defined]
    yield session
    session.close()


@pytest.fixture
def live(app_client: TestClient) -> Iterator[TestClient]:
    """The API with real commits (for tests whose worker activities read what the API writes); Redis is flushed
    afterwards. Such tests create their own rows and remove them."""
    app_client.headers.clear()
    app_client.cookies.clear()
    yield app_client
    app_client.app.state.redis.flushdb()  # type: ignore[attr-defined]


@pytest.fixture
def redis_client(services: Services):  # type: ignore[no-untyped-def]
    return make_redis(services.redis_url)


def login(client: TestClient, username: str, password: str = DEMO_PASSWORD) -> dict[str, str]:
    r = client.post("/api/auth/login", json={"username": username, "password": password})
    assert r.status_code == 200, r.text
    return r.json()["results"]  # type: ignore[no-any-return]


def auth(client: TestClient, username: str) -> dict[str, str]:
    """Signed in as `username` the way sign-in does after the password check (api.auth.service.sign_in: the sign-in
    time, a session in Redis, the token pair), without the HTTP call and the password hash: for every test that is not
    about signing in (those sign in over HTTP with `login`, and get the refresh cookie)."""
    app = client.app
    with app.state.session_factory() as session:  # type: ignore[attr-defined]
        user = users_repo.by_username(session, username)
        assert user is not None, f"no user {username!r}"
        pair = auth_service.sign_in(session=session, redis_client=app.state.redis,  # type: ignore[attr-defined]
                                    settings=app.state.settings, user=user)  # type: ignore[attr-defined]
    return {"Authorization": f"Bearer {pair.access_token}"}
