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

    def queue_version(self, pipe: redis.client.Pipeline) -> None:
        """Add the read of the policy's version to a pipeline (its answer goes to refresh)."""
        pipe.get(POLICY_VERSION_KEY)

    def refresh(self, version: str | None = None) -> None:
        """Reload the policy when its version in Redis (read now, or as read by queue_version) moved since this
        process last loaded it."""
        if version is None:
            version = str(self.redis.get(POLICY_VERSION_KEY) or "0")
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
        """Every policy line that grants this, with the role lines it is inherited through (granting_lines)."""
        return granting_lines(self.enforcer, role, page, action)

    def allowed(self, role: str, page: str, action: str) -> bool:
        """Casbin's decision, remembered until the policy changes (enforce evaluates every rule in Python)."""
        key = (role, page, action)
        decision = self._decisions.get(key)
        if decision is None:
            decision = self._decisions[key] = bool(self.enforcer.enforce(role, page, action))
        return decision


def granting_lines(enforcer: casbin.CoreEnforcer, role: str, page: str, action: str) -> list[str]:
    """Every policy line that grants the role this action on this page, as written in policy.csv ("p, SALES, leads,
    read"); a line of a role the grant is inherited from is followed by the role lines it comes through ("g,
    KEY_ACCOUNT, SALES"). Empty when nothing grants it. Lines are matched as model.conf's matcher does (an object or
    action of "*" is any); tests/unit/test_policy_explain.py holds the two together over every role, page and
    action."""
    lines: list[str] = []
    for sub, chain in _role_chains(enforcer, role).items():
        for rule in enforcer.get_filtered_policy(0, sub):
            _, obj, act = rule[:3]
            if obj in ("*", page) and act in ("*", action):
                lines.append("p, " + ", ".join(rule))
                lines += [line for line in chain if line not in lines]
    return lines


def _role_chains(enforcer: casbin.CoreEnforcer, role: str) -> dict[str, list[str]]:
    """The role and every role it inherits, each with the `g` lines that lead to it (breadth first)."""
    chains: dict[str, list[str]] = {role: []}
    queue = [role]
    while queue:
        current = queue.pop(0)
        for rule in enforcer.get_filtered_grouping_policy(0, current):
            parent = rule[1]
            if parent not in chains:
                chains[parent] = [*chains[current], f"g, {current}, {parent}"]
                queue.append(parent)
    return chains
