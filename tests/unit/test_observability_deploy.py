"""The deployment's Prometheus scrapes what the product serves, and its Grafana dashboard reads metrics that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from prometheus_client import REGISTRY

from api.approval_insights import metrics as insight_metrics
from api.core import metrics
from api.core.config import Settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
PROMETHEUS = yaml.safe_load((ROOT / "deploy" / "prometheus" / "prometheus.yml").read_text())
DASHBOARD = json.loads((ROOT / "deploy" / "grafana" / "dashboards" / "pipeline-crm.json").read_text())


def job(name: str) -> dict[str, Any]:
    return next(j for j in PROMETHEUS["scrape_configs"] if j["job_name"] == name)


def test_prometheus_scrapes_the_api_path_and_the_worker_ports() -> None:
    defaults = Settings()
    api = job("crm-api")
    assert api["metrics_path"] == metrics.PATH and api["dns_sd_configs"][0]["port"] == defaults.port
    assert api["authorization"]["credentials_file"] in " ".join(COMPOSE["services"]["prometheus"]["command"])
    assert job("crm-worker")["dns_sd_configs"][0]["port"] == defaults.worker_metrics_port
    assert job("crm-worker-sdk")["dns_sd_configs"][0]["port"] == defaults.worker_sdk_metrics_port


def test_prometheus_and_grafana_are_provisioned_and_local_only() -> None:
    services = COMPOSE["services"]
    for name in ("prometheus", "grafana"):
        for volume in services[name]["volumes"]:
            source = volume.split(":")[0]
            if source.startswith("./"):
                assert (ROOT / source).exists(), volume
        assert all(port.startswith("127.0.0.1:") for port in services[name]["ports"]), name
    provider = yaml.safe_load((ROOT / "deploy/grafana/provisioning/dashboards/crm.yml").read_text())["providers"][0]
    assert any(v.endswith(":" + provider["options"]["path"] + ":ro") for v in services["grafana"]["volumes"])
    source = yaml.safe_load((ROOT / "deploy/grafana/provisioning/datasources/prometheus.yml").read_text())
    assert source["datasources"][0]["uid"] == "prometheus"


def test_every_panel_reads_a_metric_the_product_serves() -> None:
    insight_metrics.install()  # as create_app does: the approval insights' gauges
    ours = {family.name for family in REGISTRY.collect()}  # counters named without their _total
    exprs = [t["expr"] for p in DASHBOARD["panels"] for t in p.get("targets", [])]
    titles = {p["title"] for p in DASHBOARD["panels"]}
    assert {"Request rate by route", "Errors", "Latency p50 / p95", "Database pool: connections in use",
            "Open notification streams", "Worker slots in use", "Approvals per hour",
            "Pending approvals by pipeline and layer", "Oldest pending (working hours waited)",
            "Time to decide p50 / p90 (working hours, last 30 days)"} <= titles
    for expr in exprs:
        for name in re.findall(r"\b(crm_[a-z_]+)", expr):
            assert re.sub(r"_(total|bucket|count|sum)$", "", name) in ours, (name, expr)
        assert re.findall(r"\b(crm_|temporal_)", expr), expr
    assert all(t["datasource"]["uid"] == "prometheus" for p in DASHBOARD["panels"] for t in p.get("targets", []))
