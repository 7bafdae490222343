"""`load_demo`: the demo club, its members and rulings (fixtures/demo/club.yaml); development only, safe to rerun.

A rerun adds what is missing: an existing account keeps its password (set when the account was made)."""

from decimal import Decimal
from pathlib import Path

import yaml
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from clubs import services
from clubs.models import Club, RulingRecord, Status

RECORD_KEYS = (
    "event",
    "date",
    "session",
    "board",
    "table",
    "called_by",
    "irregularity",
    "facts",
    "laws",
    "statement",
    "notes",
    "adjustment",
)


class Command(BaseCommand):
    help = (
        "Load the demo club, its members and rulings (fixtures/demo/club.yaml). "
        "Development only: refused under production settings (config.settings.prod), even with --force, and "
        "when DEBUG is off unless --force. Safe to rerun."
    )

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="load even when DEBUG is off")
        parser.add_argument("--file", default=str(settings.FIXTURES_DIR / "demo" / "club.yaml"))

    def handle(self, *args, force: bool = False, file: str, **options):
        if settings.IS_PRODUCTION:
            # Its accounts (a chief director among them) share a published password.
            raise CommandError(
                "load_demo refuses to run under production settings (config.settings.prod): the demo accounts "
                "have a published password. Use it on a development copy (make demo)."
            )
        if not settings.DEBUG and not force:
            raise CommandError(
                "load_demo is for development only (DEBUG is off); pass --force to load anyway."
            )
        data = yaml.safe_load(Path(file).read_text(encoding="utf-8"))
        try:
            with transaction.atomic():
                created = self._load(data)
        except services.RecordError as exc:
            raise CommandError(f"demo data: {exc.field}: {exc.message}") from exc
        self.stdout.write(f"demo club {data['club']!r}: {created} new rulings")

    def _load(self, data) -> int:
        User = get_user_model()
        club = Club.objects.filter(name=data["club"]).first() or services.club_create(name=data["club"])
        users = {}
        for entry in data["users"]:
            user, new = User.objects.get_or_create(username=entry["username"])
            user.first_name = entry.get("name", "")
            if new or not user.has_usable_password():
                # Hashing takes a good second per account, so a rerun (each `make run`) leaves the demo
                # accounts' passwords as they are.
                user.set_password(data["password"])
            user.save()
            services.membership_set(club=club, user=user, role=entry["role"])
            users[entry["username"]] = user
        chief = next(users[e["username"]] for e in data["users"] if e["role"] == "chief_director")
        created = 0
        for entry in data["rulings"]:
            # The demo's natural key: one ruling per event, date and board.
            if RulingRecord.objects.filter(
                club=club, event=entry["event"], date=entry["date"], board=entry["board"]
            ).exists():
                continue
            by = users[entry["by"]]
            status = entry.get("status", Status.DRAFT)
            record = services.ruling_create(
                club=club,
                by=by,
                director=by,
                status=Status.DRAFT if status == Status.DRAFT else Status.FINAL,
                **{key: entry[key] for key in RECORD_KEYS if key in entry},
            )
            if "appeal" in entry:
                appeal = entry["appeal"]
                services.appeal_lodge(
                    record=record,
                    by=by,
                    appellant=appeal["appellant"],
                    reason=appeal.get("reason", ""),
                    deposit=Decimal(appeal["deposit"]) if appeal.get("deposit") else None,
                )
            if status == Status.REVIEWED:
                services.ruling_sign_off(record=record, by=chief)
            created += 1
        return created
