#!/usr/bin/env python
"""Django's command-line utility. Development settings by default (the developer's commands: runserver, tests,
load_demo); a server uses config.settings.prod: `DJANGO_SETTINGS_MODULE=config.settings.prod` (make serve sets it)."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
