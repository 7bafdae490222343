"""Run in a subprocess by test_upgrade.py, against a scratch database named by DATABASE_URL.

``python -m tests.clubs.upgrade_db old`` migrates a fresh database to the schema main had before the club log left
the rulings app (every app at its 0001), fills it the way that code did (a club with each role, rulings with
revisions, an appeal, comments, login failures, a token, practice progress, content types with a permission and
an admin log entry), and prints every row of every table as JSON. ``… new`` migrates that database to the
current head and prints the same dump, plus what the current models and services read and write there.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from decimal import Decimal

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.migrations.executor import MigrationExecutor  # noqa: E402
from django.utils import timezone  # noqa: E402

# The schema of main before the move: what a database created by that code is at.
OLD_TARGETS = [
    ("contenttypes", "0002_remove_content_type_name"),
    ("auth", "0012_alter_user_first_name_max_length"),
    ("admin", "0003_logentry_add_action_flag_choices"),
    ("sessions", "0001_initial"),
    ("authtoken", "0004_alter_tokenproxy_options"),
    ("laws", "0001_initial"),
    ("rulings", "0001_initial"),
    ("practice", "0001_initial"),
]
TABLES = [
    "rulings_club",
    "rulings_membership",
    "rulings_rulingrecord",
    "rulings_rulingrevision",
    "rulings_reviewcomment",
    "rulings_appeal",
    "rulings_loginfailure",
    "practice_attempt",
    "practice_card",
    "authtoken_token",
    "auth_user",
    "django_content_type",
    "auth_permission",
    "django_admin_log",
]


def dump() -> dict[str, list[list[object]]]:
    out = {}
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"SELECT * FROM {table} ORDER BY 1")  # noqa: S608 — our own table names
            out[table] = [[_plain(value) for value in row] for row in cursor.fetchall()]
    return out


def _plain(value: object) -> object:
    if isinstance(value, datetime.datetime | datetime.date | Decimal):
        return str(value)
    if isinstance(value, memoryview):
        return value.tobytes().hex()
    return value


def fill_old() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(OLD_TARGETS)
    apps = executor.loader.project_state(OLD_TARGETS).apps
    User = apps.get_model("auth", "User")
    Club = apps.get_model("rulings", "Club")
    Membership = apps.get_model("rulings", "Membership")
    Record = apps.get_model("rulings", "RulingRecord")
    Revision = apps.get_model("rulings", "RulingRevision")
    Comment = apps.get_model("rulings", "ReviewComment")
    Appeal = apps.get_model("rulings", "Appeal")
    LoginFailure = apps.get_model("rulings", "LoginFailure")
    Attempt = apps.get_model("practice", "Attempt")
    Card = apps.get_model("practice", "Card")
    Token = apps.get_model("authtoken", "Token")
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    LogEntry = apps.get_model("admin", "LogEntry")

    users = {name: User.objects.create(username=name, password="md5$x$y") for name in ("dir", "chief", "tr")}
    club = Club.objects.create(name="升级俱乐部", last_ruling_number=2)
    for name, role in (("dir", "director"), ("chief", "chief_director"), ("tr", "trainee")):
        Membership.objects.create(club=club, user=users[name], role=role)
    when = timezone.now().replace(microsecond=0)
    first = Record.objects.create(
        club=club,
        number=1,
        version=4,
        event="春季双人赛",
        date=datetime.date(2026, 3, 1),
        session="第一节",
        board=7,
        table="5",
        director=users["dir"],
        called_by="E",
        irregularity="insufficient-bid",
        facts={"in_rotation": True, "accepted": False, "replacement": "pass"},
        outcome={"rule": "27B2", "partner_must_pass": "rest_of_auction", "leaf": "x"},
        laws=["27B2", "23"],
        edition="ccba-1999",
        tree_version=1,
        statement="北家叫了 1♣ **不足**。",
        notes="备注 <b>加粗</b>",
        adjustment={"method": "artificial", "form": "pairs", "fault": {"NS": "none", "EW": "direct"}},
        adjustment_result={"NS": {"percent": 60}, "EW": {"percent": 40}},
        status="appealed",
        created_by=users["dir"],
    )
    Record.objects.create(
        club=club,
        number=2,
        version=1,
        event="春季双人赛",
        date=datetime.date(2026, 3, 2),
        board=12,
        director=users["chief"],
        irregularity="other",
        laws=["16A"],
        edition="ccba-1999",
        status="draft",
        created_by=users["chief"],
    )
    for number, action in enumerate(("created", "updated", "finalised", "appeal_lodged"), start=1):
        Revision.objects.create(
            record=first,
            number=number,
            action=action,
            author=users["dir"],
            changes={"n": {"old": 0, "new": number}},
        )
    Comment.objects.create(record=first, author=users["chief"], text="复核：同意。")
    Appeal.objects.create(
        record=first,
        lodged_at=when,
        appellant="东西 张三／李四",
        reason="时间太长",
        deposit=Decimal("50.00"),
        recorded_by=users["dir"],
    )
    LoginFailure.objects.create(username="dir", address="10.0.0.9")
    Token.objects.create(key="f" * 40, user=users["dir"])
    Attempt.objects.create(
        user=users["tr"],
        item="ib-01",
        topic="insufficient_bid",
        difficulty=1,
        correct=True,
        answers={"q1": "a"},
    )
    Card.objects.create(
        user=users["tr"],
        item="ib-01",
        topic="insufficient_bid",
        difficulty=1,
        box=2,
        due_step=4,
        seen=2,
        right=2,
    )
    # What post_migrate had made for the old models, and rows that point at it.
    types = {
        m: ContentType.objects.create(app_label="rulings", model=m) for m in ("rulingrecord", "loginfailure")
    }
    Permission.objects.create(
        content_type=types["rulingrecord"], codename="view_rulingrecord", name="Can view"
    )
    LogEntry.objects.create(
        action_time=when,
        user=users["chief"],
        content_type=types["rulingrecord"],
        object_id=str(first.pk),
        object_repr="升级俱乐部 #1",
        action_flag=2,
        change_message="[]",
    )


def check_new() -> dict[str, object]:
    """Read and write through today's models and services on the upgraded database."""
    from django.contrib.auth import get_user_model
    from django.contrib.contenttypes.models import ContentType

    from accounts.models import LoginFailure
    from clubs import counts, selectors, services
    from clubs.models import Appeal, Club, RulingRecord

    club = Club.objects.get(name="升级俱乐部")
    # The upgrade counted the records already there (clubs 0005): the statistics read those counts.
    counted_on_upgrade = {"drift": counts.drift(connection), "total": selectors.ruling_total(club=club)}
    record = RulingRecord.objects.get(club=club, number=1)
    chief = get_user_model().objects.get(username="chief")
    services.appeal_decide(record=record, by=chief, decision="upheld", decision_text="维持")
    record.refresh_from_db()
    draft = services.ruling_create(
        club=club, by=get_user_model().objects.get(username="dir"), event="新赛事", board=3, laws=["16A"]
    )
    from django.test import RequestFactory

    from accounts.tokens import HashedTokenAuthentication

    request = RequestFactory().get("/", HTTP_AUTHORIZATION="Token " + "f" * 40)
    old_token_works = HashedTokenAuthentication().authenticate(request)[0].get_username() == "dir"
    return {
        "old_token_works": old_token_works,
        "record": [record.event, record.version, record.status, record.appeal.decision, record.laws],
        "revisions": [r.action for r in selectors.ruling_revisions(record=record)],
        "appeals": Appeal.objects.count(),
        "new_number": draft.number,
        "counted_on_upgrade": counted_on_upgrade,
        "counted_after": {"drift": counts.drift(connection), "total": selectors.ruling_total(club=club)},
        "login_failures": LoginFailure.objects.count(),
        "content_types": sorted(
            [ct.app_label, ct.model]
            for ct in ContentType.objects.filter(model__in=["rulingrecord", "loginfailure"])
        ),
    }


if __name__ == "__main__":
    phase = sys.argv[1]
    if phase == "old":
        fill_old()
        print(json.dumps({"dump": dump()}, ensure_ascii=False))
    elif phase == "new":
        call_command("migrate", verbosity=0, interactive=False)
        before_writes = dump()
        print(json.dumps({"dump": before_writes, "check": check_new()}, ensure_ascii=False))
    else:
        raise SystemExit(f"unknown phase {phase!r}")
