"""The Temporal worker process: `python -m worker` (the worker itself: worker/main.py)."""

from __future__ import annotations

from api.core.startup import hold_collector


def run() -> None:
    hold_collector()  # while the worker loads; it lets the collector go once built (api/core/startup.py)
    from worker import main  # cold start: after the collector is held (it loads the workflows and the API's domains)

    main.run()


if __name__ == "__main__":
    run()
