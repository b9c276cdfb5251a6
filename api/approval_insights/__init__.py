"""Approval insights (system/approval-insights), a read model above approvals and users: where the time of the
approvals goes, per pipeline, layer and approver, from the recorded requests, tasks and decisions (never Temporal's
visibility store); the same figures as Prometheus gauges (`metrics.py`). Durations are working hours
(`working_hours.py`), percentiles are PostgreSQL's percentile_cont, each table one statement (`queries.py`)."""
