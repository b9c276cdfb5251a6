"""Casbin decisions, with the policy reloaded in every API process when any process changes it."""

from __future__ import annotations

import logging
import threading

import casbin
import redis

log = logging.getLogger(__name__)

POLICY_VERSION_KEY = "authz:policy-version"


class PolicyStore:
    """Wraps the enforcer; a Redis counter tells each process when to reload the policy from PostgreSQL."""

    def __init__(self, enforcer: casbin.SyncedEnforcer, redis_client: redis.Redis):
        self.enforcer = enforcer
        self.redis = redis_client
        self._version: str | None = None
        self._lock = threading.Lock()
        self._decisions: dict[tuple[str, str, str], bool] = {}
        self.refresh()

    def refresh(self) -> None:
        """Reload the policy when its version in Redis moved since this process last loaded it."""
        version = self.redis.get(POLICY_VERSION_KEY) or "0"
        if version == self._version:
            return
        with self._lock:
            if version != self._version:
                self.enforcer.load_policy()
                self._decisions = {}
                self._version = str(version)
                log.info("policy loaded (version %s)", version)

    def changed(self) -> None:
        """Call after writing casbin_rule rows (committed): every process reloads on its next request."""
        self.redis.incr(POLICY_VERSION_KEY)
        self.refresh()

    def explain(self, role: str, page: str, action: str) -> list[str]:
        """The policy line that grants this (as written in policy.csv: "p, SALES, leads, read"), and the role
        lines it is inherited through; empty when nothing grants it."""
        allowed, rule = self.enforcer.enforce_ex(role, page, action)
        if not allowed:
            return []
        lines = ["p, " + ", ".join(rule)]
        if rule and rule[0] != role:
            lines += [f"g, {role}, {parent}" for parent in self.enforcer.get_implicit_roles_for_user(role)]
        return lines

    def allowed(self, role: str, page: str, action: str) -> bool:
        """Casbin's decision, remembered until the policy changes (enforce evaluates every rule in Python)."""
        key = (role, page, action)
        decision = self._decisions.get(key)
        if decision is None:
            decision = self._decisions[key] = bool(self.enforcer.enforce(role, page, action))
        return decision
