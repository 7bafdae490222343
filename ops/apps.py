"""Running the site (issue 26 item 5): /healthz and the missing-database guard (health), and the backups of the
whole database with their commands `backup`, `restore` and `clean_db` (backups). It sits above the apps whose state
it reports or saves (search's index, clubs' log export); only config/ (settings, URLs) imports it."""

from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "ops"
