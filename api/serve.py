"""The API server: `python -m api.serve`, uvicorn with the settings' host, port, trusted proxies, graceful stop
(API_SHUTDOWN_SECONDS), bounded connections (api/core/connections.py: header and body deadlines, a cap per address,
on uvicorn's httptools protocol) and the product's log format. `make run` (api/run.py), the tests' live servers
(tests/live.py) and the production image (Dockerfile, docker-compose.yml) all start the API this one way."""

from __future__ import annotations

import uvicorn

from api.core.startup import hold_collector, leave


def main() -> None:
    hold_collector()  # while uvicorn loads and builds the app; its lifespan lets the collector go once started
    from api.core import logs  # cold start: after the collector is held (it loads Temporal's client)
    from api.core.config import get_settings  # cold start: after the collector is held (pydantic's settings)
    from api.core.connections import protocols  # cold start: after the collector is held (the metrics' imports)

    settings = get_settings()
    logs.configure(settings.log_level, settings.log_format, process="api")
    uvicorn.run("api.main:create_app", factory=True, host=settings.host, port=settings.port, proxy_headers=True,
                forwarded_allow_ips=settings.forwarded_allow_ips,
                timeout_graceful_shutdown=int(settings.api_shutdown_seconds) or None, log_config=None,
                timeout_keep_alive=settings.api_keep_alive_seconds,
                server_header=False, **protocols(settings))
    leave(0)  # stopped cleanly: not through finalization, which the Temporal client's native threads can abort


if __name__ == "__main__":
    main()
