"""Sealed payloads on a real Temporal server and worker (api/core/temporal/sealing.py, worker/sealing.py): what the
product sends is unreadable in the history; a call made without the payload key (a plain client, or the `temporal` CLI
typed by whoever reaches the frontend) decides nothing."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

import pytest
from sqlalchemy import select
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowFailureError, WorkflowHistory, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from api.approvals.models import ApprovalDecision, ApprovalRequest
from api.core.config import get_settings
from api.core.embedded import _venv_bin
from api.core.temporal.sealing import ENCODING
from tests import sealed
from tests.conftest import Services, run_async
from tests.histories import replayer_of_the_worker
from tests.workflows.test_approval_workflow import World, approver, open_request, start
from tests.workflows.test_approval_workflow import world as world
from worker.sealing import REFUSED, UNSEALED
from workflows.approval import ApprovalWorkflow
from workflows.approval_sweep import ApprovalSweepWorkflow
from workflows.contracts.approval import DecideInput
from workflows.contracts.approval_rules import Layer
from workflows.contracts.mail import SEND_MAIL, SendMailInput
from workflows.contracts.sweeps import Sweep

pytestmark = pytest.mark.usefixtures("worker")


def recorded(world: World, request: ApprovalRequest) -> list[ApprovalDecision]:
    world.session.expire_all()
    return list(world.session.scalars(select(ApprovalDecision).where(ApprovalDecision.request_id == request.id)))


class TestSideDoor:
    def test_a_plain_update_is_refused_and_the_sealed_one_decides(self, services: Services, world: World) -> None:
        layers = [Layer("Check", "ANY_USER", [approver(world, "approver1"), approver(world, "approver2")])]
        request = open_request(world, layers)

        async def scenario() -> None:
            handle = await start(services, world, request, layers)
            plain = (await Client.connect(services.temporal_address)).get_workflow_handle(request.workflow_id)
            with pytest.raises(WorkflowUpdateFailedError) as refused:
                await plain.execute_update("decide", DecideInput(world.users["approver1"].id, "APPROVED", "not me"))
            cause = refused.value.cause
            assert isinstance(cause, ApplicationError) and cause.type == UNSEALED and cause.message == REFUSED
            assert (await handle.query(ApprovalWorkflow.timeline)).status == "PENDING"
            timeline = await handle.execute_update(ApprovalWorkflow.decide,
                                                   DecideInput(world.users["approver2"].id, "APPROVED"))
            assert timeline.status == "APPROVED"

        run_async(scenario())
        assert [(d.approver_id, d.note) for d in recorded(world, request)] == [(world.users["approver2"].id, None)]

    def test_the_temporal_cli_without_the_key_decides_nothing(self, services: Services, world: World) -> None:
        layers = [Layer("Check", "ANY_USER", [approver(world, "approver1")])]
        request = open_request(world, layers)
        run_async(start(services, world, request, layers))
        typed = json.dumps({"approver_id": world.users["approver1"].id, "action": "APPROVED", "note": "not me"})
        cli = subprocess.run([_venv_bin("temporal"), "workflow", "update", "execute", "--address",
                              services.temporal_address, "--workflow-id", request.workflow_id, "--name", "decide",
                              "--input", typed], capture_output=True, text=True, timeout=60)
        assert cli.returncode != 0 and REFUSED in cli.stdout + cli.stderr
        assert recorded(world, request) == []

        async def status() -> str:
            handle = (await sealed.connect(services.temporal_address)).get_workflow_handle(request.workflow_id)
            return (await handle.query(ApprovalWorkflow.timeline)).status

        assert run_async(status()) == "PENDING"

    def test_a_workflow_started_without_the_key_fails_before_it_does_anything(self, services: Services) -> None:
        workflow_id = f"notification-mail-forged-{uuid.uuid4().hex}"
        forged = SendMailInput(raw="From: ceo@example.com\nTo: everyone@example.com\nSubject: pay\n\nnow",
                               purpose="phishing")

        async def scenario() -> tuple[BaseException | None, list[int]]:
            plain = await Client.connect(services.temporal_address)
            handle = await plain.start_workflow(SEND_MAIL, forged, id=workflow_id,
                                                task_queue=get_settings().temporal_task_queue)
            failure: BaseException | None = None
            try:
                await handle.result()
            except WorkflowFailureError as exc:
                failure = exc.cause
            events = [e.event_type async for e in handle.fetch_history_events()]
            return failure, events

        failure, events = run_async(scenario())
        assert isinstance(failure, ApplicationError) and failure.type == UNSEALED
        assert EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED not in events  # no mail was even tried
        assert not (services.data_dir / "outbox" / f"{workflow_id}.eml").exists()


class TestHistory:
    def test_every_payload_of_an_approval_is_sealed_in_its_history(self, services: Services, world: World) -> None:
        layers = [Layer("Check", "ANY_USER", [approver(world, "approver1")])]
        request = open_request(world, layers)

        async def scenario() -> list[bytes]:
            handle = await start(services, world, request, layers)
            await handle.execute_update(ApprovalWorkflow.decide, DecideInput(world.users["approver1"].id, "APPROVED",
                                                                             "a note nobody else reads"))
            await handle.result()
            raw = await (await Client.connect(services.temporal_address)).get_workflow_handle(
                request.workflow_id).fetch_history()
            return [raw.to_json().encode()]

        (history,) = run_async(scenario())
        assert b"a note nobody else reads" not in history
        document = json.loads(history)
        encodings = [p["metadata"]["encoding"] for p in _payloads(document)]
        assert encodings and set(encodings) == {_b64(ENCODING)}


def _b64(value: bytes) -> str:
    import base64

    return base64.b64encode(value).decode()


_NOT_PAYLOADS = ("searchAttributes", "header", "patch-data", "data")


def _payloads(node: object) -> list[dict[str, dict[str, str]]]:
    """Every payload in a history's JSON (a dict with metadata.encoding), aside from search attributes, headers and
    the SDK's own bookkeeping in its markers (a patch's id; a local activity's sequence number and type: its result
    is a payload of its own)."""
    if isinstance(node, list):
        return [p for item in node for p in _payloads(item)]
    if not isinstance(node, dict):
        return []
    if isinstance(node.get("metadata"), dict) and "encoding" in node["metadata"]:
        return [node]
    return [p for key, value in node.items() if key not in _NOT_PAYLOADS for p in _payloads(value)]


class TestEarlierHistories:
    def test_histories_recorded_before_sealing_still_replay(self) -> None:
        """Workflows that started before sealing (plain payloads) replay on the sealing worker as they ran: the
        worker's check of sealed arguments is behind a patch, and validators do not run on replay."""
        folder = Path(__file__).parent / "histories" / "before-sealing"
        histories = [WorkflowHistory.from_json(path.stem, path.read_text()) for path in sorted(folder.glob("*.json"))]
        kinds = {h.events[0].workflow_execution_started_event_attributes.workflow_type.name for h in histories}
        assert {"ApprovalWorkflow", "SendMailWorkflow", "PasswordResetMailWorkflow", "PidWorkflow",
                "ScheduleReminderWorkflow", "PidSweepWorkflow", "ApprovalSweepWorkflow"} <= kinds

        async def replay() -> list[str]:
            replayer = replayer_of_the_worker()
            failures = []
            for history in histories:
                result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
                if result.replay_failure is not None:
                    failures.append(f"{history.workflow_id}: {result.replay_failure!r}")
            return failures

        assert run_async(replay()) == []


