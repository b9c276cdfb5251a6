"""What the API and the worker agree on about each workflow: its inputs and results, its type, update, query and
search attribute names, and the ids derived from a request or a lead (like `shared.py` in Temporal's money-transfer
template). These modules import nothing of the API or of the rest of `workflows`: the API imports only them."""
