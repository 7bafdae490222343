"""The trainee practice app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PracticeConfig(AppConfig):
    name = "practice"
    verbose_name = _("练习")

    def ready(self):
        from practice import signals  # noqa: F401
