"""The search app: the whoosh index over the law base and its receivers."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SearchConfig(AppConfig):
    name = "search"
    verbose_name = _("搜索")

    def ready(self):
        from laws.signals import corpus_imported
        from search.receivers import rebuild_on_import

        corpus_imported.connect(rebuild_on_import, dispatch_uid="search-rebuild-on-import")
