"""Issue 32: the admin's record and revision lists read a page of rows by the primary key alone — no join in the
page's query (on SQLite a join made the planner sort the whole log: admin_revisions 11.8× at 100k) — and their
related rows by id after, a fixed number of queries however long the page."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs import services
from clubs.models import RulingRecord, RulingRevision

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [RulingRecord, RulingRevision])
def test_the_admin_list_pages_without_a_join(admin_client, club, director, model):
    for board in range(1, 8):
        services.ruling_create(club=club, by=director, event="周三", board=board, irregularity="revoke")
    url = f"/admin/clubs/{model._meta.model_name}/"
    with CaptureQueriesContext(connection) as queries:
        response = admin_client.get(url)
    assert response.status_code == 200
    table = model._meta.db_table
    pages = [q["sql"] for q in queries if f'FROM "{table}"' in q["sql"] and "ORDER BY" in q["sql"]]
    assert pages and all("JOIN" not in sql for sql in pages), pages
    few = len(queries.captured_queries)
    for board in range(8, 20):
        services.ruling_create(club=club, by=director, event="周四", board=board, irregularity="revoke")
    with CaptureQueriesContext(connection) as more:
        admin_client.get(url)
    assert len(more.captured_queries) == few
