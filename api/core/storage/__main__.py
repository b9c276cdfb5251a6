"""`python -m api.core.storage migrate [--from DIR]`: copy the local storage directory (DATA_DIR/storage by default)
into the storage STORAGE_URL names (see api.core.storage.migrate)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from api.core.config import get_settings
from api.core.storage import open_storage
from api.core.storage.backends import LocalBackend
from api.core.storage.migrate import migrate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m api.core.storage", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("migrate", help="copy local files into the storage STORAGE_URL names")
    command.add_argument("--from", dest="source", type=Path, default=None,
                         help="the local storage directory (default: DATA_DIR/storage)")
    args = parser.parse_args(argv)

    settings = get_settings()
    source: Path = args.source or settings.storage_dir
    if not source.is_dir():
        print(f"{source} does not exist: nothing to copy")
        return 0
    target = open_storage(settings)
    if isinstance(target.backend, LocalBackend) and target.backend.root.resolve() == source.resolve():
        # a deployment that keeps its files in the local directory: the migration step has nothing to do
        print(f"{source} is already the storage STORAGE_URL names: nothing to copy")
        return 0
    try:
        done = migrate(source, target)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"{source} -> {target.describe()}: {done.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
