"""The offline app: the installable tablet app (manifest, service worker, generated offline data)."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OfflineConfig(AppConfig):
    name = "offline"
    verbose_name = _("离线使用")
