"""Build the offline "download all" bundle now, in each language, for each host the site answers to, and keep it on
disk (offline.bundle): `make serve` runs it before gunicorn starts, so no visitor waits for it. Safe to rerun: a
bundle already built for the pack's version is read, not built again."""

from django.conf import settings
from django.core.management.base import BaseCommand

from offline import bundle as bundles


def _hosts() -> list[str]:
    """The hosts a browser names (a bare name or address; not a wildcard or a leading-dot domain)."""
    hosts = [h for h in settings.ALLOWED_HOSTS if h and "*" not in h and not h.startswith(".")]
    return hosts or ["localhost"]


class Command(BaseCommand):
    help = "Build the offline bundle of every language for each allowed host, kept on disk for every worker."

    def handle(self, *args, **options):
        for host in _hosts():
            for language, _name in settings.LANGUAGES:
                built = bundles.bundle(language, host)
                self.stdout.write(
                    f"offline bundle {language} {host}: {built.count} pages, {len(built.gzipped)} bytes"
                )
