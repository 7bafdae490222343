"""L9 (security review): the ruling history is append-only in the database, not only in Python — triggers refuse
UPDATE and DELETE of revisions on SQLite and PostgreSQL (clubs.history, migration clubs 0007), whoever writes;
a revision goes only with its record (clubs.history.club_log_erase), and a test database's flush still works."""

import json
import os
import subprocess
import sys

import pytest
from django.db import IntegrityError, connection, transaction

from clubs import history
from clubs.models import Club, RulingRecord, RulingRevision

from .test_upgrade import ROOT, scratch_url  # noqa: F401

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def refused(action) -> bool:
    try:
        with transaction.atomic():
            action()
    except IntegrityError as error:
        assert "append-only" in str(error)
        return True
    return False


def test_the_triggers_are_installed():
    assert history.installed(connection)


def test_a_queryset_update_is_refused(record):
    # The review: RulingRevision.objects.filter(...).update(changes={}) → 1 row rewritten.
    before = list(RulingRevision.objects.values_list("changes", flat=True))
    assert refused(lambda: RulingRevision.objects.filter(record=record).update(changes={}))
    assert refused(lambda: RulingRevision.objects.update(action="updated"))
    assert list(RulingRevision.objects.values_list("changes", flat=True)) == before


def test_a_queryset_delete_is_refused(record, make_record):
    make_record()
    count = RulingRevision.objects.count()
    assert refused(lambda: RulingRevision.objects.all().delete())  # the review: 14 revisions deleted
    assert RulingRevision.objects.count() == count


def test_raw_sql_is_refused(record):
    table = RulingRevision._meta.db_table
    with connection.cursor() as cursor:
        assert refused(lambda: cursor.execute(f"UPDATE {table} SET changes = '{{}}'"))
        assert refused(lambda: cursor.execute(f"DELETE FROM {table}"))
    assert RulingRevision.objects.filter(record=record).exists()


def test_the_log_still_grows(record, director):
    from clubs import services

    services.ruling_update(record=record, by=director, expected_version=1, changes={"table": "9"})
    assert [r.number for r in RulingRevision.objects.filter(record=record)] == [1, 2]


def test_a_club_and_its_log_can_still_be_erased_together(club, other_club, make_record, director):
    make_record()
    make_record()
    history.club_log_erase([club])
    assert not RulingRecord.objects.exists() and not RulingRevision.objects.exists()
    assert list(Club.objects.all()) == [other_club]
    assert history.installed(connection)


def test_the_admin_still_lists_the_history(client, record, django_user_model):
    admin = django_user_model.objects.create_superuser("root-l9", "r@example.org", "x" * 12)
    client.force_login(admin)
    assert client.get("/admin/clubs/rulingrevision/").status_code == 200
    revision = RulingRevision.objects.first()
    assert client.get(f"/admin/clubs/rulingrevision/{revision.pk}/change/").status_code == 200


def test_the_migration_installs_and_removes_the_triggers(scratch_url):  # noqa: F811
    env = {**os.environ, "DATABASE_URL": scratch_url, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    # SQLite's flush deletes table by table in a set's order: this seed puts the revisions before their records
    # (the order the triggers refuse, which clubs/management/commands/flush.py lifts them for).
    env["PYTHONHASHSEED"] = "3"
    done = subprocess.run(
        [sys.executable, "-m", "tests.clubs.history_db"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {
        "installed_at_head": True,
        "update_refused": True,
        "delete_refused": True,
        "revisions": 1,
        "installed_after_unapply": False,
        "installed_after_reapply": True,
        "update_refused_again": True,
        "after_erase": 0,
        "after_flush": 0,
        "installed_after_flush": True,
    }
