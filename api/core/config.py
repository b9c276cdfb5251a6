"""Settings from environment variables (pydantic-settings)."""

from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import quote

from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[2]


class OidcProvider(BaseModel):
    """One OpenID provider people may sign in with (README "Single sign-on"): an entry of OIDC_PROVIDERS."""

    # names the provider in its URLs (/api/auth/oidc/<key>/callback) and its people's links: keep it once in use
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,29}$")
    label: str = Field(min_length=1, max_length=60)  # the sign-in page's button: "Sign in with <label>"
    issuer: str = Field(min_length=1)  # its discovery document is <issuer>/.well-known/openid-configuration
    client_id: str = Field(min_length=1)
    client_secret: str | None = None
    scopes: list[str] = Field(default_factory=lambda: ["openid", "email", "profile"])
    # the claim of the ID token or the userinfo answer that lists the person's groups or roles (None: no mapping)
    roles_claim: str | None = None
    # a person the provider vouches for who has no account: "refuse" them, or create an "inactive" account for an
    # administrator to activate and place in the hierarchy (with provision_role until then)
    provisioning: Literal["refuse", "inactive"] = "refuse"
    provision_role: str = "SALES"
    # an e-mail without an email_verified claim counts as verified (a company directory that sends none, Entra ID)
    trust_email: bool = False
    extra_params: dict[str, str] = Field(default_factory=dict)  # more parameters of the authorization request
    token_auth_method: Literal["client_secret_basic", "client_secret_post"] = "client_secret_basic"


