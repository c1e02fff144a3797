# Larder — two commands: `make run` and `make test`. Everything else here serves them.
SHELL := /bin/bash
.DEFAULT_GOAL := run

VENV    := .venv
PY      := $(VENV)/bin/python
BIN     := $(VENV)/bin
STAMPS  := .stamps
WEB_SRC := $(shell find webui -type f -not -path '*/node_modules/*' 2>/dev/null) package.json package-lock.json
CHROMIUM := /usr/bin/chromium
export LARDER_DATA_DIR ?= $(CURDIR)/larder-data

.PHONY: setup compile run test check lint pytest vitest e2e binary smoke smoke-run chromium postgres system-packages test-postgres bench clean binary-arm64 smoke-arm64

## setup: virtualenv with the locked Python set, npm ci, and the built web app (idempotent)
setup: $(STAMPS)/python $(STAMPS)/web compile

$(STAMPS)/python: pyproject.toml requirements.lock
	@mkdir -p $(STAMPS)
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check uv==0.13.8
	$(BIN)/uv pip sync --quiet --compile-bytecode -p $(PY) requirements.lock
	$(BIN)/uv pip install --quiet -p $(PY) --no-deps -e .
	@touch $@

# Bytecode is compiled at install, never at start: these machines (CI, containers) set
# PYTHONDONTWRITEBYTECODE, so a module compiled at import is compiled again at every start.
# The project is installed editable, so its own modules are compiled here (quick when fresh).
compile: $(STAMPS)/python
	@$(PY) -m compileall -q -j 0 src/larder

$(STAMPS)/node: package.json package-lock.json
	@mkdir -p $(STAMPS)
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(STAMPS)/web: $(STAMPS)/node $(WEB_SRC)
	npm run --silent build
	@touch $@

## run: set everything up and serve on http://127.0.0.1:8000 (data in ./larder-data)
run: setup
	$(BIN)/larder serve

## test: install what tests need, then lint, API tests, UI tests, browser tests, binary smoke test.
## Stages that leave a core idle run side by side on CI's two cores: the system packages (apt)
## while pip and npm install, the one-file build (one process) while the linters run. The tests
## themselves run one stage at a time, so their timings never compete with a build.
test:
	$(MAKE) -j2 setup system-packages
	$(MAKE) -j2 --output-sync=target lint binary
	$(MAKE) pytest
	$(MAKE) test-postgres
	$(MAKE) vitest
	$(MAKE) e2e
	$(MAKE) smoke-run

## check: the loop for a small change, in under two minutes: lint and types, then the tests of what
## changed since BASE (default HEAD: what is not committed yet; BASE=main for a branch's work): pytest of
## the packages touched (tools/changed_tests.py), vitest of the web files touched and what imports them.
## Browser tests, PostgreSQL and the binary wait for `make test`, the gate before a push.
BASE ?= HEAD
check: $(STAMPS)/python $(STAMPS)/node
	$(MAKE) lint
	@targets="$$($(PY) tools/changed_tests.py --python --base $(BASE))"; \
	if [ -n "$$targets" ]; then echo "pytest $$targets" | tr '\n' ' '; echo; $(BIN)/pytest -q -p no:cacheprovider -n 2 $$targets; \
	else echo "check: no Python tests to run"; fi
	@files="$$($(PY) tools/changed_tests.py --web --base $(BASE))"; \
	if [ -n "$$files" ]; then npx vitest related --run --config webui/vite.config.ts $$files; \
	else echo "check: no web tests to run"; fi

## system-packages: Debian's chromium and PostgreSQL for the tests, in one apt-get (one dpkg lock)
system-packages:
	@missing=""; \
	test -x $(CHROMIUM) || missing="$$missing chromium fonts-dejavu-core"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql postgresql-contrib"; \
	if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

## test-postgres: the tests of what differs between the databases, against a throw-away PostgreSQL
## cluster (Debian's packages, installed when missing; tests/postgres_cluster.py). `pytest` has run
## every test on SQLite; these files reach the SQL written once per dialect or the machinery that
## is PostgreSQL's own: migrations and the schema, the catalogue's search index, date arithmetic in
## SQL (plans, the calendar feed, the dashboard, digests), the writers' advisory lock and the
## concurrency it guards (merges, complete-shop, item-level store writes), NOTIFY/LISTEN events
## across processes, the answer cache's versions, throttling, cascades of a deleted account,
## upserts of receipt learning, statement counts, and tests/postgres (backups, restores, moves),
## which runs only here. Tests of SQLite's own machinery are marked sqlite_only.
POSTGRES_TESTS := tests/postgres \
	tests/core/test_migrations.py tests/core/test_settings_and_db.py tests/core/test_events.py \
	tests/core/test_read_cache.py tests/core/test_throttle.py tests/core/test_background.py \
	tests/catalogue/test_discovery.py tests/catalogue/test_read_cache.py \
	tests/mealplans/test_plans.py tests/mealplans/test_calendar_feed.py tests/mealplans/test_shared_plans.py \
	tests/mealplans/test_statement_counts.py tests/dashboard tests/notifications/test_expiry_digest.py \
	tests/notifications/test_time_zone.py tests/suggestions \
	tests/shopping/test_concurrent_edits.py tests/shopping/test_complete_shop.py tests/shopping/test_write_turn.py \
	tests/stores/test_item_level_writes.py tests/stores/test_statement_counts.py \
	tests/stores/test_stock_cache_databases.py \
	tests/sharing/test_live_events.py tests/sharing/test_policy_reads_shares.py \
	tests/accounts/test_throttling.py tests/admin/test_delete_user.py tests/receipts/test_learning.py \
	tests/test_processes.py