class TestOperatorCommands:
    def test_a_sweep_is_paused_by_the_products_command_not_by_the_bare_cli(self, services: Services) -> None:
        """Resuming a paused sweep from the bare `temporal` CLI is refused; `python -m worker.sweeps` seals it."""
        from worker.sweeps import set_paused

        sweep_id = f"approval-sweep-test-{uuid.uuid4().hex[:6]}"
        queue = get_settings().temporal_task_queue

        async def start() -> None:
            client = await sealed.connect(services.temporal_address)
            await client.start_workflow(ApprovalSweepWorkflow.run, Sweep(paused=True), id=sweep_id, task_queue=queue)

        async def paused(value: bool) -> None:
            await set_paused(await sealed.connect(services.temporal_address), sweep_id, value)

        run_async(start())
        try:
            cli = subprocess.run([_venv_bin("temporal"), "workflow", "update", "execute", "--address",
                                  services.temporal_address, "--workflow-id", sweep_id, "--name", "pause", "--input",
                                  "false"], capture_output=True, text=True, timeout=60)
            assert cli.returncode != 0 and REFUSED in cli.stdout + cli.stderr
            run_async(paused(True))  # the product's command is taken (it answers once no pass runs)
        finally:
            async def stop() -> None:
                await (await sealed.connect(services.temporal_address)).get_workflow_handle(sweep_id).terminate("over")

            run_async(stop())
