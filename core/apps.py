"""The shared edge every app uses (issue 26 item 5): one error vocabulary for pages and the API (errors, the DRF
exception handler in api), the OpenAPI pieces, the page's language and the labels a page names a field by. It
imports bridge only; the apps import it; config/ (settings, URLs) sits on top of all of them."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
