"""The approval engine's API side. What happens when a request is made and decided, in the order it happens:

1. A domain opens a request (a lead's stage change, hold, drop or close: api/leads/requests.py; a cost sheet:
   api/pcs/approval.py) through `service.new_request`, which picks the active pipeline (`pipelines.py`), writes the
   request with its deterministic workflow id, and after the commit `service.start_now` starts its workflow
   (`outbox.start_args` says with what). The request types register what their outcome does in `outcomes.py`
   (api.domains.register, at each process's start).
2. The workflow (workflows/approval.py, its rules in workflows/contracts/approval_rules.py, its guarded database
   steps and each layer's clock in workflows/approval_steps.py) runs the layers; its activities
   (workflows/activities/approvals.py) write the approver queue, the decisions and the outcome through `queue.py`
   (its statements, one per step: `queue_queries.py`), and each layer's deadline through `clocks.py`.
3. An approver decides (`router.py`, or `bulk.py`, or a mail's link: `mail_links.py`, `mail_decisions.py`):
   `decisions.decide` makes the decision durable (its task turns PROCESSING): on the approver's own turn in one
   statement that checks it too (`repository.claim_own_task`), else finding the request and whose turn it is (a
   delegate: `delegates.py`) and refusing with the rule it breaks; then it sends it as the workflow's `decide`
   Update through the Temporal client (api/core/temporal/approvals.py), whose verdict is typed
   (api/core/temporal/updates.py): applied, refused, closed or unconfirmed. The answer is the request's timeline
   (`timeline.py`).
4. What could not be confirmed is finished by the approval sweep (workflows/approval_sweep.py): `outbox.py` starts
   workflows never started and sends decisions again, `withdrawals.py` and `owners.py` their updates.

Around it: `pipelines.py` (the admin's designer), `delegations.py` (out-of-office delegates), `deciders.py` (who may
decide at all); the queries: `repository.py` (requests, tasks, decisions, people), `queue_queries.py`,
`sweep_queries.py`, `pipeline_queries.py`, `delegation_queries.py`; `schemas.py` (the designer's:
`pipeline_schemas.py`) and `models.py`.
"""
