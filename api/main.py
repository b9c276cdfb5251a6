"""create_app(): routers, error handlers, lifespan (database, Redis, Temporal client, Casbin policy)."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from os import PathLike
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

import api.domains
from api.access.router import router as access_router
from api.access_admin.router import router as access_admin_router
from api.account.router import router as account_router
from api.activities.feed_router import feed_router as calendar_feed_router
from api.activities.feed_router import router as calendar_feed_settings_router
from api.activities.router import router as activities_router
from api.approval_insights import metrics as approval_insights_metrics
from api.approval_insights.router import router as approval_insights_router
from api.approvals.bulk_router import router as approval_bulk_router
from api.approvals.link_router import router as approval_links_router
from api.approvals.router import router as approvals_router
from api.assignments.router import router as assignments_router
from api.audit.router import router as audit_router
from api.auth.gate import GATE
from api.auth.router import router as auth_router
from api.auth.second_factor_router import router as second_factor_router
from api.auth.sso_router import router as oidc_router
from api.calls.router import router as calls_router
from api.client_views.router import router as client_views_router
from api.clients.contacts.router import router as contacts_router
from api.clients.router import lookup_router as client_lookup_router
from api.clients.router import router as clients_router
from api.coa.router import cost_sheet_router as coa_cost_sheet_router
from api.coa.router import router as coa_router
from api.core import metrics, tracing
from api.core.authz import PolicyStore
from api.core.config import Settings, get_settings
from api.core.db import make_engine, make_session_factory
from api.core.errors import install_error_handlers
from api.core.headers import ASSETS_CACHE, PAGE_CACHE, SecurityHeadersMiddleware, tile_source
from api.core.health import Readiness
from api.core.limits import BodyLimitMiddleware
from api.core.logs import RequestIdMiddleware
from api.core.redis import make_redis
from api.core.routing import API_PREFIX, domain_router
from api.core.shutdown import on_stop_signal
from api.core.startup import release_collector
from api.core.storage import open_storage
from api.core.temporal import connect as temporal_connect
from api.dashboard.rollups import follow_zone
from api.dashboard.router import router as dashboard_router
from api.geo.router import router as geo_router
from api.holidays.router import router as holidays_router
from api.imports.router import router as imports_router
from api.lead_management.router import router as lead_ops_router
from api.lead_views.router import requests_router as lead_requests_router
from api.lead_views.router import router as leads_router
from api.leads.stages import router as stages_router
from api.master_data.router import router as master_data_router
from api.monthly_billing.router import router as monthly_billing_router
from api.navigation_admin.router import router as navigation_admin_router
from api.notifications.live import end_streams
from api.notifications.router import router as notifications_router
from api.notifications.settings_router import router as notification_settings_router
from api.operations.cors import CodecCors
from api.operations.router import router as operations_router
from api.pcs.pid_router import router as pcs_pid_router
from api.pcs.router import router as pcs_router
from api.personal_data.router import router as personal_data_router
from api.presence.router import router as presence_router
from api.presence.store import close as close_presence
from api.realtime import socket as realtime_socket
from api.reports.router import router as reports_router
from api.request_lists.lead_router import router as lead_register_router
from api.request_lists.pcs_router import router as pcs_register_router
from api.request_lists.queue_router import router as approval_queue_router
from api.route_declarations import assert_routes_declared
from api.sales_targets.router import router as sales_targets_router
from api.saved_views.router import router as saved_views_router
from api.search.router import router as search_router
from api.user_admin.router import router as user_management_router
from policies.enforcer import build_enforcer

log = logging.getLogger(__name__)


def api_routers() -> list[APIRouter]:
    """The API's routers (api.core.routing.domain_router), in the order requests are matched: health first."""
    health_router = domain_router(tags=["health"])

    @health_router.get("/health", summary="Liveness: the process answers (it checks nothing else)")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @health_router.get("/ready", summary="Readiness: PostgreSQL, Redis and Temporal each answer in time",
                       responses={503: {"description": "A dependency failed: `failed` names it, `checks` says why"}})
    async def ready(request: Request) -> JSONResponse:
        ok, body = await request.app.state.readiness.check()
        return JSONResponse(body, status_code=200 if ok else 503, headers={"Cache-Control": "no-store"})

    return [health_router, auth_router, second_factor_router, oidc_router, access_router, access_admin_router,
            navigation_admin_router, account_router, user_management_router, audit_router, assignments_router,
            notifications_router,
            master_data_router, client_lookup_router, client_views_router, clients_router,
            contacts_router, leads_router, approvals_router, approval_bulk_router, approval_links_router,
            approval_queue_router, approval_insights_router, lead_requests_router, stages_router, coa_router,
            coa_cost_sheet_router, pcs_pid_router, pcs_router, sales_targets_router, dashboard_router, reports_router,
            # before the activities': /activity/{activity_id} would take /activity/calendar-feed
            monthly_billing_router, calendar_feed_settings_router, activities_router, calendar_feed_router,
            geo_router, notification_settings_router,
            lead_register_router, pcs_register_router, lead_ops_router, presence_router, calls_router,
            holidays_router, operations_router, search_router, saved_views_router, imports_router,
            personal_data_router]


