"""Copy the files of a local storage directory (DATA_DIR/storage, the layout every file was kept under before
STORAGE_URL) into the storage STORAGE_URL names, under the same keys: the database's references stay as they are.
Idempotent: a file already there with the same size is left alone, so a run that stopped halfway is run again."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from api.core import uploads
from api.core.storage import LocalBackend, Storage, is_safe


@dataclass
class Migrated:
    copied: list[str] = field(default_factory=list)
    present: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # temporary files of unfinished writes, unsafe names

    def summary(self) -> str:
        return (f"copied {len(self.copied)} files, {len(self.present)} already there, "
                f"{len(self.skipped)} skipped (temporary or unsafe names)")


def migrate(source: Path, target: Storage) -> Migrated:
    """Copy every file under `source` into `target` that is not there yet."""
    if isinstance(target.backend, LocalBackend) and target.backend.root.resolve() == source.resolve():
        raise ValueError(f"{source} is already the storage STORAGE_URL names: nothing to copy")
    target.ensure_ready()
    local = LocalBackend(source)
    done = Migrated()
    for key in local.walk():
        namespace, _, name = key.rpartition("/")
        if not namespace or not is_safe(name):
            done.skipped.append(key)
            continue
        size = local.size(key)
        if size is None:  # removed while we were copying
            continue
        if target.backend.size(key) == size:
            done.present.append(key)
            continue
        with (source / key).open("rb") as fh:
            target.backend.put(key, fh, uploads.media_type(name))
        done.copied.append(key)
    return done
