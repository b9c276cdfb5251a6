"""docker-compose.yml cannot run here (no Docker engine); check it parses and everything it names exists."""

import importlib
import importlib.util
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]


def _dockerfile_stages(path: Path) -> set[str]:
    return set(re.findall(r"^FROM\s+\S+\s+AS\s+(\S+)", path.read_text(), flags=re.M | re.I))


def test_it_describes_the_whole_product() -> None:
    assert {"postgres", "redis", "temporal", "temporal-ui", "api", "worker", "web"} <= set(SERVICES)


def test_temporal_runs_on_postgres() -> None:
    env = SERVICES["temporal"]["environment"]
    assert env["DB"].startswith("postgres") and env["POSTGRES_SEEDS"] == "postgres"


@pytest.mark.parametrize("name", [n for n, s in SERVICES.items() if "build" in s])
def test_built_images_come_from_a_dockerfile_stage_in_the_repo(name: str) -> None:
    build = SERVICES[name]["build"]
    context = ROOT / build["context"]
    dockerfile = context / build.get("dockerfile", "Dockerfile")
    assert dockerfile.is_file()
    assert build["target"] in _dockerfile_stages(dockerfile)


def test_every_path_the_dockerfile_copies_exists() -> None:
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.startswith("COPY") and "--from=" not in line:
            *sources, _ = line.split()[1:]
            for src in sources:
                assert (ROOT / src).exists(), src


