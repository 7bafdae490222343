"""Django's ``flush`` (what a TransactionTestCase runs between tests), with the ruling history's triggers
(clubs.history, security review L9) lifted while it empties every table and put back after.

SQLite's flush is a DELETE per table in no fixed order (a set's): the revisions may come before their records,
which the triggers refuse. Emptying the whole database is the one deletion that may take the history with it.
PostgreSQL's flush is a TRUNCATE, which the row triggers do not see; lifting them there changes nothing.
"""

from django.core.management.commands.flush import Command as FlushCommand
from django.db import DEFAULT_DB_ALIAS, connections

from clubs import history


class Command(FlushCommand):
    def handle(self, **options):
        connection = connections[options.get("database") or DEFAULT_DB_ALIAS]
        guarded = history.table_exists(connection) and history.installed(connection)
        if guarded:
            history.uninstall(connection)
        try:
            return super().handle(**options)
        finally:
            if guarded:
                history.install(connection)
