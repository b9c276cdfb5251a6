# Pipeline CRM: `make run` starts the whole product, `make test` runs every test.
SHELL := /bin/bash
PYTHON ?= python3
# What make starts writes the bytecode of what it imports (__pycache__, git-ignored) even where the environment sets
# PYTHONDONTWRITEBYTECODE (these machines): with it, each of the test run's four pytest processes rewrote and compiled
# every test module again (collecting the suite: 15 CPU-s, 9 with the bytecode), and each command and server a test
# starts compiled whatever pip had not. The production image keeps it, and compiles at its build (Dockerfile).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed
NPM_STAMP := frontend/node_modules/.installed
# the real OpenID provider the single sign-on tests start (tests/oidc_provider.py)
OIDC_STAMP := tests/oidc/node_modules/.installed
DIST := frontend/dist/index.html
FRONTEND_SRC := $(shell find frontend/src frontend/index.html frontend/public -type f 2>/dev/null) \
	frontend/package.json frontend/vite.config.ts

.PHONY: help install system-deps build run test checks test-python test-frontend test-e2e screenshots test-stress test-durations \
	lint typecheck gen-api check-api-types bench clean

help:
	@echo "make run    - set up everything and start the CRM (embedded PostgreSQL, Redis, Temporal)"
	@echo "make test   - set up everything and run every test (Python, front end, browser journeys)"
	@echo "make screenshots - the browser journeys, with every screen's screenshot in test-artifacts/ for review"
	@echo "make test-stress - the front-end tests and one integration shard while stress-ng keeps both cores busy"
	@echo "make gen-api - regenerate frontend/openapi.json and the front end's API types"
	@echo "make bench  - run the benchmarks in bench/"

# pip writes every installed module's bytecode (about 18 CPU-s, once). Python would not: where PYTHONDONTWRITEBYTECODE
# is set (these machines and the production image) it compiles a module it imports from source at every start and
# writes nothing, and without the installed modules' bytecode each process that loads the app compiled FastAPI,
# SQLAlchemy, pydantic, Temporal's client and the rest again: 5.2-7.0 s of CPU to import api.main instead of 2.8-3.2 s,
# in each of the run's xdist workers, live servers, workers restarted by the crash tests and commands (the product's
# own modules: api/core/startup.py).
$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embedded]'
	touch $@

$(NPM_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

$(OIDC_STAMP): tests/oidc/package.json tests/oidc/package-lock.json
	cd tests/oidc && npm ci --no-audit --no-fund
	touch $@

# The Python and the front-end dependencies side by side (each mostly waits on the disk: one core each).
install:
	$(MAKE) -j2 --output-sync=target $(PY_STAMP) $(NPM_STAMP)

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
	$(VENV)/bin/python tests/lead_scope_lint.py  # every query over leads composes api/leads/visibility.py
	$(VENV)/bin/lint-imports
	cd frontend && npm run lint

# mypy, and TypeScript's compiler over the front end (the build itself does not type-check: vite only strips types).
# The compiler is TypeScript 7's native one (the `typescript-native` alias, one thread): 8 CPU-s where 5.9's took 40.
# 5.9 stays installed as `typescript` for what uses its JavaScript API (typescript-eslint, openapi-typescript).
typecheck: $(PY_STAMP) $(NPM_STAMP)
	$(VENV)/bin/mypy
	cd frontend && npm run typecheck

# One layer at a time (README, Testing). PYTEST_WORKERS sets the xdist workers (3 by default; 0 runs in this process).
PYTEST_WORKERS ?= 3
PYTEST := $(PY) -m pytest -q -n $(PYTEST_WORKERS)

test-python: $(PY_STAMP) $(OIDC_STAMP)
	$(PYTEST) tests/unit tests/integration tests/workflows

test-frontend: $(NPM_STAMP)
	cd frontend && npm test

test-e2e: build system-deps $(OIDC_STAMP)
	$(PYTEST) tests/e2e

# The browser journeys with the screenshots no assertion reads, for a person to look at: every toured screen at 1280
# and 390 px (test-artifacts/tour/), and each journey's screens (test-artifacts/). `make test` takes only a failed
# journey's and a toured screen's with a finding (tests/e2e/layout.py).
screenshots: build system-deps $(OIDC_STAMP)
	E2E_SCREENSHOTS=1 $(PYTEST) tests/e2e

# What `make test` sets up before the Python suite, and the static checks no test waits for.
SETUP_TARGETS := build system-deps $(OIDC_STAMP)
CHECK_TARGETS := check-api-types lint typecheck

# Set-up and static checks, side by side (each target's output printed whole when it ends).
checks: install
	$(MAKE) -j3 --output-sync=target $(SETUP_TARGETS) $(CHECK_TARGETS)

# Every layer in turns chosen for two cores (tests/layers.py), then a table of each layer's time and the ten slowest
# tests: vitest as soon as the front end's packages are in, beside the rest of the set-up (the Python install, which
# mostly waits on the disk and the network, and the build), then pytest on three workers beside the static checks,
# which nothing waits for, at the lowest priority: they take the cycles the journeys leave while they wait on a
# browser or a workflow.
# (through SUBMAKE: make runs a recipe line that names $(MAKE) itself even under `make -n`)
SUBMAKE = $(MAKE) --no-print-directory
test:
	$(PYTHON) tests/layers.py --setup '$(SUBMAKE) $(SETUP_TARGETS)' \
	  --checks '$(SUBMAKE) -j3 --output-sync=target $(CHECK_TARGETS)' --vitest-needs $(NPM_STAMP)

# The front-end tests and one integration shard (a quarter of it, by recorded time) while stress-ng keeps both cores
# busy: what passes here does not fail because a machine is busy.
test-stress: install $(OIDC_STAMP)
	@command -v stress-ng >/dev/null || { if [ "$$(id -u)" = 0 ]; then apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q stress-ng; else echo "Please install stress-ng"; exit 1; fi; }
	stress-ng --cpu 2 --timeout 1800s --quiet & stress=$$!; \
	$(PY) tests/layers.py -- tests/integration --shard 1/4; status=$$?; \
	kill $$stress; wait $$stress 2>/dev/null; exit $$status

# Each test's time in tests/durations.json (files are dealt to the workers longest first): run after files grow or move.
test-durations: build system-deps $(OIDC_STAMP)
	$(PYTEST) tests --record-durations -p no:randomly

bench: $(PY_STAMP) $(DIST)
	$(PY) bench/initial_js.py
	$(PY) bench/session.py
	$(PY) bench/leads_board.py
	$(PY) bench/approvals.py
	$(PY) bench/uploads.py
	$(PY) bench/activity_uploads.py
	$(PY) bench/notification_streams.py
	$(PY) bench/signin_load.py
	$(PY) bench/dashboard.py
	$(PY) bench/schedule.py
	$(PY) bench/cold_start.py

clean:
	rm -rf .test-data frontend/dist