def _module_exists(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


@pytest.mark.parametrize("name", ["api", "worker", "migrate"])
def test_every_command_names_something_that_exists(name: str) -> None:
    command = " ".join(SERVICES[name]["command"])
    for module in re.findall(r"python -m ([\w.]+)", command):
        assert _module_exists(module), module
    for target in re.findall(r"([\w.]+):(create_app)", command):
        module, attr = target
        spec = importlib.import_module(module)
        assert callable(getattr(spec, attr))
    if "alembic" in command:
        assert (ROOT / "alembic.ini").is_file() and (ROOT / "migrations" / "env.py").is_file()


def test_app_services_get_every_url_the_settings_need() -> None:
    from api.core.config import Settings

    fields = {f.upper() for f in Settings.model_fields}
    for name in ("api", "worker", "migrate"):
        env = SERVICES[name]["environment"]
        assert {"DATABASE_URL", "REDIS_URL", "TEMPORAL_ADDRESS", "JWT_SECRET"} <= set(env)
        assert set(env) <= fields, set(env) - fields


def test_the_web_image_config_exists() -> None:
    assert (ROOT / "deploy" / "nginx.conf").is_file()




def test_the_deployment_seeds_reference_data_only() -> None:
    """The demo users (their password is in the README) exist only under `make run` and the tests."""
    command = " ".join(SERVICES["migrate"]["command"])
    seeds = re.findall(r"python -m api\.seed(?: (\w+))?", command)
    assert seeds == ["reference"], command
    for service in SERVICES.values():
        assert "demo" not in " ".join(service.get("command") or []), service


def test_the_first_administrator_settings_reach_the_migration_only() -> None:
    """The seed creates the first administrator from them; the API and the worker never see that password."""
    from api.core.config import Settings

    wanted = {"FIRST_ADMIN_USERNAME", "FIRST_ADMIN_PASSWORD", "FIRST_ADMIN_EMAIL"}
    assert {f.upper() for f in Settings.model_fields} >= wanted
    assert wanted <= set(SERVICES["migrate"]["environment"])
    for name in ("api", "worker"):
        assert not wanted & set(SERVICES[name]["environment"]), name


def test_the_web_image_serves_the_front_end_with_the_apps_security_headers() -> None:
    """nginx serves the built front end itself in the deployment: its pages get the headers the app sets."""
    import re

    from api.core.config import Settings
    from api.core.headers import COMMON, app_policy, tile_source

    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    blocks = re.findall(r"location (/assets/|/) \{(.*?)\n    \}", conf, re.S)
    assert [path for path, _ in blocks] == ["/assets/", "/"]
    for _, body in blocks:
        headers = {name.lower(): value for name, value in re.findall(r'add_header ([\w-]+) "([^"]*)" always;', body)}
        # the policy the app sets with the default tile server (the deployment's MAP_TILE_URL is the default)
        tiles = tile_source(Settings.model_fields["map_tile_url"].default)
        assert headers["content-security-policy"] == app_policy((tiles,) if tiles else ())
        for name, value in COMMON.items():
            assert headers[name.decode()] == value.decode(), name


def test_the_web_image_caches_the_front_end_as_the_app_does() -> None:
    """nginx and the app's own serving (make run) keep the hashed assets a year and ask for the page every time."""
    from api.core.headers import ASSETS_CACHE, PAGE_CACHE

    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    blocks = dict(re.findall(r"location (/assets/|/) \{(.*?)\n    \}", conf, re.S))

    def cache(body: str) -> set[str]:
        # nginx's `expires 1y` sends max-age=31536000 beside what add_header Cache-Control names
        found = {part.strip() for value in re.findall(r'add_header Cache-Control "([^"]*)"', body)
                 for part in value.split(",")}
        found |= {f"max-age={365 * 24 * 3600}" for _ in re.findall(r"expires 1y;", body)}
        return found

    assert cache(blocks["/assets/"]) == {part.strip() for part in ASSETS_CACHE.split(",")}
    assert cache(blocks["/"]) == {PAGE_CACHE}


def _s3_port(service: dict) -> int:
    command = " ".join(service.get("command") or [])
    found = re.search(r"weed server .*-s3\.port=(\d+)", command)
    assert found, command
    return int(found.group(1))


def test_the_object_store_serves_s3_from_a_volume() -> None:
    """Every file lives in SeaweedFS (weed server -s3), on a volume of its own, healthy before the app starts."""
    store = SERVICES["seaweedfs"]
    assert " -s3 " in " ".join(store["command"]) and _s3_port(store) == 8333
    assert any(v.endswith(":/data") for v in store["volumes"]) and store["healthcheck"]["test"]
    assert "seaweedfs-data" in COMPOSE["volumes"]


@pytest.mark.parametrize("name", ["api", "worker", "migrate"])
def test_app_services_share_the_object_store(name: str) -> None:
    """One STORAGE_URL for every API process and the worker, naming the compose object store; they wait for it."""
    from urllib.parse import urlsplit

    from api.core.storage.s3 import S3Backend
    from api.core.storage.urls import from_url

    url = SERVICES[name]["environment"]["STORAGE_URL"]
    resolved = re.sub(r"\$\{(\w+):[-?]([^}]*)\}", lambda m: "crm" if m.group(1) == "S3_ACCESS_KEY" else "x", url)
    parts = urlsplit(resolved)
    assert parts.scheme == "s3" and parts.hostname in SERVICES and parts.port == _s3_port(SERVICES[parts.hostname])
    backend = from_url(resolved)
    assert isinstance(backend, S3Backend) and backend.bucket == "crm-files"
    assert backend.endpoint_url == f"http://{parts.hostname}:{parts.port}"
    assert SERVICES[name]["depends_on"][parts.hostname]["condition"] == "service_healthy"


def test_files_kept_before_the_object_store_are_migrated() -> None:
    """The migration copies DATA_DIR/storage (the volume the API wrote before) into the object store."""
    command = " ".join(SERVICES["migrate"]["command"])
    assert "python -m api.core.storage migrate" in command
    assert "app-data:/data" in SERVICES["migrate"]["volumes"]
    assert SERVICES["migrate"]["environment"]["DATA_DIR"] == "/data"


def test_metrics_need_a_token_and_the_worker_listens_inside_its_container_only() -> None:
    """GET /api/metrics answers only its bearer token: compose refuses to start without METRICS_TOKEN (the API and
    Prometheus read the same one). The worker's health and metrics ports listen on its container's interfaces (read
    from the other containers, never published); outside a container, on 127.0.0.1 (the settings' default)."""
    from api.core.config import Settings

    for env in (SERVICES["api"]["environment"], SERVICES["prometheus"]["environment"]):
        assert env["METRICS_TOKEN"].startswith("${METRICS_TOKEN:?"), env["METRICS_TOKEN"]
    assert SERVICES["worker"]["environment"]["WORKER_HOST"] == "0.0.0.0"
    assert "ports" not in SERVICES["worker"]
    assert Settings.model_fields["worker_host"].default == Settings.model_fields["host"].default == "127.0.0.1"


def test_temporal_is_for_the_product_and_its_operators_only() -> None:
    """No Temporal port is published: the frontend is reached on the compose network only (by the API, the worker
    and the UI), and the UI only through the web server, which asks the API for the operations cookie first. The UI
    cannot write, and reads sealed payloads through the API's codec endpoint with that cookie."""
    assert "ports" not in SERVICES["temporal"]
    assert "ports" not in SERVICES["temporal-ui"]
    published = {port for service in SERVICES.values() for port in service.get("ports", [])}
    assert not any(p.endswith((":7233", ":8233")) or p in ("7233", "8233") for p in published), published
    ui = SERVICES["temporal-ui"]["environment"]
    assert ui["TEMPORAL_DISABLE_WRITE_ACTIONS"] == "true"
    assert ui["TEMPORAL_UI_PUBLIC_PATH"] == "/temporal"
    assert ui["TEMPORAL_CODEC_ENDPOINT"].endswith("/api/operations/codec")
    assert ui["TEMPORAL_CODEC_INCLUDE_CREDENTIALS"] == "true"
    app_env = SERVICES["api"]["environment"]
    assert app_env["TEMPORAL_UI_URL"].endswith("/temporal")
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    block = nginx[nginx.index("location /temporal/ {"):]
    block = block[:block.index("}")]
    assert "auth_request /_operations_check;" in block and "proxy_pass http://temporal-ui:8080;" in block
    check = nginx[nginx.index("location = /_operations_check {"):]
    assert "internal;" in check[:check.index("}")]
    assert "proxy_pass http://api:8000/api/operations/ui-check;" in check[:check.index("}")]


def test_the_payload_keys_are_required_and_shared() -> None:
    """The API and the worker seal with the same keys; compose refuses to start without them."""
    for name in ("api", "worker", "migrate"):
        keys = SERVICES[name]["environment"]["TEMPORAL_PAYLOAD_KEYS"]
        assert keys.startswith("${TEMPORAL_PAYLOAD_KEYS:?"), (name, keys)


def test_nginx_bounds_each_caller_as_the_api_does_under_make_run() -> None:
    """Behind nginx every connection reaches the API from nginx: the per-caller bounds are nginx's (README "Bounded
    connections"), with the API's own defaults, and the API's cap per peer address is off (it would be one cap for
    every caller together)."""
    from api.core.config import Settings

    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    server = re.search(r"^server \{(.*)^\}", conf, re.S | re.M)
    assert server is not None
    directives = dict(re.findall(r"^    (client_header_timeout|client_body_timeout|limit_conn|limit_conn_status) "
                                 r"([^;]+);", server.group(1), re.M))
    fields = Settings.model_fields
    assert directives["client_header_timeout"] == f"{fields['api_header_timeout_seconds'].default:g}s"
    assert directives["client_body_timeout"] == f"{fields['api_body_timeout_seconds'].default:g}s"
    zone, limit = directives["limit_conn"].split()
    assert int(limit) == fields["api_max_connections_per_address"].default
    assert re.search(rf"^limit_conn_zone \$binary_remote_addr zone={zone}:\d+m;", conf, re.M)
    assert directives["limit_conn_status"] == "429"
    assert SERVICES["api"]["environment"]["API_MAX_CONNECTIONS_PER_ADDRESS"] == "0"
    assert "ports" not in SERVICES["api"]  # nginx is the only way in


def test_the_web_server_passes_the_realtime_websocket_through() -> None:
    """The bell, presence and live boards ride one WebSocket (/api/realtime): nginx must upgrade it, or the compose
    deployment's browsers never get a realtime connection."""
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    block = nginx[nginx.index("location = /api/realtime {"):]
    block = block[:block.index("}")]
    for line in ("proxy_pass http://api:8000;", "proxy_http_version 1.1;", "proxy_set_header Upgrade $http_upgrade;",
                 'proxy_set_header Connection "upgrade";'):
        assert line in block, line
