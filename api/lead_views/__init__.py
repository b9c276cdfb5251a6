"""The leads' screens (spec 2 §1-§2, §7 Leads): the board and the lead lists (cards.py, board.py), a lead's detail
with its cost sheet's summary (detail.py), and every lead call (router.py). It sits above the leads aggregate and the
cost sheets: writes go to the aggregate's services (api.leads.editing, moves, requests, files), and the reads that
join a lead with its cost sheet are made here, so leads never import the cost sheets."""
