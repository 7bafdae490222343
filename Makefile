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

## setup: venv, pinned packages, database migrated, law corpus (and whatever else is derived) loaded. Safe to rerun.
setup: $(STAMP)
	mkdir -p var/static
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py load_corpus --quiet
	$(PY) manage.py load_demo

## run: setup, then serve on http://127.0.0.1:8000
run: setup
	$(PY) manage.py runserver 127.0.0.1:8000

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
