"""Settings that shape links and sizes."""

from __future__ import annotations

from api.core.config import Settings


def test_the_temporal_ui_link_uses_the_configured_namespace() -> None:
    settings = Settings(temporal_ui_url="https://temporal.example.com/", temporal_namespace="crm-prod")
    assert settings.workflow_url("approval-lead-7-hold-lead-3@crm") == (
        "https://temporal.example.com/namespaces/crm-prod/workflows/approval-lead-7-hold-lead-3%40crm")
    assert Settings(temporal_ui_url=None).workflow_url("x") is None


def test_worker_slots_and_shutdown_come_from_configuration(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("WORKER_ACTIVITY_SLOTS", "4")
    monkeypatch.setenv("WORKER_SHUTDOWN_SECONDS", "12.5")
    settings = Settings()
    assert (settings.worker_activity_slots, settings.worker_shutdown_seconds) == (4, 12.5)
