"""The approval insights as Prometheus gauges of GET /api/metrics, for the Grafana dashboard: read from the scraped
app's database by the screen's own statements (queries.pipelines and queries.layers, every lead, the last
METRICS_DAYS days) when scraped, at most once per METRICS_TTL_SECONDS per app (a scrape in between answers the last
figures): two statements per refresh, over a bounded period. Times are working seconds (working_hours.py)."""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from prometheus_client import REGISTRY
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy.exc import SQLAlchemyError

from api.approval_insights import queries, service
from api.core import metrics
from api.core.times import company_today

log = logging.getLogger(__name__)

METRICS_DAYS = 30  # decided, late, escalations: the last 30 days, today included (the screen's default period)
METRICS_TTL_SECONDS = 15.0


class InsightsCollector(Collector):
    """The insights of the app being scraped (api.core.metrics.scraped_app), kept a few seconds."""

    def __init__(self) -> None:
        self.kept: weakref.WeakKeyDictionary[FastAPI, tuple[float, list[GaugeMetricFamily]]] = \
            weakref.WeakKeyDictionary()

    def forget(self) -> None:
        """The next scrape reads the database again."""
        self.kept.clear()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        app = metrics.scraped_app()
        if app is None or getattr(app.state, "session_factory", None) is None:
            # outside a scrape, or an app not started (no database yet): the gauges' names, no figures
            yield from _families([], [])
            return
        kept = self.kept.get(app)
        if kept is None or time.monotonic() - kept[0] > METRICS_TTL_SECONDS:
            try:
                kept = (time.monotonic(), self._read(app))
            except SQLAlchemyError:
                log.warning("approval insights: the metrics could not be read", exc_info=True)
                return
            self.kept[app] = kept
        yield from kept[1]

    def _read(self, app: FastAPI) -> list[GaugeMetricFamily]:
        zone = app.state.settings.time_zone
        today = company_today(zone)
        within = service.Period(today - timedelta(days=METRICS_DAYS - 1), today)
        found = service.filters(zone=zone, within=within)
        with app.state.session_factory() as session:
            pipelines = [r for r in queries.pipelines(session, found) if not r.total]
            layers = queries.layers(session, found)
        return _families(pipelines, layers)


def _families(pipelines: list[Any], layers: list[Any]) -> list[GaugeMetricFamily]:
    days = f"in the last {METRICS_DAYS} days"
    by_pipeline = ["pipeline_id", "pipeline"]
    decided = GaugeMetricFamily("crm_approval_requests_decided", f"Requests decided {days}", labels=by_pipeline)
    rejected = GaugeMetricFamily("crm_approval_requests_rejected", f"Requests rejected {days}", labels=by_pipeline)
    late = GaugeMetricFamily("crm_approval_requests_late", f"Requests decided {days} with a layer decided after "
                             "its due time", labels=by_pipeline)
    escalations = GaugeMetricFamily("crm_approval_escalations", f"Layers escalated {days}", labels=by_pipeline)
    to_decide = GaugeMetricFamily("crm_approval_decide_working_seconds", f"Working seconds from a request to its "
                                  f"decision, of the requests decided {days}: median and 90th percentile",
                                  labels=[*by_pipeline, "quantile"])
    by_layer = [*by_pipeline, "layer"]
    pending = GaugeMetricFamily("crm_approval_requests_pending", "Requests waiting now, by the layer they wait on",
                                labels=by_layer)
    overdue = GaugeMetricFamily("crm_approval_requests_overdue", "Requests waiting now past their layer's due time",
                                labels=by_layer)
    oldest = GaugeMetricFamily("crm_approval_pending_oldest_working_seconds", "Working seconds the oldest request "
                               "waiting on the layer has waited there", labels=by_layer)
    for r in pipelines:
        name = [str(r.pipeline_id), r.pipeline_name]
        decided.add_metric(name, r.decided)
        rejected.add_metric(name, r.rejected)
        late.add_metric(name, r.late)
        escalations.add_metric(name, r.escalations)
        for quantile, seconds in (("0.5", r.p50_seconds), ("0.9", r.p90_seconds)):
            if seconds is not None:
                to_decide.add_metric([*name, quantile], seconds)
    for r in layers:
        where = [str(r.pipeline_id), r.pipeline_name, f"{r.layer_index + 1}. {r.layer_name}"]
        pending.add_metric(where, r.pending)
        overdue.add_metric(where, r.overdue)
        if r.oldest_pending_seconds is not None:
            oldest.add_metric(where, r.oldest_pending_seconds)
    return [decided, rejected, late, escalations, to_decide, pending, overdue, oldest]


COLLECTOR = InsightsCollector()
_registered = False


def install() -> None:
    """Serve the insights' gauges at GET /api/metrics (once per process)."""
    global _registered
    if not _registered:
        REGISTRY.register(COLLECTOR)
        _registered = True
