"""The request lists, a read model above leads, approvals and cost sheets: the approver's queue (`queue.py`, its
call `queue_router.py`), the lead request register (`register.py`, `lead_router.py`) and the cost sheet request
register (`pcs_register.py`, `pcs_router.py`), each a query and its calls over one join of a request with its lead
(`rows.py`). No domain imports it; the app mounts its routers."""
