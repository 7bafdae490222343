"""The law base app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LawsConfig(AppConfig):
    name = "laws"
    verbose_name = _("规则")
