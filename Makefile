# 裁判助手 — two commands: `make run` and `make test`. Everything else is below.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed

.PHONY: setup run test bench lint typecheck check format messages clean clean-db backup restore

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

.PHONY: demo serve bench-serve

## setup: venv, pinned packages, database migrated, law corpus (and whatever else is derived) loaded. Safe to rerun.
## No demo data: that is `make demo` (development only).
setup: $(STAMP)
	mkdir -p var/static
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py load_corpus --quiet

## demo: the demo club and its logins (published password; load_demo refuses production settings)
demo: setup
	$(PY) manage.py load_demo

## run: setup and the demo club, then the development server (dev settings) on http://127.0.0.1:8000
run: demo
	$(PY) manage.py runserver 127.0.0.1:8000

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
	$(PROD) exec $(VENV)/bin/gunicorn -c config/gunicorn.conf.py

## bench-serve: runserver (dev) against make serve's gunicorn at 50 clients (ports 8821/8822; bench/bench_serve.py)
bench-serve: setup
	$(PY) bench/bench_serve.py

## test: the whole suite (browser tests run where /usr/bin/chromium exists, and say so when it does not)
test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

bench: setup
	$(PY) bench/run.py

## lint: ruff's rules (the pure cores import no framework or app) and the formatter, checked, not applied
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

## typecheck: mypy, strict on the pure cores (bridge/, practice/core/)
typecheck: $(STAMP)
	$(VENV)/bin/mypy

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