class Settings(BaseSettings):
    """Every knob of the product; each has a default that works with the embedded services."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    data_dir: Path = Field(default=ROOT / ".data")
    database_url: str | None = None
    redis_url: str | None = None
    temporal_address: str | None = None
    temporal_namespace: str = "default"
    temporal_task_queue: str = "crm"
    temporal_ui_url: str | None = None
    # the keys that seal every payload sent to Temporal (api/core/temporal/sealing.py): `id:key` pairs, 32-byte keys in
    # base64url, comma separated, the first one sealing; unset: generated once into data_dir (`make run`). The API
    # and the worker must have the same keys; the compose deployment requires them
    temporal_payload_keys: str | None = None
    # how long an approver's call waits for the workflow to confirm a decision before answering "received"
    approval_decision_timeout: float = 10.0
    # how long a request's call waits for its workflow to start before leaving it to the approval sweep
    approval_start_timeout: float = 5.0
    # an approval layer's deadline lasts this many times its length: 1 in production; a demo or a browser journey
    # shrinks an hour to a second with 0.000278 (the timers stay the workflow's durable timers either way)
    approval_deadline_scale: float = Field(default=1.0, gt=0, le=1)
    # decide-from-the-mail (api/approvals/mail_links.py): the mail asking an approver to decide carries signed,
    # single-use Approve and Reject links valid this long (hours); off: the mail carries none. Their public page and
    # calls answer at most approval_link_requests_per_address times per address in 15 minutes
    approval_mail_links: bool = True
    approval_link_hours: float = 72
    approval_link_requests_per_address: int = 60

    # argon2id parameters of password hashes (api/core/security.py): "production" (OWASP's: 19 MiB, t=2, p=1); "test"
    # is the cheapest argon2id, for the test suite only, where hashing proves nothing and cost adds up. A hash with
    # other parameters is rewritten with the profile's at its user's next sign-in
    password_hash_profile: Literal["production", "test"] = "production"
    # password checks (sign-in, a change of one's own password) run on a pool of their own (api/core/password_pool.py):
    # this many at once, and this many more waiting their turn; one more is answered 429 at once, without hashing,
    # so a burst of sign-ins cannot take the API's threads and cores from every other call
    password_verify_workers: int = Field(default=2, ge=1)
    password_verify_queue: int = Field(default=8, ge=0)
    # the pool's threads run this many steps of `nice` below the API's CPU priority (Linux; 0: the same): on busy
    # cores the calls of people signed in go first and the checks take what is left
    password_verify_nice: int = Field(default=10, ge=0, le=19)

    host: str = "127.0.0.1"
    port: int = 8000
    # proxies whose X-Forwarded-For / -Proto the API believes (a comma list, or * behind a trusted network only)
    forwarded_allow_ips: str = "127.0.0.1"
    # bounded connections (api/core/connections.py): a request's headers must all arrive within this many seconds of
    # its first byte; a body that stalls this long without a byte (while the server reads) ends its connection, 408;
    # one peer address holds at most this many connections at once (0: no cap), one more is answered 429. The peer is
    # the TCP one: behind a proxy, the proxy itself (docker-compose.yml turns the cap off; nginx caps each caller)
    api_header_timeout_seconds: float = Field(default=5.0, gt=0)
    api_body_timeout_seconds: float = Field(default=10.0, gt=0)
    api_max_connections_per_address: int = Field(default=50, ge=0)
    # on SIGTERM or Ctrl-C the API stops accepting, ends its notification streams at once and gives the requests
    # in progress this long to finish before it cancels them
    api_shutdown_seconds: float = 10.0
    # how long an idle keep-alive connection stays open: longer than a client's or a proxy's own idle time (60 s on
    # most load balancers), so the client closes first and never sends on a connection the API is closing (uvicorn's
    # 5 s made a request sent 5 s after the last one meet a reset: a client retries no POST)
    api_keep_alive_seconds: int = 65
    # an import (api/imports) of at most this many rows is checked and written in the request; a larger one by the
    # ImportWorkflow on the worker, a batch of 500 rows per activity (the tests send a few hundred rows that way)
    import_inline_rows: int = Field(default=1_000, ge=0)
    # the worker: activities run at once (each on a thread of its own pool, sized to match), workflow tasks at
    # once, how long a stopping worker lets its activities finish, and the port of its health check
    worker_activity_slots: int = 16
    worker_workflow_task_slots: int = 32
    worker_shutdown_seconds: float = 30.0
    worker_health_port: int = 8081
    # the address the worker's health check and its two metrics ports listen on: this host only, as the API's `host`;
    # a container whose health and metrics are read from another one sets 0.0.0.0 (docker-compose.yml)
    worker_host: str = "127.0.0.1"
    # metrics (README "Operations"): the bearer token GET /api/metrics requires when set; the worker's own metrics
    # (approvals applied, its database pool) and the Temporal SDK's (task latencies, slots, polls) on two ports (0: off)
    metrics_token: str | None = None
    worker_metrics_port: int = 9464
    worker_sdk_metrics_port: int = 9465
    # traces (OpenTelemetry, api/core/tracing.py): exported by OTLP over HTTP to this endpoint (the collector's base
    # URL, e.g. http://otel-collector:4318); unset, nothing is traced
    otel_exporter_otlp_endpoint: str | None = None
    # logs: "text" (readable, the default) or "json" (one object per line, for a log collector); and the level
    log_format: str = "text"
    log_level: str = "INFO"
    app_url: str | None = None  # public URL of the app, used in mails; defaults to http://host:port

    # presence (who is online, api/presence): a realtime connection that has not been heard from for this long is
    # gone (a frozen browser, a killed API process); its process moves it on a third of this apart
    presence_ttl_seconds: float = 30.0

    jwt_secret: str | None = None  # generated into data_dir on first run when unset
    jwt_algorithm: str = "HS256"
    access_token_minutes: float = 15  # a fraction is allowed (a test's short-lived tokens)
    refresh_token_days: int = 7
    # the refresh token lives in an httpOnly, SameSite=Strict cookie on /api/auth; browsers keep a Secure cookie on
    # https and on http://localhost or 127.0.0.1 only, so a plain-http deployment on another host name turns it off
    auth_cookie_secure: bool = True

    # Sign-in throttle (OWASP ASVS 2.2.1; README "Sign-in protection"). A username tried from one address gets
    # login_free_failures failures; after that each failure makes that address wait before trying that username
    # again, login_delay_seconds at first and twice as long after each further failure, up to login_max_delay_seconds.
    login_free_failures: int = 3
    login_delay_seconds: int = 1
    login_max_delay_seconds: int = 900
    # failures from one address (any usernames) within login_window_minutes before that address must wait
    login_address_max_failures: int = 50
    login_window_minutes: int = 15
    # failures of one username from every address within login_window_minutes after which the right password from a
    # device and address that never signed in as that user needs a code mailed to the user too (never a lock: the
    # user's own devices go on signing in), until the user signs in again
    login_verify_after_failures: int = 20
    login_code_minutes: int = 10  # life of a mailed sign-in code
    # a device (its cookie) or an address stays known this long after its last sign-in as that user
    login_known_days: int = 90
    # a refresh token presented again this soon after its rotation gets the same new pair (two tabs after a 401)
    refresh_grace_seconds: int = 10

    # single sign-on (README "Single sign-on"): OpenID providers as a JSON list of OidcProvider entries; password
    # sign-in for everyone (off: only the providers' buttons; a user's own switch is in User Management); how long a
    # call to a provider may take; how often a refresh of a provider's session asks the provider whether its person
    # still may sign in (their leaving reaches the product within this, or at once by back-channel logout)
    oidc_providers: list[OidcProvider] = Field(default_factory=list)
    password_sign_in: bool = True
    oidc_timeout: float = Field(default=5.0, gt=0)
    oidc_check_minutes: float = Field(default=5.0, ge=0)

    password_reset_minutes: int = 30
    # forgot-password requests from one address within 15 minutes
    password_reset_requests_per_address: int = 20
    # the first administrator of a deployment without demo data, created once when no administrator exists
    first_admin_username: str | None = None
    first_admin_password: str | None = None
    first_admin_email: str | None = None
    # where every file is kept: file:///path (default: data_dir/storage) or
    # s3://KEY:SECRET@host:port/bucket[/prefix]?region=us-east-1&secure=false (README "File storage")
    storage_url: str | None = None
    smtp_url: str | None = None  # smtp://user:pass@host:port ; without it mails go to data_dir/outbox
    mail_from: str = "Pipeline CRM <no-reply@pipeline-crm.local>"
    allowed_redirect_origins: list[str] = Field(default_factory=list)

    tenant_name: str = "PT Nusantara Digital Solusi"
    # the business's time zone: the dashboard's periods, months and years are counted in it
    time_zone: str = "Asia/Jakarta"
    # place search of the activity form's map (api/geo): a Nominatim-compatible provider the API calls for the browser
    # (empty: place search off, the form takes a typed place). Nominatim's usage policy wants an application-identifying
    # User-Agent and a contact (the e-mail, sent as its `email` parameter, when set); at most one request a second
    # across every API process and cached answers are kept by api/geo/service.py
    geocoder_url: str = "https://nominatim.openstreetmap.org"
    geocoder_user_agent: str = "pipeline-crm/0.1 (internal sales CRM; self-hosted)"
    geocoder_email: str | None = None
    geocoder_timeout: float = 5.0  # seconds for one call to the provider
    # the map's tiles, which the browser loads itself ({z}/{x}/{y} and an optional {s}), and their attribution
    map_tile_url: str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    map_tile_attribution: str = "&copy; OpenStreetMap contributors"
    # the reminder sweep reminds sales people of ongoing leads 30 and 90 days without contact (off: it does not)
    lead_contact_reminders: bool = True
    profile_picture_max_bytes: int = 5 * 1024 * 1024
    frontend_dist: Path = Field(default=ROOT / "frontend" / "dist")

    @property
    def outbox_dir(self) -> Path:
        return self.data_dir / "outbox"

    @property
    def storage_dir(self) -> Path:
        return self.data_dir / "storage"

    @property
    def public_url(self) -> str:
        return (self.app_url or f"http://{self.host}:{self.port}").rstrip("/")

    def workflow_url(self, workflow_id: str) -> str | None:
        """A workflow's page in the Temporal UI (of the configured namespace), when the UI's URL is set."""
        if not self.temporal_ui_url:
            return None
        return (f"{self.temporal_ui_url.rstrip('/')}/namespaces/{quote(self.temporal_namespace, safe='')}"
                f"/workflows/{quote(workflow_id, safe='')}")

    def oidc_provider(self, key: str) -> OidcProvider | None:
        return next((p for p in self.oidc_providers if p.key == key), None)

    def signing_key(self) -> str:
        """The JWT key: given, or generated once into data_dir and reused across restarts."""
        if self.jwt_secret:
            return self.jwt_secret
        key_file = self.data_dir / "jwt-secret"
        if not key_file.exists():
            key_file.parent.mkdir(parents=True, exist_ok=True)
            key_file.write_text(secrets.token_urlsafe(48))
            key_file.chmod(0o600)
        self.jwt_secret = key_file.read_text().strip()
        return self.jwt_secret


@lru_cache
def get_settings() -> Settings:
    return Settings()
