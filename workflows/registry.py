"""What the worker runs: every workflow and activity of the product."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from workflows.activities.mail import deliver_mail
from workflows.mail import SendMailWorkflow

WORKFLOWS: list[type] = [SendMailWorkflow]
ACTIVITIES: list[Callable[..., Any]] = [deliver_mail]