class _Assets(StaticFiles):
    """The build's hashed assets, cached for good (api.core.headers.ASSETS_CACHE)."""

    def file_response(self, full_path: PathLike[str] | str, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = ASSETS_CACHE
        return response


def _spa(app: FastAPI, dist: Path) -> None:
    """Serve the built front end: assets as files, every other non-API path as index.html. The build's own records
    (`.vite/`: its manifest and module lists, read by the initial-JS check) are not served."""
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", _Assets(directory=dist / "assets"), name="assets")

    async def spa(request):
        path = request.path_params.get("path", "")
        if path.startswith(API_PREFIX.strip("/") + "/") or path == API_PREFIX.strip("/"):
            return Response('{"messages":["Not Found"],"type":"NotFound"}', status_code=404,
                            media_type="application/json")
        candidate = (dist / path).resolve()
        hidden = any(part.startswith(".") for part in candidate.relative_to(dist.resolve()).parts) \
            if dist.resolve() in candidate.parents else True
        if path and candidate.is_file() and not hidden:
            return FileResponse(candidate)
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": PAGE_CACHE})
        return HTMLResponse("<h1>The front end is not built</h1><p>Run <code>make build</code>.</p>",
                            status_code=503)

    app.router.routes.append(Route("/{path:path}", spa, methods=["GET", "HEAD"], name="spa"))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    api.domains.register()  # the approval engine's request types and the domains' views

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if not settings.database_url or not settings.redis_url:
            raise RuntimeError("DATABASE_URL and REDIS_URL must be set (`make run` sets them for you)")
        engine = make_engine(settings.database_url)
        app.state.settings = settings
        app.state.engine = engine
        app.state.session_factory = make_session_factory(engine)
        with app.state.session_factory() as session:  # the dashboard's months in the configured time zone
            follow_zone(session, settings.time_zone)
        app.state.redis = make_redis(settings.redis_url)
        app.state.storage = open_storage(settings)  # the directory or the bucket is created if missing
        log.info("files are kept in the %s", app.state.storage.describe())
        app.state.policy = PolicyStore(build_enforcer(engine), app.state.redis)
        app.state.temporal = (
            await temporal_connect(settings.temporal_address, settings.temporal_namespace)
            if settings.temporal_address else None
        )
        app.state.readiness = Readiness(engine=engine, redis_client=app.state.redis, temporal=app.state.temporal)
        settings.signing_key()
        # told to stop: the open notification streams end at once (else they hold the stop until its timeout)
        undo = on_stop_signal(lambda: end_streams(app.state))
        release_collector()  # held by api.serve while the app loaded; what the started app holds is frozen
        try:
            yield
        finally:
            gc.unfreeze()
            undo()
            await close_presence(app.state)
            app.state.redis.close()
            engine.dispose()

    app = FastAPI(
        title="Pipeline CRM API",
        version="0.1.0",
        description="Internal sales-pipeline CRM. Every success body is {\"results\": ...}; every error body is "
                    "{\"messages\": [...], \"type\": ...}.",
        lifespan=lifespan,
        docs_url=f"{API_PREFIX}/docs",
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=f"{API_PREFIX}/docs/oauth2-redirect",
        openapi_url=f"{API_PREFIX}/openapi.json",
    )
    app.state.gate = GATE  # who a bearer token belongs to (api.core.deps asks it)
    install_error_handlers(app)
    app.add_middleware(BodyLimitMiddleware)  # bodies limited before anything parses them
    tiles = tile_source(settings.map_tile_url)
    app.add_middleware(SecurityHeadersMiddleware, docs_prefix=f"{API_PREFIX}/docs",  # every answer
                       img_sources=(tiles,) if tiles else ())
    app.add_middleware(CodecCors)  # the Temporal UI on its own origin reads the codec's answers
    app.add_middleware(RequestIdMiddleware)  # outermost: every call's logs carry its id
    routers = api_routers()
    assert_routes_declared(routers)
    # added as the routers made them (under /api, refusing a NUL: api.core.routing), not included: an included
    # router's routes are copied by FastAPI, each endpoint analysed again
    for router in routers:
        app.router.routes.extend(router.routes)
    app.add_api_websocket_route(realtime_socket.PATH, realtime_socket.realtime, name="realtime")
    metrics.install(app, settings)  # every call counted and timed by route template; GET /api/metrics
    approval_insights_metrics.install()  # with the approval insights' gauges, read when scraped
    tracing.instrument_app(app, settings)  # server spans, when OTEL_EXPORTER_OTLP_ENDPOINT is set
    _spa(app, settings.frontend_dist)
    return app
