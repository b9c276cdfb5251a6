"""Spreadsheet import of clients, contacts and leads (issue 39): upload, mapping, dry run, confirm, result, undo. It
writes through the clients', contacts' and leads' own services, so it sits above them (a read/write model)."""
