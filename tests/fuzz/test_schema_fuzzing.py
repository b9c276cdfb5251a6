"""Schema-driven fuzzing of every operation: schemathesis over the OpenAPI schema, signed in as an administrator
and as a sales person, against the real product (uvicorn and a worker) in its own database, which it may wreck.

Its coverage phase sends each parameter's valid boundary values (2^31, 2^63, NUL bytes, the longest and shortest
strings, each enum value), its fuzzing phase random valid and invalid requests (RUNS: the phases each user sends;
schemathesis.toml beside this file: why the coverage phase leaves out its invalid values). Any 5xx or any answer that
does not match the schema fails the test, with schemathesis's report (a curl line per failure). Examples per
operation are bounded (FUZZ_EXAMPLES, 5 by default; the coverage phase is not counted) so the run fits in CI; set it
higher to fuzz harder locally."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import DEMO_PASSWORD, TEST_DATA, Services
from tests.geocoder_server import FakeGeocoder
from tests.live import LiveServer, live_server

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "5"))
# Calls that end the fuzzer's own session or change the password it signed in with: the auth tests cover them,
# and fuzzing them would only sign the fuzzer out.
SESSION_ENDING = r"^/api/auth/logout$|change-password$"
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
CONFIG = Path(__file__).with_name("schemathesis.toml")


@pytest.fixture(scope="module")
def fuzz_server(services: Services, geocoder_server: FakeGeocoder) -> Iterator[LiveServer]:
    # every call comes from 127.0.0.1: without these, the fuzzer's random sign-ins would throttle its own address;
    # the place search asks the local fake Nominatim (off, it would answer 503; the internet, it must not reach)
    with live_server(services, "fuzz", redis_db=2, LOGIN_ADDRESS_MAX_FAILURES="1000000",
                     PASSWORD_RESET_REQUESTS_PER_ADDRESS="1000000", GEOCODER_URL=geocoder_server.url) as server:
        yield server


def fuzz(server: LiveServer, username: str, phases: str, examples: int) -> subprocess.CompletedProcess[str]:
    r = httpx.post(f"{server.url}/api/auth/login", json={"username": username, "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    token = r.json()["results"]["token"]
    return subprocess.run(
        [str(SCHEMATHESIS), "--config-file", str(CONFIG), "run", f"{server.url}/api/openapi.json",
         "--header", f"Authorization: Bearer {token}", "--checks", "not_a_server_error,response_schema_conformance",
         "--phases", phases,
         "--max-examples", str(examples), "--exclude-path-regex", SESSION_ENDING, "--workers", "2",
         "--generation-deterministic", "--no-color", "--continue-on-failure", "--request-timeout", "30"],
        capture_output=True, text=True, timeout=900, cwd=TEST_DATA)


def _summary(report: str) -> str:
    """The report without the long tracebacks: each failure's heading, its kind and its curl line."""
    keep = [line for line in report.splitlines()
            if line.startswith(("___", "- ", "    curl", "Failures", "Errors", "Test cases")) or "❌" in line
            or "🚫" in line]
    return "\n".join(keep)[-20000:]


# (phases, examples per operation) of each user. The coverage phase's values are the schema's boundaries, the same
# whoever sends them, and an administrator reaches every operation with them (about 3,500 requests; its invalid
# values, 7,250 more, took 59 CPU-s, all refused by FastAPI's validation before the product's own code; sending them
# all again as a sales person took 2.5 minutes of two cores). A sales person sends twice as many of the fuzzing
# phase's random valid and invalid requests, through what they may and may not reach (their own rows, another team's,
# pages refused to them).
RUNS = {"admin": ("coverage,fuzzing", EXAMPLES), "sales1": ("fuzzing", 2 * EXAMPLES)}


@pytest.mark.parametrize("username", list(RUNS))
def test_no_operation_answers_5xx_or_off_schema(fuzz_server: LiveServer, username: str) -> None:
    run = fuzz(fuzz_server, username, *RUNS[username])
    report = run.stdout + run.stderr
    saved = TEST_DATA / f"fuzz-{username}.txt"
    saved.write_text(report)
    summary = report.rsplit("SUMMARY", 1)[-1]
    assert "Test cases:" in summary, f"schemathesis did not run (its report: {saved}):\n{report[-5000:]}"
    # Failures are the API's (a 5xx, an answer off its schema). Errors are the tool's own (a strategy it could
    # not build): reported, not held against the API.
    assert "Failures:" not in summary, (f"schemathesis found failures (its whole report: {saved}; the server's "
                                        f"log: {fuzz_server.log}):\n{_summary(report)}")
    if run.returncode != 0:
        print(f"schemathesis reported errors of its own (see {saved}):\n{_summary(report)}")
