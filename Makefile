# 裁判助手 — two commands: `make run` and `make test`. Everything else is below.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed

.PHONY: setup run test test-e2e test-scale test-js golden js-setup bench lint typecheck check format messages clean clean-db backup restore

NODE_STAMP := node_modules/.installed

# The JS tools (ESLint, tsc): dev dependencies only, exact versions from package-lock.json. The site needs none of
# them (static/js is loaded by the browser as ES modules, no build step). Node from Debian (apt-get install nodejs npm).
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm is missing: apt-get install nodejs npm (Node 18 or later)" >&2; exit 2; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

## js-setup: the JS dev tools (npm ci from the lock)
js-setup: $(NODE_STAMP)

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

.PHONY: demo serve bench-serve

## setup: venv, pinned packages, database migrated, law corpus (and whatever else is derived) loaded. Safe to rerun.
## No demo data: that is `make demo` (development only).
# The loading steps skip Django's system checks (they import every URL module, and with them endplay's plotting
# library, for seconds each): `runserver`, `make check` (lint) and `make serve` (check --deploy) run them.
setup: $(STAMP) $(NODE_STAMP)
	mkdir -p var/static
	$(PY) manage.py migrate --noinput -v0 --skip-checks
	$(PY) manage.py load_corpus --quiet --skip-checks

## demo: the demo club and its logins (published password; load_demo refuses production settings)
demo: setup
	$(PY) manage.py load_demo --skip-checks

## run: setup and the demo club, then the development server (dev settings) on http://127.0.0.1:$(PORT) (8000).
## A second run starts in seconds: load_corpus skips the editions whose fixtures are unchanged (laws/corpus_stamp.py),
## so the search index is not rebuilt either.
PORT ?= 8000
run: demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

## serve: production (config.settings.prod; README "Deploying"): migrate, the law corpus on a fresh database only,
## collectstatic, expired sessions cleared, the search index built once, then gunicorn (config/gunicorn.conf.py).
PROD := DJANGO_SETTINGS_MODULE=config.settings.prod
serve: $(STAMP)
	@test -n "$$DJANGO_SECRET_KEY" || { echo "make serve: DJANGO_SECRET_KEY is not set (README: Deploying)" >&2; exit 2; }
	@test -n "$$DJANGO_ALLOWED_HOSTS" || { echo "make serve: DJANGO_ALLOWED_HOSTS is not set (README: Deploying)" >&2; exit 2; }
	$(PROD) $(PY) manage.py check --deploy --fail-level ERROR
	$(PROD) $(PY) manage.py migrate --noinput
	$(PROD) $(PY) manage.py shell -c "import sys; from laws.models import Law; sys.exit(0 if Law.objects.exists() else 1)" \
		|| $(PROD) $(PY) manage.py load_corpus --quiet
	$(PROD) $(PY) manage.py collectstatic --noinput -v0
	$(PROD) $(PY) manage.py clearsessions
	$(PROD) $(PY) manage.py build_search_index --if-needed
	$(PROD) $(PY) manage.py build_offline_bundle
	$(PROD) exec $(VENV)/bin/gunicorn -c config/gunicorn.conf.py

## bench-serve: runserver (dev) against make serve's gunicorn at 50 clients (ports 8821/8822; bench/bench_serve.py);
## BENCH_SERVE_ARGS=--pg adds two gunicorn instances over one PostgreSQL (:8823/:8824), --only pg2 runs just that
bench-serve: setup
	$(PY) bench/bench_serve.py $(BENCH_SERVE_ARGS)

## test: the fast loop: pytest without the browser tests (tests/e2e), then the JS engine against the golden files
test: $(STAMP)
	$(PY) -m pytest --ignore=tests/e2e $(PYTEST_ARGS)
	$(MAKE) --no-print-directory test-js
	@echo "make test: the browser tests (tests/e2e, chromium) were left out; run them with: make test-e2e"

## test-e2e: the browser tests (chromium): the service worker offline, the tablet layout, CSP, the pages
test-e2e: $(STAMP)
	$(PY) -m pytest tests/e2e $(PYTEST_ARGS)

## test-scale: the tests at production sizes (pytest -m scale, skipped by `make test` and CI): a 300,000-record club's
## CSV through `make serve`, every row compared with the database (tests/deploy/test_export_scale.py; about 3½ min,
## 20 the first time: the club is generated into var/bench and kept). SCALE_EXPORT_RECORDS=… for another size
test-scale: $(STAMP)
	SCALE_TESTS=1 $(PY) -m pytest -m scale tests/deploy -s -rs -p no:cacheprovider $(PYTEST_ARGS)

## test-js: the JS engine (static/js/engine) against the golden cases Python wrote (node --test, no browser)
test-js:
	node --test tests/js/

## golden: rewrite tests/golden/*.json from the Python engine (tests/golden/test_golden_fresh.py fails when stale)
golden: $(STAMP)
	$(PY) tests/golden/make_golden.py

## bench: every bench/bench_*.py (scores, search, pages, the log, offline, the double-dummy solver's time per deal)
## (the log: SQLite and PostgreSQL at 1k and 10k, medians of 3 runs; BENCH_LOG_SIZES=1000,100000 for the issue's
## goals, BENCH_LOG_DATABASES=sqlite to leave PostgreSQL out, BENCH_LOG_CLUBS=50 to spread each size over 50 clubs
## and measure one; bench/bench_log.py)
bench: setup
	$(PY) bench/run.py

## lint: ruff's rules (the pure cores import no framework or app) and the formatter, checked, not applied; ESLint
## on static/js (engine/ may not touch document or window); the import-linter contracts (pyproject.toml: the layers);
## Django's system checks (the loading steps of `make setup` skip them)
lint: $(STAMP) $(NODE_STAMP)
	$(PY) manage.py check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	node_modules/.bin/eslint --max-warnings=0 .
	$(VENV)/bin/lint-imports --no-cache

## typecheck: mypy over the apps (django-stubs), strict on the pure cores (bridge/, practice/core/); tsc --strict on static/js's JSDoc types
typecheck: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/mypy
	node_modules/.bin/tsc -p tsconfig.json

## check: what CI runs before the tests
check: lint typecheck

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

## messages: refresh the English catalog from the templates and code, then compile it (needs gettext)
messages: $(STAMP)
	$(PY) manage.py makemessages -l en --ignore=.venv --ignore=var --ignore=tests --ignore=bench
	$(PY) manage.py compilemessages -l en --ignore=.venv

## backup: the database (an online consistent copy, or pg_dump -Fc) and the log's JSON into var/backups/<timestamp>/
backup: $(STAMP)
	$(PY) manage.py backup

## restore: check the newest archive (or ARCHIVE=var/backups/<timestamp>) and restore it; CONFIRM=1 to overwrite
restore: $(STAMP)
	$(PY) manage.py restore $(ARCHIVE) $(if $(filter 1,$(CONFIRM)),--yes)

## clean: derived data only (search index, collected static files); never the database
clean:
	rm -rf var/index var/static

## clean-db: back the database up, then delete it (asks unless CONFIRM=1)
clean-db: $(STAMP)
	$(PY) manage.py clean_db $(if $(filter 1,$(CONFIRM)),--yes)
