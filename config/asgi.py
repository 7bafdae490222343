"""ASGI entry point. Production settings unless DJANGO_SETTINGS_MODULE says otherwise: a server started without it
serves DEBUG off, with the secret and hosts from the environment (config.settings.prod refuses to start without them).
manage.py keeps the development settings for the developer's commands."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.prod")
application = get_asgi_application()
