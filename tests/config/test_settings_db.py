"""Issue 32: on PostgreSQL the site's connections run without JIT compilation (the log's short text filters were
compiled on every request: bench/log-scale.md), and with work_mem enough for a common character's bitmap to stay
exact at a million records (lossy, it recomputed the gram function on each row of its pages: 0.8-4.5 s)."""

from __future__ import annotations

import importlib
import os

import pytest


def test_a_postgresql_database_url_turns_jit_off(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://someone@127.0.0.1:5432/caipan")
    import config.settings.base as base

    try:
        reloaded = importlib.reload(base)
        assert reloaded.DATABASES["default"]["OPTIONS"]["options"] == "-c jit=off -c work_mem=16MB"
    finally:
        monkeypatch.delenv("DATABASE_URL")
        importlib.reload(base)


@pytest.mark.log
@pytest.mark.django_db
def test_the_connection_runs_without_jit_on_postgresql():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (the -m log run in CI)")
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"
        cursor.execute("SELECT setting::int * 1024 FROM pg_settings WHERE name = 'work_mem'")  # kB → bytes
        assert cursor.fetchone()[0] >= 16 * 1024 * 1024
    assert os.environ.get("DATABASE_URL")
