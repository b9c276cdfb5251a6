"""Erasing a person from the approvals' texts (api/personal_data runs the whole erasure): a request's notes and
withdrawal reason, a task's submitted note, a decision's note and a delegation's note keep their text with each
mention replaced. Nothing else of an approval changes: its requester, approvers, layers, decisions and numbers stay."""

from __future__ import annotations

from api.approvals.models import ApprovalDecision, ApprovalDelegation, ApprovalRequest, ApprovalTask
from api.core.mentions import Texts

TEXTS = (Texts(ApprovalRequest, ("notes", "withdraw_reason"), "approval request notes"),
         Texts(ApprovalTask, ("submitted_note",), "approval task notes"),
         Texts(ApprovalDecision, ("note",), "approval decision notes"),
         Texts(ApprovalDelegation, ("note",), "approval delegation notes"))
