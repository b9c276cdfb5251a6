"""Client management's screens, a read model above clients and leads: the client rows with their lead and personnel
counts (`rows.py`: the list page with its Total Leads sort, the detail with its personnel, a client's lead count) and
the calls that answer them (`router.py`: list, detail, create, update and delete, whose writes, rules and commits
stay with api.clients.service). No domain imports it; the app mounts its router."""
