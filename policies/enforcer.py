"""The Casbin enforcer factory and the default policy from this folder."""

from __future__ import annotations

import csv
from pathlib import Path

import casbin
from casbin_sqlalchemy_adapter import Adapter
from sqlalchemy.engine import Engine

HERE = Path(__file__).resolve().parent
MODEL_PATH = HERE / "model.conf"
POLICY_PATH = HERE / "policy.csv"


def build_enforcer(engine: Engine) -> casbin.SyncedEnforcer:
    """An enforcer whose policy lives in PostgreSQL (table casbin_rule, created by migrations)."""
    from api.access.models import CasbinRule

    adapter = Adapter(engine, db_class=CasbinRule, create_all_models=False)
    return casbin.SyncedEnforcer(str(MODEL_PATH), adapter)


def default_policy_rows(path: Path = POLICY_PATH) -> list[list[str]]:
    """The rows of policy.csv: [ptype, v0, v1, ...], comments and blank lines skipped."""
    rows = []
    with path.open() as fh:
        for row in csv.reader(fh, skipinitialspace=True):
            if row and not row[0].lstrip().startswith("#"):
                rows.append([v.strip() for v in row])
    return rows
