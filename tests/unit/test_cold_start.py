"""A process starts in seconds (bench/cold_start.py measures it): building the API loads none of the modules that
only some calls need, and the worker none that only some of its activities or settings need. Each is imported where
it is first used (`# cold start:`), so a module imported at the top of a file on the path of the start again fails
here, naming it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# module: what loads it, when
ON_FIRST_USE = {
    "weasyprint": "the first PDF (api/core/pdf.py)",
    "xlsxwriter": "the first XLSX download (api/reports/files.py, api/monthly_billing/files.py)",
    "openpyxl": "nothing of the product (the report tests read XLSX with it)",
    "boto3": "files in a bucket (STORAGE_URL=s3://..., api/core/storage/s3.py)",
    "botocore": "files in a bucket",
    "httpx": "the first place search (api/geo/service.py), the first call to an OpenID provider",
    "authlib": "the first call to an OpenID provider (api/auth/oidc/protocol.py)",
    "joserfc": "the first call to an OpenID provider",
    "opentelemetry.sdk.trace": "tracing on (OTEL_EXPORTER_OTLP_ENDPOINT, api/core/tracing_sdk.py)",
    "opentelemetry.exporter": "tracing on",
    "opentelemetry.instrumentation": "tracing on",
    "temporalio.contrib": "tracing on",
    "schemathesis": "the fuzz tests",
    "pytest": "the tests",
}
API_ALSO = {"temporalio.worker": "the worker: the API needs Temporal's client only (worker/request_ids.py)"}


def loaded(code: str, **env: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code` (the settings' environment without tracing or a
    bucket unless given)."""
    base = {k: v for k, v in os.environ.items() if k not in ("OTEL_EXPORTER_OTLP_ENDPOINT", "STORAGE_URL")}
    done = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\nprint('\\n'.join(sys.modules))"], cwd=ROOT,
                          env={**base, **env}, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def present(modules: set[str], wanted: dict[str, str]) -> dict[str, str]:
    return {name: why for name, why in wanted.items() if any(m == name or m.startswith(name + ".") for m in modules)}


def test_building_the_api_loads_nothing_that_only_some_calls_need() -> None:
    modules = loaded("from api.main import create_app\ncreate_app()")
    assert "api.lead_views.router" in modules  # the app was built
    assert present(modules, {**ON_FIRST_USE, **API_ALSO}) == {}


def test_loading_the_worker_loads_nothing_that_only_some_activities_need() -> None:
    modules = loaded("import worker.main")
    assert "workflows.registry" in modules and "temporalio.worker" in modules
    assert present(modules, ON_FIRST_USE) == {}


def test_tracing_on_loads_the_sdk_when_the_app_is_built() -> None:
    """The other side: with an OTLP endpoint, building the app loads the SDK and instruments it (Temporal's contrib
    loads with the client's interceptor, when the app connects: tests/integration/test_tracing.py follows a trace
    into the workflow)."""
    modules = loaded("from api.main import create_app\ncreate_app()", OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:9")
    assert set(present(modules, ON_FIRST_USE)) == {"opentelemetry.sdk.trace", "opentelemetry.exporter",
                                                   "opentelemetry.instrumentation"}