test-postgres: $(STAMPS)/python postgres
	$(PY) -m tests.postgres_cluster -q -p no:cacheprovider -n 2 -m "not sqlite_only" $(POSTGRES_TESTS)

postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-contrib; }

chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core; }

lint: $(STAMPS)/python $(STAMPS)/node
	$(BIN)/ruff check src tests packaging
	$(BIN)/ruff format --check src tests packaging
	$(BIN)/mypy
	$(PY) tools/check_sizes.py
	$(BIN)/lint-imports
	npm run --silent typecheck
	npm run --silent lint
	PYTHON=$(PY) npm run --silent api-types:check

## api-types: regenerate the web app's wire types (webui/src/shared/api/schema.gen.ts) from the
## server's OpenAPI document; api-types-check (part of lint) fails when the checked-in file is stale.
.PHONY: api-types api-types-check
api-types: $(STAMPS)/python $(STAMPS)/node
	PYTHON=$(PY) npm run --silent api-types

api-types-check: $(STAMPS)/python $(STAMPS)/node
	PYTHON=$(PY) npm run --silent api-types:check

pytest: $(STAMPS)/python
	$(BIN)/pytest -q -p no:cacheprovider -n 2 tests --ignore=tests/e2e

## crash-test: SIGKILL `larder serve` under concurrent writes, restart it, check that no acknowledged
## write is lost and the database is intact; prints the figures. Also run by `make test` (pytest
## collects tests/test_crash_safety.py). CRASH_ROUNDS=N for more rounds, CRASH_SEED to replay one.
.PHONY: crash-test
crash-test: $(STAMPS)/python
	$(BIN)/pytest -q -s -p no:cacheprovider tests/test_crash_safety.py

vitest: $(STAMPS)/node
	npm run --silent test

# Two workers, each with its own server, data dir and browser: the browser waits on rendering
# and the server on the disk, so two keep both cores busy.
e2e: setup chromium
	$(BIN)/pytest -q -p no:cacheprovider -n 2 tests/e2e

## binary: one-file executable in dist/larder (PyInstaller, see packaging/)
binary: setup
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/larder.spec

smoke: binary
	$(MAKE) smoke-run

smoke-run:
	$(PY) packaging/smoke_test.py dist/larder

## binary-arm64: one-file executable for a 64-bit Raspberry Pi in dist/larder-linux-arm64, frozen inside an
## arm64 Debian 12 root (build/arm64/root, made once) under qemu; the web app is the host's build. Not in `test`.
binary-arm64: $(STAMPS)/web
	packaging/arm64/build.sh

## smoke-arm64: packaging/smoke_test.py against that binary under qemu-aarch64 as a Cortex-A53 (a Pi 3), its time
## limits stretched for emulation (packaging/arm64/emulate.sh); builds the binary only when it is missing. Not in `test`.
smoke-arm64: $(STAMPS)/python
	test -x dist/larder-linux-arm64 -a -f build/arm64/root/.larder-root-ready || $(MAKE) binary-arm64
	packaging/arm64/host.sh
	test -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core; }
	$(PY) packaging/smoke_test.py --verbose --slowdown 30 --prefix $(CURDIR)/packaging/arm64/emulate.sh dist/larder-linux-arm64

## bench: catalogue scale (10k and 100k recipes), first start, household load, stores at scale, meal plans,
## household calls' server CPU, live changes under load (200 households, 5 minutes), server memory (see
## bench/README.md). Not part of `make test`.
bench: setup
	@command -v wrk >/dev/null || apt-get install -y -qq wrk || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
	$(PY) bench/build_catalogue.py 10000 bench/.data/catalogue-10k
	$(PY) bench/build_catalogue.py 100000 bench/.data/catalogue-100k
	$(PY) bench/explain.py --sizes 100k,10k --quiet-sql
	$(PY) bench/run.py --sizes 10k,100k
	$(PY) bench/first_start.py
	$(PY) bench/household_load.py
	$(PY) bench/stores_load.py
	$(PY) bench/plans_load.py
	$(PY) bench/household_cpu.py
	$(PY) bench/live_load.py
	$(PY) bench/connection_flood.py
	$(PY) bench/suggestions_speed.py
	$(PY) bench/receipts_speed.py
	$(PY) bench/receipts_memory.py
	$(PY) bench/receipts_real.py
	$(PY) bench/import_real.py --api
	PYTHONPATH=src:. $(PY) bench/receipts_quality.py --count 40 --first-seed 3000
	$(PY) bench/memory.py

clean:
	rm -rf $(STAMPS) build dist src/larder/static/web

## lighthouse: Lighthouse (mobile, no network) of /home, /login, /recipes and /recipes/1 against a temporary
## `larder serve`; prints performance and accessibility scores, the initial JS size (gzip) and the first
## screen of /recipes (script loaded, time until the list shows on a phone, plain and throttled). Not in `test`.
.PHONY: lighthouse
lighthouse: setup chromium
	CHROME_PATH=$(CHROMIUM) node webui/scripts/lighthouse.mjs --larder $(BIN)/larder
