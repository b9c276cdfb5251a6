"""Sales-pipeline CRM API."""
