"""Run in a subprocess by test_history.py against a scratch database named by DATABASE_URL (SQLite or PostgreSQL):
the history's triggers through the migrations — installed at the head, gone when clubs 0007 is unapplied, back
when it is applied again — and a flush and a club's erasure still work. Prints what it saw as JSON."""

import json
import sys

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import IntegrityError, connection, transaction  # noqa: E402


def refused(action) -> bool:
    try:
        with transaction.atomic():
            action()
    except IntegrityError:
        return True
    return False


def main() -> dict:
    from django.contrib.auth import get_user_model

    from clubs import history, services
    from clubs.models import Role, RulingRevision

    seen: dict[str, object] = {}
    call_command("migrate", verbosity=0, interactive=False)
    seen["installed_at_head"] = history.installed(connection)
    club = services.club_create(name="历史俱乐部")
    user = get_user_model().objects.create_user(username="hist", password="x" * 12)
    services.membership_set(club=club, user=user, role=Role.DIRECTOR)
    services.ruling_create(club=club, by=user, event="e", board=3, laws=["16A"])
    revisions = RulingRevision.objects.all()
    seen["update_refused"] = refused(lambda: revisions.update(changes={}))
    seen["delete_refused"] = refused(lambda: revisions.delete())
    seen["revisions"] = revisions.count()

    call_command("migrate", "clubs", "0006", verbosity=0, interactive=False)
    seen["installed_after_unapply"] = history.installed(connection)
    call_command("migrate", verbosity=0, interactive=False)
    seen["installed_after_reapply"] = history.installed(connection)
    seen["update_refused_again"] = refused(lambda: revisions.update(changes={}))

    history.club_log_erase([club])
    seen["after_erase"] = RulingRevision.objects.count()
    club2 = services.club_create(name="再来")
    services.membership_set(club=club2, user=user, role=Role.DIRECTOR)
    services.ruling_create(club=club2, by=user, event="e", board=4, laws=["16A"])
    call_command("flush", verbosity=0, interactive=False)  # what a TransactionTestCase does between tests
    seen["after_flush"] = RulingRevision.objects.count()
    seen["installed_after_flush"] = history.installed(connection)
    return seen


if __name__ == "__main__":
    print(json.dumps(main()))
    sys.exit(0)
