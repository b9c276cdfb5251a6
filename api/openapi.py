"""Write the OpenAPI schema: `python -m api.openapi frontend/openapi.json` (the front end's types come from it)."""

from __future__ import annotations

import json
import sys

from api.core.config import Settings
from api.main import create_app


def schema() -> dict[str, object]:
    return create_app(Settings()).openapi()


if __name__ == "__main__":
    text = json.dumps(schema(), indent=2, sort_keys=True) + "\n"
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
