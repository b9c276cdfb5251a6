"""Leads Management and Leads Monitoring (the administrators' table of every visible lead and the sales person x
stage grid): a read model above the leads aggregate, its statements (queries.py), answers (service.py, schemas.py)
and calls (router.py)."""
